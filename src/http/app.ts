import { H3, type H3Event, type HTTPMethod } from 'h3'
import type { Calendar } from '../core/calendar.js'
import { noRoute } from '../core/errors.js'
import type { EventRef } from '../core/resources/events.js'
import type { View } from '../core/view.js'
import { authenticate } from './auth.js'
import { parseQuery, readBody } from './params.js'
import { errorResponse, json } from './respond.js'

/** calfile's own route prefix and TEC's, which it also serves (CONTRACT §5). */
export const PREFIX = '/calendar/events/v1'
export const TEC_PREFIX = '/wp-json/tribe/events/v1'

/** Options of `createApp`. */
export interface AppOptions {
  /** Called once per request with method, path, status and duration in ms (the request log). */
  log?: (line: { method: string; path: string; status: number; ms: number }) => void
}

type Handler = (event: H3Event, view: View) => Promise<Response> | Response

/**
 * The HTTP interface of a calendar (CONTRACT §4–§5): h3 routes mapped onto the calendar's resources. Test it
 * in-process with `app.request(path, init)`; serve it with `toNodeHandler(app)` from `h3/node`.
 *
 * @example
 * const app = createApp(await openCalendar('data/calendar.json'))
 * const res = await app.request('/calendar/events/v1/events?per_page=2')
 */
export function createApp(calendar: Calendar, options: AppOptions = {}): H3 {
  const started = new WeakMap<H3Event, number>()
  const app = new H3({
    onRequest(event) {
      started.set(event, performance.now())
      normalizePath(event)
    },
    onResponse(response, event) {
      const begin = started.get(event)
      const ms = begin === undefined ? 0 : performance.now() - begin
      options.log?.({ method: event.req.method, path: event.url.pathname + event.url.search, status: response.status, ms })
    },
    onError: (error) => errorResponse(error),
  })
  const route = (method: string, path: string, handler: Handler) => {
    app.on(method as HTTPMethod, PREFIX + path, async (event) => {
      try {
        return await handler(event, viewOf(calendar, event))
      } catch (error) {
        if (!(error instanceof Error) || !('code' in error)) console.error(error)
        return errorResponse(error)
      }
    })
  }
  const events = calendar.events
  route('GET', '/events', (event, view) => listResponse(events.list(parseQuery(event.url), view)))
  route('POST', '/events', async (event, view) => created(await events.create(await readBody(event.req), view)))
  for (const [path, ref] of [['/events/:id', idRef], ['/events/by-slug/:slug', slugRef]] as const) {
    route('GET', path, (event, view) => json(events.get(ref(event), view)))
    for (const method of UPDATE_METHODS) {
      route(method, path, async (event, view) => json(await events.update(ref(event), await readBody(event.req), view)))
    }
    route('DELETE', path, async (event, view) => json(await events.delete(ref(event), { force: isForce(event) }, view)))
  }
  for (const [name, posts] of [['venues', calendar.venues], ['organizers', calendar.organizers]] as const) {
    route('GET', `/${name}`, (event, view) => listResponse(posts.list(parseQuery(event.url), view)))
    route('POST', `/${name}`, async (event, view) => created(await posts.create(await readBody(event.req), view), `${view.base}/${name}`))
    for (const [path, ref] of [[`/${name}/:id`, idRef], [`/${name}/by-slug/:slug`, slugRef]] as const) {
      route('GET', path, (event, view) => json(posts.get(ref(event), view)))
      for (const method of UPDATE_METHODS) {
        route(method, path, async (event, view) => json(await posts.update(ref(event), await readBody(event.req), view)))
      }
      route('DELETE', path, async (event, view) => json(await posts.delete(ref(event), { force: isForce(event) }, view)))
    }
  }
  for (const [name, terms] of [['categories', calendar.categories], ['tags', calendar.tags]] as const) {
    const id = (event: H3Event) => idRef(event) as number
    route('GET', `/${name}`, (event, view) => listResponse(terms.list(parseQuery(event.url), view)))
    route('POST', `/${name}`, async (event, view) => created(await terms.create(await readBody(event.req), view), `${view.base}/${name}`))
    route('GET', `/${name}/:id`, (event, view) => json(terms.get(id(event), view)))
    for (const method of UPDATE_METHODS) {
      route(method, `/${name}/:id`, async (event, view) => json(await terms.update(id(event), await readBody(event.req), view)))
    }
    route('DELETE', `/${name}/:id`, async (event, view) => json(await terms.delete(id(event), view)))
  }
  app.all('/**', () => errorResponse(noRoute()))
  return app
}

/** Collapses repeated slashes, maps TEC's prefix onto calfile's and drops a trailing slash (CONTRACT §5). */
function normalizePath(event: H3Event): void {
  let path = event.url.pathname.replace(/\/{2,}/gu, '/')
  let prefix = PREFIX
  if (path === TEC_PREFIX || path.startsWith(`${TEC_PREFIX}/`)) {
    prefix = TEC_PREFIX
    path = PREFIX + path.slice(TEC_PREFIX.length)
  }
  if (path.length > 1) path = path.replace(/\/$/u, '')
  event.context.prefix = prefix
  if (path !== event.url.pathname) {
    const url = new URL(event.url.href)
    url.pathname = path
    event.url = url
  }
}

function viewOf(calendar: Calendar, event: H3Event): View {
  const settings = calendar.state.settings
  const origin = (settings.base_url ?? `${event.url.protocol}//${event.url.host}`).replace(/\/+$/u, '')
  const { user, openMode } = authenticate(calendar.state, event.req.headers.get('authorization'))
  return {
    base: origin + String(event.context.prefix ?? PREFIX),
    siteUrl: (settings.site_url ?? origin).replace(/\/+$/u, ''),
    user,
    openMode,
  }
}

const UPDATE_METHODS = ['POST', 'PUT', 'PATCH'] as const
const DIGITS = /^\d+$/u

/** The `{id}` of a single route: digits only, else no route matches (CONTRACT §5). */
function idRef(event: H3Event): EventRef {
  const id = event.context.params?.id ?? ''
  if (!DIGITS.test(id)) throw noRoute()
  return Number(id)
}

function slugRef(event: H3Event): EventRef {
  return { slug: decodeURIComponent(event.context.params?.slug ?? '') }
}

function isForce(event: H3Event): boolean {
  const force = parseQuery(event.url).force
  return force === 'true' || force === '1' || force === 'yes'
}

function listResponse(page: { body: unknown; headers: Record<string, string> }): Response {
  return json(page.body, 200, page.headers)
}

/** 201 with the record and a `Location` header (CONTRACT §5): its `rest_url`, or `<collection>/<id>`. */
function created(record: Record<string, unknown>, collection?: string): Response {
  return json(record, 201, { Location: collection ? `${collection}/${String(record.id)}` : String(record.rest_url) })
}
