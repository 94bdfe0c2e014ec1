import { CalendarError } from '../errors.js'
import type { EventRecord, Status, Taxonomy } from '../records.js'
import type { CalendarState } from '../state.js'

/**
 * Moves a post to the trash (CONTRACT §5): a new record with status `trash` and `modified` now; links to it are
 * kept, only hidden.
 *
 * @throws CalendarError 410 `<kind>-is-in-trash` when it is already there.
 */
export function trashed<T extends { id: number; status: Status; modified: string }>(
  record: T,
  kind: string,
  now: string,
): T {
  if (record.status === 'trash') {
    throw new CalendarError(`${kind}-is-in-trash`, 410, `The ${kind} is already in the trash.`, { id: record.id })
  }
  return { ...record, status: 'trash', modified: now }
}

/**
 * Removes every reference to a post that is deleted for good, so the data file keeps no dangling reference
 * (CONTRACT §1): events lose the venue or organizer, children of an event lose their parent.
 */
export function forgetPost(state: CalendarState, kind: 'event' | 'venue' | 'organizer', id: number): void {
  rewriteEvents(state, (event) => {
    if (kind === 'venue' && event.venue === id) return { ...event, venue: null }
    if (kind === 'organizer' && event.organizer.includes(id))
      return { ...event, organizer: event.organizer.filter((o) => o !== id) }
    if (kind === 'event' && event.post_parent === id) return { ...event, post_parent: 0 }
    return event
  })
}

/**
 * Removes a deleted term from every event and gives its children its parent (CONTRACT §5).
 */
export function forgetTerm(state: CalendarState, taxonomy: Taxonomy, id: number, parent: number): void {
  const key = taxonomy === 'category' ? 'categories' : 'tags'
  rewriteEvents(state, (event) =>
    event[key].includes(id) ? { ...event, [key]: event[key].filter((t) => t !== id) } : event,
  )
  if (taxonomy !== 'category') return
  for (const child of [...state.categories.values()])
    if (child.parent === id) state.categories.put({ ...child, parent })
}

function rewriteEvents(state: CalendarState, rewrite: (event: EventRecord) => EventRecord): void {
  for (const event of [...state.events.values()]) {
    const next = rewrite(event)
    if (next !== event) state.events.put(next)
  }
}
