/**
 * docs/writes.md for events: writable fields, every date input form, time zones, all_day, slugs, cost, booleans,
 * partial updates by POST/PUT/PATCH, inline venues and organizers, terms, validation and ignored fields.
 * The clock is frozen at NOW: 2026-07-01 12:00:00 UTC = 08:00:00 in New York (the site zone of the fixture).
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { fixture, open } from '../helpers.js'

type Json = Record<string, any>
type Opened = Awaited<ReturnType<typeof open>>

let calendar: Opened['calendar']
let request: Opened['request']

beforeEach(async () => {
  ;({ calendar, request } = await open(fixture('events-rich.json')))
})

const FAR_END = '2030-01-01 00:00:00'

/** A title and dates: what a library create needs. */
const BODY = { title: 'New event', start_date: '2026-08-01 10:00:00', end_date: '2026-08-01 11:00:00' }

/** POST /events with a title and dates unless the body gives its own. */
async function create(body: Json) {
  return request('POST', '/events', {
    title: 'New event',
    start_date: '2026-08-01 10:00:00',
    end_date: '2026-08-01 11:00:00',
    ...body,
  })
}

/** Creates an event and expects a 201; returns the body. */
async function created(body: Json): Promise<Json> {
  const response = await create(body)
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return response.body
}

/** The 400 `rest_invalid_param` answer names `field` in `data.params`. */
function expectInvalid(response: { status: number; body: Json }, field: string) {
  expect(response.status).toBe(400)
  expect(response.body.code).toBe('rest_invalid_param')
  expect(response.body.data.status).toBe(400)
  expect(typeof response.body.data.params).toBe('object')
  expect(Array.isArray(response.body.data.params)).toBe(false)
  expect(Object.keys(response.body.data.params)).toContain(field)
  expect(typeof response.body.data.params[field]).toBe('string')
}

function form(fields: string): [string, Record<string, string>] {
  return [fields, { 'content-type': 'application/x-www-form-urlencoded' }]
}

