import { type JsonSchema, toJsonSchemaDefs } from '@valibot/to-json-schema'
import type { Calendar } from '../../core/calendar.js'
import { type CollectionName, KIND_OF } from '../../core/model/kinds.js'
import type { Settings } from '../../core/model/records.js'
import { tecRules } from '../../core/resources/tec-versions.js'
import type { View } from '../../core/resources/view.js'
import { calfileVersion } from '../../core/version.js'
import { errorResponse, json } from '../respond.js'
import { type DescribedRoute, describedRoutes, openApiPath } from './describe.js'
import { objectFields } from './requests.js'
import { RESPONSE_SCHEMAS } from './responses.js'
import { type RouteArg, routeArgs } from './route-args-doc.js'

/**
 * `GET /calendar/events/v1/doc` (docs/http.md): an OpenAPI 3.1 document of every route, parameter, request body,
 * response and error, generated from the route table, its valibot request schemas and the response schemas of
 * `schemas/responses.ts`, so that it cannot drift from what the app validates and sends. Every GET operation has
 * its HEAD twin (RFC 9110 §9.3.2): the same parameters, statuses and headers, and no content.
 */

type Json = Record<string, unknown>

/** An OpenAPI 3.1 document, as plain JSON. */
export interface OpenApiDocument {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  servers: Array<{ url: string }>
  paths: Record<string, Record<string, Json>>
  components: Json
  security: Array<Record<string, string[]>>
  tags: Array<{ name: string; description: string }>
}

const SCHEMAS = '#/components/schemas/'
const JSON_TYPE = 'application/json'
const FORM_TYPE = 'application/x-www-form-urlencoded'
const MULTIPART_TYPE = 'multipart/form-data'

/**
 * What an extension of the app (`AppExtension`) adds to the document: its tags, and its paths keyed as OpenAPI
 * paths. Paths below the prefix are written as such (`/changes`); a path outside it (`/_calfile/reset`)
 * carries its own `servers` of the site root, which `paths(root)` is given.
 */
export interface OpenApiPart {
  tags: Array<{ name: string; description: string }>
  /** `root`: the site root the request came in on, without a trailing slash (`http://127.0.0.1:3000`). */
  paths(root: string): Record<string, Record<string, unknown>>
}

/**
 * `GET <prefix>/doc`: the document with `servers[0].url` = `<base>/`, the prefix the request came in on. It is
 * public, but a wrong token is a 401 as everywhere (docs/auth.md).
 */
export function docResponse(calendar: Calendar, view: View, parts: OpenApiPart[] = []): Response {
  if (view.rejected) return errorResponse(view.rejected)
  return json(openApiDocument(calendar, view.base, parts))
}

/**
 * The OpenAPI document of a calendar's interface, served at `base` (docs/http.md). Each call returns a new object
 * that shares nothing with the next, so a caller may change it (dereferencing validators do).
 */
export function openApiDocument(calendar: Calendar, base: string, parts: OpenApiPart[] = []): OpenApiDocument {
  const settings = calendar.state.settings
  const routes = describedRoutes(calendar)
  const paths: OpenApiDocument['paths'] = {}
  for (const route of routes) {
    const key = openApiPath(route.path)
    paths[key] ??= {}
    const item = paths[key]
    const documented = operation(route, settings)
    item[route.method.toLowerCase()] = documented
    if (route.method === 'GET') item.head = headOperation(documented)
    item.options ??= optionsOperation(route)
  }
  const root = base.replace(/\/(?:calendar\/events|wp-json\/tribe\/events)\/v1$/u, '')
  for (const part of parts) Object.assign(paths, part.paths(root))
  return structuredClone<OpenApiDocument>({
    openapi: '3.1.0',
    info: {
      title: 'calfile',
      version: calfileVersion(),
      description: `${DESCRIPTION} ${REVISION_NOTES[settings.api_revision]} ${WRITE_NOTES[String(settings.tec_lossy_writes) as 'true' | 'false']}`,
    },
    servers: [{ url: `${base}/` }],
    paths,
    components: {
      schemas: { ...responseSchemas(), ...inputSchemas(routes) },
      responses: ERROR_RESPONSES,
      headers: HEADERS,
      securitySchemes: SECURITY,
    },
    security: [{}, { bearer: [] }, { basic: [] }],
    tags: [...TAGS, ...parts.flatMap((part) => part.tags)],
  })
}

