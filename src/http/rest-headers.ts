import { assertCanManageTerms, assertCanWrite } from '../core/resources/access.js'
import type { View } from '../core/resources/view.js'
import { REST_ALLOW_HEADERS, REST_EXPOSE_HEADERS } from './cors.js'
import type { DescribedRoute } from './openapi/describe.js'

/**
 * The headers WordPress's REST server puts on the answers of its routes, whatever the route and status
 * (`WP_REST_Server::serve_request()`, `rest_send_allow_header()`, `wp_get_nocache_headers()`): clients written for
 * a TEC site find the API root by the `Link` header and read the methods they may use from `Allow`.
 */

/** `Cache-Control` and `Expires` of `wp_get_nocache_headers()`, sent when the request is signed in. */
const NO_CACHE = {
  'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private',
  Expires: 'Wed, 11 Jan 1984 05:00:00 GMT',
} as const

/** What the headers of one answer depend on. */
export interface RestAnswer {
  /** The site the request came in on, without a trailing slash (`http://127.0.0.1:3000`). */
  site: string
  /** The methods the requester may use on the matched route, in the route's order; undefined when no route matched. */
  allow?: readonly string[]
  /** True when the request carries credentials that were accepted (or the calendar is in open mode). */
  signedIn: boolean
}

/**
 * Sets WordPress's REST headers on an answer: `Link` to the API root (`<site>/wp-json/`, rel `https://api.w.org/`),
 * the CORS header lists WordPress always sends, `Allow` when a route matched and the credentials were not refused,
 * and the no-cache headers when signed in.
 */
export function setRestHeaders(headers: Headers, answer: RestAnswer): void {
  headers.set('Link', `<${answer.site}/wp-json/>; rel="https://api.w.org/"`)
  if (!headers.has('Access-Control-Expose-Headers')) headers.set('Access-Control-Expose-Headers', REST_EXPOSE_HEADERS)
  headers.set('Access-Control-Allow-Headers', REST_ALLOW_HEADERS)
  if (answer.allow) headers.set('Allow', answer.allow.join(', '))
  if (answer.signedIn) for (const [name, value] of Object.entries(NO_CACHE)) headers.set(name, value)
}

/**
 * The methods of a route's handlers (`routes`, all at one path, in table order) that the viewer passes the
 * permission step of, as `rest_send_allow_header()` lists them: reads for everyone, writes for those who may
 * write posts (or manage terms, on the term routes). Refused credentials allow nothing: WordPress stops before it
 * matches a route.
 */
export function allowedMethods(routes: readonly Pick<DescribedRoute, 'method' | 'action' | 'resource'>[], view: View) {
  if (view.rejected) return undefined
  return routes.filter((route) => permits(route, view)).map((route) => route.method)
}

function permits(route: Pick<DescribedRoute, 'action' | 'resource'>, view: View): boolean {
  if (route.action !== 'create' && route.action !== 'update' && route.action !== 'delete') return true
  try {
    if (route.resource === 'categories' || route.resource === 'tags') assertCanManageTerms(view)
    else assertCanWrite(view)
    return true
  } catch {
    return false
  }
}
