import { isEmpty, isNumeric, phpFloat } from '../../php/type-juggling.js'
import { openApiExample, openApiProperties } from './parameter-schemas.js'
import type { Parameter } from './parameters.js'

/**
 * The arguments of every tec/v1 route as TEC 6.17.2 declares them, in TEC's English and order: the lists'
 * `read_params()` of `TEC\Events\REST\TEC\V1\Endpoints\Events`, `Venues`, `Organizers`, the single routes'
 * `get_path_parameters()`, `Post_Entity_Endpoint::delete_params()`, and the create/update bodies
 * (`TEC_Post_Entity_Request_Body_Definition` with `Event_`, `Venue_` and `Organizer_Request_Body_Definition`).
 */

/** What the lists' existence checks ask calfile's state. */
export interface PostLookup {
  /** Whether `id` is a venue's post ID, trashed or not (`tribe_is_venue()` reads the post type only). */
  isVenue(id: number): boolean
  /** Whether `id` is an organizer's post ID, trashed or not (`tribe_is_organizer()`). */
  isOrganizer(id: number): boolean
}

/** `Post_Entity_Endpoint::ALLOWED_STATUS`. */
const ALLOWED_STATUS = ['publish', 'pending', 'draft', 'future', 'private'] as const

/**
 * `Tribe__Utils__Array::list_to_array()`: an empty value none, a text split at commas (spaces around them dropped),
 * empty items dropped. (Its `urldecode()` of an already decoded text is left out: it changes only doubly encoded
 * IDs.)
 */
function listToArray(value: unknown): unknown[] {
  if (isEmpty(value)) return []
  const list = typeof value === 'object' && value !== null ? Object.values(value) : String(value).split(/\s*,\s*/u)
  return list.filter((item) => item !== '')
}

/**
 * `Tribe__Events__Validator__Base::is_venue_id_list()` / `is_organizer_id_list()`: one ID or more (a single ID
 * passes, unlike a category), each numeric and of the kind.
 */
function isIdList(value: unknown, isOfKind: (id: number) => boolean): boolean {
  const list = listToArray(value)
  return list.length > 0 && list.every((item) => isNumeric(item) && isOfKind(Math.trunc(phpFloat(item))))
}

/** `Post_Entity_Endpoint::validate_status()`: statuses (a CSV text or an array), each one TEC allows. */
function isStatusList(value: unknown): boolean {
  const list = typeof value === 'string' ? value.split(',') : value
  if (typeof list !== 'object' || list === null) return false
  return Object.values(list).every((status) => (ALLOWED_STATUS as readonly unknown[]).includes(status))
}

/** `page` and `per_page` of every list: `per_page` defaults to WordPress's `posts_per_page`, at most 100. */
function pageArguments(perPage: number): Parameter[] {
  return [
    { name: 'page', type: 'positive-integer', description: 'The collection page number.', default: 1, minimum: 1 },
    {
      name: 'per_page',
      type: 'positive-integer',
      description: 'Maximum number of items to be returned in result set.',
      default: perPage,
      minimum: 1,
      maximum: 100,
    },
  ]
}

/** A list's `status`: statuses TEC allows, `publish` by default. */
function statusArgument(description: string): Parameter {
  return {
    name: 'status',
    type: 'array',
    items: 'text',
    description,
    enum: ALLOWED_STATUS,
    default: ['publish'],
    validate: isStatusList,
  }
}

const search: Parameter = { name: 'search', type: 'text', description: 'Limit results to those matching a string.' }

/**
 * `Events::read_params()`: the arguments of `GET /tec/v1/events`, `per_page` defaulting to the site's posts per
 * page (calfile's `settings.per_page`), `venue` and `organizer` checked against `lookup`.
 */
