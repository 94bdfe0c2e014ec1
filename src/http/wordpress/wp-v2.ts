import type { View } from '../../core/resources/view.js'
import { type IndexRoute, REST_ROOT, type RestNamespace } from './rest-server/rest-namespace.js'

/** WordPress's own namespace. */
export const WP_V2 = 'wp/v2'

/**
 * WordPress's own namespace, as far as calfile serves it: the signed-in user (`/wp/v2/users/me`) and the site's
 * settings (`/wp/v2/settings`), read only; the routes of TEC's content extend it (`RestNamespaces.extend`). Each route is listed as WordPress lists its `GET` endpoint
 * (`WP_REST_Users_Controller::register_routes()`, `WP_REST_Settings_Controller::register_routes()`), the same in
 * WordPress 7.0.4 and 6.7.1; the writes calfile does not serve are left out, as from `Allow`.
 */
export const WORDPRESS_V2: RestNamespace = {
  namespace: WP_V2,
  routes: (_calendar, view) => wpV2Routes(view),
}

/**
 * The routes of `wp/v2` calfile serves, as the index lists them, keyed by route (`/wp/v2/users/me`).
 *
 * @example
 * wpV2Routes(view)['/wp/v2/settings'].methods // ['GET']
 */
export function wpV2Routes(view: View): Record<string, IndexRoute> {
  const root = `${view.origin}${REST_ROOT}/${WP_V2}`
  return {
    [`/${WP_V2}`]: {
      namespace: WP_V2,
      methods: ['GET'],
      endpoints: [
        {
          methods: ['GET'],
          args: { namespace: { default: WP_V2, required: false }, context: { default: 'view', required: false } },
        },
      ],
      _links: { self: [{ href: root }] },
    },
    [`/${WP_V2}/users/me`]: {
      namespace: WP_V2,
      methods: ['GET'],
      endpoints: [
        {
          methods: ['GET'],
          args: {
            context: {
              description: 'Scope under which the request is made; determines fields present in response.',
              type: 'string',
              enum: ['view', 'embed', 'edit'],
              default: 'view',
              required: false,
            },
          },
        },
      ],
      _links: { self: [{ href: `${root}/users/me` }] },
    },
    [`/${WP_V2}/settings`]: {
      namespace: WP_V2,
      methods: ['GET'],
      endpoints: [{ methods: ['GET'], args: [] }],
      _links: { self: [{ href: `${root}/settings` }] },
    },
  }
}

/**
 * The body of `GET /wp-json/wp/v2`, the namespace's index (`WP_REST_Server::get_namespace_index()`): its routes (the
 * namespace's as registered, `RestNamespaces.served`) and a link up to the REST index.
 */
export function wpV2Index(
  view: View,
  routes: Record<string, IndexRoute>,
): { namespace: string; routes: Record<string, IndexRoute>; _links: object } {
  return { namespace: WP_V2, routes, _links: { up: [{ href: `${view.origin}${REST_ROOT}/` }] } }
}
