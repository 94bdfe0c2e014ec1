import { listAll } from './api.js'
import { categoryColor } from './colors.js'
import { addDays, utcInstant } from './dates.js'
import { plainText } from './text.js'

/**
 * FullCalendar's event source: the events of the visible range through the event list route, as any client
 * asks for them: `start_date` and `end_date` the first and last visible days (read in the site zone, the
 * calendar's zone too), the filters' parameters, every page.
 * @param {() => Record<string, string>} filters the list parameters the filters set
 */
export function eventSource(filters) {
  return async (/** @type {{ startStr: string, endStr: string }} */ range) => {
    const events = await listAll('events', {
      start_date: range.startStr.slice(0, 10),
      end_date: addDays(range.endStr.slice(0, 10), -1),
      ...filters(),
    })
    return events.map(calendarEvent)
  }
}

/**
 * An event of the interface (CONTRACT §2.1) as FullCalendar draws it: timed events at their UTC instants, which
 * FullCalendar shows in the site zone; all-day ones on their days (FullCalendar's end is exclusive). The record
 * rides along for the details.
 * @param {any} event
 */
function calendarEvent(event) {
  const allDay = Boolean(event.all_day)
  return {
    id: String(event.id),
    title: plainText(event.title),
    allDay,
    start: allDay ? event.start_date.slice(0, 10) : utcInstant(event.utc_start_date),
    end: allDay ? addDays(event.end_date.slice(0, 10), 1) : utcInstant(event.utc_end_date),
    color: categoryColor(event.categories[0]),
    contrastColor: '#fff',
    extendedProps: { record: event },
  }
}
