/**
 * docs/http.md, `GET /calendar/events/v1/doc`: an OpenAPI 3.1 document of every route, parameter, request body,
 * response and error. It validates with swagger-parser, its schemas are valid JSON Schema 2020-12, it covers the
 * route table exactly (each GET with its HEAD twin), and a client generated from it (openapi-typescript types, openapi-fetch) lists, creates,
 * updates and deletes an event against a running server. The test helpers check every response of the suite
 * against it (test/response-check.ts); the last tests show that check refuses what it should.
 */
import { readFileSync } from 'node:fs'
import SwaggerParser from '@apidevtools/swagger-parser'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { Listener } from 'listhen'
import createClient from 'openapi-fetch'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { routeTable } from '../../src/http/routes.js'
import { serve } from '../../src/http/serve.js'
import { fixture, NOW, open, P } from '../helpers.js'
import { checkResponse } from '../response-check.js'
import type { paths } from './generated/calfile-api.js'
import { apiTypes, TYPES_FILE } from './generated/generate.js'

type Json = Record<string, any>
type Opened = Awaited<ReturnType<typeof open>>

let calendar: Opened['calendar']
let request: Opened['request']

beforeEach(async () => {
  ;({ calendar, request } = await open(fixture('small.json')))
})

async function documentAt(path = `${P}/doc`): Promise<Json> {
  const response = await request('GET', path)
  expect(response.status).toBe(200)
  return response.body
}

/** `/events/:id` → `/events/{id}`. */
const template = (path: string) => path.replace(/:(\w+)/gu, '{$1}')

