import { CalendarError } from '../../../core/errors.js'
import { escUrlRaw, isEmail } from '../../php/value-checks.js'
import type { IndexArg } from './rest-namespace.js'

/**
 * A route's arguments checked as WordPress's REST server checks those a controller declares with a JSON Schema
 * (`WP_REST_Request::has_valid_params()` → `rest_validate_request_arg()` → `rest_validate_value_from_schema()`, then
 * `rest_sanitize_value_from_schema()`), for the keywords the posts and terms controllers use: `type` (`integer`,
 * `string`, `boolean`, `array` of one of those), `minimum`/`maximum`, `enum`, `default`. WordPress checks in two
 * rounds, and answers the first that fails: the arguments declared with a `validate_callback` (`validated`), in the
 * declared order (`has_valid_params()`), then the others, as sanitizing them checks them, in the order the request
 * sent them (`sanitize_params()`). Every failed argument of the round is named in one 400 `rest_invalid_param`,
 * with WordPress's messages in `data.params` and its errors in `data.details`.
 */

/** One argument's schema, as a controller's `get_collection_params()` declares it. */
export interface ArgumentSchema {
  /** What the index says of it (`WP_REST_Server::get_data_for_route()`); not checked. */
  description?: string
  type: 'integer' | 'string' | 'boolean' | 'array' | 'object'
  /**
   * `date-time` where WordPress declares it (the check itself is the route's); `email`, checked by `is_email()`;
   * `uri`, read through `esc_url_raw()` (`rest_sanitize_value_from_schema()`).
   */
  format?: 'date-time' | 'email' | 'uri'
  /** A request without it is a 400 `rest_missing_callback_param`, before any other check. */
  required?: boolean
  minimum?: number
  maximum?: number
  enum?: readonly string[]
  /** The type of an array's items. */
  items?: ArgumentSchema
  /** What a request that does not send the argument gets. */
  default?: unknown
  /** Declared with a `validate_callback` (`rest_validate_request_arg`): checked in the first round. */
  validated?: boolean
}

/** A failed check, as `WP_Error` gives it: the code, WordPress's message and its data (`null` when none). */
interface Failure {
  code: string
  message: string
  data: unknown
}

/**
 * The arguments of a request checked against `schemas` and read as WordPress sanitizes them: integers as numbers,
 * booleans as booleans, arrays from a list or a comma-separated text (`wp_parse_list()`), absent ones as their
 * default (or left out). Arguments the schemas do not declare are left out.
 *
 * @example
 * checkArguments({ per_page: '5' }, { per_page: { type: 'integer', minimum: 1, maximum: 100, default: 10 } })
 * // { per_page: 5 }
 * checkArguments({ order: 'up' }, { order: { type: 'string', enum: ['asc', 'desc'] } })
 * // throws 400 rest_invalid_param "Invalid parameter(s): order", params.order "order is not one of asc and desc."
 * @throws CalendarError 400 `rest_invalid_param`.
 */
export function checkArguments(
  query: Readonly<Record<string, unknown>>,
  schemas: Readonly<Record<string, ArgumentSchema>>,
): Record<string, unknown> {
  const missing = Object.entries(schemas).filter(([name, schema]) => schema.required && !Object.hasOwn(query, name))
  if (missing.length > 0) {
    const params = missing.map(([name]) => name)
    throw new CalendarError('rest_missing_callback_param', 400, `Missing parameter(s): ${params.join(', ')}`, {
      params,
    })
  }
  const read: Record<string, unknown> = {}
  for (const [name, schema] of Object.entries(schemas)) if (schema.default !== undefined) read[name] = schema.default
  const sent = (names: Iterable<string>, validated: boolean) =>
    [...names].filter(
      (name) =>
        Object.hasOwn(schemas, name) && Object.hasOwn(query, name) && (schemas[name]?.validated ?? false) === validated,
    )
  checkRound(query, schemas, sent(Object.keys(schemas), true), read)
  checkRound(query, schemas, sent(Object.keys(query), false), read)
  return read
}

/** One round of checks over `names`, the values read into `read`; throws if any fails. */
function checkRound(
  query: Readonly<Record<string, unknown>>,
  schemas: Readonly<Record<string, ArgumentSchema>>,
  names: readonly string[],
  read: Record<string, unknown>,
): void {
  const params: Record<string, string> = {}
  const details: Record<string, Failure> = {}
  for (const name of names) {
    const checked = checkValue(query[name], schemas[name] as ArgumentSchema, name)
    if ('failure' in checked) {
      params[name] = checked.failure.message
      details[name] = checked.failure
    } else read[name] = checked.value
  }
  const failed = Object.keys(params)
  if (failed.length > 0)
    throw new CalendarError('rest_invalid_param', 400, `Invalid parameter(s): ${failed.join(', ')}`, {
      params,
      details,
    })
}

/**
 * A failure of an argument found valid by its schema but refused by the controller, in the same words
 * (`Status is forbidden.`, `rest_forbidden_status`).
 *
 * @example
 * throw refusedArgument('status', 'rest_forbidden_status', 'Status is forbidden.', { status: 401 })
 */
export function refusedArgument(name: string, code: string, message: string, data: unknown = null): CalendarError {
  return new CalendarError('rest_invalid_param', 400, `Invalid parameter(s): ${name}`, {
    params: { [name]: message },
    details: { [name]: { code, message, data } },
  })
}

