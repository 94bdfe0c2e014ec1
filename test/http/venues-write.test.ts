/**
 * Venue routes other than the list: docs/writes.md (fields, required name, empty name, website, slugs, partial
 * update by POST/PUT/PATCH, duplicate avoidance on create) and docs/errors.md (404 / 400 / 403 / 410, trash, force,
 * restore, links kept but hidden), through the h3 app with fixtures/resources-linked.json and the clock frozen at
 * NOW.
 */
import { createHash } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { expectError, expectInvalid, expectValidFile } from '../expect.js'
import { fixture, open } from '../helpers.js'

type Json = Record<string, any>
type Opened = Awaited<ReturnType<typeof open>>

/** NOW in the site time zone (America/New_York) and in UTC. */
const NOW_WALL = '2026-07-01 08:00:00'
const NOW_UTC = '2026-07-01 12:00:00'

let calendar: Opened['calendar']
let request: Opened['request']

beforeEach(async () => {
  ;({ calendar, request } = await open(fixture('resources-linked.json')))
})

const venueCount = () => calendar.state.venues.size

describe('POST /venues: create (CONTRACT §3, §5)', () => {
  it('201 with the venue, a Location header, author the requester, date and modified now', async () => {
    const response = await request('POST', '/venues', {
      venue: 'Lantern Loft',
      description: '<p>Upstairs</p>',
      excerpt: 'Loft',
      address: '1 Loft Way',
      city: 'Somerville',
      country: 'United States',
      province: 'Middlesex',
      state: 'MA',
      zip: '02143',
      phone: '617-555-0199',
      website: 'http://loft.example',
      stateprovince: 'MA',
    })
    expect(response.status).toBe(201)
    const venue = response.body
    // TEC sends no Location for a new venue
    expect(response.headers.get('location')).toBeNull()
    expect(venue).toMatchObject({
      author: '1',
      status: 'publish',
      date: NOW_WALL,
      date_utc: NOW_UTC,
      modified: NOW_WALL,
      modified_utc: NOW_UTC,
      url: `http://localhost/venue/lantern-loft/`,
      venue: 'Lantern Loft',
      description: '<p>Upstairs</p>',
      excerpt: '<p>Loft</p>',
      slug: 'lantern-loft',
      address: '1 Loft Way',
      city: 'Somerville',
      country: 'United States',
      province: 'Middlesex',
      state: 'MA',
      zip: '02143',
      phone: '617-555-0199',
      website: 'http://loft.example',
      stateprovince: 'MA',
      show_map: true,
      show_map_link: true,
    })
    expect((await request('GET', `/venues/${venue.id}`)).body.venue).toBe('Lantern Loft')
  })

  it('a new ID is 1 + the largest post ID (events, venues and organizers share one space)', async () => {
    const response = await request('POST', '/venues', { venue: 'Numbered Hall' })
    expect(response.body.id).toBe(309)
  })

  it('missing venue name: 400 rest_missing_callback_param with data.params ["venue"]; nothing created', async () => {
    const response = await request('POST', '/venues', { city: 'Boston' })
    expectError(response, 400, 'rest_missing_callback_param')
    expect(response.body.data.params).toEqual(['venue'])
    expect(venueCount()).toBe(9)
  })

  it.each(['', '   '])('empty venue name %j: 400 rest_invalid_param on venue', async (name) => {
    expectInvalid(await request('POST', '/venues', { venue: name }), 'venue')
    expect(venueCount()).toBe(9)
  })

  it.each(['ftp://files.example', 'www.example.org', 'not a url', 'javascript:alert(1)'])(
    'website %j is not an http(s) URL: 400 rest_invalid_param on website',
    async (website) => {
      expectInvalid(await request('POST', '/venues', { venue: 'Web Hall', website }), 'website')
      expect(venueCount()).toBe(9)
    },
  )

  it('website empty or http(s) is accepted', async () => {
    expect((await request('POST', '/venues', { venue: 'Web Hall A', website: '' })).status).toBe(201)
    const https = await request('POST', '/venues', { venue: 'Web Hall B', website: 'HTTPS://Secure.example/path?q=1' })
    expect(https.status).toBe(201)
    expect(https.body.website).toBe('HTTPS://Secure.example/path?q=1')
  })

  it('geo_lat / geo_lng are writable (numbers or numeric strings) and shown as numbers', async () => {
    const response = await request('POST', '/venues', { venue: 'Geo Hall', geo_lat: 42.5, geo_lng: '-71.25' })
    expect(response.status).toBe(201)
    const venue = (await request('GET', `/venues/${response.body.id}`)).body
    expect(venue.geo_lat).toBe(42.5)
    expect(venue.geo_lng).toBe(-71.25)
  })

  it('geo_lat that is not a number: 400 rest_invalid_param', async () => {
    expectInvalid(await request('POST', '/venues', { venue: 'Geo Hall', geo_lat: 'north', geo_lng: 1 }), 'geo_lat')
  })

  it('show_map / show_map_link accept the boolean forms of §3', async () => {
    const response = await request('POST', '/venues', { venue: 'Map Hall', show_map: 'no', show_map_link: '0' })
    expect(response.body.show_map).toBe(false)
    expect(response.body.show_map_link).toBe(false)
    const other = await request('POST', '/venues', { venue: 'Map Hall Two', show_map: 'off', show_map_link: 'yes' })
    expect(other.body.show_map).toBe(false)
    expect(other.body.show_map_link).toBe(true)
  })

  it('a status may be given; an unknown status is a 400', async () => {
    const draft = await request('POST', '/venues', { venue: 'Draft Hall', status: 'draft' })
    expect(draft.body.status).toBe('draft')
    expectInvalid(await request('POST', '/venues', { venue: 'Bad Hall', status: 'published' }), 'status')
  })

  it('an unknown author is a 400', async () => {
    expectInvalid(await request('POST', '/venues', { venue: 'Authored Hall', author: 42 }), 'author')
  })

  it('form-urlencoded bodies are accepted', async () => {
    const response = await request('POST', '/venues', 'venue=Form%20Hall&city=Salem%20Neck&show_map=false', {
      'content-type': 'application/x-www-form-urlencoded',
    })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({ venue: 'Form Hall', city: 'Salem Neck', show_map: false, slug: 'form-hall' })
  })

  it('unknown body fields and fields the caller cannot set are ignored', async () => {
    const response = await request('POST', '/venues', {
      venue: 'Ignored Fields Hall',
      id: 5,
      url: 'http://evil.example/',
      global_id: 'x',
      content: 'nope',
    })
    expect(response.status).toBe(201)
    expect(response.body.id).not.toBe(5)
    expect(response.body.url).toBe('http://localhost/venue/ignored-fields-hall/')
    expect(response.body.global_id).toBe(`localhost?id=${response.body.id}`)
    expect(response.body).not.toHaveProperty('content')
  })

  it('malformed JSON: 400 rest_invalid_json', async () => {
    expectError(await request('POST', '/venues', '{"venue": '), 400, 'rest_invalid_json')
  })
})

