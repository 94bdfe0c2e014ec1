/**
 * Organizer routes other than the list: docs/responses.md#organizer (keys, order, dropped empty values, json_ld on
 * single GET only, global_id, extra keys last), docs/writes.md (fields, required name, empty name, website, slugs,
 * partial update, duplicate avoidance) and docs/errors.md (errors, trash, force, restore, links kept but hidden),
 * with fixtures/resources-linked.json and the clock frozen at NOW (2026-07-01 12:00:00 UTC, 08:00 in New York).
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { expectError, expectInvalid, expectValidFile } from '../expect.js'
import { fixture, open } from '../helpers.js'

type Json = Record<string, any>
type Opened = Awaited<ReturnType<typeof open>>

const HOST = { host: '127.0.0.1:3000' }
const ORIGIN = 'http://127.0.0.1:3000'
const NOW_WALL = '2026-07-01 08:00:00'
const NOW_UTC = '2026-07-01 12:00:00'

/** docs/responses.md#organizer, in order. */
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
const withoutJsonLd = ORGANIZER_ORDER.filter((key) => key !== 'json_ld')

let calendar: Opened['calendar']
let request: Opened['request']

beforeEach(async () => {
  ;({ calendar, request } = await open(fixture('resources-linked.json')))
})

const organizerCount = () => calendar.state.organizers.size

describe('organizer shape (CONTRACT §2.3)', () => {
  it('single GET of a full organizer: every key in order with json_ld, then the extra keys', async () => {
    const organizer = (await request('GET', '/organizers/201', undefined, HOST)).body
    expect(Object.keys(organizer)).toEqual([...ORGANIZER_ORDER, 'legacy_ref'])
    expect(organizer).toMatchObject({
      id: 201,
      author: '1',
      status: 'publish',
      date: '2026-05-01 10:00:00',
      date_utc: '2026-05-01 14:00:00',
      modified: '2026-05-02 11:00:00',
      modified_utc: '2026-05-02 15:00:00',
      url: `${ORIGIN}/organizer/jazz-society/`,
      organizer: 'Jazz Society',
      description: '<p>Friends of <i>bebop</i></p>',
      excerpt: '<p>Nonprofit collective</p>',
      slug: 'jazz-society',
      image: { url: 'https://img.example.org/society.png', id: 0, extension: 'png' },
      phone: '555-0201',
      website: 'https://swing.example/org',
      email: 'hi@jazzsociety.example',
      global_id: '127.0.0.1?id=201',
      global_id_lineage: ['127.0.0.1?id=201'],
      legacy_ref: 'A-7',
    })
    expect(organizer).not.toHaveProperty('rest_url')
  })

  it('json_ld is a schema.org Person, on the single GET (by ID and by slug) only', async () => {
    const single = (await request('GET', '/organizers/201')).body
    expect(single.json_ld['@type']).toBe('Person')
    expect(single.json_ld.name).toBe('Jazz Society')
    expect(single.json_ld.email).toBe('hi@jazzsociety.example')
    expect((await request('GET', '/organizers/by-slug/jazz-society')).body).toEqual(single)
    const listed = (await request('GET', '/organizers?search=nonprofit')).body.organizers[0]
    expect(listed.id).toBe(201)
    expect(Object.keys(listed)).toEqual([...withoutJsonLd, 'legacy_ref'])
  })

  it('empty values ("", "0", false, null) are dropped', async () => {
    // 202: phone "0", email "", no website, description, excerpt or image
    const organizer = (await request('GET', '/organizers/202')).body
    expect(Object.keys(organizer)).toEqual([
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
      'json_ld',
      'global_id',
      'global_id_lineage',
    ])
  })

  it('embedded in GET /events/{id}: with json_ld; in lists: without', async () => {
    const single = (await request('GET', '/events/301')).body
    expect(single.organizer.map((o: Json) => o.id)).toEqual([201, 202])
    expect(Object.keys(single.organizer[0])).toEqual([...ORGANIZER_ORDER, 'legacy_ref'])
    const listed = (await request('GET', '/events?include=301')).body.events[0]
    expect(listed.organizer[0]).not.toHaveProperty('json_ld')
  })
})

