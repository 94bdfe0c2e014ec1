import { setTimeout as wait } from 'node:timers/promises'
import { type EventHandler, H3, type H3Event, type HTTPMethod, type HTTPResponse } from 'h3'
import type { Calendar } from '../core/calendar.js'
import { CalendarError, noRoute } from '../core/errors.js'
import { linkedPostWritable } from '../core/resources/access.js'
import { referenceLed } from '../core/resources/tec-args.js'
import { tecRules } from '../core/resources/tec-versions.js'
import { type View, viewUrls } from '../core/resources/view.js'
import { authenticate } from './auth.js'
import { asPreflight, type CorsOptions, preflight, withCors } from './cors.js'
import { type DescribedRoute, META_ROUTES } from './openapi/describe.js'
import type { OpenApiPart } from './openapi/openapi.js'
import { decodes, isInterface, normalizePath, originOf, PREFIX } from './prefixes.js'
import { checkedBody, checkQuery } from './request/checked-input.js'
import { drainRest, receivedBytes } from './request/request-body.js'
import { addHeaders, errorResponse, headerOf, json } from './respond.js'
import { allowHeader, discoveryHeaders, restHeaders } from './rest-headers.js'
import { type RouteSpec, routeTable } from './routes.js'
import { mountTecV1 } from './tec-v1/mount.js'
import { TRIBE_EVENTS_V1 } from './tribe-namespace.js'
import { mountWordPress } from './wordpress/mount.js'
import { answerConventions, type RestHeaderSet } from './wordpress/rest-server/answer-conventions.js'
import { REST_ROOT } from './wordpress/rest-server/rest-namespace.js'
import { RestNamespaces } from './wordpress/rest-server/rest-namespaces.js'
import { overrideMethod, restRoute } from './wordpress/rest-server/rest-request.js'
import { WP_V2 } from './wordpress/wp-v2.js'
import { mountWpV2Comments } from './wp-v2/comment-routes.js'
import { mountWpV2Posts } from './wp-v2/posts/mount.js'
import { wpV2ContentRoutes } from './wp-v2/route-index.js'
import { mountWpV2Options } from './wp-v2/route-options.js'
import { mountWpV2Schema } from './wp-v2/schema/schema-routes.js'
import { mountWpV2Terms } from './wp-v2/term-routes.js'
import { mountWpV2Users } from './wp-v2/user-routes.js'
import { mountWpV2UserWrites } from './wp-v2/user-write-routes.js'

/** One line of the request log. */
export interface RequestLine {
  /** The method the client sent, before `_method` or `X-HTTP-Method-Override` stood for another. */
  method: string
  /** The path the client sent, query included, before the app maps it onto a route (`//wp-json/…/events/?page=2`). */
  path: string
  status: number
  /** Duration in ms, from the request's arrival to its answer. */
  ms: number
  /** Bytes of the request body the server received (read, or drained before the answer). */
  bytes: number
  /**
   * The injected fault that answered it (`calfile/testing`): its id, and whether it closed the connection rather
   * than answer. An extension's `intercept` sets it as `event.context.fault`.
   */
  fault?: { id: string; closed: boolean }
}

/** Options of `createApp`. */
export interface AppOptions {
  /** Called once per request, after its answer (the request log). */
  log?: (line: RequestLine) => void
  /** Cross-origin access (docs/http.md); default: every origin. */
  cors?: CorsOptions
  /** Capabilities served beside the interface on the same app and port, in this order. */
  extensions?: AppExtension[]
  /**
   * How long each answer of the interface (both prefixes, `/doc` included) waits, in ms: a time drawn uniformly
   * from `min` to `max` per request, for testing how a client copes with a slow site. The page, its assets and the
   * other capabilities' routes do not wait. A write waits before it is carried out, as on a slow server.
   */
  delay?: { min: number; max: number }
}

