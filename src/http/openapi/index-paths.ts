import type { Calendar } from '../../core/calendar.js'
import type { View } from '../../core/resources/view.js'
import type { IndexArg, IndexEndpoint, IndexRoute } from '../wordpress/rest-server/rest-namespace.js'
import { REST_ROOT, routePath } from '../wordpress/rest-server/rest-namespace.js'
import type { RestNamespaces } from '../wordpress/rest-server/rest-namespaces.js'
import { headOperation, type OpenApiPart } from './openapi.js'

/**
 * The namespaces of the site's REST index other than the one `/doc` describes from its own route table — `tec/v1`
 * where the release serves it, and WordPress's `wp/v2` — as a part of the OpenAPI document (docs/http.md), so that
 * the document and the page's API reference show all three APIs. Each route and method comes from the index, as
 * WordPress lists it and as discovering clients read it (`WP_REST_Server::get_data_for_route()`): its path
 * parameters from the route's named groups, its other arguments as query parameters of a read or a delete and as
 * the body of a write, with their types, enums, bounds and defaults. Each path carries the site's `/wp-json` as its
 * server. A GET has its HEAD twin; what comes back is WordPress's answer for the route (docs/wordpress.md), or its
 * error body.
 *
 * @example
 * const part = await restIndexPart(namespaces, calendar, view)
 * Object.keys(part.paths('http://127.0.0.1:3000')) // […, '/wp-json/wp/v2/tribe_events', '/wp-json/wp/v2/tribe_events/{id}', …]
 */
export async function restIndexPart(namespaces: RestNamespaces, calendar: Calendar, view: View): Promise<OpenApiPart> {
  const described = namespaces.served(calendar).filter((namespace) => namespace.namespace in TAG_DESCRIPTIONS)
  const routes = await Promise.all(
    described.map(async (namespace) => [namespace.namespace, await namespace.routes(calendar, view)] as const),
  )
  return {
    tags: described.map(({ namespace }) => ({ name: namespace, description: TAG_DESCRIPTIONS[namespace] as string })),
    paths: (root) => {
      const paths: Record<string, Record<string, unknown>> = {}
      for (const [namespace, listed] of routes)
        for (const [route, entry] of Object.entries(listed)) {
          paths[routePath(route, (name) => `{${name}}`)] = {
            servers: [{ url: root }],
            ...pathItem(namespace, route, entry),
          }
        }
      return paths
    },
  }
}

/** The namespaces this part describes, with what the document's tags say of them. */
const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'tec/v1':
    "TEC's newer REST API (TEC 6.15 and later), served under tec_version \"6.17\" (docs/tec-v1.md): every request but the index and /docs sends X-TEC-EEA with TEC's sentence; its own OpenAPI document, TEC's, is /wp-json/tec/v1/docs",
  'wp/v2':
    "WordPress's own REST API over TEC's posts and terms (docs/wordpress.md#wpv2): events, venues and organizers as WordPress posts with TEC's meta, categories and tags as terms, their revisions, and the types, taxonomies, statuses, users and settings a WordPress client reads",
}

type Json = Record<string, unknown>

function pathItem(namespace: string, route: string, entry: IndexRoute): Record<string, Json> {
  const inPath = new Set([...route.matchAll(/\(\?P<(\w+)>/gu)].map((match) => match[1] as string))
  const item: Record<string, Json> = {}
  for (const endpoint of entry.endpoints)
    for (const method of endpoint.methods) {
      const documented = operation(namespace, route, method, endpoint, inPath)
      item[method.toLowerCase()] = documented
      if (method === 'GET') item.head = headOperation(documented)
    }
  return item
}

function operation(
  namespace: string,
  route: string,
  method: string,
  endpoint: IndexEndpoint,
  inPath: Set<string>,
): Json {
  const args = Object.entries(Array.isArray(endpoint.args) ? {} : endpoint.args)
  const pathParameters = [...inPath].map((name) => {
    const arg = args.find(([argName]) => argName === name)?.[1]
    return {
      name,
      in: 'path',
      required: true,
      ...(arg?.description ? { description: arg.description } : {}),
      schema: arg ? schemaOf(arg) : { type: 'string' },
    }
  })
  const others = args.filter(([name]) => !inPath.has(name))
  const writes = method === 'POST' || method === 'PUT' || method === 'PATCH'
  const queryParameters = writes
    ? []
    : others.map(([name, arg]) => ({
        name,
        in: 'query',
        required: arg.required,
        ...(arg.description ? { description: arg.description } : {}),
        schema: schemaOf(arg),
      }))
  const parameters = [...pathParameters, ...queryParameters]
  const creates = method === 'POST' && inPath.size === 0 && others.length > 0
  return {
    operationId: operationId(route, method),
    summary: `${method} ${routePath(route, (name) => `{${name}}`)}`,
    tags: [namespace],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(writes && others.length > 0 ? { requestBody: requestBody(others) } : {}),
    responses: {
      [creates ? '201' : '200']: {
        description: creates ? 'Created: the new item, with its Location' : 'The answer, as WordPress gives it',
        content: { [JSON_TYPE]: { schema: {} } },
      },
      default: {
        description:
          "An error in WordPress's shape: a refused argument (400 rest_invalid_param with data.params and data.details), credentials (401), a permission (401 anonymous, 403 signed in), an unknown ID (404)",
        content: { [JSON_TYPE]: { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  }
}

const JSON_TYPE = 'application/json'
const FORM_TYPE = 'application/x-www-form-urlencoded'

/** A write's arguments as its body: JSON or a form, as WordPress reads either. */
function requestBody(args: Array<[string, IndexArg]>): Json {
  const required = args.filter(([, arg]) => arg.required).map(([name]) => name)
  const schema = {
    type: 'object',
    properties: Object.fromEntries(
      args.map(([name, arg]) => [
        name,
        { ...(arg.description ? { description: arg.description } : {}), ...schemaOf(arg) },
      ]),
    ),
    ...(required.length > 0 ? { required } : {}),
  }
  return { content: { [JSON_TYPE]: { schema }, [FORM_TYPE]: { schema } } }
}

/** An argument's JSON Schema keywords as the index lists them; a `null` default (none, in PHP) left out. */
function schemaOf(arg: IndexArg): Json {
  const { required: _required, description: _description, ...schema } = arg as IndexArg & Json
  if (schema.default === null) delete schema.default
  return schema
}

/** `GET /wp/v2/tribe_events/(?P<id>[\d]+)` → `wpV2TribeEventsIdGet`, unique in the document. */
function operationId(route: string, method: string): string {
  const words = routePath(route, (name) => name)
    .slice(REST_ROOT.length)
    .split(/[^A-Za-z0-9]+/u)
    .filter((word) => word !== '')
  const camel = words.map((word, i) => (i === 0 ? word : word[0]?.toUpperCase() + word.slice(1))).join('')
  return `${camel}${method[0]}${method.slice(1).toLowerCase()}`
}
