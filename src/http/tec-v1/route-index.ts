import type { H3Event } from 'h3'
import type { Calendar } from '../../core/calendar.js'
import { CalendarError } from '../../core/errors.js'
import type { ServedPostKind } from '../../core/model/kinds.js'
import type { CalendarState } from '../../core/model/state.js'
import type { View } from '../../core/resources/view.js'
import { wordpressPath } from '../openapi/describe.js'
import { parseQuery } from '../request/params.js'
import { errorResponse, json } from '../respond.js'
import { keepLinks } from '../wordpress/rest-server/answer-conventions.js'
import { type IndexEndpoint, type IndexRoute, REST_ROOT } from '../wordpress/rest-server/rest-namespace.js'
import { indexArgs } from './arguments/parameter-schemas.js'
import { DOCS_PATH, type Endpoint, endpointsByPath, TEC_V1_NAMESPACE } from './endpoints.js'
import { DOCS_ROUTE_SCHEMA } from './openapi/definitions.js'

/**
 * tec/v1 as WordPress lists it (`WP_REST_Server::get_data_for_route()`): the namespace index
 * (`GET /wp-json/tec/v1`, `get_namespace_index()`), the namespace's part of the site index (`GET /wp-json/`) and
 * the answer to `OPTIONS` on a route (`rest_handle_options_request()`), built from the endpoint table, so that an
 * endpoint added to it is listed.
 */

/** The words and schema of each kind, as TEC's endpoints name them (`Events::get_schema()`, `Event`, …). */
export const KIND_NAMES: Readonly<Record<ServedPostKind, { singular: string; plural: string; schema: string }>> = {
  event: { singular: 'event', plural: 'events', schema: 'Event' },
  venue: { singular: 'venue', plural: 'venues', schema: 'Venue' },
  organizer: { singular: 'organizer', plural: 'organizers', schema: 'Organizer' },
}

/** WordPress's `context` of a route listing: `help` adds each route's JSON Schema. */
export type ListingContext = 'view' | 'help'

/** `<origin>/wp-json/tec/v1`: `rest_url()` of the namespace, with no trailing slash. */
export function namespaceUrl(origin: string): string {
  return `${origin}${REST_ROOT}/${TEC_V1_NAMESPACE}`
}

/** The route's key in the index: `/tec/v1/events/(?P<id>\d+)`, WordPress's pattern of TEC's path. */
function routeKey(path: string): string {
  return wordpressPath(path, TEC_V1_NAMESPACE)
}

/**
 * One route's entry: its methods, one endpoint per handler with its `args` (`[]` when it has none), its JSON
 * Schema in the `help` context, and a `self` link unless its path has a parameter.
 */
function routeEntry(
  path: string,
  endpoints: readonly { methods: readonly string[]; args: Record<string, object> | [] }[],
  origin: string,
  schema: Record<string, unknown> | undefined,
): IndexRoute {
  const entry: IndexRoute & { schema?: Record<string, unknown> } = {
    namespace: TEC_V1_NAMESPACE,
    methods: endpoints.flatMap((endpoint) => endpoint.methods),
    // `indexArgs` gives each argument its `required`, as `IndexArg` has it.
    endpoints: endpoints.map(({ methods, args }) => ({ methods: [...methods], args: args as IndexEndpoint['args'] })),
  }
  if (schema) entry.schema = schema
  if (!path.includes(':')) entry._links = { self: [{ href: namespaceUrl(origin) + path }] }
  return entry
}

/**
 * The JSON Schema of a kind's route (`Events::get_schema()`, `Event::get_schema()`): draft-04, a reference into
 * `/docs` by its absolute URL, an array of the kind's objects for the collection.
 */
function kindSchema(kind: ServedPostKind, single: boolean, origin: string): Record<string, unknown> {
  const names = KIND_NAMES[kind]
  const $ref = `${namespaceUrl(origin)}${DOCS_PATH}#/components/schemas/${names.schema}`
  const $schema = 'http://json-schema.org/draft-04/schema#'
  return single
    ? { $schema, title: names.singular, type: 'object', $ref }
    : { $schema, title: names.plural, type: 'array', items: { $ref } }
}

/** The namespace's own route (`register_route()` of a namespace): `namespace` and `context`, without types. */
function namespaceRoute(origin: string): IndexRoute {
  const args = {
    namespace: { default: TEC_V1_NAMESPACE, required: false },
    context: { default: 'view', required: false },
  }
  return routeEntry('', [{ methods: ['GET'], args }], origin, undefined)
}

function docsRoute(origin: string, context: ListingContext): IndexRoute {
  const schema = context === 'help' ? DOCS_ROUTE_SCHEMA : undefined
  return routeEntry(DOCS_PATH, [{ methods: ['GET'], args: [] }], origin, schema)
}

