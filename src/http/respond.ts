import { HTTPResponse } from 'h3'
import { CalendarError, invalidParams } from '../core/errors.js'

const JSON_TYPE = 'application/json; charset=UTF-8'

/**
 * A JSON response; every header is set on the response itself, so none is lost on the way out. An h3
 * `HTTPResponse`, which h3 sends as a string with its length: a web `Response` would wrap the text in a stream.
 */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): HTTPResponse {
  return jsonBody(JSON.stringify(body), status, headers)
}

/**
 * A response of JSON already made: text, or UTF-8 bytes (a kept shape, or a page assembled from them), which
 * go out as they are, with no encoding and no measuring of text.
 */
export function jsonBody(body: string | Uint8Array, status = 200, headers: Record<string, string> = {}): HTTPResponse {
  // The length is set here, not left to the server, so that the answer to HEAD carries it too (RFC 9110 §9.3.2).
  const length = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength)
  return new HTTPResponse(body as BodyInit, {
    status,
    headers: { 'Content-Type': JSON_TYPE, 'Content-Length': length, ...headers },
  })
}

/**
 * The error body of docs/errors.md for anything thrown by a handler: a CalendarError as TEC answers it (`asTec`, the
 * REST routes) or as core threw it (the site's own pages, such as the iCalendar feeds), anything else as a 500
 * `rest_internal_error` (logged by the caller). A 413 closes the connection: the rest of a body too large to
 * take is not read past a bound (docs/errors.md#request-bodies).
 */
export function errorResponse(error: unknown, asTec = true): HTTPResponse {
  if (error instanceof CalendarError) {
    const wire = asTec ? onTheWire(error) : error
    return json(wire.toJSON(), wire.status, wire.status === 413 ? { Connection: 'close' } : {})
  }
  const internal = new CalendarError('rest_internal_error', 500, 'Internal server error.')
  return json(internal.toJSON(), 500)
}

/** Core's codes for a reference that names no record of the kind: by ID, by slug, or the ID of another kind. */
const UNKNOWN_REFERENCE = /^rest-(?:(?:event|venue|organizer|category|tag)-not-found|invalid-\w+-id)$/u

/**
 * A core error as TEC answers it. TEC checks a route's `id` or `slug` with its other arguments
 * (`WP_REST_Request::has_valid_params()`), so a reference to no record of the kind is 400 `rest_invalid_param`
 * "Invalid parameter." whatever the method.
 */
function onTheWire(error: CalendarError): CalendarError {
  if (!UNKNOWN_REFERENCE.test(error.code)) return error
  return invalidParams({ ['slug' in error.data ? 'slug' : 'id']: 'Invalid parameter.' })
}
