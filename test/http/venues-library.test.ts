/**
 * The library API (src/core/calendar.ts) gives the same results as HTTP: `calendar.venues`, `.organizers`,
 * `.categories`, `.tags` against the h3 app on the same data. A library call without a view acts in open mode as
 * user 1 with URLs from the settings (`http://localhost` when none), which is also the origin of `app.request`.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { CalendarError } from '../../src/core/errors.js'
import { fixture, open } from '../helpers.js'

type Opened = Awaited<ReturnType<typeof open>>

let calendar: Opened['calendar']
let request: Opened['request']

/** The error a library call throws, as docs/errors.md's wire body. */
async function thrown(call: () => unknown): Promise<{ status: number; body: unknown }> {
  try {
    await call()
  } catch (error) {
    if (error instanceof CalendarError) return { status: error.status, body: error.toJSON() }
    throw error
  }
  throw new Error('expected a CalendarError')
}

function headerValues(headers: Headers) {
  return { total: headers.get('x-tec-total'), pages: headers.get('x-tec-totalpages'), link: headers.get('link') }
}

describe('venues and organizers (library = HTTP)', () => {
  beforeEach(async () => {
    ;({ calendar, request } = await open(fixture('resources-linked.json')))
  })

  it('venues.list(query) = GET /venues?query: body and headers', async () => {
    const library = calendar.venues.list({ search: 'a', has_events: 'true', per_page: '2' })
    const http = await request('GET', '/venues?search=a&has_events=true&per_page=2')
    expect(http.status).toBe(200)
    expect(library.body).toEqual(http.body)
    expect(library.headers['X-TEC-Total']).toBe(http.headers.get('x-tec-total'))
    expect(library.headers['X-TEC-TotalPages']).toBe(http.headers.get('x-tec-totalpages'))
    // the pages are linked in the body; HTTP's Link is WordPress's API root, no part of the list
    expect(library.headers).not.toHaveProperty('Link')
    expect(headerValues(http.headers).total).toBe(String(library.body.total))
  })

  it('venues.list takes typed values too (booleans, numbers, arrays)', async () => {
    const library = calendar.venues.list({ has_events: false, per_page: 50, status: ['publish', 'draft'] })
    const http = await request('GET', '/venues?has_events=false&per_page=50&status[]=publish&status[]=draft')
    expect(library.body.venues.map((v) => v.id)).toEqual(http.body.venues.map((v: { id: number }) => v.id))
    expect(library.body.venues.map((v) => v.id)).toEqual([103, 105, 106])
  })

  it('venues.get(id) = GET /venues/{id} (with json_ld); by slug likewise', async () => {
    const http = await request('GET', '/venues/101')
    expect(calendar.venues.get(101)).toEqual(http.body)
    expect(calendar.venues.get({ slug: 'blue-room' })).toEqual(http.body)
    expect(calendar.venues.get(101)).toHaveProperty('json_ld')
  })

  it('organizers.list and organizers.get', async () => {
    expect(calendar.organizers.list({ event: 301 }).body).toEqual((await request('GET', '/organizers?event=301')).body)
    expect(calendar.organizers.get(201)).toEqual((await request('GET', '/organizers/201')).body)
  })

  it('errors: the same CalendarError as the HTTP error body', async () => {
    const cases: Array<[() => unknown, string]> = [
      [() => calendar.venues.list({ event: 101 }), '/venues?event=101'],
      [() => calendar.organizers.list({ page: 5 }), '/organizers?page=5'],
    ]
    for (const [call, path] of cases) {
      const library = await thrown(call)
      const http = await request('GET', path)
      expect(library).toEqual({ status: http.status, body: http.body })
    }
  })

  it('an unknown reference: the library names it (404, or 400 for another kind), HTTP answers as TEC', async () => {
    const cases: Array<[() => unknown, string, number, string]> = [
      [() => calendar.venues.get(9999), '/venues/9999', 404, 'rest-venue-not-found'],
      [() => calendar.venues.get(301), '/venues/301', 400, 'rest-invalid-venue-id'],
      [
        () => calendar.organizers.get({ slug: 'nobody' }),
        '/organizers/by-slug/nobody',
        404,
        'rest-organizer-not-found',
      ],
    ]
    for (const [call, path, status, code] of cases) {
      expect(await thrown(call)).toMatchObject({ status, body: { code } })
      const http = await request('GET', path)
      expect(http.status).toBe(400)
      expect(http.body.code).toBe('rest_invalid_param')
    }
  })

  it('venues.create = POST /venues (same record shape; duplicate avoidance answers the same venue)', async () => {
    const created = await calendar.venues.create({ venue: 'Library Hall', city: 'Waltham' })
    const { json_ld: jsonLd, ...single } = (await request('GET', `/venues/${created.id}`)).body
    expect(jsonLd).toBeDefined()
    expect(created).toEqual(single)
    const again = await request('POST', '/venues', { venue: 'library hall', city: 'Waltham' })
    expect(again.status).toBe(201)
    expect(again.body).toEqual(created)
  })

  it('venues.update / organizers.delete change what HTTP serves', async () => {
    const updated = await calendar.venues.update(101, { city: 'Cambridge' })
    expect(updated.city).toBe('Cambridge')
    expect((await request('GET', '/venues/101')).body.city).toBe('Cambridge')
    const trashed = await calendar.organizers.delete(201)
    expect(trashed.status).toBe('trash')
    expect((await request('GET', '/organizers/201')).body.status).toBe('trash')
    expect(await thrown(() => calendar.organizers.delete(201))).toEqual({
      status: 410,
      body: (await request('DELETE', '/organizers/201')).body,
    })
  })

  it('venues.create without a name throws the same 400 as HTTP', async () => {
    const library = await thrown(() => calendar.venues.create({ city: 'Boston' }))
    const http = await request('POST', '/venues', { city: 'Boston' })
    expect(library).toEqual({ status: http.status, body: http.body })
  })
})