describe('slugs (CONTRACT §3)', () => {
  it('from the name: lower case, accents folded, other runs become "-"', async () => {
    const response = await request('POST', '/venues', { venue: 'Café Crème & Co. — Hall!' })
    expect(response.body.slug).toBe('cafe-creme-co-hall')
  })

  it('unique within venues with -2, -3, …', async () => {
    // Another description, so that the create is not the same venue (docs/writes.md#duplicates).
    const second = await request('POST', '/venues', { venue: 'Blue Room', description: 'Upstairs' })
    expect(second.status).toBe(201)
    expect(second.body.id).not.toBe(101)
    expect(second.body.slug).toBe('blue-room-2')
    const third = await request('POST', '/venues', { venue: 'Blue Room', description: 'Downstairs' })
    expect(third.body.slug).toBe('blue-room-3')
    expect((await request('GET', '/venues/by-slug/blue-room-3')).body.id).toBe(third.body.id)
  })

  it('an explicit slug is kept, and made unique when taken', async () => {
    expect((await request('POST', '/venues', { venue: 'Some Hall', slug: 'my-own-slug' })).body.slug).toBe(
      'my-own-slug',
    )
    expect((await request('POST', '/venues', { venue: 'Other Hall', slug: 'blue-room' })).body.slug).toBe('blue-room-2')
  })

  it('a name or slug of only "0" gives the ID as slug: PHP takes "0" for empty, and TEC drops it from answers', async () => {
    const named = await request('POST', '/venues', { venue: '0' })
    expect(named.status).toBe(201)
    expect(named.body.slug).toBe(String(named.body.id))
    const slugged = await request('POST', '/organizers', { organizer: 'Zero', slug: '0' })
    expect(slugged.body.slug).toBe('zero')
  })

  it('a slug taken by an organizer or an event is free for a venue', async () => {
    // organizer 201 is "jazz-society"; events have their own slugs
    expect((await request('POST', '/venues', { venue: 'Jazz Society' })).body.slug).toBe('jazz-society')
  })

  it('an update of the name keeps the slug', async () => {
    const updated = await request('PATCH', '/venues/101', { venue: 'The Blue Room' })
    expect(updated.body.venue).toBe('The Blue Room')
    expect(updated.body.slug).toBe('blue-room')
  })
})