/**
 * A capability served beside the interface, on the same app: the page at `/` (`src/web/`), the iCalendar feeds
 * (`src/ical/`), the test admin routes (`src/testing/`). It adds its own routes, and may document them in `/doc`.
 *
 * @example
 * const hello: AppExtension = { mount: (app) => app.get('/hello', () => 'hello') }
 * createApp(calendar, { extensions: [hello] })
 */
export interface AppExtension {
  /** Adds the routes; called once, after the interface's own routes and before the catch-all 404. */
  mount(app: H3, calendar: Calendar): void
  /** Its part of the OpenAPI document (docs/http.md), merged into `/doc`. */
  openapi?: OpenApiPart
  /**
   * Called before a route of the interface (either prefix, `/doc` included) handles a request, once its path is
   * mapped onto calfile's prefix: an answer it returns is sent instead, and the route's handler never runs, so a
   * write it answers is not carried out. Undefined lets the request through.
   */
  intercept?(event: H3Event): Response | HTTPResponse | undefined | Promise<Response | HTTPResponse | undefined>
  /** Told of every request after its answer, as the request log is. */
  observe?(line: RequestLine): void
  /**
   * Called when the server stops, before it waits for its connections to end: ends what the extension keeps open
   * (event streams), which would otherwise hold the stop up.
   */
  close?(): void
}

/**
 * The HTTP interface of a calendar (docs/lists.md, docs/errors.md): h3 routes mapped onto the calendar's resources.
 * Test it in-process with `app.request(path, init)`; serve it with `toNodeHandler(app)` from `h3/node`.
 *
 * @example
 * const app = createApp(await openCalendar('data/calendar.json'))
 * const res = await app.request('/calendar/events/v1/events?per_page=2')
 */
