import { wallToInstant } from '../dates/zoned.js'
import { COLLECTION_OF, type LinkedPostKind } from '../model/kinds.js'
import type { EventRecord } from '../model/records.js'
import type { CalendarState } from '../model/state.js'
import type { IndexEntry } from './entry.js'

/** An event's start and end as instants (epoch ms). */
export interface EventTimes {
  start: number
  end: number
}

const timesCache = new WeakMap<EventRecord, EventTimes>()

/** The UTC instants of an event's stored wall times (docs/data-file.md), computed once per record object. */
export function eventTimes(event: EventRecord): EventTimes {
  let times = timesCache.get(event)
  if (!times) {
    times = {
      start: wallToInstant(event.start_date, event.timezone),
      end: wallToInstant(event.end_date, event.timezone),
    }
    timesCache.set(event, times)
  }
  return times
}

/** Number of `publish` events carrying a term (docs/responses.md#categories-and-tags `count`). */
export function termCount(state: CalendarState, termId: number): number {
  return state.termCounts.get(termId)
}

/**
 * True when an event linked to the venue or organizer passes `test`, without listing them
 * (docs/lists.md#venue-and-organizer-lists).
 */
export function someLinkedEvent(
  state: CalendarState,
  kind: LinkedPostKind,
  id: number,
  test: (event: EventRecord) => boolean,
): boolean {
  return linkedEntries(state, kind, id).some((entry) => test(entry.event))
}

function linkedEntries(state: CalendarState, kind: LinkedPostKind, id: number): readonly IndexEntry[] {
  return state.eventIndex.relation(COLLECTION_OF[kind]).get(id)
}
