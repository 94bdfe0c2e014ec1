import * as v from 'valibot'
import { STATUSES } from '../../core/model/records.js'

/**
 * Valibot descriptions of every response body of the interface (docs/responses.md, docs/lists.md, docs/errors.md),
 * for the OpenAPI document (`GET /doc`) and the test suite's response validation. They are never used to build a
 * response: the shape functions of `core/resources/*-shape.ts` do that, and these must stay faithful to them.
 *
 * Regular expressions carry no flags on purpose: JSON Schema `pattern` has no place for them.
 */

const WALL = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/
const DIGITS = /^\d+$/

/** `YYYY-MM-DD HH:MM:SS`, a wall time (docs/responses.md#event). */
const wallTime = (description: string) => v.pipe(v.string(), v.regex(WALL), v.description(description))
const int = (description: string) => v.pipe(v.number(), v.integer(), v.description(description))
const text = (description: string) => v.pipe(v.string(), v.description(description))
const flag = (description: string) => v.pipe(v.boolean(), v.description(description))
/** An empty JSON array: what WordPress's PHP sends for an empty object or a missing relation. */
const emptyArray = (description: string) => v.pipe(v.array(v.never()), v.maxLength(0), v.description(description))
const twoDigits = v.pipe(v.string(), v.regex(/^\d{2}$/))

/** `{year, month, day, hour, minutes, seconds}`, each a zero-padded string (docs/responses.md#event). */
export const DateDetailsSchema = v.pipe(
  v.strictObject({
    year: v.pipe(v.string(), v.regex(/^\d{4}$/)),
    month: twoDigits,
    day: twoDigits,
    hour: twoDigits,
    minutes: twoDigits,
    seconds: twoDigits,
  }),
  v.description('The parts of a wall time, each a zero-padded string'),
)

/**
 * `image` of a post when it has one (docs/responses.md#event): a media entry's fields, `id` 0 for an image given by
 * URL.
 */
export const ImageSchema = v.pipe(
  v.looseObject({
    url: text('Image URL'),
    id: int('Media ID; 0 for an image given by URL'),
    extension: text('File extension, lower case; "" when the URL has none'),
    width: v.optional(v.pipe(v.number(), v.description('Width in pixels, when known'))),
    height: v.optional(v.pipe(v.number(), v.description('Height in pixels, when known'))),
  }),
  v.description('A featured image'),
)

const status = v.pipe(v.picklist(STATUSES), v.description('Post status'))
const author = v.pipe(v.string(), v.regex(DIGITS), v.description('Author: a user ID as a string'))
const globalIds = {
  global_id: text('"<host><path>?id=<id>": the site URL without scheme and port'),
  global_id_lineage: v.pipe(v.array(v.string()), v.description('[global_id]')),
}
const postDates = {
  date: wallTime('Publication date, site time zone'),
  date_utc: wallTime('Publication date, UTC'),
  modified: wallTime('Last change, site time zone'),
  modified_utc: wallTime('Last change, UTC'),
}
/** schema.org JSON-LD: only single GETs carry it (docs/responses.md). */
const jsonLd = (type: string) =>
  v.optional(v.pipe(v.looseObject({ '@type': v.string() }), v.description(`schema.org ${type}; only on a single GET`)))

/**
 * Term `urls` (docs/responses.md#categories-and-tags): self, collection, and `up` only when the term has a parent.
 */
export const TermUrlsSchema = v.strictObject({
  self: text('<base>/<route>/<id>'),
  collection: text('<base>/<route>'),
  up: v.optional(text('<base>/<route>/<parent>; only when parent is not 0')),
})

const taxonomy = v.pipe(v.picklist(['tribe_events_cat', 'post_tag']), v.description('tribe_events_cat or post_tag'))

