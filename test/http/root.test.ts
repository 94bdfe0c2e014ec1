/**
 * docs/http.md, the root route `GET /calendar/events/v1`: WordPress's namespace index of every route of the route
 * table, with its methods and each endpoint's arguments as TEC declares them (TEC 6.10's and 6.17's `OPTIONS`
 * answers, their words, types, defaults and order), those only calfile takes left to `/doc`;
 * `namespace` and `context` parameters; the order of checks of docs/errors.md (parameters, then the token).
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { tokenHash } from '../../src/core/model/users.js'
import { routeTable } from '../../src/http/routes.js'
import { fixture, open, P } from '../helpers.js'

type Json = Record<string, any>
type Opened = Awaited<ReturnType<typeof open>>

let calendar: Opened['calendar']
let request: Opened['request']

beforeEach(async () => {
  ;({ calendar, request } = await open(fixture('small.json')))
})

/** The index, asserting a 200. */
async function index(path = P): Promise<Json> {
  const response = await request('GET', path)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body
}

/** `/events/:id` → `/calendar/events/v1/events/(?P<id>\d+)`, written out here rather than taken from the code. */
function wordpressPath(path: string): string {
  return P + path.replace(':id', '(?P<id>\\d+)').replace(':slug', '(?P<slug>[^/]+)')
}

/** The endpoint of a route that takes `method`. */
function endpoint(body: Json, path: string, method: string): Json {
  const route = body.routes[path]
  expect(route, path).toBeDefined()
  const found = route.endpoints.find((e: Json) => e.methods.includes(method))
  expect(found, `${method} ${path}`).toBeDefined()
  return found
}

describe('the index', () => {
  it('names the namespace and links itself and the OpenAPI document', async () => {
    const body = await index()
    expect(body.namespace).toBe('calendar/events/v1')
    expect(body._links.self).toEqual([{ href: `http://localhost${P}` }])
    expect(body._links['service-desc'][0].href).toBe(`http://localhost${P}/doc`)
  })

  it('lists every route of the route table with its methods, each in one endpoint', async () => {
    const body = await index()
    for (const spec of routeTable(calendar)) {
      const path = wordpressPath(spec.path)
      expect(body.routes[path]?.namespace, path).toBe('calendar/events/v1')
      expect(body.routes[path].methods, path).toContain(spec.method)
      endpoint(body, path, spec.method)
    }
  })

  it('lists nothing else but the index itself and the document', async () => {
    const body = await index()
    const expected = new Set([P, `${P}/doc`, ...routeTable(calendar).map((spec) => wordpressPath(spec.path))])
    expect(new Set(Object.keys(body.routes))).toEqual(expected)
    expect(body.routes[P].methods).toEqual(['GET'])
    expect(body.routes[`${P}/doc`].methods).toEqual(['GET'])
  })

  it('joins POST, PUT and PATCH of an update into one endpoint, as WordPress does', async () => {
    const route = (await index()).routes[wordpressPath('/events/:id')]
    // in TEC's order (Tribe__Events__REST__V1__Main registers read, delete, then update)
    expect(route.methods).toEqual(['GET', 'DELETE', 'POST', 'PUT', 'PATCH'])
    expect(route.endpoints.map((e: Json) => e.methods)).toEqual([['GET'], ['DELETE'], ['POST', 'PUT', 'PATCH']])
  })

  it('links collection routes to themselves, not routes with a path parameter', async () => {
    const body = await index()
    expect(body.routes[`${P}/events`]._links.self).toEqual([{ href: `http://localhost${P}/events` }])
    expect(body.routes[wordpressPath('/events/:id')]._links).toBeUndefined()
  })

  it('gives every argument required, and a description and type where it has them (TEC leaves some out)', async () => {
    const body = await index()
    for (const [path, route] of Object.entries<Json>(body.routes)) {
      for (const e of route.endpoints) {
        for (const [name, arg] of Object.entries<Json>(e.args)) {
          expect(typeof arg.required, `${path} ${name}`).toBe('boolean')
          if (path !== P) expect(arg.description, `${path} ${name}`).toMatch(/\S/u)
          if (arg.type === undefined) continue
          expect(['string', 'integer', 'number', 'boolean', 'array', 'object'], `${path} ${name}`).toEqual(
            expect.arrayContaining([arg.type].flat()),
          )
        }
      }
    }
  })

  it("an endpoint without arguments has [], as WordPress sends PHP's empty array", async () => {
    expect((await index()).routes[`${P}/doc`].endpoints[0].args).toEqual([])
  })
})