describe('create (CONTRACT §3, §5)', () => {
  it('answers 201 with the record and, as TEC, no Location header', async () => {
    const response = await create({ title: 'Brand new' })
    expect(response.status).toBe(201)
    expect(response.headers.get('location')).toBeNull()
    expect(response.body.rest_url).toBe(`http://localhost/calendar/events/v1/events/${response.body.id}`)
    const read = await request('GET', `/events/${response.body.id}`)
    expect(read.status).toBe(200)
    expect(read.body.title).toBe('Brand new')
  })

  it('the created record has no json_ld: only GET /events/{id} and by-slug carry it', async () => {
    const response = await create({ title: 'No LD' })
    expect(response.status).toBe(201)
    expect(response.body.title).toBe('No LD')
    expect(response.body).not.toHaveProperty('json_ld')
    const withLinks = await create({ title: 'Linked, no LD', venue: 11, organizer: [12] })
    expect(withLinks.status).toBe(201)
    expect(withLinks.body.venue).not.toHaveProperty('json_ld')
    expect(withLinks.body.organizer[0]).not.toHaveProperty('json_ld')
  })

  it('a new ID is 1 + the largest in the post ID space (events, venues, organizers share it)', async () => {
    const event = await created({})
    expect(event.id).toBe(31)
  })

  it('defaults: status publish, author the requesting user (1 in open mode), date/modified now in the site zone', async () => {
    const event = await created({})
    expect(event.status).toBe('publish')
    expect(event.author).toBe('1')
    expect(event.date).toBe('2026-07-01 08:00:00')
    expect(event.date_utc).toBe('2026-07-01 12:00:00')
    expect(event.modified).toBe('2026-07-01 08:00:00')
    expect(event.modified_utc).toBe('2026-07-01 12:00:00')
    expect(event.timezone).toBe('America/New_York')
    expect(event.all_day).toBe(false)
    // TEC stores a new event's map flags off when it is not sent them
    expect(event.show_map).toBe(false)
    expect(event.show_map_link).toBe(false)
    expect(event.featured).toBe(false)
    expect(event.venue).toEqual([])
    expect(event.organizer).toEqual([])
    expect(event.categories).toEqual([])
    expect(event.tags).toEqual([])
  })

  it('missing title, start_date and end_date: 400 rest_missing_callback_param with data.params listing them', async () => {
    const response = await request('POST', '/events', {})
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('rest_missing_callback_param')
    expect(response.body.data.status).toBe(400)
    expect(Array.isArray(response.body.data.params)).toBe(true)
    expect([...response.body.data.params].sort()).toEqual(['end_date', 'start_date', 'title'])
  })

  it('only the missing names are listed', async () => {
    const response = await request('POST', '/events', { title: 'No dates' })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('rest_missing_callback_param')
    expect([...response.body.data.params].sort()).toEqual(['end_date', 'start_date'])
  })

  it('title: "" is a 400 rest_invalid_param naming title, on create and on update (CONTRACT §3)', async () => {
    expectInvalid(await create({ title: '' }), 'title')
    expectInvalid(
      await request('POST', '/events', ...form('title=&start_date=2026-08-01&end_date=2026-08-01')),
      'title',
    )
    for (const method of ['POST', 'PUT', 'PATCH'])
      expectInvalid(await request(method, '/events/10', { title: '' }), 'title')
    expectInvalid(await request('PATCH', '/events/10', ...form('title=')), 'title')
    expect((await request('GET', '/events/10')).body.title).toBe('Jazz night')
    await expect(
      calendar.events.create({ title: '', start_date: '2026-08-01', end_date: '2026-08-01' }),
    ).rejects.toMatchObject({ code: 'rest_invalid_param', data: { params: { title: expect.any(String) } } })
  })

  it('title: only spaces is empty too (WordPress trims a title as it stores it); other titles are shown trimmed (the_title)', async () => {
    expectInvalid(await create({ title: '   ' }), 'title')
    expectInvalid(await request('PATCH', '/events/10', { title: ' \t\n' }), 'title')
    expect((await created({ title: ' Padded ' })).title).toBe('Padded')
  })

  it('text fields are stored as sent and shown through the_title, the_content and the_excerpt', async () => {
    const event = await created({ title: 'Texts', description: '<p>Hello <em>you</em></p>', excerpt: 'Hello' })
    expect(event.title).toBe('Texts')
    expect(event.description).toBe('<p>Hello <em>you</em></p>')
    expect(event.excerpt).toBe('<p>Hello</p>')
  })

  it('status: any of the statuses; drafts are created too', async () => {
    for (const status of ['draft', 'pending', 'private', 'future', 'publish']) {
      const event = await created({ title: `A ${status}`, status })
      expect(event.status).toBe(status)
    }
  })

  it('status: an unknown one is a 400', async () => {
    expectInvalid(await create({ status: 'archived' }), 'status')
  })

  it('author: an existing user ID; an unknown one is a 400', async () => {
    expect((await created({ author: 2 })).author).toBe('2')
    expectInvalid(await create({ author: 99 }), 'author')
  })

  it('date and date_utc set the publication date', async () => {
    const local = await created({ date: '2026-06-15 10:00:00' })
    expect(local.date).toBe('2026-06-15 10:00:00')
    expect(local.date_utc).toBe('2026-06-15 14:00:00')
    const offset = await created({ date: '2026-06-15T14:00:00Z' })
    expect(offset.date).toBe('2026-06-15 10:00:00')
    expect(offset.date_utc).toBe('2026-06-15 14:00:00')
    const utc = await created({ date_utc: '2026-06-15 14:00:00' })
    expect(utc.date).toBe('2026-06-15 10:00:00')
    expect(utc.date_utc).toBe('2026-06-15 14:00:00')
  })

  it('image: an http(s) URL or a media ID; anything else is a 400', async () => {
    expect((await created({ image: 'https://img.example.org/a.gif' })).image).toEqual({
      url: 'https://img.example.org/a.gif',
      id: 0,
      extension: 'gif',
    })
    expect((await created({ image: 5 })).image).toMatchObject({
      url: 'https://img.example.org/poster.png',
      id: 5,
      width: 800,
      height: 600,
    })
    expectInvalid(await create({ image: 'not an image' }), 'image')
    expectInvalid(await create({ image: 10 }), 'image')
  })

  it('fields the caller cannot set are ignored: id, url, rest_url, utc_*, *_details, timezone_abbr, cost_details, global_id', async () => {
    const event = await created({
      id: 999,
      url: 'https://evil.example/x/',
      rest_url: 'https://evil.example/y',
      utc_start_date: '2000-01-01 00:00:00',
      utc_end_date: '2000-01-01 01:00:00',
      start_date_details: { year: '1999' },
      utc_start_date_details: { year: '1999' },
      timezone_abbr: 'XYZ',
      cost: '$5',
      cost_details: { currency_symbol: '£', currency_code: 'GBP', currency_position: 'postfix', values: ['1'] },
      global_id: 'evil?id=1',
      global_id_lineage: ['evil?id=1'],
    })
    expect(event.id).not.toBe(999)
    expect(event.url).toBe('http://localhost/event/new-event/')
    expect(event.rest_url).toBe(`http://localhost/calendar/events/v1/events/${event.id}`)
    expect(event.utc_start_date).toBe('2026-08-01 14:00:00')
    expect(event.utc_end_date).toBe('2026-08-01 15:00:00')
    expect(event.start_date_details.year).toBe('2026')
    expect(event.timezone_abbr).toBe('EDT')
    expect(event.cost_details).toMatchObject({ currency_symbol: '$', currency_position: 'prefix', values: ['5'] })
    expect(event.global_id).toBe(`localhost?id=${event.id}`)
    expect((await request('GET', '/events/999')).status).toBe(404)
  })

  it('unknown body fields are ignored (content, start_time, category=)', async () => {
    const event = await created({ content: 'ignored', start_time: '10:00', category: '', is_virtual: true })
    expect(event).not.toHaveProperty('content')
    expect(event).not.toHaveProperty('start_time')
    expect(event).not.toHaveProperty('is_virtual')
  })

  it('malformed JSON is a 400 rest_invalid_json', async () => {
    const response = await request('POST', '/events', '{"title": "x",', { 'content-type': 'application/json' })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('rest_invalid_json')
    expect(response.body.data.status).toBe(400)
  })

  it('form bodies with PHP brackets: organizer[]=…, venue[venue]=…', async () => {
    const response = await request(
      'POST',
      '/events',
      ...form(
        'title=Form%20event&start_date=2026-08-01%2010:00&end_date=2026-08-01%2011:00' +
          '&organizer[]=12&organizer[]=18&venue[venue]=Blue%20Room&featured=1&categories=jazz,sports&cost=20%24',
      ),
    )
    expect(response.status).toBe(201)
    const event = response.body
    expect(event.title).toBe('Form event')
    expect(event.start_date).toBe('2026-08-01 10:00:00')
    expect(event.organizer.map((o: Json) => o.id)).toEqual([12, 18])
    expect(event.venue.id).toBe(11)
    expect(event.featured).toBe(true)
    expect(event.categories.map((c: Json) => c.id)).toEqual([4, 6])
    expect(event.cost).toBe('20$')
  })

  it('the contract example: organizer[]=12&venue[venue]=Blue%20Room', async () => {
    const response = await request(
      'POST',
      '/events',
      ...form('organizer[]=12&venue[venue]=Blue%20Room&title=T&start_date=2026-08-01&end_date=2026-08-02'),
    )
    expect(response.status).toBe(201)
    expect(response.body.organizer.map((o: Json) => o.id)).toEqual([12])
    expect(response.body.venue.id).toBe(11)
  })

  it('a refused create stores nothing (no half-created venue, organizer or term)', async () => {
    const before = {
      events: calendar.state.events.size,
      venues: calendar.state.venues.size,
      organizers: calendar.state.organizers.size,
      categories: calendar.state.categories.size,
    }
    const response = await create({
      venue: { venue: 'Never Hall' },
      organizer: [{ organizer: 'Never Org' }],
      categories: ['Never cat'],
      website: 'not a url',
    })
    expectInvalid(response, 'website')
    expect(calendar.state.events.size).toBe(before.events)
    expect(calendar.state.venues.size).toBe(before.venues)
    expect(calendar.state.organizers.size).toBe(before.organizers)
    expect(calendar.state.categories.size).toBe(before.categories)
  })
})

