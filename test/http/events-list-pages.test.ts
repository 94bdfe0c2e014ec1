/**
 * docs/lists.md for GET /events: the envelope (keys in order), rest_url / next_rest_url / previous_rest_url,
 * X-TEC-Total / X-TEC-TotalPages / Link headers, page and per_page (default, clamp, 400s), the empty page 1 and
 * the page past the end. fixtures/events-dates.json lists 13 events in the default window.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { fixture, open, P } from '../helpers.js'

type Json = Record<string, any>
type Request = Awaited<ReturnType<typeof open>>['request']

const LIST_BASE = `http://localhost${P}/events/`
const DEFAULT_LIST = [102, 103, 104, 105, 108, 106, 107, 111, 110, 117, 112, 113, 114]

let request: Request

beforeAll(async () => {
  ;({ request } = await open(fixture('events-dates.json')))
})

function parse(url: string) {
  const parsed = new URL(url)
  return {
    base: `${parsed.origin}${parsed.pathname}`,
    pairs: [...parsed.searchParams.entries()],
    params: parsed.searchParams,
  }
}

/** Link header → { rel: url }. */
function links(header: string | null): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of (header ?? '').split(/,\s*(?=<)/u)) {
    const match = /^<([^>]+)>;\s*rel="([^"]+)"$/u.exec(part.trim())
    if (match) out[match[2]!] = match[1]!
  }
  return out
}

function expectInvalid(response: { status: number; body: Json }, field: string) {
  expect(response.status).toBe(400)
  expect(response.body.code).toBe('rest_invalid_param')
  expect(response.body.data.status).toBe(400)
  expect(Object.keys(response.body.data.params)).toContain(field)
}

describe('envelope and pages (CONTRACT §4)', () => {
  it('page 1: keys events, rest_url, next_rest_url, total, total_pages in order; per_page defaults to 6', async () => {
    const response = await request('GET', '/events')
    expect(response.status).toBe(200)
    expect(Object.keys(response.body)).toEqual(['events', 'rest_url', 'next_rest_url', 'total', 'total_pages'])
    expect(response.body.events.map((e: Json) => e.id)).toEqual(DEFAULT_LIST.slice(0, 6))
    expect(response.body.total).toBe(13)
    expect(response.body.total_pages).toBe(3)
  })

  it('rest_url: <base>/events/ with a trailing slash, then page, per_page, the dates and the statuses shown, not encoded', async () => {
    const { body } = await request('GET', '/events')
    const url = parse(body.rest_url)
    expect(url.base).toBe(LIST_BASE)
    expect(url.pairs).toEqual([
      ['page', '1'],
      ['per_page', '6'],
      ['start_date', '2026-06-30 00:00:00'],
      ['end_date', '2028-07-01 23:59:59'],
      ['status', 'publish'],
    ])
    // as TEC writes it: the values as they are
    expect(body.rest_url).toContain('start_date=2026-06-30 00:00:00')
  })

  it('next_rest_url is the same query on the next page, encoded, page last (as TEC)', async () => {
    const { body } = await request('GET', '/events')
    const next = parse(body.next_rest_url)
    expect(next.base).toBe(LIST_BASE)
    expect(next.pairs).toEqual([
      ['per_page', '6'],
      ['start_date', '2026-06-30 00:00:00'],
      ['end_date', '2028-07-01 23:59:59'],
      ['status', 'publish'],
      ['page', '2'],
    ])
    expect(body.next_rest_url).toContain('start_date=2026-06-30+00%3A00%3A00')
  })

  it('page 2: previous_rest_url without a page parameter, next_rest_url to page 3', async () => {
    const response = await request('GET', '/events?page=2')
    expect(response.status).toBe(200)
    expect(Object.keys(response.body)).toEqual([
      'events',
      'rest_url',
      'next_rest_url',
      'previous_rest_url',
      'total',
      'total_pages',
    ])
    expect(response.body.events.map((e: Json) => e.id)).toEqual(DEFAULT_LIST.slice(6, 12))
    expect(parse(response.body.rest_url).params.get('page')).toBe('2')
    expect(parse(response.body.next_rest_url).params.get('page')).toBe('3')
    const previous = parse(response.body.previous_rest_url)
    expect(previous.base).toBe(LIST_BASE)
    expect(previous.params.has('page')).toBe(false)
    expect(previous.pairs).toEqual([
      ['per_page', '6'],
      ['start_date', '2026-06-30 00:00:00'],
      ['end_date', '2028-07-01 23:59:59'],
      ['status', 'publish'],
    ])
  })

  it('last page: previous_rest_url with page, no next_rest_url', async () => {
    const response = await request('GET', '/events?page=3')
    expect(response.status).toBe(200)
    expect(Object.keys(response.body)).toEqual(['events', 'rest_url', 'previous_rest_url', 'total', 'total_pages'])
    expect(response.body.events.map((e: Json) => e.id)).toEqual([114])
    expect(parse(response.body.previous_rest_url).params.get('page')).toBe('2')
  })

  it('past the end: 404 event-archive-page-not-found', async () => {
    const response = await request('GET', '/events?page=4')
    expect(response.status).toBe(404)
    expect(response.body.code).toBe('event-archive-page-not-found')
    expect(response.body.data.status).toBe(404)
    expect(typeof response.body.message).toBe('string')
  })

  it('no next_rest_url when the next page would be empty (exactly full last page)', async () => {
    const response = await request('GET', '/events?per_page=13')
    expect(Object.keys(response.body)).toEqual(['events', 'rest_url', 'total', 'total_pages'])
    expect(response.body.total_pages).toBe(1)
    expect(response.body.events).toHaveLength(13)
  })

  it('empty page 1: 200 with total 0, total_pages 0, no next or previous', async () => {
    const response = await request('GET', '/events?start_date=2031-01-01&end_date=2031-12-31')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ events: [], rest_url: response.body.rest_url, total: 0, total_pages: 0 })
    expect(Object.keys(response.body)).toEqual(['events', 'rest_url', 'total', 'total_pages'])
    expect(response.headers.get('x-tec-total')).toBe('0')
    expect(response.headers.get('x-tec-totalpages')).toBe('0')
  })

  it('empty and page 2: 404 event-archive-page-not-found', async () => {
    const response = await request('GET', '/events?start_date=2031-01-01&end_date=2031-12-31&page=2')
    expect(response.status).toBe(404)
    expect(response.body.code).toBe('event-archive-page-not-found')
  })

  it('an empty calendar answers page 1 with an empty 200', async () => {
    const { request: empty } = await open('')
    const response = await empty('GET', '/events')
    expect(response.status).toBe(200)
    expect(response.body.events).toEqual([])
    expect(response.body.total).toBe(0)
    expect(response.body.total_pages).toBe(0)
  })
})

