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

/**
 * Whether an event's wall time and its instant put it at another offset from UTC than the site zone has at that
 * instant: the calendar then labels its time with the event's zone (calendar-view.js). An event in `America/Detroit`
 * on a New York site is not labelled; one in Chicago is, and one whose zone leaves or enters daylight saving on
 * another day than the site's is labelled on the days between. `which`: the event's start or its end.
 * @param {{ start_date: string, utc_start_date: string, end_date: string, utc_end_date: string, timezone: string }} record
 * @param {string} zone the site zone as the interface names it: an IANA zone, `UTC`, or a fixed offset (`UTC+5:30`)
 * @param {'start' | 'end'} which
 */
export function offsetDiffers(record, zone, which) {
  const wall = which === 'start' ? record.start_date : record.end_date
  const utc = which === 'start' ? record.utc_start_date : record.utc_end_date
  const instant = Date.parse(`${calendarWallTime(utc)}Z`)
  const site = zoneOffsetAt(zone, instant)
  // A zone this browser cannot read: labelled as the name says.
  if (site === undefined || Number.isNaN(instant)) return record.timezone !== zone
  return (Date.parse(`${calendarWallTime(wall)}Z`) - instant) / 60_000 !== site
}

/** `UTC+5:30`, `UTC-5`, `UTC+0`: TEC's fixed offsets (docs/responses.md#event), and `Intl`'s `UTC-05:00`. */
const FIXED_OFFSET = /^UTC([+-])(\d{1,2})(?::(\d{2}))?$/u

/** A fixed offset (`FIXED_OFFSET`, or `UTC` alone) in minutes east of UTC; undefined for any other text. @param {string} text */
function fixedOffset(text) {
  if (text === 'UTC') return 0
  const parts = FIXED_OFFSET.exec(text)
  return parts ? (parts[1] === '-' ? -1 : 1) * (Number(parts[2]) * 60 + Number(parts[3] ?? 0)) : undefined
}

/** @type {Map<string, Intl.DateTimeFormat | null>} one formatter a zone: making one costs far more than using it */
const offsetFormats = new Map()

/**
 * The offset from UTC of `zone` at `instant` (ms since 1970), in minutes east of UTC; undefined for a zone the
 * browser's `Intl` does not know.
 * @param {string} zone @param {number} instant
 */
function zoneOffsetAt(zone, instant) {
  const fixed = fixedOffset(zone)
  if (fixed !== undefined) return fixed
  if (!offsetFormats.has(zone)) {
    try {
      offsetFormats.set(zone, new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }))
    } catch {
      offsetFormats.set(zone, null)
    }
  }
  const format = offsetFormats.get(zone)
  if (!format || Number.isNaN(instant)) return undefined
  // `GMT`, `GMT-05:00`, `GMT+05:45`: a fixed offset once named as TEC names them.
  const name = format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? ''
  return fixedOffset(name.replace(/^GMT/u, 'UTC'))
}