describe('date input forms (CONTRACT §3), event in the site zone America/New_York, now 08:00 EDT', () => {
  const TS = Date.UTC(2026, 7, 1, 14, 30, 0) / 1000 // 2026-08-01 10:30:00 EDT

  it.each([
    ['2026-08-01', '2026-08-01 00:00:00'],
    ['2026-08-01 10:30', '2026-08-01 10:30:00'],
    ['2026-08-01 10:30:15', '2026-08-01 10:30:15'],
    ['2026-08-01T14:30:00Z', '2026-08-01 10:30:00'],
    ['2026-08-01T14:30:00.000Z', '2026-08-01 10:30:00'],
    ['2026-08-01T10:30:00+02:00', '2026-08-01 04:30:00'],
    ['2026-08-01T10:30:00-07:00', '2026-08-01 13:30:00'],
    ['2026-08-01T10:30:00+05:30', '2026-08-01 01:00:00'],
    [TS, '2026-08-01 10:30:00'],
    [String(TS), '2026-08-01 10:30:00'],
    ['now', '2026-07-01 08:00:00'],
    ['today', '2026-07-01 00:00:00'],
    ['today 14:30', '2026-07-01 14:30:00'],
    ['tomorrow', '2026-07-02 00:00:00'],
    ['tomorrow 9am', '2026-07-02 09:00:00'],
    ['tomorrow 9pm', '2026-07-02 21:00:00'],
    ['yesterday', '2026-06-30 00:00:00'],
    ['yesterday 18:00', '2026-06-30 18:00:00'],
    ['+1 week', '2026-07-08 08:00:00'],
    ['+2 weeks', '2026-07-15 08:00:00'],
    ['+3 days', '2026-07-04 08:00:00'],
    ['+1 day', '2026-07-02 08:00:00'],
    ['+1 hour', '2026-07-01 09:00:00'],
    ['+90 minutes', '2026-07-01 09:30:00'],
    ['+1 minute', '2026-07-01 08:01:00'],
    ['+1 month', '2026-08-01 08:00:00'],
    ['+1 year', '2027-07-01 08:00:00'],
    ['+2 years', '2028-07-01 08:00:00'],
    ['-1 day', '2026-06-30 08:00:00'],
    ['-2 hours', '2026-07-01 06:00:00'],
    // strtotime's weekdays, as TEC reads them (1 July 2026 is a Wednesday)
    ['next tuesday', '2026-07-07 00:00:00'],
    ['wednesday', '2026-07-01 00:00:00'],
    ['next wednesday', '2026-07-08 00:00:00'],
    ['last friday', '2026-06-26 00:00:00'],
  ] as Array<[string | number, string]>)('start_date %j → %s', async (input, wall) => {
    const event = await created({ start_date: input, end_date: FAR_END })
    expect(event.start_date).toBe(wall)
  })

  it.each([
    '2026-02-30',
    '2026-13-01',
    '2026/08/01',
    'soon',
    'tomorrow at noonish',
    '+1 fortnight',
    '2026-08-01 25:00',
  ])('start_date %j is a 400 rest_invalid_param', async (input) => {
    expectInvalid(await create({ start_date: input, end_date: FAR_END }), 'start_date')
  })

  it('a bad end_date is a 400 naming end_date', async () => {
    expectInvalid(await create({ end_date: 'whenever' }), 'end_date')
  })

  it('end_date before start_date is taken as TEC takes it: the event ends at its start', async () => {
    const event = await created({ start_date: '2026-08-01 10:00:00', end_date: '2026-08-01 09:59:59' })
    expect(event.end_date).toBe('2026-08-01 10:00:00')
  })

  it('end_date before start_date is a 400 in a library call (calfile differs from TEC)', async () => {
    const body = { title: 'Backwards', start_date: '2026-08-01 10:00:00', end_date: '2026-08-01 09:59:59' }
    await expect(calendar.events.create(body)).rejects.toMatchObject({ code: 'rest_invalid_param', status: 400 })
  })

  it('end_date equal to start_date is accepted', async () => {
    const event = await created({ start_date: '2026-08-01 10:00:00', end_date: '2026-08-01 10:00:00' })
    expect(event.end_date).toBe('2026-08-01 10:00:00')
  })

  it('end before start across relative inputs: start tomorrow, end today ends at the start', async () => {
    const event = await created({ start_date: 'tomorrow 9am', end_date: 'today 10:00' })
    expect(event.end_date).toBe('2026-07-02 09:00:00')
  })
})

describe('date input in the event time zone (CONTRACT §3)', () => {
  it('words are read in the event zone: tomorrow 9am in Pacific/Kiritimati (already 2 July there) is 3 July', async () => {
    const event = await created({ timezone: 'Pacific/Kiritimati', start_date: 'tomorrow 9am', end_date: FAR_END })
    expect(event.start_date).toBe('2026-07-03 09:00:00')
    expect(event.utc_start_date).toBe('2026-07-02 19:00:00')
  })

  it('now in Asia/Kolkata is 17:30 local, 12:00 UTC', async () => {
    const event = await created({ timezone: 'Asia/Kolkata', start_date: 'now', end_date: FAR_END })
    expect(event.start_date).toBe('2026-07-01 17:30:00')
    expect(event.utc_start_date).toBe('2026-07-01 12:00:00')
    expect(event.timezone_abbr).toBe('IST')
  })

  it('an ISO instant with Z is converted to the event zone', async () => {
    const event = await created({
      timezone: 'Asia/Kolkata',
      start_date: '2026-08-01T10:00:00Z',
      end_date: '2026-08-01T11:00:00Z',
    })
    expect(event.start_date).toBe('2026-08-01 15:30:00')
    expect(event.end_date).toBe('2026-08-01 16:30:00')
    expect(event.utc_start_date).toBe('2026-08-01 10:00:00')
  })

  it('a value without offset is a wall time of the event zone', async () => {
    const event = await created({
      timezone: 'Europe/London',
      start_date: '2026-08-01 10:00',
      end_date: '2026-08-01 11:00',
    })
    expect(event.start_date).toBe('2026-08-01 10:00:00')
    expect(event.utc_start_date).toBe('2026-08-01 09:00:00')
    expect(event.timezone_abbr).toBe('BST')
  })

  it('a Unix timestamp is the same instant in any zone', async () => {
    const ts = Date.UTC(2026, 7, 1, 10, 0, 0) / 1000
    const event = await created({ timezone: 'Asia/Tokyo', start_date: ts, end_date: ts + 3600 })
    expect(event.start_date).toBe('2026-08-01 19:00:00')
    expect(event.utc_start_date).toBe('2026-08-01 10:00:00')
    expect(event.utc_end_date).toBe('2026-08-01 11:00:00')
  })

  it("on update, new dates are read in the zone sent (TEC's update takes the site zone when none is)", async () => {
    const response = await request('PATCH', '/events/23', {
      start_date: '2026-07-06T00:00:00Z',
      end_date: '2026-07-06T02:00:00Z',
      timezone: 'Asia/Kolkata',
    })
    expect(response.status).toBe(200)
    expect(response.body.start_date).toBe('2026-07-06 05:30:00')
    expect(response.body.end_date).toBe('2026-07-06 07:30:00')
    expect(response.body.timezone).toBe('Asia/Kolkata')
  })
})

describe('timezone (CONTRACT §3)', () => {
  it.each([
    ['UTC', 'UTC', '2026-08-01 10:00:00'],
    ['UTC+0', 'UTC+0', '2026-08-01 10:00:00'],
    ['UTC-5', 'UTC-5', '2026-08-01 15:00:00'],
    ['UTC+5:30', 'UTC+5:30', '2026-08-01 04:30:00'],
    ['Asia/Tokyo', 'Asia/Tokyo', '2026-08-01 01:00:00'],
  ])('%s is accepted and stored', async (zone, stored, utcStart) => {
    const event = await created({ timezone: zone, start_date: '2026-08-01 10:00:00', end_date: '2026-08-01 11:00:00' })
    expect(event.timezone).toBe(stored)
    expect(event.utc_start_date).toBe(utcStart)
  })

  it.each(['Mars/Olympus', 'EST5EDTX', 'UTC+15', '+05:30', 'GMT+5:30'])('%s is a 400', async (zone) => {
    expectInvalid(await create({ timezone: zone }), 'timezone')
  })

  it('the default is settings.timezone, which defaults to UTC', async () => {
    const { request: bare } = await open({})
    const response = await bare('POST', '/events', {
      title: 'Zone-less',
      start_date: '2026-08-01 10:00',
      end_date: '2026-08-01 11:00',
    })
    expect(response.status).toBe(201)
    expect(response.body.timezone).toBe('UTC')
    expect(response.body.utc_start_date).toBe('2026-08-01 10:00:00')
    expect(response.body.date).toBe('2026-07-01 12:00:00')
  })
})