describe("duplicate avoidance on create, TEC's (the default): the venue of the same name, overwritten", () => {
  it('the same name (case, accents and trailing spaces ignored) answers that venue: 201, no new venue', async () => {
    for (const venue of ['blue room', 'Blüe Room ', 'BLUE ROOM']) {
      const response = await request('POST', '/venues', { venue })
      expect(response.status).toBe(201)
      expect(response.body.id).toBe(101)
      expect(response.body.venue).toBe('Blue Room')
    }
    expect(venueCount()).toBe(9)
  })

  it('the fields sent overwrite its own; name, texts, slug, status and author stay; map flags on, stateprovince again', async () => {
    const response = await request('POST', '/venues', {
      venue: 'Blue Room',
      city: 'Cambridge',
      zip: '02139',
      excerpt: 'Not compared, not written',
      status: 'draft',
    })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({
      id: 101,
      venue: 'Blue Room',
      city: 'Cambridge',
      zip: '02139',
      address: '12 Lantern Street',
      phone: '617-555-0101',
      excerpt: '<p>Basement club</p>',
      status: 'publish',
      slug: 'blue-room',
      show_map: true,
      show_map_link: true,
      modified: NOW_WALL,
    })
    // Worked out again from what was sent: neither a state nor a province.
    expect(response.body.stateprovince).toBeUndefined()
    expect(venueCount()).toBe(9)
    expect((await request('GET', '/venues/101')).body.city).toBe('Cambridge')
  })

  it('a draft is found, and stays a draft', async () => {
    const response = await request('POST', '/venues', { venue: 'Old Barn', city: 'Acton' })
    expect(response.body).toMatchObject({ id: 103, status: 'draft', city: 'Acton' })
    expect(venueCount()).toBe(9)
  })

  it('a description that is given and differs makes a new venue; the same one (any case) does not', async () => {
    const other = await request('POST', '/venues', { venue: 'Blue Room', description: 'A different room altogether' })
    expect(other.status).toBe(201)
    expect(other.body.id).not.toBe(101)
    expect(other.body.description).toBe('<p>A different room altogether</p>')
    const same = await request('POST', '/venues', { venue: 'Quiet Place', description: 'a CALM room', city: 'Orford' })
    expect(same.body).toMatchObject({ id: 105, city: 'Orford' })
    expect(venueCount()).toBe(10)
  })

  it('a trashed venue is never found', async () => {
    const response = await request('POST', '/venues', { venue: 'Gone Venue', city: 'Lowell' })
    expect(response.status).toBe(201)
    expect(response.body.id).not.toBe(104)
    expect(response.body.status).toBe('publish')
    expect(venueCount()).toBe(10)
  })

  it('the same create twice makes one venue', async () => {
    const first = await request('POST', '/venues', { venue: 'Twice Hall', city: 'Dedham', phone: '555-2222' })
    const second = await request('POST', '/venues', { venue: 'Twice Hall', city: 'Dedham', phone: '555-2222' })
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.body.id).toBe(first.body.id)
    expect(venueCount()).toBe(10)
  })
})

