/**
 * docs/responses.md#event (event keys, order, types), docs/responses.md#terms-embedded-in-an-event (embedded terms),
 * docs/responses.md#venue, docs/responses.md#organizer (embedded venue and organizers) and docs/responses.md#urls
 * (URLs), through the h3 app with the clock frozen at NOW (2026-07-01 12:00:00 UTC, 08:00 in New York).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { fixture, open } from '../helpers.js'

type Json = Record<string, any>
type Request = Awaited<ReturnType<typeof open>>['request']

/** The request host of these tests, so that URLs match the contract's examples. */
const HOST = { host: '127.0.0.1:3000' }
const ORIGIN = 'http://127.0.0.1:3000'
const BASE = `${ORIGIN}/calendar/events/v1`

/** docs/responses.md#event, in order; `json_ld` follows on single GETs only. */
const EVENT_KEYS = [
  'id',
  'global_id',
  'global_id_lineage',
  'author',
  'status',
  'date',
  'date_utc',
  'modified',
  'modified_utc',
  'url',
  'rest_url',
  'title',
  'description',
  'excerpt',
  'slug',
  'image',
  'all_day',
  'start_date',
  'start_date_details',
  'end_date',
  'end_date_details',
  'utc_start_date',
  'utc_start_date_details',
  'utc_end_date',
  'utc_end_date_details',
  'timezone',
  'timezone_abbr',
  'cost',
  'cost_details',
  'website',
  'show_map',
  'show_map_link',
  'hide_from_listings',
  'sticky',
  'featured',
  'categories',
  'tags',
  'venue',
  'organizer',
  'custom_fields',
]
const DETAIL_KEYS = ['year', 'month', 'day', 'hour', 'minutes', 'seconds']
const TERM_KEYS = [
  'name',
  'slug',
  'term_group',
  'term_taxonomy_id',
  'taxonomy',
  'description',
  'parent',
  'count',
  'filter',
  'id',
  'urls',
]
const VENUE_ORDER = [
  'id',
  'author',
  'status',
  'date',
  'date_utc',
  'modified',
  'modified_utc',
  'url',
  'venue',
  'description',
  'excerpt',
  'slug',
  'image',
  'address',
  'city',
  'country',
  'province',
  'state',
  'zip',
  'phone',
  'website',
  'stateprovince',
  'geo_lat',
  'geo_lng',
  'show_map',
  'show_map_link',
  'json_ld',
  'global_id',
  'global_id_lineage',
]
const ORGANIZER_ORDER = [
  'id',
  'author',
  'status',
  'date',
  'date_utc',
  'modified',
  'modified_utc',
  'url',
  'organizer',
  'description',
  'excerpt',
  'slug',
  'image',
  'phone',
  'website',
  'email',
  'json_ld',
  'global_id',
  'global_id_lineage',
]

/** `{year,…,seconds}` of a wall time, as zero-padded strings. */
function details(wall: string) {
  const [date, time] = wall.split(' ') as [string, string]
  const [year, month, day] = date.split('-')
  const [hour, minutes, seconds] = time.split(':')
  return { year, month, day, hour, minutes, seconds }
}

/** Asserts that `keys` are in the order of `order` (a subsequence of it), then the extra keys. */
function expectOrdered(keys: string[], order: string[], extras: string[] = []) {
  const contract = keys.filter((key) => order.includes(key))
  expect(contract).toEqual(order.filter((key) => contract.includes(key)))
  expect(keys).toEqual([...contract, ...extras])
}

