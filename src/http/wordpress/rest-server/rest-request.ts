import type { H3Event } from 'h3'
import { parseQuery } from '../../request/params.js'
import { REST_ROOT } from './rest-namespace.js'

/**
 * The two ways WordPress lets a client reach a REST route other than by its path and method: `?rest_route=` on any
 * URL of the site (`rest_api_loaded()`, how clients reach a site without pretty permalinks), and `_method` or
 * `X-HTTP-Method-Override` (`WP_REST_Server::serve_request()`, for clients that can only send GET and POST). Both
 * rewrite the request before it is routed, so that every route answers them as it answers the plain request.
 */

/**
 * Serves `?rest_route=/…` from whatever path it comes on (`/`, `/index.php`, an event's page, even a REST path):
 * the request's path becomes `/wp-json` + the route, its trailing slash dropped (`untrailingslashit()`); the query
 * stays as sent, `rest_route` in it, which no route reads. An empty `rest_route` is no REST request. As in PHP, the
 * last `rest_route` of the query counts.
 *
 * @example
 * // GET /?rest_route=/tribe/events/v1/events&per_page=2 is served as GET /wp-json/tribe/events/v1/events?…
 * restRoute(event)
 */
export function restRoute(event: H3Event): void {
  const search = event.url.search
  if (!search.includes('rest_route')) return
  const route = parseQuery(event.url).rest_route
  if (typeof route !== 'string' || route === '') return
  const url = new URL(event.url.href)
  url.pathname = REST_ROOT + (route.replace(/[/\\]+$/u, '') || '/')
  event.url = url
}

/**
 * The method WordPress serves a REST request as: `_method` of the query, else the `X-HTTP-Method-Override` header,
 * upper-cased, whatever the method sent (`WP_REST_Request::set_method()`); a GET with `_method=DELETE` deletes. The
 * request's `method` is set to it, so that routing, handlers and `Allow` see it; undefined when nothing overrides.
 * A method no route has (`_method=nothing`) is the 404 `rest_no_route` of any path without the method.
 *
 * @example
 * // POST /wp-json/tribe/events/v1/events/12?_method=DELETE is served as DELETE …/events/12
 * overrideMethod(event) // 'DELETE'
 */
export function overrideMethod(event: H3Event): string | undefined {
  const query = event.url.search.includes('_method') ? parseQuery(event.url)._method : undefined
  const sent = typeof query === 'string' ? query : event.req.headers.get('x-http-method-override')
  if (sent === null || sent === undefined) return undefined
  const method = sent.toUpperCase()
  if (method === event.req.method) return undefined
  // The Request's `method` is a getter of its prototype: an own property shadows it for everyone who reads it.
  Object.defineProperty(event.req, 'method', { value: method, configurable: true })
  return method
}