describe('headers (CONTRACT §4)', () => {
  it('X-TEC-Total and X-TEC-TotalPages', async () => {
    const response = await request('GET', '/events?per_page=5')
    expect(response.headers.get('x-tec-total')).toBe('13')
    expect(response.headers.get('x-tec-totalpages')).toBe('3')
  })

  it('Link is the API root on every page, as TEC sends it; the pages are linked in the body only', async () => {
    for (const page of [1, 2, 3]) {
      const response = await request('GET', `/events?page=${page}`)
      expect(links(response.headers.get('link'))).toEqual({ 'https://api.w.org/': 'http://localhost/wp-json/' })
    }
    const middle = await request('GET', '/events?page=2')
    expect(middle.body.next_rest_url).toBeDefined()
    expect(middle.body.previous_rest_url).toBeDefined()
  })
})

describe('page and per_page (CONTRACT §4)', () => {
  it('per_page sets the page size and is echoed', async () => {
    const response = await request('GET', '/events?per_page=4&page=2')
    expect(response.body.events.map((e: Json) => e.id)).toEqual(DEFAULT_LIST.slice(4, 8))
    expect(response.body.total_pages).toBe(4)
    expect(parse(response.body.rest_url).params.get('per_page')).toBe('4')
  })

  it('per_page is clamped to max_per_page (50)', async () => {
    const response = await request('GET', '/events?per_page=500')
    expect(response.status).toBe(200)
    expect(response.body.events).toHaveLength(13)
    expect(parse(response.body.rest_url).params.get('per_page')).toBe('50')
  })

  it('settings.per_page and settings.max_per_page are honoured', async () => {
    const data = JSON.parse(fixture('events-dates.json'))
    data.settings = { ...data.settings, per_page: 5, max_per_page: 7 }
    const { request: custom } = await open(data)
    const byDefault = await custom('GET', '/events')
    expect(byDefault.body.events).toHaveLength(5)
    expect(byDefault.body.total_pages).toBe(3)
    expect(parse(byDefault.body.rest_url).params.get('per_page')).toBe('5')
    const clamped = await custom('GET', '/events?per_page=10')
    expect(clamped.body.events).toHaveLength(7)
    expect(clamped.body.total_pages).toBe(2)
    expect(parse(clamped.body.rest_url).params.get('per_page')).toBe('7')
  })

  it.each(['0', '-1', 'abc', '1.5', ''])('page=%j is a 400 rest_invalid_param', async (value) => {
    expectInvalid(await request('GET', `/events?page=${value}`), 'page')
  })

  it.each(['0', '-3', 'x', '2.5', ''])('per_page=%j is a 400 rest_invalid_param', async (value) => {
    expectInvalid(await request('GET', `/events?per_page=${value}`), 'per_page')
  })
})