const DESCRIPTION = [
  'A calendar store in one JSON file, served over The Events Calendar REST API v1 interface.',
  "Every route is also served under TEC's prefix `/wp-json/tribe/events/v1`.",
  'A path or method that matches no route answers 404 `rest_no_route` with the Error body.',
  'Every answer carries WordPress\'s REST headers: `Link: <site>/wp-json/>; rel="https://api.w.org/"`, `Access-Control-Allow-Headers`, `Access-Control-Expose-Headers`, `Allow` (the methods of the route the requester may use) and, for a signed-in request, `Cache-Control: no-cache, must-revalidate, max-age=0, no-store, private`.',
  'Without tokens in the data file every request acts as the administrator; with tokens, send `Authorization: Bearer <token>`, or Basic credentials with the user name or ID and the token as the password (WordPress application passwords).',
].join(' ')

/**
 * Which revision of the interface this document describes (docs/http.md#revisions): the one of the data file's
 * `settings.api_revision` when it was asked for.
 */
const REVISION_NOTES: Record<Settings['api_revision'], string> = {
  extended: 'This is the extended revision of the interface (`settings.api_revision`: "extended", the default).',
  earlier:
    'This is the earlier revision of the interface (`settings.api_revision`: "earlier"): the event list takes no starts_before, starts_after, ends_before, ends_after, strict_dates or ticketed (they are ignored), its end_date keeps events that start on or before it, and geoloc_lat/geoloc_lng are strings.',
}

/** How updates treat what they are not sent (`settings.tec_lossy_writes`), as the document is asked for. */
const WRITE_NOTES = {
  true: "Writes are TEC's, 6.17 and 6.10 alike (`settings.tec_lossy_writes`: true, the default): an event update clears the flags, cost, website and organizers it is not sent and publishes, a venue update turns its map flags on, an existing tag named by name becomes a tag named after its ID, and trashing an organizer empties its events' organizer lists. Send every field on update.",
  false:
    'Updates change only the fields sent (`settings.tec_lossy_writes`: false), and tags named by name and organizer lists are kept; otherwise writes take and refuse what TEC 6.10 does.',
}

const TAGS = [
  { name: 'index', description: 'The root route and this document' },
  { name: 'events', description: 'Events' },
  { name: 'venues', description: 'Venues' },
  { name: 'organizers', description: 'Organizers' },
  { name: 'categories', description: 'Event categories' },
  { name: 'tags', description: 'Tags' },
]

let responseDefs: Record<string, JsonSchema> | undefined

/** The response schemas as `components.schemas`, their cross-references pointing there; converted once. */
function responseSchemas(): Record<string, JsonSchema> {
  responseDefs ??= toJsonSchemaDefs(RESPONSE_SCHEMAS, {
    target: 'draft-2020-12',
    overrideRef: ({ referenceId }) => SCHEMAS + referenceId,
  })
  return responseDefs
}

/** A resource's kind as schema names and operation IDs spell it: `Event`, …, `Category`, `Tag`. */
function singular(resource: CollectionName): string {
  return capitalized(KIND_OF[resource])
}

const capitalized = (name: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`

/** `EventInput`, …: the writable fields of each resource (docs/writes.md), as a client sends them. */
function inputSchemas(routes: DescribedRoute[]): Record<string, JsonSchema> {
  const inputs: Record<string, JsonSchema> = {}
  for (const route of routes) {
    if (route.action !== 'create' || !route.resource) continue
    const fields = objectFields(route.body as NonNullable<DescribedRoute['body']>)
    inputs[`${singular(route.resource)}Input`] = {
      type: 'object',
      description:
        'Unknown fields are ignored. Form bodies (urlencoded or multipart) write arrays and objects with PHP brackets (`organizer[]=12`, `venue[venue]=Blue`); file parts are ignored.',
      properties: Object.fromEntries(fields.map((field) => [field.name, field.schema])),
    }
  }
  return inputs
}

/** One operation: its path and query parameters, its body, its success and its errors. */
function operation(route: DescribedRoute, settings: Settings): Json {
  const args = routeArgs(route, settings)
  const parameters = args.filter((arg) => arg.in !== 'body').map(parameter)
  const body = requestBody(route, args)
  const errors = errorStatuses(route, settings).map((status) => [
    String(status),
    { $ref: `#/components/responses/${ERROR_NAMES[status]}` },
  ])
  return {
    operationId: operationId(route),
    summary: summary(route),
    tags: [route.resource ?? 'index'],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: { [String(route.status)]: success(route), ...Object.fromEntries(errors) },
  }
}

function parameter(arg: RouteArg): Json {
  const { description: _description, ...schema } = arg.schema
  return { name: arg.name, in: arg.in, required: arg.required, description: arg.description, schema }
}

/**
 * JSON, an urlencoded or a multipart form body (docs/writes.md, docs/errors.md); a create names the fields it needs.
 */
