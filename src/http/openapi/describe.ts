import type { HTTPMethod } from 'h3'
import type { GenericSchema } from 'valibot'
import * as v from 'valibot'
import type { Calendar } from '../../core/calendar.js'
import type { CollectionName } from '../../core/model/kinds.js'
import { textField } from '../../core/resources/fields.js'
import { type RouteSpec, routeTable } from '../routes.js'

/**
 * The routes as the root route and the OpenAPI document describe them (docs/http.md): the route table of
 * `routes.ts` plus the two routes that describe it, each with its arguments read from the request schemas.
 */

/** calfile's namespace, as WordPress names it: the prefix without its leading slash. */
export const NAMESPACE = 'calendar/events/v1'

/** TEC's namespace, served under `/wp-json/` (docs/errors.md). */
export const TEC_NAMESPACE = 'tribe/events/v1'

/** The namespace a request came in under, from its `base` (`<origin>/wp-json/tribe/events/v1` is TEC's). */
export function namespaceOf(base: string): string {
  return base.endsWith(`/wp-json/${TEC_NAMESPACE}`) ? TEC_NAMESPACE : NAMESPACE
}

const CONTEXTS = ['view', 'embed', 'edit'] as const

const NAMESPACES = [NAMESPACE, TEC_NAMESPACE] as const

/**
 * Query parameters of the root route: WordPress's namespace index takes `namespace` and `context` (docs/http.md);
 * either prefix's namespace is taken, as both name the same routes.
 */
export const RootQuerySchema = v.looseObject({
  namespace: v.optional(
    v.pipe(
      textField('The namespace to describe; default the one of the prefix asked'),
      v.picklist(NAMESPACES, `must be one of ${NAMESPACES.join(', ')}`),
    ),
  ),
  context: v.optional(
    v.pipe(
      textField('Scope under which the request is made; the index is the same in each'),
      v.picklist(CONTEXTS, `must be one of ${CONTEXTS.join(', ')}`),
    ),
    'view',
  ),
})

/** A route as described: a route of the table, or one of the two that describe the table (`index`, `doc`). */
export interface DescribedRoute {
  method: HTTPMethod
  /** Path below the prefix, h3 style (`/events/:id`); `''` is the prefix itself. */
  path: string
  resource?: CollectionName
  action: RouteSpec['action'] | 'index' | 'doc'
  key?: 'id' | 'slug'
  query?: GenericSchema
  body?: GenericSchema
  status: 200 | 201
}

/** The routes that describe the interface: the root (docs/http.md) and the OpenAPI document. */
export const META_ROUTES: readonly DescribedRoute[] = [
  { method: 'GET', path: '', action: 'index', query: RootQuerySchema, status: 200 },
  { method: 'GET', path: '/doc', action: 'doc', status: 200 },
]

/**
 * Every route of the interface, the describing ones first, with the parameters of the revision in force
 * (docs/http.md#revisions).
 */
export function describedRoutes(calendar: Calendar): DescribedRoute[] {
  return [...META_ROUTES, ...routeTable(calendar).map(({ handle: _handle, ...route }) => route)]
}

/** Where an argument goes: the path, the query string, or the body. */
/**
 * `/events/:id` → `/calendar/events/v1/events/(?P<id>\d+)`: WordPress's route pattern (docs/http.md), under the
 * namespace asked for (`tribe/events/v1` under TEC's prefix).
 */
export function wordpressPath(path: string, namespace: string = NAMESPACE): string {
  const pattern = path.replace(/:id\b/gu, '(?P<id>\\d+)').replace(/:slug\b/gu, '(?P<slug>[^/]+)')
  return `/${namespace}${pattern}`
}

/** `/events/:id` → `/events/{id}`: the OpenAPI path template, below `servers[0].url`; the prefix itself is `/`. */
export function openApiPath(path: string): string {
  return path === '' ? '/' : path.replace(/:(\w+)/gu, '{$1}')
}