describe('the document', () => {
  it('is OpenAPI 3.1 and validates with swagger-parser', async () => {
    const doc = await documentAt()
    expect(doc.openapi).toBe('3.1.0')
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined()
  })

  it('has schemas that are valid JSON Schema 2020-12 (swagger-parser does not check that)', async () => {
    const doc = await documentAt()
    const ajv = new Ajv2020({ strict: false })
    for (const [name, schema] of Object.entries<Json>(doc.components.schemas)) {
      expect(ajv.validateSchema(schema), `${name}: ${ajv.errorsText()}`).toBe(true)
    }
  })

  it('servers[0].url is the base with a trailing slash, under the prefix the request came in on', async () => {
    expect((await documentAt()).servers[0].url).toBe(`http://localhost${P}/`)
    expect((await documentAt('/wp-json/tribe/events/v1/doc')).servers[0].url).toBe(
      'http://localhost/wp-json/tribe/events/v1/',
    )
    ;({ request } = await open({ settings: { base_url: 'https://cal.example.org/' } }))
    expect((await documentAt()).servers[0].url).toBe(`https://cal.example.org${P}/`)
  })

  it('has every route and method of the route table, the index and itself, each GET with HEAD, each path with OPTIONS, and nothing else', async () => {
    const doc = await documentAt()
    const routes = [{ method: 'GET', path: '' }, { method: 'GET', path: '/doc' }, ...routeTable(calendar)]
    const expected = routes.flatMap((spec) =>
      (spec.method === 'GET' ? ['GET', 'HEAD', 'OPTIONS'] : [spec.method]).map(
        (method) => `${method} ${template(spec.path) || '/'}`,
      ),
    )
    const documented = Object.entries<Json>(doc.paths)
      .filter(([path]) => !path.startsWith('/wp-json/'))
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    expect(documented.sort()).toEqual(expected.sort())
  })

  it("has the REST index's other namespaces, route by route and method by method, under the site's /wp-json", async () => {
    const doc = await documentAt()
    const index = (await request('GET', '/wp-json/')).body as Json
    const expected = Object.entries<Json>(index.routes)
      .filter(([, route]) => route.namespace === 'wp/v2' || route.namespace === 'tec/v1')
      .flatMap(([route, { methods }]) =>
        (methods as string[])
          .flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method]))
          .map((method) => `${method} /wp-json${route.replace(/\(\?P<(\w+)>[^)]*\)/gu, '{$1}')}`),
      )
    const documented = Object.entries<Json>(doc.paths)
      .filter(([path]) => path.startsWith('/wp-json/'))
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((key) => key !== 'servers')
          .map((method) => `${method.toUpperCase()} ${path}`),
      )
    expect(new Set(documented)).toEqual(new Set(expected))
    expect(expected).toContain('POST /wp-json/wp/v2/tribe_events')
    const site = new URL(doc.servers[0].url).origin
    expect(doc.paths['/wp-json/wp/v2/tribe_events'].servers).toEqual([{ url: site }])
    const list = doc.paths['/wp-json/wp/v2/tribe_events'].get
    expect(list.parameters.find((parameter: Json) => parameter.name === 'per_page')).toEqual({
      name: 'per_page',
      in: 'query',
      required: false,
      description: 'Maximum number of items to be returned in result set.',
      schema: { type: 'integer', default: 10, minimum: 1, maximum: 100 },
    })
    const update = doc.paths['/wp-json/wp/v2/tribe_events/{id}'].patch
    expect(update.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        description: 'Unique identifier for the post.',
        schema: { type: 'integer' },
      },
    ])
    expect(Object.keys(update.requestBody.content['application/json'].schema.properties)).toContain('meta')
  })

  it('documents each success with its status and §2 schema, lists with their headers, term creates with Location', async () => {
    const doc = await documentAt()
    for (const spec of routeTable(calendar)) {
      const op = doc.paths[template(spec.path)][spec.method.toLowerCase()]
      const success = op.responses[String(spec.status)]
      expect(success, `${spec.method} ${spec.path}`).toBeDefined()
      const ref = success.content['application/json'].schema.$ref
      expect(ref).toMatch(spec.action === 'list' ? /List$/u : /\/(Event|Venue|Organizer|Category|Tag)$/u)
      if (spec.action === 'list') expect(Object.keys(success.headers)).toEqual(['X-TEC-Total', 'X-TEC-TotalPages'])
      // TEC's term endpoints send Location (WordPress's own term route); its post endpoints send none
      if (spec.action === 'create')
        expect(Object.keys(success.headers ?? {})).toEqual(
          spec.resource === 'categories' || spec.resource === 'tags' ? ['Location'] : [],
        )
    }
  })

  it('documents the errors that apply, each with the error body', async () => {
    const doc = await documentAt()
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses).map(Number)
    expect(statuses('/events', 'get')).toEqual([200, 400, 401, 404])
    expect(statuses('/categories', 'get')).toEqual([200, 400, 401])
    expect(statuses('/events', 'post')).toEqual([201, 400, 401, 403, 413, 503])
    // an event ID that names no post is TEC 6.17's 404 rest-event-not-found (the default release)
    expect(statuses('/events/{id}', 'get')).toEqual([200, 400, 401, 403, 404])
    expect(statuses('/events/{id}', 'patch')).toEqual([200, 400, 401, 403, 404, 413, 503])
    expect(statuses('/events/{id}', 'delete')).toEqual([200, 400, 401, 403, 404, 410, 413, 503])
    expect(statuses('/tags/{id}', 'delete')).toEqual([200, 400, 401, 403, 413, 503])
    expect(statuses('/tags/{id}', 'get')).toEqual([200, 400, 401])
    for (const response of Object.values<Json>(doc.components.responses)) {
      expect(response.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' })
    }
  })

  it('documents no 404 for an event ID under tec_version "6.10": an unknown ID is TEC 6.10\'s 400 rest_invalid_param', async () => {
    ;({ request } = await open({ settings: { tec_version: '6.10' } }))
    const doc = await documentAt()
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses).map(Number)
    expect(statuses('/events/{id}', 'get')).toEqual([200, 400, 401, 403])
    expect(statuses('/events/{id}', 'patch')).toEqual([200, 400, 401, 403, 413, 503])
    expect(statuses('/events/{id}', 'delete')).toEqual([200, 400, 401, 403, 410, 413, 503])
  })

  it('documents query parameters as a client sends them, with defaults from the schemas and the settings', async () => {
    const doc = await documentAt()
    const params = Object.fromEntries(doc.paths['/events'].get.parameters.map((p: Json) => [p.name, p]))
    expect(params.per_page).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, default: 6 },
    })
    expect(params.strict_dates.schema).toMatchObject({ type: 'boolean', default: false })
    expect(params.include.schema).toMatchObject({ type: 'array', items: { type: 'integer' } })
    const id = doc.paths['/events/{id}'].get.parameters[0]
    expect(id).toMatchObject({ name: 'id', in: 'path', required: true, schema: { type: 'integer' } })
  })

  it('documents the event list of the revision in settings.api_revision (spec §9, CONTRACT §7)', async () => {
    const names = (doc: Json) => doc.paths['/events'].get.parameters.map((p: Json) => p.name as string)
    const extendedOnly = ['starts_before', 'starts_after', 'ends_before', 'ends_after', 'strict_dates', 'ticketed']
    const extended = await documentAt()
    ;({ request } = await open({ settings: { api_revision: 'earlier' } }))
    const earlier = await documentAt()
    expect(names(extended)).toEqual(expect.arrayContaining(extendedOnly))
    expect(names(earlier)).toEqual(names(extended).filter((name: string) => !extendedOnly.includes(name)))
    expect(earlier.paths['/events'].head.parameters).toEqual(earlier.paths['/events'].get.parameters)
    const param = (doc: Json, name: string) => doc.paths['/events'].get.parameters.find((p: Json) => p.name === name)
    for (const name of ['geoloc_lat', 'geoloc_lng']) {
      expect(param(extended, name).schema.type, name).toBe('number')
      expect(param(earlier, name).schema.type, name).toBe('string')
    }
    expect(param(earlier, 'end_date').description).toMatch(/start on or before/u)
    expect(extended.info.description).toMatch(/extended revision/u)
    expect(earlier.info.description).toMatch(/earlier revision/u)
  })

  it("the earlier revision's document validates too, and answers with the same responses as the extended one", async () => {
    const extended = await documentAt()
    ;({ request } = await open({ settings: { api_revision: 'earlier' } }))
    const earlier = await documentAt()
    await expect(SwaggerParser.validate(structuredClone(earlier) as never)).resolves.toBeDefined()
    // So the response check of the test helpers, made from the default revision's document, holds for both.
    expect(earlier.components).toEqual(extended.components)
    const responses = (doc: Json) =>
      Object.values<Json>(doc.paths).flatMap((item) => Object.values<Json>(item).map((op) => op.responses))
    expect(responses(earlier)).toEqual(responses(extended))
  })

  it('documents parent for the categories list only: tags are not hierarchical (CONTRACT §4.4)', async () => {
    const doc = await documentAt()
    const names = (path: string) => doc.paths[path].get.parameters.map((p: Json) => p.name)
    expect(names('/categories')).toContain('parent')
    expect(names('/tags')).not.toContain('parent')
    expect(names('/tags')).toEqual(names('/categories').filter((name: string) => name !== 'parent'))
  })

  it('documents HEAD as its GET without content: same parameters, statuses and headers (RFC 9110 §9.3.2)', async () => {
    const doc = await documentAt()
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      if (!item.get) continue
      expect(item.head, path).toBeDefined()
      expect(item.head.parameters, path).toEqual(item.get.parameters)
      expect(item.head.operationId).toBe(`${item.get.operationId}Head`)
      expect(Object.keys(item.head.responses), path).toEqual(Object.keys(item.get.responses))
      for (const response of Object.values<Json>(item.head.responses))
        expect(response, path).not.toHaveProperty('content')
    }
    expect(Object.keys(doc.paths['/events'].head.responses[200].headers)).toEqual(['X-TEC-Total', 'X-TEC-TotalPages'])
    expect(doc.paths['/events'].head.responses[400].description).toMatch(/rest_invalid_param/u)
  })

  it('documents request bodies as JSON, urlencoded and multipart forms; a create requires the fields the spec requires', async () => {
    const doc = await documentAt()
    const create = doc.paths['/events'].post.requestBody
    expect(create.required).toBe(true)
    expect(Object.keys(create.content)).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ])
    expect(create.content['multipart/form-data'].schema).toEqual(create.content['application/json'].schema)
    expect(create.content['application/json'].schema).toEqual({
      allOf: [{ $ref: '#/components/schemas/EventInput' }],
      required: ['title', 'start_date', 'end_date'],
    })
    expect(doc.paths['/categories'].post.requestBody.content['application/json'].schema.required).toEqual(['name'])
    expect(doc.paths['/events/{id}'].patch.requestBody).toMatchObject({
      required: false,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/EventInput' } } },
    })
    expect(doc.components.schemas.EventInput.properties.all_day).toMatchObject({ type: 'boolean' })
  })

  it('the committed client types are what openapi-typescript makes of the document (npm run api-types)', async () => {
    expect(readFileSync(TYPES_FILE, 'utf8')).toBe(await apiTypes())
  })
})

