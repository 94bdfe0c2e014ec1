import type { H3, H3Event } from 'h3'
import type { Calendar } from '../../core/calendar.js'
import { CalendarError, noRoute } from '../../core/errors.js'
import { notAllowed } from '../../core/resources/access.js'
import { tecRules } from '../../core/resources/tec-versions.js'
import type { View } from '../../core/resources/view.js'
import { parseQuery } from '../request/params.js'
import { bodyOf } from '../request/request-body.js'
import { errorResponse, json } from '../respond.js'
import { REST_ROOT, type RestNamespace, type ViewOf } from '../wordpress/rest-server/rest-namespace.js'
import type { RestNamespaces } from '../wordpress/rest-server/rest-namespaces.js'
import { readArguments } from './arguments/parameters.js'
import { DOCS_PATH, type Endpoint, endpointsByPath, permitted, TEC_V1_NAMESPACE } from './endpoints.js'
import { assertAcknowledged } from './gate.js'
import { HandlerError } from './handler-error.js'
import { linkHeader } from './link-header.js'

/** Where tec/v1 is served: only under WordPress's REST root, as TEC registers it (`Controller::get_versioned_namespace()`). */
export const TEC_V1_PREFIX = `${REST_ROOT}/${TEC_V1_NAMESPACE}`

/**
 * Adds tec/v1's routes to an app (TEC 6.15+'s second REST API, `TEC\Common\REST\TEC\V1`) and registers its namespace
 * with `namespaces` for the REST index, answered only while the
 * data file's `settings.tec_version` names a release that has it (`TecRules.tecV1`); otherwise they answer 404
 * `rest_no_route`, as TEC 6.10 does. Each request is checked in WordPress's order: refused credentials (401), the
 * route's arguments (`readArguments`, 400), the permission (`permitted`: 401 `rest_forbidden` anonymous, 403 signed
 * in), the acknowledgement header (`assertAcknowledged`, 400), then the handler, whose own failures are
 * `{"error": "…"}` bodies. `Allow` lists the methods at the path whose permission the viewer passes
 * (`rest_send_allow_header()`); lists carry `X-WP-Total`, `X-WP-TotalPages` and `Link`. The namespace index and
 * `/docs` need no acknowledgement; `OPTIONS` on a route describes it (`routeOptionsResponse`).
 *
 * @example
 * mountTecV1(app, calendar, viewOf, namespaces)
 * await app.request('/wp-json/tec/v1/events', { headers: { 'x-tec-eea': ACKNOWLEDGEMENT } })
 */
export function mountTecV1(app: H3, calendar: Calendar, viewOf: ViewOf, namespaces: RestNamespaces): void {
  namespaces.register(TEC_V1)
  const paths = endpointsByPath()
  for (const [path, endpoints] of paths) {
    for (const endpoint of endpoints) {
      for (const method of endpoint.methods) {
        const handler = (event: H3Event) => answer(calendar, viewOf, endpoint, endpoints, event)
        app.on(method, TEC_V1_PREFIX + path, handler)
        if (method === 'GET') app.on('HEAD', TEC_V1_PREFIX + path, handler)
      }
    }
  }
  const served = (respond: (event: H3Event, view: View) => Response | Promise<Response>) => (event: H3Event) => {
    const view = viewOf(calendar, event)
    return servesTecV1(calendar) ? respond(event, view) : errorResponse(view.rejected ?? noRoute())
  }
  // The listings and the OpenAPI document are loaded when first asked for, as REST v1's root and `/doc` are: they
  // describe every route, which no part of a server's start needs.
  const index = served(async (event, view) =>
    (await import('./route-index.js')).namespaceIndexResponse(calendar, event, view),
  )
  const docs = served(async (event, view) => (await import('./openapi/openapi.js')).docsResponse(calendar, event, view))
  for (const method of ['GET', 'HEAD'] as const) {
    app.on(method, TEC_V1_PREFIX, index)
    app.on(method, TEC_V1_PREFIX + DOCS_PATH, docs)
  }
  // `OPTIONS` on a route answers its entry, whoever asks (`rest_handle_options_request()`), `Allow` as on the route;
  // where no route matches (TEC 6.10, an ID of anything but digits) WordPress answers `[]`.
  for (const path of ['', DOCS_PATH, ...paths.keys()]) {
    const endpoints = paths.get(path)
    app.on('OPTIONS', TEC_V1_PREFIX + path, async (event) => {
      const view = viewOf(calendar, event)
      if (view.rejected) return errorResponse(view.rejected)
      const id = pathId(event)
      if (!servesTecV1(calendar) || id === null) return json([])
      setAllow(event, endpoints ? allowed(calendar, endpoints, view, id) : 'GET')
      return (await import('./route-index.js')).routeOptionsResponse(calendar, path, view)
    })
  }
}

