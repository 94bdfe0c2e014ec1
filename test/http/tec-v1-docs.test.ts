/**
 * tec/v1's OpenAPI document (`GET /wp-json/tec/v1/docs`), its namespace index (`GET /wp-json/tec/v1`) and `OPTIONS`
 * on its routes, against TEC 6.17.2's own answers: fixtures/tec-6.17.2/ holds a live TEC 6.17.2's `/docs` and its
 * namespace index with `context=help` (the `view` index is the same without the routes' `schema`; `OPTIONS` on each
 * route answered that entry, equal key by key), taken from a fresh site with the site URL replaced by
 * `http://tec.example`:
 *
 *   curl -s $REALTEC_BASE/wp-json/tec/v1/docs; curl -s "$REALTEC_BASE/wp-json/tec/v1?context=help"
 *
 * The document validates with swagger-parser, has everything TEC's has (calfile's deviations listed below), follows
 * the endpoint table, and calfile's own answers validate against it.
 */
import { readFileSync } from 'node:fs'
import SwaggerParser from '@apidevtools/swagger-parser'
import { Ajv } from 'ajv'
import { H3 } from 'h3'
import { describe, expect, it } from 'vitest'
import { viewOf } from '../../src/http/app.js'
import { openApiPath } from '../../src/http/openapi/describe.js'
import { ENDPOINTS } from '../../src/http/tec-v1/endpoints.js'
import { ACKNOWLEDGEMENT } from '../../src/http/tec-v1/gate.js'
import { docsResponse, tecV1Document } from '../../src/http/tec-v1/openapi/openapi.js'
import {
  namespaceIndexResponse,
  routeDescription,
  routeOptionsResponse,
  tecV1Index,
  tecV1Routes,
} from '../../src/http/tec-v1/route-index.js'
import { open } from '../helpers.js'

type Json = Record<string, any>

const ORIGIN = 'http://tec.example'
const live = (name: string): Json =>
  JSON.parse(readFileSync(new URL(`fixtures/tec-6.17.2/${name}`, import.meta.url), 'utf8'))
const TEC_DOCS = live('docs.json')
const TEC_INDEX_HELP = live('index-help.json')

/** The `view` listing: the `help` one without the routes' schemas. */
function viewListing(index: Json): Json {
  const routes = Object.fromEntries(
    Object.entries<Json>(index.routes).map(([key, { schema: _schema, ...route }]) => [key, route]),
  )
  return { ...index, routes }
}

/** A calendar answering as TEC 6.17, with an administrator `tok-admin`. */
async function site(settings: Json = {}) {
  const { tokenHash } = await import('../../src/core/model/users.js')
  return open({
    settings: { timezone: 'America/New_York', per_page: 10, tec_version: '6.17', ...settings },
    users: [{ id: 1, name: 'admin', role: 'administrator', token_sha256: tokenHash('tok-admin') }],
  })
}

async function documentOf(settings: Json = {}): Promise<Json> {
  const { calendar } = await site(settings)
  return tecV1Document(calendar.state, ORIGIN)
}

/**
 * Where calfile's document says something other than TEC's, on purpose: the post's title described as its title
 * (TEC's definition gives it the guid's words), and `duration` as the text TEC 6.17.2 sends (its document says an
 * integer; a live event answers `"duration": "7200"`).
 */
const DEVIATIONS = [
  'TEC_Post_Entity.properties.title.description',
  'Event.allOf.1.properties.duration.description',
  'Event.allOf.1.properties.duration.type',
  'Event.allOf.1.properties.duration.example',
]

/** Where `ours` lacks or differs from what `tec` says, key by key (what `ours` adds is not looked at). */
function differences(tec: unknown, ours: unknown, at: string): string[] {
  if (tec !== null && typeof tec === 'object' && ours !== null && typeof ours === 'object') {
    if (Array.isArray(tec) !== Array.isArray(ours)) return [at]
    // A list (an enum, `required`, `allOf`) is compared whole, but for `allOf`'s parts.
    if (Array.isArray(tec) && !at.endsWith('allOf')) return JSON.stringify(tec) === JSON.stringify(ours) ? [] : [at]
    return Object.entries(tec).flatMap(([key, value]) =>
      key in ours ? differences(value, (ours as Json)[key], `${at}.${key}`) : [`${at}.${key}`],
    )
  }
  return tec === ours ? [] : [at]
}

