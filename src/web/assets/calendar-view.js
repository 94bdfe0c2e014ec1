import { offsetDiffers } from './dates.js'
import { element } from './text.js'

/**
 * The calendar: FullCalendar's month, week and list views (its standalone build, loaded before this module as
 * the global `FullCalendar`), editable: a drag moves an event, a resize changes its end, a click on a day asks for a
 * new event. It opens on `today`, and "today" is that day: the server's.
 *
 * Each event is drawn at its own wall time, as TEC's month and list views draw it in their default time zone mode
 * ("use manual time zones for each event"): an event at 08:00 in Paris shows at 8:00 on a New York site. FullCalendar
 * runs in UTC and takes each event's wall times as UTC (events.js, dates.js), so no offset or daylight-saving change
 * moves them. A timed event at another offset from UTC than the site zone's at that moment has its zone's
 * abbreviation (`timezone_abbr`) after its time (`offsetDiffers`): a Detroit event on a New York site shows the
 * time a person there reads, unlabelled; the details panel names every timed event's zone. TEC prints none by
 * default, and every event's with "Show time zone" (`tribe_events_timezones_show_zone`).
 * @param {HTMLElement} container
 * @param {string} zone the site zone as the interface names it
 * @param {string | undefined} today the server's today in the site zone, `YYYY-MM-DD` (UTC's without one)
 * @param {{ source: Function, open: (event: any) => void, create: (date: string, allDay: boolean) => void,
 *   moved: (info: any) => void, failed: (error: Error) => void }} handlers
 */
export function calendarView(container, zone, today, handlers) {
  const calendar = new FullCalendar.Calendar(container, {
    timeZone: 'UTC',
    ...(today ? { initialDate: today, now: today } : {}),
    initialView: 'dayGridMonth',
    headerToolbar: { start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,listMonth' },
    events: handlers.source,
    editable: true,
    eventDisplay: 'block',
    eventClass: 'event',
    eventContent: contentIn(zone),
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
    /** Takes `next` as the site zone (a hand edit of `settings.timezone`): the events not in it show their zone. @param {string} next */
    setZone(next) {
      if (next !== zone) calendar.setOption('eventContent', contentIn(next))
      zone = next
    },
    /**
     * An event's dates as the calendar shows them, at its own wall times, then its zone: `timezone_abbr`, and
     * `timezone` when that is not the same text. An all-day event's are days, without a zone, as TEC hides the zone
     * of all-day events (`tribe_events_hide_timezone_for_all_day_events`).
     * @param {any} event
     */
    when(event) {
      const format = event.allDay
        ? { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' }
        : { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long', hour: 'numeric', minute: '2-digit' }
      const end = event.allDay && event.end ? new Date(event.end.getTime() - 1) : event.end
      const dates = calendar.formatRange(event.start, end ?? event.start, format)
      if (event.allDay) return dates
      const { timezone, timezone_abbr: abbr } = event.extendedProps.record
      return timezone === abbr ? `${dates} ${abbr}` : `${dates} ${abbr} (${timezone})`
    },
  }
}

/**
 * FullCalendar's content of an event (`eventContent`) on a site in `zone`: its time and title, as FullCalendar's own
 * content has them, the time of a timed event at another offset followed by the zone's abbreviation (the start's
 * offset on the day it starts, the end's on the day it ends). A timed event's
 * day that neither starts nor ends it shows "all-day" in the list view, and takes no abbreviation. Always made here,
 * never left to FullCalendar (`true`): an event it has drawn with these nodes keeps them when told to draw its own.
 * @param {string} zone the site zone
 */
function contentIn(zone) {
  return (/** @type {any} */ info) => {
    const { event, timeText } = info
    const record = event.extendedProps.record
    const marked =
      timeText &&
      !event.allDay &&
      (info.isStart || info.isEnd) &&
      record.timezone !== zone &&
      offsetDiffers(record, zone, info.isStart ? 'start' : 'end')
    const time = marked ? `${timeText} ${record.timezone_abbr}` : timeText
    return {
      domNodes: [
        ...(time ? [element('div', { class: info.timeClass }, [time])] : []),
        element('div', { class: info.titleClass }, [event.title || '\u00a0']),
      ],
    }
  }
}