describe("arguments: TEC's declarations", () => {
  it("list: page defaults to 1 and per_page to settings.per_page, as text like WordPress's option", async () => {
    const args = endpoint(await index(), `${P}/events`, 'GET').args
    expect(args.page).toEqual({
      required: false,
      default: 1,
      description: 'The archive page to return',
      type: 'integer',
    })
    expect(args.per_page).toMatchObject({ required: false, default: '6', type: 'integer' })
    ;({ request } = await open({ settings: { per_page: 3 } }))
    expect(endpoint(await index(), `${P}/venues`, 'GET').args.per_page).toMatchObject({
      default: '3',
      description: 'The number of venues to return on each page',
    })
  })

  it("event list filters: as TEC declares them, the date defaults computed from the clock as TEC's are", async () => {
    const args = endpoint(await index(), `${P}/events`, 'GET').args
    expect(args.strict_dates).toMatchObject({ required: false, default: 'false' })
    expect(args.strict_dates.type).toBeUndefined()
    // NOW is 2026-07-01 12:00 UTC: "yesterday 23:59" in UTC shown in New York, and "+24 months" in UTC.
    expect(args.start_date).toEqual({
      required: false,
      default: '2026-06-30 19:59:00',
      description: 'Events that start on the specified date',
    })
    expect(args.end_date.default).toBe('2028-07-01 12:00:00')
    expect(args.venue).toEqual({
      required: false,
      description: 'Events should be assigned one of the specified venue IDs',
      items: { type: 'integer' },
    })
    expect(args.categories).toMatchObject({ items: { type: 'integer' } })
    expect(args.geoloc_lat).toMatchObject({ format: 'double' })
    expect(args.status).toMatchObject({ format: 'string', description: 'The event post status' })
  })

  it('parameters only calfile takes are left to /doc, as WordPress lists the registered ones only', async () => {
    const body = await index()
    expect(endpoint(body, `${P}/events`, 'GET').args).not.toHaveProperty('geoloc_radius')
    expect(endpoint(body, `${P}/events`, 'POST').args).not.toHaveProperty('ticketed')
    const venue = endpoint(body, `${P}/venues`, 'POST').args
    for (const name of ['excerpt', 'slug', 'geo_lat', 'geo_lng']) expect(venue).not.toHaveProperty(name)
    expect(endpoint(body, `${P}/tags`, 'POST').args).not.toHaveProperty('parent')
  })

  it("a single event's routes by ID list TEC's password, which calfile takes and ignores", async () => {
    const route = (await index()).routes[wordpressPath('/events/:id')]
    for (const { args } of route.endpoints) {
      expect(Object.keys(args).slice(0, 2)).toEqual(['id', 'password'])
      expect(args.password).toEqual({ type: 'string', description: 'The event password', required: false })
    }
    const bySlug = (await index()).routes[wordpressPath('/events/by-slug/:slug')]
    expect(bySlug.endpoints[0].args).not.toHaveProperty('password')
  })

  it("a venue's update by slug: the path's slug, as TEC's EDIT_args() keeps it (venues take no slug field)", async () => {
    expect(endpoint(await index(), wordpressPath('/venues/by-slug/:slug'), 'PATCH').args.slug).toEqual({
      type: 'string',
      description: 'the venue post name',
      required: true,
    })
  })

  it('the event list takes the parameters of the revision in settings.api_revision (spec §9, CONTRACT §7)', async () => {
    const extended = endpoint(await index(), `${P}/events`, 'GET').args
    const extendedOnly = ['starts_before', 'starts_after', 'ends_before', 'ends_after', 'strict_dates', 'ticketed']
    expect(Object.keys(extended)).toEqual(expect.arrayContaining(extendedOnly))
    ;({ request } = await open({ settings: { api_revision: 'earlier' } }))
    const earlier = endpoint(await index(), `${P}/events`, 'GET').args
    expect(Object.keys(earlier)).toEqual(Object.keys(extended).filter((name) => !extendedOnly.includes(name)))
    expect(earlier.geoloc_lat).toMatchObject({ required: false, format: 'double' })
  })

  it('categories take parent; tags do not, as they are not hierarchical (CONTRACT §4.4)', async () => {
    const body = await index()
    expect(endpoint(body, `${P}/categories`, 'GET').args.parent).toMatchObject({ required: false, type: 'integer' })
    const tags = endpoint(body, `${P}/tags`, 'GET').args
    expect(tags).not.toHaveProperty('parent')
    expect(Object.keys(tags)).toEqual(
      Object.keys(endpoint(body, `${P}/categories`, 'GET').args).filter((name) => name !== 'parent'),
    )
  })

  it("term lists: order and orderby without defaults; hide_empty defaults to '1', as TEC declares", async () => {
    const args = endpoint(await index(), `${P}/categories`, 'GET').args
    expect(args.order).toEqual({
      required: false,
      description: 'Order sort attribute ascending or descending',
      type: 'string',
    })
    expect(args.orderby).toEqual({ required: false, description: 'Sort collection by term attribute', type: 'string' })
    expect(args.hide_empty).toMatchObject({ default: '1', type: 'boolean' })
  })

  it('create: title, start_date and end_date are required; update: nothing is', async () => {
    const body = await index()
    const create = endpoint(body, `${P}/events`, 'POST').args
    const required = Object.keys(create).filter((name) => create[name].required)
    expect(required).toEqual(['title', 'start_date', 'end_date'])
    expect(create.all_day).toMatchObject({ required: false, type: 'boolean', default: false })
    expect(create.status).toEqual({ required: false, type: 'string', description: 'The event post status' })
    expect(create.website).toEqual({ required: false, default: null, description: 'The event website URL' })
    const update = endpoint(body, wordpressPath('/events/:id'), 'PATCH').args
    expect(Object.keys(update).filter((name) => name !== 'id' && update[name].required)).toEqual([])
    expect(update.title).toMatchObject({ required: false, type: 'string' })
  })

  it('the required arguments of each create are exactly those the server asks for when missing', async () => {
    const body = await index()
    for (const resource of ['events', 'venues', 'organizers', 'categories', 'tags']) {
      const args = endpoint(body, `${P}/${resource}`, 'POST').args
      const required = Object.keys(args).filter((name) => args[name].required)
      const refused = await request('POST', `/${resource}`, {})
      expect(refused.status, resource).toBe(400)
      expect(refused.body.code, resource).toBe('rest_missing_callback_param')
      expect(refused.body.data.params, resource).toEqual(required)
    }
  })

  it('single routes take their path key: a digits-only id, or a slug', async () => {
    const body = await index()
    expect(endpoint(body, wordpressPath('/events/:id'), 'GET').args.id).toEqual({
      required: true,
      type: 'integer',
      description: 'the event post ID',
    })
    expect(endpoint(body, wordpressPath('/venues/by-slug/:slug'), 'GET').args.slug).toEqual({
      required: true,
      type: 'string',
      description: 'the venue post name',
    })
  })

  it('delete of a post or a term takes only its id (TEC trashes a post whatever force says)', async () => {
    const body = await index()
    expect(Object.keys(endpoint(body, wordpressPath('/organizers/:id'), 'DELETE').args)).toEqual(['id'])
    expect(Object.keys(endpoint(body, wordpressPath('/tags/:id'), 'DELETE').args)).toEqual(['id'])
  })

  it('the index takes namespace and context, as WordPress declares them: defaults only', async () => {
    const args = endpoint(await index(), P, 'GET').args
    expect(args).toEqual({
      namespace: { required: false, default: 'calendar/events/v1' },
      context: { required: false, default: 'view' },
    })
    const tec = await index('/wp-json/tribe/events/v1')
    expect(endpoint(tec, '/tribe/events/v1', 'GET').args.namespace.default).toBe('tribe/events/v1')
  })
})

