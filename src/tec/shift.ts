import { addToWall, wallToInstant } from '../core/dates/zoned.js'
import type { EventRecord } from '../core/model/records.js'
import type { CalendarState } from '../core/model/state.js'

const WEEK = 7 * 24 * 60 * 60 * 1000

function movedStart(event: EventRecord, weeks: number): number {
  return wallToInstant(addToWall(event.start_date, 7 * weeks, 'day'), event.timezone)
}

/** The earliest start (epoch ms) once every event is moved by `weeks`. */
function earliestAfter(events: EventRecord[], weeks: number): number {
  // A loop, not Math.min(...): spreading a large calendar would overflow the call stack.
  let earliest = Number.POSITIVE_INFINITY
  for (const event of events) earliest = Math.min(earliest, movedStart(event, weeks))
  return earliest
}

/**
 * The whole number of weeks that puts the earliest start on or after `from`. Starting from the plain division,
 * it steps a week at a time because a wall moved by whole weeks can gain or lose a DST hour, and which event is
 * earliest can then change.
 */
function weeksToReach(events: EventRecord[], from: number): number {
  const earliest = earliestAfter(events, 0)
  let weeks = Math.ceil((from - earliest) / WEEK)
  while (earliestAfter(events, weeks) < from) weeks++
  while (earliestAfter(events, weeks - 1) >= from) weeks--
  return weeks
}

/**
 * Moves every event by the same whole number of weeks so that the earliest start (compared as UTC instants,
 * docs/lists.md#event-list-dates) falls on or after `day` 00:00:00 in the site time zone and less than 7 days after
 * it (for `calfile init --shift-to`, docs/cli.md). Weekdays, times of day and durations stay as they were:
 * `start_date` and `end_date` move as wall times in each event's own time zone. Records are replaced, never mutated.
 * Only when a DST change sits between the old and the new dates can the earliest start land up to an hour past the 7
 * days.
 *
 * @param day `YYYY-MM-DD`, site time zone.
 * @param only the IDs of the events to move (default all): `calfile init` moves each capture on its own.
 * @returns the weeks moved: negative moves back, 0 when already in place or when there are no events.
 * @throws RangeError when `day` is not a date, or a moved date would leave the years 0000–9999 (nothing moved).
 */
export function shiftToDate(state: CalendarState, day: string, only?: ReadonlySet<number>): number {
  const events = [...state.events.values()].filter((event) => only === undefined || only.has(event.id))
  const from = wallToInstant(`${day} 00:00:00`, state.siteTimezone)
  if (events.length === 0) return 0
  const weeks = weeksToReach(events, from)
  if (weeks === 0) return 0
  const days = 7 * weeks
  // Every record is built before any is stored, so a date out of range leaves the state as it was.
  const moved = events.map((event) => ({
    ...event,
    start_date: addToWall(event.start_date, days, 'day'),
    end_date: addToWall(event.end_date, days, 'day'),
  }))
  for (const event of moved) state.events.put(event)
  return weeks
}