describe('event shape (CONTRACT §2.1)', () => {
  let request: Request
  let single: Json
  let listed: Json

  beforeAll(async () => {
    ;({ request } = await open(fixture('events-rich.json')))
    single = (await request('GET', '/events/10', undefined, HOST)).body
    listed = (await request('GET', '/events?include=10', undefined, HOST)).body.events[0]
  })

  it('single GET: every key of §2.1 in order, then json_ld, then the extra stored keys in their order', () => {
    expect(Object.keys(single)).toEqual([...EVENT_KEYS, 'json_ld', 'is_virtual', 'zz_note'])
    expect(single.is_virtual).toBe(true)
    expect(single.zz_note).toBe('kept by hand')
  })

  it('list item: the same keys without json_ld, extra keys after custom_fields', () => {
    expect(Object.keys(listed)).toEqual([...EVENT_KEYS, 'is_virtual', 'zz_note'])
    expect(listed).not.toHaveProperty('json_ld')
  })

  it('a bare hand-written event has every key too, custom_fields [] as TEC 6.17 shows it', async () => {
    const bare = (await request('GET', '/events/21', undefined, HOST)).body
    expect(Object.keys(bare)).toEqual([...EVENT_KEYS, 'json_ld'])
    expect(bare.custom_fields).toEqual([])
  })

  it('under tec_version "6.10" an event without custom fields has no custom_fields key, as TEC 6.10 shows it', async () => {
    const data = JSON.parse(fixture('events-rich.json'))
    data.settings = { ...data.settings, tec_version: '6.10' }
    const bare = (await (await open(data)).request('GET', '/events/21', undefined, HOST)).body
    expect(Object.keys(bare)).toEqual([...EVENT_KEYS.filter((key) => key !== 'custom_fields'), 'json_ld'])
  })

  it('identity, author as a string, status, publication dates in the site zone and UTC', () => {
    expect(single.id).toBe(10)
    expect(single.global_id).toBe('127.0.0.1?id=10')
    expect(single.global_id_lineage).toEqual(['127.0.0.1?id=10'])
    expect(single.author).toBe('2')
    expect(single.status).toBe('publish')
    expect(single.date).toBe('2026-06-01 09:00:00')
    expect(single.date_utc).toBe('2026-06-01 13:00:00')
    expect(single.modified).toBe('2026-06-02 10:30:00')
    expect(single.modified_utc).toBe('2026-06-02 14:30:00')
  })

  it('url is <site_url>/event/<slug>/ and rest_url <base>/events/<id> without a trailing slash', () => {
    expect(single.url).toBe(`${ORIGIN}/event/jazz-night/`)
    expect(single.rest_url).toBe(`${BASE}/events/10`)
  })

  it('text fields through the_title, the_content and the_excerpt: title, HTML description, excerpt, slug', () => {
    expect(single.title).toBe('Jazz night')
    expect(single.description).toBe('<p>Live <b>jazz</b> all night</p>')
    // the_excerpt puts a stored excerpt in a paragraph (wpautop), as TEC 6.10 shows it.
    expect(single.excerpt).toBe('<p>Live jazz</p>')
    expect(single.slug).toBe('jazz-night')
  })

  it('image from the media collection: {url, id, extension, width, height}', () => {
    expect(single.image).toEqual({
      url: 'https://img.example.org/poster.png',
      id: 5,
      extension: 'png',
      width: 800,
      height: 600,
    })
    expect(Object.keys(single.image).slice(0, 3)).toEqual(['url', 'id', 'extension'])
  })

  it('image given by URL has id 0 and the extension of its path', async () => {
    const event = (await request('GET', '/events/27')).body
    expect(event.image).toEqual({ url: 'https://img.example.org/flyer.JPG?size=large', id: 0, extension: 'jpg' })
  })

  it('start/end dates as local wall times with zero-padded string details, and the same instants in UTC', () => {
    expect(single.all_day).toBe(false)
    expect(single.start_date).toBe('2026-07-04 20:00:00')
    expect(single.start_date_details).toEqual(details('2026-07-04 20:00:00'))
    expect(single.end_date).toBe('2026-07-04 23:00:00')
    expect(single.end_date_details).toEqual(details('2026-07-04 23:00:00'))
    expect(single.utc_start_date).toBe('2026-07-05 00:00:00')
    expect(single.utc_start_date_details).toEqual(details('2026-07-05 00:00:00'))
    expect(single.utc_end_date).toBe('2026-07-05 03:00:00')
    expect(single.utc_end_date_details).toEqual(details('2026-07-05 03:00:00'))
    for (const key of ['start_date_details', 'end_date_details', 'utc_start_date_details', 'utc_end_date_details']) {
      expect(Object.keys(single[key])).toEqual(DETAIL_KEYS)
      for (const value of Object.values(single[key])) expect(typeof value).toBe('string')
    }
    expect(single.start_date_details.month).toBe('07')
    expect(single.utc_start_date_details.minutes).toBe('00')
  })

  it('timezone and the abbreviation in force at the start', () => {
    expect(single.timezone).toBe('America/New_York')
    expect(single.timezone_abbr).toBe('EDT')
  })

  it('cost formatted with cost_details (symbol, code, position, values as strings)', () => {
    expect(single.cost).toBe('$23')
    expect(Object.keys(single.cost_details)).toEqual([
      'currency_symbol',
      'currency_code',
      'currency_position',
      'values',
    ])
    expect(single.cost_details.currency_symbol).toBe('$')
    expect(typeof single.cost_details.currency_code).toBe('string')
    expect(single.cost_details.currency_position).toBe('prefix')
    expect(single.cost_details.values).toEqual(['23'])
  })

  it('website as stored, booleans as stored', () => {
    expect(single.website).toBe('https://jazz.example/night')
    expect(single.show_map).toBe(false)
    expect(single.show_map_link).toBe(true)
    expect(single.hide_from_listings).toBe(false)
    expect(single.sticky).toBe(true)
    expect(single.featured).toBe(true)
  })

  it('custom_fields: the stored object', () => {
    expect(single.custom_fields).toEqual({ dress_code: 'smart' })
  })

  it('json_ld: schema.org Event with ISO 8601 dates carrying the offset, location, organizers and offers', () => {
    const ld = single.json_ld
    expect(ld['@context']).toMatch(/^https?:\/\/schema\.org\/?$/)
    expect(ld['@type']).toBe('Event')
    expect(ld.name).toBe('Jazz night')
    expect(typeof ld.description).toBe('string')
    expect(ld.url).toBe(`${ORIGIN}/event/jazz-night/`)
    expect(ld.startDate).toBe('2026-07-04T20:00:00-04:00')
    expect(ld.endDate).toBe('2026-07-04T23:00:00-04:00')
    expect(ld.location).toMatchObject({ '@type': 'Place', name: 'Blue Room' })
    // TEC 6.10 names the first organizer only, as one object (tribe_get_organizer_id()).
    expect(ld.organizer).toMatchObject({ '@type': 'Person', name: 'Night Owls' })
    expect(ld.offers).toMatchObject({ '@type': 'Offer', price: '23', priceCurrency: 'USD' })
    expect(ld.eventStatus).toBe('https://schema.org/EventScheduled')
    expect(ld.performer).toBe('Organization')
    for (const key of [
      '@context',
      '@type',
      'name',
      'description',
      'url',
      'startDate',
      'endDate',
      'location',
      'organizer',
      'offers',
    ]) {
      expect(ld).toHaveProperty([key])
    }
  })

  it('json_ld dates use the event zone offset (Asia/Kolkata +05:30)', async () => {
    const event = (await request('GET', '/events/23')).body
    expect(event.json_ld.startDate).toBe('2026-07-06T09:00:00+05:30')
    expect(event.json_ld.endDate).toBe('2026-07-06T10:00:00+05:30')
  })

  it('json_ld also on GET /events/by-slug/{slug}', async () => {
    const event = (await request('GET', '/events/by-slug/jazz-night', undefined, HOST)).body
    expect(Object.keys(event)).toEqual([...EVENT_KEYS, 'json_ld', 'is_virtual', 'zz_note'])
    expect(event.json_ld.startDate).toBe('2026-07-04T20:00:00-04:00')
  })

  it('exact JSON types of every key', () => {
    const types: Record<string, string> = {
      id: 'number',
      global_id: 'string',
      author: 'string',
      status: 'string',
      date: 'string',
      date_utc: 'string',
      modified: 'string',
      modified_utc: 'string',
      url: 'string',
      rest_url: 'string',
      title: 'string',
      description: 'string',
      excerpt: 'string',
      slug: 'string',
      all_day: 'boolean',
      start_date: 'string',
      end_date: 'string',
      utc_start_date: 'string',
      utc_end_date: 'string',
      timezone: 'string',
      timezone_abbr: 'string',
      cost: 'string',
      website: 'string',
      show_map: 'boolean',
      show_map_link: 'boolean',
      hide_from_listings: 'boolean',
      sticky: 'boolean',
      featured: 'boolean',
    }
    for (const [key, type] of Object.entries(types)) expect(typeof listed[key], key).toBe(type)
    expect(Number.isInteger(listed.id)).toBe(true)
    expect(Array.isArray(listed.global_id_lineage)).toBe(true)
    expect(Array.isArray(listed.categories)).toBe(true)
    expect(Array.isArray(listed.tags)).toBe(true)
    expect(Array.isArray(listed.organizer)).toBe(true)
    expect(typeof listed.venue).toBe('object')
    for (const key of [
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'start_date',
      'end_date',
      'utc_start_date',
      'utc_end_date',
    ]) {
      expect(listed[key], key).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    }
  })
})

