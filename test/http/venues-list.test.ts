/**
 * GET /venues: docs/lists.md (envelope, rest_url / next / previous, X-TEC-Total headers, per_page clamp, 404 past
 * the end) and docs/lists.md#venue-and-organizer-lists (search over the listed fields, event, has_events,
 * only_with_upcoming, status, order date desc then ID desc), with fixtures/resources-linked.json and the clock frozen
 * at NOW (2026-07-01 12:00:00 UTC).
 *
 * Publish venues by date desc, then ID desc: 107 (05-06), 102 (05-03), 105 and 101 (both 05-01 10:00), 108 (04-15),
 * 109 (04-10), 106 (04-01). 103 is a draft, 104 is in the trash.
 */
import { createHash } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { expectError, expectInvalid } from '../expect.js'
import { fixture, open, P } from '../helpers.js'

type Json = Record<string, any>
type Request = Awaited<ReturnType<typeof open>>['request']

const LIST_BASE = `http://localhost${P}/venues/`
const PUBLISH_ORDER = [107, 102, 105, 101, 108, 109, 106]

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

function links(header: string | null): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of (header ?? '').split(/,\s*(?=<)/u)) {
    const match = /^<([^>]+)>;\s*rel="([^"]+)"$/u.exec(part.trim())
    if (match) out[match[2]!] = match[1]!
  }
  return out
}

async function ids(query: string, req: Request = request, headers: Record<string, string> = {}): Promise<number[]> {
  const response = await req('GET', `/venues?per_page=50${query ? `&${query}` : ''}`, undefined, headers)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body.venues.map((venue: Json) => venue.id)
}

