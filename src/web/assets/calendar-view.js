import { calendarZone } from './dates.js'

/**
 * The calendar: FullCalendar's month, week and list views (its standalone build, loaded before this module as
 * the global `FullCalendar`), in the site zone, editable: a drag moves an event, a resize changes its end, a
 * click on a day asks for a new event. It opens on `today`, and "today" is that day: the server's.
 * @param {HTMLElement} element
 * @param {string} zone the site zone as the interface names it
 * @param {string | undefined} today the server's today in the site zone, `YYYY-MM-DD` (the browser's without one)
 * @param {{ source: Function, open: (event: any) => void, create: (date: string, allDay: boolean) => void,
 *   moved: (info: any) => void, failed: (error: Error) => void }} handlers
 */
export function calendarView(element, zone, today, handlers) {
  const calendar = new FullCalendar.Calendar(element, {
    timeZone: calendarZone(zone),
    ...(today ? { initialDate: today, now: today } : {}),
    initialView: 'dayGridMonth',
    headerToolbar: { start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,listMonth' },
    events: handlers.source,
    editable: true,
    eventDisplay: 'block',
    eventClass: 'event',
    // The event's ID on its element: for people's tools (and tests) to find an event by what the interface calls it.
    eventDidMount: (/** @type {any} */ info) => {
      info.el.dataset.eventId = info.event.id
    },
    eventClick: (/** @type {any} */ info) => {
      info.jsEvent.preventDefault()
      handlers.open(info.event)
    },
    // A day of the month view asks for an event at a time of that day; the week view's all-day row for a whole day.
    dateClick: (/** @type {any} */ info) =>
      handlers.create(info.dateStr, info.allDay && info.view.type !== 'dayGridMonth'),
    eventDrop: handlers.moved,
    eventResize: handlers.moved,
    eventSourceFailure: handlers.failed,
  })
  calendar.render()
  return {
    /** Draws the events again from the interface. */
    refetch: () => calendar.refetchEvents(),
    /** Takes the calendar off the page. */
    destroy: () => calendar.destroy(),
    /** Moves the calendar to the site zone `zone` (a hand edit of `settings.timezone`). @param {string} next */
    setZone(next) {
      if (calendar.getOption('timeZone') !== calendarZone(next)) calendar.setOption('timeZone', calendarZone(next))
    },
    /** An event's dates as the calendar writes them, in its zone. @param {any} event */
    when(event) {
      const format = event.allDay
        ? { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' }
        : { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long', hour: 'numeric', minute: '2-digit' }
      const end = event.allDay && event.end ? new Date(event.end.getTime() - 1) : event.end
      return `${calendar.formatRange(event.start, end ?? event.start, format)} (${calendar.getOption('timeZone')})`
    },
  }
}
