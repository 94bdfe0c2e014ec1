import { phpInt } from '../../php/type-juggling.js'
import { given, itemOf, type Parameter, routeArgs } from './parameters.js'

/**
 * The arguments of tec/v1 as WordPress and TEC describe them: the `args` of the namespace index and `OPTIONS`
 * (`indexArgs`) and the parameters, properties and examples of TEC's `/docs` (`openApi*`), from the same
 * `Parameter`s the routes read.
 */

/** The JSON Schema type TEC gives each of its types (`get_type()`). */
function schemaType(type: Parameter['type']): string {
  if (type === 'positive-integer' || type === 'integer') return 'integer'
  if (type === 'number' || type === 'boolean' || type === 'array') return type
  return type === 'entity' ? 'object' : 'string'
}

/** The `format` TEC gives each type (`get_format()`): its own, or a `text`'s given one. */
function formatOf(parameter: Parameter): string | undefined {
  switch (parameter.type) {
    case 'text':
      return parameter.format
    case 'date-time':
    case 'date':
    case 'email':
    case 'uri':
    case 'uuid':
    case 'hex-color':
    case 'ip':
      return parameter.type
    default:
      return undefined
  }
}

/** An array's `items` (`Array_Of_Type::get_items()`): the item type's `get_subitem_format()`, then the enum. */
function itemsOf(parameter: Parameter): Record<string, unknown> {
  const type = parameter.items ?? 'text'
  const format = type === 'text' ? undefined : formatOf({ name: '', type })
  return {
    type: schemaType(type),
    ...(format !== undefined && { format }),
    ...(parameter.enum && { enum: parameter.enum }),
  }
}

/**
 * A parameter's keywords in the order of TEC's `Parameter::to_array()` (callbacks, `required` and `explode` aside):
 * what the index, `/docs`' parameters and its schemas each take a part of. An array's `enum` goes into its items.
 */
function keywords(parameter: Parameter): Record<string, unknown> {
  const array = parameter.type === 'array'
  const integer = parameter.type === 'positive-integer' || parameter.type === 'integer'
  const defaults = integer && given(parameter.default) ? phpInt(parameter.default) : parameter.default
  const entries: [string, unknown][] = [
    ['description', parameter.description ?? ''],
    ['nullable', parameter.nullable],
    ['type', schemaType(parameter.type)],
    ['items', array ? itemsOf(parameter) : undefined],
    ['default', defaults],
    ['maximum', parameter.maximum],
    ['minimum', parameter.minimum],
    ['format', formatOf(parameter)],
    ['pattern', parameter.pattern],
    ['uniqueItems', array ? true : undefined],
    ['properties', parameter.properties && openApiProperties(parameter.properties)],
    ['enum', array ? undefined : parameter.enum],
  ]
  return Object.fromEntries(entries.filter(([, value]) => given(value)))
}

/**
 * The `args` of a route as WordPress lists them in the namespace index and for `OPTIONS`
 * (`WP_REST_Server::get_data_for_route()`): per argument the keywords `rest_get_allowed_schema_keywords()` allows,
 * in TEC's order, then `required`. A route with none lists `[]`, PHP's empty array.
 *
 * @example
 * indexArgs(DELETE_ARGUMENTS) // { force: { description: 'Whether to bypass Trash and force deletion.', type: 'boolean', default: false, required: false } }
 */
export function indexArgs(parameters: readonly Parameter[]): Record<string, Record<string, unknown>> | [] {
  const args = [...routeArgs(parameters).values()]
  if (args.length === 0) return []
  return Object.fromEntries(
    args.map((parameter) => {
      const { nullable: _notAllowed, ...allowed } = keywords(parameter)
      return [parameter.name, { ...allowed, required: parameter.required === true }]
    }),
  )
}

/**
 * TEC's example of a parameter (`get_example()`): its own, else its type's (126 for a positive integer, the middle
 * of its minimum and maximum when it has them; an enum's first value; `Example`; …).
 */
function exampleOf(parameter: Parameter): unknown {
  if (parameter.example !== undefined) return parameter.example
  const { minimum, maximum } = parameter
  const middle = Math.ceil(((minimum ?? 1) + (maximum ?? 1)) / 2)
  const bounded = Boolean(minimum) || Boolean(maximum)
  switch (parameter.type) {
    case 'positive-integer':
      return bounded ? middle : 126
    case 'integer':
      return bounded ? Math.abs(middle) : -126
    case 'number':
      return bounded ? middle + 0.25 : 126.75
    case 'text':
      return parameter.enum?.[0] ?? 'Example'
    case 'boolean':
      return true
    case 'date-time':
      return '2025-06-05T12:00:00Z'
    case 'date':
      return '2025-06-05'
    case 'email':
      return 'example@theeventscalendar.com'
    case 'uri':
      return 'https://example.com'
    case 'uuid':
      return '123e4567-e89b-12d3-a456-426614174000'
    case 'hex-color':
      return '#000000'
    case 'ip':
      return '127.0.0.1'
    case 'array': {
      const item = itemOf(parameter)
      return item ? [exampleOf(item)] : ['string1', 'string2']
    }
    case 'entity':
      return { id: 1, name: 'Example' }
  }
}

/**
 * The OpenAPI 3.0 Parameter Objects of `/docs` for these parameters (`Parameter::to_openapi_schema()`): `name`,
 * `in` (`query`, or `path`, which is always required), `description`, `required`, `explode: false` for an array,
 * `schema` (the keywords but `description`), `example`.
 *
 * @example
 * openApiParameters([EVENT_ID, ...DELETE_ARGUMENTS]) // [{ name: 'id', in: 'path', …, schema: { type: 'integer' }, example: 126 }, …]
 */
export function openApiParameters(parameters: readonly Parameter[]): Record<string, unknown>[] {
  return parameters.map((parameter) => {
    const { description, ...schema } = keywords(parameter)
    const path = parameter.location === 'path'
    return {
      name: parameter.name,
      in: path ? 'path' : 'query',
      description,
      required: path || parameter.required === true,
      ...(parameter.type === 'array' && { explode: false }),
      schema,
      example: exampleOf(parameter),
    }
  })
}

/**
 * The `properties` of an OpenAPI schema of `/docs` for these parameters (`PropertiesCollection::to_array()`): per
 * name its keywords and its `example` (none for an entity), a later declaration replacing an earlier one.
 */
export function openApiProperties(parameters: readonly Parameter[]): Record<string, Record<string, unknown>> {
  const properties: Record<string, Record<string, unknown>> = {}
  for (const parameter of parameters) {
    const example = parameter.type === 'entity' ? {} : { example: exampleOf(parameter) }
    properties[parameter.name] = { ...keywords(parameter), ...example }
  }
  return properties
}

/** The example of a request body made of these parameters (`Definition::get_example()`): each one's example. */
export function openApiExample(parameters: readonly Parameter[]): Record<string, unknown> {
  return Object.fromEntries(parameters.map((parameter) => [parameter.name, exampleOf(parameter)]))
}
