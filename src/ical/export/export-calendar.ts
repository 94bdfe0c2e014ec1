import ICAL from 'ical.js'
import ical, { ICalCalendarMethod } from 'ical-generator'
import type { Calendar } from '../../core/calendar.js'
import type { CalendarState } from '../../core/model/state.js'
import type { EventRef } from '../../core/resources/events/events.js'
import type { View } from '../../core/resources/view.js'
import { type FeedEvent, hostName, vevent } from './export-vevent.js'
import { vtimezone, zoneYears } from './export-zones.js'

/**
 * iCalendar export, as TEC's own (its iCal class): the feed of an event list query or of one event, read through
 * the same calls as the REST routes, and written as one VCALENDAR: its properties, its VTIMEZONEs, its VEVENTs.
 */

/** Options of `toICalendar` and `eventToICalendar`. */
export interface ICalendarOptions {
  /**
   * Who asks and where from: what they may see, and the URLs. Default: the library's view (open mode, URLs from
   * the settings).
   */
  view?: View
  /** The calendar's name: X-WR-CALNAME, PRODID, X-WR-CALDESC. Default: the site URL's host name. */
  name?: string
  /** How often subscribers should refresh (REFRESH-INTERVAL, X-PUBLISHED-TTL), in seconds. Default 3600, TEC's. */
  refreshSeconds?: number
}

/**
 * What the export reads of a calendar: its public event reads, its settings and site zone, its default view. A
 * `Calendar` is one, and so is anything that forwards these.
 */
export type FeedCalendar = Pick<Calendar, 'events' | 'state' | 'defaultView'>

/** What a feed says of itself, besides its events. */
export interface FeedHead {
  name: string
  /** `<site_url>`, no trailing slash: X-ORIGINAL-URL, and the host of every UID. */
  siteUrl: string
  /** The site time zone (IANA, or a TEC fixed offset): X-WR-TIMEZONE. */
  siteZone: string
  refreshSeconds: number
}

/** A feed before it is written: the REST JSON of its events, which its ETag is computed from, and its head. */
export interface FeedSource {
  /** UTF-8 JSON as the interface sends it: the list pages in order, or the one event. */
  json: Buffer[]
  /** The events of `json`, in its order. */
  events(): FeedEvent[]
  head: FeedHead
}

function feedHead(calendar: FeedCalendar, view: View, options: ICalendarOptions): FeedHead {
  return {
    name: options.name ?? hostName(view.siteUrl),
    siteUrl: view.siteUrl,
    siteZone: calendar.state.siteTimezone,
    refreshSeconds: options.refreshSeconds ?? 3600,
  }
}

/**
 * The events of an event list query (see `feedQuery`), every page of it, through `calendar.events.listJson` with
 * the view given: what the list shows that viewer, the same JSON.
 * @throws CalendarError as `calendar.events.list`: 400 `rest_invalid_param` for a bad parameter, 401 for a wrong token.
 */
export function listFeed(
  calendar: FeedCalendar,
  query: Record<string, unknown> = {},
  options: ICalendarOptions = {},
): FeedSource {
  const view = options.view ?? calendar.defaultView()
  const perPage = calendar.state.settings.max_per_page
  const listed = feedQuery(query)
  const json: Buffer[] = []
  for (let page = 1, pages = 1; page <= pages; page++) {
    const got = calendar.events.listJson({ ...listed, page, per_page: perPage }, view)
    json.push(got.json)
    pages = Number(got.headers['X-TEC-TotalPages'])
  }
  const { state } = calendar
  const events = () =>
    json.flatMap((page) => (JSON.parse(page.toString()) as { events: FeedEvent[] }).events.map(storedTitles(state)))
  return { json, events, head: feedHead(calendar, view, options) }
}

/**
 * The event list query of a feed. A feed holds every event its query selects, not one page (TEC's own export stops
 * at 30), so `page` and `per_page` are dropped and the pages are walked; every other parameter means what it means
 * to `GET /events` (docs/lists.md#event-list-dates, docs/lists.md#other-event-filters), and is checked by the same
 * list call.
 */

/**
 * The parameters that set a list's date window (docs/lists.md#event-list-dates); `include` drops the window
 * altogether.
 */
const WINDOW_KEYS = ['start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after', 'include']

/**
 * A feed's list query: `status` defaults to `publish` (a feed is what the site publishes, whoever asks; an editor
 * may ask for more, as on the list), and without any date parameter the window is the events that have not ended
 * (`ends_after=now`, exact), as TEC's list view and its export show upcoming events: no end, unlike the list's
 * default of 24 months. The earlier revision of the interface has no `ends_after` (docs/http.md#revisions): there the
 * list's default window applies.
 */
function feedQuery(query: Record<string, unknown>): Record<string, unknown> {
  const { page: _page, per_page: _perPage, ...filters } = query
  const windowed = WINDOW_KEYS.some((key) => filters[key] !== undefined)
  return { status: 'publish', ...(windowed ? {} : { ends_after: 'now', strict_dates: 'true' }), ...filters }
}

/**
 * An event with its title and its organizers' names as stored, not as the API renders them: TEC's iCal export
 * writes `post_title` itself (`SUMMARY`, an organizer's `CN`), while its description is the rendered content.
 */
