import { requestBodySchemas } from '../arguments/route-arguments.js'
import { EVENT } from './event-definition.js'
import {
  boolean,
  integer,
  integers,
  postDate,
  postType,
  ref,
  rendered,
  type Schema,
  STATUSES,
  text,
} from './schema-keywords.js'

/**
 * The object schemas of tec/v1's `/docs` (`components.schemas`), written from TEC 6.17.2's definitions
 * (`TEC\Common\REST\TEC\V1\Documentation\*_Definition`, `TEC\Events\REST\TEC\V1\Documentation\*_Definition`): every
 * property TEC documents, with TEC's words, and what calfile sends said more precisely where TEC's document falls
 * short of TEC's own answers: the `type` and `class_list` every object has, `duration` as the text TEC sends, and
 * `required` naming the fields every object carries. The request bodies are the parameters' (`requestBodySchemas`).
 */

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