export function eventListArguments(perPage: number, lookup: PostLookup): readonly Parameter[] {
  const date = (name: string, description: string): Parameter => ({ name, type: 'date-time', description })
  const ids = (name: string, description: string, validate?: (value: unknown) => boolean): Parameter => ({
    name,
    type: 'array',
    items: 'positive-integer',
    description,
    ...(validate && { validate }),
  })
  return [
    ...pageArguments(perPage),
    date('start_date', 'Limit events to those starting after the specified date.'),
    date('end_date', 'Limit events to those ending before the specified date.'),
    search,
    ids('categories', 'Limit result set to events assigned specific categories.'),
    ids('tags', 'Limit result set to events assigned specific tags.'),
    ids('venue', 'Limit result set to events assigned to specific venues.', (value) =>
      isIdList(value, (id) => lookup.isVenue(id)),
    ),
    ids('organizer', 'Limit result set to events assigned to specific organizers.', (value) =>
      isIdList(value, (id) => lookup.isOrganizer(id)),
    ),
    { name: 'featured', type: 'boolean', description: 'Limit result set to featured events only.' },
    statusArgument('Limit result set to events with specific status.'),
    {
      name: 'post_parent',
      type: 'positive-integer',
      description: 'Limit result set to events with specific post parent.',
    },
    date('starts_before', 'Limit result set to events starting before the specified date.'),
    date('starts_after', 'Limit result set to events starting after the specified date.'),
    date('ends_before', 'Limit result set to events ending before the specified date.'),
    date('ends_after', 'Limit result set to events ending after the specified date.'),
    { name: 'ticketed', type: 'boolean', description: 'Limit result set to events with tickets.' },
    {
      name: 'orderby',
      type: 'text',
      description: 'Sort collection by event attribute.',
      default: 'event_date',
      enum: ['date', 'event_date', 'title', 'menu_order', 'modified'],
    },
    {
      name: 'order',
      type: 'text',
      description: 'Order sort attribute ascending or descending.',
      default: 'ASC',
      enum: ['ASC', 'DESC'],
    },
  ]
}

/** `Venues::read_params()` and `Organizers::read_params()`, which differ only in their words. */
function linkedListArguments(perPage: number, kind: 'venues' | 'organizers'): readonly Parameter[] {
  return [
    ...pageArguments(perPage),
    search,
    { name: 'event', type: 'positive-integer', description: `Limit result set to ${kind} with specific event.` },
    { name: 'has_events', type: 'boolean', description: `Limit result set to ${kind} with events.` },
    { name: 'only_with_upcoming', type: 'boolean', description: `Limit result set to ${kind} with upcoming events.` },
    statusArgument(`Limit result set to ${kind} with specific status.`),
  ]
}

/** `Venues::read_params()`: the arguments of `GET /tec/v1/venues`. */
export function venueListArguments(perPage: number): readonly Parameter[] {
  return linkedListArguments(perPage, 'venues')
}

/** `Organizers::read_params()`: the arguments of `GET /tec/v1/organizers`. */
export function organizerListArguments(perPage: number): readonly Parameter[] {
  return linkedListArguments(perPage, 'organizers')
}

function pathId(kind: string): Parameter {
  return { name: 'id', type: 'positive-integer', description: `Unique identifier for the ${kind}.`, location: 'path' }
}

/** The `{id}` of `/events/{id}` (`Event::get_path_parameters()`). */
export const EVENT_ID: Parameter = pathId('event')
/** The `{id}` of `/venues/{id}`. */
export const VENUE_ID: Parameter = pathId('venue')
/** The `{id}` of `/organizers/{id}`. */
export const ORGANIZER_ID: Parameter = pathId('organizer')

/** `Post_Entity_Endpoint::delete_params()`: `DELETE` of a single route takes `force` (false: to the trash). */
export const DELETE_ARGUMENTS: readonly Parameter[] = [
  { name: 'force', type: 'boolean', description: 'Whether to bypass Trash and force deletion.', default: false },
]

/** `TEC_Post_Entity_Request_Body_Definition`'s pattern of `date` and `date_gmt`: RFC 3339. */
const RFC3339 = '^\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:Z|[+-]\\d{2}(?::\\d{2})?)?$'

/** `Event_Request_Body_Definition`'s pattern of the event's dates: `Y-m-d H:i:s`. */
const WALL_DATE = '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$'

const text = (name: string, description: string, example?: string): Parameter => ({
  name,
  type: 'text',
  description,
  ...(example !== undefined && { example }),
})

