/** Options of cross-origin access (CONTRACT §7). */
export interface CorsOptions {
  /** Origins allowed to read responses; default every origin (the request's own is reflected). */
  origins?: string[]
}

const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS'
const ALLOW_HEADERS = 'Authorization, Content-Type'
const EXPOSE_HEADERS = 'X-TEC-Total, X-TEC-TotalPages, Link'

/** True when a request from `origin` may read the answer. */
function allowed(origin: string, options: CorsOptions): boolean {
  return options.origins === undefined || options.origins.includes(origin)
}

/**
 * Adds the CORS headers of CONTRACT §7 to a response: the request's origin reflected when allowed, and the
 * headers a browser client must be able to read (`X-TEC-Total`, `X-TEC-TotalPages`, `Link`).
 */
export function withCors(response: Response, origin: string | null, options: CorsOptions): void {
  if (origin === null || !allowed(origin, options)) return
  response.headers.set('Access-Control-Allow-Origin', origin)
  response.headers.set('Access-Control-Expose-Headers', EXPOSE_HEADERS)
  if (!/\bOrigin\b/u.test(response.headers.get('Vary') ?? '')) response.headers.append('Vary', 'Origin')
}

/** The answer to a preflight `OPTIONS` request: 204 with the allowed methods and headers (CONTRACT §7). */
export function preflight(origin: string | null, options: CorsOptions): Response {
  const response = new Response(null, { status: 204 })
  if (origin !== null && allowed(origin, options)) {
    response.headers.set('Access-Control-Allow-Methods', ALLOW_METHODS)
    response.headers.set('Access-Control-Allow-Headers', ALLOW_HEADERS)
    response.headers.set('Access-Control-Max-Age', '600')
  }
  withCors(response, origin, options)
  return response
}