describe('the document (GET /wp-json/tec/v1/docs)', () => {
  it("is OpenAPI 3.0.4 that swagger-parser validates, with TEC's info, tags and security scheme", async () => {
    const doc = await documentOf()
    expect(doc.openapi).toBe('3.0.4')
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined()
    expect(doc.info).toEqual(TEC_DOCS.info)
    expect(doc.tags).toEqual(TEC_DOCS.tags)
    expect(doc.components.securitySchemes).toEqual(TEC_DOCS.components.securitySchemes)
  })

  it("has each path and operation of TEC 6.17.2's, with its words, parameters, request body and responses", async () => {
    const doc = await documentOf()
    for (const [path, item] of Object.entries<Json>(TEC_DOCS.paths)) {
      for (const [method, tec] of Object.entries<Json>(item)) {
        const ours = doc.paths[path]?.[method]
        const where = `${method.toUpperCase()} ${path}`
        expect(ours, where).toBeDefined()
        for (const key of ['summary', 'description', 'operationId', 'tags', 'security', 'requestBody'])
          expect(ours[key], `${where} ${key}`).toEqual(tec[key])
        // Each of TEC's parameters as TEC writes it; calfile adds the X-TEC-EEA header.
        for (const parameter of tec.parameters)
          expect(
            ours.parameters.find((each: Json) => each.name === parameter.name && each.in === parameter.in),
            `${where} ${parameter.name}`,
          ).toEqual(parameter)
        // Each of TEC's statuses with its words, headers and body; calfile adds the error bodies and its statuses.
        for (const [status, response] of Object.entries<Json>(tec.responses))
          expect(differences(response, ours.responses[status], `${where} ${status}`)).toEqual([])
      }
    }
  })

  it("has each schema TEC documents, each with TEC's properties and keywords", async () => {
    const doc = await documentOf()
    const found = Object.entries<Json>(TEC_DOCS.components.schemas).flatMap(([name, schema]) =>
      differences(schema, doc.components.schemas[name], name),
    )
    expect(found).toEqual(DEVIATIONS)
  })

  it('documents the endpoint table, each GET with HEAD, each path with OPTIONS, the index and itself', async () => {
    const doc = await documentOf()
    const expected = ['GET /', 'HEAD /', 'OPTIONS /', 'GET /docs', 'HEAD /docs', 'OPTIONS /docs']
    for (const endpoint of ENDPOINTS)
      for (const method of endpoint.methods)
        for (const each of method === 'GET' ? ['GET', 'HEAD'] : [method])
          expected.push(`${each} ${openApiPath(endpoint.path)}`)
    for (const path of new Set(ENDPOINTS.map((endpoint) => endpoint.path)))
      expected.push(`OPTIONS ${openApiPath(path)}`)
    const documented = Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(documented.sort()).toEqual(expected.sort())
  })

  it("serves its site's REST URL in servers, and per_page's default of the settings", async () => {
    const { calendar } = await site({ per_page: 25 })
    const doc: Json = tecV1Document(calendar.state, 'https://cal.example.org')
    expect(doc.servers).toEqual([{ url: 'https://cal.example.org/wp-json/tec/v1' }])
    const perPage = doc.paths['/events'].get.parameters.find((parameter: Json) => parameter.name === 'per_page')
    expect(perPage.schema.default).toBe(25)
    expect(TEC_DOCS.servers).toEqual([{ url: `${ORIGIN}/wp-json/tec/v1` }])
  })

  it('is answered to anyone without X-TEC-EEA, under the origin asked; wrong credentials are 401', async () => {
    const { calendar } = await site()
    const app = new H3().get('/wp-json/tec/v1/docs', (event) => docsResponse(calendar, event, viewOf(calendar, event)))
    const answer = await app.request('http://127.0.0.1:3000/wp-json/tec/v1/docs')
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual(tecV1Document(calendar.state, 'http://127.0.0.1:3000'))
    const refused = await app.request('/wp-json/tec/v1/docs', { headers: { authorization: 'Bearer wrong' } })
    expect(refused.status).toBe(401)
  })
})