describe('POST /organizers: create (CONTRACT §3)', () => {
  it('201 with the organizer and a Location header; no json_ld', async () => {
    const response = await request('POST', '/organizers', {
      organizer: 'Swing Collective',
      description: 'Dancers',
      excerpt: 'Swing',
      phone: '555-0300',
      website: 'https://collective.example',
      email: 'not-an-email-but-any-string',
    })
    expect(response.status).toBe(201)
    // TEC sends no Location for a new organizer
    expect(response.headers.get('location')).toBeNull()
    expect(response.body).toMatchObject({
      author: '1',
      status: 'publish',
      date: NOW_WALL,
      date_utc: NOW_UTC,
      modified: NOW_WALL,
      url: 'http://localhost/organizer/swing-collective/',
      organizer: 'Swing Collective',
      slug: 'swing-collective',
      phone: '555-0300',
      website: 'https://collective.example',
      email: 'not-an-email-but-any-string',
    })
    expect(response.body).not.toHaveProperty('json_ld')
    expect(response.body.id).toBe(309)
  })

  it('missing organizer name: 400 rest_missing_callback_param with data.params ["organizer"]', async () => {
    const response = await request('POST', '/organizers', { email: 'x@example.org' })
    expectError(response, 400, 'rest_missing_callback_param')
    expect(response.body.data.params).toEqual(['organizer'])
    expect(organizerCount()).toBe(9)
  })

  it.each(['', '  '])('empty organizer name %j: 400 rest_invalid_param', async (name) => {
    expectInvalid(await request('POST', '/organizers', { organizer: name }), 'organizer')
  })

  it.each(['mailto:hi@example.org', 'example.org', 'ftp://example.org'])(
    'website %j: 400 rest_invalid_param',
    async (website) => {
      expectInvalid(await request('POST', '/organizers', { organizer: 'Web Org', website }), 'website')
      expect(organizerCount()).toBe(9)
    },
  )

  it('website empty or http(s) is accepted', async () => {
    expect((await request('POST', '/organizers', { organizer: 'Web Org A', website: '' })).status).toBe(201)
    expect((await request('POST', '/organizers', { organizer: 'Web Org B', website: 'http://b.example' })).status).toBe(
      201,
    )
  })

  it('slug from the name, unique with -2', async () => {
    const first = await request('POST', '/organizers', { organizer: 'Jazz Society', description: 'Another society' })
    expect(first.body.id).not.toBe(201)
    expect(first.body.slug).toBe('jazz-society-2')
    const accents = await request('POST', '/organizers', { organizer: 'Société Générale' })
    expect(accents.body.slug).toBe('societe-generale')
  })

  it('form-urlencoded bodies are accepted', async () => {
    const response = await request('POST', '/organizers', 'organizer=Form%20Org&phone=555', {
      'content-type': 'application/x-www-form-urlencoded',
    })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({ organizer: 'Form Org', phone: '555' })
  })
})

describe("duplicate avoidance on create, TEC's (the default): the organizer of the same name, overwritten", () => {
  it('the same name (any case) answers that organizer with 201, the fields sent overwriting its own', async () => {
    const response = await request('POST', '/organizers', { organizer: 'JAZZ SOCIETY', phone: '555-9999' })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({
      id: 201,
      organizer: 'Jazz Society',
      phone: '555-9999',
      email: 'hi@jazzsociety.example',
      website: 'https://swing.example/org',
    })
    expect(organizerCount()).toBe(9)
  })

  it('a description that is given and differs makes a new organizer', async () => {
    const response = await request('POST', '/organizers', { organizer: 'Jazz Society', description: 'Another society' })
    expect(response.status).toBe(201)
    expect(response.body.id).not.toBe(201)
    expect(organizerCount()).toBe(10)
  })

  it('a trashed organizer is never found; a draft is, and stays a draft', async () => {
    const trashed = await request('POST', '/organizers', { organizer: 'Gone Org' })
    expect(trashed.body.id).not.toBe(203)
    const draft = await request('POST', '/organizers', { organizer: 'Draft Org', email: 'd@example.org' })
    expect(draft.body).toMatchObject({ id: 207, status: 'draft', email: 'd@example.org' })
    expect(organizerCount()).toBe(10)
  })
})

