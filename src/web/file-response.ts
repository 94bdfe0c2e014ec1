import { type H3Event, HTTPResponse } from 'h3'
import { namesTag } from '../http/request/conditional.js'
import type { StaticFile } from './static-files.js'

/**
 * The Content-Security-Policy of the page and of `/docs`: scripts, styles and connections from this server only,
 * no inline script or style, no frames, no plugins; `data:` images for swagger-ui's icons and the empty favicon.
 * Every asset is served by calfile from its installed packages, so nothing else is ever needed (offline-first).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * A served file, or 304 when the client holds these very bytes (`If-None-Match`, `namesTag`). Clients
 * check again on each use (`no-cache`): a calfile update changes the files under the same names. HTML documents
 * carry the Content-Security-Policy; every file is `nosniff`, so that a script is never taken for another type.
 */
export function fileResponse(file: StaticFile, event: H3Event): HTTPResponse {
  const headers: Record<string, string> = {
    ETag: file.etag,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  }
  if (file.type.startsWith('text/html')) {
    headers['Content-Security-Policy'] = CONTENT_SECURITY_POLICY
    headers['Referrer-Policy'] = 'no-referrer'
  }
  if (namesTag(event.req.headers.get('if-none-match'), file.etag))
    return new HTTPResponse(null, { status: 304, headers })
  return new HTTPResponse(file.body as BodyInit, {
    headers: { ...headers, 'Content-Type': file.type, 'Content-Length': String(file.body.byteLength) },
  })
}
