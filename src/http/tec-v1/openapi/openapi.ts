import type { H3Event } from 'h3'
import type { Calendar } from '../../../core/calendar.js'
import type { ServedPostKind } from '../../../core/model/kinds.js'
import type { CalendarState } from '../../../core/model/state.js'
import type { View } from '../../../core/resources/view.js'
import { openApiPath } from '../../openapi/describe.js'
import { errorResponse, json } from '../../respond.js'
import { openApiParameters } from '../arguments/parameter-schemas.js'
import type { Parameter } from '../arguments/parameters.js'
import { EVENT_ID, ORGANIZER_ID, requestBody, VENUE_ID } from '../arguments/route-arguments.js'
import type { Endpoint } from '../endpoints.js'
import { DOCS_PATH, endpointsByPath, TEC_V1_NAMESPACE } from '../endpoints.js'
import { ACKNOWLEDGEMENT } from '../gate.js'
import { KIND_NAMES, namespaceUrl } from '../route-index.js'
import { ANSWER_SCHEMAS } from './answer-schemas.js'
import { tecV1Definitions } from './definitions.js'
import { ref } from './schema-keywords.js'

/**
 * tec/v1's OpenAPI document, `GET /wp-json/tec/v1/docs` (`TEC\Common\REST\TEC\V1\Documentation::get()`): OpenAPI
 * 3.0.4 with TEC's `info`, `tags`, object schemas and security scheme, `servers` the namespace's URL on the site
 * asked, and a path per route of the endpoint table (`endpointsByPath`), each operation in TEC's words, parameters
 * and request bodies from the endpoints' arguments, then `/docs`. Beyond TEC's it documents what calfile answers:
 * the namespace index (`/`), `PATCH` beside `PUT`, `HEAD` beside each `GET`, `OPTIONS` on each path, the
 * `X-TEC-EEA` header the experimental endpoints need, and the statuses and error bodies each operation may answer.
 */

type Json = Record<string, unknown>

/** `Documentation::SWAGGER_VERSION`. */
const OPENAPI_VERSION = '3.0.4'

/** The `{id}` of each kind's single route (`Event::get_path_parameters()`, …). */
const PATH_IDS: Readonly<Record<ServedPostKind, Parameter>> = {
  event: EVENT_ID,
  venue: VENUE_ID,
  organizer: ORGANIZER_ID,
}

/** `Common_Tag` and `TEC_Tag`, by priority: the endpoints of TEC and the document of the common library. */
const TAGS = [
  { name: 'Events', description: 'These operations are introduced by The Events Calendar.' },
  { name: 'Common', description: 'These operations are introduced by the Common library.' },
]

/** `Documentation::get_api_info()`. */
const INFO = {
  title: 'The Events Calendar REST API',
  version: '1.0.0',
  description: 'The Events Calendar REST API allows accessing upcoming events information easily and conveniently.',
  contact: { name: 'The Events Calendar', email: 'support@theeventscalendar.com' },
}

/** The header every tec/v1 endpoint but the index and `/docs` refuses a request without (`gate.ts`). */
const ACKNOWLEDGEMENT_PARAMETER = {
  name: 'X-TEC-EEA',
  in: 'header',
  description:
    "TEC's acknowledgement that the endpoint is experimental, compared trimmed and case-insensitively; without it the answer is 400 `missing_experimental_endpoint_acknowledgement`.",
  required: true,
  schema: { type: 'string' },
  example: ACKNOWLEDGEMENT,
}

/** A response with a JSON body of `schema`, or none. */
function answer(description: string, schema?: Json, more: Json = {}): Json {
  return { description, ...more, ...(schema && { content: { 'application/json': { schema } } }) }
}

const WP_ERROR = ref('WP_Error')
const HANDLER_ERROR = ref('Handler_Error')
/** What answers a failure that may come from WordPress or from the handler. */
const EITHER_ERROR = { oneOf: [WP_ERROR, HANDLER_ERROR] }

const capitalised = (word: string) => `${word[0]?.toUpperCase()}${word.slice(1)}`

