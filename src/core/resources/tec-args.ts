import { CalendarError, invalidParams } from '../errors.js'
import type { WriteMode } from './write-mode.js'

/**
 * What TEC's route declares for a write argument: a JSON Schema type that WordPress checks
 * (`rest_validate_value_from_schema()`), or `text`, its validator `Tribe__Validator__Base::is_string()` (a string
 * PHP does not count as empty: not `""` nor `"0"`).
 */
export type TecArg = 'boolean' | 'string' | 'text'

/** `rest_is_boolean()`: a boolean, 0 or 1, or one of these texts in any case. */
const BOOLEAN_TEXTS = new Set(['true', 'false', '0', '1'])

function accepts(rule: TecArg, value: unknown): boolean {
  if (rule === 'string') return typeof value === 'string'
  if (rule === 'text') return typeof value === 'string' && value !== '' && value !== '0'
  if (typeof value === 'boolean') return true
  if (typeof value === 'number') return value === 0 || value === 1
  return typeof value === 'string' && BOOLEAN_TEXTS.has(value.toLowerCase())
}

/**
 * Refuses a body as WordPress refuses it before TEC's route runs (`WP_REST_Request::has_valid_params()`): 400
 * `rest_invalid_param` naming the fields in the body's order. Fields a validator refuses come alone, each with
 * `Invalid parameter.` and `data.details` `[]`; else fields of the wrong type, each with WordPress's sentence and
 * its `rest_invalid_type` error in `data.details`.
 * @throws CalendarError 400 when a field breaks its rule.
 */
export function assertTecArgs(body: unknown, rules: Readonly<Record<string, TecArg>>): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return
  const wrong = Object.entries(body as Record<string, unknown>).flatMap(([key, value]) => {
    const rule = rules[key]
    return rule === undefined || value === undefined || accepts(rule, value) ? [] : [{ key, rule }]
  })
  const refused = wrong.filter(({ rule }) => rule === 'text')
  if (refused.length > 0) {
    const params = Object.fromEntries(refused.map(({ key }) => [key, 'Invalid parameter.']))
    throw invalid(Object.keys(params), { params, details: [] })
  }
  if (wrong.length === 0) return
  const message = (key: string, rule: TecArg) => `${key} is not of type ${rule}.`
  throw invalid(
    wrong.map(({ key }) => key),
    {
      params: Object.fromEntries(wrong.map(({ key, rule }) => [key, message(key, rule)])),
      details: Object.fromEntries(
        wrong.map(({ key, rule }) => [
          key,
          { code: 'rest_invalid_type', message: message(key, rule), data: { param: key } },
        ]),
      ),
    },
  )
}

/**
 * A body's 400 `rest_invalid_param` led by the route's own `id` or `slug`, "Invalid parameter.", for a reference
 * that names nothing and is checked with the other arguments: `WP_REST_Request::has_valid_params()` walks the
 * route's arguments, the path's first. Any other error is returned as it is.
 *
 * @example
 * referenceLed(invalidParams({ start_date: 'Invalid parameter.' }), 'id').message // 'Invalid parameter(s): id, start_date'
 */
export function referenceLed(error: unknown, key: 'id' | 'slug'): unknown {
  if (!(error instanceof CalendarError) || error.code !== 'rest_invalid_param') return error
  const params = (error.data.params ?? {}) as Record<string, unknown>
  if (key in params) return error
  return invalid([key, ...Object.keys(params)], { ...error.data, params: { [key]: 'Invalid parameter.', ...params } })
}

function invalid(keys: string[], data: Record<string, unknown>): CalendarError {
  return new CalendarError('rest_invalid_param', 400, `Invalid parameter(s): ${keys.join(', ')}`, data)
}

/**
 * 400 `rest_invalid_param` for the fields of a body that are wrong: calfile's reason for each, or read as TEC
 * reads it (`mode.tec`) TEC's own answer, `Invalid parameter.` for each with `data.details` `[]` (its validators
 * say no more).
 */
export function invalidBody(params: Record<string, string>, mode: WriteMode): CalendarError {
  if (!mode.tec) return invalidParams(params)
  const keys = Object.keys(params)
  return invalid(keys, { params: Object.fromEntries(keys.map((key) => [key, 'Invalid parameter.'])), details: [] })
}
