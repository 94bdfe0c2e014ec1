import type { H3Event } from 'h3'
import type { GenericSchema } from 'valibot'
import { safeParseOnce } from '../../core/cache/parsed-input.js'
import { firstIssuesByField } from '../../core/resources/fields.js'
import { assertTecArgs, invalidBody, type TecArg } from '../../core/resources/tec-args.js'
import { TEC_READING } from '../../core/resources/write-mode.js'
import { turn } from '../../core/turns.js'
import { parseQuery } from './params.js'
import { bodyOf, garbledFields } from './request-body.js'

/** What a write's body is checked against: its fields' schema, and what TEC declares of some of them. */
export interface BodyRules {
  body?: GenericSchema
  /** What TEC declares for some body fields (types, non-empty texts), checked before `body` as WordPress does. */
  args?: Readonly<Record<string, TecArg>>
}

/**
 * A write's body, read and checked: in its share of the event loop, as ten that arrive in one read of the sockets
 * would otherwise be read and validated at once, holding every other request up
 * (docs/data-file.md#writes-to-the-file); then against `rules`, in TEC's words. The body is read whole even when
 * the route takes none: a write is carried out only once its request arrived whole (docs/errors.md#request-bodies).
 *
 * @example
 * const body = await checkedBody(event, { body: TermBodySchema, args: TERM_ARGS })
 * @throws CalendarError 400 `rest_invalid_param` (a field of the wrong type, not UTF-8), or the body's own errors.
 */
export async function checkedBody(event: H3Event, rules: BodyRules): Promise<unknown> {
  await turn()
  const body = await bodyOf(event)
  if (rules.body) {
    // A form field whose octets are not UTF-8 is refused where the route reads it (docs/errors.md#request-bodies).
    const entries = (rules.body as { entries?: object }).entries ?? {}
    const garbled = garbledFields(body).filter((name) => Object.hasOwn(entries, name))
    if (garbled.length > 0)
      throw invalidBody(Object.fromEntries(garbled.map((name) => [name, 'not UTF-8'])), TEC_READING)
    // A body is refused in TEC's words (`Invalid parameter.`), its argument types first, as the write would be.
    if (rules.args) assertTecArgs(body, rules.args)
    const parsed = safeParseOnce(rules.body, body ?? {})
    if (!parsed.success) throw invalidBody(firstIssuesByField(parsed.issues), TEC_READING)
  }
  return body
}

/**
 * Checks a request's query against a route's parameters, refusing it in WordPress's words: 400
 * `rest_invalid_param`, `Invalid parameter.` for each (`WP_REST_Request::has_valid_params()`), as bodies are.
 * Exported for the routes that take a list's parameters outside the route table (the iCalendar feed).
 *
 * @example
 * checkQuery(eventQuerySchema('extended'), new URL('http://127.0.0.1:3000/events?per_page=0')) // throws
 * @throws CalendarError 400 `rest_invalid_param`.
 */
export function checkQuery(schema: GenericSchema, url: URL): void {
  const parsed = safeParseOnce(schema, parseQuery(url))
  if (!parsed.success) throw invalidBody(firstIssuesByField(parsed.issues), TEC_READING)
}