export function createApp(calendar: Calendar, options: AppOptions = {}): H3 {
  const received = new WeakMap<H3Event, { begin: number; path: string; method: string }>()
  /** The sub-requests of `_embed` (`embeddedJson`), which the request log leaves out. */
  const embeds = new WeakSet<Request>()
  const log = requestLog(options)
  const app = new H3({
    // A malformed escape is the 404 `rest_no_route` of docs/errors.md, not h3's 400: the first middleware answers it.
    allowMalformedURL: true,
    onRequest(event) {
      // Bookkeeping for the request log only: nothing per request when nobody logs.
      if (log)
        received.set(event, {
          begin: performance.now(),
          path: event.url.pathname + event.url.search,
          method: event.req.method,
        })
      // WordPress's other ways to a REST route, `?rest_route=` and `_method` (docs/wordpress.md#conventions).
      restRoute(event)
      normalizePath(event)
      if (isInterface(event.url.pathname)) overrideMethod(event)
      const { delay } = options
      if (delay && isInterface(event.url.pathname))
        return wait(delay.min + Math.random() * (delay.max - delay.min)).then(() => calendar.freshen())
      // A save the watcher missed is taken in before the request is served (at most one stat a second).
      return calendar.freshening()
    },
    // Sync unless a request body is left to drain: most answers go out with no promise on the way.
    onResponse(response, event) {
      const draining = drainRest(event.req, response)
      if (draining) return draining.then(() => finishAnswer(response, event))
      finishAnswer(response, event)
    },
    onError: (error) => errorResponse(error),
  })
  // `_fields`, `_envelope`, `_jsonp` and `_pretty` shape every REST answer, the middleware's and faults' included.
  app.use(
    answerConventions({
      isRest: (event) => isInterface(event.url.pathname),
      allowOf,
      restRoot: (event) => `${viewOf(calendar, event).origin}${REST_ROOT}`,
      fetchJson: embeddedJson,
    }),
  )
  app.use((event) => (decodes(event.url.pathname) ? undefined : errorResponse(noRoute())))
  const intercepts = (options.extensions ?? []).flatMap((extension) =>
    extension.intercept ? [extension.intercept.bind(extension)] : [],
  )
  // Middleware runs before any route, so an intercepted write never reaches its handler.
  if (intercepts.length > 0)
    app.use(async (event) => {
      if (!isInterface(event.url.pathname)) return undefined
      for (const intercept of intercepts) {
        const answer = await intercept(event)
        if (answer) return answer
      }
      return undefined
    })
  // The handlers at each path, in the table's order: what `Allow` and `OPTIONS` answer with.
  const routesAt = new Map<string, DescribedRoute[]>(META_ROUTES.map((route) => [route.path, [route]]))
  for (const spec of routeTable(calendar)) {
    routesAt.set(spec.path, [...(routesAt.get(spec.path) ?? []), spec])
    const failed = (event: H3Event, error: unknown) => {
      if (!(error instanceof CalendarError)) console.error(error)
      return errorResponse(referenceFirst(calendar, spec, event, error), tecRules(calendar.state.settings))
    }
    // A read is answered in the turn its request arrived in, with no promise on the way: most requests are reads.
    on(app, spec.method, PREFIX + spec.path, (event) => {
      try {
        const view = viewOf(calendar, event)
        // WordPress authenticates before it routes (`WP_REST_Server::serve_request()` asks
        // `check_authentication()` first): refused credentials are a 401 whatever the path and parameters.
        if (view.rejected) throw view.rejected
        // IDs in paths are digits only: `/events/abc` matches no route (docs/errors.md).
        if (!keyMatches(spec, event)) throw noRoute()
        event.context.route = spec.path
        if (spec.query) checkQuery(spec.query, event.url)
        const answer = spec.method === 'GET' ? spec.handle(event, view) : written(spec, event, view)
        return answer instanceof Promise ? answer.catch((error: unknown) => failed(event, error)) : answer
      } catch (error) {
        return failed(event, error)
      }
    })
  }
  // The root route and the OpenAPI document are loaded when first asked for: building JSON Schemas is no part of
  // a server's start, which is timed to its first answer.
  on(app, 'GET', PREFIX, async (event) => {
    event.context.route = ''
    return (await import('./root.js')).rootResponse(calendar, event, viewOf(calendar, event))
  })
  const parts = (options.extensions ?? []).flatMap((extension) => extension.openapi ?? [])
  // Each API registers its namespace with the REST index as it mounts, in the order a site with TEC registers them.
  const namespaces = new RestNamespaces()
  on(app, 'GET', `${PREFIX}/doc`, async (event) => {
    event.context.route = '/doc'
    const view = viewOf(calendar, event)
    const [{ docResponse }, { restIndexPart }] = await Promise.all([
      import('./openapi/openapi.js'),
      import('./openapi/index-paths.js'),
    ])
    return docResponse(calendar, view, [...parts, await restIndexPart(namespaces, calendar, view)])
  })
  // `OPTIONS` on a route describes it, as WordPress answers, and serves as a browser's preflight.
  for (const [path, specs] of routesAt) {
    app.on('OPTIONS', PREFIX + path, async (event) => {
      const origin = event.req.headers.get('origin')
      if (!keyMatches(specs[0] ?? {}, event)) return unrouted(event)
      event.context.route = path
      // A wrong password is refused here too, as WordPress authenticates before it answers `OPTIONS`.
      const view = viewOf(calendar, event)
      const described = view.rejected
        ? errorResponse(view.rejected)
        : (await import('./root.js')).optionsResponse(calendar, path, view.base)
      return asPreflight(described, origin, options.cors ?? {})
    })
  }
  namespaces.register(TRIBE_EVENTS_V1)
  mountTecV1(app, calendar, viewOf, namespaces)
  mountWordPress(app, calendar, viewOf, namespaces)
  namespaces.extend(WP_V2, (_calendar, view) => wpV2ContentRoutes(view.origin))
  mountWpV2Posts(app, calendar, viewOf)
  mountWpV2Terms(app, calendar, viewOf)
  mountWpV2Schema(app, calendar, viewOf)
  mountWpV2Users(app, calendar, viewOf)
  mountWpV2UserWrites(app, calendar, viewOf)
  mountWpV2Comments(app, calendar, viewOf)
  mountWpV2Options(app, calendar, viewOf, options.cors ?? {})
  for (const extension of options.extensions ?? []) extension.mount(app, calendar)
  app.all('/**', (event) => {
    if (event.req.method === 'OPTIONS') return unrouted(event)
    const rejected = isInterface(event.url.pathname) ? viewOf(calendar, event).rejected : undefined
    return errorResponse(rejected ?? noRoute())
  })
  return app

  /**
   * The JSON answer to an embedded link (`_embed`): the same app asked as the request's viewer, with its credentials
   * and host, and left out of the request log, as WordPress dispatches embeds inside the request.
   */
  async function embeddedJson(path: string, event: H3Event): Promise<unknown> {
    const headers = new Headers()
    for (const name of FORWARDED_HEADERS) {
      const value = event.req.headers.get(name)
      if (value !== null) headers.set(name, value)
    }
    const request = new Request(new URL(path, event.url), { headers })
    embeds.add(request)
    return (await app.fetch(request)).json()
  }

  /** What every answer gets on its way out: WordPress's REST headers under the interface, CORS, the request log. */
  function finishAnswer(response: Response, event: H3Event): void {
    const origin = event.req.headers.get('origin')
    if (isInterface(event.url.pathname)) {
      const view = (event.context.view as View | undefined) ?? viewOf(calendar, event)
      const set = (event.context.restHeaders as RestHeaderSet | undefined) ?? 'all'
      const allow = set === 'all' ? allowOf(event) : undefined
      const signedIn = view.user !== null && !view.rejected
      const plainGet = event.req.method === 'GET' && origin === null
      const headers = restHeaders({ site: view.origin, allow, signedIn, plainGet })
      // A tec/v1 list's own `Link` (its pages) replaces WordPress's, as `header()` replaces a header sent before.
      const own = headerOf(response, 'link')
      if (set === 'link-only') addHeaders(response, { link: headers.link as string })
      else addHeaders(response, own ? { ...headers, link: own } : headers)
    } else if (headerOf(response, 'content-type')?.startsWith('text/html')) {
      // Discovery clients look for the APIs on the site's pages first (docs/wordpress.md#discovery).
      const { origin: site } = viewUrls(calendar.state.settings, originOf(event.url), PREFIX)
      addHeaders(response, discoveryHeaders(site))
    }
    withCors(response, origin, options.cors ?? {})
    if (!log || embeds.has(event.req as Request)) return
    const { begin, path, method } = received.get(event) ?? {
      begin: performance.now(),
      path: event.url.pathname + event.url.search,
      method: event.req.method,
    }
    const ms = performance.now() - begin
    const fault = event.context.fault as RequestLine['fault']
    log({ method, path, status: response.status, ms, bytes: receivedBytes(event.req), fault })
  }

  /**
   * The `Allow` of an answer under the interface: the methods at its route the viewer may use
   * (`rest_send_allow_header()`), as the route worked them out (tec/v1, the WordPress routes) or from the route
   * table; undefined when no route matched.
   */
  function allowOf(event: H3Event): string | undefined {
    const own = event.context.allow as string | undefined
    // A route that worked out no method the viewer may use sends no `Allow`, as WordPress sends none then.
    if (own !== undefined) return own === '' ? undefined : own
    const route = event.context.route as string | undefined
    const routes = route === undefined ? undefined : routesAt.get(route)
    if (!routes) return undefined
    const view = (event.context.view as View | undefined) ?? viewOf(calendar, event)
    return allowHeader(routes, view, writableAt(calendar, routes, event))
  }

  /**
   * `OPTIONS` on a path no route serves, a browser's preflight all the same: under the interface 200 `[]`, as
   * WordPress answers it, elsewhere an empty 204 (docs/http.md#options-on-a-route).
   */
  function unrouted(event: H3Event): Response {
    const origin = event.req.headers.get('origin')
    const cors = options.cors ?? {}
    return isInterface(event.url.pathname) ? asPreflight(json([]), origin, cors) : preflight(origin, cors)
  }
}

