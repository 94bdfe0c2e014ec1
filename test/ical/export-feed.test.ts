/**
 * Issue 14, export: TEC's site feeds served by `icalFeeds()` beside the interface. `GET /events/?ical=1` holds
 * every event of an event list query (by default the published ones that have not ended), not one page, and takes
 * the list's parameters with their meaning and errors; `GET /event/<slug>/?ical=1` holds one event. Answers are
 * `text/calendar` attachments with an ETag (304 on If-None-Match) and Last-Modified, HEAD included; a request sees
 * what the interface shows it. The default data file's feed parses with ical.js and node-ical without warnings and
 * passes the RFC 5545 check of export-helpers.ts.
 *
 * fixtures/events-rich.json (open mode): 10 "Jazz night" (slug jazz-night, category Jazz under Music, venue 11,
 * organizers 18 and 12), 21 "Bare", 22 "Barn dance" (organizer 12), 23 in Asia/Kolkata, 24 in UTC+5:30, 25 in
 * Europe/London, 26 a draft, 27 "Flyer show" (venue 16), 28 trashed, 29 hidden from listings, 30 in UTC (Music,
 * Sports). fixtures/auth-roles.json: tokens `tok-<role>`; events 1010–1015 are the administrator's, one per status.
 */
import SwaggerParser from '@apidevtools/swagger-parser'
import type { H3 } from 'h3'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Calendar } from '../../src/core/calendar.js'
import { fixture, P } from '../helpers.js'
import { defaultDataText, feedApp, icalJsCalendar, instants, nodeIcalRead, rfc5545Problems } from './export-helpers.js'

type Json = Record<string, any>

let calendar: Calendar
let app: H3