describe('duplicate avoidance with settings.tec_lossy_writes false, and in library calls: every field must match', () => {
  beforeEach(() => {
    calendar.state.settings.tec_lossy_writes = false
  })

  it('a venue whose sent fields all match (case ignored) is answered, left as it is', async () => {
    const response = await request('POST', '/venues', { venue: 'blue room', city: 'BOSTON' })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({ id: 101, venue: 'Blue Room', city: 'Boston', show_map_link: false })
    expect(venueCount()).toBe(9)
  })

  it('one field that differs makes a new venue; the old one keeps its own', async () => {
    const response = await request('POST', '/venues', { venue: 'Blue Room', city: 'Boston', zip: '99999' })
    expect(response.status).toBe(201)
    expect(response.body.id).not.toBe(101)
    expect((await request('GET', '/venues/101')).body.zip).toBe('02110')
    expect(venueCount()).toBe(10)
  })

  it('the library call does the same whatever the setting', async () => {
    calendar.state.settings.tec_lossy_writes = true
    const made = await calendar.venues.create({ venue: 'Blue Room', city: 'Cambridge' })
    expect(made.id).not.toBe(101)
    expect((await request('GET', '/venues/101')).body.city).toBe('Boston')
  })
})

describe('update by POST, PUT, PATCH (CONTRACT §3)', () => {
  it.each(['POST', 'PUT', 'PATCH'])(
    '%s /venues/{id} changes the fields sent and turns the map flags on, as on TEC; 200; modified now',
    async (method) => {
      const before = (await request('GET', '/venues/101')).body
      const response = await request(method, '/venues/101', { city: 'Cambridge', phone: '617-555-0000' })
      expect(response.status).toBe(200)
      const after = (await request('GET', '/venues/101')).body
      expect(after.city).toBe('Cambridge')
      expect(after.phone).toBe('617-555-0000')
      expect(after.modified).toBe(NOW_WALL)
      expect(after.modified_utc).toBe(NOW_UTC)
      // TEC's venue update turns the map flags it is not sent on and works `stateprovince` out of what it is sent
      const { stateprovince: _, ...kept } = before
      const unchanged = {
        ...kept,
        city: 'Cambridge',
        phone: '617-555-0000',
        show_map: true,
        show_map_link: true,
        modified: NOW_WALL,
        modified_utc: NOW_UTC,
      }
      expect(after).toEqual({ ...unchanged, json_ld: after.json_ld })
      expect(after.date).toBe('2026-05-01 10:00:00')
      expect(after.zz_note).toBe('kept by hand')
    },
  )

  it.each(['POST', 'PUT', 'PATCH'])('%s /venues/by-slug/{slug} updates that venue', async (method) => {
    const response = await request(method, '/venues/by-slug/quiet-place', { excerpt: 'Hushed' })
    expect(response.status).toBe(200)
    expect(response.body.id).toBe(105)
    expect(response.body.excerpt).toBe('<p>Hushed</p>')
    expect(response.body.description).toBe('<p>A calm room</p>')
  })

  it('an empty body keeps the texts but turns the map flags on, as on TEC', async () => {
    const response = await request('PATCH', '/venues/102', {})
    expect(response.status).toBe(200)
    expect(response.body.venue).toBe('Harbor Hall')
    expect(response.body.show_map).toBe(true)
  })

  it('with settings.tec_lossy_writes false an empty body changes nothing but modified', async () => {
    calendar.state.settings.tec_lossy_writes = false
    const response = await request('PATCH', '/venues/102', {})
    expect(response.body.show_map).toBe(false)
  })

  it('a field set empty is dropped from the response', async () => {
    const response = await request('PATCH', '/venues/101', { phone: '', website: '' })
    expect(response.body).not.toHaveProperty('phone')
    expect(response.body).not.toHaveProperty('website')
    expect(response.body.city).toBe('Boston')
  })

  it('the name is optional on update but may not be empty', async () => {
    expectInvalid(await request('PATCH', '/venues/101', { venue: '' }), 'venue')
    expect((await request('GET', '/venues/101')).body.venue).toBe('Blue Room')
  })

  it('website must be http(s) or empty on update too', async () => {
    expectInvalid(await request('PUT', '/venues/101', { website: 'blueroom.example' }), 'website')
    expect((await request('GET', '/venues/101')).body.website).toBe('https://blueroom.example')
  })

  it('geo coordinates: setting the missing one shows both', async () => {
    const response = await request('PATCH', '/venues/102', { geo_lng: -71.2 })
    expect(response.body.geo_lat).toBe(42.1)
    expect(response.body.geo_lng).toBe(-71.2)
  })

  it('keys beyond the contract cannot be written, and survive an update', async () => {
    const response = await request('PATCH', '/venues/101', { zz_note: 'overwritten', city: 'Quincy' })
    expect(response.body.zz_note).toBe('kept by hand')
    expect(Object.keys(response.body).at(-1)).toBe('zz_note')
  })

  it('unknown ID: 400 rest_invalid_param; unknown slug likewise', async () => {
    expectError(await request('PATCH', '/venues/9999', { city: 'x' }), 400, 'rest_invalid_param')
    expectError(await request('PUT', '/venues/by-slug/nowhere', { city: 'x' }), 400, 'rest_invalid_param')
  })

  it("another kind's ID: 400 rest_invalid_param", async () => {
    expectError(await request('POST', '/venues/301', { city: 'x' }), 400, 'rest_invalid_param')
  })
})