/** `TEC_Post_Entity_Request_Body_Definition`: the WordPress post fields of every tec/v1 body. */
const POST_ENTITY_BODY: readonly Parameter[] = [
  {
    name: 'date',
    type: 'date-time',
    description: "The date the entity was published, in the site's timezone. In RFC3339 format.",
    example: '2025-06-04T23:36:56+01:00',
    pattern: RFC3339,
    nullable: true,
  },
  {
    name: 'date_gmt',
    type: 'date-time',
    description: 'The date the entity was published, as GMT. In RFC3339 format.',
    example: '2025-06-04T22:36:56Z',
    pattern: RFC3339,
    nullable: true,
  },
  text('slug', 'An alphanumeric identifier for the entity unique to its type', 'my-awesome-title'),
  {
    name: 'status',
    type: 'text',
    description: 'A named status for the entity.',
    default: 'publish',
    enum: ALLOWED_STATUS,
    example: 'publish',
  },
  text('title', 'HTML title for the entity, transformed for display', 'My Awesome Title'),
  text('content', 'HTML content for the entity, transformed for display', 'This is the content...'),
  text('excerpt', 'HTML excerpt for the entity, transformed for display', 'This is the excerpt...'),
  { name: 'author', type: 'positive-integer', description: 'The ID for the author of the entity.', example: 1 },
  {
    name: 'featured_media',
    type: 'positive-integer',
    description: 'The ID of the featured media for the entity.',
    example: 123,
  },
  {
    name: 'comment_status',
    type: 'text',
    description: 'Whether or not comments are open on the entity.',
    default: 'open',
    enum: ['open', 'closed'],
    example: 'open',
  },
  {
    name: 'ping_status',
    type: 'text',
    description: 'Whether or not the entity can be pinged',
    default: 'open',
    enum: ['open', 'closed'],
    example: 'open',
  },
  {
    name: 'format',
    type: 'text',
    description: 'The format for the entity.',
    default: 'standard',
    enum: ['standard', 'aside', 'chat', 'gallery', 'link', 'image', 'quote', 'status', 'video', 'audio'],
    example: 'standard',
  },
  {
    name: 'sticky',
    type: 'boolean',
    description: 'Whether or not the entity should be treated as sticky',
    default: false,
    example: false,
  },
  text('template', 'The theme file to use to display the entity.', 'templates-full.php'),
  {
    name: 'tags',
    type: 'array',
    items: 'positive-integer',
    description: 'The terms assigned to the entity in the post_tag taxonomy',
    example: [2, 8, 15],
  },
]

/** `Event_Request_Body_Definition`'s own fields. */
const EVENT_FIELDS: readonly Parameter[] = [
  {
    name: 'tribe_events_cat',
    type: 'array',
    items: 'positive-integer',
    description: 'The terms assigned to the entity in the tribe_events_cat taxonomy',
    example: [1, 5, 12],
  },
  ...(
    [
      ['start_date', 'The start date of the event', '2025-06-05 12:00:00'],
      ['start_date_utc', 'The start date of the event in UTC', '2025-06-05 09:00:00'],
      ['end_date', 'The end date of the event', '2025-06-05 16:00:00'],
      ['end_date_utc', 'The end date of the event in UTC', '2025-06-05 13:00:00'],
    ] as const
  ).map(
    ([name, description, example]): Parameter => ({
      name,
      type: 'date-time',
      description,
      example,
      pattern: WALL_DATE,
    }),
  ),
  text('timezone', 'The timezone of the event', 'Europe/Athens'),
  { name: 'duration', type: 'positive-integer', description: 'The duration of the event in seconds', example: 14400 },
  { name: 'all_day', type: 'boolean', description: 'Whether the event is all day', example: false },
  { name: 'featured', type: 'boolean', description: 'Whether the event is featured', example: false },
  { name: 'sticky', type: 'boolean', description: 'Whether the event is sticky', example: false },
  text('cost', 'The cost of the event', '$10'),
  {
    name: 'organizers',
    type: 'array',
    items: 'positive-integer',
    description: 'The organizers of the event',
    example: [1, 2],
  },
  { name: 'venues', type: 'array', items: 'positive-integer', description: 'The venues of the event', example: [7] },
]