/** TEC's words for one kind: `Event`, `an Event`, `events`, … */
function wordsOf(kind: ServedPostKind) {
  const { singular, plural, schema } = KIND_NAMES[kind]
  const article = /^[aeiou]/u.test(singular) ? 'an' : 'a'
  return { singular, plural, schema, Singular: capitalised(singular), Plural: capitalised(plural), article }
}

/** `X-WP-Total`, `X-WP-TotalPages` and `Link` of a list (`Events::read_schema()`'s headers). */
function listHeaders(plural: string): Json {
  return {
    'X-WP-Total': {
      description: `The total number of ${plural} matching the request.`,
      required: true,
      schema: { type: 'integer' },
    },
    'X-WP-TotalPages': {
      description: 'The total number of pages for the request.',
      required: true,
      schema: { type: 'integer' },
    },
    Link: {
      description:
        'RFC 5988 Link header for pagination. Contains navigation links with relationships:\n\t\t\t\t`rel="next"` for the next page (if not on last page),\n\t\t\t\t`rel="prev"` for the previous page (if not on first page).\n\t\t\t\tHeader is omitted entirely if there\'s only one page',
      required: false,
      schema: { type: 'array', items: { type: 'string', format: 'uri' } },
    },
  }
}

const WRONG_CREDENTIALS = 'The credentials sent are refused, before anything else is looked at'
const UNACKNOWLEDGED = 'The `X-TEC-EEA` acknowledgement is missing or wrong, or an argument is invalid'

/**
 * An operation's TEC words (`*::read_schema()`, `create_schema()`, `update_schema()`, `delete_schema()`) and
 * responses, with the statuses and bodies calfile answers beside TEC's: the permission step refuses an ID that
 * names no post of the kind (401 anonymous, 403 signed in) before the handler's 404.
 */
function operationWords(endpoint: Endpoint): { summary: string; description: string; id: string; responses: Json } {
  const w = wordsOf(endpoint.kind)
  const object = ref(w.schema)
  const notLoggedIn = answer('You are not logged in', WP_ERROR)
  const notFound = answer(`The requested ${w.singular} was not found`, HANDLER_ERROR)
  switch (endpoint.operation) {
    case 'list':
      return {
        summary: endpoint.kind === 'event' ? 'Retrieve Events' : `Get ${w.plural}`,
        description: `Returns a list of ${w.plural}`,
        id: `get${w.Plural}`,
        responses: {
          200: answer(
            `Returns the list of ${w.plural}`,
            { type: 'array', items: object },
            { headers: listHeaders(w.plural) },
          ),
          400: answer('A required parameter is missing or an input parameter is in the wrong format', WP_ERROR),
          401: answer(WRONG_CREDENTIALS, WP_ERROR),
          404: answer('The requested page was not found', WP_ERROR),
        },
      }
    case 'create':
      return {
        summary: `Create ${w.article} ${w.Singular}`,
        description: `Creates a new ${w.singular}`,
        id: `create${w.Singular}`,
        responses: {
          201: answer(`${w.Singular} created successfully`, object),
          400: answer('Invalid request data', WP_ERROR),
          401: notLoggedIn,
          403: answer(`You do not have permission to create ${w.plural}`, WP_ERROR),
          500: answer(`Failed to create the ${w.singular}`, EITHER_ERROR),
        },
      }
    case 'read':
      return {
        summary: `Retrieve ${w.article} ${w.Singular}`,
        description: `Returns a single ${w.singular}`,
        id: `get${w.Singular}`,
        responses: {
          200: answer(`Returns the ${w.singular}`, object),
          400: answer(UNACKNOWLEDGED, WP_ERROR),
          401: answer(`You are not logged in, and the ID names no ${w.singular} anyone may read`, WP_ERROR),
          403: answer(`The ID names no ${w.singular} you may read`, WP_ERROR),
          404: notFound,
        },
      }
    case 'update':
      return {
        summary: `Update ${w.article} ${w.Singular}`,
        description: `Updates an existing ${w.singular}`,
        id: `update${w.Singular}`,
        responses: {
          200: answer(`${w.Singular} updated successfully`, object),
          400: answer('Invalid request data', WP_ERROR),
          401: notLoggedIn,
          403: answer(`You do not have permission to update this ${w.singular}`, WP_ERROR),
          404: notFound,
          500: answer(`Failed to update the ${w.singular}`, EITHER_ERROR),
        },
      }
    case 'delete':
      return {
        summary: `Delete ${w.article} ${w.Singular}`,
        description: `Deletes an existing ${w.singular}`,
        id: `delete${w.Singular}`,
        responses: {
          // The body is PHP's empty array.
          200: answer(`${w.Singular} deleted successfully`, { type: 'array', maxItems: 0 }),
          400: answer(UNACKNOWLEDGED, WP_ERROR),
          401: notLoggedIn,
          403: answer(`You do not have permission to delete this ${w.singular}`, WP_ERROR),
          404: notFound,
          410: answer(`The ${w.singular} has already been trashed`, HANDLER_ERROR),
          500: answer(`Failed to delete the ${w.singular}`, EITHER_ERROR),
          501: answer(`The ${w.singular} does not support trashing. Set force=true to delete`, HANDLER_ERROR),
        },
      }
  }
}