describe('an end before the start, over HTTP', () => {
  const backwards = { start_date: '2026-08-10 12:00:00', end_date: '2026-08-10 10:00:00' }

  it("ends at its start, and keeps TEC's UTC end, from the end as sent, until its dates are written", async () => {
    const event = await created(backwards)
    expect(event).toMatchObject({
      end_date: '2026-08-10 12:00:00',
      utc_start_date: '2026-08-10 16:00:00',
      utc_end_date: '2026-08-10 14:00:00',
    })
    expect(calendar.state.events.get(event.id)?.utc_end_date).toBe('2026-08-10 14:00:00')
    // An update that sends no date keeps it, as TEC's does.
    expect((await request('POST', `/events/${event.id}`, { title: 'Renamed' })).body.utc_end_date).toBe(
      '2026-08-10 14:00:00',
    )
    // An update sent an end before the start does the same; one sent dates in order drops it.
    const again = { start_date: '2026-08-11 12:00:00', end_date: '2026-08-11 09:00:00' }
    const updated = await request('POST', `/events/${event.id}`, again)
    expect(updated.body).toMatchObject({ end_date: '2026-08-11 12:00:00', utc_end_date: '2026-08-11 13:00:00' })
    const ordered = { start_date: '2026-08-11 12:00:00', end_date: '2026-08-11 13:00:00' }
    expect((await request('POST', `/events/${event.id}`, ordered)).body.utc_end_date).toBe('2026-08-11 17:00:00')
    expect(calendar.state.events.get(event.id)).not.toHaveProperty('utc_end_date')
    // In the event's own zone: the end as sent, in UTC.
    const paris = await created({
      start_date: '2026-12-10 12:00:00',
      end_date: '2026-12-09 23:00:00',
      timezone: 'Europe/Paris',
    })
    expect(paris.utc_end_date).toBe('2026-12-09 22:00:00')
  })

  it('with settings.tec_lossy_writes false, the UTC end is the end it stores', async () => {
    calendar.state.settings.tec_lossy_writes = false
    const event = await created(backwards)
    expect(event).toMatchObject({ end_date: '2026-08-10 12:00:00', utc_end_date: '2026-08-10 16:00:00' })
    expect(calendar.state.events.get(event.id)).not.toHaveProperty('utc_end_date')
  })
})

describe('all_day (CONTRACT §3)', () => {
  it('moves start to 00:00:00 and end to 23:59:59 of their days', async () => {
    const event = await created({ all_day: true, start_date: '2026-08-01 10:00', end_date: '2026-08-02 12:00' })
    expect(event.all_day).toBe(true)
    expect(event.start_date).toBe('2026-08-01 00:00:00')
    expect(event.end_date).toBe('2026-08-02 23:59:59')
    expect(event.utc_start_date).toBe('2026-08-01 04:00:00')
    expect(event.utc_end_date).toBe('2026-08-03 03:59:59')
  })

  it('a new start on an all-day event is moved to 00:00:00 too', async () => {
    const event = await created({ all_day: true, start_date: '2026-08-01 10:00', end_date: '2026-08-01 12:00' })
    const response = await request('PATCH', `/events/${event.id}`, {
      all_day: true,
      start_date: '2026-07-31 15:00',
      end_date: '2026-08-02 08:00',
    })
    expect(response.status).toBe(200)
    expect(response.body.all_day).toBe(true)
    expect(response.body.start_date).toBe('2026-07-31 00:00:00')
    expect(response.body.end_date).toBe('2026-08-02 23:59:59')
  })

  it('an update that sets all_day moves the stored dates', async () => {
    const response = await request('PATCH', '/events/21', { all_day: 'true' })
    expect(response.status).toBe(200)
    expect(response.body.all_day).toBe(true)
    expect(response.body.start_date).toBe('2026-07-05 00:00:00')
    expect(response.body.end_date).toBe('2026-07-05 23:59:59')
  })
})

describe('slugs (CONTRACT §3)', () => {
  it('from the title: lower case, accents folded, runs of other characters become "-"', async () => {
    expect((await created({ title: 'Café & Crème Night' })).slug).toBe('cafe-creme-night')
    expect((await created({ title: 'Rock  &  Roll!!! 2026' })).slug).toBe('rock-roll-2026')
    expect((await created({ title: 'Crème brûlée, naïve façade' })).slug).toBe('creme-brulee-naive-facade')
  })

  it('umlauts are accents too: "Zürich Über Fest" → "zurich-uber-fest"', async () => {
    expect((await created({ title: 'Zürich Über Fest' })).slug).toBe('zurich-uber-fest')
  })

  it('made unique within events by appending -2, -3, …', async () => {
    expect((await created({ title: 'Jazz night' })).slug).toBe('jazz-night-2')
    expect((await created({ title: 'Jazz Night' })).slug).toBe('jazz-night-3')
    expect((await created({ title: 'Bare' })).slug).toBe('bare-2')
  })

  it('the first free suffix is taken again once freed, by a delete or by a slug changed away (issue 11 keeps hints)', async () => {
    const ids = []
    for (const expected of ['jazz-night-2', 'jazz-night-3', 'jazz-night-4']) {
      const event = await created({ title: 'Jazz night' })
      expect(event.slug).toBe(expected)
      ids.push(event.id)
    }
    await request('DELETE', `/events/${ids[0]}?force=true`)
    expect((await created({ title: 'Jazz night' })).slug).toBe('jazz-night-2')
    await request('PATCH', `/events/${ids[1]}`, { slug: 'elsewhere' })
    expect((await created({ title: 'Jazz night' })).slug).toBe('jazz-night-3')
    expect((await created({ title: 'Jazz night' })).slug).toBe('jazz-night-5')
  })

  it('an explicit slug is kept when free, made unique when taken', async () => {
    expect((await created({ slug: 'my-own-slug' })).slug).toBe('my-own-slug')
    expect((await created({ title: 'Other', slug: 'jazz-night' })).slug).toBe('jazz-night-2')
  })

  it('unique within the kind only: an event may take a venue slug', async () => {
    expect((await created({ title: 'Blue Room' })).slug).toBe('blue-room')
  })

  it('a draft has no slug until published, as on TEC (wp_insert_post); one given is kept, unique', async () => {
    const draft = await created({ title: 'Secret plan', status: 'draft' })
    expect(draft).toMatchObject({ slug: '', url: `http://localhost/?post_type=tribe_events&p=${draft.id}` })
    expect((await created({ title: 'Other plan', status: 'pending' })).slug).toBe('')
    expect((await created({ title: 'Named', status: 'draft', slug: 'secret-plan' })).slug).toBe('secret-plan')
    expect((await created({ title: 'Named', status: 'draft', slug: 'secret-plan' })).slug).toBe('secret-plan-2')
    expect((await request('GET', '/events/by-slug/secret-plan-2')).status).toBe(200)
    const published = await request('PATCH', `/events/${draft.id}`, { status: 'publish' })
    expect(published.body).toMatchObject({ slug: 'secret-plan-3', url: 'http://localhost/event/secret-plan-3/' })
  })

  it('a draft stays undated until published, and its trashed slug is unique, as on TEC (wp_update_post)', async () => {
    // under 6.10, where TEC still shows a trashed event (and its json_ld) to its administrator
    const data = JSON.parse(fixture('events-rich.json'))
    data.settings.tec_version = '6.10'
    ;({ calendar, request } = await open(data))
    const draft = await created({ title: 'Undated', status: 'draft', sticky: false })
    expect(draft).toMatchObject({ date_utc: '0000-00-00 00:00:00', modified_utc: '0000-00-00 00:00:00' })
    const saved = (await request('PATCH', `/events/${draft.id}`, { status: 'draft' })).body
    expect(saved).toMatchObject({ date_utc: '0000-00-00 00:00:00', modified_utc: '2026-07-01 12:00:00' })
    expect((await created({ title: 'Sticky', status: 'draft', sticky: true })).modified_utc).toBe('2026-07-01 12:00:00')
    const first = (await request('DELETE', `/events/${draft.id}`)).body
    expect(first).toMatchObject({ slug: '__trashed', date_utc: '2026-07-01 12:00:00' })
    const other = await created({ title: 'Other', status: 'pending' })
    expect((await request('DELETE', `/events/${other.id}`)).body.slug).toBe('__trashed-2')
    const single = (await request('GET', `/events/${other.id}`)).body
    expect(single.json_ld.url).toBe(`http://localhost/?post_type=tribe_events&p=${other.id}%2F/`)
  })

  it('an update keeps the slug when the title changes, and may set a new one', async () => {
    const renamed = await request('PATCH', '/events/21', { title: 'Renamed bare' })
    expect(renamed.body.slug).toBe('bare')
    const reslugged = await request('PATCH', '/events/21', { slug: 'jazz-night' })
    expect(reslugged.body.slug).toBe('jazz-night-2')
    const own = await request('PATCH', '/events/10', { slug: 'jazz-night' })
    expect(own.body.slug).toBe('jazz-night')
  })
})

