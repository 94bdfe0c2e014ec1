import type { OpenApiPart } from '../openapi/openapi.js'
import type { IndexArg, IndexEndpoint } from '../wordpress/rest-server/rest-namespace.js'
import { routePath, wpV2ContentRoutes } from './route-index.js'

type Json = Record<string, unknown>

/**
 * The `wp/v2` routes of TEC's content in calfile's OpenAPI document (docs/http.md, docs/wordpress.md#wpv2), tag
 * `wp/v2`: made from the very entries the REST index lists (`wpV2ContentRoutes`), so the document, the index and
 * the checks name the same arguments. Each path sits under the site root's `/wp-json` (its own `servers`); a read's
 * arguments are query parameters, a write's the JSON body's properties; the answers are WordPress's post, term,
 * type, status or user objects, and its errors (`{ code, message, data: { status } }`).
 *
 * @example
 * wpV2OpenApi.paths('http://127.0.0.1:3000')['/wp-json/wp/v2/tribe_events/{id}'].delete.operationId
 * // 'deleteWpV2TribeEventsId'
 */
export const wpV2OpenApi: OpenApiPart = {
  tags: [{ name: 'wp/v2', description: "WordPress's own REST API over TEC's posts and terms (docs/wordpress.md)" }],
  paths(root: string) {
    const servers = [{ url: root }]
    const paths: Record<string, Record<string, unknown>> = {}
    for (const [route, entry] of Object.entries(wpV2ContentRoutes(root))) {
      const path = routePath(route, (name) => `{${name}}`)
      const item: Record<string, unknown> = { servers }
      for (const endpoint of entry.endpoints)
        for (const method of endpoint.methods) item[method.toLowerCase()] = operation(path, method, endpoint)
      // Every GET has its HEAD twin (RFC 9110 §9.3.2): the same parameters and statuses, no content.
      if (item.get) item.head = headOf(item.get as Json)
      paths[path] = item
    }
    return paths
  },
}

/** One method of an endpoint: its path parameters, then its arguments in the query or the body. */
function operation(path: string, method: string, endpoint: IndexEndpoint): Json {
  const names = [...path.matchAll(/\{(\w+)\}/gu)].map((match) => match[1] as string)
  const args = Array.isArray(endpoint.args) ? {} : endpoint.args
  const inPath = names.map((name) => ({ name, in: 'path', required: true, schema: schemaOf(args[name]) }))
  const rest = Object.entries(args).filter(([name]) => !names.includes(name))
  const body = method === 'POST' || method === 'PUT' || method === 'PATCH'
  const created = body && names.length === 0
  return {
    operationId: `${method.toLowerCase()}${path
      .replace(/\/wp-json|[{}]/gu, '')
      .split(/[/_-]/u)
      .map(upperFirst)
      .join('')}`,
    summary: `${method} ${path}`,
    tags: ['wp/v2'],
    parameters: [
      ...inPath,
      ...(body ? [] : rest.map(([name, arg]) => ({ name, in: 'query', required: false, schema: schemaOf(arg) }))),
    ],
    ...(body && rest.length > 0
      ? {
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: Object.fromEntries(rest.map(([name, arg]) => [name, schemaOf(arg)])),
                },
              },
            },
          },
        }
      : {}),
    responses: {
      [created ? '201' : '200']: {
        description: 'The answer, as WordPress sends it',
        content: { 'application/json': {} },
      },
      '400': ERROR,
      '401': ERROR,
      '403': ERROR,
      '404': ERROR,
    },
  }
}

const ERROR: Json = {
  description: "An error in WordPress's shape",
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
}

/** An index argument as a JSON Schema: its keywords without `required`. */
function schemaOf(arg: IndexArg | undefined): Json {
  if (!arg) return { type: 'string' }
  const { required: _required, ...schema } = arg
  return schema
}

function headOf(get: Json): Json {
  const responses = Object.fromEntries(
    Object.entries(get.responses as Record<string, Json>).map(([status, { content: _content, ...rest }]) => [
      status,
      rest,
    ]),
  )
  return {
    ...get,
    operationId: `${get.operationId}Head`,
    summary: `${get.summary}: status and headers only`,
    responses,
  }
}

function upperFirst(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}
