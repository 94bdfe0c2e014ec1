import type { EventRecord } from '../model/records.js'
import type { CalendarState } from '../model/state.js'
import type { IndexEntry } from './entry.js'

export { type EventTimes, eventTimes } from './event-times.js'
export type { ListSlice } from './list-slice.js'

/** Number of `publish` events carrying a term (CONTRACT §2.4 `count`). */
export function termCount(state: CalendarState, termId: number): number {
  return state.termCounts.get(termId)
}

/** True when an event linked to the venue or organizer passes `test`, without listing them (CONTRACT §4.3). */
export function someLinkedEvent(
  state: CalendarState,
  kind: 'venue' | 'organizer',
  id: number,
  test: (event: EventRecord) => boolean,
): boolean {
  return linkedEntries(state, kind, id).some((entry) => test(entry.event))
}

function linkedEntries(state: CalendarState, kind: 'venue' | 'organizer', id: number): readonly IndexEntry[] {
  return state.eventIndex.relation(kind === 'venue' ? 'venues' : 'organizers').get(id)
}
