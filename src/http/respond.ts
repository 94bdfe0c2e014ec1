import { FastResponse } from 'srvx'
import { CalendarError, invalidParams } from '../core/errors.js'
import type { TecRules } from '../core/resources/tec-versions.js'

const JSON_TYPE = 'application/json; charset=UTF-8'

/**
 * An answer whose headers stay a plain list of lower-cased `[name, value]` pairs until something reads `headers`:
 * srvx's Node adapter writes such a list straight onto the socket, and `addHeaders` adds to it, where a `Headers`
 * object would be built, checked and copied on every request (and a record's keys walked by `Object.entries`).
 * Reading `headers` builds that object as any `Response` does; what is added after goes there.
 */
class PairsResponse extends FastResponse {
  #pairs: [string, string][] | undefined

  constructor(body: string | Uint8Array, status: number, pairs: [string, string][]) {
    super(body as BodyInit, { status, headers: pairs })
    this.#pairs = pairs
  }

  /** Whether `response` is one of these; a brand check, where `instanceof` would call srvx's `Symbol.hasInstance`. */
  static holds(response: Response): response is PairsResponse {
    return #pairs in response
  }

  override get headers(): Headers {
    this.#pairs = undefined
    return super.headers
  }

  /** A header of the list, by its lower-cased name; undefined once `headers` was read. */
  pair(name: string): string | null | undefined {
    if (!this.#pairs) return undefined
    for (const [key, value] of this.#pairs) if (key === name) return value
    return null
  }

  /** Sets lower-cased headers in the list, replacing those of the same names; false once `headers` was read. */
  addPairs(headers: Readonly<Record<string, string>>): boolean {
    const pairs = this.#pairs
    if (!pairs) return false
    for (const name in headers) setPair(pairs, name, headers[name] as string)
    return true
  }
}

/** Sets `name` in a list of header pairs: in place where it is, else at the end (as a record's keys keep order). */
function setPair(pairs: [string, string][], name: string, value: string): void {
  for (const pair of pairs)
    if (pair[0] === name) {
      pair[1] = value
      return
    }
  pairs.push([name, value])
}

/**
 * Sets headers on an answer, replacing any of the same names: into the plain list of pairs of an answer made here
 * (`json`, `jsonBody`), else on its `Headers`.
 *
 * @example
 * addHeaders(json({ ok: true }), { link: '<http://127.0.0.1:3000/wp-json/>; rel="https://api.w.org/"' })
 * @param headers lower-cased names (`allow`, `link`): they are set as given.
 */
export function addHeaders(response: Response, headers: Readonly<Record<string, string>>): void {
  if (PairsResponse.holds(response) && response.addPairs(headers)) return
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
}

/**
 * A header of an answer (`name` lower-cased), read from the plain list of pairs of an answer made here without
 * building its `Headers` (`addHeaders`), else from its `Headers`.
 *
 * @example
 * headerOf(jsonBody('[]', 200, { Link: '<http://127.0.0.1:3000/wp-json/tec/v1/events?page=2>; rel="next"' }), 'link')
 */
export function headerOf(response: Response, name: string): string | null {
  const paired = PairsResponse.holds(response) ? response.pair(name) : undefined
  return paired === undefined ? response.headers.get(name) : paired
}

/**
 * A JSON response, every header on the response itself, so none is lost on the way out; sent as a string with its
 * length, not a stream.
 *
 * @example
 * json({ code: 'rest_no_route' }, 404)
 */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return jsonBody(JSON.stringify(body), status, headers)
}

/**
 * A response of JSON already made: text, or UTF-8 bytes (a kept shape, or a page assembled from them), which
 * go out as they are, with no encoding and no measuring of text.
 *
 * @example
 * jsonBody('[]', 200, { 'X-WP-Total': '0', 'X-WP-TotalPages': '0' })
 */
export function jsonBody(body: string | Uint8Array, status = 200, headers: Record<string, string> = {}): Response {
  // The length is set here, not left to the server, so that the answer to HEAD carries it too (RFC 9110 §9.3.2).
  const pairs: [string, string][] = [
    ['content-type', JSON_TYPE],
    ['content-length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength)],
  ]
  for (const name in headers) setPair(pairs, name.toLowerCase(), headers[name] as string)
  return new PairsResponse(body, status, pairs)
}

/**
 * The error body of docs/errors.md for anything thrown by a handler: a CalendarError as the TEC release `tec`
 * answers it (the REST routes, `onTheWire`) or, without `tec`, as core threw it (the site's own pages, such as the
 * iCalendar feeds), anything else as a 500 `rest_internal_error` (logged by the caller). A 413 closes the
 * connection: the rest of a body too large to take is not read past a bound (docs/errors.md#request-bodies).
 *
 * @example
 * errorResponse(error, tecRules(calendar.state.settings))
 */
export function errorResponse(error: unknown, tec?: TecRules): Response {
  if (error instanceof CalendarError) {
    const wire = tec ? onTheWire(error, tec) : error
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
 * "Invalid parameter." whatever the method; but for an event's ID where the release checks it in the handler
 * (`TecRules.eventIdCheck`, `Single_Event::validate_event_exists`), which keeps core's code and status in TEC's
 * words.
 */
function onTheWire(error: CalendarError, tec: TecRules): CalendarError {
  if (!UNKNOWN_REFERENCE.test(error.code)) return error
  if ('slug' in error.data) return invalidParams({ slug: 'Invalid parameter.' })
  if (tec.eventIdCheck === 'handler' && error.code === 'rest-event-not-found')
    return new CalendarError(error.code, 404, `Event with ID ${error.data.id} does not exist.`)
  if (tec.eventIdCheck === 'handler' && error.code === 'rest-invalid-event-id')
    return new CalendarError(error.code, 400, 'The specified ID is not a valid event.')
  return invalidParams({ id: 'Invalid parameter.' })
}