/** The request log and every extension that observes requests, as one callback; undefined when none listens. */
function requestLog(options: AppOptions): ((line: RequestLine) => void) | undefined {
  const listeners = [
    ...(options.log ? [options.log] : []),
    ...(options.extensions ?? []).flatMap((extension) =>
      extension.observe ? [(line: RequestLine) => extension.observe?.(line)] : [],
    ),
  ]
  if (listeners.length === 0) return undefined
  return (line) => {
    for (const listener of listeners) listener(line)
  }
}

/**
 * A parameter error of a route whose `id` names no record of its kind, led by that `id` where TEC checks it with
 * the other arguments (every route but an event's under TEC 6.17, `TecRules.eventIdCheck`):
 * `WP_REST_Request::has_valid_params()` names every failed argument, the path's first.
 */
function referenceFirst(calendar: Calendar, spec: RouteSpec, event: H3Event, error: unknown): unknown {
  if (!(error instanceof CalendarError) || error.code !== 'rest_invalid_param' || spec.key !== 'id') return error
  if (spec.resource === 'events' && tecRules(calendar.state.settings).eventIdCheck === 'handler') return error
  if (calendar.state[spec.resource].get(Number(event.context.params?.id)) !== undefined) return error
  return referenceLed(error, 'id')
}

/** The request headers an embedded link's sub-request keeps: who asks, and under which host. */
const FORWARDED_HEADERS = ['authorization', 'cookie', 'host', 'forwarded', 'x-forwarded-host', 'x-forwarded-proto']