/**
 * An endpoint's arguments for the document: a write's go in its request body, the others in the query, after the
 * path's `{id}` (`OpenAPI_Schema::to_array()`: path arguments first).
 */
function parametersOf(endpoint: Endpoint, state: CalendarState): { parameters: Json[]; inBody: boolean } {
  const args = endpoint.arguments(state)
  const inBody = endpoint.operation === 'create' || endpoint.operation === 'update'
  const declared = args.filter((parameter) => parameter.location === 'path')
  const path = declared.length > 0 || !endpoint.path.includes(':id') ? declared : [PATH_IDS[endpoint.kind]]
  const query = inBody ? [] : args.filter((parameter) => parameter.location !== 'path')
  return {
    parameters: [...openApiParameters([...path, ...query]), { $ref: '#/components/parameters/X-TEC-EEA' }],
    inBody,
  }
}

/** The operations of one endpoint: one per method (`PATCH` as `PUT`), and a `HEAD` beside a `GET`. */
function endpointOperations(endpoint: Endpoint, state: CalendarState): Record<string, Json> {
  const words = operationWords(endpoint)
  const { parameters, inBody } = parametersOf(endpoint, state)
  const writes = endpoint.operation !== 'list' && endpoint.operation !== 'read'
  const operations: Record<string, Json> = {}
  for (const method of endpoint.methods) {
    const patch = method === 'PATCH'
    const body = inBody && requestBody(endpoint.kind, endpoint.operation === 'create' ? 'create' : 'update')
    operations[method.toLowerCase()] = {
      summary: patch ? `${words.summary} (PATCH, as PUT)` : words.summary,
      security: writes ? [{ BasicAuth: [] }] : [],
      description: patch ? `${words.description}: the fields sent, the others kept, as PUT` : words.description,
      operationId: patch ? words.id.replace(/^update/u, 'patch') : words.id,
      tags: ['Events'],
      ...(body && { requestBody: body }),
      parameters,
      responses: words.responses,
    }
  }
  const get = operations.get
  if (get) operations.head = headOf(get)
  return operations
}

/** `HEAD` of a `GET`: its statuses and headers without a body (RFC 9110 §9.3.2). */
function headOf(get: Json): Json {
  const responses = Object.fromEntries(
    Object.entries(get.responses as Record<string, Json>).map(([status, { content: _body, ...rest }]) => [
      status,
      rest,
    ]),
  )
  return {
    ...get,
    summary: `${get.summary} (headers only)`,
    operationId: `head${String(get.operationId).replace(/^get/u, '')}`,
    responses,
  }
}

/** `OPTIONS` on a path: the route as the index lists it, with its schema, to anyone (`rest_handle_options_request()`). */
function optionsOf(name: string): Json {
  return {
    summary: 'Describe the route',
    security: [],
    description:
      "The route's methods, each endpoint's arguments and its JSON Schema, as the namespace index lists it with `context=help`.",
    operationId: `describe${name}`,
    tags: ['Common'],
    responses: { 200: answer('The route', ref('Route')), 401: answer(WRONG_CREDENTIALS, WP_ERROR) },
  }
}