describe('GET /venues/{id} errors (CONTRACT §5)', () => {
  it('unknown ID: 400 rest_invalid_param', async () => {
    expectError(await request('GET', '/venues/9999'), 400, 'rest_invalid_param')
  })

  it('unknown slug: 400 rest_invalid_param', async () => {
    expectError(await request('GET', '/venues/by-slug/no-such-venue'), 400, 'rest_invalid_param')
  })

  it("an event's or an organizer's ID: 400 rest_invalid_param", async () => {
    expectError(await request('GET', '/venues/301'), 400, 'rest_invalid_param')
    expectError(await request('GET', '/venues/201'), 400, 'rest_invalid_param')
  })

  it("a venue's ID on the event and organizer routes: 400 rest-invalid-event-id (6.17) / rest_invalid_param", async () => {
    expectError(await request('GET', '/events/101'), 400, 'rest-invalid-event-id')
    expectError(await request('GET', '/organizers/101'), 400, 'rest_invalid_param')
  })

  it("a venue's ID on the event route under 6.10: 400 rest_invalid_param, as an unknown ID", async () => {
    const data = JSON.parse(fixture('resources-linked.json'))
    data.settings.tec_version = '6.10'
    const { request: old } = await open(data)
    expectError(await old('GET', '/events/101'), 400, 'rest_invalid_param')
    expectError(await old('GET', '/organizers/101'), 400, 'rest_invalid_param')
  })

  it('a trashed venue: 200 with status trash for the administrator, by ID and by slug, as TEC', async () => {
    expect((await request('GET', '/venues/104')).body.status).toBe('trash')
    expect((await request('GET', '/venues/by-slug/gone-venue')).body.status).toBe('trash')
  })

  it('a draft venue is readable by the administrator (open mode)', async () => {
    const response = await request('GET', '/venues/103')
    expect(response.status).toBe(200)
    expect(response.body.status).toBe('draft')
  })

  it('IDs are digits only: anything else matches no route', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      expectError(await request(method, '/venues/abc'), 404, 'rest_no_route')
      expectError(await request(method, '/venues/1.5'), 404, 'rest_no_route')
    }
  })

  it('no route for PUT/PATCH/DELETE on the collection', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) expectError(await request(method, '/venues'), 404, 'rest_no_route')
  })

  it("TEC's prefix serves the same venue", async () => {
    const response = await request('GET', '/wp-json/tribe/events/v1/venues/101')
    expect(response.status).toBe(200)
    expect(response.body.id).toBe(101)
    expectError(await request('GET', '/wp-json/tribe/events/v1/venues/9999'), 400, 'rest_invalid_param')
  })
})