/** A category or tag as embedded in an event (docs/responses.md#terms-embedded-in-an-event): no `url`, no `meta`. */
export const EmbeddedTermSchema = v.strictObject({
  name: text('Name'),
  slug: text('Slug'),
  term_group: v.pipe(v.literal(0), v.description('Always 0')),
  term_taxonomy_id: int("The term's taxonomy row: its id, or the one a pulled site gave it"),
  taxonomy,
  description: text('Description'),
  parent: int('Parent category ID; 0 for none and for tags'),
  count: int('Published events that carry the term'),
  filter: v.pipe(v.literal('raw'), v.description('Always "raw"')),
  id: int('Term ID'),
  urls: TermUrlsSchema,
})

const VENUE_TEXT = {
  address: 'Street address',
  city: 'City',
  country: 'Country',
  province: 'Province',
  state: 'State',
  zip: 'Postal code',
  phone: 'Phone',
  website: 'Website',
  stateprovince: 'State or province',
}

/**
 * A venue (docs/responses.md#venue). Keys whose value may be empty are optional, as empty values (`""`, `"0"`,
 * `false`, null) are dropped; keys beyond the contract's (hand-written or imported) are allowed. Never empty: the ID,
 * author, status, dates, URL, slug (it falls back to the ID), the map flags and the global IDs.
 */
export const VenueSchema = v.looseObject({
  id: int('Venue ID'),
  author,
  status,
  ...postDates,
  url: text('<site_url>/venue/<slug>/'),
  // A venue imported from TEC may have no name (TEC drops the empty title); the slug then falls back to the ID.
  venue: v.optional(text('Venue name')),
  description: v.optional(text('Description (HTML)')),
  excerpt: v.optional(text('Excerpt')),
  slug: text('Slug'),
  image: v.optional(ImageSchema),
  ...Object.fromEntries(Object.entries(VENUE_TEXT).map(([key, description]) => [key, v.optional(text(description))])),
  geo_lat: v.optional(v.pipe(v.number(), v.description('Latitude; only with geo_lng'))),
  geo_lng: v.optional(v.pipe(v.number(), v.description('Longitude; only with geo_lat'))),
  show_map: flag('Show a map'),
  show_map_link: flag('Show a map link'),
  json_ld: jsonLd('Place'),
  ...globalIds,
})

/** An organizer (docs/responses.md#organizer); empty values dropped as for venues. */
export const OrganizerSchema = v.looseObject({
  id: int('Organizer ID'),
  author,
  status,
  ...postDates,
  url: text('<site_url>/organizer/<slug>/'),
  organizer: v.optional(text('Organizer name')),
  description: v.optional(text('Description (HTML)')),
  excerpt: v.optional(text('Excerpt')),
  slug: text('Slug'),
  image: v.optional(ImageSchema),
  phone: v.optional(text('Phone')),
  website: v.optional(text('Website')),
  email: v.optional(text('Email')),
  json_ld: jsonLd('Person'),
  ...globalIds,
})

/** `cost_details` (docs/responses.md#event): values sorted numerically. */
export const CostDetailsSchema = v.strictObject({
  currency_symbol: text('Currency symbol, e.g. "$"; "" when none'),
  currency_code: text('ISO 4217 code when known, e.g. "USD"; "" when none'),
  currency_position: v.pipe(v.picklist(['prefix', 'postfix', '']), v.description('Where the symbol goes')),
  values: v.pipe(v.array(v.string()), v.description('The cost values, sorted numerically')),
})