describe('envelope and pages (CONTRACT §4)', () => {
  it('page 1: keys venues, rest_url, next_rest_url, total, total_pages; per_page defaults to 6', async () => {
    const response = await request('GET', '/venues')
    expect(response.status).toBe(200)
    expect(Object.keys(response.body)).toEqual(['venues', 'rest_url', 'next_rest_url', 'total', 'total_pages'])
    expect(response.body.venues.map((v: Json) => v.id)).toEqual(PUBLISH_ORDER.slice(0, 6))
    expect(response.body.total).toBe(7)
    expect(response.body.total_pages).toBe(2)
  })

  it('rest_url is <base>/venues/ with page and per_page; next_rest_url the next page', async () => {
    const { body } = await request('GET', '/venues')
    const url = parse(body.rest_url)
    expect(url.base).toBe(LIST_BASE)
    // TEC echoes the statuses shown (publish in open mode)
    expect(url.pairs).toEqual([
      ['page', '1'],
      ['per_page', '6'],
      ['status', 'publish'],
    ])
    const next = parse(body.next_rest_url)
    expect(next.base).toBe(LIST_BASE)
    expect(next.params.get('page')).toBe('2')
    expect(next.params.get('per_page')).toBe('6')
  })

  it('X-TEC-Total, X-TEC-TotalPages, and Link to the API root only (TEC links pages in the body)', async () => {
    const response = await request('GET', '/venues?per_page=3')
    expect(response.headers.get('x-tec-total')).toBe('7')
    expect(response.headers.get('x-tec-totalpages')).toBe('3')
    expect(links(response.headers.get('link'))).toEqual({ 'https://api.w.org/': 'http://localhost/wp-json/' })
  })

  it('middle page: next and previous; previous of page 2 has no page parameter', async () => {
    const response = await request('GET', '/venues?per_page=3&page=2')
    expect(Object.keys(response.body)).toEqual([
      'venues',
      'rest_url',
      'next_rest_url',
      'previous_rest_url',
      'total',
      'total_pages',
    ])
    expect(response.body.venues.map((v: Json) => v.id)).toEqual(PUBLISH_ORDER.slice(3, 6))
    const previous = parse(response.body.previous_rest_url)
    expect(previous.params.has('page')).toBe(false)
    expect(previous.params.get('per_page')).toBe('3')
    // TEC links the pages in the body only
    expect(links(response.headers.get('link'))).toEqual({ 'https://api.w.org/': 'http://localhost/wp-json/' })
  })

  it('last page: previous only', async () => {
    const response = await request('GET', '/venues?per_page=3&page=3')
    expect(Object.keys(response.body)).toEqual(['venues', 'rest_url', 'previous_rest_url', 'total', 'total_pages'])
    expect(response.body.venues.map((v: Json) => v.id)).toEqual([106])
    expect(parse(response.body.previous_rest_url).params.get('page')).toBe('2')
    expect(links(response.headers.get('link'))).toEqual({ 'https://api.w.org/': 'http://localhost/wp-json/' })
  })

  it('everything on one page: no next, no previous; Link is the API root only', async () => {
    const response = await request('GET', '/venues?per_page=7')
    expect(Object.keys(response.body)).toEqual(['venues', 'rest_url', 'total', 'total_pages'])
    expect(response.body.total_pages).toBe(1)
    expect(links(response.headers.get('link'))).toEqual({ 'https://api.w.org/': 'http://localhost/wp-json/' })
  })

  it('past the end: 404 venue-archive-page-not-found', async () => {
    expectError(await request('GET', '/venues?page=3'), 404, 'venue-archive-page-not-found')
    expectError(await request('GET', '/venues?per_page=50&page=2'), 404, 'venue-archive-page-not-found')
  })

  it('an empty page 1 is a 200 with total 0 and total_pages 0', async () => {
    const response = await request('GET', '/venues?search=nothingmatchesthis')
    expect(response.status).toBe(200)
    expect(Object.keys(response.body)).toEqual(['venues', 'rest_url', 'total', 'total_pages'])
    expect(response.body.venues).toEqual([])
    expect(response.body.total).toBe(0)
    expect(response.body.total_pages).toBe(0)
    expect(response.headers.get('x-tec-total')).toBe('0')
    expect(response.headers.get('x-tec-totalpages')).toBe('0')
  })

  it('an empty result past page 1 is a 404', async () => {
    expectError(await request('GET', '/venues?search=nothingmatchesthis&page=2'), 404, 'venue-archive-page-not-found')
  })

  it('per_page is clamped to max_per_page (50)', async () => {
    const response = await request('GET', '/venues?per_page=500')
    expect(response.status).toBe(200)
    expect(parse(response.body.rest_url).params.get('per_page')).toBe('50')
    expect(response.body.venues).toHaveLength(7)
  })

  it('settings.per_page and settings.max_per_page are honoured', async () => {
    const data = JSON.parse(fixture('resources-linked.json'))
    data.settings.per_page = 2
    data.settings.max_per_page = 3
    const { request: custom } = await open(data)
    const byDefault = await custom('GET', '/venues')
    expect(byDefault.body.venues).toHaveLength(2)
    expect(byDefault.body.total_pages).toBe(4)
    const clamped = await custom('GET', '/venues?per_page=10')
    expect(clamped.body.venues).toHaveLength(3)
    expect(parse(clamped.body.rest_url).params.get('per_page')).toBe('3')
  })

  it.each(['0', '-1', 'abc', '2.5', ''])('per_page=%j: 400 rest_invalid_param', async (value) => {
    expectInvalid(await request('GET', `/venues?per_page=${value}`), 'per_page')
  })

  it.each(['0', '-2', 'x'])('page=%j: 400 rest_invalid_param', async (value) => {
    expectInvalid(await request('GET', `/venues?page=${value}`), 'page')
  })

  it('unknown parameters are ignored and not echoed', async () => {
    const response = await request('GET', '/venues?foo=bar&orderby=title')
    expect(response.status).toBe(200)
    expect(response.body.total).toBe(7)
    expect(parse(response.body.rest_url).params.has('foo')).toBe(false)
  })

  it("TEC's prefix: the list URLs use it", async () => {
    const response = await request('GET', '/wp-json/tribe/events/v1/venues?per_page=3')
    expect(response.status).toBe(200)
    expect(parse(response.body.rest_url).base).toBe('http://localhost/wp-json/tribe/events/v1/venues/')
    expect(parse(response.body.next_rest_url).base).toBe('http://localhost/wp-json/tribe/events/v1/venues/')
  })

  it('a trailing slash on the collection reaches the list', async () => {
    const response = await request('GET', '/venues/?per_page=2')
    expect(response.status).toBe(200)
    expect(response.body.venues.map((v: Json) => v.id)).toEqual(PUBLISH_ORDER.slice(0, 2))
  })

  it('the filters are carried on rest_url and next_rest_url, but search, which TEC leaves out', async () => {
    const response = await request('GET', '/venues?per_page=1&search=a&has_events=true&status=publish')
    const url = parse(response.body.rest_url)
    expect(url.pairs.slice(0, 2)).toEqual([
      ['page', '1'],
      ['per_page', '1'],
    ])
    expect(url.params.has('search')).toBe(false)
    expect(url.params.get('has_events')).toBe('true')
    expect(url.params.get('status')).toBe('publish')
    const next = parse(response.body.next_rest_url)
    expect(next.params.has('search')).toBe(false)
    expect(next.params.get('has_events')).toBe('true')
  })
})

