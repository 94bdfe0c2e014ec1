import { parseInputString } from '../../../core/dates/input.js'
import { requireZone } from '../../../core/dates/zones.js'
import { CalendarError, missingParams } from '../../../core/errors.js'
import { sanitizeTextField } from '../../../core/render/fields.js'
import { tecRules } from '../../../core/resources/tec-versions.js'
import { absint, isEmpty, isNumeric, phpArray, phpBool, phpFloat, phpInt, phpString } from '../../php/type-juggling.js'
import { isEmail, isSerialized, isValidIp, isValidUrl } from '../../php/value-checks.js'

/**
 * The arguments of TEC's tec/v1 routes (TEC 6.17.2's common library, `TEC\Common\REST\TEC\V1`): one `Parameter`
 * per argument as TEC's `Parameter_Types` declare them, read as WordPress and TEC read a request
 * (`readArguments`); `parameter-schemas.ts` describes them as the namespace index and TEC's `/docs` show them.
 */

/** TEC's argument types (`Parameter_Types\*`): `positive-integer` is `Positive_Integer`, `hex-color` `Hex_Color`, … */
export type ScalarType =
  | 'positive-integer'
  | 'integer'
  | 'number'
  | 'text'
  | 'boolean'
  | 'date-time'
  | 'date'
  | 'email'
  | 'uri'
  | 'uuid'
  | 'hex-color'
  | 'ip'

/** What an `Array_Of_Type` holds: the types with a `get_subitem_format()` (a boolean one has none). */
export type ItemType = Exclude<ScalarType, 'boolean'>

/** One argument of a tec/v1 route, as TEC declares it (`Abstracts\Parameter`); a key left out is TEC's `null`. */
export interface Parameter {
  name: string
  /** TEC's type: a scalar, `array` (`Array_Of_Type`, of `items`) or `entity` (`Entity`, of `properties`). */
  type: ScalarType | 'array' | 'entity'
  items?: ItemType
  properties?: readonly Parameter[]
  description?: string
  /** What WordPress passes when the argument is not sent, and TEC's filter when it is sent empty. */
  default?: unknown
  /** Shown, not checked: TEC's validators ignore them (`per_page=500` passes). */
  minimum?: number
  maximum?: number
  /** Allowed texts: checked for a `text`, and for each item of an array of `text`. */
  enum?: readonly string[]
  /** A PCRE the value must match (`text`, `date-time`, `date`): its text is also TEC's error detail. */
  pattern?: string
  /** A `text`'s own format (`tel`); the other types have theirs. */
  format?: string
  required?: boolean
  nullable?: boolean
  example?: unknown
  /** `path` for a route's `(?P<id>\d+)`: not in WordPress's `args`, read as an integer by TEC's filter. */
  location?: 'query' | 'path'
  /**
   * A check of the caller's (`is_venue_id_list()`): it replaces the type's own, as TEC's `$validator` does, and
   * refuses with WordPress's "Invalid parameter.".
   */
  validate?: (value: unknown) => boolean
}

/** tec/v1 exists from TEC 6.15 on: calfile answers it as TEC 6.17.2 on its WordPress. */
const WORDPRESS = tecRules({ tec_version: '6.17' }).wordpress

/** PHP's zone under WordPress, in which `strtotime()` reads a date without one. */
const UTC = requireZone('UTC')

/** TEC's `InvalidRestArgumentException`: a validator's refusal with its own code and sentences. */
class InvalidArgument extends Error {
  constructor(
    message: string,
    readonly argument: string,
    readonly code: string,
    readonly details: string,
  ) {
    super(message)
  }

  /** `rest_convert_error_to_response( $e->to_wp_error() )->get_data()`, as WordPress puts it in `data.details`. */
  toDetails(): Record<string, unknown> {
    return {
      code: this.code,
      message: this.message,
      data: { status: 400, argument: this.argument, details: this.details },
    }
  }
}

/** `Argument `{name}` must …` with its detail `The argument `{name}` is …`, as TEC's validators word them. */
function refuse(name: string, code: string, must: string, detail: string): InvalidArgument {
  return new InvalidArgument(`Argument \`{${name}}\` must ${must}.`, name, `tec_rest_invalid_${code}_argument`, detail)
}