/** The namespace index, `GET /wp-json/tec/v1` (`get_namespace_index()`), which TEC's document leaves out. */
function indexOperations(): Record<string, Json> {
  const get = {
    summary: 'List the routes of tec/v1',
    security: [],
    description: "The namespace index: each route's methods and arguments, as WordPress lists them.",
    operationId: 'getNamespaceIndex',
    tags: ['Common'],
    parameters: [
      {
        name: 'namespace',
        in: 'query',
        description: 'The namespace to list; calfile lists tec/v1 only.',
        required: false,
        schema: { type: 'string', default: TEC_V1_NAMESPACE, enum: [TEC_V1_NAMESPACE] },
      },
      {
        name: 'context',
        in: 'query',
        description: "`help` adds each route's JSON Schema.",
        required: false,
        schema: { type: 'string', default: 'view' },
      },
    ],
    responses: {
      200: answer('The namespace index', ref('Namespace_Index')),
      401: answer(WRONG_CREDENTIALS, WP_ERROR),
      404: answer('The namespace asked is not tec/v1 (`rest_invalid_namespace`)', WP_ERROR),
    },
  }
  return { get, head: headOf(get), options: optionsOf('NamespaceIndex') }
}

/** `/docs` (`OpenApiDocs::read_schema()`). */
function docsOperations(): Record<string, Json> {
  const description = 'Returns the documentation for The Events Calendar REST API in Swagger consumable format.'
  const get = {
    summary: 'Get the documentation for the TEC REST API',
    security: [],
    description,
    operationId: 'getOpenApiDocs',
    tags: ['Common'],
    parameters: [],
    responses: {
      200: answer(description, ref('OpenApiDocumentation')),
      401: answer(WRONG_CREDENTIALS, WP_ERROR),
    },
  }
  return { get, head: headOf(get), options: optionsOf('OpenApiDocs') }
}

/** The path name of an endpoint path in operation IDs: `/events/:id` → `Event`, `/events` → `Events`. */
function routeName(path: string, endpoints: readonly Endpoint[]): string {
  const words = wordsOf(endpoints[0]?.kind ?? 'event')
  return path.includes(':') ? words.Singular : words.Plural
}

/**
 * The OpenAPI document of tec/v1 as calfile serves it at `origin`, with the arguments of the calendar's settings
 * now (`per_page`'s default).
 *
 * @example
 * tecV1Document(calendar.state, 'http://127.0.0.1:3000').servers // [{ url: 'http://127.0.0.1:3000/wp-json/tec/v1' }]
 */
export function tecV1Document(state: CalendarState, origin: string): Json {
  const paths: Record<string, Json> = { '/': indexOperations() }
  for (const [path, endpoints] of endpointsByPath()) {
    const operations = Object.assign({}, ...endpoints.map((endpoint) => endpointOperations(endpoint, state)))
    paths[openApiPath(path)] = { ...operations, options: optionsOf(routeName(path, endpoints)) }
  }
  paths[DOCS_PATH] = docsOperations()
  return {
    openapi: OPENAPI_VERSION,
    info: INFO,
    tags: TAGS,
    components: {
      schemas: { ...tecV1Definitions(), ...ANSWER_SCHEMAS },
      securitySchemes: { BasicAuth: { type: 'http', scheme: 'basic' } },
      parameters: { 'X-TEC-EEA': ACKNOWLEDGEMENT_PARAMETER },
    },
    servers: [{ url: namespaceUrl(origin) }],
    paths,
  }
}

/**
 * `GET /wp-json/tec/v1/docs`: public and not experimental (`OpenApiDocs::can_read()`, `is_experimental()`), so
 * no `X-TEC-EEA` is asked; refused credentials are 401 all the same, as WordPress authenticates first. `Allow: GET`.
 */
export function docsResponse(calendar: Calendar, event: H3Event, view: View): Response {
  if (view.rejected) return errorResponse(view.rejected)
  event.context.allow = 'GET'
  return json(tecV1Document(calendar.state, view.origin))
}