/** Whether the calendar answers tec/v1 at all: TEC 6.15 and later register it. */
export function servesTecV1(calendar: Calendar): boolean {
  return tecRules(calendar.state.settings).tecV1
}

/**
 * tec/v1 as the REST index (`GET /wp-json/`) lists it: among the namespaces while the calendar serves it, with its
 * routes (`tecV1Routes`, loaded when first asked for).
 */
const TEC_V1: RestNamespace = {
  namespace: TEC_V1_NAMESPACE,
  served: servesTecV1,
  routes: async (calendar, view) => (await import('./route-index.js')).tecV1Routes(calendar.state, view.origin),
}

async function answer(
  calendar: Calendar,
  viewOf: ViewOf,
  endpoint: Endpoint,
  atPath: readonly Endpoint[],
  event: H3Event,
): Promise<Response> {
  const view = viewOf(calendar, event)
  const id = pathId(event)
  // TEC 6.10 has no tec/v1, and an ID of anything but digits matches no route; WordPress refuses wrong credentials
  // before it matches a route.
  if (!servesTecV1(calendar) || id === null) return errorResponse(view.rejected ?? noRoute())
  if (view.rejected) return errorResponse(view.rejected)
  try {
    const sent = {
      ...parseQuery(event.url),
      ...(endpoint.operation === 'list' || endpoint.operation === 'read' ? {} : bodyObject(await bodyOf(event))),
    }
    const args = readArguments(endpoint.arguments(calendar.state), sent)
    if (!permitted(calendar.state, endpoint, view, id)) throw notAllowed(view)
    assertAcknowledged(event.req.headers.get('x-tec-eea'))
    // The handlers, with the lists, objects and writes, load on the first request that gets this far.
    const handled = await (await import('./handlers.js')).handle(calendar, endpoint, args, id, view)
    const headers: Record<string, string> = {}
    if (handled.page) {
      const { total, perPage, page } = handled.page
      const pages = perPage > 0 ? Math.ceil(total / perPage) : 1
      headers['x-wp-total'] = String(total)
      headers['x-wp-totalpages'] = String(pages)
      const link = linkHeader(event.url, view.origin, page, pages)
      if (link) headers.link = link
    }
    return json(handled.body, handled.status, headers)
  } catch (error) {
    if (error instanceof HandlerError) return json({ error: error.message }, error.status)
    if (!(error instanceof CalendarError)) console.error(error)
    return errorResponse(error)
  } finally {
    // WordPress works `Allow` out once the handler has run (`rest_send_allow_header()` on `rest_post_dispatch`):
    // after a force delete nothing is allowed at the ID any more.
    setAllow(event, allowed(calendar, atPath, view, id))
  }
}

/** The `{id}` of a route's path (`(?P<id>\d+)`): undefined on a route without one, null when it is not digits. */
function pathId(event: H3Event): number | undefined | null {
  const raw = event.context.params?.id
  if (raw === undefined) return undefined
  return /^\d+$/u.test(raw) ? Number(raw) : null
}

/** A request body as WordPress merges it into the parameters: an object's fields, nothing else. */
function bodyObject(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
}

/** Sets `Allow`, which WordPress leaves out when the viewer may use no method at the path (`rest_send_allow_header()`). */
function setAllow(event: H3Event, allow: string): void {
  if (allow !== '') event.context.allow = allow
}

/** The methods at a path whose permission the viewer passes, in registration order (`rest_send_allow_header()`). */
function allowed(calendar: Calendar, atPath: readonly Endpoint[], view: View, id: number | undefined): string {
  return atPath
    .filter((endpoint) => permitted(calendar.state, endpoint, view, id))
    .flatMap((endpoint) => endpoint.methods)
    .join(', ')
}