describe('defaults of a bare hand-written event (CONTRACT §1, §2.1, §3)', () => {
  let bare: Json

  beforeAll(async () => {
    const { request } = await open(fixture('events-rich.json'))
    bare = (await request('GET', '/events/21', undefined, HOST)).body
  })

  it('date is the time the file was first loaded, in the site zone; modified equals it; author is user 1', () => {
    expect(bare.date).toBe('2026-07-01 08:00:00')
    expect(bare.date_utc).toBe('2026-07-01 12:00:00')
    expect(bare.modified).toBe('2026-07-01 08:00:00')
    expect(bare.modified_utc).toBe('2026-07-01 12:00:00')
    expect(bare.author).toBe('1')
    expect(bare.status).toBe('publish')
  })

  it('slug from the title, timezone from the settings, empty texts', () => {
    expect(bare.slug).toBe('bare')
    expect(bare.timezone).toBe('America/New_York')
    expect(bare.description).toBe('')
    expect(bare.excerpt).toBe('')
  })

  it('image false, cost "" with no values, website falls back to url', () => {
    expect(bare.image).toBe(false)
    expect(bare.cost).toBe('')
    expect(bare.cost_details.values).toEqual([])
    expect(bare.cost_details.currency_symbol).toBe('')
    expect(['prefix', 'postfix', '']).toContain(bare.cost_details.currency_position)
    expect(bare.website).toBe(`${ORIGIN}/event/bare/`)
    expect(bare.website).toBe(bare.url)
  })

  it('show_map and show_map_link default true; hide_from_listings, sticky, featured, all_day false', () => {
    expect(bare.show_map).toBe(true)
    expect(bare.show_map_link).toBe(true)
    expect(bare.hide_from_listings).toBe(false)
    expect(bare.sticky).toBe(false)
    expect(bare.featured).toBe(false)
    expect(bare.all_day).toBe(false)
  })

  it('no relations: categories [], tags [], venue [], organizer [], custom_fields []', () => {
    expect(bare.categories).toEqual([])
    expect(bare.tags).toEqual([])
    expect(bare.venue).toEqual([])
    expect(bare.organizer).toEqual([])
    expect(bare.custom_fields).toEqual([])
  })

  it('json_ld without a venue or organizers still has the Event essentials', () => {
    expect(bare.json_ld).toMatchObject({
      '@type': 'Event',
      name: 'Bare',
      startDate: '2026-07-05T10:00:00-04:00',
      endDate: '2026-07-05T11:00:00-04:00',
    })
  })
})