describe('a client generated from the document, against a running server', () => {
  let listener: Listener
  let client: ReturnType<typeof createClient<paths>>

  beforeAll(async () => {
    const served = await openCalendar(null, { initial: fixture('small.json'), now: () => NOW })
    listener = await serve(served, { port: 0, host: '127.0.0.1' })
    const origin = new URL(listener.url).origin
    const doc = (await (await fetch(`${origin}${P}/doc`)).json()) as Json
    expect(doc.servers[0].url).toBe(`${origin}${P}/`)
    client = createClient<paths>({ baseUrl: doc.servers[0].url })
    // Every answer the client gets is checked against the document too.
    client.use({
      async onResponse({ request: sent, response }) {
        await checkResponse({
          method: sent.method,
          url: sent.url,
          status: response.status,
          headers: response.headers,
          text: await response.clone().text(),
        })
      },
    })
  })

  afterAll(async () => {
    await listener.close()
  })

  it('lists, creates, updates and deletes an event', async () => {
    const listed = await client.GET('/events', { params: { query: { per_page: 5, strict_dates: false } } })
    expect(listed.response.status).toBe(200)
    expect(listed.data?.events.map((event) => event.title)).toEqual(['Jazz night'])
    expect(listed.data?.total).toBe(1)
    expect(listed.response.headers.get('X-TEC-Total')).toBe('1')

    const created = await client.POST('/events', {
      body: {
        title: 'Typed client night',
        start_date: '2026-07-10 19:00:00',
        end_date: '2026-07-10 21:00:00',
        all_day: false,
        organizer: [12],
      },
    })
    expect(created.response.status).toBe(201)
    const id = created.data?.id as number
    expect(created.data).toMatchObject({
      title: 'Typed client night',
      start_date: '2026-07-10 19:00:00',
      status: 'publish',
    })
    expect(created.data?.organizer.map((organizer) => organizer.organizer)).toEqual(['Jazz Society'])
    // TEC sends no Location for a new event
    expect(created.response.headers.get('Location')).toBeNull()

    const updated = await client.PATCH('/events/{id}', {
      params: { path: { id } },
      body: { title: 'Typed client night, moved', featured: true },
    })
    expect(updated.response.status).toBe(200)
    expect(updated.data).toMatchObject({
      id,
      title: 'Typed client night, moved',
      featured: true,
      start_date: '2026-07-10 19:00:00',
    })

    const read = await client.GET('/events/{id}', { params: { path: { id } } })
    expect(read.data?.json_ld).toMatchObject({ '@type': 'Event' })

    const trashed = await client.DELETE('/events/{id}', { params: { path: { id } } })
    expect(trashed.response.status).toBe(200)
    expect(trashed.data?.status).toBe('trash')
    const again = await client.DELETE('/events/{id}', { params: { path: { id } } })
    expect(again.response.status).toBe(410)
    expect(again.error).toMatchObject({ code: 'event-is-in-trash', data: { status: 410 } })

    // TEC's DELETE takes no force: the trashed event stays in the trash list; TEC 6.17 reads it to no one
    const gone = await client.GET('/events', { params: { query: { status: ['trash'], include: [id] } } })
    expect(gone.data?.events.map((event) => [event.id, event.status])).toEqual([[id, 'trash']])
    const refused = await client.GET('/events/{id}', { params: { path: { id } } })
    expect(refused.response.status).toBe(403)
    expect(refused.error).toMatchObject({ code: 'event-no-longer-available', data: { status: 403 } })
  })

  it('reads the index and a refused create through the same types', async () => {
    const root = await client.GET('/')
    expect(root.data?.namespace).toBe('calendar/events/v1')
    const refused = await client.POST('/events', { body: { title: 'No dates' } as never })
    expect(refused.response.status).toBe(400)
    expect(refused.error?.data.params).toEqual(['start_date', 'end_date'])
  })
})

