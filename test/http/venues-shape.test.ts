/**
 * docs/responses.md#venue (venue keys, order, dropped empty values, show_map / show_map_link, geo, json_ld on single
 * GET only, global_id, extra keys last) on every route that answers with a venue, with fixtures/resources-linked.json
 * and the clock frozen at NOW (2026-07-01 12:00:00 UTC, 08:00 in New York).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { fixture, open } from '../helpers.js'

type Json = Record<string, any>
type Request = Awaited<ReturnType<typeof open>>['request']

const HOST = { host: '127.0.0.1:3000' }
const ORIGIN = 'http://127.0.0.1:3000'

/**
 * docs/responses.md#venue, in order: the record's keys (empty ones dropped), then the keys added after the filter.
 */
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
]
const ADDED = ['show_map', 'show_map_link', 'json_ld', 'global_id', 'global_id_lineage']

/** Every value that docs/responses.md#venue drops. */
function expectNoEmptyValues(venue: Json) {
  for (const [key, value] of Object.entries(venue)) {
    if (key === 'show_map' || key === 'show_map_link') continue
    expect([key, value]).not.toEqual([key, ''])
    expect([key, value]).not.toEqual([key, '0'])
    expect([key, value]).not.toEqual([key, false])
    expect([key, value]).not.toEqual([key, null])
  }
}

let request: Request
let single: Json
let listed: Json

beforeAll(async () => {
  ;({ request } = await open(fixture('resources-linked.json')))
  single = (await request('GET', '/venues/101', undefined, HOST)).body
  listed = (await request('GET', '/venues?search=lantern', undefined, HOST)).body.venues[0]
})

