import { Events } from '../core/resources/events/events.js'
import { type ICalendarOptions, toICalendar } from './export/export-calendar.js'

declare module '../core/resources/events/events.js' {
  interface Events {
    /**
     * The complete iCalendar text (RFC 5545) of an event list query, as `GET /events/?ical=1` sends it: every
     * event the query selects, on every page; by default every published event that has not ended. Added by
     * calfile's package entry (`src/ical/events-method.ts`), so that core knows nothing of iCalendar.
     *
     * @example
     * const text = calendar.events.toICalendar({ categories: 'music' }, { name: 'Jazz in Boston' })
     * @throws CalendarError as `list`: 400 `rest_invalid_param` for a bad parameter.
     */
    toICalendar(query?: Record<string, unknown>, options?: ICalendarOptions): string
  }
}

Events.prototype.toICalendar = function toEventsICalendar(
  this: Events,
  query: Record<string, unknown> = {},
  options: ICalendarOptions = {},
): string {
  const core = this.calendar
  return toICalendar({ events: this, state: core.state, defaultView: () => core.defaultView() }, query, options)
}
