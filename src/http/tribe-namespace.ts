import { TEC_NAMESPACE } from './openapi/describe.js'
import { REST_ROOT, type RestNamespace } from './wordpress/rest-server/rest-namespace.js'

/**
 * TEC's REST API v1 in the index: the routes its namespace index lists (`GET /wp-json/tribe/events/v1`, root.ts),
 * which are those WordPress lists for the namespace in `GET /wp-json/`.
 */
export const TRIBE_EVENTS_V1: RestNamespace = {
  namespace: TEC_NAMESPACE,
  // The listing is loaded when first asked for, as the namespace index is.
  routes: async (calendar, view) =>
    (await import('./root.js')).rootIndex(calendar, `${view.origin}${REST_ROOT}/${TEC_NAMESPACE}`).routes,
}