function isNot(name: string, what: string): string {
  return `The argument \`{${name}}\` is not ${what}.`
}

function patternRefusal(name: string, code: string, pattern: string): InvalidArgument {
  return refuse(
    name,
    code,
    'match the pattern',
    `The argument \`{${name}}\` does not match the pattern \`${pattern}\`.`,
  )
}

/** PHP's `preg_match( '/' . $pattern . '/', (string) $value )`. */
function matches(pattern: string, value: unknown): boolean {
  return new RegExp(pattern).test(phpString(value))
}

/**
 * Whether PHP's `strtotime()` reads a text, as far as calfile reads dates (`parseInputString`): a day past the
 * month's end rolls over as in PHP (`2025-02-30`), and the epoch itself is refused, `strtotime()` giving 0. Texts
 * PHP reads and calfile does not (`January 1 2025`, `noon`, a military zone letter such as `a`) are refused.
 */
function strtotimeAccepts(text: string): boolean {
  const trimmed = text.trim()
  const rolled = /^(\d{4}-(?:0[1-9]|1[0-2])-)(29|30|31)(.*)$/u.exec(trimmed)
  const readable = rolled ? `${rolled[1]}28${rolled[3]}` : trimmed
  const wall = parseInputString(readable, UTC, Date.now())
  return wall !== null && wall !== '1970-01-01 00:00:00'
}

/** The `Parameter` an array's items are checked and cleaned as (`get_class_of_subtype()`); none for dates. */
export function itemOf(parameter: Parameter): Parameter | undefined {
  const type = parameter.items
  if (type === undefined || type === 'date') return undefined
  const { minimum, maximum } = parameter
  const text = type !== 'positive-integer' && type !== 'integer' && type !== 'number'
  return text ? { name: 'example', type, enum: parameter.enum } : { name: 'example', type, minimum, maximum }
}

/**
 * TEC's validator of a parameter's type (`get_validator()`): true, false (WordPress's "Invalid parameter."), or an
 * `InvalidArgument` thrown with TEC's words. An array checks each item under the name `example`, as TEC does.
 */
function check(parameter: Parameter, value: unknown): boolean {
  if (parameter.validate) return parameter.validate(value)
  const { name, pattern } = parameter
  switch (parameter.type) {
    case 'positive-integer':
    case 'integer': {
      const positive = parameter.type === 'positive-integer'
      const integer = isNumeric(value) && phpInt(value) === phpFloat(value)
      if (integer && (!positive || phpInt(value) > 0)) return true
      const what = positive ? 'a positive integer' : 'an integer'
      throw refuse(name, positive ? 'positive_integer' : 'integer', `be ${what}`, isNot(name, what))
    }
    case 'number':
      if (typeof value === 'number') return true
      throw refuse(name, 'number', 'be a number', isNot(name, 'a number'))
    case 'boolean':
      return true
    case 'text':
      if (pattern !== undefined) {
        if (typeof value !== 'string') throw refuse(name, 'string', 'be a string', isNot(name, 'a string'))
        if (!matches(pattern, value)) throw patternRefusal(name, 'string', pattern)
        return true
      }
      if (parameter.enum) return typeof value === 'string' && parameter.enum.includes(value)
      return typeof value === 'string' && !isSerialized(value)
    case 'date-time':
    case 'date': {
      const code = parameter.type === 'date' ? 'date' : 'date_time'
      if (pattern !== undefined && !matches(pattern, value)) throw patternRefusal(name, code, pattern)
      if (isNumeric(value) || (typeof value === 'string' && strtotimeAccepts(value))) return true
      const detail = `We cannot parse the argument \`{${name}}\` as a ${parameter.type}.`
      throw refuse(name, code, 'be a date-time', detail)
    }
    case 'email':
      // An array, which crashes PHP's `is_email()` (a 500 from TEC), is refused as any other non-address.
      if (isEmail(value)) return true
      throw refuse(name, 'email', 'be a valid email address', isNot(name, 'a valid email address'))
    case 'uri':
      if (isValidUrl(value)) return true
      throw refuse(name, 'uri', 'be a valid URL', isNot(name, 'a valid URL'))
    case 'uuid':
      if (typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u.test(value))
        return true
      throw refuse(
        name,
        'uuid',
        'be a valid UUID',
        `${isNot(name, 'a valid UUID')} It should be a string like \`123e4567-e89b-12d3-a456-426614174000\`.`,
      )
    case 'hex-color':
      if (typeof value !== 'string') throw refuse(name, 'hex_color', 'be a string', isNot(name, 'a string'))
      if (/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/u.test(value)) return true
      throw refuse(
        name,
        'hex_color',
        'be a valid hex color',
        `${isNot(name, 'a valid hex color')} It should be a string like \`#000000\` or \`#000\`.`,
      )
    case 'ip':
      if (isValidIp(value)) return true
      throw refuse(name, 'ip', 'be a valid IP address', isNot(name, 'a valid IP address'))
    case 'array':
      return checkArray(parameter, value)
    case 'entity':
      return checkEntity(parameter, value)
  }
}