describe('rest_url carries every filter given (CONTRACT §4)', () => {
  it("filters after the dates in TEC's order, kept on next_rest_url; featured=false is not written", async () => {
    const response = await request('GET', '/events?per_page=2&search=tie&featured=false')
    expect(response.status).toBe(200)
    expect(response.body.rest_url).toBe(
      // featured=false is dropped by add_query_arg, which still encodes the rest
      'http://localhost/calendar/events/v1/events/?page=1&per_page=2&start_date=2026-06-30+00%3A00%3A00&end_date=2028-07-01+23%3A59%3A59&search=tie&status=publish',
    )
    const next = parse(response.body.next_rest_url)
    expect(next.params.get('search')).toBe('tie')
    expect(next.params.get('page')).toBe('2')
    expect(response.body.total).toBe(3)
  })

  it('venue, organizer and featured come last, after the rest encoded, as add_query_arg leaves them', async () => {
    const { request: filters } = await open(fixture('events-filters.json'))
    const response = await filters('GET', '/events?venue=201&organizer=206,207&featured=true&include=301,302')
    expect(response.status).toBe(200)
    expect(response.body.events.map((event: Json) => event.id)).toEqual([301])
    expect(response.body.rest_url).toBe(
      'http://localhost/calendar/events/v1/events/?page=1&per_page=6&start_date=2026-06-30+19%3A59%3A00&end_date=2028-07-01+12%3A00%3A00&status=publish&include=301%2C302&venue=201&organizer=206,207&featured=1',
    )
  })

  it('unknown parameters are ignored and not echoed', async () => {
    const response = await request('GET', '/events?category=&content=x&start_time=10:00&foo=bar')
    expect(response.status).toBe(200)
    expect(response.body.total).toBe(13)
    const keys = parse(response.body.rest_url).pairs.map(([key]) => key)
    expect(keys).not.toContain('foo')
    expect(keys).not.toContain('content')
  })

  it('under TEC prefix, the list URLs use that prefix', async () => {
    const response = await request('GET', '/wp-json/tribe/events/v1/events?page=2')
    expect(response.status).toBe(200)
    expect(parse(response.body.rest_url).base).toBe('http://localhost/wp-json/tribe/events/v1/events/')
    expect(parse(response.body.next_rest_url).base).toBe('http://localhost/wp-json/tribe/events/v1/events/')
    expect(parse(response.body.previous_rest_url).base).toBe('http://localhost/wp-json/tribe/events/v1/events/')
    expect(response.body.events[0].rest_url).toBe('http://localhost/wp-json/tribe/events/v1/events/107')
  })

  it('a trailing slash on the collection reaches the same route', async () => {
    const response = await request('GET', '/events/?per_page=3')
    expect(response.status).toBe(200)
    expect(response.body.events.map((e: Json) => e.id)).toEqual(DEFAULT_LIST.slice(0, 3))
  })

  it('the host of the request is the origin of the URLs', async () => {
    const response = await request('GET', '/events', undefined, { host: '127.0.0.1:3000' })
    expect(parse(response.body.rest_url).base).toBe('http://127.0.0.1:3000/calendar/events/v1/events/')
    expect(response.body.events[0].rest_url).toBe('http://127.0.0.1:3000/calendar/events/v1/events/102')
  })
})
