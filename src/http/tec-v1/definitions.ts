import { requestBodySchemas } from './route-arguments.js'

/**
 * The object schemas of tec/v1's `/docs` (`components.schemas`), written from TEC 6.17.2's definitions
 * (`TEC\Common\REST\TEC\V1\Documentation\*_Definition`, `TEC\Events\REST\TEC\V1\Documentation\*_Definition`): every
 * property TEC documents, with TEC's words, and what calfile sends said more precisely where TEC's document falls
 * short of TEC's own answers: the `type` and `class_list` every object has, `duration` as the text TEC sends, and
 * `required` naming the fields every object carries. The request bodies are the parameters' (`requestBodySchemas`).
 */

type Schema = Record<string, unknown>

/** TEC's RFC 3339 pattern of a post's dates (`TEC_Post_Entity_Definition`). */
const RFC3339 = '^\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:Z|[+-]\\d{2}(?::\\d{2})?)?$'

/** TEC's pattern of an event's wall dates (`Event_Definition`): `Y-m-d H:i:s`. */
const WALL_DATE = '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$'

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` })

/** The order of TEC's keywords (`Parameter::to_array()`), in which a property's schema is written. */
const KEYWORD_ORDER = ['description', 'nullable', 'readOnly', 'type', 'items', 'default', 'format', 'pattern', 'enum']

/** A property's schema, its keywords in TEC's order and `example` last. */
function property(keywords: Schema, example: unknown): Schema {
  const rank = (key: string) => KEYWORD_ORDER.indexOf(key) + 1 || KEYWORD_ORDER.length
  const sorted = Object.entries(keywords).sort(([a], [b]) => rank(a) - rank(b))
  return { ...Object.fromEntries(sorted), example }
}

const text = (description: string, example: string, more: Schema = {}): Schema =>
  property({ description, type: 'string', ...more }, example)

const integer = (description: string, example: number, more: Schema = {}): Schema =>
  property({ description, type: 'integer', ...more }, example)

const boolean = (description: string, example: boolean, more: Schema = {}): Schema =>
  property({ description, type: 'boolean', ...more }, example)

const integers = (description: string, example: number[]): Schema =>
  property({ description, type: 'array', items: { type: 'integer' }, uniqueItems: true }, example)

/** A post's date as WordPress shows it (`mysql_to_rfc3339()`): the wall time without a zone, which the pattern allows. */
const postDate = (description: string, example: string, more: Schema): Schema =>
  property({ description, type: 'string', format: 'date-time', pattern: RFC3339, ...more }, example)

const wallDate = (description: string, example: string): Schema =>
  property({ description, type: 'string', format: 'date-time', pattern: WALL_DATE }, example)

/** `{ rendered, protected }` of `content` and `excerpt`. */
const rendered = (description: string, what: string, example: string): Schema => ({
  description,
  type: 'object',
  properties: {
    rendered: text(`HTML ${what} for the entity, transformed for display`, example),
    protected: boolean(`Whether the ${what} is protected with a password`, false),
  },
  required: ['rendered', 'protected'],
})

const STATUSES = ['publish', 'pending', 'draft', 'future', 'private']

/**
 * `TEC_Post_Entity_Definition`: the WordPress post every tec/v1 object starts with. `type` is added (TEC sends it,
 * its document leaves it out); `permalink_template` and `generated_slug` (the `edit` context's) and `comment_status`,
 * `ping_status`, `format`, `sticky` (which TEC's answers leave out) are documented, not required.
 */
const TEC_POST_ENTITY: Schema = {
  type: 'object',
  title: 'TEC Post Entity',
  description: 'A TEC post object as returned by the REST API',
  properties: {
    date: postDate(
      "The date the entity was published, in the site's timezone. In RFC3339 format.",
      '2025-06-04T23:36:56+01:00',
      { nullable: true },
    ),
    date_gmt: postDate('The date the entity was published, as GMT. In RFC3339 format.', '2025-06-04T22:36:56Z', {
      nullable: true,
    }),
    guid: {
      description: 'The globally unique identifier for the entity.',
      nullable: true,
      readOnly: true,
      type: 'object',
      properties: {
        rendered: text('The globally unique identifier for the entity.', 'https://example.com/?p=12345', {
          format: 'uri',
        }),
      },
    },
    id: integer('Unique identifier for the entity.', 12345, { readOnly: true }),
    link: text('URL to the entity.', 'https://example.com/my-awesome-title', { readOnly: true, format: 'uri' }),
    modified: postDate(
      "The date the entity was last modified, in the site's timezone. In RFC3339 format.",
      '2025-06-05T19:06:56-03:30',
      { readOnly: true },
    ),
    modified_gmt: postDate(
      'The date the entity was last modified, as GMT. In RFC3339 format.',
      '2025-06-05T22:36:56Z',
      {
        readOnly: true,
      },
    ),
    slug: text('An alphanumeric identifier for the entity unique to its type', 'my-awesome-title'),
    status: text('A named status for the entity.', 'publish', { default: 'publish', enum: STATUSES }),
    type: text('The post type of the entity.', 'tribe_events', { readOnly: true }),
    permalink_template: text('Permalink template for the entity.', 'https://example.com/sample/', { readOnly: true }),
    generated_slug: text('Slug automatically generated from the entity title', 'my-awesome-title', { readOnly: true }),
    // TEC's definition describes the title with the guid's words; it is the title.
    title: {
      description: 'The title for the entity.',
      type: 'object',
      properties: { rendered: text('HTML title for the entity, transformed for display', 'My Awesome Title') },
      required: ['rendered'],
    },
    content: rendered('The content for the entity.', 'content', 'This is the content...'),
    excerpt: rendered('The excerpt for the entity.', 'excerpt', 'This is the excerpt...'),
    author: integer('The ID for the author of the entity.', 1),
    featured_media: integer('The ID of the featured media for the entity.', 123),
    comment_status: text('Whether or not comments are open on the entity.', 'open', {
      default: 'open',
      enum: ['open', 'closed'],
    }),
    ping_status: text('Whether or not the entity can be pinged', 'open', { default: 'open', enum: ['open', 'closed'] }),
    format: text('The format for the entity.', 'standard', {
      default: 'standard',
      enum: ['standard', 'aside', 'chat', 'gallery', 'link', 'image', 'quote', 'status', 'video', 'audio'],
    }),
    sticky: boolean('Whether or not the entity should be treated as sticky', false, { default: false }),
    template: text('The theme file to use to display the entity.', 'templates-full.php'),
    tags: integers('The terms assigned to the entity in the post_tag taxonomy', [2, 8, 15]),
  },
  required: [
    'id',
    'date',
    'date_gmt',
    'guid',
    'modified',
    'modified_gmt',
    'slug',
    'status',
    'type',
    'link',
    'title',
    'content',
    'excerpt',
    'author',
    'featured_media',
    'template',
  ],
}

/** `Date_Definition`: a PHP `DateTime` as `json_encode()` writes it. */
const DATE: Schema = {
  type: 'object',
  properties: {
    date: {
      description: 'The date',
      type: 'string',
      format: 'date-time',
      pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{6}$',
      example: '2025-07-10 08:00:00.000000',
    },
    timezone_type: integer('The timezone type', 1),
    timezone: text('The timezone of the date', 'Europe/Athens'),
  },
  required: ['date', 'timezone_type', 'timezone'],
}

const DATE_FIELDS = ['start', 'start_utc', 'start_site', 'start_display', 'end', 'end_utc', 'end_site', 'end_display']

/** `Date_Details_Definition`: an event's `dates`, each a `Date`. */
const DATE_DETAILS: Schema = {
  type: 'object',
  properties: Object.fromEntries(DATE_FIELDS.map((field) => [field, ref('Date')])),
  required: DATE_FIELDS,
}

/** A post type's own part of its object: its `type`, as the enum of that one post type. */
const postType = (type: string): Schema => ({ type: { type: 'string', enum: [type] } })

/**
 * `Event_Definition`: the post, then the event's fields. `class_list` (the post's classes) is added; `duration` is
 * the text of digits TEC 6.17.2 sends (its document says an integer); `ticketed`, which only a ticketing plugin
 * sends, is documented, not required.
 */
const EVENT: Schema = {
  allOf: [
    ref('TEC_Post_Entity'),
    {
      type: 'object',
      description: 'An event',
      title: 'Event',
      properties: {
        ...postType('tribe_events'),
        class_list: {
          description: "The post's classes (`get_post_class()`): its ID, type and status, then one per term.",
          type: 'array',
          items: { type: 'string' },
          example: ['post-12345', 'tribe_events', 'type-tribe_events', 'status-publish', 'hentry'],
        },
        tribe_events_cat: integers('The terms assigned to the entity in the tribe_events_cat taxonomy', [1, 5, 12]),
        start_date: wallDate('The start date of the event', '2025-06-05 12:00:00'),
        start_date_utc: wallDate('The start date of the event in UTC', '2025-06-05 09:00:00'),
        end_date: wallDate('The end date of the event', '2025-06-05 16:00:00'),
        end_date_utc: wallDate('The end date of the event in UTC', '2025-06-05 13:00:00'),
        dates: ref('DateDetails'),
        timezone: text('The timezone of the event', 'Europe/Athens'),
        duration: text('The duration of the event in seconds, as the text of its digits TEC stores', '14400', {
          pattern: '^[0-9]+$',
        }),
        multiday: boolean('Whether the event is multiday', false),
        is_past: boolean('Whether the event is in the past', false),
        is_now: boolean('Whether the event is happening now', false),
        all_day: boolean('Whether the event is all day', false),
        starts_this_week: boolean('Whether the event starts this week', false, { nullable: true }),
        ends_this_week: boolean('Whether the event ends this week', false, { nullable: true }),
        happens_this_week: boolean('Whether the event happens this week', false, { nullable: true }),
        this_week_duration: integer('The duration of the event in the current week', 3600, { nullable: true }),
        displays_on: {
          description: 'The days of the week that the event displays on',
          type: 'array',
          items: { type: 'string', format: 'date', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
          uniqueItems: true,
          example: ['2025-06-05'],
        },
        featured: boolean('Whether the event is featured', false),
        sticky: boolean('Whether the event is sticky', false),
        cost: text('The cost of the event', '$10'),
        organizer_names: {
          description: 'The names of the organizers of the event',
          type: 'array',
          items: { type: 'string' },
          uniqueItems: true,
          example: ['John Doe', 'Jane Doe'],
        },
        organizers: { description: 'The organizers of the event', type: 'array', items: ref('Organizer') },
        venues: { description: 'The venues of the event', type: 'array', items: ref('Venue') },
        ticketed: {
          description: 'Array of ticket providers or false if the event is not ticketed.',
          type: 'array',
          items: { type: 'string' },
          uniqueItems: true,
          example: ['tc'],
        },
        schedule_details: text('The schedule details of the event', '10:00 - 12:00'),
        short_schedule_details: text('The schedule details of the event in HTML', '<p>10:00 - 12:00</p>'),
      },
      required: [
        'tags',
        'tribe_events_cat',
        'class_list',
        'start_date',
        'start_date_utc',
        'end_date',
        'end_date_utc',
        'dates',
        'timezone',
        'duration',
        'multiday',
        'is_past',
        'is_now',
        'all_day',
        'starts_this_week',
        'ends_this_week',
        'this_week_duration',
        'happens_this_week',
        'displays_on',
        'featured',
        'sticky',
        'cost',
        'organizer_names',
        'organizers',
        'venues',
        'schedule_details',
        'short_schedule_details',
      ],
    },
  ],
}

/** A kind's own fields of its request body, which its object shows too (`Venue_Definition`, `Organizer_Definition`). */
function ownFields(bodies: Record<string, Schema>, name: string): Record<string, Schema> {
  const [, own] = (bodies[name]?.allOf ?? []) as Schema[]
  return (own?.properties ?? {}) as Record<string, Schema>
}

/** `Venue_Definition` and `Organizer_Definition`: the post, then the kind's fields (the venue's `directions_link` too). */
function linkedPost(
  bodies: Record<string, Schema>,
  kind: 'Venue' | 'Organizer',
  postTypeName: string,
  description: string,
  more: Record<string, Schema>,
): Schema {
  const properties = { ...postType(postTypeName), ...ownFields(bodies, `${kind}_Request_Body`), ...more }
  return {
    allOf: [
      ref('TEC_Post_Entity'),
      { type: 'object', title: kind, description, properties, required: Object.keys(properties) },
    ],
  }
}

/** `OpenApi_Definition`: the document `/docs` answers. */
const OPEN_API_DOCUMENTATION: Schema = {
  type: 'object',
  properties: {
    openapi: { type: 'string', description: 'The OpenAPI version.' },
    info: {
      type: 'object',
      description: 'The API info.',
      properties: {
        title: { type: 'string', description: 'The API title.' },
        version: { type: 'string', description: 'The TEC REST API version.' },
        description: { type: 'string', description: 'The API description.' },
        contact: {
          type: 'object',
          description: 'The API contact.',
          properties: {
            name: { type: 'string', description: 'The name of the contact.' },
            email: { type: 'string', description: 'The email of the contact.', format: 'email' },
          },
        },
      },
    },
    components: {
      type: 'object',
      description: 'The OpenAPI components.',
      properties: { schemas: { type: 'object', description: 'The OpenAPI schemas.' } },
    },
    servers: {
      type: 'array',
      description: 'The OpenAPI servers.',
      items: {
        type: 'object',
        description: 'A server.',
        properties: { url: { type: 'string', description: 'The server URL.', format: 'uri' } },
      },
    },
    paths: {
      type: 'object',
      description: 'The OpenAPI paths.',
      properties: { OpenApiPath: ref('OpenApiPath') },
    },
  },
}

const described = (description: string, properties?: Schema): Schema => ({
  type: 'object',
  description,
  ...(properties && { properties }),
})

/** `OpenApi_Path_Definition`: one path of the document, as TEC sketches it (its GET). */
const OPEN_API_PATH: Schema = {
  type: 'object',
  properties: {
    get: described('The GET method for the path.', {
      description: { type: 'string', description: 'The description of the GET method.' },
      parameters: {
        type: 'array',
        description: 'The parameters of the GET method.',
        items: described('A parameter.', {
          name: { type: 'string', description: 'The name of the parameter.' },
          in: { type: 'string', description: 'The location of the parameter.' },
          required: { type: 'boolean', description: 'Whether the parameter is required.' },
          schema: described('The schema of the parameter.'),
        }),
      },
      responses: described('The responses of the GET method.', {
        200: described('The response for the GET method.', {
          content: described('The content of the response.', {
            'application/json': described('The JSON content of the response.', {
              schema: described('The schema of the content.', {
                type: { type: 'string', description: 'The type of the content.' },
              }),
            }),
          }),
        }),
      }),
    }),
  },
}

/**
 * The schemas TEC 6.17.2's `/docs` lists, in its order (`Documentation::get_definitions()`, by priority), the
 * request bodies from the parameters.
 *
 * @example
 * Object.keys(tecV1Definitions()) // ['TEC_Post_Entity', 'TEC_Post_Entity_Request_Body', 'Event', …, 'OpenApiPath']
 */
export function tecV1Definitions(): Record<string, Schema> {
  const bodies = requestBodySchemas()
  return {
    TEC_Post_Entity: TEC_POST_ENTITY,
    TEC_Post_Entity_Request_Body: bodies.TEC_Post_Entity_Request_Body as Schema,
    Event: EVENT,
    Event_Request_Body: bodies.Event_Request_Body as Schema,
    Organizer_Request_Body: bodies.Organizer_Request_Body as Schema,
    Venue_Request_Body: bodies.Venue_Request_Body as Schema,
    Organizer: linkedPost(bodies, 'Organizer', 'tribe_organizer', 'An organizer', {}),
    Venue: linkedPost(bodies, 'Venue', 'tribe_venue', 'A venue', {
      directions_link: text('The venue directions link', 'https://example.com', { format: 'uri' }),
    }),
    Date: DATE,
    DateDetails: DATE_DETAILS,
    OpenApiDocumentation: OPEN_API_DOCUMENTATION,
    OpenApiPath: OPEN_API_PATH,
  }
}

/** A schema marked `readonly`, before its `properties` or `items` as TEC's arrays have it. */
function readonly(schema: Schema): Schema {
  const { properties, items, ...rest } = schema
  return {
    ...rest,
    readonly: true,
    ...(properties !== undefined && { properties }),
    ...(items !== undefined && { items }),
  }
}

/**
 * The JSON Schema of `/docs`' route (`OpenApiDocs::get_schema()`), which WordPress shows in the `help` context
 * (`OPTIONS /tec/v1/docs`, `?context=help`): draft-04, TEC's titles, each property `readonly`.
 */
export const DOCS_ROUTE_SCHEMA: Schema = {
  $schema: 'http://json-schema.org/draft-04/schema#',
  title: 'OpenApiDocumentation',
  type: 'object',
  properties: {
    openapi: readonly({ type: 'string', description: 'The OpenAPI version.' }),
    info: readonly({
      title: 'openapi_info',
      type: 'object',
      description: 'The API info.',
      properties: {
        title: readonly({ type: 'string', description: 'The API title.' }),
        version: readonly({ type: 'string', description: 'The TEC REST API version.' }),
        description: readonly({ type: 'string', description: 'The API description.' }),
        contact: readonly({
          type: 'object',
          description: 'The API contact.',
          properties: {
            name: readonly({ type: 'string', description: 'The name of the contact.' }),
            email: readonly({ type: 'string', description: 'The email of the contact.' }),
          },
        }),
      },
    }),
    components: readonly({
      title: 'openapi_components',
      type: 'object',
      description: 'The OpenAPI components.',
      properties: {
        schemas: readonly({
          title: 'openapi_schemas',
          type: 'object',
          description: 'The OpenAPI schemas.',
          properties: {
            openapi_schema: readonly({ type: 'object', title: 'openapi_schema', description: "An object's schema." }),
          },
        }),
      },
    }),
    servers: readonly({
      title: 'openapi_servers',
      type: 'array',
      description: 'The OpenAPI servers.',
      items: readonly({
        type: 'object',
        description: 'A server.',
        properties: { url: readonly({ type: 'string', description: 'The server URL.', format: 'uri' }) },
      }),
    }),
    paths: readonly({
      title: 'OpenApiPaths',
      type: 'object',
      description: 'The OpenAPI paths.',
      properties: {
        OpenApiPath: readonly({ title: 'OpenApiPath', type: 'object', description: "A path's documentation." }),
      },
    }),
  },
}
