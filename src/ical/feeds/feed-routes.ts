import { type H3, type H3Event, HTTPResponse } from 'h3'
import type { Calendar } from '../../core/calendar.js'
import { CalendarError, noRoute } from '../../core/errors.js'
import { eventQuerySchema } from '../../core/resources/events/event-query.js'
import { type AppExtension, viewOf } from '../../http/app.js'
import { checkQuery } from '../../http/request/checked-input.js'
import { namesTag } from '../../http/request/conditional.js'
import { parseQuery } from '../../http/request/params.js'
import { errorResponse } from '../../http/respond.js'
import type { FeedSource, ICalendarOptions } from '../export/export-calendar.js'
import { feedOpenApi } from './feed-openapi.js'
import type { RenderedFeed, RenderedFeeds } from './feed-rendered.js'

/** Options of `icalFeeds`: the feeds' name and refresh interval (see `ICalendarOptions`). */
export type ICalFeedOptions = Pick<ICalendarOptions, 'name' | 'refreshSeconds'>

/**
 * TEC's iCalendar export on the site's own paths, served beside the interface: `GET /events/?ical=1`, the feed of
 * an event list query (every event it selects, by default every published event that has not ended; the list's
 * parameters, checked as the list checks them), and `GET /event/<slug>/?ical=1`, one event's. With or without
 * the trailing slash; HEAD too. As on TEC, `ical` may have any value, and without it the path is no route of
 * calfile's (404 `rest_no_route`). A request sees what the interface shows it: anonymous, published events only.
 *
 * Answers are `text/calendar; charset=utf-8` attachments with a strong `ETag` and `Last-Modified`; a request whose
 * `If-None-Match` names the current tag gets 304 without a body (RFC 9110 §13.1.2), so subscribed calendar apps
 * poll cheaply. `If-Modified-Since` is not honoured: an event leaving the feed changes no modification date.
 *
 * @example
 * const app = createApp(calendar, { extensions: [icalFeeds({ name: 'Jazz in Boston' })] })
 * const res = await app.request('/events/?ical=1&categories=music')
 */
export function icalFeeds(options: ICalFeedOptions = {}): AppExtension {
  // ical-generator and ical.js load at the first feed request: they are no part of a server's start.
  let loaded: Promise<Exporter> | undefined
  const exporter = () => (loaded ??= loadExporter())
  return {
    mount(app: H3, calendar: Calendar): void {
      const asked = (event: H3Event) => ({ ...options, view: viewOf(calendar, event) })
      const sources: Record<string, (event: H3Event, use: Exporter) => FeedSource> = {
        '/events': (event, use) => {
          // The list's parameters are refused as the list refuses them.
          checkQuery(eventQuerySchema(calendar.state.settings.api_revision), event.url)
          return use.listFeed(calendar, parseQuery(event.url), asked(event))
        },
        '/event/:slug': (event, use) =>
          use.eventFeed(calendar, { slug: decodeURIComponent(event.context.params?.slug ?? '') }, asked(event)),
      }
      for (const [path, source] of Object.entries(sources)) {
        const handler = async (event: H3Event) => {
          const use = await exporter()
          return answer(event, () => use.rendered.of(source(event, use)))
        }
        app.get(path, handler)
        // The app's catch-all matches every path, so h3 would never fall back from HEAD to GET by itself.
        app.on('HEAD', path, handler)
      }
    },
    openapi: feedOpenApi,
  }
}

/** The export's calls, and the feeds rendered so far. */
interface Exporter {
  listFeed: typeof import('../export/export-calendar.js').listFeed
  eventFeed: typeof import('../export/export-calendar.js').eventFeed
  rendered: RenderedFeeds
}

async function loadExporter(): Promise<Exporter> {
  const [{ listFeed, eventFeed }, { RenderedFeeds }] = await Promise.all([
    import('../export/export-calendar.js'),
    import('./feed-rendered.js'),
  ])
  return { listFeed, eventFeed, rendered: new RenderedFeeds() }
}

/** The answer to a feed request: 404 without `ical`, the contract's error, 304, or the feed. */
function answer(event: H3Event, feed: () => RenderedFeed): Response | HTTPResponse {
  if (!event.url.searchParams.has('ical')) return errorResponse(noRoute())
  try {
    const current = feed()
    const validators: Record<string, string> = {
      ETag: current.etag,
      ...(current.lastModified ? { 'Last-Modified': current.lastModified } : {}),
      // Stored copies are checked with the server each time: that is what the ETag makes cheap.
      'Cache-Control': 'no-cache',
    }
    if (namesTag(event.req.headers.get('if-none-match'), current.etag)) {
      return new HTTPResponse(null, { status: 304, headers: validators })
    }
    return new HTTPResponse(current.text, {
      status: 200,
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="${current.filename}"`,
        // Set here, not left to the server, so that the answer to HEAD carries it too (RFC 9110 §9.3.2).
        'Content-Length': String(Buffer.byteLength(current.text)),
        ...validators,
      },
    })
  } catch (error) {
    if (!(error instanceof CalendarError)) console.error(error)
    // A feed is a page of the site, not a REST route: a missing event is a 404, not TEC's 400 for a parameter.
    return errorResponse(error)
  }
}