describe('time zones and timezone_abbr (CONTRACT §2.1, §3)', () => {
  let request: Request

  beforeAll(async () => {
    ;({ request } = await open(fixture('events-rich.json')))
  })

  it('an IANA zone with an abbreviation: Asia/Kolkata → IST, UTC values shifted by 5:30', async () => {
    const event = (await request('GET', '/events/23')).body
    expect(event.timezone).toBe('Asia/Kolkata')
    expect(event.timezone_abbr).toBe('IST')
    expect(event.start_date).toBe('2026-07-06 09:00:00')
    expect(event.utc_start_date).toBe('2026-07-06 03:30:00')
    expect(event.utc_end_date).toBe('2026-07-06 04:30:00')
    expect(event.utc_start_date_details).toEqual(details('2026-07-06 03:30:00'))
  })

  it('Europe/London in summer → BST', async () => {
    const event = (await request('GET', '/events/25')).body
    expect(event.timezone_abbr).toBe('BST')
    expect(event.utc_start_date).toBe('2026-07-07 08:00:00')
  })

  it('UTC → UTC', async () => {
    const event = (await request('GET', '/events/30')).body
    expect(event.timezone).toBe('UTC')
    expect(event.timezone_abbr).toBe('UTC')
    expect(event.utc_start_date).toBe(event.start_date)
  })

  it('a fixed offset zone UTC+5:30: instants shifted by 5:30, abbreviation is the zone as written, as TEC prints it', async () => {
    const event = (await request('GET', '/events/24')).body
    expect(event.timezone).toBe('UTC+5:30')
    expect(event.utc_start_date).toBe('2026-07-06 03:30:00')
    expect(event.json_ld.startDate).toBe('2026-07-06T09:00:00+05:30')
    expect(event.timezone_abbr).toBe('UTC+5:30')
  })

  it('an IANA zone without an abbreviation shows its offset: Asia/Kathmandu → +05:45', async () => {
    const created = await request('POST', '/events', {
      title: 'Kathmandu',
      start_date: '2026-08-01 10:00:00',
      end_date: '2026-08-01 11:00:00',
      timezone: 'Asia/Kathmandu',
    })
    expect(created.status).toBe(201)
    expect(created.body.timezone_abbr).toBe('+05:45')
    expect(created.body.utc_start_date).toBe('2026-08-01 04:15:00')
  })

  it('the abbreviation is the one in force at the start (EST in winter)', async () => {
    const created = await request('POST', '/events', {
      title: 'Winter',
      start_date: '2026-12-01 10:00:00',
      end_date: '2026-12-01 11:00:00',
    })
    expect(created.body.timezone_abbr).toBe('EST')
    expect(created.body.utc_start_date).toBe('2026-12-01 15:00:00')
  })
})