describe('order (CONTRACT §4.3)', () => {
  it("date descending, then ID descending for one status (as TEC's database returns them)", async () => {
    expect(await ids('')).toEqual(PUBLISH_ORDER)
  })

  it('a new venue (date now) comes first', async () => {
    const { request: write } = await open(fixture('resources-linked.json'))
    const created = await write('POST', '/venues', { venue: 'Newest Hall' })
    expect(await ids('', write)).toEqual([created.body.id, ...PUBLISH_ORDER])
  })
})

describe('search (CONTRACT §4.3)', () => {
  it.each([
    ['title', 'blue', [101]],
    ['description (HTML as stored)', 'cellar', [101]],
    ['excerpt', 'basement', [101]],
    ['address', 'lantern', [101]],
    ['city', 'cambridge', [102]],
    ['province', 'suffolk', [101]],
    ['state', 'massachusetts', [101]],
    ['stateprovince', 'mass-bay', [101]],
    ['zip', '02110', [101]],
    ['phone', '555-0101', [101]],
    ['province (another venue)', 'quebec', [105]],
    ['stateprovince (another venue)', 'estrie', [105]],
  ])('in %s: %j', async (_field, term, expected) => {
    expect(await ids(`search=${encodeURIComponent(term)}`)).toEqual(expected)
  })

  it('not in country or website', async () => {
    expect(await ids('search=canada')).toEqual([])
    expect(await ids('search=blueroom.example')).toEqual([])
  })

  it('case-insensitive', async () => {
    expect(await ids('search=CELLAR')).toEqual([101])
    expect(await ids('search=Harbor%20HALL')).toEqual([102])
  })

  it('every word must appear, in any of the fields', async () => {
    expect(await ids('search=cellar%20boston')).toEqual([101])
    expect(await ids('search=cellar%20cambridge')).toEqual([])
  })

  it('a word shared by several venues lists them in order', async () => {
    // "barn" is in "Barn Loft" (publish) and "Old Barn" (draft, not listed by default)
    expect(await ids('search=barn')).toEqual([106])
    expect(await ids('search=barn&status=publish,draft')).toEqual([103, 106])
  })

  it('an empty search is no filter', async () => {
    expect(await ids('search=')).toEqual(PUBLISH_ORDER)
  })
})

describe('event (CONTRACT §4.3)', () => {
  it('the venue of that event', async () => {
    expect(await ids('event=301')).toEqual([101])
    expect(await ids('event=302')).toEqual([102])
  })

  it('an event whose venue is trashed lists nothing (status filter still applies)', async () => {
    expect(await ids('event=304')).toEqual([])
    expect(await ids('event=304&status=trash')).toEqual([104])
  })

  it('not an event: 400 rest_invalid_param on event', async () => {
    expectInvalid(await request('GET', '/venues?event=101'), 'event')
    expectInvalid(await request('GET', '/venues?event=201'), 'event')
    expectInvalid(await request('GET', '/venues?event=99999'), 'event')
    expectInvalid(await request('GET', '/venues?event=abc'), 'event')
  })
})