/** A feed request: status, headers and text. */
async function get(path: string, init: RequestInit = {}) {
  const response = await app.request(path, init)
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/** The REST list of the same query, every event on one page. */
async function listed(query: string): Promise<Json[]> {
  const response = await app.request(`${P}/events?per_page=50&${query}`)
  expect(response.status).toBe(200)
  return (await response.json()).events
}

/** The IDs in a feed's UIDs (`<id>-<start>-<end>@<host>`), in order. */
function feedIds(text: string): number[] {
  return icalJsCalendar(text)
    .getAllSubcomponents('vevent')
    .map((vevent) => Number(String(vevent.getFirstPropertyValue('uid')).split('-')[0]))
}

describe('the default data file (npm start: fixtures/tec moved to this week)', () => {
  let text: string
  let rest: Json[]

  beforeAll(async () => {
    ;({ calendar, app } = await feedApp(await defaultDataText()))
    const response = await get('/events/?ical=1')
    expect(response.status).toBe(200)
    text = response.text
    rest = await listed('ends_after=now&strict_dates=true')
  })

  it('holds every event that has not ended, on every page of the list, in list order', () => {
    expect(rest.length).toBeGreaterThan(calendar.state.settings.per_page)
    expect(rest.length).toBeGreaterThan(calendar.state.settings.max_per_page / 2)
    expect(feedIds(text)).toEqual(rest.map((event) => event.id))
  })

  it('passes the RFC 5545 check: lines, order, required and single properties, TZIDs defined, UIDs unique', () => {
    expect(rfc5545Problems(text)).toEqual([])
  })

  it('parses with node-ical without a warning, every event at the instants of the REST list', () => {
    const { events, warnings } = nodeIcalRead(text)
    expect(warnings).toEqual([])
    expect(events).toHaveLength(rest.length)
    const byUid = new Map(events.map((event) => [event.uid, event]))
    for (const [i, vevent] of icalJsCalendar(text).getAllSubcomponents('vevent').entries()) {
      const parsed = byUid.get(String(vevent.getFirstPropertyValue('uid')))
      expect(parsed?.start.toISOString()).toBe(`${rest[i]?.utc_start_date.replace(' ', 'T')}.000Z`)
      expect(parsed?.end?.toISOString()).toBe(`${rest[i]?.utc_end_date.replace(' ', 'T')}.000Z`)
    }
  })

  it('reads with ical.js, through its VTIMEZONEs, at the instants of the REST list', () => {
    const vevents = icalJsCalendar(text).getAllSubcomponents('vevent')
    const utc = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}Z`)
    expect(vevents.map(instants)).toEqual(
      rest.map((event) => ({ start: utc(event.utc_start_date), end: utc(event.utc_end_date) })),
    )
  })
})

describe('HTTP', () => {
  beforeEach(async () => {
    ;({ calendar, app } = await feedApp(fixture('events-rich.json'), { name: 'Jazz in Boston' }))
  })

  it('answers text/calendar as an attachment named as TEC names it, with validators', async () => {
    const response = await get('/events/?ical=1')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="jazz-in-boston-[0-9a-f]{11}\.ics"$/u,
    )
    expect(response.headers.get('etag')).toMatch(/^"[\w-]{27}"$/u)
    // Event 10's modified (2026-06-02 10:30 New York) is older than the events written with NOW as their date.
    expect(response.headers.get('last-modified')).toBe(new Date(Date.UTC(2026, 6, 1, 12)).toUTCString())
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(response.text))
    expect(response.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
  })

  it('serves the path with and without its trailing slash, ical with any value, not without it', async () => {
    const feed = (await get('/events/?ical=1')).text
    expect((await get('/events?ical=1')).text).toBe(feed)
    expect((await get('/events/?ical')).text).toBe(feed)
    expect((await get('/events/?ical=0')).text).toBe(feed)
    for (const path of ['/events/', '/events', '/event/jazz-night/', '/events/?outlook-ical=1']) {
      const response = await get(path)
      expect(response.status).toBe(404)
      expect(JSON.parse(response.text)).toEqual({
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      })
    }
  })

  it('answers 304 without a body to an If-None-Match naming the current tag, weak or in a list', async () => {
    const first = await get('/events/?ical=1')
    const etag = first.headers.get('etag') as string
    for (const sent of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get('/events/?ical=1', { headers: { 'if-none-match': sent } })
      expect(again.status).toBe(304)
      expect(again.text).toBe('')
      expect(again.headers.get('etag')).toBe(etag)
      expect(again.headers.get('last-modified')).toBe(first.headers.get('last-modified'))
    }
    expect((await get('/events/?ical=1', { headers: { 'if-none-match': '"other"' } })).status).toBe(200)
  })

  it('changes its tag when an event of the feed, or its venue, changes; keeps it otherwise', async () => {
    const etag = (await get('/events/?ical=1')).headers.get('etag') as string
    expect((await get('/events/?ical=1')).headers.get('etag')).toBe(etag)
    await calendar.venues.update(11, { city: 'Cambridge' })
    const moved = await get('/events/?ical=1', { headers: { 'if-none-match': etag } })
    expect(moved.status).toBe(200)
    expect(moved.text).toContain('LOCATION:Blue Room\\, 1 Main St\\, Cambridge')
    await calendar.events.update(21, { title: 'Bare bones' })
    const renamed = await get('/events/?ical=1', { headers: { 'if-none-match': moved.headers.get('etag') as string } })
    expect(renamed.status).toBe(200)
    expect(renamed.text).toContain('SUMMARY:Bare bones')
  })

  it('answers HEAD with the status and headers of GET and no body', async () => {
    for (const path of ['/events/?ical=1', '/event/jazz-night/?ical=1', '/events/?ical=1&start_date=nope']) {
      const got = await get(path)
      const head = await get(path, { method: 'HEAD' })
      expect(head.status).toBe(got.status)
      expect(head.text).toBe('')
      for (const name of ['content-type', 'content-length', 'content-disposition', 'etag', 'last-modified']) {
        expect(head.headers.get(name)).toBe(got.headers.get(name))
      }
    }
  })

  it("takes the list's filters with their meaning: the same events as the REST list of the same query", async () => {
    const queries = [
      'categories=music',
      'categories=jazz,sports',
      'tags=outdoor',
      'venue=11',
      'organizer=12',
      'search=jazz',
      'start_date=2026-07-06&end_date=2026-07-07',
      'starts_after=2026-07-08',
      'include=30,10',
    ]
    for (const query of queries) {
      const feed = await get(`/events/?ical=1&${query}`)
      expect(feed.status, query).toBe(200)
      expect(feedIds(feed.text), query).toEqual((await listed(query)).map((event) => event.id))
      expect(rfc5545Problems(feed.text), query).toEqual([])
    }
    expect(feedIds((await get('/events/?ical=1&categories=music')).text)).toEqual([10, 30])
  })

  it('ignores page and per_page: a feed holds every page', async () => {
    const all = feedIds((await get('/events/?ical=1')).text)
    expect(all).toEqual([10, 21, 23, 24, 22, 25, 27, 30])
    expect(feedIds((await get('/events/?ical=1&per_page=2&page=3')).text)).toEqual(all)
  })

  it('answers a bad parameter with the error body of the list', async () => {
    for (const [query, param] of [
      ['start_date=not-a-date', 'start_date'],
      ['categories=nope', 'categories'],
      ['venue=10', 'venue'],
      ['geoloc_lat=1', 'geoloc_lng'],
    ]) {
      const feed = await get(`/events/?ical=1&${query}`)
      const rest = await app.request(`${P}/events?${query}`)
      expect(feed.status, query).toBe(400)
      const body = JSON.parse(feed.text)
      expect(body).toEqual(await rest.json())
      expect(body.code).toBe('rest_invalid_param')
      expect(Object.keys(body.data.params)).toEqual([param])
    }
  })

  it('serves one event by slug, one hidden from listings too; an unknown slug is the by-slug 404', async () => {
    const one = await get('/event/jazz-night/?ical=1')
    expect(one.status).toBe(200)
    expect(feedIds(one.text)).toEqual([10])
    expect(rfc5545Problems(one.text)).toEqual([])
    expect((await get('/event/jazz-night?ical=1')).text).toBe(one.text)
    expect(feedIds((await get('/event/hidden-gem/?ical=1')).text)).toEqual([29])
    expect(feedIds((await get('/events/?ical=1')).text)).not.toContain(29)
    const missing = await get('/event/no-such-event/?ical=1')
    expect(missing.status).toBe(404)
    expect(JSON.parse(missing.text).code).toBe('rest-event-not-found')
  })

  it('documents both routes in /doc under the tag ical, on the site root; the document still validates', async () => {
    const doc = (await (await app.request(`${P}/doc`)).json()) as Json
    expect(doc.tags.map((tag: Json) => tag.name)).toContain('ical')
    for (const path of ['/events/', '/event/{slug}/']) {
      expect(doc.paths[path].servers).toEqual([{ url: 'http://localhost' }])
      expect(doc.paths[path].get.tags).toEqual(['ical'])
      expect(Object.keys(doc.paths[path].head.responses)).toEqual(Object.keys(doc.paths[path].get.responses))
    }
    const names = doc.paths['/events/'].get.parameters.map((parameter: Json) => parameter.name)
    expect(names).toEqual(expect.arrayContaining(['ical', 'start_date', 'end_date', 'categories', 'tags', 'venue']))
    expect(names).not.toContain('per_page')
    expect(doc.paths['/events']).toBeDefined()
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined()
  })
})

describe('visibility', () => {
  beforeEach(async () => {
    // A draft has no slug unless it is given one (WordPress); this one is, to be read by slug.
    const data = JSON.parse(fixture('auth-roles.json'))
    data.events.find((event: Json) => event.id === 1012).slug = 'event-1-draft'
    ;({ calendar, app } = await feedApp(JSON.stringify(data)))
  })

  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } })
  const statusIds = [1010, 1011, 1012, 1013, 1014]

  it('shows an anonymous request the published events only, as the anonymous list', async () => {
    const ids = feedIds((await get('/events/?ical=1')).text)
    expect(ids).toEqual((await listed('ends_after=now&strict_dates=true')).map((event) => event.id))
    expect(ids).toContain(1010)
    for (const hidden of statusIds.slice(1)) expect(ids).not.toContain(hidden)
  })

  it('refuses an anonymous request for drafts as the list does, and a wrong token with 401', async () => {
    const drafts = await get('/events/?ical=1&status=draft')
    expect(drafts.status).toBe(400)
    expect(JSON.parse(drafts.text).code).toBe('rest_invalid_param')
    expect((await get('/events/?ical=1', bearer('tok-wrong'))).status).toBe(401)
    expect((await get('/event/event-1-draft/?ical=1')).status).toBe(403)
  })

  it('gives an administrator the published events by default, and the statuses asked for', async () => {
    expect(feedIds((await get('/events/?ical=1', bearer('tok-admin'))).text)).not.toContain(1012)
    const asked = await get('/events/?ical=1&status=draft,private', bearer('tok-admin'))
    expect(feedIds(asked.text)).toEqual(expect.arrayContaining([1012, 1014]))
    expect(asked.text).toContain('CLASS:PRIVATE')
    expect(feedIds((await get('/event/event-1-draft/?ical=1', bearer('tok-admin'))).text)).toEqual([1012])
  })
})