describe('cost formatting (CONTRACT §2.1)', () => {
  it('["0$","20$","30$"] → "Free – 30$" (en dash), postfix $, values sorted', async () => {
    const { request } = await open(fixture('events-rich.json'))
    const event = (await request('GET', '/events/25')).body
    expect(event.cost).toBe('Free – 30$')
    expect(event.cost_details).toMatchObject({
      currency_symbol: '$',
      currency_position: 'postfix',
      values: ['0', '20', '30'],
    })
  })
})

describe('embedded terms (CONTRACT §2.5)', () => {
  let event: Json

  beforeAll(async () => {
    const { request } = await open(fixture('events-rich.json'))
    event = (await request('GET', '/events/10', undefined, HOST)).body
  })

  it('a category: keys in order, term_group 0, term_taxonomy_id = id, filter raw, urls with up for a child', () => {
    expect(event.categories).toHaveLength(1)
    const jazz = event.categories[0]
    expect(Object.keys(jazz)).toEqual(TERM_KEYS)
    expect(jazz).toEqual({
      name: 'Jazz',
      slug: 'jazz',
      term_group: 0,
      term_taxonomy_id: 4,
      taxonomy: 'tribe_events_cat',
      description: 'Swing and more',
      parent: 3,
      count: 1,
      filter: 'raw',
      id: 4,
      urls: { self: `${BASE}/categories/4`, collection: `${BASE}/categories`, up: `${BASE}/categories/3` },
    })
    expect(Object.keys(jazz.urls)).toEqual(['self', 'collection', 'up'])
  })

  it('tags by name, case ignored, whatever the stored order: taxonomy post_tag, parent 0, no url or meta keys', () => {
    // Stored [7 outdoor, 8 Free entry]; TEC orders an event's terms by name (`wp_get_object_terms()`).
    expect(event.tags.map((tag: Json) => tag.id)).toEqual([8, 7])
    const free = event.tags[0]
    expect(Object.keys(free)).toEqual(TERM_KEYS)
    expect(free).toEqual({
      name: 'Free entry',
      slug: 'free-entry',
      term_group: 0,
      term_taxonomy_id: 8,
      taxonomy: 'post_tag',
      description: '',
      parent: 0,
      count: 1,
      filter: 'raw',
      id: 8,
      urls: { self: `${BASE}/tags/8`, collection: `${BASE}/tags` },
    })
    expect(free).not.toHaveProperty('url')
    expect(free).not.toHaveProperty('meta')
  })

  it("a pulled site's term_taxonomy_id shows in the event's terms only, not in the term's own answers", async () => {
    const data = JSON.parse(fixture('events-rich.json'))
    const jazz = data.categories.find((term: Json) => term.id === 4)
    jazz.term_taxonomy_id = 9
    const { request } = await open(data)
    const embedded = (await request('GET', '/events/10', undefined, HOST)).body.categories[0]
    expect(embedded).toMatchObject({ id: 4, term_taxonomy_id: 9 })
    expect(Object.keys(embedded)).toEqual(TERM_KEYS)
    // TEC's category routes show no term_taxonomy_id (the parity suite compares their keys with TEC's).
    expect((await request('GET', '/categories/4', undefined, HOST)).body).not.toHaveProperty('term_taxonomy_id')
    const listed = (await request('GET', '/categories?per_page=50', undefined, HOST)).body.categories
    expect(listed.find((term: Json) => term.id === 4)).not.toHaveProperty('term_taxonomy_id')
  })

  it('a top-level category has no up url; count counts publish events only (a draft does not count)', async () => {
    const { request } = await open(fixture('events-rich.json'))
    await request('POST', '/events', {
      title: 'Draft sports',
      status: 'draft',
      start_date: '2026-08-01',
      end_date: '2026-08-01 10:00',
      categories: [6],
    })
    await request('POST', '/events', {
      title: 'Published sports',
      start_date: '2026-08-01',
      end_date: '2026-08-01 10:00',
      categories: [6],
    })
    const hash = (await request('GET', '/events/30', undefined, HOST)).body
    const sports = hash.categories.find((term: Json) => term.id === 6)
    expect(sports.urls).toEqual({ self: `${BASE}/categories/6`, collection: `${BASE}/categories` })
    expect(sports.count).toBe(2)
    expect(sports.parent).toBe(0)
  })
})

