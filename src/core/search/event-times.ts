import { wallToInstant } from '../dates/zoned.js'
import type { EventRecord } from '../model/records.js'

/** An event's start and end as instants (epoch ms). */
export interface EventTimes {
  start: number
  end: number
}

const timesCache = new WeakMap<EventRecord, EventTimes>()

/** The UTC instants of an event's stored wall times (CONTRACT §1), computed once per record object. */
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