/** A CSV text (one with a comma) as the list it names, else null: `Array_Of_Type`'s reading of a text. */
function csv(value: unknown): string[] | null {
  return typeof value === 'string' && value.includes(',') ? value.split(',') : null
}

/**
 * `Array_Of_Type`: an array, or a text with a comma (`5` alone is refused), each item valid as `items`. Every item
 * is checked, as `array_filter()` does: one after a refused one may still throw its error.
 */
function checkArray(parameter: Parameter, value: unknown): boolean {
  const list = csv(value) ?? (typeof value === 'object' && value !== null ? Object.values(value) : null)
  if (list === null) return false
  const item = itemOf(parameter)
  let valid = true
  for (const each of list) if (item && !check(item, each)) valid = false
  return valid
}

/**
 * `Entity`: each required property present, each present one valid (`Property x is …`). A value that is no object,
 * which crashes TEC's typed closure (a 500), is refused.
 */
function checkEntity(parameter: Parameter, value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const entity = value as Record<string, unknown>
  for (const property of parameter.properties ?? []) {
    const argument = parameter.name ? `${parameter.name}.${property.name}` : property.name
    const given = entity[property.name]
    if (given === undefined || given === null) {
      if (!property.required) continue
      throw new InvalidArgument(
        `Property ${argument} is required`,
        argument,
        'tec_rest_required_property_missing',
        'The property is required but missing.',
      )
    }
    if (!check(property, given))
      throw new InvalidArgument(
        `Property ${argument} is invalid`,
        argument,
        'tec_rest_invalid_property',
        'The property is invalid.',
      )
  }
  return true
}

/**
 * TEC's sanitizer of a parameter's type (`get_sanitizer()`): `absint()`, `intval()`, `floatval()`, `(bool)`
 * (`"false"` is true), lower case for a colour, and for the text types `sanitize_text_field()` unless an enum or a
 * pattern holds the value; an array's items (from a CSV text or `(array)`) one by one.
 */
function sanitize(parameter: Parameter, value: unknown): unknown {
  switch (parameter.type) {
    case 'positive-integer':
      return absint(value)
    case 'integer':
      return phpInt(value)
    case 'number':
      return phpFloat(value)
    case 'boolean':
      return phpBool(value)
    case 'hex-color':
      return phpString(value).replace(/[A-Z]/gu, (c) => c.toLowerCase())
    case 'array': {
      const list = csv(value) ?? phpArray(value)
      const item = itemOf(parameter)
      return item ? list.map((each) => sanitize(item, each)) : list
    }
    case 'entity':
      return sanitizeEntity(parameter, value)
    default:
      if (parameter.enum !== undefined || parameter.pattern !== undefined) return phpString(value)
      return typeof value === 'object' && value !== null ? '' : sanitizeTextField(phpString(value), WORDPRESS)
  }
}

function sanitizeEntity(parameter: Parameter, value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  const entity = { ...(value as Record<string, unknown>) }
  for (const property of parameter.properties ?? []) {
    const given = entity[property.name]
    if (given !== undefined && given !== null) entity[property.name] = sanitize(property, given)
  }
  return entity
}

