/**
 * Every response the test suite sees, checked against the OpenAPI document (docs/http.md): the status must be
 * documented for the route and method, the JSON body must validate against the documented schema (ajv, draft
 * 2020-12 as OpenAPI 3.1 uses), and required headers must be present. HEAD operations are documented without
 * content, so their answers must have no body (RFC 9110 §9.3.2). A request that matches no documented operation
 * must be the 404 `rest_no_route` of docs/errors.md (without its body for HEAD), or a 401 for refused credentials,
 * which WordPress answers before it matches a route; an `OPTIONS` on a path no route
 * serves is a preflight (docs/http.md#options-on-a-route): 200 `[]` under the interface's prefix, as WordPress
 * answers, an empty 204 elsewhere, unless its path has a malformed percent escape, which no route has
 * (docs/errors.md).
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { openCalendar } from '../src/core/calendar.js'
import { type OpenApiDocument, openApiDocument } from '../src/http/openapi/openapi.js'

type Json = Record<string, unknown>

/** What a check needs of an exchange. */
export interface Exchange {
  method: string
  /** The request path (with the prefix) or absolute URL. */
  url: string
  status: number
  headers: Headers
  /** The body as text; `''` when empty. */
  text: string
}

interface Operation {
  template: string
  responses: Map<number, { validate?: ValidateFunction; headers: string[] }>
}

interface PathMatcher {
  template: string
  pattern: RegExp
  operations: Map<string, Operation>
}

const ID_BASE = 'https://calfile.test/schemas/'
const PREFIXES = ['/calendar/events/v1', '/wp-json/tribe/events/v1']

/** Whether a URL is under WordPress's REST root but not TEC's REST v1 namespace. */
function otherNamespace(url: string): boolean {
  const path = new URL(url, 'http://calfile.test').pathname.replace(/\/{2,}/gu, '/')
  return (path === '/wp-json' || path.startsWith('/wp-json/')) && !path.startsWith('/wp-json/tribe/events/v1')
}

let compiled: Promise<{ paths: PathMatcher[]; error: ValidateFunction }> | undefined

/**
 * Throws when a response does not match the document, naming the route, status and the first problems.
 *
 * @example
 * await checkResponse({ method: 'GET', url: '/calendar/events/v1/events', status: 200, headers, text })
 */
export async function checkResponse(exchange: Exchange): Promise<void> {
  compiled ??= compileDocument()
  const { paths, error } = await compiled
  // Other namespaces under WordPress's REST root (tec/v1, wp/v2) are not in calfile's REST v1 document.
  if (otherNamespace(exchange.url)) return
  const method = exchange.method.toUpperCase()
  const path = routePath(exchange.url)
  if (!decodes(path)) return expectNoRoute(exchange, error, `${method} ${path}`)
  const matcher = paths.find((candidate) => candidate.pattern.test(path))
  const operation = matcher?.operations.get(method)
  if (!operation && method === 'OPTIONS') return expectPreflight(exchange, underPrefix(exchange.url))
  if (!operation) return expectNoRoute(exchange, error, `${method} ${path}`)
  const documented = operation.responses.get(exchange.status)
  const where = `${method} ${operation.template} → ${exchange.status}`
  if (!documented)
    fail(
      where,
      `status ${exchange.status} is not documented (documented: ${[...operation.responses.keys()].join(', ')})`,
      exchange,
    )
  for (const header of documented.headers)
    if (!exchange.headers.has(header)) fail(where, `header ${header} is missing`, exchange)
  if (!documented.validate) {
    if (exchange.text !== '') fail(where, 'a body where none is documented', exchange)
    return
  }
  validateJson(documented.validate, where, exchange)
}

/**
 * The path below the prefix, as the app routes it: repeated slashes collapsed, no trailing slash (docs/errors.md).
 */
function routePath(url: string): string {
  let path = pathOf(url)
  for (const prefix of PREFIXES) {
    if (path === prefix || path.startsWith(`${prefix}/`)) {
      path = path.slice(prefix.length)
      break
    }
  }
  path = path.replace(/\/$/u, '')
  return path === '' ? '/' : path
}

/** The request path, repeated slashes collapsed, as h3's `app.request` reads it: `//wp-json/…` is a path, not a host. */
function pathOf(url: string): string {
  return new URL(url.startsWith('/') ? `http://localhost${url}` : url).pathname.replace(/\/{2,}/gu, '/')
}

/** Whether a request path is under one of the interface's prefixes. */
function underPrefix(url: string): boolean {
  const path = pathOf(url)
  return PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}

function decodes(path: string): boolean {
  try {
    return decodeURI(path) !== undefined
  } catch {
    return false
  }
}

function expectPreflight(exchange: Exchange, rest: boolean): void {
  if (rest && (exchange.status !== 200 || exchange.text !== '[]'))
    fail('OPTIONS (preflight)', 'expected 200 [] under the prefix', exchange)
  if (!rest && (exchange.status !== 204 || exchange.text !== ''))
    fail('OPTIONS (preflight)', 'expected an empty 204', exchange)
}