describe('the response check of the test helpers', () => {
  const headers = new Headers({ 'content-type': 'application/json; charset=UTF-8' })

  it('refuses a body that is not the documented shape', async () => {
    const { body } = await request('GET', '/events/10')
    const broken = { ...body, all_day: 'no' }
    await expect(
      checkResponse({ method: 'GET', url: `${P}/events/10`, status: 200, headers, text: JSON.stringify(broken) }),
    ).rejects.toThrow(/all_day/u)
    const { author: _author, ...missing } = body
    await expect(
      checkResponse({ method: 'GET', url: `${P}/events/10`, status: 200, headers, text: JSON.stringify(missing) }),
    ).rejects.toThrow(/author/u)
  })

  it('refuses a status the route does not document', async () => {
    const text = JSON.stringify({ code: 'x', message: 'x', data: { status: 410 } })
    await expect(checkResponse({ method: 'GET', url: `${P}/events/10`, status: 410, headers, text })).rejects.toThrow(
      /not documented/u,
    )
  })

  it('refuses a body in an answer to HEAD, documented route or not', async () => {
    const { body } = await request('GET', '/events/10')
    await expect(
      checkResponse({ method: 'HEAD', url: `${P}/events/10`, status: 200, headers, text: '' }),
    ).resolves.toBeUndefined()
    await expect(
      checkResponse({ method: 'HEAD', url: `${P}/events/10`, status: 200, headers, text: JSON.stringify(body) }),
    ).rejects.toThrow(/a body where none is documented/u)
    await expect(
      checkResponse({ method: 'HEAD', url: `${P}/nowhere`, status: 404, headers, text: '' }),
    ).resolves.toBeUndefined()
    await expect(
      checkResponse({ method: 'HEAD', url: `${P}/nowhere`, status: 404, headers, text: '{}' }),
    ).rejects.toThrow(/a body in an answer to HEAD/u)
  })

  it('refuses anything but 404 rest_no_route where no operation is documented', async () => {
    const text = JSON.stringify({ code: 'rest_no_route', message: 'x', data: { status: 404 } })
    await expect(
      checkResponse({ method: 'GET', url: `${P}/events/abc`, status: 404, headers, text }),
    ).resolves.toBeUndefined()
    await expect(checkResponse({ method: 'POST', url: `${P}/doc`, status: 200, headers, text: '{}' })).rejects.toThrow(
      /rest_no_route/u,
    )
  })
})