/** An event (docs/responses.md#event): every key always present but `json_ld`, which only single GETs carry. */
export const EventSchema = v.looseObject({
  id: int('Event ID'),
  ...globalIds,
  author,
  status,
  ...postDates,
  url: text('<site_url>/event/<slug>/'),
  rest_url: text('<base>/events/<id>'),
  title: text('Title'),
  description: text('Description (HTML as stored)'),
  excerpt: text('Excerpt; "" when none'),
  slug: text('Slug'),
  image: v.pipe(v.union([v.literal(false), ImageSchema]), v.description('The featured image, or false')),
  all_day: flag('Lasts the whole day'),
  start_date: wallTime('Start, in the event time zone'),
  start_date_details: DateDetailsSchema,
  end_date: wallTime('End, in the event time zone'),
  end_date_details: DateDetailsSchema,
  utc_start_date: wallTime('Start, UTC'),
  utc_start_date_details: DateDetailsSchema,
  utc_end_date: wallTime('End, UTC'),
  utc_end_date_details: DateDetailsSchema,
  timezone: text('IANA time zone (or UTC±H[:MM])'),
  timezone_abbr: text('Abbreviation in force at the start, e.g. EDT, or an offset such as +05:30'),
  cost: text('Formatted cost, e.g. "$23" or "Free – 30$"; "" when none'),
  cost_details: CostDetailsSchema,
  website: text("The event's website, or its url when none"),
  show_map: flag('Show a map'),
  show_map_link: flag('Show a map link'),
  hide_from_listings: flag('Hidden from lists'),
  sticky: flag('Sticky'),
  featured: flag('Featured'),
  categories: v.pipe(
    v.array(EmbeddedTermSchema),
    v.description('Categories, by name (case and accents aside), then ID'),
  ),
  tags: v.pipe(v.array(EmbeddedTermSchema), v.description('Tags, by name (case and accents aside), then ID')),
  venue: v.pipe(v.union([VenueSchema, emptyArray('No venue')]), v.description('The venue, or [] when none or trashed')),
  organizer: v.pipe(v.array(OrganizerSchema), v.description('Organizers in stored order; trashed ones left out')),
  custom_fields: v.optional(
    v.pipe(
      v.union([v.record(v.string(), v.unknown()), emptyArray('No custom fields')]),
      v.description(
        'Stored custom fields; [] when none under tec_version "6.17", as on TEC 6.17, and absent under "6.10"',
      ),
    ),
  ),
  json_ld: jsonLd('Event'),
})

const termEntries = {
  id: int('Term ID'),
  count: int('Published events that carry the term'),
  description: text('Description'),
  name: text('Name'),
  slug: text('Slug'),
}
const termTail = (archive: string) => ({
  meta: emptyArray('Always []'),
  url: text(`<site_url>/${archive}/<slug>/`),
  urls: TermUrlsSchema,
  _links: v.optional(
    v.pipe(
      v.record(v.string(), v.array(v.looseObject({ href: v.string() }))),
      v.description(
        "WordPress's links (self with targetHints.allow, collection, about, up, wp:post_type, curies) to " +
          '<origin>/wp-json/wp/v2/…, as TEC sends them (docs/wordpress.md#wpv2); only on a read, create or update',
      ),
    ),
  ),
})

/** A category as the term routes show it (docs/responses.md#categories-and-tags). */
export const CategorySchema = v.looseObject({
  ...termEntries,
  taxonomy: v.literal('tribe_events_cat'),
  parent: int('Parent category ID; 0 for none'),
  ...termTail('events/category'),
})

/** A tag as the term routes show it (docs/responses.md#categories-and-tags): no `parent`. */
export const TagSchema = v.looseObject({ ...termEntries, taxonomy: v.literal('post_tag'), ...termTail('tag') })

/** A list envelope (docs/lists.md): keys in order, the items under the kind's name. */
function listSchema<K extends string, T extends v.GenericSchema>(kind: K, item: T) {
  return v.strictObject({
    [kind]: v.array(item),
    rest_url: text(`<base>/${kind}/?<effective query>`),
    next_rest_url: v.optional(text('Next page; only when it has items')),
    previous_rest_url: v.optional(text('Previous page; only when page > 1')),
    total: int('Items across all pages'),
    total_pages: int('Pages; 0 when there are no items'),
  } as { [key in K]: v.ArraySchema<T, undefined> } & Record<string, v.GenericSchema>)
}

