/**
 * GET /organizers: docs/lists.md (envelope, URLs, headers, per_page, 404 past the end) and
 * docs/lists.md#venue-and-organizer-lists (search over title, description, excerpt, phone, email, website; event;
 * has_events; only_with_upcoming; status; order date desc then ID desc), with fixtures/resources-linked.json and the
 * clock frozen at NOW (2026-07-01 12:00:00 UTC).
 *
 * Publish organizers by date desc, then ID desc: 205 (05-13), 204 (05-12), 202 (05-10), 206 and 201 (both 05-01
 * 10:00), 208 (04-01), 209 (03-01). 207 is a draft, 203 is in the trash.
 */
import { createHash } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { expectError, expectInvalid } from '../expect.js'
import { fixture, open, P } from '../helpers.js'

type Json = Record<string, any>
type Request = Awaited<ReturnType<typeof open>>['request']

const LIST_BASE = `http://localhost${P}/organizers/`
const PUBLISH_ORDER = [205, 204, 202, 206, 201, 208, 209]

let request: Request

beforeAll(async () => {
  ;({ request } = await open(fixture('resources-linked.json')))
})

function parse(url: string) {
  const parsed = new URL(url)
  return {
    base: `${parsed.origin}${parsed.pathname}`,
    pairs: [...parsed.searchParams.entries()],
    params: parsed.searchParams,
  }
}

async function ids(query: string, req: Request = request, headers: Record<string, string> = {}): Promise<number[]> {
  const response = await req('GET', `/organizers?per_page=50${query ? `&${query}` : ''}`, undefined, headers)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body.organizers.map((organizer: Json) => organizer.id)
}

describe('envelope and pages (CONTRACT §4)', () => {
  it('keys organizers, rest_url, next_rest_url, total, total_pages; 6 per page by default', async () => {
    const response = await request('GET', '/organizers')
    expect(response.status).toBe(200)
    expect(Object.keys(response.body)).toEqual(['organizers', 'rest_url', 'next_rest_url', 'total', 'total_pages'])
    expect(response.body.organizers.map((o: Json) => o.id)).toEqual(PUBLISH_ORDER.slice(0, 6))
    expect(response.body.total).toBe(7)
    expect(response.body.total_pages).toBe(2)
    expect(response.headers.get('x-tec-total')).toBe('7')
    expect(response.headers.get('x-tec-totalpages')).toBe('2')
    // TEC links the pages in the body only; Link is WordPress's API root
    expect(response.headers.get('link')).toBe('<http://localhost/wp-json/>; rel="https://api.w.org/"')
  })

  it('rest_url <base>/organizers/?page=1&per_page=6; page 2 has previous_rest_url without page', async () => {
    const first = await request('GET', '/organizers')
    expect(parse(first.body.rest_url).base).toBe(LIST_BASE)
    // TEC echoes the statuses shown (publish in open mode)
    expect(parse(first.body.rest_url).pairs).toEqual([
      ['page', '1'],
      ['per_page', '6'],
      ['status', 'publish'],
    ])
    const second = await request('GET', '/organizers?page=2')
    expect(Object.keys(second.body)).toEqual(['organizers', 'rest_url', 'previous_rest_url', 'total', 'total_pages'])
    expect(second.body.organizers.map((o: Json) => o.id)).toEqual([209])
    expect(parse(second.body.previous_rest_url).pairs).toEqual([
      ['per_page', '6'],
      ['status', 'publish'],
    ])
  })

  it('past the end: 404 organizer-archive-page-not-found', async () => {
    expectError(await request('GET', '/organizers?page=3'), 404, 'organizer-archive-page-not-found')
    expectError(await request('GET', '/organizers?search=zzzz&page=2'), 404, 'organizer-archive-page-not-found')
  })

  it('empty page 1: 200, total 0, total_pages 0', async () => {
    const response = await request('GET', '/organizers?search=zzzz')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ organizers: [], rest_url: response.body.rest_url, total: 0, total_pages: 0 })
  })

  it('per_page clamp and 400s', async () => {
    const clamped = await request('GET', '/organizers?per_page=51')
    expect(parse(clamped.body.rest_url).params.get('per_page')).toBe('50')
    expectInvalid(await request('GET', '/organizers?per_page=0'), 'per_page')
    expectInvalid(await request('GET', '/organizers?page=-1'), 'page')
  })

  it('filters are echoed on rest_url, but search and only_with_upcoming, which TEC leaves out', async () => {
    const response = await request(
      'GET',
      '/organizers?search=org&event=302&has_events=true&only_with_upcoming=false&status=publish',
    )
    const url = parse(response.body.rest_url)
    expect(url.params.has('search')).toBe(false)
    const upcoming = await request('GET', '/organizers?only_with_upcoming=true')
    expect(parse(upcoming.body.rest_url).params.has('only_with_upcoming')).toBe(false)
    expect(url.params.get('event')).toBe('302')
    expect(url.params.get('has_events')).toBe('true')
    expect(url.params.get('status')).toBe('publish')
    expect(response.body.organizers.map((o: Json) => o.id)).toEqual([208])
  })
})

