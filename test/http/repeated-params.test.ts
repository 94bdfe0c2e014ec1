/**
 * Issue 10 §2, docs/writes.md, docs/lists.md: a parameter given twice without brackets takes its last value, as PHP
 * fills `$_GET` and `$_POST` (`per_page=2&per_page=3` is 3, `venue=1&venue=2` is 2), in query strings and form bodies
 * alike; array parameters still take CSV and repeated brackets (`venue[]=1&venue[]=2`).
 *
 * fixtures/events-rich.json (open mode, now 2026-07-01): 8 listed events; 10 "Jazz night" at venue 11, 22 "Barn
 * dance" at venue 15, 27 "Flyer show" at venue 16; organizers 12 and 18; categories 3 Music, 4 Jazz, 6 Sports.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { fixture, open } from '../helpers.js'

type Json = Record<string, any>
type Opened = Awaited<ReturnType<typeof open>>

let request: Opened['request']

beforeEach(async () => {
  ;({ request } = await open(fixture('events-rich.json')))
})

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

/** GET a list and expect a 200. */
async function list(path: string): Promise<Json> {
  const response = await request('GET', path)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body
}

const ids = (records: Json[]) => records.map((record) => record.id)

describe('a repeated scalar query parameter takes the last value (CONTRACT §4)', () => {
  it('per_page=2&per_page=3 is per_page 3, and the URLs echo 3', async () => {
    const body = await list('/events?per_page=2&per_page=3')
    expect(body.events).toHaveLength(3)
    expect(body.total_pages).toBe(3)
    expect(body.rest_url).toContain('per_page=3')
    expect(body.rest_url).not.toContain('per_page=2')
    expect(body.next_rest_url).toContain('per_page=3')
  })

  it('the last value decides even when an earlier one is invalid, and an invalid last one is a 400', async () => {
    expect((await list('/events?per_page=0&per_page=2')).events).toHaveLength(2)
    const refused = await request('GET', '/events?per_page=2&per_page=0')
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe('rest_invalid_param')
    expect(refused.body.data.params).toHaveProperty('per_page')
  })

  it('page, search, order and booleans too', async () => {
    expect((await list('/events?per_page=3&page=1&page=2')).previous_rest_url).toBeDefined()
    expect((await list('/events?search=jazz&search=barn')).events.map((e: Json) => e.title)).toEqual(['Barn dance'])
    expect(ids((await list('/categories?orderby=name&orderby=id&order=asc&order=desc')).categories)).toEqual([6, 4, 3])
    const featured = ids((await list('/events?featured=true')).events)
    expect(featured).toHaveLength(1)
    expect(ids((await list('/events?featured=false&featured=true')).events)).toEqual(featured)
  })

  it('venue=11&venue=15 (no brackets) is venue 15, as PHP reads it', async () => {
    expect(ids((await list('/events?venue=11&venue=15')).events)).toEqual([22])
  })
})

describe('array parameters still collect (CONTRACT §4)', () => {
  it('repeated brackets, indexed brackets and CSV give the same list', async () => {
    for (const query of [
      'venue[]=11&venue[]=15',
      'venue[0]=11&venue[1]=15',
      'venue=11,15',
      'venue%5B%5D=11&venue%5B%5D=15',
    ]) {
      expect(ids((await list(`/events?${query}`)).events), query).toEqual([10, 22])
    }
  })

  it('a repeated CSV takes the last list; repeated brackets keep every item', async () => {
    expect(ids((await list('/events?venue=11,16&venue=15')).events)).toEqual([22])
    expect(ids((await list('/events?venue[]=11&venue[]=15&venue[]=16')).events)).toEqual([10, 22, 27])
  })
})

describe('form bodies read repeated fields the same way (CONTRACT §3)', () => {
  it('title=A&title=B is B; organizer[]=12&organizer[]=18 keeps both', async () => {
    const body = 'title=First&title=Last&start_date=2026-07-20&end_date=2026-07-20&organizer[]=12&organizer[]=18'
    const response = await request('POST', '/events', body, FORM)
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    expect(response.body.title).toBe('Last')
    expect(ids(response.body.organizer)).toEqual([12, 18])
  })

  it('organizer=12&organizer=18 (no brackets) is organizer 18; venue[city] given twice keeps the last', async () => {
    const body =
      'title=Twice&start_date=2026-07-20&end_date=2026-07-20&organizer=12&organizer=18&venue[venue]=Twice%20Hall&venue[city]=Salem&venue[city]=Boston'
    const response = await request('POST', '/events', body, FORM)
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    expect(ids(response.body.organizer)).toEqual([18])
    expect(response.body.venue).toMatchObject({ venue: 'Twice Hall', city: 'Boston' })
  })

  it('an update by form: featured=0&featured=1 is featured', async () => {
    const response = await request('PATCH', '/events/10', 'featured=0&featured=1', FORM)
    expect(response.status).toBe(200)
    expect(response.body.featured).toBe(true)
  })
})