/** `GET /events` (docs/lists.md). */
export const EventListSchema = listSchema('events', EventSchema)
/** `GET /venues` (docs/lists.md). */
export const VenueListSchema = listSchema('venues', VenueSchema)
/** `GET /organizers` (docs/lists.md). */
export const OrganizerListSchema = listSchema('organizers', OrganizerSchema)
/** `GET /categories` (docs/lists.md). */
export const CategoryListSchema = listSchema('categories', CategorySchema)
/** `GET /tags` (docs/lists.md). */
export const TagListSchema = listSchema('tags', TagSchema)

/** The error body of docs/errors.md: `data.status` is the HTTP status; `data.params` names the bad parameters. */
export const ErrorSchema = v.looseObject({
  code: text('Machine-readable error code, e.g. rest_invalid_param'),
  message: text('Human-readable message'),
  data: v.looseObject({
    status: int('The HTTP status'),
    params: v.optional(
      v.pipe(
        v.union([v.record(v.string(), v.string()), v.array(v.string())]),
        v.description('rest_invalid_param: {name: reason}; rest_missing_callback_param: the missing names'),
      ),
    ),
  }),
  additional_data: v.optional(
    v.pipe(v.array(v.unknown()), v.description("WordPress's earlier data of the error: term_exists on a create")),
  ),
})

/**
 * One argument of an endpoint in the root route (docs/http.md), as WordPress describes it: TEC leaves out the type,
 * the description or both for some of its arguments, and gives `format` for some.
 */
export const RouteArgSchema = v.looseObject({
  required: v.boolean(),
  default: v.optional(v.unknown()),
  description: v.optional(v.string()),
  type: v.optional(v.union([v.string(), v.array(v.string())])),
  format: v.optional(v.string()),
})

const link = v.array(v.looseObject({ href: v.string() }))

/**
 * One route as WordPress describes it: in the root route, and as the answer to `OPTIONS` on it. An endpoint
 * without arguments has `[]`, PHP's empty array.
 */
export const RouteDescriptionSchema = v.looseObject({
  namespace: v.string(),
  methods: v.array(v.string()),
  endpoints: v.array(
    v.looseObject({
      methods: v.array(v.string()),
      args: v.union([v.record(v.string(), RouteArgSchema), v.pipe(v.array(v.unknown()), v.length(0))]),
    }),
  ),
  _links: v.optional(v.record(v.string(), link)),
})

/** The root route (docs/http.md): every route with its methods and the arguments of each endpoint. */
export const RootSchema = v.looseObject({
  namespace: v.picklist(['calendar/events/v1', 'tribe/events/v1']),
  routes: v.record(v.string(), RouteDescriptionSchema),
  _links: v.record(v.string(), link),
})

/** The OpenAPI document itself (`GET /doc`): only its top level is described. */
export const OpenApiSchema = v.looseObject({
  openapi: v.string(),
  info: v.looseObject({}),
  paths: v.record(v.string(), v.unknown()),
})

/** Every named response schema, as `components.schemas` of the document names them. */
export const RESPONSE_SCHEMAS = {
  Event: EventSchema,
  EmbeddedTerm: EmbeddedTermSchema,
  Venue: VenueSchema,
  Organizer: OrganizerSchema,
  Category: CategorySchema,
  Tag: TagSchema,
  Image: ImageSchema,
  DateDetails: DateDetailsSchema,
  CostDetails: CostDetailsSchema,
  TermUrls: TermUrlsSchema,
  EventList: EventListSchema,
  VenueList: VenueListSchema,
  OrganizerList: OrganizerListSchema,
  CategoryList: CategoryListSchema,
  TagList: TagListSchema,
  Error: ErrorSchema,
  RouteArg: RouteArgSchema,
  RouteDescription: RouteDescriptionSchema,
  Root: RootSchema,
  OpenApi: OpenApiSchema,
} as const