/**
 * The route's `args` as WordPress holds them: one per name, a later declaration replacing an earlier one in its
 * place (`array_merge()` of a body's definitions: the event's `sticky` over the post's), path arguments left out.
 */
export function routeArgs(parameters: readonly Parameter[]): Map<string, Parameter> {
  const args = new Map<string, Parameter>()
  for (const parameter of parameters) if (parameter.location !== 'path') args.set(parameter.name, parameter)
  return args
}

export function given(value: unknown): boolean {
  return value !== undefined && value !== null
}

/**
 * A tec/v1 request's arguments as TEC's handler receives them, read in WordPress's then TEC's order:
 * - `WP_REST_Request::has_valid_params()`: a required argument missing → 400 `rest_missing_callback_param`; then
 *   every argument sent or defaulted checked (`check`), all refusals in one 400 `rest_invalid_param`, named in
 *   the route's order, `data.params` `{ name: message }` and `data.details` TEC's error of each that has one;
 * - `sanitize_params()`: each sent argument and each default cleaned (`sanitize`);
 * - `OpenAPI_Schema::filter_before_request()`: only the declared arguments kept (unknown fields dropped), an empty
 *   one replaced by its default (an update without `status` is `publish`), integers as `intval()`.
 *
 * `sent` is the request's parameters as WordPress merges them (body over query over the path's `id`), read by
 * `parseQuery`/the JSON body; a JSON `null` counts as not sent for the checks and as sent for the cleaning (a
 * `title` of `null` becomes `""`).
 *
 * @example
 * readArguments(eventListArguments(10, lookup), { per_page: '5', foo: 'x' })
 * // { page: 1, per_page: 5, status: ['publish'], orderby: 'event_date', order: 'ASC' }
 * @throws CalendarError 400 `rest_missing_callback_param` or `rest_invalid_param`, TEC's bodies byte for byte.
 */
export function readArguments(
  parameters: readonly Parameter[],
  sent: Record<string, unknown>,
): Record<string, unknown> {
  const args = routeArgs(parameters)
  // `get_param()`: what was sent, else the default.
  const param = (parameter: Parameter) => (given(sent[parameter.name]) ? sent[parameter.name] : parameter.default)
  const missing = [...args.values()].filter((parameter) => parameter.required && !given(param(parameter)))
  if (missing.length > 0) throw missingParams(missing.map((parameter) => parameter.name))

  const params: Record<string, string> = {}
  const details: Record<string, unknown> = {}
  for (const parameter of args.values()) {
    const value = param(parameter)
    if (!given(value)) continue
    try {
      if (!check(parameter, value)) params[parameter.name] = 'Invalid parameter.'
    } catch (error) {
      if (!(error instanceof InvalidArgument)) throw error
      params[parameter.name] = error.message
      details[parameter.name] = error.toDetails()
    }
  }
  const refused = Object.keys(params)
  if (refused.length > 0) {
    // PHP's empty array, as WordPress sends `details` when no check said more than "Invalid parameter.".
    const detailed = Object.keys(details).length > 0 ? details : []
    throw new CalendarError('rest_invalid_param', 400, `Invalid parameter(s): ${refused.join(', ')}`, {
      params,
      details: detailed,
    })
  }

  const data: Record<string, unknown> = {}
  for (const parameter of args.values())
    if (given(parameter.default)) data[parameter.name] = sanitize(parameter, parameter.default)
  for (const [name, value] of Object.entries(sent)) {
    if (value === undefined) continue
    const parameter = args.get(name)
    data[name] = parameter ? sanitize(parameter, value) : value
  }
  return filtered(parameters, data)
}

/** `filter_before_request()`: the declared arguments in declaration order, defaults for empty ones. */
function filtered(parameters: readonly Parameter[], data: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {}
  for (const parameter of parameters) {
    const { name } = parameter
    if (isEmpty(data[name]) && given(parameter.default)) data[name] = parameter.default
    const value = data[name]
    if (!given(value)) continue
    if (parameter.type === 'positive-integer' || parameter.type === 'integer') kept[name] = phpInt(value)
    else if (parameter.type === 'number') kept[name] = phpFloat(value)
    else kept[name] = value
  }
  return kept
}