describe('embedded venue (CONTRACT §2.2)', () => {
  let request: Request
  let venue: Json

  beforeAll(async () => {
    ;({ request } = await open(fixture('events-rich.json')))
    venue = (await request('GET', '/events/10', undefined, HOST)).body.venue
  })

  it('keys in contract order, empty values ("", "0", false, null) dropped, then show_map…global_id, then extras', () => {
    expect(Object.keys(venue)).toEqual([
      'id',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'venue',
      'slug',
      'address',
      'city',
      'country',
      'state',
      'zip',
      'website',
      'stateprovince',
      'geo_lat',
      'geo_lng',
      'show_map',
      'show_map_link',
      'json_ld',
      'global_id',
      'global_id_lineage',
      'parking',
    ])
    expectOrdered(Object.keys(venue), VENUE_ORDER, ['parking'])
  })

  it('values: author string, url <site_url>/venue/<slug>/, coordinates as numbers, show_map default true', () => {
    expect(venue).toMatchObject({
      id: 11,
      author: '1',
      status: 'publish',
      date: '2026-05-01 10:00:00',
      date_utc: '2026-05-01 14:00:00',
      url: `${ORIGIN}/venue/blue-room/`,
      venue: 'Blue Room',
      slug: 'blue-room',
      address: '1 Main St',
      city: 'Boston',
      zip: '02110',
      geo_lat: 42.3601,
      geo_lng: -71.0589,
      show_map: true,
      show_map_link: false,
      global_id: '127.0.0.1?id=11',
      global_id_lineage: ['127.0.0.1?id=11'],
      parking: 'street',
    })
    expect(venue).not.toHaveProperty('rest_url')
    expect(venue).not.toHaveProperty('province')
    expect(venue).not.toHaveProperty('phone')
    expect(venue).not.toHaveProperty('image')
    expect(venue).not.toHaveProperty('description')
  })

  it('json_ld (a Place) only in the single GET of the event, not in lists', async () => {
    expect(venue.json_ld).toMatchObject({ '@type': 'Place', name: 'Blue Room' })
    const listed = (await request('GET', '/events?include=10')).body.events[0].venue
    expect(listed).not.toHaveProperty('json_ld')
    expect(listed.id).toBe(11)
    expect(listed.show_map_link).toBe(false)
  })

  it('geo_lat/geo_lng only when both are stored; an image given by URL is kept', async () => {
    const half = (await request('GET', '/events/27')).body.venue
    expect(half.venue).toBe('Half Geo')
    expect(half).not.toHaveProperty('geo_lat')
    expect(half).not.toHaveProperty('geo_lng')
    expect(half.image).toEqual({ url: 'https://img.example.org/hall.webp', id: 0, extension: 'webp' })
    expect(Object.keys(half).indexOf('image')).toBeLessThan(Object.keys(half).indexOf('show_map'))
  })

  it('a trashed venue shows as []', async () => {
    const event = (await request('GET', '/events/22')).body
    expect(event.venue).toEqual([])
  })
})