describe('DELETE /venues/{id}: trash, force, restore (CONTRACT §5)', () => {
  it('moves the venue to the trash: 200 with the venue as trashed', async () => {
    const response = await request('DELETE', '/venues/101')
    expect(response.status).toBe(200)
    expect(response.body.id).toBe(101)
    expect(response.body.status).toBe('trash')
    expect(response.body.venue).toBe('Blue Room')
    expect(calendar.state.venues.get(101)?.status).toBe('trash')
  })

  it('then GET shows it trashed with the slug blue-room__trashed, and DELETE again is a 410 venue-is-in-trash', async () => {
    await request('DELETE', '/venues/101')
    const read = await request('GET', '/venues/101')
    expect(read.body.status).toBe('trash')
    expect(read.body.slug).toBe('blue-room__trashed')
    expectError(await request('DELETE', '/venues/101'), 410, 'venue-is-in-trash')
    expectError(await request('DELETE', '/venues/by-slug/blue-room__trashed'), 410, 'venue-is-in-trash')
    expectError(await request('DELETE', '/venues/by-slug/blue-room'), 400, 'rest_invalid_param')
  })

  it('a trashed venue leaves the default list', async () => {
    await request('DELETE', '/venues/101')
    const list = (await request('GET', '/venues?per_page=50')).body.venues.map((v: Json) => v.id)
    expect(list).not.toContain(101)
  })

  it('DELETE by slug trashes too', async () => {
    const response = await request('DELETE', '/venues/by-slug/quiet-place')
    expect(response.status).toBe(200)
    expect(response.body.id).toBe(105)
    expect(response.body.status).toBe('trash')
  })

  it('trashing hides the venue from its events (venue: []) but keeps the link; restoring shows it again', async () => {
    await request('DELETE', '/venues/101')
    expect((await request('GET', '/events/301')).body.venue).toEqual([])
    expect((await request('GET', '/events?include=301')).body.events[0].venue).toEqual([])
    expect(calendar.state.events.get(301)?.venue).toBe(101)
    const restored = await request('PATCH', '/venues/101', { status: 'publish' })
    expect(restored.status).toBe(200)
    expect(restored.body.status).toBe('publish')
    expect((await request('GET', '/venues/101')).status).toBe(200)
    expect((await request('GET', '/events/301')).body.venue.id).toBe(101)
  })

  it('a venue trashed in the file: its events show venue [] until it is restored', async () => {
    expect((await request('GET', '/events/304')).body.venue).toEqual([])
    const restored = await request('POST', '/venues/104', { status: 'draft' })
    expect(restored.status).toBe(200)
    expect(restored.body.status).toBe('draft')
    expect((await request('GET', '/venues/104')).status).toBe(200)
    expect((await request('GET', '/events/304')).body.venue.id).toBe(104)
  })

  it('an update that does not set a status publishes a trashed venue, as on TEC; a library update leaves it trashed', async () => {
    const response = await request('PATCH', '/venues/104', { city: 'Lawrence' })
    expect(response.status).toBe(200)
    expect(response.body.status).toBe('publish')
    await request('DELETE', '/venues/104')
    expect((await calendar.venues.update(104, { city: 'Lowell' })).status).toBe('trash')
    expect((await request('GET', '/venues/104')).body.status).toBe('trash')
  })

  it('force=true over HTTP trashes, as TEC (its endpoint takes no force)', async () => {
    const response = await request('DELETE', '/venues/101?force=true')
    expect(response.status).toBe(200)
    expect(response.body.status).toBe('trash')
    expect(calendar.state.venues.get(101)?.status).toBe('trash')
  })

  it("the library's force removes the venue for good: its last data, then 400 over HTTP", async () => {
    const removed = await calendar.venues.delete(101, { force: true })
    expect(removed.id).toBe(101)
    expect(removed.venue).toBe('Blue Room')
    expect(removed.status).toBe('publish')
    expectError(await request('GET', '/venues/101'), 400, 'rest_invalid_param')
    expect(venueCount()).toBe(8)
  })

  it("the library's force unlinks the venue from its events and the data file stays valid", async () => {
    await calendar.venues.delete(101, { force: true })
    expect(calendar.state.events.get(301)?.venue).toBeNull()
    expect((await request('GET', '/events/301')).body.venue).toEqual([])
    expectValidFile(calendar)
  })

  it("the library's force on a trashed venue removes it and unlinks it", async () => {
    const removed = await calendar.venues.delete(104, { force: true })
    expect(removed.status).toBe('trash')
    expect(calendar.state.venues.get(104)).toBeUndefined()
    expect(calendar.state.events.get(304)?.venue).toBeNull()
    expectValidFile(calendar)
  })

  it('the ID of a venue removed for good is not reused', async () => {
    const first = await request('POST', '/venues', { venue: 'Short-lived Hall' })
    expect(first.body.id).toBe(309)
    await calendar.venues.delete(309, { force: true })
    const second = await request('POST', '/venues', { venue: 'After Removal Hall' })
    expect(second.body.id).toBe(310)
  })

  it('unknown ID: 404; another kind: 400; non-digit ID: no route', async () => {
    expectError(await request('DELETE', '/venues/9999'), 400, 'rest_invalid_param')
    expectError(await request('DELETE', '/venues/by-slug/nothing-here'), 400, 'rest_invalid_param')
    expectError(await request('DELETE', '/venues/201'), 400, 'rest_invalid_param')
    expectError(await request('DELETE', '/venues/x1'), 404, 'rest_no_route')
  })
})

