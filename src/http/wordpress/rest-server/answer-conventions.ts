import type { H3Event, Middleware } from 'h3'
import { parseQuery } from '../../request/params.js'
import { jsonBody } from '../../respond.js'
import { embedLinks, embedPath, embedRequest } from './response-embeds.js'
import { fieldList, keepFields } from './response-fields.js'

/**
 * What WordPress's REST server does to every answer of every namespace on its way out, asked for in the query
 * (`WP_REST_Server::serve_request()`), in its order:
 * 1. `_jsonp=<callback>` is checked first of all, before the credentials: a callback of anything but letters,
 *    digits, `_` and `.` is a 400 `rest_callback_invalid` (`wp_check_jsonp_callback()`), with no `data`;
 * 2. `_fields` trims the answer unless it is an error (`rest_filter_response_fields()`, response-fields.ts);
 *    then `_embed` embeds the resources its `_links` mark embeddable (`embed_links()`, response-embeds.ts);
 * 3. `_envelope` wraps it as `{ body, status, headers }`, answered 200: the headers in the envelope are the route's
 *    own (`X-WP-Total`, `Link`, `Allow`, …), which are then not sent (`envelope_response()`);
 * 4. `_pretty` indents the JSON by four spaces (`JSON_PRETTY_PRINT`);
 * 5. `_jsonp` sends it as `/**\/<callback>(<json>)`, `application/javascript`, whatever the method and status.
 * A query without any of them costs one look at its text (`CONVENTION_KEY`).
 */

/** What the middleware needs of the app. */
export interface AnswerConventionsOptions {
  /** Whether the request, its path mapped onto calfile's prefix, is one of the REST API's. */
  isRest(event: H3Event): boolean
  /** The `Allow` the app would send with the answer (`rest_send_allow_header()`), which an envelope carries. */
  allowOf(event: H3Event): string | undefined
  /** The site's REST root as its links name it (`http://127.0.0.1:3000/wp-json`), under which links embed. */
  restRoot(event: H3Event): string
  /** The JSON answer to `path` (under `/wp-json`, with its query) for the request's viewer: an embedded link's. */
  fetchJson(path: string, event: H3Event): Promise<unknown>
}

/**
 * How the app adds WordPress's REST headers to an answer the conventions shaped, kept in `event.context.restHeaders`:
 * all of them (absent), all but `Allow` (an envelope carries it), or only the discovery `Link` (a refused JSONP
 * callback is answered before anything else is sent).
 */
export type RestHeaderSet = 'all' | 'no-allow' | 'link-only'

/** The route's own headers as WordPress names them in an envelope; the totals are numbers there. */
const ENVELOPED: Readonly<Record<string, string>> = {
  'x-tec-total': 'X-TEC-Total',
  'x-tec-totalpages': 'X-TEC-TotalPages',
  'x-wp-total': 'X-WP-Total',
  'x-wp-totalpages': 'X-WP-TotalPages',
  link: 'Link',
  location: 'Location',
}
const NUMERIC = new Set(['x-tec-total', 'x-tec-totalpages', 'x-wp-total', 'x-wp-totalpages'])

/** The headers an answer is made with, not its own (the envelope's `headers` leave them out). */
const MADE = new Set(['content-type', 'content-length', 'connection'])

const JAVASCRIPT_TYPE = 'application/javascript; charset=UTF-8'

/** A query naming one of the conventions, its `_` perhaps escaped (PHP decodes keys): nothing else is looked at. */
const CONVENTION_KEY = /[?&](?:_|%5f)(?:fields|envelope|jsonp|pretty|embed)/iu

/**
 * Marks an answer whose `_links` WordPress adds as response links (`WP_REST_Response::add_link()`) whatever `_fields`
 * asks: a namespace's index (`get_namespace_index()`). Other answers are trimmed by `trimmed`.
 *
 * @example
 * keepLinks(event)
 * return json(namespaceIndex)
 */
export function keepLinks(event: H3Event): void {
  event.context.responseLinks = true
}

/**
 * The conventions as h3 middleware, for the app to put before its routes.
 *
 * @example
 * app.use(answerConventions({ isRest, allowOf, restRoot: () => 'http://127.0.0.1:3000/wp-json', fetchJson }))
 * await app.request('/wp-json/tribe/events/v1/events?_fields=total') // {"total":3}
 */