/** Whether the writes at a venue or organizer route's ID may be allowed at all (`linkedPostWritable`). */
function writableAt(calendar: Calendar, routes: readonly DescribedRoute[], event: H3Event): boolean {
  const route = routes[0]
  const linked = route?.resource === 'venues' || route?.resource === 'organizers'
  if (!linked || route.key !== 'id') return true
  return linkedPostWritable(calendar.state, Number(event.context.params?.id))
}

/** False when a route's `{id}` is not digits: `/events/abc` matches no route (docs/errors.md). */
function keyMatches(spec: { key?: 'id' | 'slug' }, event: H3Event): boolean {
  return spec.key !== 'id' || /^\d+$/u.test(event.context.params?.id ?? '')
}

/**
 * Adds a route; a GET route answers HEAD too (RFC 9110 §9.3.2, docs/errors.md) with the same handler, so the status
 * and headers are the GET's, and h3 drops the body of an answer to HEAD. h3 would fall back from HEAD to GET by
 * itself, but only where no route matches at all, and the catch-all below matches every path.
 */
function on(app: H3, method: HTTPMethod, path: string, handler: EventHandler): void {
  app.on(method, path, handler)
  if (method === 'GET') app.on('HEAD', path, handler)
}

/**
 * Who asks and where from. A wrong token is carried in the view, not thrown: docs/errors.md checks parameters (400)
 * before permissions (401/403), and the resources check parameters that need the state.
 */
export function viewOf(calendar: Calendar, event: H3Event): View {
  const state = calendar.state
  const { origin, base, siteUrl } = viewUrls(
    state.settings,
    originOf(event.url),
    String(event.context.prefix ?? PREFIX),
  )
  // Every view has the same fields in the same order (no spreads): it is made on every request and read everywhere.
  let view: View
  try {
    const { user, openMode } = authenticate(state, event.req.headers.get('authorization'))
    view = { origin, base, siteUrl, user, openMode, rejected: undefined }
  } catch (error) {
    if (!(error instanceof CalendarError)) throw error
    view = { origin, base, siteUrl, user: null, openMode: false, rejected: error }
  }
  event.context.view = view
  return view
}

/**
 * A write, once its query passed: its body read and checked against the route's schemas (`checkedBody`), before any
 * permission check (docs/errors.md), then carried out.
 */
async function written(spec: RouteSpec, event: H3Event, view: View): Promise<Response> {
  await checkedBody(event, spec)
  return spec.handle(event, view)
}