describe('order and search (CONTRACT §4.3)', () => {
  it("date descending, then ID descending for one status (as TEC's database returns them)", async () => {
    expect(await ids('')).toEqual(PUBLISH_ORDER)
  })

  it.each([
    ['title', 'society', [201]],
    ['description', 'bebop', [201]],
    ['excerpt', 'nonprofit', [201]],
    ['phone', '555-0201', [201]],
    ['email', 'jazzsociety', [201]],
    ['website', 'swing.example', [201]],
  ])('search in %s: %j', async (_field, term, expected) => {
    expect(await ids(`search=${encodeURIComponent(term)}`)).toEqual(expected)
  })

  it('case-insensitive, every word', async () => {
    expect(await ids('search=NONPROFIT%20society')).toEqual([201])
    expect(await ids('search=nonprofit%20rock')).toEqual([])
    expect(await ids('search=org')).toEqual([205, 204, 206, 201, 208, 209])
  })
})

describe('event, has_events, only_with_upcoming (CONTRACT §4.3)', () => {
  it('event: the organizers of that event, in list order', async () => {
    expect(await ids('event=301')).toEqual([202, 201])
    expect(await ids('event=302')).toEqual([202, 208])
    expect(await ids('event=304')).toEqual([201])
    expect(await ids('event=304&status=publish,trash')).toEqual([203, 201])
  })

  it('event that is not an event: 400', async () => {
    expectInvalid(await request('GET', '/organizers?event=201'), 'event')
    expectInvalid(await request('GET', '/organizers?event=101'), 'event')
    expectInvalid(await request('GET', '/organizers?event=424242'), 'event')
  })

  it('has_events=true: linked to an event that is not a draft or pending', async () => {
    expect(await ids('has_events=true')).toEqual([205, 202, 201, 208, 209])
  })

  it('has_events=false: 204 (draft event only) and 206 (none)', async () => {
    expect(await ids('has_events=false')).toEqual([204, 206])
  })

  it('only_with_upcoming: an event that has not ended and that the requester may read', async () => {
    // 205 private, 204 draft (readable by the administrator of open mode), 202 and 201 publish.
    // Not 206 (none), 208 (its event ended), 209 (its only event is trashed).
    expect(await ids('only_with_upcoming=true')).toEqual([205, 204, 202, 201])
  })

  it('only_with_upcoming, anonymous: publish events only', async () => {
    const data = JSON.parse(fixture('resources-linked.json'))
    data.users[0].token_sha256 = createHash('sha256').update('admin-secret').digest('hex')
    const { request: guarded } = await open(data)
    expect(await ids('only_with_upcoming=true', guarded)).toEqual([202, 201])
  })
})

describe('status (CONTRACT §4.3, §6)', () => {
  it('CSV and brackets; trash only when asked', async () => {
    expect(await ids('status=draft')).toEqual([207])
    expect(await ids('status=trash')).toEqual([203])
    expect(await ids('status[]=draft&status[]=trash')).toEqual([207, 203])
    expect(await ids('status=publish,draft')).toEqual([207, 205, 204, 202, 201, 206, 208, 209])
  })

  it('unknown status: 400', async () => {
    expectInvalid(await request('GET', '/organizers?status=archived'), 'status')
  })
})
