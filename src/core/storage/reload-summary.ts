import { COLLECTIONS } from '../model/kinds.js'
import type { CalendarState } from '../model/state.js'

/** `212 events (+1), 14 venues, 3 organizers, 9 categories, 0 tags`: what a reload changed, for the log. */
export function describeReload(before: CalendarState, after: CalendarState): string {
  return COLLECTIONS.map((collection) => {
    const delta = after[collection].size - before[collection].size
    return `${after[collection].size} ${collection}${delta === 0 ? '' : ` (${delta > 0 ? '+' : ''}${delta})`}`
  }).join(', ')
}