describe('embedded organizers (CONTRACT §2.3)', () => {
  let request: Request
  let organizers: Json[]

  beforeAll(async () => {
    ;({ request } = await open(fixture('events-rich.json')))
    organizers = (await request('GET', '/events/10', undefined, HOST)).body.organizer
  })

  it('always a list, in stored order', () => {
    expect(organizers.map((o) => o.id)).toEqual([18, 12])
  })

  it('keys in contract order with empty values dropped, json_ld before global_id, extras last', () => {
    expect(Object.keys(organizers[0]!)).toEqual([
      'id',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'organizer',
      'slug',
      'phone',
      'json_ld',
      'global_id',
      'global_id_lineage',
    ])
    expect(Object.keys(organizers[1]!)).toEqual([
      'id',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'organizer',
      'slug',
      'website',
      'email',
      'json_ld',
      'global_id',
      'global_id_lineage',
      'twitter',
    ])
    expectOrdered(Object.keys(organizers[1]!), ORGANIZER_ORDER, ['twitter'])
  })

  it('values: url <site_url>/organizer/<slug>/, global_id with the host', () => {
    expect(organizers[1]).toMatchObject({
      id: 12,
      author: '1',
      status: 'publish',
      url: `${ORIGIN}/organizer/jazz-society/`,
      organizer: 'Jazz Society',
      slug: 'jazz-society',
      website: 'https://jazz.example',
      email: 'hi@example.org',
      global_id: '127.0.0.1?id=12',
      global_id_lineage: ['127.0.0.1?id=12'],
      twitter: '@jazzsociety',
    })
    expect(organizers[1]).not.toHaveProperty('phone')
    expect(organizers[1]).not.toHaveProperty('image')
    expect(organizers[1]!.json_ld).toMatchObject({ '@type': 'Person', name: 'Jazz Society' })
  })

  it('no json_ld in lists', async () => {
    const listed = (await request('GET', '/events?include=10')).body.events[0].organizer
    expect(listed.map((o: Json) => o.id)).toEqual([18, 12])
    for (const organizer of listed) expect(organizer).not.toHaveProperty('json_ld')
  })

  it('trashed organizers are left out', async () => {
    const event = (await request('GET', '/events/22')).body
    expect(event.organizer.map((o: Json) => o.id)).toEqual([12])
  })
})

describe('URLs (CONTRACT §2.6)', () => {
  it('site_url and base_url settings drive url, rest_url, global_id and term urls', async () => {
    const data = JSON.parse(fixture('events-rich.json'))
    data.settings = { ...data.settings, site_url: 'https://www.example.org/site', base_url: 'https://api.example.org' }
    const { request } = await open(data)
    const event = (await request('GET', '/events/10', undefined, HOST)).body
    expect(event.url).toBe('https://www.example.org/site/event/jazz-night/')
    expect(event.website).toBe('https://jazz.example/night')
    expect(event.rest_url).toBe('https://api.example.org/calendar/events/v1/events/10')
    // Tribe__Utils__Global_ID keeps the site's path and drops its port
    expect(event.global_id).toBe('www.example.org/site?id=10')
    expect(event.venue.url).toBe('https://www.example.org/site/venue/blue-room/')
    expect(event.organizer[0].url).toBe('https://www.example.org/site/organizer/night-owls/')
    expect(event.categories[0].urls.self).toBe('https://api.example.org/calendar/events/v1/categories/4')
    expect(event.json_ld.url).toBe('https://www.example.org/site/event/jazz-night/')
  })

  it('without settings, the request origin is both the base origin and the site URL', async () => {
    const { request } = await open(fixture('events-rich.json'))
    const event = (await request('GET', '/events/21', undefined, { host: 'calendar.test:8080' })).body
    expect(event.url).toBe('http://calendar.test:8080/event/bare/')
    expect(event.rest_url).toBe('http://calendar.test:8080/calendar/events/v1/events/21')
    expect(event.global_id).toBe('calendar.test?id=21')
  })

  it('under TEC prefix, rest_url and term urls use that prefix', async () => {
    const { request } = await open(fixture('events-rich.json'))
    const event = (await request('GET', '/wp-json/tribe/events/v1/events/10', undefined, HOST)).body
    expect(event.rest_url).toBe(`${ORIGIN}/wp-json/tribe/events/v1/events/10`)
    expect(event.categories[0].urls.self).toBe(`${ORIGIN}/wp-json/tribe/events/v1/categories/4`)
    expect(event.url).toBe(`${ORIGIN}/event/jazz-night/`)
  })
})