/** The codes of refused credentials, answered before any route is matched (docs/auth.md). */
const REFUSED = new Set(['rest_forbidden', 'invalid_username', 'invalid_email', 'incorrect_password'])

function expectNoRoute(exchange: Exchange, error: ValidateFunction, where: string): void {
  if (exchange.status === 401) {
    validateJson(error, where, exchange)
    const { code } = JSON.parse(exchange.text) as { code?: string }
    if (!REFUSED.has(String(code))) fail(where, `a 401 with no route, but the code is ${String(code)}`, exchange)
    return
  }
  if (exchange.status !== 404)
    fail(
      where,
      `no documented operation, so the answer must be 404 rest_no_route (or 401, credentials refused)`,
      exchange,
    )
  if (exchange.method.toUpperCase() === 'HEAD') {
    if (exchange.text !== '') fail(where, 'a body in an answer to HEAD', exchange)
    return
  }
  validateJson(error, where, exchange)
  const body = JSON.parse(exchange.text) as { code?: string }
  if (body.code !== 'rest_no_route')
    fail(where, `no documented operation, but the code is ${String(body.code)}`, exchange)
}

function validateJson(validate: ValidateFunction, where: string, exchange: Exchange): void {
  const type = exchange.headers.get('content-type') ?? ''
  if (!type.startsWith('application/json')) fail(where, `content type ${type || '(none)'} is not JSON`, exchange)
  let body: unknown
  try {
    body = JSON.parse(exchange.text)
  } catch {
    fail(where, 'the body is not JSON', exchange)
  }
  if (validate(body)) return
  const problems = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
  fail(where, `the body does not match the document:\n  ${problems.join('\n  ')}`, exchange)
}

function fail(where: string, problem: string, exchange: Exchange): never {
  throw new Error(
    `OpenAPI response check, ${where} (${exchange.url}): ${problem}\n  body: ${exchange.text.slice(0, 400)}`,
  )
}

/** Builds the document once from an empty calendar (the routes and schemas do not depend on the data). */
async function compileDocument(): Promise<{ paths: PathMatcher[]; error: ValidateFunction }> {
  const calendar = await openCalendar(null, { initial: '', now: () => 0 })
  const doc = openApiDocument(calendar, 'http://localhost/calendar/events/v1')
  // OpenAPI keywords next to JSON Schema ones (none today, but `example` is common) must not stop compilation.
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  const components = doc.components as Components
  for (const [name, schema] of Object.entries(components.schemas))
    ajv.addSchema(rewriteRefs(schema) as Json, ID_BASE + name)
  const paths = Object.entries(doc.paths).map(([template, item]) => ({
    template,
    pattern: templatePattern(template, item),
    operations: new Map(
      Object.entries(item).map(([method, op]) => [method.toUpperCase(), operationOf(ajv, template, op, components)]),
    ),
  }))
  return { paths, error: ajv.compile({ $ref: `${ID_BASE}Error` }) }
}

/** `{id}` is digits only (an integer path parameter), `{slug}` any non-slash text (docs/errors.md). */
function templatePattern(template: string, item: OpenApiDocument['paths'][string]): RegExp {
  const parameters = Object.values(item).flatMap(
    (op) => (op.parameters ?? []) as Array<{ name: string; in: string; schema: Json }>,
  )
  const source = template.replace(/\{(\w+)\}/gu, (_, name: string) => {
    const parameter = parameters.find((p) => p.in === 'path' && p.name === name)
    return parameter?.schema.type === 'integer' ? '\\d+' : '[^/]+'
  })
  return new RegExp(`^${source}$`, 'u')
}

type Components = { schemas: Record<string, Json>; responses: Record<string, Json>; headers: Record<string, Json> }

/** A component the object refers to (`{ $ref: '#/components/responses/BadRequest' }`), or the object itself. */
function resolve(object: Json, named: Record<string, Json>): Json {
  return typeof object.$ref === 'string' ? (named[object.$ref.split('/').at(-1) as string] as Json) : object
}

function operationOf(ajv: Ajv2020, template: string, op: Json, components: Components): Operation {
  const responses = new Map<number, { validate?: ValidateFunction; headers: string[] }>()
  for (const [status, raw] of Object.entries(op.responses as Record<string, Json>)) {
    const response = resolve(raw, components.responses)
    const schema = (response.content as Record<string, { schema: Json }> | undefined)?.['application/json']?.schema
    const headers = Object.entries((response.headers ?? {}) as Record<string, Json>)
      .filter(([, header]) => resolve(header, components.headers).required === true)
      .map(([name]) => name)
    responses.set(Number(status), {
      ...(schema ? { validate: ajv.compile(rewriteRefs(schema) as Json) } : {}),
      headers,
    })
  }
  return { template, responses }
}

/** `#/components/schemas/X` → an absolute ID ajv knows, so each schema compiles on its own. */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string'
        ? inner.replace('#/components/schemas/', ID_BASE)
        : rewriteRefs(inner),
    ]),
  )
}