describe('categories and tags (library = HTTP)', () => {
  beforeEach(async () => {
    ;({ calendar, request } = await open(fixture('resources-terms.json')))
  })

  it('categories.list(query) = GET /categories?query', async () => {
    const library = calendar.categories.list({ parent: 1, orderby: 'count', order: 'desc', hide_empty: false })
    const http = await request('GET', '/categories?parent=1&orderby=count&order=desc&hide_empty=false')
    expect(library.body).toEqual(http.body)
    expect(library.body.categories.map((t) => t.id)).toEqual([7, 2, 8])
    expect(library.headers['X-TEC-Total']).toBe(http.headers.get('x-tec-total'))
  })

  it('tags.list and tags.get', async () => {
    expect(calendar.tags.list({ event: 402 }).body).toEqual((await request('GET', '/tags?event=402')).body)
    expect(calendar.tags.get(11)).toEqual((await request('GET', '/tags/11')).body)
  })

  it('categories.create = POST /categories, then GET serves it', async () => {
    const created = await calendar.categories.create({ name: 'Swing', parent: 2 })
    expect(created).toMatchObject({ name: 'Swing', slug: 'swing', parent: 2, count: 0, taxonomy: 'tribe_events_cat' })
    expect((await request('GET', `/categories/${created.id}`)).body).toEqual(created)
    const viaHttp = await request('POST', '/categories', { name: 'Cool', parent: 2 })
    expect(calendar.categories.get(viaHttp.body.id)).toEqual(viaHttp.body)
  })

  it('categories.create errors are the HTTP errors', async () => {
    const exists = await thrown(() => calendar.categories.create({ name: 'Jazz', parent: 1 }))
    expect(exists).toEqual({
      status: 400,
      body: (await request('POST', '/categories', { name: 'Jazz', parent: 1 })).body,
    })
    // A taken slug: the library refuses it, HTTP gives it a suffix as TEC does
    const slug = await thrown(() => calendar.tags.create({ name: 'x', slug: 'family' }))
    expect((slug.body as { code: string }).code).toBe('duplicate_term_slug')
    expect((await request('POST', '/tags', { name: 'x', slug: 'family' })).body.slug).toBe('family-2')
    const missing = await thrown(() => calendar.categories.create({}))
    expect(missing.body).toEqual((await request('POST', '/categories', {})).body)
  })

  it('categories.update and categories.delete', async () => {
    const updated = await calendar.categories.update(3, { parent: 5 })
    expect(updated.parent).toBe(5)
    expect((await request('GET', '/categories/3')).body).toEqual(updated)
    const deleted = await calendar.categories.delete(5)
    expect(deleted.id).toBe(5)
    expect((await request('GET', '/categories/3')).body.parent).toBe(0)
    // the library names what is missing; HTTP answers as TEC, a 400 for the id parameter
    expect(await thrown(() => calendar.categories.get(5))).toMatchObject({
      status: 404,
      body: { code: 'rest-category-not-found' },
    })
    expect((await request('GET', '/categories/5')).body.code).toBe('rest_invalid_param')
  })

  it("categories.list errors are the HTTP errors; a malformed parameter is in WordPress's words over HTTP only", async () => {
    const library = (await thrown(() => calendar.categories.list({ per_page: 0 }))) as {
      status: number
      body: { code: string; data: { params: object } }
    }
    const http = await request('GET', '/categories?per_page=0')
    expect(library.body.code).toBe('rest_invalid_param')
    expect(Object.keys(library.body.data.params)).toEqual(['per_page'])
    expect(http.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): per_page',
      data: { status: 400, params: { per_page: 'Invalid parameter.' }, details: [] },
    })
    for (const [query, path] of [
      [{ include: [999] }, '/categories?include=999'],
      [{ event: 9999 }, '/categories?event=9999'],
    ] as const) {
      const library = await thrown(() => calendar.categories.list(query as Record<string, unknown>))
      const http = await request('GET', path)
      expect(library).toEqual({ status: http.status, body: http.body })
    }
  })
})
