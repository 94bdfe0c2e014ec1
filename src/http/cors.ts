import { addHeaders, headerOf } from './respond.js'

/** Options of cross-origin access (docs/http.md). */
export interface CorsOptions {
  /** Origins allowed to read responses; default every origin (the request's own is reflected). */
  origins?: string[]
}

const ALLOW_METHODS = 'OPTIONS, GET, POST, PUT, PATCH, DELETE'

/** The request headers WordPress's REST server allows on every answer (`rest_send_cors_headers()`). */
export const REST_ALLOW_HEADERS = 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type'

/** The answer headers WordPress's REST server exposes to scripts on every answer (`WP_REST_Server::serve_request()`). */
export const REST_EXPOSE_HEADERS = 'X-WP-Total, X-WP-TotalPages, Link'

/** True when a request from `origin` may read the answer. */
function allowed(origin: string, options: CorsOptions): boolean {
  return options.origins === undefined || options.origins.includes(origin)
}

/**
 * Adds the CORS headers of an allowed origin to a response, as `rest_send_cors_headers()` sends them: the origin
 * reflected, the methods it may use, credentials allowed, `Vary: Origin`, and WordPress's exposed headers (and no
 * others: a browser client that reads more from calfile than a site exposes would break on the site).
 *
 * @example
 * withCors(response, 'https://app.example', {}) // Access-Control-Allow-Origin: https://app.example, …
 */
export function withCors(response: Response, origin: string | null, options: CorsOptions): void {
  if (origin === null || !allowed(origin, options)) return
  const vary = headerOf(response, 'vary')
  addHeaders(response, {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': ALLOW_METHODS,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': REST_EXPOSE_HEADERS,
    ...(/\bOrigin\b/u.test(vary ?? '') ? {} : { vary: vary ? `${vary}, Origin` : 'Origin' }),
  })
}

/**
 * Marks an answer to `OPTIONS` as a preflight's for an allowed origin: the request headers it may send, which
 * WordPress sends on every REST answer, and so here on the answers beside the interface too. No `Max-Age`, as
 * WordPress sends none.
 *
 * @example
 * asPreflight(new Response(null, { status: 204 }), 'https://app.example', {})
 */
export function asPreflight<R extends { headers: Headers }>(
  response: R,
  origin: string | null,
  options: CorsOptions,
): R {
  if (origin !== null && allowed(origin, options))
    response.headers.set('Access-Control-Allow-Headers', REST_ALLOW_HEADERS)
  return response
}

/** The answer to a preflight `OPTIONS` request on a path no route serves: an empty 204 (docs/http.md). */
export function preflight(origin: string | null, options: CorsOptions): Response {
  return asPreflight(new Response(null, { status: 204 }), origin, options)
}