describe('parameters, prefixes and tokens', () => {
  it('context and namespace are accepted when valid, a 400 rest_invalid_param otherwise', async () => {
    expect((await request('GET', `${P}?context=embed&namespace=calendar/events/v1`)).status).toBe(200)
    expect((await request('GET', `${P}?namespace=tribe/events/v1`)).status).toBe(200)
    const context = await request('GET', `${P}?context=everything`)
    expect(context.status).toBe(400)
    expect(context.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { context: expect.any(String) } },
    })
    const namespace = await request('GET', `${P}?namespace=wp/v2`)
    expect(namespace.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { namespace: expect.any(String) } },
    })
  })

  it("is served under TEC's prefix too, in TEC's namespace, with links under the prefix asked", async () => {
    const body = await index('/wp-json/tribe/events/v1/')
    expect(body.namespace).toBe('tribe/events/v1')
    expect(body._links.self).toEqual([{ href: 'http://localhost/wp-json/tribe/events/v1' }])
    const events = body.routes['/tribe/events/v1/events']
    expect(events.namespace).toBe('tribe/events/v1')
    expect(events._links.self[0].href).toBe('http://localhost/wp-json/tribe/events/v1/events')
    const own = Object.keys((await index(`${P}/`)).routes)
    expect(Object.keys(body.routes)).toEqual(own.map((path) => path.replace(P, '/tribe/events/v1')))
  })

  it('is public when tokens exist, but a wrong token is a 401 after the parameters (CONTRACT §5, §6)', async () => {
    ;({ request } = await open({
      users: [{ id: 1, name: 'admin', role: 'administrator', token_sha256: tokenHash('secret') }],
    }))
    expect((await request('GET', P)).status).toBe(200)
    expect((await request('GET', P, undefined, { authorization: 'Bearer secret' })).status).toBe(200)
    const wrong = await request('GET', P, undefined, { authorization: 'Bearer nope' })
    expect(wrong.status).toBe(401)
    expect(wrong.body.code).toBe('rest_forbidden')
    expect((await request('GET', `${P}?context=x`, undefined, { authorization: 'Bearer nope' })).status).toBe(400)
  })

  it('answers GET only: another method on the index is no route', async () => {
    const response = await request('POST', P, {})
    expect(response.status).toBe(404)
    expect(response.body.code).toBe('rest_no_route')
  })
})
