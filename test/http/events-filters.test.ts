/**
 * docs/lists.md#other-event-filters: search, categories (with descendants and slugs), tags, venue, organizer,
 * featured, ticketed, status, post_parent, geoloc and geoloc_lat/lng/radius on GET /events.
 * fixtures/events-filters.json; every event is inside the default window. Open mode: a list without `status` shows
 * `publish` only, so the listed events are 301–306 and 311–313 (314 is hidden from listings).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { fixture, open } from '../helpers.js'

type Json = Record<string, any>
type Request = Awaited<ReturnType<typeof open>>['request']

let request: Request

beforeAll(async () => {
  ;({ request } = await open(fixture('events-filters.json')))
})

const PUBLISHED = [301, 302, 303, 304, 305, 306, 311, 312, 313]
const q = encodeURIComponent

async function ids(query: string): Promise<number[]> {
  const response = await request('GET', `/events?per_page=50&${query}`)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  expect(response.body.total).toBe(response.body.events.length)
  return response.body.events.map((event: Json) => event.id)
}

async function expectInvalid(query: string, field: string) {
  const response = await request('GET', `/events?${query}`)
  expect(response.status, JSON.stringify(response.body)).toBe(400)
  expect(response.body.code).toBe('rest_invalid_param')
  expect(response.body.data.status).toBe(400)
  expect(typeof response.body.data.params).toBe('object')
  expect(Object.keys(response.body.data.params)).toContain(field)
}

describe('no filter', () => {
  it('lists the published, listed events', async () => {
    expect(await ids('')).toEqual(PUBLISHED)
  })
})

describe('search (CONTRACT §4.2)', () => {
  it('a word in the title, the excerpt or the description, case-insensitive', async () => {
    expect(await ids('search=jazz')).toEqual([301, 302, 305])
    expect(await ids('search=JAZZ')).toEqual([301, 302, 305])
  })

  it('every whitespace-separated word must appear, each anywhere', async () => {
    expect(await ids(`search=${q('jazz night')}`)).toEqual([301, 302])
    expect(await ids(`search=${q('night jazz')}`)).toEqual([301, 302])
    expect(await ids(`search=${q('  jazz   swing ')}`)).toEqual([301])
    expect(await ids(`search=${q('sunday trio')}`)).toEqual([305])
    expect(await ids(`search=${q('brunch SUNDAY')}`)).toEqual([305])
  })

  it('words are not a phrase', async () => {
    expect(await ids(`search=${q('hall night')}`)).toEqual([301])
  })

  it('no match is an empty 200', async () => {
    const response = await request('GET', '/events?search=zzzzz')
    expect(response.status).toBe(200)
    expect(response.body.events).toEqual([])
    expect(response.body.total).toBe(0)
  })

  it('drafts and trashed events do not show up in a search without status', async () => {
    expect(await ids('search=draft')).toEqual([])
    expect(await ids('search=trashed')).toEqual([])
  })
})

describe('categories (CONTRACT §4.2)', () => {
  it('a category matches its descendants too', async () => {
    expect(await ids('categories=1')).toEqual([301, 302, 303])
    expect(await ids('categories=2')).toEqual([301, 302])
    expect(await ids('categories=3')).toEqual([302])
  })

  it('by slug', async () => {
    expect(await ids('categories=music')).toEqual([301, 302, 303])
    expect(await ids('categories=jazz')).toEqual([301, 302])
    expect(await ids('categories=bebop')).toEqual([302])
  })

  it('any of several: CSV and brackets, IDs and slugs mixed', async () => {
    expect(await ids('categories=jazz,sports')).toEqual([301, 302, 304])
    expect(await ids('categories[]=3&categories[]=4')).toEqual([302, 304])
    expect(await ids('categories=bebop,4')).toEqual([302, 304])
  })

  it('a category without events gives an empty list', async () => {
    expect(await ids('categories=5')).toEqual([])
  })

  it('an unknown category (ID or slug) is a 400', async () => {
    await expectInvalid('categories=999', 'categories')
    await expectInvalid('categories=nope', 'categories')
    await expectInvalid('categories=jazz,nope', 'categories')
  })

  it('a tag ID or slug is not a category', async () => {
    await expectInvalid('categories=6', 'categories')
    await expectInvalid('categories=outdoor', 'categories')
  })

  it('is not echoed in rest_url: TEC keeps it in a tax query, which its URLs leave out', async () => {
    const response = await request('GET', '/events?categories=jazz&tags=family')
    expect(new URL(response.body.rest_url).searchParams.has('categories')).toBe(false)
    expect(new URL(response.body.rest_url).searchParams.has('tags')).toBe(false)
  })
})

describe('tags (CONTRACT §4.2)', () => {
  it('by ID or slug; any of several', async () => {
    expect(await ids('tags=6')).toEqual([301, 303])
    expect(await ids('tags=family')).toEqual([302, 303])
    expect(await ids('tags=outdoor,late-night')).toEqual([301, 303, 306])
    expect(await ids('tags[]=7')).toEqual([302, 303])
    expect(await ids('tags[]=6&tags[]=8')).toEqual([301, 303, 306])
  })

  it('an unknown tag is a 400', async () => {
    await expectInvalid('tags=999', 'tags')
    await expectInvalid('tags=unknown-tag', 'tags')
  })
})

describe('venue and organizer (CONTRACT §4.2)', () => {
  it('venue: IDs, any of them', async () => {
    expect(await ids('venue=201')).toEqual([301])
    expect(await ids('venue=201,202')).toEqual([301, 302])
    expect(await ids('venue[]=203&venue[]=204')).toEqual([303, 304])
  })

  it('venue: an unknown ID is a 400, and so is an organizer ID', async () => {
    await expectInvalid('venue=9999', 'venue')
    await expectInvalid('venue=201,9999', 'venue')
    await expectInvalid('venue=206', 'venue')
  })

  it('organizer: IDs, any of them', async () => {
    expect(await ids('organizer=206')).toEqual([301, 302])
    expect(await ids('organizer=207')).toEqual([302, 303])
    expect(await ids('organizer=206,208')).toEqual([301, 302, 304])
    expect(await ids('organizer[]=208')).toEqual([304])
  })

  it('organizer: an unknown ID is a 400, and so is a venue ID', async () => {
    await expectInvalid('organizer=9999', 'organizer')
    await expectInvalid('organizer=201', 'organizer')
  })
})

describe('featured and ticketed (CONTRACT §4.2)', () => {
  it('featured=true / false', async () => {
    expect(await ids('featured=true')).toEqual([301, 303])
    expect(await ids('featured=false')).toEqual([302, 304, 305, 306, 311, 312, 313])
  })

  it('featured in other boolean forms', async () => {
    expect(await ids('featured=1')).toEqual([301, 303])
    expect(await ids('featured=yes')).toEqual([301, 303])
    expect(await ids('featured=0')).toEqual([302, 304, 305, 306, 311, 312, 313])
  })

  it('ticketed=true / false on the stored flag', async () => {
    expect(await ids('ticketed=true')).toEqual([301, 304])
    expect(await ids('ticketed=false')).toEqual([302, 303, 305, 306, 311, 312, 313])
  })

  it('a non-boolean is a 400', async () => {
    await expectInvalid('featured=maybe', 'featured')
    await expectInvalid('ticketed=perhaps', 'ticketed')
  })

  it('filters combine', async () => {
    expect(await ids('categories=music&featured=true')).toEqual([301, 303])
    expect(await ids('featured=true&ticketed=true')).toEqual([301])
    expect(await ids('search=jazz&venue=202')).toEqual([302])
  })
})

describe('status (CONTRACT §4.2, §6)', () => {
  it('one status', async () => {
    expect(await ids('status=draft')).toEqual([307])
    expect(await ids('status=pending')).toEqual([308])
    expect(await ids('status=trash')).toEqual([310])
  })

  it('CSV and array', async () => {
    expect(await ids('status=draft,pending')).toEqual([307, 308])
    expect(await ids('status[]=private&status[]=draft')).toEqual([307, 309])
    expect(await ids('status=publish,private')).toEqual([301, 302, 303, 304, 305, 306, 309, 311, 312, 313])
  })

  it('an unknown status is a 400', async () => {
    await expectInvalid('status=bogus', 'status')
    await expectInvalid('status=publish,bogus', 'status')
  })

  it('other filters apply to the statuses asked for', async () => {
    expect(await ids('status=draft,publish&categories=jazz')).toEqual([301, 302, 307])
  })
})

describe('post_parent (CONTRACT §4.2)', () => {
  it('events whose stored post_parent is that event (children only)', async () => {
    expect(await ids('post_parent=301')).toEqual([311, 312])
    expect(await ids('post_parent=311')).toEqual([313])
    expect(await ids('post_parent=302')).toEqual([])
  })

  it('an ID that is not an existing event is a 400', async () => {
    await expectInvalid('post_parent=9999', 'post_parent')
    await expectInvalid('post_parent=201', 'post_parent')
    await expectInvalid('post_parent=abc', 'post_parent')
  })
})

// The fixture sets `settings.geoloc_filters`, as a site with Events Calendar Pro.
describe('geoloc (CONTRACT §4.2)', () => {
  const BOSTON = 'geoloc_lat=42.3601&geoloc_lng=-71.0589'

  it('without settings.geoloc_filters they filter nothing, as TEC without Pro, but are still checked', async () => {
    const data = JSON.parse(fixture('events-filters.json'))
    const { request: plain } = await open({ ...data, settings: { timezone: 'America/New_York' } })
    for (const query of ['geoloc=true', BOSTON, `${BOSTON}&geoloc_radius=1`]) {
      const response = await plain('GET', `/events?per_page=50&${query}`)
      expect(response.body.events.map((event: Json) => event.id)).toEqual(PUBLISHED)
    }
    expect((await plain('GET', '/events?geoloc_lat=42.36')).status).toBe(400)
  })

  it('geoloc=true: events whose venue has coordinates', async () => {
    expect(await ids('geoloc=true')).toEqual([301, 302, 303, 304])
  })

  it('geoloc_lat + geoloc_lng: within 25 km by default', async () => {
    expect(await ids(BOSTON)).toEqual([301, 302])
  })

  it('geoloc_radius in km', async () => {
    expect(await ids(`${BOSTON}&geoloc_radius=1`)).toEqual([301])
    expect(await ids(`${BOSTON}&geoloc_radius=100`)).toEqual([301, 302, 303])
    expect(await ids(`${BOSTON}&geoloc_radius=400`)).toEqual([301, 302, 303, 304])
  })

  it('from another center', async () => {
    expect(await ids('geoloc_lat=40.7&geoloc_lng=-74.0&geoloc_radius=10')).toEqual([304])
  })

  it('only together: lat without lng, or lng without lat, is a 400 rest_invalid_param', async () => {
    const onlyLat = await request('GET', '/events?geoloc_lat=42.36')
    expect(onlyLat.status).toBe(400)
    expect(onlyLat.body.code).toBe('rest_invalid_param')
    expect(typeof onlyLat.body.data.params).toBe('object')
    const onlyLng = await request('GET', '/events?geoloc_lng=-71.05')
    expect(onlyLng.status).toBe(400)
    expect(onlyLng.body.code).toBe('rest_invalid_param')
    expect(typeof onlyLng.body.data.params).toBe('object')
  })

  it('a coordinate that is not a number is a 400', async () => {
    await expectInvalid('geoloc_lat=north&geoloc_lng=-71.05', 'geoloc_lat')
    await expectInvalid('geoloc_lat=42.36&geoloc_lng=west', 'geoloc_lng')
  })
})

describe('filters never show hidden events (CONTRACT §4.1)', () => {
  it('314 matches jazz, venue 201, featured and outdoor but is hidden from listings', async () => {
    expect(await ids('categories=jazz')).not.toContain(314)
    expect(await ids('venue=201')).not.toContain(314)
    expect(await ids('featured=true')).not.toContain(314)
    expect(await ids('tags=outdoor')).not.toContain(314)
    expect(await ids(`geoloc_lat=42.3601&geoloc_lng=-71.0589`)).not.toContain(314)
  })
})