describe('cost (CONTRACT §2.1, §3)', () => {
  it('"20$": symbol $, postfix', async () => {
    const event = await created({ cost: '20$' })
    expect(event.cost).toBe('20$')
    expect(event.cost_details).toMatchObject({ currency_symbol: '$', currency_position: 'postfix', values: ['20'] })
  })

  it('"$23": symbol $, prefix', async () => {
    const event = await created({ cost: '$23' })
    expect(event.cost).toBe('$23')
    expect(event.cost_details).toMatchObject({ currency_symbol: '$', currency_position: 'prefix', values: ['23'] })
  })

  it('["0$","20$","30$"] → "Free – 30$" with an en dash', async () => {
    const event = await created({ cost: ['0$', '20$', '30$'] })
    expect(event.cost).toBe('Free – 30$')
    expect(event.cost).toContain('\u2013')
    expect(event.cost_details).toMatchObject({
      currency_symbol: '$',
      currency_position: 'postfix',
      values: ['0', '20', '30'],
    })
  })

  it('values are sorted numerically, not as text', async () => {
    const event = await created({ cost: ['100$', '5$', '20$'] })
    expect(event.cost_details.values).toEqual(['5', '20', '100'])
    expect(event.cost).toBe('5$ – 100$')
  })

  it('a range typed as text: "$10 - $20" → "$10 – $20"', async () => {
    const event = await created({ cost: '$10 - $20' })
    expect(event.cost).toBe('$10 – $20')
    // Two numbers in one text: TEC 6.10 finds no one symbol around them, and shows the site's `$`.
    expect(event.cost_details).toMatchObject({
      currency_symbol: '',
      currency_position: '',
      values: ['10', '20'],
    })
  })

  it('a lone 0 is no cost, as TEC 6.10 drops it (as a number and as a string); 0 in a list is "Free"', async () => {
    const number = await created({ cost: 0 })
    expect(number.cost).toBe('')
    expect(number.cost_details.values).toEqual([])
    expect((await created({ cost: '0' })).cost).toBe('')
    const listed = await created({ cost: ['0'] })
    expect(listed.cost).toBe('Free')
    expect(listed.cost_details.values).toEqual(['0'])
  })

  it('"" is no cost', async () => {
    const event = await created({ cost: '' })
    expect(event.cost).toBe('')
    expect(event.cost_details.values).toEqual([])
  })

  it('a euro prefix', async () => {
    const event = await created({ cost: '€15' })
    expect(event.cost).toBe('€15')
    expect(event.cost_details).toMatchObject({ currency_symbol: '€', currency_position: 'prefix', values: ['15'] })
  })
})

describe('booleans in every accepted form (CONTRACT §3)', () => {
  it.each([
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    ['true', true],
    ['false', false],
    ['TRUE', true],
    ['1', true],
    ['0', false],
  ] as Array<[unknown, boolean]>)('featured %j → %s', async (input, expected) => {
    const event = await created({ featured: input })
    expect(event.featured).toBe(expected)
  })

  it.each([
    ['yes', true],
    ['no', false],
    ['on', true],
    ['off', false],
  ] as Array<[string, boolean]>)(
    'featured %j: 400 over HTTP as on TEC, %s in a library call',
    async (input, expected) => {
      const refused = await create({ featured: input })
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): featured',
        data: {
          params: { featured: 'featured is not of type boolean.' },
          details: { featured: { code: 'rest_invalid_type', data: { param: 'featured' } } },
        },
      })
      const event = await calendar.events.create({ ...BODY, featured: input })
      expect(event.featured).toBe(expected)
    },
  )

  it('every flag is writable', async () => {
    const event = await created({
      show_map: '0',
      show_map_link: 'false',
      hide_from_listings: 'true',
      sticky: 1,
      featured: true,
      all_day: 'false',
    })
    expect(event).toMatchObject({
      show_map: false,
      show_map_link: false,
      hide_from_listings: true,
      sticky: true,
      featured: true,
      all_day: false,
    })
  })

  it('form bodies: featured=true&sticky=1&show_map=0', async () => {
    const response = await request(
      'POST',
      '/events',
      ...form('title=F&start_date=2026-08-01&end_date=2026-08-02&featured=true&sticky=1&show_map=0'),
    )
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({ featured: true, sticky: true, show_map: false })
  })

  it.each(['maybe', 'Y', 2, '2'])('featured %j is a 400', async (input) => {
    expectInvalid(await create({ featured: input }), 'featured')
  })

  it('ticketed is accepted (not shown, but filterable)', async () => {
    const event = await created({ ticketed: 'yes' })
    const list = await request('GET', `/events?ticketed=true&include=${event.id}`)
    expect(list.body.events.map((e: Json) => e.id)).toEqual([event.id])
  })
})

describe('website (CONTRACT §3)', () => {
  it('an absolute http(s) URL is stored', async () => {
    expect((await created({ website: 'https://ok.example/path' })).website).toBe('https://ok.example/path')
    expect((await created({ website: 'http://plain.example' })).website).toBe('http://plain.example')
  })

  it('never set: the event url is shown instead', async () => {
    const event = await created({ title: 'No site' })
    expect(event.website).toBe('http://localhost/event/no-site/')
    expect(event.website).toBe(event.url)
  })

  it('set empty: none on create (the event url is shown), shown empty once an update stores it, as on TEC', async () => {
    const event = await created({ title: 'Empty site', website: '' })
    expect(event.website).toBe(event.url)
    const cleared = await request('PATCH', '/events/10', { website: '' })
    expect(cleared.status).toBe(200)
    expect(cleared.body.website).toBe('')
  })

  it.each(['ftp://files.example/x', 'example.org', '/relative/path', 'javascript:alert(1)', 'mailto:a@b.c'])(
    '%s is a 400',
    async (website) => {
      expectInvalid(await create({ website }), 'website')
    },
  )
})