/** `Venue_Request_Body_Definition`'s own fields. */
const VENUE_FIELDS: readonly Parameter[] = [
  text('address', 'The venue address'),
  text('country', 'The venue country'),
  text('city', 'The venue city'),
  text('state_province', 'The venue state/province'),
  text('state', 'The venue state'),
  text('province', 'The venue province'),
  text('zip', 'The venue zip code'),
  text('phone', 'The venue phone number'),
  { name: 'website', type: 'uri', description: 'The venue website' },
]

/** `Organizer_Request_Body_Definition`'s own fields. */
const ORGANIZER_FIELDS: readonly Parameter[] = [
  { name: 'phone', type: 'text', format: 'tel', description: "The organizer's phone number", example: '123-456-7890' },
  { name: 'website', type: 'uri', description: "The organizer's website" },
  { name: 'email', type: 'email', description: "The organizer's email address" },
]

/**
 * The body of `POST /events` and `PUT`/`PATCH /events/{id}`: the post's fields, then the event's, in TEC's order
 * (the event's `sticky`, without a default, in the post's place for WordPress; TEC's filter still defaults it).
 */
export const EVENT_BODY: readonly Parameter[] = [...POST_ENTITY_BODY, ...EVENT_FIELDS]
/** The body of `POST /venues` and `PUT`/`PATCH /venues/{id}`. */
export const VENUE_BODY: readonly Parameter[] = [...POST_ENTITY_BODY, ...VENUE_FIELDS]
/** The body of `POST /organizers` and `PUT`/`PATCH /organizers/{id}`. */
export const ORGANIZER_BODY: readonly Parameter[] = [...POST_ENTITY_BODY, ...ORGANIZER_FIELDS]

/** A body definition of the post's fields and one kind's own (`allOf`, as each `*_Request_Body_Definition`). */
function kindBody(own: Record<string, unknown>, fields: readonly Parameter[]): Record<string, unknown> {
  return {
    allOf: [
      { $ref: '#/components/schemas/TEC_Post_Entity_Request_Body' },
      { ...own, properties: openApiProperties(fields) },
    ],
  }
}

/**
 * The request body schemas of `/docs`' `components.schemas`, as TEC's definitions write them (the event's title
 * first, the venue's and organizer's type first).
 */
export function requestBodySchemas(): Record<string, Record<string, unknown>> {
  const own = (title: string, kind: string) => ({
    type: 'object',
    title: `${title} Request Body`,
    description: `The request body for the ${kind} endpoint`,
  })
  return {
    TEC_Post_Entity_Request_Body: {
      title: 'TEC Post Entity Request Body',
      description: 'A TEC post object as expected by the REST API',
      type: 'object',
      properties: openApiProperties(POST_ENTITY_BODY),
    },
    Event_Request_Body: kindBody(
      { title: 'Event Request Body', description: 'The request body for the event endpoint', type: 'object' },
      EVENT_FIELDS,
    ),
    Organizer_Request_Body: kindBody(own('Organizer', 'organizer'), ORGANIZER_FIELDS),
    Venue_Request_Body: kindBody(own('Venue', 'venue'), VENUE_FIELDS),
  }
}

/**
 * The `requestBody` of `/docs` for creating or updating a kind (`RequestBodyCollection::to_array()`): required,
 * its schema a reference to the kind's body, its example every field's.
 *
 * @example
 * requestBody('event', 'create').description // 'The event data to create.'
 */
export function requestBody(
  kind: 'event' | 'venue' | 'organizer',
  action: 'create' | 'update',
): Record<string, unknown> {
  const body = { event: EVENT_BODY, venue: VENUE_BODY, organizer: ORGANIZER_BODY }[kind]
  const name = `${kind[0]!.toUpperCase()}${kind.slice(1)}_Request_Body`
  return {
    description: `The ${kind} data to ${action}.`,
    required: true,
    content: {
      'application/json': { schema: { $ref: `#/components/schemas/${name}` }, example: openApiExample(body) },
    },
  }
}
