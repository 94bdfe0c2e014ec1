/**
 * Dates between the interface (docs/responses.md#event, docs/writes.md) and FullCalendar. The calendar draws wall
 * times: it runs in UTC and is given each event's own wall times as if they were UTC, so that a time it shows, and a
 * time a drag lands on, is the wall time in the event's zone (see calendar-view.js).
 */

/** `2026-11-25 13:30:00` (an event's `start_date` or `end_date`) → `2026-11-25T13:30:00`, FullCalendar's input. @param {string} wall */
export function calendarWallTime(wall) {
  return wall.replace(' ', 'T')
}

/** A date of the calendar (its UTC fields are a wall time) → `2026-11-25 13:30:00`. @param {Date} date */
function wallTime(date) {
  return date.toISOString().slice(0, 19).replace('T', ' ')
}

/** `YYYY-MM-DD` moved by whole days, on the calendar alone (no zone, no DST). @param {string} day @param {number} days */
export function addDays(day, days) {
  const [year, month, date] = day.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10)
}

/**
 * The dates of a FullCalendar event as an update body: an all-day event as days (`all_day` keeps them whole:
 * docs/writes.md), a timed one as the wall times it shows, without an offset, which the interface reads in the
 * event's zone (docs/writes.md#date-input; the update sends that zone too, writes.js): the event keeps its zone and
 * is where it was dropped, in that zone's time. FullCalendar's all-day end is exclusive, the interface's inclusive.
 * @param {{ allDay: boolean, startStr: string, endStr: string, start: Date | null, end: Date | null }} event
 */
export function bodyDates(event) {
  if (event.allDay) {
    const start = event.startStr.slice(0, 10)
    const end = event.endStr ? addDays(event.endStr.slice(0, 10), -1) : start
    return { all_day: true, start_date: start, end_date: end }
  }
  const start = event.start ?? new Date(0)
  // An all-day event dropped on a time slot comes without an end: an hour, as FullCalendar draws it.
  const end = event.end ?? new Date(start.getTime() + 3_600_000)
  return { all_day: false, start_date: wallTime(start), end_date: wallTime(end) }
}
