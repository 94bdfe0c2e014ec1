import type { Calendar } from '../../../core/calendar.js'
import type { View } from '../../../core/resources/view.js'
import type { IndexRoute } from '../../root.js'

/** WordPress's REST root, under which every namespace is served (`rest_get_url_prefix()`). */
export const REST_ROOT = '/wp-json'

/**
 * A namespace of the REST index (`GET /wp-json/`): its name in `namespaces`, its routes in `routes`, as
 * `WP_REST_Server::get_index()` lists those of each namespace registered.
 *
 * @example
 * const tecV1: RestNamespace = { namespace: 'tec/v1', served: servesTecV1, routes: (calendar, view) => … }
 */
export interface RestNamespace {
  /** The namespace as WordPress names it (`tribe/events/v1`). */
  readonly namespace: string
  /** Whether the calendar serves it now, asked on every request (the settings may change); absent: always. */
  served?(calendar: Calendar): boolean
  /**
   * Its routes as the index lists them (`WP_REST_Server::get_data_for_routes()`), keyed by route pattern
   * (`/tec/v1/events/(?P<id>\\d+)`), the namespace's own route first, in the order they were registered; links
   * under `<view.origin>/wp-json`.
   */
  routes(calendar: Calendar, view: View): Record<string, IndexRoute>
}
