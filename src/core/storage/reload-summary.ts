import type { CalendarState } from '../model/state.js'

const KINDS = ['events', 'venues', 'organizers', 'categories', 'tags'] as const

/** `212 events (+1), 14 venues, 3 organizers, 9 categories, 0 tags`: what a reload changed, for the log. */
export function describeReload(before: CalendarState, after: CalendarState): string {
  return KINDS.map((kind) => {
    const delta = after[kind].size - before[kind].size
    return `${after[kind].size} ${kind}${delta === 0 ? '' : ` (${delta > 0 ? '+' : ''}${delta})`}`
  }).join(', ')
}
