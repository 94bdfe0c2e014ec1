import { formatInTimeZone } from 'date-fns-tz'
import { addToWall, instantToWall, wallTimeMs, wallToInstant } from '../../../core/dates/zoned.js'
import type { EventRecord } from '../../../core/model/records.js'

/**
 * How many days an event spans as TEC's event model counts them (`Tribe\Events\Models\Post_Types\Event`
 * `multiday`), or false for an event within one day: an all-day event spans whole days; another is multi-day once it
 * ends after its start day's end (the cut-off, 23:59:59 with TEC's default `multiDayCutoff` of 00:00) or on another
 * date, and counts one day more for each cut-off before its end.
 *
 * @example
 * multiday({ start_date: '2026-12-05 09:00:00', end_date: '2026-12-06 17:00:00', all_day: false }) // 2
 */
export function multiday(event: Pick<EventRecord, 'start_date' | 'end_date' | 'all_day'>): number | false {
  if (event.all_day) {
    // Whole days from the start to a second past the end.
    const days = Math.floor((wallTimeMs(event.end_date) + 1000 - wallTimeMs(event.start_date)) / DAY_MS)
    return days > 1 ? days : false
  }
  const startDay = event.start_date.slice(0, 10)
  if (event.end_date.slice(0, 10) === startDay) return false
  // One for the start day, one for each cut-off from the start day's on that falls before the end.
  let days = 1
  for (let at = `${startDay} 23:59:59`; at < event.end_date; at = addToWall(at, 1, 'day')) days++
  return days
}

const DAY_MS = 86_400_000

/** WordPress's default `date_format` and `time_format` (`F j, Y`, `g:i a`), as TEC formats its dates with them. */
const WITH_YEAR = 'MMMM d, yyyy'
const WITHOUT_YEAR = 'MMMM d'
const TIME = 'h:mm aaa'
/** TEC's `tec_events_get_date_time_separator()` and `tec_events_get_time_range_separator()` defaults. */
const DATE_TIME_SEPARATOR = ' @ '
const TIME_RANGE_SEPARATOR = ' - '

/** A wall time formatted with a date-fns pattern, read as written (no zone applies to a wall time). */
function formatWall(wall: string, pattern: string): string {
  const text = formatInTimeZone(wallToInstant(wall, 'UTC'), 'UTC', pattern)
  // date-fns has no "hour without a leading zero, 12-hour clock" token that PHP's `g` is: drop the zero of `h`.
  return pattern === TIME ? text.replace(/^0/u, '') : text
}

/**
 * The event's schedule as TEC shows it (`tribe_events_event_schedule_details()` with `$html`): the start date
 * (without its year when both dates fall in the current year of the site, `now` in `zone`) and time, then the end
 * time, or the end date and time for a multi-day event; an all-day event shows its dates alone.
 *
 * @example
 * scheduleDetails(event, Date.UTC(2026, 10, 27), 'America/New_York')
 * // '<span class="tribe-event-date-start">December 1 @ 10:00 am</span> - <span class="tribe-event-time">12:00 pm</span>'
 */
export function scheduleDetails(event: EventRecord, now: number, zone: string): string {
  const year = instantToWall(now, zone).slice(0, 4)
  const sameYear = event.start_date.startsWith(year) && event.end_date.startsWith(year)
  const format = sameYear ? WITHOUT_YEAR : WITH_YEAR
  const start = '<span class="tribe-event-date-start">'
  if (multiday(event) !== false) {
    const end = '</span> - <span class="tribe-event-date-end">'
    if (event.all_day) {
      // An end at midnight or before the end day's start belongs to the day before (`tribe_beginning_of_day()`).
      const endDay = event.end_date.slice(11) === '00:00:00' ? addToWall(event.end_date, -1, 'day') : event.end_date
      return `${start}${formatWall(event.start_date, format)}${end}${formatWall(endDay, format)}</span>`
    }
    return `${start}${dateAndTime(event.start_date, format)}${end}${dateAndTime(event.end_date, format)}</span>`
  }
  if (event.all_day) return `${start}${formatWall(event.start_date, format)}</span>`
  const startTime = `${start}${dateAndTime(event.start_date, format)}`
  if (formatWall(event.start_date, TIME) === formatWall(event.end_date, TIME)) return `${startTime}</span>`
  return `${startTime}</span>${TIME_RANGE_SEPARATOR}<span class="tribe-event-time">${formatWall(event.end_date, TIME)}</span>`
}

/**
 * The short schedule (`tribe_events_event_short_schedule_details()`): a multi-day event's full schedule, "All day",
 * or the times alone.
 *
 * @example
 * shortScheduleDetails(event, now, zone) // '<span class="tribe-event-date-start">10:00 am</span> - <span class="tribe-event-time">12:00 pm</span>'
 */
export function shortScheduleDetails(event: EventRecord, now: number, zone: string): string {
  if (multiday(event) !== false) return scheduleDetails(event, now, zone)
  if (event.all_day) return 'All day'
  const start = `<span class="tribe-event-date-start">${formatWall(event.start_date, TIME)}`
  if (formatWall(event.start_date, TIME) === formatWall(event.end_date, TIME)) return `${start}</span>`
  return `${start}</span>${TIME_RANGE_SEPARATOR}<span class="tribe-event-time">${formatWall(event.end_date, TIME)}</span>`
}

function dateAndTime(wall: string, format: string): string {
  return `${formatWall(wall, format)}${DATE_TIME_SEPARATOR}${formatWall(wall, TIME)}`
}
