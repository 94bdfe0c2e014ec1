/**
 * The pieces the tec/v1 object schemas are written with (`definitions.ts`, `event-definition.ts`): TEC's patterns,
 * its keyword order, and a property's schema per TEC type, each with TEC's example.
 */

/** An OpenAPI schema object. */
export type Schema = Record<string, unknown>

/** TEC's RFC 3339 pattern of a post's dates (`TEC_Post_Entity_Definition`). */
export const RFC3339 = '^\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:Z|[+-]\\d{2}(?::\\d{2})?)?$'

/** TEC's pattern of an event's wall dates (`Event_Definition`): `Y-m-d H:i:s`. */
const WALL_DATE = '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$'

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` })

/** The order of TEC's keywords (`Parameter::to_array()`), in which a property's schema is written. */
const KEYWORD_ORDER = ['description', 'nullable', 'readOnly', 'type', 'items', 'default', 'format', 'pattern', 'enum']

/** A property's schema, its keywords in TEC's order and `example` last. */
export function property(keywords: Schema, example: unknown): Schema {
  const rank = (key: string) => KEYWORD_ORDER.indexOf(key) + 1 || KEYWORD_ORDER.length
  const sorted = Object.entries(keywords).sort(([a], [b]) => rank(a) - rank(b))
  return { ...Object.fromEntries(sorted), example }
}

export const text = (description: string, example: string, more: Schema = {}): Schema =>
  property({ description, type: 'string', ...more }, example)

export const integer = (description: string, example: number, more: Schema = {}): Schema =>
  property({ description, type: 'integer', ...more }, example)

export const boolean = (description: string, example: boolean, more: Schema = {}): Schema =>
  property({ description, type: 'boolean', ...more }, example)

export const integers = (description: string, example: number[]): Schema =>
  property({ description, type: 'array', items: { type: 'integer' }, uniqueItems: true }, example)

/** A post's date as WordPress shows it (`mysql_to_rfc3339()`): the wall time without a zone, which the pattern allows. */
export const postDate = (description: string, example: string, more: Schema): Schema =>
  property({ description, type: 'string', format: 'date-time', pattern: RFC3339, ...more }, example)

export const wallDate = (description: string, example: string): Schema =>
  property({ description, type: 'string', format: 'date-time', pattern: WALL_DATE }, example)

/** `{ rendered, protected }` of `content` and `excerpt`. */
export const rendered = (description: string, what: string, example: string): Schema => ({
  description,
  type: 'object',
  properties: {
    rendered: text(`HTML ${what} for the entity, transformed for display`, example),
    protected: boolean(`Whether the ${what} is protected with a password`, false),
  },
  required: ['rendered', 'protected'],
})

export const STATUSES = ['publish', 'pending', 'draft', 'future', 'private']

/** A post type's own part of its object: its `type`, as the enum of that one post type. */
export const postType = (type: string): Schema => ({ type: { type: 'string', enum: [type] } })
