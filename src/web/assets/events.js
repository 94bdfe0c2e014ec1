import { listAll } from './api.js'
import { categoryColor } from './colors.js'
import { addDays, calendarWallTime } from './dates.js'
import { plainText } from './text.js'

/**
 * FullCalendar's event source: the events of the visible range through the event list route, as any client
 * asks for them, with the filters' parameters, every page. The range's days are days of the wall calendar the page
 * draws, and the interface compares them with each event's own wall times (docs/lists.md#how-a-bound-is-read). The
 * extended revision of the interface is asked for every event that overlaps the range, in whole days
 * (docs/lists.md#event-list-dates: `ends_after` the day before the first, `starts_before` the last, each to its
 * 23:59:59), so that an event that began before the first visible day, or ends after the last, is drawn too. Whole
 * days, not `strict_dates`: TEC reads a strict date in UTC, which would move the range by the site's offset. The
 * earlier revision takes `start_date` and `end_date`, the first and last visible days.
 * @param {() => Record<string, string>} filters the list parameters the filters set
 * @param {() => string} revision the interface's revision, `extended` or `earlier` (the change stream's `hello`)
 */
export function eventSource(filters, revision) {
  return async (/** @type {{ startStr: string, endStr: string }} */ range) => {
    const first = range.startStr.slice(0, 10)
    const after = range.endStr.slice(0, 10)
    const window =
      revision() === 'extended'
        ? { ends_after: addDays(first, -1), starts_before: addDays(after, -1) }
        : { start_date: first, end_date: addDays(after, -1) }
    const events = await listAll('events', { ...window, ...filters() })
    return events.map(calendarEvent)
  }
}

/**
 * An event of the interface (docs/responses.md#event) as FullCalendar draws it: timed events at their own wall times
 * (`start_date`, `end_date`, in the event's zone; dates.js), as TEC's calendar views show them; all-day ones on their
 * days (FullCalendar's end is exclusive). The record rides along for the zone's abbreviation and the details.
 * @param {any} event
 */
function calendarEvent(event) {
  const allDay = Boolean(event.all_day)
  return {
    id: String(event.id),
    title: plainText(event.title),
    allDay,
    start: allDay ? event.start_date.slice(0, 10) : calendarWallTime(event.start_date),
    end: allDay ? addDays(event.end_date.slice(0, 10), 1) : calendarWallTime(event.end_date),
    color: categoryColor(event.categories[0]),
    contrastColor: '#fff',
    extendedProps: { record: event },
  }
}