describe('duplicate avoidance with settings.tec_lossy_writes false: every field sent must match', () => {
  beforeEach(() => {
    calendar.state.settings.tec_lossy_writes = false
  })

  it('an organizer whose sent fields all match (case ignored) is answered with 201, left as it is', async () => {
    const response = await request('POST', '/organizers', {
      organizer: 'JAZZ SOCIETY',
      email: 'HI@jazzsociety.example',
    })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({ id: 201, email: 'hi@jazzsociety.example' })
    expect(organizerCount()).toBe(9)
  })

  it('a field that differs makes a new organizer; the old one keeps its own', async () => {
    const response = await request('POST', '/organizers', { organizer: 'Jazz Society', phone: '555-9999' })
    expect(response.body.id).not.toBe(201)
    expect((await request('GET', '/organizers/201')).body.phone).toBe('555-0201')
    expect(organizerCount()).toBe(10)
  })
})

describe('update by POST, PUT, PATCH (CONTRACT §3)', () => {
  it.each(['POST', 'PUT', 'PATCH'])('%s /organizers/{id} changes only the fields sent', async (method) => {
    const before = (await request('GET', '/organizers/201')).body
    const response = await request(method, '/organizers/201', { phone: '555-1111' })
    expect(response.status).toBe(200)
    const after = (await request('GET', '/organizers/201')).body
    expect(after).toEqual({
      ...before,
      phone: '555-1111',
      modified: NOW_WALL,
      modified_utc: NOW_UTC,
      json_ld: { ...before.json_ld, telephone: '555-1111' },
    })
  })

  it.each(['POST', 'PUT', 'PATCH'])('%s /organizers/by-slug/{slug} updates that organizer', async (method) => {
    const response = await request(method, '/organizers/by-slug/lonely-org', { email: 'lonely@example.org' })
    expect(response.status).toBe(200)
    expect(response.body.id).toBe(206)
    expect(response.body.email).toBe('lonely@example.org')
  })

  it('empty name and bad website are refused on update; nothing changes', async () => {
    expectInvalid(await request('PATCH', '/organizers/201', { organizer: '' }), 'organizer')
    expectInvalid(await request('PATCH', '/organizers/201', { website: 'swing.example' }), 'website')
    const after = (await request('GET', '/organizers/201')).body
    expect(after.organizer).toBe('Jazz Society')
    expect(after.website).toBe('https://swing.example/org')
  })

  it('a renamed organizer keeps its slug; extra keys survive', async () => {
    const response = await request('PATCH', '/organizers/201', { organizer: 'The Jazz Society', legacy_ref: 'B' })
    expect(response.body.slug).toBe('jazz-society')
    expect(response.body.legacy_ref).toBe('A-7')
  })

  it('unknown: 400 rest_invalid_param; another kind: 400 rest_invalid_param', async () => {
    expectError(await request('PATCH', '/organizers/9999', { phone: '1' }), 400, 'rest_invalid_param')
    expectError(await request('PATCH', '/organizers/by-slug/nobody', { phone: '1' }), 400, 'rest_invalid_param')
    expectError(await request('PATCH', '/organizers/101', { phone: '1' }), 400, 'rest_invalid_param')
  })
})

describe('GET /organizers/{id} errors (CONTRACT §5)', () => {
  it('unknown ID or slug: 400 rest_invalid_param', async () => {
    expectError(await request('GET', '/organizers/9999'), 400, 'rest_invalid_param')
    expectError(await request('GET', '/organizers/by-slug/nobody'), 400, 'rest_invalid_param')
  })

  it("an event's or a venue's ID: 400 rest_invalid_param", async () => {
    expectError(await request('GET', '/organizers/301'), 400, 'rest_invalid_param')
    expectError(await request('GET', '/organizers/101'), 400, 'rest_invalid_param')
  })

  it('trashed: 200 with status trash for the administrator, as TEC', async () => {
    expect((await request('GET', '/organizers/203')).body.status).toBe('trash')
    expect((await request('GET', '/organizers/by-slug/gone-org')).body.status).toBe('trash')
  })

  it('IDs are digits only', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      expectError(await request(method, '/organizers/abc'), 404, 'rest_no_route')
    }
  })

  it("TEC's prefix serves the organizer routes", async () => {
    const response = await request('GET', '/wp-json/tribe/events/v1/organizers/by-slug/jazz-society')
    expect(response.status).toBe(200)
    expect(response.body.id).toBe(201)
  })
})

