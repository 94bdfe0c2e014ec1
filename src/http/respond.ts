import { CalendarError } from '../core/errors.js'

const JSON_TYPE = 'application/json; charset=UTF-8'

/** A JSON response; every header is set on the Response itself, so none is lost on the way out. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return jsonText(JSON.stringify(body), status, headers)
}

/** A response of JSON text already made (a kept shape, a page assembled from them: issue 11). */
export function jsonText(text: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { 'Content-Type': JSON_TYPE, ...headers } })
}

/**
 * The error body of CONTRACT §5 for anything thrown by a handler: a CalendarError as it is, anything else as a
 * 500 `rest_internal_error` (logged by the caller). A 413 closes the connection: the rest of a body too large to
 * take is not read past a bound (issue 9 §4).
 */
export function errorResponse(error: unknown): Response {
  if (error instanceof CalendarError)
    return json(error.toJSON(), error.status, error.status === 413 ? { Connection: 'close' } : {})
  const internal = new CalendarError('rest_internal_error', 500, 'Internal server error.')
  return json(internal.toJSON(), 500)
}
