/**
 * The "done when" example (docs/writes.md `venue`, `organizer`, `categories` on an event): POST /events with
 * `{"venue": {"venue": "Blue Room", "city": "Boston"}, "organizer": [{"organizer": "Jazz Society"}, 12],
 * "categories": ["New name", 3]}` creates the venue, the organizer and the category and links them with the
 * existing organizer 12 and category 3 (fixtures/resources-done-when.json); the same request again reuses them.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { serializeState } from '../../src/core/cache/record-text.js'
import { loadDocument } from '../../src/core/document/load.js'
import { fixture, open } from '../helpers.js'

type Json = Record<string, any>
type Opened = Awaited<ReturnType<typeof open>>

const BODY = {
  title: 'Blue Room jam',
  start_date: '2026-07-10 20:00:00',
  end_date: '2026-07-10 23:00:00',
  venue: { venue: 'Blue Room', city: 'Boston' },
  organizer: [{ organizer: 'Jazz Society' }, 12],
  categories: ['New name', 3],
}

let calendar: Opened['calendar']
let request: Opened['request']

beforeEach(async () => {
  ;({ calendar, request } = await open(fixture('resources-done-when.json')))
})

describe('POST /events with venue, organizer and category data (CONTRACT §3)', () => {
  it('creates the venue, the organizer and the category, and links them with the existing ones (terms by name)', async () => {
    const response = await request('POST', '/events', BODY)
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    const event = response.body

    expect(event.venue).toMatchObject({ venue: 'Blue Room', city: 'Boston', slug: 'blue-room', status: 'publish' })
    expect(event.organizer.map((o: Json) => o.organizer)).toEqual(['Jazz Society', 'Blue Note Booking'])
    expect(event.organizer[1].id).toBe(12)
    expect(event.organizer[0].id).not.toBe(12)
    // An event shows its categories by name, as TEC does, not in the order given.
    expect(event.categories.map((t: Json) => [t.name, t.slug])).toEqual([
      ['Music', 'music'],
      ['New name', 'new-name'],
    ])
    expect(event.categories[0].id).toBe(3)

    expect(calendar.state.venues.size).toBe(1)
    expect(calendar.state.organizers.size).toBe(2)
    expect(calendar.state.categories.size).toBe(2)
  })

  it('the new records are served by their own routes', async () => {
    const event = (await request('POST', '/events', BODY)).body
    const venue = await request('GET', `/venues/${event.venue.id}`)
    expect(venue.status).toBe(200)
    expect(venue.body).toMatchObject({ venue: 'Blue Room', city: 'Boston', author: '1' })
    const organizer = await request('GET', `/organizers/${event.organizer[0].id}`)
    expect(organizer.body.organizer).toBe('Jazz Society')
    const category = await request('GET', `/categories/${event.categories[1].id}`)
    expect(category.body).toMatchObject({ name: 'New name', slug: 'new-name', parent: 0, count: 1 })
    expect((await request('GET', '/venues?has_events=true')).body.venues.map((v: Json) => v.id)).toEqual([
      event.venue.id,
    ])
    expect(
      (await request('GET', `/organizers?event=${event.id}`)).body.organizers.map((o: Json) => o.id).sort(),
    ).toEqual([event.organizer[0].id, 12].sort())
  })

  it('the same request again reuses the venue, the organizer and the category: no new ones', async () => {
    const first = (await request('POST', '/events', BODY)).body
    const second = await request('POST', '/events', BODY)
    expect(second.status).toBe(201)
    expect(second.body.id).not.toBe(first.id)
    expect(second.body.venue.id).toBe(first.venue.id)
    expect(second.body.organizer.map((o: Json) => o.id)).toEqual(first.organizer.map((o: Json) => o.id))
    expect(second.body.categories.map((t: Json) => t.id)).toEqual(first.categories.map((t: Json) => t.id))
    expect(calendar.state.venues.size).toBe(1)
    expect(calendar.state.organizers.size).toBe(2)
    expect(calendar.state.categories.size).toBe(2)
    expect((await request('GET', '/venues')).body.total).toBe(1)
    expect((await request('GET', '/organizers')).body.total).toBe(2)
    expect((await request('GET', '/categories?hide_empty=false')).body.total).toBe(2)
    expect((await request('GET', `/categories/${first.categories[1].id}`)).body.count).toBe(2)
  })

  it('case differences still reuse them (case-insensitive match)', async () => {
    const first = (await request('POST', '/events', BODY)).body
    const second = await request('POST', '/events', {
      ...BODY,
      venue: { venue: 'BLUE ROOM', city: 'boston' },
      organizer: [{ organizer: 'jazz society' }, 12],
      categories: ['new NAME', 3],
    })
    expect(second.status).toBe(201)
    expect(second.body.venue.id).toBe(first.venue.id)
    expect(second.body.organizer[0].id).toBe(first.organizer[0].id)
    expect(second.body.categories[0].id).toBe(first.categories[0].id)
    expect(calendar.state.venues.size).toBe(1)
    expect(calendar.state.organizers.size).toBe(2)
    expect(calendar.state.categories.size).toBe(2)
  })

  it('a trashed venue is not reused by an event: a new one is created', async () => {
    const first = (await request('POST', '/events', BODY)).body
    await request('DELETE', `/venues/${first.venue.id}`)
    const second = await request('POST', '/events', BODY)
    expect(second.body.venue.id).not.toBe(first.venue.id)
    expect(calendar.state.venues.size).toBe(2)
  })

  it('the data file stays valid', async () => {
    await request('POST', '/events', BODY)
    await request('POST', '/events', BODY)
    const text = serializeState(calendar.state)
    expect(() => loadDocument(text, { file: 'check', now: () => '2026-07-01 08:00:00' })).not.toThrow()
    const stored = JSON.parse(text)
    const created = stored.events.filter((e: Json) => e.title === 'Blue Room jam')
    expect(created).toHaveLength(2)
    for (const event of created) {
      expect(typeof event.venue).toBe('number')
      expect(event.organizer).toHaveLength(2)
      expect(event.organizer[1]).toBe(12)
      expect(event.categories[1]).toBe(3)
    }
  })

  it('a refused request creates nothing (an invalid field alongside the new records)', async () => {
    const response = await request('POST', '/events', { ...BODY, end_date: 'not a date' })
    expect(response.status).toBe(400)
    expect(calendar.state.venues.size).toBe(0)
    expect(calendar.state.organizers.size).toBe(1)
    expect(calendar.state.categories.size).toBe(1)
  })

  it('form-urlencoded with PHP brackets does the same', async () => {
    const form = [
      'title=Form%20jam',
      'start_date=2026-07-11%2020:00:00',
      'end_date=2026-07-11%2023:00:00',
      'venue[venue]=Blue%20Room',
      'venue[city]=Boston',
      'organizer[0][organizer]=Jazz%20Society',
      'organizer[1]=12',
      'categories[]=New%20name',
      'categories[]=3',
    ].join('&')
    const first = (await request('POST', '/events', BODY)).body
    const response = await request('POST', '/events', form, { 'content-type': 'application/x-www-form-urlencoded' })
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    expect(response.body.venue.id).toBe(first.venue.id)
    expect(response.body.organizer.map((o: Json) => o.id)).toEqual(first.organizer.map((o: Json) => o.id))
    expect(response.body.categories.map((t: Json) => t.id)).toEqual(first.categories.map((t: Json) => t.id))
    expect(calendar.state.venues.size).toBe(1)
  })
})