describe("calfile's answers validate against the document", () => {
  /** A validator of each operation's documented responses, by method, path template and status. */
  function checker(doc: Json) {
    const ajv = new Ajv({ strict: false, validateFormats: false })
    ajv.addSchema(doc, 'doc')
    return (method: string, path: string, status: number, body: unknown) => {
      const pathname = path.replace(/\?.*/u, '')
      const template = Object.keys(doc.paths).find((each) =>
        new RegExp(`^/wp-json/tec/v1${each.replace(/\{\w+\}/gu, '\\d+').replace(/\/$/u, '')}$`, 'u').test(pathname),
      )
      const where = `${method} ${path} → ${status}`
      expect(template, where).toBeDefined()
      const response = doc.paths[template as string][method.toLowerCase()]?.responses[status]
      expect(response, `${where} is not documented`).toBeDefined()
      const schema = response.content?.['application/json']?.schema
      if (!schema) return
      const pointer = `doc#/paths/${(template as string).replaceAll('~', '~0').replaceAll('/', '~1')}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`
      const validate = ajv.getSchema(pointer)
      expect(validate?.(body), `${where}: ${ajv.errorsText(validate?.errors)}`).toBe(true)
    }
  }

  it('for lists, reads, writes, trash and the errors of each step', async () => {
    const { calendar, request } = await site()
    const check = checker(tecV1Document(calendar.state, ORIGIN))
    const admin = { authorization: 'Bearer tok-admin', 'x-tec-eea': ACKNOWLEDGEMENT }
    const anonymous = { 'x-tec-eea': ACKNOWLEDGEMENT }
    const exchange = async (method: string, path: string, body?: unknown, headers: Json = admin) => {
      const answer = await request(method, `/wp-json/tec/v1${path}`, body, headers)
      check(method, `/wp-json/tec/v1${path}`, answer.status, answer.body)
      return answer
    }
    const venue = (await exchange('POST', '/venues', { title: 'Hall', address: '1 Main', city: 'Boston' })).body
    const organizer = (await exchange('POST', '/organizers', { title: 'Org', email: 'a@b.org' })).body
    const event = (
      await exchange('POST', '/events', {
        title: 'Talk',
        start_date: '2026-12-01 10:00:00',
        end_date: '2026-12-01 12:00:00',
        venues: [venue.id],
        organizers: [organizer.id],
      })
    ).body
    expect(event.venues).toHaveLength(1)
    await exchange('POST', '/events', { title: 'Draft', status: 'draft', ...{ start_date: '2026-12-02 10:00:00' } })
    for (const path of ['/events', '/venues', '/organizers', `/events/${event.id}`, `/venues/${venue.id}`])
      await exchange('GET', path)
    await exchange('GET', `/organizers/${organizer.id}`, undefined, anonymous)
    await exchange('GET', '/events?status=draft,publish')
    await exchange('PUT', `/events/${event.id}`, { title: 'Talk 2' })
    await exchange('PATCH', `/venues/${venue.id}`, { city: 'Salem' })
    // The errors: argument, permission, acknowledgement, page past the end, handler.
    expect((await exchange('GET', '/events?per_page=abc')).status).toBe(400)
    expect((await exchange('GET', '/events/99999', undefined, anonymous)).status).toBe(401)
    expect((await exchange('GET', '/events/99999')).status).toBe(403)
    expect((await exchange('GET', '/events', undefined, { authorization: 'Bearer tok-admin' })).status).toBe(400)
    expect((await exchange('GET', '/events?page=9')).status).toBe(404)
    expect((await exchange('POST', '/events', { title: 'x' }, anonymous)).status).toBe(401)
    expect((await exchange('DELETE', `/events/${event.id}`)).status).toBe(200)
    expect((await exchange('DELETE', `/events/${event.id}`)).status).toBe(410)
    expect((await exchange('DELETE', `/organizers/${organizer.id}?force=true`)).status).toBe(200)
  })
})