describe('permission and check order (CONTRACT §5, §6)', () => {
  const hash = (token: string) => createHash('sha256').update(token).digest('hex')

  async function guarded() {
    const data = JSON.parse(fixture('resources-linked.json'))
    data.users = [
      { id: 1, name: 'admin', role: 'administrator', token_sha256: hash('admin-secret') },
      { id: 2, name: 'sub', role: 'subscriber', token_sha256: hash('sub-secret') },
    ]
    return (await open(data)).request
  }

  it('anonymous reads only publish venues: a draft or a trashed one is 403 venue-not-accessible', async () => {
    const anonymous = await guarded()
    expect((await anonymous('GET', '/venues/101')).status).toBe(200)
    expectError(await anonymous('GET', '/venues/103'), 403, 'venue-not-accessible')
    expectError(await anonymous('GET', '/venues/by-slug/old-barn'), 403, 'venue-not-accessible')
    expectError(await anonymous('GET', '/venues/104'), 403, 'venue-not-accessible')
    expect((await anonymous('GET', '/venues/103', undefined, { authorization: 'Bearer admin-secret' })).status).toBe(
      200,
    )
  })

  it('anonymous writes are 401 rest_forbidden, subscribers 403', async () => {
    const req = await guarded()
    expectError(await req('POST', '/venues', { venue: 'Nope Hall' }), 401, 'rest_forbidden')
    expectError(await req('PATCH', '/venues/101', { city: 'x' }), 401, 'rest_forbidden')
    expectError(await req('DELETE', '/venues/101'), 401, 'rest_forbidden')
    expectError(
      await req('POST', '/venues', { venue: 'Nope Hall' }, { authorization: 'Bearer sub-secret' }),
      403,
      'rest_forbidden',
    )
    expect((await req('POST', '/venues', { venue: 'Yes Hall' }, { authorization: 'Bearer admin-secret' })).status).toBe(
      201,
    )
  })

  it('parameters are checked before permission, unknown IDs among them (TEC)', async () => {
    const req = await guarded()
    expectError(await req('POST', '/venues', { city: 'Boston' }), 400, 'rest_missing_callback_param')
    expectError(await req('DELETE', '/venues/9999'), 400, 'rest_invalid_param')
    expectError(await req('PATCH', '/venues/9999', { city: 'x' }), 400, 'rest_invalid_param')
    expectError(await req('DELETE', '/venues/101'), 401, 'rest_forbidden')
    expectError(
      await req('DELETE', '/venues/9999', undefined, { authorization: 'Bearer admin-secret' }),
      400,
      'rest_invalid_param',
    )
  })

  it('the same for organizers', async () => {
    const req = await guarded()
    expectError(await req('GET', '/organizers/207'), 403, 'organizer-not-accessible')
    expectError(await req('GET', '/organizers/203'), 403, 'organizer-not-accessible')
    expectError(await req('POST', '/organizers', { organizer: 'Nope' }), 401, 'rest_forbidden')
    expectError(await req('DELETE', '/organizers/9999'), 400, 'rest_invalid_param')
    expectError(await req('POST', '/organizers', {}), 400, 'rest_missing_callback_param')
  })

  it('a wrong token is a 401', async () => {
    const req = await guarded()
    expectError(await req('GET', '/venues', undefined, { authorization: 'Bearer wrong' }), 401, 'rest_forbidden')
  })
})
