import type { JsonSchema } from '@valibot/to-json-schema'
import type { H3Event } from 'h3'
import type { Calendar } from '../../../core/calendar.js'
import type { View } from '../../../core/resources/view.js'

/**
 * One argument of an endpoint, as WordPress's index shows it (docs/http.md): the keys of its declaration that are
 * JSON Schema keywords, then `required` (`WP_REST_Server::get_data_for_route()`).
 */
export interface IndexArg {
  required: boolean
  default?: unknown
  description?: string
  type?: string | string[]
  format?: string
  items?: JsonSchema
  enum?: unknown[]
}

/**
 * One endpoint of a route: the methods that share one set of arguments (`POST, PUT, PATCH` for updates). An
 * endpoint without arguments has `[]`, PHP's empty array, as WordPress sends it.
 */
export interface IndexEndpoint {
  methods: string[]
  args: Record<string, IndexArg> | []
}

/** One route of the index, keyed by its WordPress path. */
export interface IndexRoute {
  namespace: string
  methods: string[]
  endpoints: IndexEndpoint[]
  _links?: Record<string, Array<{ href: string }>>
}

/** WordPress's REST root, under which every namespace is served (`rest_get_url_prefix()`). */
export const REST_ROOT = '/wp-json'

/**
 * A route pattern of the index as a path under `/wp-json`, each named group written by `param`
 * (`/wp/v2/tags/(?P<id>[\\d]+)` → `/wp-json/wp/v2/tags/:id` with `(name) => `:${name}``).
 *
 * @example
 * routePath('/wp/v2/types/(?P<type>[\\w-]+)', (name) => `:${name}`) // '/wp-json/wp/v2/types/:type'
 */
export function routePath(route: string, param: (name: string) => string): string {
  return `${REST_ROOT}${route.replace(/\(\?P<(\w+)>[^)]*\)/gu, (_group, name: string) => param(name))}`
}

/** How the app reads who asks (its `viewOf`), passed to each namespace so that its routes authenticate as all do. */
export type ViewOf = (calendar: Calendar, event: H3Event) => View

/**
 * A namespace registered with the REST server, as a plugin registers one with WordPress (`register_rest_route()`):
 * its name in the index's `namespaces`, its routes in `routes` (`WP_REST_Server::get_index()`).
 *
 * @example
 * const tecV1: RestNamespace = {
 *   namespace: 'tec/v1',
 *   served: (calendar) => tecRules(calendar.state.settings).tecV1,
 *   routes: async (calendar, view) => (await import('./route-index.js')).tecV1Routes(calendar.state, view.origin),
 * }
 */
export interface RestNamespace {
  /** The namespace as WordPress names it (`tribe/events/v1`). */
  readonly namespace: string
  /** Whether the calendar serves it now, asked on every request (the settings may change); absent: always. */
  served?(calendar: Calendar): boolean
  /**
   * Its routes as the index lists them (`WP_REST_Server::get_data_for_routes()`), keyed by route pattern
   * (`/tec/v1/events/(?P<id>\\d+)`), the namespace's own route first, in the order they were registered; links
   * under `<view.origin>/wp-json`. It may load what lists them when first asked: no part of a server's start does.
   */
  routes(calendar: Calendar, view: View): Promise<Record<string, IndexRoute>> | Record<string, IndexRoute>
}
