import type { JsonSchema } from '@valibot/to-json-schema'
import type { H3Event, HTTPResponse } from 'h3'
import * as v from 'valibot'
import type { Calendar } from '../core/calendar.js'
import { invalidParams } from '../core/errors.js'
import { firstIssuesByField } from '../core/fields.js'
import type { Settings } from '../core/records.js'
import type { View } from '../core/view.js'
import {
  type DescribedRoute,
  describedRoutes,
  NAMESPACE,
  RootQuerySchema,
  routeArgs,
  wordpressPath,
} from './describe.js'
import { parseQuery } from './params.js'
import { errorResponse, json } from './respond.js'
import { wordpressType } from './schemas/requests.js'

/** One argument of an endpoint, as WordPress's index shows it (CONTRACT §7). */
export interface IndexArg {
  required: boolean
  default?: unknown
  description: string
  type: string | string[]
  items?: JsonSchema
  enum?: unknown[]
}

/** One endpoint of a route: the methods that share one set of arguments (`POST, PUT, PATCH` for updates). */
export interface IndexEndpoint {
  methods: string[]
  args: Record<string, IndexArg>
}

/** One route of the index, keyed by its WordPress path. */
export interface IndexRoute {
  namespace: string
  methods: string[]
  endpoints: IndexEndpoint[]
  _links?: Record<string, Array<{ href: string }>>
}

/** The body of `GET <prefix>` (CONTRACT §7). */
export interface RootIndex {
  namespace: typeof NAMESPACE
  routes: Record<string, IndexRoute>
  _links: Record<string, Array<{ href: string; type?: string }>>
}

/**
 * `GET /calendar/events/v1` (and under TEC's prefix): WordPress's namespace index (CONTRACT §7), every route with
 * its methods and each endpoint's arguments, built from the route table and its schemas. The checks run in the
 * order of CONTRACT §5: `namespace` and `context` (400 `rest_invalid_param`), then the token (a wrong one is a
 * 401, CONTRACT §6); the index itself is public and the same in every context.
 */
export function rootResponse(calendar: Calendar, event: H3Event, view: View): HTTPResponse {
  const parsed = v.safeParse(RootQuerySchema, parseQuery(event.url))
  if (!parsed.success) return errorResponse(invalidParams(firstIssuesByField(parsed.issues)))
  if (view.rejected) return errorResponse(view.rejected)
  return json(rootIndex(calendar, view.base))
}

/**
 * The namespace index of a calendar, with links under `base` (the prefix the request came in on). The arguments
 * are those of the revision in the calendar's settings now (spec §9, CONTRACT §7).
 */
export function rootIndex(calendar: Calendar, base: string): RootIndex {
  const routes: Record<string, IndexRoute> = {}
  for (const route of describedRoutes(calendar)) {
    const path = wordpressPath(route.path)
    routes[path] ??= newRoute(route, base)
    addRoute(routes[path], route, calendar.state.settings)
  }
  return {
    namespace: NAMESPACE,
    routes,
    _links: { self: [{ href: base }], 'service-desc': [{ href: `${base}/doc`, type: 'application/openapi+json' }] },
  }
}

/**
 * The answer to `OPTIONS` on a route (`path` below the prefix, h3 style): 200 with the route as the index shows it,
 * without links, as WordPress's `rest_handle_options_request()` answers.
 */
export function optionsResponse(calendar: Calendar, path: string): HTTPResponse {
  const entry: IndexRoute = { namespace: NAMESPACE, methods: [], endpoints: [] }
  for (const route of describedRoutes(calendar))
    if (route.path === path) addRoute(entry, route, calendar.state.settings)
  return json(entry)
}

function addRoute(entry: IndexRoute, route: DescribedRoute, settings: Settings): void {
  entry.methods.push(route.method)
  addEndpoint(entry, route, settings)
}

/** A route entry; routes without path parameters link to themselves, as WordPress's do. */
function newRoute(route: DescribedRoute, base: string): IndexRoute {
  const entry: IndexRoute = { namespace: NAMESPACE, methods: [], endpoints: [] }
  if (!route.key) entry._links = { self: [{ href: base + route.path }] }
  return entry
}

const EDITABLE = new Set(['POST', 'PUT', 'PATCH'])

/**
 * Joins the update methods into one endpoint, as WordPress's `EDITABLE` (`POST, PUT, PATCH`) does; on a path with
 * a key, POST is always an update, so the previous endpoint is one when its first method is editable.
 */
function addEndpoint(entry: IndexRoute, route: DescribedRoute, settings: Settings): void {
  const last = entry.endpoints.at(-1)
  if (route.action === 'update' && last && EDITABLE.has(last.methods[0] ?? '')) last.methods.push(route.method)
  else entry.endpoints.push({ methods: [route.method], args: endpointArgs(route, settings) })
}

function endpointArgs(route: DescribedRoute, settings: Settings): Record<string, IndexArg> {
  const args: Record<string, IndexArg> = {}
  for (const arg of routeArgs(route, settings)) {
    args[arg.name] = {
      required: arg.required,
      ...(arg.default === undefined ? {} : { default: arg.default }),
      description: arg.description,
      type: wordpressType(arg.schema),
      ...(typeof arg.schema.items === 'object' && !Array.isArray(arg.schema.items) ? { items: arg.schema.items } : {}),
      ...(arg.schema.enum ? { enum: arg.schema.enum } : {}),
    }
  }
  return args
}