function requestBody(route: DescribedRoute, args: RouteArg[]): Json | undefined {
  if (!route.body || !route.resource) return undefined
  const ref = { $ref: `${SCHEMAS}${singular(route.resource)}Input` }
  const required = args.filter((arg) => arg.in === 'body' && arg.required).map((arg) => arg.name)
  const schema = required.length > 0 ? { allOf: [ref], required } : ref
  return {
    required: route.action === 'create',
    content: { [JSON_TYPE]: { schema }, [FORM_TYPE]: { schema }, [MULTIPART_TYPE]: { schema } },
  }
}

/**
 * The HEAD twin of a GET operation (RFC 9110 §9.3.2, docs/errors.md): the same parameters, and each status with the
 * GET's headers and description but no content, since the answer has no body.
 *
 * @example headOperation(get).responses[200] // the GET's 200 without its `content`
 */
export function headOperation(get: Json): Json {
  const responses = Object.entries(get.responses as Record<string, Json>).map(([status, response]) => {
    const { content: _content, ...rest } = typeof response.$ref === 'string' ? namedResponse(response.$ref) : response
    return [status, rest]
  })
  return {
    ...get,
    operationId: `${String(get.operationId)}Head`,
    summary: `${String(get.summary)}: status and headers only`,
    responses: Object.fromEntries(responses),
  }
}

/** `OPTIONS` on a path: WordPress's description of the route, which also answers a browser's preflight. */
function optionsOperation(route: DescribedRoute): Json {
  return {
    operationId: operationId(route).replace(/^(?:list|get)/u, 'describe'),
    summary: 'The route: its methods and the arguments of each (a preflight gets this answer too)',
    tags: [route.resource ?? 'index'],
    responses: {
      200: {
        description:
          "The route as the root route describes it: each argument calfile shares with TEC as TEC's route declares it (TEC's words, types and defaults), the others as this document does",
        content: { [JSON_TYPE]: { schema: { $ref: `${SCHEMAS}RouteDescription` } } },
      },
      401: { $ref: '#/components/responses/Unauthorized' },
    },
  }
}

/** `#/components/responses/BadRequest` → that response. */
function namedResponse(ref: string): Json {
  return ERROR_RESPONSES[ref.split('/').at(-1) as string] as Json
}

function success(route: DescribedRoute): Json {
  const content = (name: string) => ({ [JSON_TYPE]: { schema: { $ref: SCHEMAS + name } } })
  if (route.action === 'index')
    return { description: 'The namespace index: every route, its methods and arguments', content: content('Root') }
  if (route.action === 'doc') return { description: 'This OpenAPI document', content: content('OpenApi') }
  const resource = route.resource as CollectionName
  const one = singular(resource)
  switch (route.action) {
    case 'list':
      return { description: `A page of ${resource}`, headers: LIST_HEADERS, content: content(`${one}List`) }
    case 'create':
      return {
        description: `The new ${one.toLowerCase()}`,
        ...(resource === 'categories' || resource === 'tags'
          ? { headers: { Location: { $ref: '#/components/headers/Location' } } }
          : {}),
        content: content(one),
      }
    case 'delete':
      return {
        description:
          resource === 'categories' || resource === 'tags'
            ? 'The term as it was before it was deleted'
            : "The record as trashed: TEC trashes, with force=true too (the library's delete takes force)",
        content: content(one),
      }
    default:
      return { description: `The ${one.toLowerCase()}`, content: content(one) }
  }
}

/**
 * The error statuses each route can answer (docs/errors.md, docs/auth.md): parameters (400), a wrong or missing token
 * (401), unknown records of the route's kind (400, as TEC), permissions and unreadable records (403), list pages past
 * the end (404), deleting a trashed record (410), large bodies (413), and writes while the data file is invalid or read-only (503). Every
 * write reads its body, deletes included (docs/errors.md), so every write can answer 400 and 413 for it.
 */
function errorStatuses(route: DescribedRoute, settings: Settings): number[] {
  const terms = route.resource === 'categories' || route.resource === 'tags'
  // An event ID that names no post: 404 where the release checks it in the handler (`TecRules.eventIdCheck`).
  const missing =
    route.resource === 'events' && route.key === 'id' && tecRules(settings).eventIdCheck === 'handler' ? [404] : []
  switch (route.action) {
    case 'index':
      return [400, 401]
    case 'doc':
      return [401]
    case 'list':
      return terms ? [400, 401] : [400, 401, 404]
    case 'create':
      return [400, 401, 403, 413, 503]
    case 'read':
      return terms ? [400, 401] : [400, 401, 403, ...missing]
    case 'update':
      return [400, 401, 403, ...missing, 413, 503]
    case 'delete':
      return terms ? [400, 401, 403, 413, 503] : [400, 401, 403, ...missing, 410, 413, 503]
  }
}