describe("updates as TEC's (the default): what an update is not sent is cleared", () => {
  it('a title alone: flags off, cost, website and organizers empty, site zone, publish; texts, dates and links kept', async () => {
    const before = (await request('GET', '/events/10')).body
    await request('PATCH', '/events/10', { status: 'draft' })
    const response = await request('POST', '/events/10', { title: 'Jazz night live' })
    expect(response.status).toBe(200)
    const after = response.body
    expect(after).toMatchObject({
      title: 'Jazz night live',
      status: 'publish',
      cost: '',
      website: '',
      all_day: false,
      show_map: false,
      show_map_link: false,
      hide_from_listings: false,
      sticky: false,
      featured: false,
      organizer: [],
      timezone: 'America/New_York',
    })
    for (const key of ['description', 'excerpt', 'slug', 'author', 'start_date', 'end_date'])
      expect(after[key], key).toEqual(before[key])
    // The update made it an undated draft, which publishing dates now (wp_update_post()).
    expect(after.date).toBe('2026-07-01 08:00:00')
    expect(after.venue.id).toBe(before.venue.id)
    expect(after.categories).toEqual(before.categories)
    expect(after.tags.map((t: Json) => t.id)).toEqual(before.tags.map((t: Json) => t.id))
  })

  it('PUT and PATCH clear alike', async () => {
    for (const method of ['PUT', 'PATCH']) {
      await request('POST', '/events/10', { title: 'Jazz night', featured: true, cost: '$5' })
      const response = await request(method, '/events/10', { excerpt: method })
      expect(response.body).toMatchObject({ excerpt: `<p>${method}</p>`, featured: false, cost: '' })
    }
  })

  it('one date alone is checked, then both dates are kept; both move together', async () => {
    const before = (await request('GET', '/events/10')).body
    for (const [method, body] of [
      ['PATCH', { end_date: '2026-07-05 01:00:00' }],
      ['PUT', { start_date: '2026-07-04 21:00:00' }],
      ['POST', { start_date: '2026-07-09 10:00:00' }],
      ['PATCH', { end_date: '2026-07-01 09:00:00', all_day: false }],
    ] as const) {
      const response = await request(method, '/events/10', body)
      expect(response.status, JSON.stringify(body)).toBe(200)
      for (const key of ['start_date', 'end_date', 'utc_start_date', 'utc_end_date'])
        expect(response.body[key], `${key} after ${JSON.stringify(body)}`).toBe(before[key])
    }
    expectInvalid(await request('PATCH', '/events/10', { end_date: 'bogus' }), 'end_date')
    const both = await request('PATCH', '/events/10', {
      start_date: '2026-07-04 21:00:00',
      end_date: '2026-07-05 01:00:00',
    })
    expect(both.body).toMatchObject({ start_date: '2026-07-04 21:00:00', end_date: '2026-07-05 01:00:00' })
    // The library's own update moves the one date it is given.
    expect(await calendar.events.update(10, { end_date: '2026-07-05 02:00:00' })).toMatchObject({
      start_date: '2026-07-04 21:00:00',
      end_date: '2026-07-05 02:00:00',
    })
  })

  it('a library update changes only the fields given', async () => {
    const updated = await calendar.events.update(10, { title: 'Library' })
    expect(updated).toMatchObject({ title: 'Library', featured: true, sticky: true })
    expect((updated.organizer as Json[]).map((o) => o.id)).toEqual([18, 12])
  })

  it('an existing tag named by name or slug becomes the tag named after its ID, as on TEC', async () => {
    const tag = (await request('GET', '/tags/7')).body
    const event = await created({ tags: [tag.name, tag.slug] })
    expect(event.tags.map((t: Json) => t.name)).toEqual(['7'])
    const again = await created({ tags: [tag.name] })
    expect(again.tags.map((t: Json) => t.id)).toEqual(event.tags.map((t: Json) => t.id))
    const byId = await created({ tags: [7] })
    expect(byId.tags.map((t: Json) => t.id)).toEqual([7])
  })

  it('unknown category and tag IDs are left out, as on TEC; a library call refuses them', async () => {
    const event = await created({ categories: [4, 999999], tags: [888888] })
    expect(event.categories.map((c: Json) => c.id)).toEqual([4])
    expect(event.tags).toEqual([])
    await expect(calendar.events.create({ ...BODY, categories: [999999] })).rejects.toMatchObject({ status: 400 })
  })

  it('trashing an organizer empties the organizer list of its events, as on TEC', async () => {
    expect((await request('DELETE', '/organizers/18')).status).toBe(200)
    expect((await request('GET', '/events/10')).body.organizer).toEqual([])
    await request('POST', '/organizers/18', { status: 'publish' })
    expect((await request('GET', '/events/10')).body.organizer).toEqual([])
  })
})