function storedTitles(state: CalendarState): (event: FeedEvent) => FeedEvent {
  return (event) => ({
    ...event,
    title: state.events.get(event.id)?.title ?? event.title,
    organizer: event.organizer.map((each) => ({
      ...each,
      organizer: (each.id === undefined ? undefined : state.organizers.get(each.id)?.organizer) ?? each.organizer,
    })),
  })
}

/**
 * One event, as `calendar.events.getJson` shows it to the view: a draft only to those who may read it, an event
 * hidden from listings too.
 * @throws CalendarError as `calendar.events.get`: 404 unknown, 403 trashed or not readable, 401 for a wrong token.
 */
export function eventFeed(calendar: FeedCalendar, ref: EventRef, options: ICalendarOptions = {}): FeedSource {
  const view = options.view ?? calendar.defaultView()
  const json = calendar.events.getJson(ref, view)
  return {
    json: [json],
    events: () => [storedTitles(calendar.state)(JSON.parse(json.toString()) as FeedEvent)],
    head: feedHead(calendar, view, options),
  }
}

/**
 * The iCalendar text (RFC 5545) of events, as TEC's export writes it (its iCal class): PRODID, CALSCALE, METHOD
 * PUBLISH, X-WR-CALNAME, X-ORIGINAL-URL, X-WR-CALDESC, X-WR-TIMEZONE, REFRESH-INTERVAL, one VTIMEZONE per zone the
 * times use (`vtimezone`), then one VEVENT per event (`vevent`), in order; the calendar's properties are
 * ical-generator's, written without events, the parts put together by `assembleCalendar`. The text depends on
 * nothing but the arguments and the runtime's zone data.
 */
export function renderFeed(events: FeedEvent[], head: FeedHead): string {
  const timed = events.filter((event) => !event.all_day)
  const years = zoneYears(
    timed.flatMap((event) => [
      { zone: event.timezone, wall: event.start_date },
      { zone: event.timezone, wall: event.end_date },
    ]),
  )
  const feed = ical({
    prodId: { company: head.name, product: 'calfile', language: 'EN' },
    scale: 'GREGORIAN',
    method: ICalCalendarMethod.PUBLISH,
    name: head.name,
    description: `Events for ${head.name}`,
    ttl: head.refreshSeconds,
    // X-WR-TIMEZONE as an x() property: with a zone of its own, ical-generator would write DTSTAMP, CREATED and
    // LAST-MODIFIED as wall times in it, which RFC 5545 §3.8.7 wants in UTC.
    x: [
      ['X-ORIGINAL-URL', head.siteUrl],
      ['X-WR-TIMEZONE', head.siteZone],
    ],
  })
  const vevents = events.map((event) => vevent(feed, event, head.siteUrl))
  feed.clear()
  const vtimezones = [...years].map(([zone, ranges]) => vtimezone(zone, ranges))
  return assembleCalendar(feed.toString(), [...vtimezones, ...vevents])
}

/**
 * One iCalendar object (RFC 5545 §3.4) from its parts: `calendarText`, the text ical-generator writes for the
 * calendar without events (its properties), and the components (VTIMEZONEs, then VEVENTs), put together with
 * ical.js's component model and written by its serializer. So the calendar's properties all come before its
 * components (`icalbody = calprops component`; ical-generator's own calendar text puts its `x()` properties after
 * the events, and Outlook ignores calendar properties that follow a component), and ical-generator's line folding,
 * which builds a TextEncoder per character, is left out. Content lines end with CRLF, the last one too, and are
 * folded at 75 octets counting the leading space of a continuation (RFC 5545 §3.1): ical.js folds at `foldLength`
 * octets and then adds that space, hence 74 while it writes.
 *
 * @throws Error (ical.js's ParserError) when `calendarText` is not iCalendar.
 */
function assembleCalendar(calendarText: string, components: ICAL.Component[]): string {
  const calendar = new ICAL.Component(ICAL.parse(calendarText))
  for (const component of components) calendar.addSubcomponent(component)
  const kept = ICAL.foldLength
  // Serializing is synchronous: no other caller of ical.js runs while the setting is changed.
  ICAL.foldLength = 74
  try {
    return ICAL.stringify(calendar.toJSON())
  } finally {
    ICAL.foldLength = kept
  }
}

/**
 * The complete iCalendar text of an event list query: every event it selects, on every page, as the viewer sees
 * them (see `listFeed`, `feedQuery`), with `calendar.events.list`'s parameters and meaning: by default every
 * published event that has not ended.
 *
 * @example
 * const text = toICalendar(calendar, { categories: 'music', start_date: '2026-07-01' })
 * @throws CalendarError as `calendar.events.list`.
 */
export function toICalendar(
  calendar: FeedCalendar,
  query: Record<string, unknown> = {},
  options: ICalendarOptions = {},
): string {
  const source = listFeed(calendar, query, options)
  return renderFeed(source.events(), source.head)
}

/**
 * The iCalendar text of one event, by ID or slug (TEC's single event export, `/event/<slug>/?ical=1`).
 *
 * @example
 * const text = eventToICalendar(calendar, { slug: 'jazz-night' })
 * @throws CalendarError as `calendar.events.get`.
 */
export function eventToICalendar(calendar: FeedCalendar, ref: EventRef, options: ICalendarOptions = {}): string {
  const source = eventFeed(calendar, ref, options)
  return renderFeed(source.events(), source.head)
}