describe('has_events (CONTRACT §4.3)', () => {
  it('true: linked to at least one event that is not a draft or pending (private and trashed events count)', async () => {
    expect(await ids('has_events=true')).toEqual([107, 102, 101, 108, 109])
  })

  it('false: linked to no such event (106 has only a draft and a pending event)', async () => {
    expect(await ids('has_events=false')).toEqual([105, 106])
  })

  it.each([
    ['1', [107, 102, 101, 108, 109]],
    ['0', [105, 106]],
    ['yes', [107, 102, 101, 108, 109]],
    ['no', [105, 106]],
  ])('boolean form %j', async (value, expected) => {
    expect(await ids(`has_events=${value}`)).toEqual(expected)
  })

  it('a bad boolean is a 400', async () => {
    expectInvalid(await request('GET', '/venues?has_events=maybe'), 'has_events')
  })

  it('a venue linked only to drafts gains events when one is published', async () => {
    const { request: write } = await open(fixture('resources-linked.json'))
    expect(await ids('has_events=true', write)).not.toContain(106)
    await write('PATCH', '/events/303', { status: 'publish' })
    expect(await ids('has_events=true', write)).toContain(106)
  })
})

describe('only_with_upcoming (CONTRACT §4.3)', () => {
  it('linked to an event that has not ended and that the requester may read (open mode: administrator)', async () => {
    // 107: private upcoming, 101: upcoming, 108: under way (ends 2026-07-02), 106: draft/pending upcoming.
    // Not 102 (its event ended 2026-06-01), 105 (none), 109 (its only event is trashed: no one may read it).
    expect(await ids('only_with_upcoming=true')).toEqual([107, 101, 108, 106])
  })

  it('false (the default) is no filter', async () => {
    expect(await ids('only_with_upcoming=false')).toEqual(PUBLISH_ORDER)
  })

  it('an anonymous requester may read only publish events', async () => {
    const data = JSON.parse(fixture('resources-linked.json'))
    data.users[0].token_sha256 = createHash('sha256').update('admin-secret').digest('hex')
    const { request: guarded } = await open(data)
    expect(await ids('only_with_upcoming=true', guarded)).toEqual([101, 108])
  })

  it('an administrator with a token may read private, draft and pending events, never trashed ones', async () => {
    const data = JSON.parse(fixture('resources-linked.json'))
    data.users[0].token_sha256 = createHash('sha256').update('admin-secret').digest('hex')
    const { request: guarded } = await open(data)
    const admin = { authorization: 'Bearer admin-secret' }
    expect(await ids('only_with_upcoming=true', guarded, admin)).toEqual([107, 101, 108, 106])
  })
})

describe('status (CONTRACT §4.3, §6)', () => {
  it('open mode without status: publish only', async () => {
    const list = await ids('')
    expect(list).not.toContain(103)
    expect(list).not.toContain(104)
  })

  it('one status, a CSV, repeated brackets', async () => {
    expect(await ids('status=draft')).toEqual([103])
    expect(await ids('status=trash')).toEqual([104])
    expect(await ids('status=trash,draft')).toEqual([104, 103])
    expect(await ids('status[]=draft&status[]=trash')).toEqual([104, 103])
    // Several statuses: posts of the same second by ID ascending (101, 105), as TEC's database returns them.
    expect(await ids('status=publish,draft')).toEqual([107, 103, 102, 101, 105, 108, 109, 106])
  })

  it('an unknown status: 400 rest_invalid_param', async () => {
    expectInvalid(await request('GET', '/venues?status=published'), 'status')
    expectInvalid(await request('GET', '/venues?status=publish,bogus'), 'status')
  })

  it('an administrator with a token sees every status but trash by default', async () => {
    const data = JSON.parse(fixture('resources-linked.json'))
    data.users[0].token_sha256 = createHash('sha256').update('admin-secret').digest('hex')
    const { request: guarded } = await open(data)
    expect(await ids('', guarded, { authorization: 'Bearer admin-secret' })).toEqual([
      107, 103, 102, 101, 105, 108, 109, 106,
    ])
    expect(await ids('', guarded)).toEqual(PUBLISH_ORDER)
    expectInvalid(await guarded('GET', '/venues?status=draft'), 'status')
  })

  it('filters combine', async () => {
    expect(await ids('has_events=false&only_with_upcoming=true')).toEqual([106])
    expect(await ids('search=boston&has_events=true')).toEqual([101])
  })
})