type Checked = { value: unknown } | { failure: Failure }

function checkValue(value: unknown, schema: ArgumentSchema, param: string): Checked {
  switch (schema.type) {
    case 'array':
      return checkList(value, schema, param)
    case 'integer':
      return checkInteger(value, schema, param)
    case 'boolean':
      return checkBoolean(value, param)
    case 'string':
      return checkString(value, schema, param)
    case 'object':
      // `rest_is_object()`: an object, or the empty text PHP reads as an empty array.
      if (value === '') return { value: {} }
      if (typeof value === 'object' && value !== null) return { value }
      return failure('rest_invalid_type', `${param} is not of type object.`, { param })
  }
}

function checkList(value: unknown, schema: ArgumentSchema, param: string): Checked {
  // `wp_parse_list()`: a text is split on commas and white space.
  const items =
    typeof value === 'string'
      ? value.split(/[\s,]+/u).filter((item) => item !== '')
      : Array.isArray(value)
        ? value
        : typeof value === 'object' && value !== null
          ? Object.values(value)
          : [value]
  if (!schema.items) return { value: items }
  const read: unknown[] = []
  for (const [index, item] of items.entries()) {
    const checked = checkValue(item, schema.items, `${param}[${index}]`)
    if ('failure' in checked) return checked
    read.push(checked.value)
  }
  return { value: read }
}

/** `rest_is_integer()`: a number or numeric text with no fraction; then the bounds. */
function checkInteger(value: unknown, schema: ArgumentSchema, param: string): Checked {
  const number = restInteger(value)
  if (Number.isNaN(number)) return failure('rest_invalid_type', `${param} is not of type integer.`, { param })
  const { minimum, maximum } = schema
  if (minimum !== undefined && maximum !== undefined && (number < minimum || number > maximum))
    return failure('rest_out_of_bounds', `${param} must be between ${minimum} (inclusive) and ${maximum} (inclusive)`)
  if (minimum !== undefined && number < minimum)
    return failure('rest_out_of_bounds', `${param} must be greater than or equal to ${minimum}`)
  if (maximum !== undefined && number > maximum)
    return failure('rest_out_of_bounds', `${param} must be less than or equal to ${maximum}`)
  return { value: number }
}

/** `rest_is_boolean()`: true, false, 1, 0 and their texts, `yes` and `no` not among them. */
/**
 * A value as `rest_is_integer()` reads it: a number or numeric text (spaces around it trimmed) with no fraction, as
 * a number; `NaN` for anything else.
 *
 * @example
 * restInteger(' 12 ') // 12
 * restInteger('1.5') // NaN
 */
export function restInteger(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined
  const number = text !== undefined && /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/iu.test(text) ? Number(text) : NaN
  return Number.isInteger(number) ? number : NaN
}

function checkBoolean(value: unknown, param: string): Checked {
  const text = String(value).toLowerCase()
  if (['true', '1'].includes(text) || value === true) return { value: true }
  if (['false', '0', ''].includes(text) || value === false) return { value: false }
  return failure('rest_invalid_type', `${param} is not of type boolean.`, { param })
}

function checkString(value: unknown, schema: ArgumentSchema, param: string): Checked {
  if (typeof value !== 'string' && typeof value !== 'number')
    return failure('rest_invalid_type', `${param} is not of type string.`, { param })
  const text = String(value)
  if (schema.enum && !schema.enum.includes(text))
    return failure('rest_not_in_enum', `${param} is not one of ${humanList(schema.enum)}.`)
  if (schema.format === 'email' && !isEmail(text)) return failure('rest_invalid_email', 'Invalid email address.')
  return { value: schema.format === 'uri' ? escUrlRaw(text) : text }
}

/** `rest_validate_enum()`'s list: `a`, `a and b`, `a, b, and c` (`wp_sprintf_l()`). */
function humanList(items: readonly string[]): string {
  if (items.length <= 2) return items.join(' and ')
  return `${items.slice(0, -1).join(', ')}, and ${items.at(-1)}`
}

function failure(code: string, message: string, data: unknown = null): { failure: Failure } {
  return { failure: { code, message, data } }
}

/**
 * Arguments as the REST index lists them (`WP_REST_Server::get_data_for_route()`): each schema's JSON Schema
 * keywords, then `required` (false: none of these routes requires one); `[]` for none, PHP's empty array.
 *
 * @example
 * indexArgs({ page: { description: 'Current page of the collection.', type: 'integer', minimum: 1, default: 1 } })
 * // { page: { description: 'Current page of the collection.', type: 'integer', default: 1, minimum: 1, required: false } }
 */
export function indexArgs(schemas: Readonly<Record<string, ArgumentSchema>>): Record<string, IndexArg> | [] {
  const args: Record<string, IndexArg> = {}
  for (const [name, { validated: _validated, ...schema }] of Object.entries(schemas)) {
    const { description, type, format, enum: allowed, items, default: byDefault, minimum, maximum, required } = schema
    const listed: Record<string, unknown> = { description, type, format, enum: allowed, items, default: byDefault }
    Object.assign(listed, { minimum, maximum, required: required ?? false })
    for (const key of Object.keys(listed)) if (listed[key] === undefined) delete listed[key]
    if (items) listed.items = Object.fromEntries(Object.entries(items).filter(([key]) => key !== 'validated'))
    args[name] = listed as unknown as IndexArg
  }
  return Object.keys(args).length === 0 ? [] : args
}
