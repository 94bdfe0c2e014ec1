/**
 * The venue, organizer and category lists on real data: every TEC capture of fixtures/tec/ imported (in name
 * order, as `calfile init --from fixtures/tec` does) into a memory calendar with `importTec`, then asked through
 * the h3 app. The expected values were read from the captures (fixtures/tec/README.md): ordering by the captured
 * `date_utc`, `count` as the number of publish events of the captures that carry the category
 * (docs/responses.md#categories-and-tags — the captured `count` values are the live sites' totals, e.g. 91 for
 * Fitness, which calfile cannot know).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { calendarCore } from '../../src/core/calendar.js'
import { importTec } from '../../src/tec/tec.js'
import { open } from '../helpers.js'

type Json = Record<string, any>
type Request = Awaited<ReturnType<typeof open>>['request']

const FOLDER = new URL('../../fixtures/tec/', import.meta.url)
const CAPTURES = readdirSync(FOLDER)
  .filter((name) => name.endsWith('.json'))
  .sort()
const capture = (name: string): Json => JSON.parse(readFileSync(new URL(name, FOLDER), 'utf8'))

let request: Request

beforeAll(async () => {
  // UTC like the atlbyday site, whose venue and organizer captures are compared field by field below.
  const opened = await open({ settings: { timezone: 'UTC', site_url: 'https://atlbyday.com' } })
  await calendarCore(opened.calendar).write((state) => {
    for (const name of CAPTURES) importTec(state, capture(name), { now: '2026-07-01 12:00:00' })
  })
  request = opened.request
})

async function get(path: string) {
  const response = await request('GET', path)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body
}

describe('GET /venues?search=… on imported data (CONTRACT §4, §4.3)', () => {
  it('search in the address: "Ralph McGill" (every word) finds the two venues on that street, newest first', async () => {
    const body = await get('/venues?search=ralph%20mcgill')
    expect(body.venues.map((v: Json) => [v.id, v.venue, v.address])).toEqual([
      [65963, 'Union Fitness', '828 Ralph McGill Blvd'],
      [6575, 'TWO Urban Licks', '820 Ralph McGill Blvd NE'],
    ])
    expect(body.total).toBe(2)
  })

  it('search in the city: the ten Detroit venues, date descending, six per page', async () => {
    const first = await request('GET', '/venues?search=detroit')
    expect(first.status).toBe(200)
    expect(first.body.venues.map((v: Json) => v.id)).toEqual([443, 372, 355, 328, 252, 242])
    expect(first.body.total).toBe(10)
    expect(first.body.total_pages).toBe(2)
    expect(first.headers.get('x-tec-total')).toBe('10')
    // TEC leaves search out of the list's URLs: following next_rest_url pages through every venue.
    expect(new URL(first.body.next_rest_url).searchParams.has('search')).toBe(false)
    const second = await get('/venues?search=detroit&page=2')
    expect(second.venues.map((v: Json) => v.id)).toEqual([239, 236, 206, 198])
    expect((await request('GET', '/venues?search=detroit&page=3')).status).toBe(404)
  })

  it('search in the zip: 30306', async () => {
    const body = await get('/venues?search=30306&per_page=50')
    expect(body.venues.map((v: Json) => v.id)).toEqual([65963, 64587, 6575, 43569])
  })

  it('search in the phone: (404) 577-9100 is SunTrust Park', async () => {
    expect((await get('/venues?search=577-9100')).venues.map((v: Json) => v.id)).toEqual([2093])
  })

  it('the captured venue reads back with the captured values (TEC prefix, the site’s own origin)', async () => {
    const captured = capture('atlbyday_venue_6575.json')
    const response = await request('GET', '/wp-json/tribe/events/v1/venues/6575', undefined, { host: 'atlbyday.com' })
    expect(response.status).toBe(200)
    const { json_ld: capturedLd, ...capturedRest } = captured
    const { json_ld: servedLd, ...servedRest } = response.body
    expect(servedRest).toEqual(capturedRest)
    expect(servedLd).toMatchObject({
      '@type': 'Place',
      name: capturedLd.name,
      // The capture's site runs Events Calendar Pro, which links venues; TEC 6.10 alone leaves the url empty.
      url: '',
      geo: capturedLd.geo,
    })
    expect(typeof response.body.geo_lat).toBe('number')
  })
})

describe('GET /organizers?has_events=… on imported data (CONTRACT §4.3)', () => {
  it('has_events=true: every organizer linked to an event that is not a draft or pending, newest first', async () => {
    // MLB (2094) has only event 6178, "tribe-ignored" on the site and imported as a draft; Burke Connolly (6363)
    // comes from a capture of the organizer alone.
    const body = await get('/organizers?has_events=true&per_page=50')
    expect(body.organizers.map((o: Json) => o.id)).toEqual([65964, 65919, 65743, 65219, 329, 43789, 2565, 43790, 43811])
    expect(body.total).toBe(9)
  })

  it('has_events=true at 6 per page: 2 pages', async () => {
    const body = await get('/organizers?has_events=true')
    expect(body.organizers).toHaveLength(6)
    expect(body.total_pages).toBe(2)
    expect(new URL(body.rest_url).searchParams.get('has_events')).toBe('true')
  })

  it('has_events=false: the other two', async () => {
    const body = await get('/organizers?has_events=false')
    expect(body.organizers.map((o: Json) => [o.id, o.organizer])).toEqual([
      [6363, 'Burke Connolly'],
      [2094, 'MLB'],
    ])
  })

  it('event: the organizers of a real event', async () => {
    expect((await get('/organizers?event=66029')).organizers.map((o: Json) => o.organizer)).toEqual(['Nathan Soldat'])
    expect((await get('/organizers?event=61638')).organizers.map((o: Json) => o.id)).toEqual([43790])
  })

  it('the captured organizer reads back with the captured values', async () => {
    const { json_ld: _capturedLd, ...captured } = capture('atlbyday_organizer_6363.json')
    const response = await request('GET', '/wp-json/tribe/events/v1/organizers/6363', undefined, {
      host: 'atlbyday.com',
    })
    const { json_ld: servedLd, ...served } = response.body
    expect(served).toEqual(captured)
    expect(servedLd).toMatchObject({ '@type': 'Person', name: 'Burke Connolly' })
  })
})

describe('GET /categories?parent=N&orderby=count&order=desc on imported data (CONTRACT §2.4, §4.4)', () => {
  it('children of Health and Fitness (1606): Fitness with 8 publish events first, then the four with 2', async () => {
    const body = await get('/categories?parent=1606&orderby=count&order=desc')
    const rows = body.categories.map((t: Json) => [t.id, t.count])
    expect(rows[0]).toEqual([2310, 8])
    expect(rows.slice(1).map((row: number[]) => row[1])).toEqual([2, 2, 2, 2])
    expect(new Set(rows.slice(1).map((row: number[]) => row[0]))).toEqual(new Set([1609, 1610, 1607, 1642]))
    expect(body.total).toBe(5)
    for (const term of body.categories) {
      expect(term.parent).toBe(1606)
      expect(term.taxonomy).toBe('tribe_events_cat')
      expect(term.urls.up).toBe('http://localhost/calendar/events/v1/categories/1606')
    }
    expect(body.categories[0]).toMatchObject({
      name: 'Fitness',
      slug: 'fitness',
      // Below its parent's slug, as TEC 6.10 links a child category (this capture's older site did not).
      url: 'https://atlbyday.com/events/category/health-and-fitness/fitness/',
    })
    // TEC's term lists echo no query
    expect(new URL(body.rest_url).search).toBe('')
  })

  it('order=asc puts Fitness last', async () => {
    const body = await get('/categories?parent=1606&orderby=count&order=asc')
    expect(body.categories.at(-1).id).toBe(2310)
  })

  it('parent=1622 (Community Meetings): Public Meetings, carried by 2 events', async () => {
    const body = await get('/categories?parent=1622&orderby=count&order=desc')
    expect(body.categories.map((t: Json) => [t.id, t.name, t.count])).toEqual([[1638, 'Public Meetings', 2]])
  })

  it('top level (parent=0) by count: Health and Fitness and CEC Board Meeting (10 each), then School Rating System (7)', async () => {
    const body = await get('/categories?parent=0&orderby=count&order=desc&per_page=3')
    expect(body.categories.map((t: Json) => t.count)).toEqual([10, 10, 7])
    expect(new Set(body.categories.slice(0, 2).map((t: Json) => t.id))).toEqual(new Set([1606, 8]))
    expect(body.categories[2].id).toBe(7)
    // Sports (609537088) is carried only by the draft 6178: hidden as empty
    expect((await get('/categories?parent=0&per_page=50')).categories.map((t: Json) => t.id)).not.toContain(609537088)
  })

  it('the events filter matches the children of 1606 too (CONTRACT §4.2)', async () => {
    const events = await get('/events?categories=1606&start_date=2022-08-01&end_date=2022-08-31&per_page=50')
    const ids = events.events.map((e: Json) => e.id)
    // 65536 and 65540 carry only Running – Club (1610), 65958/65965 only Fitness and Nutrition
    expect(ids).toEqual(expect.arrayContaining([65536, 65540, 65958, 65965, 65649, 65650]))
    expect(ids).not.toContain(61638)
    expect(events.total).toBe(16)
  })
})
