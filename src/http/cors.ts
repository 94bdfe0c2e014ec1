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

/**
 * What an allowed origin may read: WordPress's list, and the list totals TEC sends under its own names, which a
 * browser client of calfile needs to page.
 */
const EXPOSE_TO_ORIGIN = `${REST_EXPOSE_HEADERS}, X-TEC-Total, X-TEC-TotalPages`

/** True when a request from `origin` may read the answer. */
function allowed(origin: string, options: CorsOptions): boolean {
  return options.origins === undefined || options.origins.includes(origin)
}

/**
 * Adds the CORS headers of an allowed origin to a response: the origin reflected, the methods and request headers
 * it may use, and the headers a browser client must be able to read (`X-TEC-Total`, `X-TEC-TotalPages`, `Link`).
 */
export function withCors(response: Response, origin: string | null, options: CorsOptions): void {
  if (origin === null || !allowed(origin, options)) return
  response.headers.set('Access-Control-Allow-Origin', origin)
  response.headers.set('Access-Control-Allow-Methods', ALLOW_METHODS)
  response.headers.set('Access-Control-Expose-Headers', EXPOSE_TO_ORIGIN)
  if (!/\bOrigin\b/u.test(response.headers.get('Vary') ?? '')) response.headers.append('Vary', 'Origin')
}

/**
 * Marks an answer to `OPTIONS` as a preflight's for an allowed origin: the request headers it may send, and how
 * long a browser may keep the answer.
 */
export function asPreflight<R extends { headers: Headers }>(
  response: R,
  origin: string | null,
  options: CorsOptions,
): R {
  if (origin !== null && allowed(origin, options)) {
    response.headers.set('Access-Control-Allow-Headers', REST_ALLOW_HEADERS)
    response.headers.set('Access-Control-Max-Age', '600')
  }
  return response
}

/** The answer to a preflight `OPTIONS` request on a path no route serves: an empty 204 (docs/http.md). */
export function preflight(origin: string | null, options: CorsOptions): Response {
  return asPreflight(new Response(null, { status: 204 }), origin, options)
}
