import type { H3Event } from 'h3'
import * as v from 'valibot'
import type { Calendar } from '../core/calendar.js'
import { invalidParams } from '../core/errors.js'
import { firstIssuesByField } from '../core/resources/fields.js'
import type { View } from '../core/resources/view.js'
import {
  type DescribedRoute,
  describedRoutes,
  namespaceOf,
  RootQuerySchema,
  wordpressPath,
} from './openapi/describe.js'
import { routeArgs } from './openapi/route-args-doc.js'
import { type DefaultContext, type TecArgDoc, tecRouteArgs } from './openapi/tec-route-args.js'
import { parseQuery } from './request/params.js'
import { errorResponse, json } from './respond.js'
import { keepLinks } from './wordpress/rest-server/answer-conventions.js'
import type { IndexArg, IndexRoute } from './wordpress/rest-server/rest-namespace.js'

/** The body of `GET <prefix>` (docs/http.md). */
export interface RootIndex {
  namespace: string
  routes: Record<string, IndexRoute>
  _links: Record<string, Array<{ href: string; type?: string }>>
}

/**
 * `GET /calendar/events/v1` (and under TEC's prefix): WordPress's namespace index (docs/http.md), every route with
 * its methods and each endpoint's arguments, built from the route table and its schemas. The checks run in the
 * order of docs/errors.md: `namespace` and `context` (400 `rest_invalid_param`), then the token (a wrong one is a
 * 401, docs/auth.md); the index itself is public and the same in every context.
 */
export function rootResponse(calendar: Calendar, event: H3Event, view: View): Response {
  const parsed = v.safeParse(RootQuerySchema, parseQuery(event.url))
  if (!parsed.success) return errorResponse(invalidParams(firstIssuesByField(parsed.issues)))
  if (view.rejected) return errorResponse(view.rejected)
  keepLinks(event)
  return json(rootIndex(calendar, view.base))
}

/**
 * The namespace index of a calendar, under the namespace of `base` (the prefix the request came in on) with links
 * under it. The arguments are those of the revision in the calendar's settings now (docs/http.md#revisions).
 */
export function rootIndex(calendar: Calendar, base: string): RootIndex {
  const context = defaultContext(calendar, base)
  const routes: Record<string, IndexRoute> = {}
  for (const route of describedRoutes(calendar)) {
    const path = wordpressPath(route.path, context.namespace)
    routes[path] ??= newRoute(route, base, context.namespace)
    addRoute(routes[path], route, context)
  }
  return {
    namespace: context.namespace,
    routes,
    _links: { self: [{ href: base }], 'service-desc': [{ href: `${base}/doc`, type: 'application/openapi+json' }] },
  }
}

/**
 * The answer to `OPTIONS` on a route (`path` below the prefix, h3 style): 200 with the route as the index shows it,
 * its self link included, as WordPress's `rest_handle_options_request()` answers (`get_data_for_route()`).
 */
export function optionsResponse(calendar: Calendar, path: string, base: string): Response {
  const context = defaultContext(calendar, base)
  let entry: IndexRoute | undefined
  for (const route of describedRoutes(calendar)) {
    if (route.path !== path) continue
    entry ??= newRoute(route, base, context.namespace)
    addRoute(entry, route, context)
  }
  return json(entry ?? { namespace: context.namespace, methods: [], endpoints: [] })
}

function defaultContext(calendar: Calendar, base: string): DefaultContext {
  return { settings: calendar.state.settings, now: calendar.now(), namespace: namespaceOf(base) }
}

function addRoute(entry: IndexRoute, route: DescribedRoute, context: DefaultContext): void {
  entry.methods.push(route.method)
  addEndpoint(entry, route, context)
}

/** A route entry; routes without path parameters link to themselves, as WordPress's do. */
function newRoute(route: DescribedRoute, base: string, namespace: string): IndexRoute {
  const entry: IndexRoute = { namespace, methods: [], endpoints: [] }
  if (!route.key) entry._links = { self: [{ href: base + route.path }] }
  return entry
}

const EDITABLE = new Set(['POST', 'PUT', 'PATCH'])

/**
 * Joins the update methods into one endpoint, as WordPress's `EDITABLE` (`POST, PUT, PATCH`) does; on a path with
 * a key, POST is always an update, so the previous endpoint is one when its first method is editable.
 */
function addEndpoint(entry: IndexRoute, route: DescribedRoute, context: DefaultContext): void {
  const last = entry.endpoints.at(-1)
  if (route.action === 'update' && last && EDITABLE.has(last.methods[0] ?? '')) last.methods.push(route.method)
  else entry.endpoints.push({ methods: [route.method], args: endpointArgs(route, context) })
}

/**
 * The arguments TEC registers for the route, in TEC's declaration and order, as WordPress lists registered
 * arguments only (`WP_REST_Server::get_data_for_route()`): those calfile's schemas have in the revision in force
 * (docs/http.md#revisions), each required as calfile's schema has it, and those it takes and ignores as TEC does.
 * The parameters only calfile takes are left to its OpenAPI document (`/doc`).
 */
function endpointArgs(route: DescribedRoute, context: DefaultContext): Record<string, IndexArg> | [] {
  const taken = routeArgs(route, context.settings)
  const args: Record<string, IndexArg> = {}
  for (const [name, declared] of tecRouteArgs(route)) {
    const arg = taken.find((candidate) => candidate.name === name && candidate.in === declared.in)
    if (arg || declared.doc.ignored) args[name] = fromTec(declared.doc, arg?.required ?? false, context)
  }
  return Object.keys(args).length === 0 ? [] : args
}

/** TEC's declaration as WordPress lists it: its keys in order, a computed default in its place, `required` last. */
function fromTec(doc: TecArgDoc, required: boolean, context: DefaultContext): IndexArg {
  const listed: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(doc)) {
    if (key === 'defaultOf') listed.default = doc.defaultOf?.(context)
    else if (key !== 'ignored') listed[key] = value
  }
  return { ...listed, required } as IndexArg
}