describe('venue shape (CONTRACT §2.2)', () => {
  it('single GET of a full venue: every key in order, then show_map, show_map_link, json_ld, global ids, extras', () => {
    expect(Object.keys(single)).toEqual([...VENUE_ORDER, ...ADDED, 'zz_note'])
  })

  it('list item: the same keys without json_ld', () => {
    expect(listed.id).toBe(101)
    expect(Object.keys(listed)).toEqual([
      ...VENUE_ORDER,
      'show_map',
      'show_map_link',
      'global_id',
      'global_id_lineage',
      'zz_note',
    ])
    expect(listed).not.toHaveProperty('json_ld')
  })

  it('values: author as a string, dates in the site zone and UTC, url <site_url>/venue/<slug>/', () => {
    expect(single).toMatchObject({
      id: 101,
      author: '1',
      status: 'publish',
      date: '2026-05-01 10:00:00',
      date_utc: '2026-05-01 14:00:00',
      modified: '2026-05-02 11:00:00',
      modified_utc: '2026-05-02 15:00:00',
      url: `${ORIGIN}/venue/blue-room/`,
      venue: 'Blue Room',
      description: '<p>Cosy <b>jazz</b> cellar</p>',
      excerpt: '<p>Basement club</p>',
      slug: 'blue-room',
      image: { url: 'https://img.example.org/blue.JPG', id: 0, extension: 'jpg' },
      address: '12 Lantern Street',
      city: 'Boston',
      country: 'United States',
      province: 'Suffolk County',
      state: 'Massachusetts',
      zip: '02110',
      phone: '617-555-0101',
      website: 'https://blueroom.example',
      stateprovince: 'Mass-Bay',
    })
  })

  it('a venue has no rest_url', () => {
    expect(single).not.toHaveProperty('rest_url')
    expect(listed).not.toHaveProperty('rest_url')
  })

  it('geo_lat / geo_lng are numbers when both are stored', () => {
    expect(single.geo_lat).toBe(42.3555)
    expect(single.geo_lng).toBe(-71.0565)
    expect(typeof single.geo_lat).toBe('number')
    expect(typeof single.geo_lng).toBe('number')
  })

  it('show_map / show_map_link: booleans, default true, as stored otherwise', () => {
    expect(single.show_map).toBe(true)
    expect(single.show_map_link).toBe(false)
  })

  it('global_id is "<host>?id=<id>" and global_id_lineage [global_id]', () => {
    expect(single.global_id).toBe('127.0.0.1?id=101')
    expect(single.global_id_lineage).toEqual(['127.0.0.1?id=101'])
    expect(listed.global_id).toBe('127.0.0.1?id=101')
  })

  it('json_ld on the single GET is a schema.org Place of the venue', () => {
    expect(single.json_ld['@type']).toBe('Place')
    expect(single.json_ld.name).toBe('Blue Room')
    // TEC 6.10 without Events Calendar Pro links no venue page in its JSON-LD.
    expect(single.json_ld.url).toBe('')
  })

  it('keys beyond the contract are emitted last, as stored', () => {
    expect(Object.keys(single).at(-1)).toBe('zz_note')
    expect(single.zz_note).toBe('kept by hand')
  })

  it('empty values ("", "0", false, null) are dropped: a sparse venue has only the keys it fills', async () => {
    const sparse = (await request('GET', '/venues/102', undefined, HOST)).body
    // phone "0" and zip "" are dropped, image false is dropped, empty description/excerpt are dropped
    expect(Object.keys(sparse)).toEqual([
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
      'city',
      'show_map',
      'show_map_link',
      'json_ld',
      'global_id',
      'global_id_lineage',
    ])
    expectNoEmptyValues(sparse)
  })

  it('show_map false is kept (added after the filter), show_map_link defaults to true', async () => {
    const sparse = (await request('GET', '/venues/102')).body
    expect(sparse.show_map).toBe(false)
    expect(sparse.show_map_link).toBe(true)
  })

  it('only geo_lat stored: neither geo key is present', async () => {
    const sparse = (await request('GET', '/venues/102')).body
    expect(sparse).not.toHaveProperty('geo_lat')
    expect(sparse).not.toHaveProperty('geo_lng')
  })

  it('by-slug GET answers the same venue with json_ld', async () => {
    const bySlug = (await request('GET', '/venues/by-slug/blue-room', undefined, HOST)).body
    expect(bySlug).toEqual(single)
  })

  it('list items never carry json_ld and have no empty values', async () => {
    const { body } = await request('GET', '/venues?per_page=50')
    expect(body.venues.length).toBeGreaterThan(3)
    for (const venue of body.venues) {
      expect(venue).not.toHaveProperty('json_ld')
      expectNoEmptyValues(venue)
      expect(typeof venue.show_map).toBe('boolean')
      expect(typeof venue.show_map_link).toBe('boolean')
    }
  })

  it('settings.site_url is the base of url; global_id takes its host', async () => {
    const data = JSON.parse(fixture('resources-linked.json'))
    data.settings.site_url = 'https://example.org/site/'
    const { request: siteRequest } = await open(data)
    const venue = (await siteRequest('GET', '/venues/101', undefined, HOST)).body
    expect(venue.url).toBe('https://example.org/site/venue/blue-room/')
    // Tribe__Utils__Global_ID keeps the site's path
    expect(venue.global_id).toBe('example.org/site?id=101')
  })

  it('responses to create, update and delete have no json_ld', async () => {
    const { request: write } = await open(fixture('resources-linked.json'))
    const created = await write('POST', '/venues', { venue: 'Shape Check Hall', city: 'Medford' })
    expect(created.status).toBe(201)
    expect(created.body).not.toHaveProperty('json_ld')
    expect(Object.keys(created.body).slice(-4)).toEqual(['show_map', 'show_map_link', 'global_id', 'global_id_lineage'])
    const updated = await write('PATCH', `/venues/${created.body.id}`, { city: 'Malden' })
    expect(updated.body).not.toHaveProperty('json_ld')
    const deleted = await write('DELETE', `/venues/${created.body.id}`)
    expect(deleted.body).not.toHaveProperty('json_ld')
  })
})

describe('venue embedded in an event (CONTRACT §2.1–2.2)', () => {
  it('GET /events/{id}: the venue object with its json_ld', async () => {
    const event = (await request('GET', '/events/301', undefined, HOST)).body
    expect(event.venue.id).toBe(101)
    expect(Object.keys(event.venue)).toEqual([...VENUE_ORDER, ...ADDED, 'zz_note'])
  })

  it('in an event list: the venue object without json_ld', async () => {
    const { body } = await request('GET', '/events?include=301', undefined, HOST)
    expect(body.events[0].venue.id).toBe(101)
    expect(body.events[0].venue).not.toHaveProperty('json_ld')
  })
})