describe('partial updates with settings.tec_lossy_writes false: POST, PUT and PATCH change only the fields sent', () => {
  beforeEach(async () => {
    const data = JSON.parse(fixture('events-rich.json'))
    ;({ calendar, request } = await open({ ...data, settings: { ...data.settings, tec_lossy_writes: false } }))
  })

  /** Every key but those expected to change, compared before and after. */
  async function expectOnlyChanged(method: string, body: Json, changed: string[]) {
    const before = (await request('GET', '/events/10')).body
    const response = await request(method, '/events/10', body)
    expect(response.status).toBe(200)
    const after = (await request('GET', '/events/10')).body
    const moving = new Set([...changed, 'modified', 'modified_utc', 'json_ld'])
    for (const key of Object.keys(before)) if (!moving.has(key)) expect(after[key], key).toEqual(before[key])
    expect(Object.keys(after)).toEqual(Object.keys(before))
    expect(after.modified).toBe('2026-07-01 08:00:00')
    expect(after.modified_utc).toBe('2026-07-01 12:00:00')
    expect(before.modified).toBe('2026-06-02 10:30:00')
    return { response, after }
  }

  it('POST with a title', async () => {
    const { response, after } = await expectOnlyChanged('POST', { title: 'Jazz night live' }, ['title'])
    expect(after.title).toBe('Jazz night live')
    expect(after.slug).toBe('jazz-night')
    expect(after.featured).toBe(true)
    expect(after.sticky).toBe(true)
    expect(after.show_map).toBe(false)
    expect(response.body.title).toBe('Jazz night live')
  })

  it('PUT with a description', async () => {
    const { after } = await expectOnlyChanged('PUT', { description: 'New words' }, ['description'])
    expect(after.description).toBe('<p>New words</p>')
  })

  it('PATCH with a cost', async () => {
    const { after } = await expectOnlyChanged('PATCH', { cost: '€40' }, ['cost', 'cost_details'])
    expect(after.cost).toBe('€40')
  })

  it('PATCH with one flag leaves the other flags alone', async () => {
    const { after } = await expectOnlyChanged('PATCH', { sticky: false }, ['sticky'])
    expect(after.sticky).toBe(false)
    expect(after.featured).toBe(true)
    expect(after.show_map).toBe(false)
  })

  it('an empty body changes nothing but modified', async () => {
    await expectOnlyChanged('PATCH', {}, [])
  })

  it('PATCH with only end_date keeps start_date', async () => {
    const { after } = await expectOnlyChanged('PATCH', { end_date: '2026-07-05 01:00:00' }, [
      'end_date',
      'end_date_details',
      'utc_end_date',
      'utc_end_date_details',
    ])
    expect(after.end_date).toBe('2026-07-05 01:00:00')
    expect(after.start_date).toBe('2026-07-04 20:00:00')
  })

  it('a start moved after the stored end: the event ends at its new start, as on TEC', async () => {
    const response = await request('PATCH', '/events/10', { start_date: '2026-07-05 10:00:00' })
    expect(response.status).toBe(200)
    expect(response.body.end_date).toBe('2026-07-05 10:00:00')
  })

  it('trashing an organizer keeps the other organizers of its events', async () => {
    expect((await request('DELETE', '/organizers/18')).status).toBe(200)
    expect((await request('GET', '/events/10')).body.organizer.map((o: Json) => o.id)).toEqual([12])
  })

  it('an existing tag named by name is that tag', async () => {
    const tag = (await request('GET', '/tags/7')).body
    expect((await created({ tags: [tag.name] })).tags.map((t: Json) => t.id)).toEqual([7])
  })

  it('the update response is the record without json_ld (only single GETs carry it)', async () => {
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const response = await request(method, '/events/10', { excerpt: method })
      expect(response.status).toBe(200)
      expect(response.body.excerpt).toBe(`<p>${method}</p>`)
      expect(response.body).not.toHaveProperty('json_ld')
    }
  })

  it('omitted relations are left unchanged', async () => {
    const response = await request('PUT', '/events/10', { excerpt: 'Short' })
    expect(response.body.venue.id).toBe(11)
    expect(response.body.organizer.map((o: Json) => o.id)).toEqual([18, 12])
    expect(response.body.categories.map((c: Json) => c.id)).toEqual([4])
    // 7 outdoor and 8 Free entry, shown by name
    expect(response.body.tags.map((t: Json) => t.id)).toEqual([8, 7])
  })

  it('modified changes on every update; date does not', async () => {
    const response = await request('POST', '/events/21', { excerpt: 'x' })
    expect(response.body.date).toBe('2026-07-01 08:00:00')
    const ten = await request('POST', '/events/10', { excerpt: 'y' })
    expect(ten.body.date).toBe('2026-06-01 09:00:00')
    expect(ten.body.modified).toBe('2026-07-01 08:00:00')
  })

  it('fields that cannot be written are ignored on update, id included', async () => {
    const response = await request('PATCH', '/events/10', {
      id: 21,
      title: 'Still ten',
      url: 'x',
      utc_start_date: '2000-01-01 00:00:00',
      timezone_abbr: 'XYZ',
    })
    expect(response.status).toBe(200)
    expect(response.body.id).toBe(10)
    expect(response.body.utc_start_date).toBe('2026-07-05 00:00:00')
    expect(response.body.timezone_abbr).toBe('EDT')
    expect((await request('GET', '/events/21')).body.title).toBe('Bare')
  })

  it('stored keys beyond the contract cannot be written by the API', async () => {
    const response = await request('PATCH', '/events/10', { is_virtual: false, zz_note: 'changed' })
    expect(response.status).toBe(200)
    const after = (await request('GET', '/events/10')).body
    expect(after.is_virtual).toBe(true)
    expect(after.zz_note).toBe('kept by hand')
  })

  it('timezone alone re-reads the stored wall times in the new zone', async () => {
    const response = await request('PATCH', '/events/21', { timezone: 'UTC' })
    expect(response.body.start_date).toBe('2026-07-05 10:00:00')
    expect(response.body.utc_start_date).toBe('2026-07-05 10:00:00')
    expect(response.body.timezone_abbr).toBe('UTC')
  })
})

describe('venue on an event (CONTRACT §3)', () => {
  it.each([[11], ['11'], [{ id: 11 }]] as Array<[unknown]>)('%j links venue 11', async (venue) => {
    const event = await created({ venue })
    expect(event.venue.id).toBe(11)
    expect(event.venue.venue).toBe('Blue Room')
  })

  it.each([[''], [0], [null], [[]]] as Array<[unknown]>)('%j clears it', async (venue) => {
    const response = await request('PATCH', '/events/10', { venue })
    expect(response.status).toBe(200)
    expect(response.body.venue).toEqual([])
    expect((await request('GET', '/events/10')).body.venue).toEqual([])
  })

  it('an object with `venue` creates that venue and links it', async () => {
    const before = calendar.state.venues.size
    const event = await created({
      venue: { venue: 'Red Door', city: 'Somerville', address: '5 Elm St', geo_lat: 42.39, geo_lng: -71.1 },
    })
    expect(calendar.state.venues.size).toBe(before + 1)
    expect(event.venue).toMatchObject({
      venue: 'Red Door',
      city: 'Somerville',
      address: '5 Elm St',
      slug: 'red-door',
      geo_lat: 42.39,
      geo_lng: -71.1,
    })
    expect([11, 15, 16, 17]).not.toContain(event.venue.id)
    expect((await request('GET', `/events/${event.id}`)).body.venue.id).toBe(event.venue.id)
  })

  it('links the venue of the same name (any case), the fields sent overwriting its own, as on TEC', async () => {
    const before = calendar.state.venues.size
    const event = await created({ venue: { venue: 'BLUE room', city: 'Cambridge' } })
    expect(event.venue).toMatchObject({ id: 11, venue: 'Blue Room', city: 'Cambridge' })
    expect(calendar.state.venues.size).toBe(before)
  })

  it('with settings.tec_lossy_writes false, a venue that differs in one field sent is a new venue', async () => {
    calendar.state.settings.tec_lossy_writes = false
    const before = calendar.state.venues.size
    const same = await created({ venue: { venue: 'BLUE room', city: 'boston' } })
    expect(same.venue.id).toBe(11)
    const event = await created({ venue: { venue: 'Blue Room', city: 'Cambridge' } })
    expect(event.venue.id).not.toBe(11)
    expect(event.venue.city).toBe('Cambridge')
    expect(calendar.state.venues.size).toBe(before + 1)
  })

  it('a trashed venue is never reused', async () => {
    const event = await created({ venue: { venue: 'Old Barn' } })
    expect(event.venue.id).not.toBe(15)
    expect(event.venue.venue).toBe('Old Barn')
    expect(event.venue.status).toBe('publish')
  })

  it('the same new venue sent twice is created once', async () => {
    const first = await created({ venue: { venue: 'Twice Hall' } })
    const second = await created({ venue: { venue: 'twice hall' } })
    expect(second.venue.id).toBe(first.venue.id)
  })

  it('an unknown venue ID is a 400', async () => {
    expectInvalid(await create({ venue: 9999 }), 'venue')
  })

  it('the ID of another kind (an organizer) is a 400', async () => {
    expectInvalid(await create({ venue: 12 }), 'venue')
  })

  it('a venue object with a bad website is a 400', async () => {
    expect((await create({ venue: { venue: 'Bad Site Hall', website: 'nope' } })).status).toBe(400)
  })
})