export function answerConventions(options: AnswerConventionsOptions): Middleware {
  return (event, next) => {
    if (!CONVENTION_KEY.test(event.url.search) || !options.isRest(event)) return next()
    const query = parseQuery(event.url)
    const fields = fieldList(query._fields)
    const envelope = query._envelope !== undefined
    const pretty = query._pretty !== undefined
    // PHP reads `_jsonp=` and `_jsonp=0` as no callback.
    const jsonp = query._jsonp === '' || query._jsonp === '0' ? undefined : query._jsonp
    if (jsonp !== undefined && !validCallback(jsonp)) {
      event.context.restHeaders = 'link-only' satisfies RestHeaderSet
      const refused = { code: 'rest_callback_invalid', message: 'Invalid JSONP callback function.' }
      return jsonBody(JSON.stringify(refused), 400, { 'content-type': JAVASCRIPT_TYPE })
    }
    const embed = query._embed === undefined ? undefined : embedRequest(query._embed)
    if (!fields && !envelope && !pretty && jsonp === undefined && !embed) return next()
    return Promise.resolve(next()).then(async (answer) => {
      if (!(answer instanceof Response)) return answer
      const type = answer.headers.get('content-type') ?? ''
      if (!type.startsWith('application/json')) return answer
      const text = await answer.text()
      let data: unknown = text === '' ? null : JSON.parse(text)
      let status = answer.status
      const headers: Record<string, string> = {}
      for (const [name, value] of answer.headers) if (!MADE.has(name)) headers[name] = value
      if (fields && status < 400)
        data = trimmed(data, fields, event.context.responseLinks === true, embed !== undefined)
      if (embed && status < 400) {
        const root = options.restRoot(event)
        data = await embedLinks(data, embed, async (href) => {
          const path = embedPath(href, root)
          return path === undefined ? undefined : options.fetchJson(path, event)
        })
      }
      if (envelope) {
        data = { body: data, status, headers: envelopeHeaders(headers, options.allowOf(event)) }
        status = 200
        for (const name in headers) if (name in ENVELOPED) delete headers[name]
        event.context.restHeaders = 'no-allow' satisfies RestHeaderSet
      }
      const json = pretty ? JSON.stringify(data, null, 4) : JSON.stringify(data)
      if (typeof jsonp !== 'string') return jsonBody(json, status, headers)
      // `/**\/` first, as WordPress sends it, against Rosetta Flash.
      return jsonBody(`/**/${jsonp}(${json})`, status, { ...headers, 'content-type': JAVASCRIPT_TYPE })
    })
  }
}

/**
 * The data trimmed to `fields` (`rest_filter_response_fields()`). A list's items carry their `_links` in the data,
 * trimmed as any field (`prepare_response_for_collection()`); a single answer's are response links, added after the
 * trim (`response_to_data()`), all of them, when `_fields` names `_links` or, under `_embed`, `_embedded`, or a field
 * inside either (`rest_is_field_included()`, as the controllers ask before `prepare_links()`), or when the answer
 * always has them (`keepLinks`).
 */
function trimmed(data: unknown, fields: readonly string[], always: boolean, embed: boolean): unknown {
  const kept = keepFields(data, fields)
  if (Array.isArray(data) || typeof data !== 'object' || data === null) return kept
  const own = (data as { _links?: unknown })._links
  const named = (field: string) => fields.some((asked) => asked === field || asked.startsWith(`${field}.`))
  if (own === undefined || !(always || named('_links') || (embed && named('_embedded')))) return kept
  return { ...(Array.isArray(kept) ? {} : (kept as object)), _links: own }
}

/** `wp_check_jsonp_callback()`: a text of letters, digits, `_` and `.` only. */
function validCallback(callback: unknown): callback is string {
  return typeof callback === 'string' && /^[\w.]*$/u.test(callback)
}

/** The route's own headers as `WP_REST_Response::get_headers()` has them, `Allow` last as its filter adds it. */
function envelopeHeaders(headers: Record<string, string>, allow: string | undefined): object {
  const enveloped: Record<string, string | number> = {}
  for (const name in headers) {
    const wordpress = ENVELOPED[name]
    if (wordpress) enveloped[wordpress] = NUMERIC.has(name) ? Number(headers[name]) : (headers[name] as string)
  }
  if (allow !== undefined) enveloped.Allow = allow
  // No header at all is PHP's empty array.
  return Object.keys(enveloped).length === 0 ? [] : enveloped
}