function endpointsRoute(
  path: string,
  endpoints: readonly Endpoint[],
  state: CalendarState,
  origin: string,
  context: ListingContext,
): IndexRoute {
  const kind = endpoints[0]?.kind ?? 'event'
  const schema = context === 'help' ? kindSchema(kind, path.includes(':'), origin) : undefined
  const listed = endpoints.map((endpoint) => ({
    methods: endpoint.methods,
    args: indexArgs(endpoint.arguments(state)),
  }))
  return routeEntry(path, listed, origin, schema)
}

/**
 * tec/v1's routes as WordPress lists them (`get_data_for_routes()`), keyed by route pattern, in TEC 6.17.2's
 * order: the namespace itself, the endpoint table's paths (`/tec/v1/events`, `/tec/v1/events/(?P<id>\d+)`, …), then
 * `/tec/v1/docs`. The same in the namespace index and the site index (`GET /wp-json/`); links under `origin`.
 *
 * @example
 * Object.keys(tecV1Routes(state, 'http://127.0.0.1:3000'))
 * // ['/tec/v1', '/tec/v1/events', '/tec/v1/events/(?P<id>\\d+)', '/tec/v1/organizers', …, '/tec/v1/docs']
 */
export function tecV1Routes(
  state: CalendarState,
  origin: string,
  context: ListingContext = 'view',
): Record<string, IndexRoute> {
  const routes: Record<string, IndexRoute> = { [routeKey('')]: namespaceRoute(origin) }
  for (const [path, endpoints] of endpointsByPath())
    routes[routeKey(path)] = endpointsRoute(path, endpoints, state, origin, context)
  routes[routeKey(DOCS_PATH)] = docsRoute(origin, context)
  return routes
}

/** The body of `GET /wp-json/tec/v1`. */
export interface NamespaceIndex {
  namespace: string
  routes: Record<string, IndexRoute>
  _links: { up: [{ href: string }] }
}

/**
 * The namespace index of tec/v1 (`WP_REST_Server::get_namespace_index()`): the namespace, its routes, and a link
 * `up` to the site index.
 *
 * @example
 * tecV1Index(state, 'http://127.0.0.1:3000')._links // { up: [{ href: 'http://127.0.0.1:3000/wp-json/' }] }
 */
export function tecV1Index(state: CalendarState, origin: string, context: ListingContext = 'view'): NamespaceIndex {
  return {
    namespace: TEC_V1_NAMESPACE,
    routes: tecV1Routes(state, origin, context),
    _links: { up: [{ href: `${origin}${REST_ROOT}/` }] },
  }
}

/**
 * One route's entry as `OPTIONS` answers it (`rest_handle_options_request()`: the `help` context, so with its
 * schema): `path` below the namespace, h3 style (`''` the namespace, `/docs`, `/events/:id`); undefined for a path
 * tec/v1 has no route at.
 *
 * @example
 * routeDescription('/events/:id', state, origin)?.methods // ['GET', 'PUT', 'PATCH', 'DELETE']
 */
export function routeDescription(path: string, state: CalendarState, origin: string): IndexRoute | undefined {
  if (path === '') return namespaceRoute(origin)
  if (path === DOCS_PATH) return docsRoute(origin, 'help')
  const endpoints = endpointsByPath().get(path)
  return endpoints && endpointsRoute(path, endpoints, state, origin, 'help')
}

/**
 * `GET /wp-json/tec/v1`, in WordPress's order: refused credentials (401); a `namespace` other than tec/v1, which
 * WordPress would list instead, 404 `rest_invalid_namespace` (calfile lists only tec/v1 here); `context=help` adds
 * each route's schema, any other context is the `view` listing. `Allow: GET`.
 */
export function namespaceIndexResponse(calendar: Calendar, event: H3Event, view: View): Response {
  if (view.rejected) return errorResponse(view.rejected)
  event.context.allow = 'GET'
  const query = parseQuery(event.url)
  if (query.namespace !== undefined && query.namespace !== TEC_V1_NAMESPACE)
    return errorResponse(
      new CalendarError('rest_invalid_namespace', 404, 'The specified namespace could not be found.'),
    )
  const context = query.context === 'help' ? 'help' : 'view'
  keepLinks(event)
  return json(tecV1Index(calendar.state, view.origin, context))
}

/**
 * `OPTIONS` on a tec/v1 route: refused credentials are 401, as WordPress authenticates first; otherwise 200 with
 * the route's entry (`routeDescription`), or `[]` where no route matches, whoever asks and whatever `X-TEC-EEA`
 * says. The `Allow` header (the methods whose permission the viewer passes) is the caller's to set.
 */
export function routeOptionsResponse(calendar: Calendar, path: string, view: View): Response {
  if (view.rejected) return errorResponse(view.rejected)
  return json(routeDescription(path, calendar.state, view.origin) ?? [])
}
