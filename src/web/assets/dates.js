/** Dates between the interface (docs/responses.md#event, docs/writes.md) and FullCalendar. */

/** `2026-11-25 13:30:00` (a `utc_*` date) → `2026-11-25T13:30:00Z`. @param {string} utc */
export function utcInstant(utc) {
  return `${utc.replace(' ', 'T')}Z`
}

/** `YYYY-MM-DD` moved by whole days, on the calendar alone (no zone, no DST). @param {string} day @param {number} days */
export function addDays(day, days) {
  const [year, month, date] = day.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10)
}

/**
 * The site zone as FullCalendar takes it: an IANA name or `UTC` as it is, TEC's fixed offsets (`UTC+5:30`,
 * `UTC-5`) as ISO offsets (`+05:30`, `-05:00`), which FullCalendar's Temporal accepts as zones.
 * @param {string} zone
 */
export function calendarZone(zone) {
  const offset = /^UTC([+-])(\d{1,2})(?::?(\d{2}))?$/u.exec(zone)
  if (!offset) return zone
  const [, sign, hours, minutes = '00'] = offset
  return `${sign}${hours.padStart(2, '0')}:${minutes}`
}

/**
 * The dates of a FullCalendar event as an update or create body: an all-day event as days (`all_day` keeps
 * them whole: docs/writes.md), a timed one as instants with their offset, which the interface reads in the
 * event's own zone whatever the site's is. FullCalendar's all-day end is exclusive, the interface's inclusive.
 * @param {{ allDay: boolean, startStr: string, endStr: string, start: Date | null, end: Date | null }} event
 */
export function bodyDates(event) {
  if (event.allDay) {
    const start = event.startStr.slice(0, 10)
    const end = event.endStr ? addDays(event.endStr.slice(0, 10), -1) : start
    return { all_day: true, start_date: start, end_date: end }
  }
  // An all-day event dropped on a time slot comes without an end: an hour, as FullCalendar draws it.
  const end = event.endStr || new Date((event.start?.getTime() ?? 0) + 3_600_000).toISOString()
  return { all_day: false, start_date: event.startStr, end_date: end }
}