describe('the namespace index (GET /wp-json/tec/v1) and OPTIONS', () => {
  it("is TEC 6.17.2's, key by key and in its order, in the view and help contexts", async () => {
    const { calendar } = await site()
    expect(JSON.stringify(tecV1Index(calendar.state, ORIGIN, 'help'))).toBe(JSON.stringify(TEC_INDEX_HELP))
    expect(JSON.stringify(tecV1Index(calendar.state, ORIGIN))).toBe(JSON.stringify(viewListing(TEC_INDEX_HELP)))
    // The site index (`GET /wp-json/`) lists the same routes.
    expect(tecV1Routes(calendar.state, ORIGIN)).toEqual(viewListing(TEC_INDEX_HELP).routes)
  })

  it("answers OPTIONS on each route with the route's entry and its schema, and nothing where no route is", async () => {
    const { calendar } = await site()
    const keys: Record<string, string> = {
      '': '/tec/v1',
      '/docs': '/tec/v1/docs',
      ...Object.fromEntries(
        ENDPOINTS.map((endpoint) => [endpoint.path, `/tec/v1${endpoint.path.replace(':id', '(?P<id>\\d+)')}`]),
      ),
    }
    for (const [path, key] of Object.entries(keys))
      expect(JSON.stringify(routeDescription(path, calendar.state, ORIGIN)), path).toBe(
        JSON.stringify(TEC_INDEX_HELP.routes[key]),
      )
    expect(routeDescription('/events/:slug', calendar.state, ORIGIN)).toBeUndefined()
  })

  it('follows the settings: per_page and the origin', async () => {
    const { calendar } = await site({ per_page: 7 })
    const index = tecV1Index(calendar.state, 'https://cal.example.org')
    const list = index.routes['/tec/v1/venues']?.endpoints[0]?.args as Json
    expect(list.per_page.default).toBe(7)
    expect(index._links).toEqual({ up: [{ href: 'https://cal.example.org/wp-json/' }] })
  })

  it('is served with context and namespace read as WordPress reads them; wrong credentials are 401', async () => {
    const { calendar } = await site()
    const app = new H3()
      .get('/wp-json/tec/v1', (event) => namespaceIndexResponse(calendar, event, viewOf(calendar, event)))
      .on('OPTIONS', '/wp-json/tec/v1/events/:id', (event) =>
        routeOptionsResponse(calendar, '/events/:id', viewOf(calendar, event)),
      )
    const at = (path: string, init?: RequestInit) => app.request(`${ORIGIN}/wp-json/tec/v1${path}`, init)
    expect(await (await at('')).json()).toEqual(viewListing(TEC_INDEX_HELP))
    expect(await (await at('?context=help')).json()).toEqual(TEC_INDEX_HELP)
    expect(await (await at('?context=edit&namespace=tec/v1')).json()).toEqual(viewListing(TEC_INDEX_HELP))
    const other = await at('?namespace=nope')
    expect(other.status).toBe(404)
    expect(await other.json()).toEqual({
      code: 'rest_invalid_namespace',
      message: 'The specified namespace could not be found.',
      data: { status: 404 },
    })
    const wrong = { headers: { authorization: 'Bearer wrong' } }
    expect((await at('', wrong)).status).toBe(401)
    const options = await at('/events/5', { method: 'OPTIONS' })
    expect(await options.json()).toEqual(TEC_INDEX_HELP.routes['/tec/v1/events/(?P<id>\\d+)'])
    expect((await at('/events/5', { method: 'OPTIONS', ...wrong })).status).toBe(401)
  })
})