const UPDATE_SUFFIX: Record<string, string> = { POST: '', PUT: 'Put', PATCH: 'Patch' }

function operationId(route: DescribedRoute): string {
  if (route.action === 'index') return 'getIndex'
  if (route.action === 'doc') return 'getOpenApiDocument'
  const resource = route.resource as CollectionName
  if (route.action === 'list') return `list${capitalized(resource)}`
  const bySlug = route.key === 'slug' ? 'BySlug' : ''
  const verb = route.action === 'read' ? 'get' : route.action
  return `${verb}${singular(resource)}${bySlug}${route.action === 'update' ? UPDATE_SUFFIX[route.method] : ''}`
}

function summary(route: DescribedRoute): string {
  if (route.action === 'index') return 'Every route, its methods and arguments'
  if (route.action === 'doc') return 'This OpenAPI document'
  const resource = route.resource as CollectionName
  const one = singular(resource).toLowerCase()
  const a = /^[aeiou]/u.test(one) ? `an ${one}` : `a ${one}`
  const by = route.key === 'slug' ? ' by slug' : ''
  const text = {
    list: `List ${resource}`,
    create: `Create ${a}`,
    read: `Get ${a}${by}`,
    update: `Update ${a}${by}`,
    delete: `Delete ${a}${by}`,
  }
  return text[route.action]
}

const ERROR_NAMES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  410: 'Gone',
  413: 'PayloadTooLarge',
  503: 'Unavailable',
}

const documentedError = (description: string) => ({
  description,
  content: { [JSON_TYPE]: { schema: { $ref: `${SCHEMAS}Error` } } },
})

/** The error responses of docs/errors.md, each with the error body. */
const ERROR_RESPONSES: Record<string, Json> = {
  BadRequest: documentedError(
    'rest_invalid_param or rest_missing_callback_param (data.params), rest_invalid_json, rest_invalid_body (a malformed multipart/form-data body), rest_incomplete_body (the body did not arrive whole), term_exists, duplicate_term_slug; an ID or slug that names no record of the route\'s kind (unknown, or of another kind) is rest_invalid_param with data.params {"id": "Invalid parameter."} (or "slug"), as TEC answers; but under tec_version "6.17" an event route given the ID of another kind of post is rest-invalid-event-id',
  ),
  Unauthorized: documentedError(
    "rest_forbidden: a write without a token while tokens exist, or a Bearer token that matches no user; Basic credentials (WordPress's application passwords): invalid_username or invalid_email for an unknown user, incorrect_password for a password that is not the user's token",
  ),
  Forbidden: documentedError(
    'rest_forbidden: not allowed; <kind>-not-accessible: a record that is not published (trashed included) and the requester may not read; event-no-longer-available: a trashed event, to every reader, under tec_version "6.17"',
  ),
  NotFound: documentedError(
    '<kind>-archive-page-not-found for a list page past the end; rest-event-not-found for an event ID that names no post, under tec_version "6.17"',
  ),
  Gone: documentedError('<kind>-is-in-trash: DELETE of a trashed record'),
  PayloadTooLarge: documentedError('rest_payload_too_large: a body over 1 MiB'),
  Unavailable: documentedError(
    'store-file-invalid: the data file on disk is invalid (writes are refused until it is fixed); store-read-only',
  ),
}

/** The list headers (docs/lists.md) and the `Location` of a new term, as TEC sends them. */
const HEADERS: Record<string, Json> = {
  XTecTotal: { description: 'Items across all pages', required: true, schema: { type: 'integer' } },
  XTecTotalPages: { description: 'Pages', required: true, schema: { type: 'integer' } },
  Location: {
    description:
      "The new term under WordPress's own REST API, as TEC sends it: <site>/wp-json/wp/v2/tribe_events_cat/<id> or <site>/wp-json/wp/v2/tags/<id>",
    required: true,
    schema: { type: 'string' },
  },
}

const LIST_HEADERS = {
  'X-TEC-Total': { $ref: '#/components/headers/XTecTotal' },
  'X-TEC-TotalPages': { $ref: '#/components/headers/XTecTotalPages' },
}

const SECURITY = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'A token made by `calfile token add`; only its SHA-256 is stored',
  },
  basic: {
    type: 'http',
    scheme: 'basic',
    description:
      'As WordPress application passwords: the user name or ID, and a token made by `calfile token add` as the password',
  },
}