describe('DELETE /organizers/{id}: trash, force, restore (CONTRACT §5)', () => {
  it('trash: 200 with the organizer as trashed; then GET shows it trashed and DELETE is a 410', async () => {
    const response = await request('DELETE', '/organizers/201')
    expect(response.status).toBe(200)
    expect(response.body.status).toBe('trash')
    expect(response.body.organizer).toBe('Jazz Society')
    expect(response.body.slug).toBe('jazz-society__trashed')
    expect((await request('GET', '/organizers/201')).body.status).toBe('trash')
    expectError(await request('DELETE', '/organizers/201'), 410, 'organizer-is-in-trash')
  })

  it("trashing over HTTP empties its events' organizer lists, as on TEC; restoring brings none back", async () => {
    await request('DELETE', '/organizers/201')
    expect((await request('GET', '/events/301')).body.organizer).toEqual([])
    expect(calendar.state.events.get(301)?.organizer).toEqual([])
    await request('PUT', '/organizers/201', { status: 'publish' })
    expect((await request('GET', '/events/301')).body.organizer).toEqual([])
  })

  it('trashing in a library call leaves the organizer out of its events but keeps the link; restoring shows it again in order', async () => {
    await calendar.organizers.delete(201)
    expect((await request('GET', '/events/301')).body.organizer.map((o: Json) => o.id)).toEqual([202])
    expect((await request('GET', '/events?include=301')).body.events[0].organizer.map((o: Json) => o.id)).toEqual([202])
    expect(calendar.state.events.get(301)?.organizer).toEqual([201, 202])
    const restored = await request('PUT', '/organizers/201', { status: 'publish' })
    expect(restored.status).toBe(200)
    expect(restored.body.status).toBe('publish')
    expect((await request('GET', '/events/301')).body.organizer.map((o: Json) => o.id)).toEqual([201, 202])
  })

  it('an organizer trashed in the file is left out (event 304 links 203 and 201)', async () => {
    expect((await request('GET', '/events/304')).body.organizer.map((o: Json) => o.id)).toEqual([201])
    await request('PATCH', '/organizers/203', { status: 'publish' })
    expect((await request('GET', '/events/304')).body.organizer.map((o: Json) => o.id)).toEqual([203, 201])
  })

  it('force=true over HTTP trashes, as TEC', async () => {
    expect((await request('DELETE', '/organizers/201?force=true')).body.status).toBe('trash')
  })

  it("the library's force removes for good, unlinks it from events, and the data file stays valid", async () => {
    const removed = await calendar.organizers.delete(201, { force: true })
    expect(removed.id).toBe(201)
    expect(removed.status).toBe('publish')
    expectError(await request('GET', '/organizers/201'), 400, 'rest_invalid_param')
    expect(calendar.state.events.get(301)?.organizer).toEqual([202])
    expect(calendar.state.events.get(304)?.organizer).toEqual([203])
    expectValidFile(calendar)
  })

  it("the library's force on a trashed organizer", async () => {
    await calendar.organizers.delete({ slug: 'gone-org' }, { force: true })
    expect(calendar.state.organizers.get(203)).toBeUndefined()
    expect(calendar.state.events.get(304)?.organizer).toEqual([201])
    expectValidFile(calendar)
  })

  it('unknown: 404; another kind: 400', async () => {
    expectError(await request('DELETE', '/organizers/9999'), 400, 'rest_invalid_param')
    expectError(await request('DELETE', '/organizers/301'), 400, 'rest_invalid_param')
  })
})