describe('organizer on an event (CONTRACT §3)', () => {
  it.each([
    [12, [12]],
    ['12', [12]],
    [
      [18, 12],
      [18, 12],
    ],
    [['18,12'], [18, 12]],
    [
      ['12', '18'],
      [12, 18],
    ],
    [
      [{ id: 18 }, 12],
      [18, 12],
    ],
  ] as Array<[unknown, number[]]>)('%j → %j, order kept', async (organizer, ids) => {
    const event = await created({ organizer })
    expect(event.organizer.map((o: Json) => o.id)).toEqual(ids)
  })

  it('an organizer object in a list creates it', async () => {
    const before = calendar.state.organizers.size
    const event = await created({ organizer: [{ organizer: 'New Crew', email: 'crew@example.org' }] })
    expect(calendar.state.organizers.size).toBe(before + 1)
    expect(event.organizer).toHaveLength(1)
    expect(event.organizer[0]).toMatchObject({ organizer: 'New Crew', email: 'crew@example.org', slug: 'new-crew' })
  })

  it('a lone organizer object, or a CSV text of IDs, fails as on TEC: 400 could-not-create-organizer, nothing made', async () => {
    const before = { events: calendar.state.events.size, venues: calendar.state.venues.size }
    for (const organizer of [
      { organizer: 'Lone Crew' },
      { organizer: 'Lone Crew', email: 'lone@example.org' },
      { id: 12, organizer: 'Other' },
      '18,12',
    ]) {
      const response = await create({ venue: { venue: 'Lone Hall' }, organizer })
      expect(response.status, JSON.stringify(organizer)).toBe(400)
      expect(response.body).toEqual({
        code: 'could-not-create-organizer',
        message: 'The organizer could not be created from the provided data',
        data: { status: 400 },
      })
    }
    expect({ events: calendar.state.events.size, venues: calendar.state.venues.size }).toEqual(before)
    // `{"id": N}` alone names that organizer, on TEC too.
    expect((await created({ organizer: { id: 18 } })).organizer.map((o: Json) => o.id)).toEqual([18])
    // The library takes both forms.
    const lone = (await calendar.events.create({ ...BODY, organizer: { organizer: 'Library Crew' } })) as Json
    expect(lone.organizer.map((o: Json) => o.organizer)).toEqual(['Library Crew'])
    const csv = (await calendar.events.create({ ...BODY, organizer: '18,12' })) as Json
    expect(csv.organizer.map((o: Json) => o.id)).toEqual([18, 12])
  })

  it('an array mixing IDs and objects; a matching object is reused (case-insensitive)', async () => {
    const before = calendar.state.organizers.size
    const event = await created({ organizer: [12, { organizer: 'night OWLS' }, { organizer: 'Fresh Faces' }] })
    const ids = event.organizer.map((o: Json) => o.id)
    expect(ids.slice(0, 2)).toEqual([12, 18])
    expect(event.organizer[2].organizer).toBe('Fresh Faces')
    expect(calendar.state.organizers.size).toBe(before + 1)
  })

  it('a trashed organizer is not reused', async () => {
    const event = await created({ organizer: [{ organizer: 'Gone Org' }] })
    expect(event.organizer[0].id).not.toBe(19)
  })

  it('[] clears', async () => {
    const response = await request('PATCH', '/events/10', { organizer: [] })
    expect(response.status).toBe(200)
    expect(response.body.organizer).toEqual([])
  })

  it('an unknown organizer ID is a 400; a venue ID is a 400', async () => {
    expectInvalid(await create({ organizer: [12, 9999] }), 'organizer')
    expectInvalid(await create({ organizer: 11 }), 'organizer')
  })
})

/** An event's terms are shown by name, as TEC does: tags 8 Free entry, 7 outdoor; categories 4 Jazz, 6 Sports. */
describe('categories and tags on an event (CONTRACT §3)', () => {
  it('by ID, slug or existing name', async () => {
    expect((await created({ categories: [4] })).categories.map((c: Json) => c.id)).toEqual([4])
    expect((await created({ categories: ['jazz'] })).categories.map((c: Json) => c.id)).toEqual([4])
    expect((await created({ categories: ['Jazz'] })).categories.map((c: Json) => c.id)).toEqual([4])
    expect((await created({ categories: ['4', 'sports'] })).categories.map((c: Json) => c.id)).toEqual([4, 6])
    // A tag by ID; by slug or name TEC gives the event a tag named after the ID (see "updates as TEC's")
    expect((await created({ tags: [7, 8] })).tags.map((t: Json) => t.id)).toEqual([8, 7])
    const library = await calendar.events.create({ ...BODY, tags: ['outdoor', 'Free entry'] })
    expect((library.tags as Json[]).map((t) => t.id)).toEqual([8, 7])
  })

  it('a CSV of IDs and slugs', async () => {
    expect((await created({ categories: 'jazz,6' })).categories.map((c: Json) => c.id)).toEqual([4, 6])
    expect((await created({ tags: '7,8' })).tags.map((t: Json) => t.id)).toEqual([8, 7])
  })

  it('a new name creates the term', async () => {
    const before = calendar.state.categories.size
    const event = await created({ categories: ['Late Shows'], tags: ['Brand New Tag'] })
    expect(calendar.state.categories.size).toBe(before + 1)
    expect(event.categories[0]).toMatchObject({
      name: 'Late Shows',
      slug: 'late-shows',
      taxonomy: 'tribe_events_cat',
      parent: 0,
      count: 1,
    })
    expect(event.categories[0].id).toBe(event.categories[0].term_taxonomy_id)
    expect(event.tags[0]).toMatchObject({
      name: 'Brand New Tag',
      slug: 'brand-new-tag',
      taxonomy: 'post_tag',
      parent: 0,
    })
    expect(event.tags[0].id).not.toBe(event.categories[0].id)
    const again = await created({ categories: ['late shows'] })
    expect(again.categories[0].id).toBe(event.categories[0].id)
  })

  it('[] or "" clears; omitted leaves them unchanged', async () => {
    const cleared = await request('PATCH', '/events/10', { categories: [], tags: '' })
    expect(cleared.body.categories).toEqual([])
    expect(cleared.body.tags).toEqual([])
    const untouched = await request('PATCH', '/events/10', { title: 'Keeps terms' })
    expect(untouched.body.categories).toEqual([])
    const set = await request('PATCH', '/events/10', { categories: [6] })
    expect(set.body.categories.map((c: Json) => c.id)).toEqual([6])
    expect((await request('PATCH', '/events/10', { excerpt: 'z' })).body.categories.map((c: Json) => c.id)).toEqual([6])
  })

  it('an unknown numeric ID is left out, as on TEC', async () => {
    expect((await created({ categories: [999] })).categories).toEqual([])
    expect((await created({ tags: [999] })).tags).toEqual([])
    expect((await created({ categories: '4,999' })).categories.map((c: Json) => c.id)).toEqual([4])
  })

  it('a term ID of the other taxonomy is unknown in this one', async () => {
    expect((await created({ tags: [4] })).tags).toEqual([])
  })
})
