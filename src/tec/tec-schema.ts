import * as v from 'valibot'
import { isZone } from '../core/dates/zoned.js'
import { expected } from '../core/messages.js'
import { BoolSchema, IdSchema, NO_GMT_DATE, TextSchema, WallSchema } from '../core/model/records.js'
import { ORGANIZER_TEXT_FIELDS, VENUE_TEXT_FIELDS } from '../core/resources/linked-posts/venue-record.js'

/**
 * The shape of a saved response of TEC's REST API v1, read loosely: extra keys are allowed (docs/errors.md) and
 * TEC's own spellings (IDs as digits, `false`/`[]`/`""` for none, numbers as strings) become one type each.
 */

const WALL = '"YYYY-MM-DD HH:MM:SS"'
const id = IdSchema
const text = TextSchema
const bool = BoolSchema
const wall = WallSchema
const zone = v.pipe(text, v.check(isZone, expected('an IANA time zone, UTC or UTC+H[:MM]')))
const link = v.pipe(text, v.url(expected('an absolute URL')))
/** TEC writes user and image IDs as strings of digits. */
const ID_DIGITS = expected('an ID (digits)')
const digits = v.pipe(
  v.union(
    [
      v.pipe(v.string(), v.regex(/^\d+$/u, ID_DIGITS)),
      v.pipe(v.number(), v.integer(ID_DIGITS), v.minValue(0, ID_DIGITS)),
    ],
    ID_DIGITS,
  ),
  v.transform(Number),
)
const TERM_ID = expected('a term ID or 0')
const termId = v.pipe(v.number(TERM_ID), v.integer(TERM_ID), v.minValue(0, TERM_ID))
/** TEC's cost is a string; a number is read as its text. */
const costText = v.pipe(v.union([text, v.number()], expected('a string')), v.transform(String))
const NUMERIC = expected('a number')
const numeric = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^-?\d+(?:\.\d+)?$/u, NUMERIC))], NUMERIC),
  v.transform(Number),
)

/** TEC writes "none" as `false` (image), `[]` (venue) or `""`; all become null. */
function orNone<T extends v.GenericSchema>(schema: T) {
  const none = (input: unknown) =>
    input === null || input === false || input === '' || (Array.isArray(input) && input.length === 0)
  return v.optional(
    v.pipe(
      v.unknown(),
      v.transform((input) => (none(input) ? null : input)),
      v.nullable(schema),
    ),
  )
}

/** Optional entries of one schema, in the keys' order: entry order is the order issues are found in. */
function optionalEach<K extends string, S extends v.GenericSchema>(keys: readonly K[], schema: S) {
  return Object.fromEntries(keys.map((key) => [key, v.optional(schema)])) as Record<K, v.OptionalSchema<S, undefined>>
}

const ImageSchema = v.looseObject(
  {
    url: text,
    id: v.optional(digits),
    extension: v.optional(text),
    width: v.optional(numeric),
    height: v.optional(numeric),
    sizes: v.optional(v.unknown()),
  },
  expected('an image object or false'),
)

/** A UTC wall time, or the `NO_GMT_DATE` of a draft WordPress has not dated. */
const gmtWall = v.union([v.literal(NO_GMT_DATE), wall], expected(WALL))

const postFields = {
  id,
  author: v.optional(digits),
  status: v.optional(text),
  date: v.optional(wall),
  date_utc: v.optional(gmtWall),
  modified: v.optional(wall),
  modified_utc: v.optional(gmtWall),
  description: v.optional(text),
  excerpt: v.optional(text),
  slug: v.optional(text),
  image: orNone(ImageSchema),
}

/** A venue, embedded in an event or on its own. */
export const VenueSchema = v.looseObject(
  {
    ...postFields,
    // TEC leaves out empty fields, the name included (beltline venue 53321).
    venue: v.optional(text),
    ...optionalEach(VENUE_TEXT_FIELDS, text),
    geo_lat: orNone(numeric),
    geo_lng: orNone(numeric),
    ...optionalEach(['show_map', 'show_map_link'], bool),
  },
  expected('a venue object or []'),
)

/** An organizer, embedded in an event or on its own. */
export const OrganizerSchema = v.looseObject(
  { ...postFields, organizer: v.optional(text), ...optionalEach(ORGANIZER_TEXT_FIELDS, text) },
  expected('an organizer object'),
)

const TermSchema = v.looseObject(
  {
    id,
    name: v.pipe(text, v.nonEmpty(expected('a non-empty name'))),
    slug: v.optional(text),
    description: v.optional(text),
    parent: v.optional(termId),
  },
  expected('a term object'),
)

const CostDetailsSchema = v.looseObject(
  {
    currency_symbol: v.optional(text),
    currency_position: v.optional(text),
    values: v.optional(v.array(costText, expected('an array'))),
  },
  expected('an object'),
)

/** An event with its venue, organizers, categories, tags and image embedded. */
export const EventSchema = v.looseObject(
  {
    ...postFields,
    // The event's permalink and its REST route, which tells where the site is (`tec-fields.ts`, `permalinkPath`).
    url: v.optional(link),
    rest_url: v.optional(link),
    title: text,
    start_date: wall,
    end_date: v.optional(wall),
    timezone: v.optional(zone),
    all_day: v.optional(bool),
    cost: v.optional(costText),
    cost_details: v.optional(CostDetailsSchema),
    website: v.optional(text),
    ...optionalEach(['show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured', 'ticketed'], bool),
    venue: orNone(VenueSchema),
    organizer: v.optional(v.array(OrganizerSchema, expected('an array of organizers'))),
    categories: v.optional(v.array(TermSchema, expected('an array of terms'))),
    tags: v.optional(v.array(TermSchema, expected('an array of terms'))),
    custom_fields: v.optional(v.unknown()),
  },
  expected('an event object'),
)

/**
 * The list envelopes (`/events`, `/venues`, `/organizers`, `/categories`, `/tags`): the records under their kind's
 * key. A term list carries the terms no event shows (count 0, or only on events the reader cannot see).
 */
export const ListSchemas = {
  events: v.looseObject({ events: v.array(EventSchema, expected('an array')) }),
  venues: v.looseObject({ venues: v.array(VenueSchema, expected('an array')) }),
  organizers: v.looseObject({ organizers: v.array(OrganizerSchema, expected('an array')) }),
  categories: v.looseObject({ categories: v.array(TermSchema, expected('an array')) }),
  tags: v.looseObject({ tags: v.array(TermSchema, expected('an array')) }),
}

export type EventCapture = v.InferOutput<typeof EventSchema>
export type VenueCapture = v.InferOutput<typeof VenueSchema>
export type OrganizerCapture = v.InferOutput<typeof OrganizerSchema>
export type TermCapture = v.InferOutput<typeof TermSchema>
export type ImageCapture = v.InferOutput<typeof ImageSchema>
export type CostDetailsCapture = v.InferOutput<typeof CostDetailsSchema>
/**
 * The records with the shared post fields (docs/responses.md#event): `id`, `author`, `status`, `date`, `image`, ...
 */
export type PostCapture = VenueCapture | OrganizerCapture | EventCapture
