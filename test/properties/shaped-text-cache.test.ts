/**
 * The caches of shaped JSON text and of whole list pages (issue 11) never show a stale record: two calendars from
 * the same data, one keeping shaped text (with a budget small enough to evict) and one keeping none, go through the
 * same random writes (events, venues, organizers, terms, trash, failed changes that are undone), moves of their
 * shared clock, and reads, and every read answers the same bytes in both. The list queries are settled, as HTTP's
 * are, so that the calendar that keeps text keeps their pages. `CALFILE_PROPERTY_RUNS` raises the number of runs
 * (default 250 / 5).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { markSettled } from '../../src/core/cache/parsed-input.js'
import { type Calendar, calendarCore, openCalendar } from '../../src/core/calendar.js'
import { NOW } from '../helpers.js'

const RUNS = Math.max(10, Math.round(Number(process.env.CALFILE_PROPERTY_RUNS ?? 250) / 5))

const DATA = JSON.stringify({
  settings: { timezone: 'Europe/Paris' },
  venues: [
    { id: 10, venue: 'Blue Room', city: 'Paris' },
    { id: 11, venue: 'Red Room', city: 'Lyon' },
  ],
  organizers: [
    { id: 20, organizer: 'Ann' },
    { id: 21, organizer: 'Bob' },
  ],
  categories: [
    { id: 1, name: 'Music' },
    { id: 2, name: 'Jazz', parent: 1 },
  ],
  tags: [{ id: 3, name: 'Free' }],
  events: [30, 31, 32, 33].map((id, i) => ({
    id,
    title: `Event ${id}`,
    start_date: `2026-07-0${i + 2} 20:00:00`,
    end_date: `2026-07-0${i + 2} 22:00:00`,
    venue: 10 + (i % 2),
    organizer: [20 + (i % 2)],
    categories: [1 + (i % 2)],
    tags: i % 2 ? [3] : [],
  })),
})

type Step = (calendar: Calendar) => Promise<unknown>

/** The clock both calendars read; a step moves it. */
let clock = NOW

const eventId = fc.constantFrom(30, 31, 32, 33)
const postId = fc.constantFrom(10, 11, 20, 21)
const termId = fc.constantFrom(1, 2, 3)

/** Writes that change what some event shows, and one that fails half-way and is undone. */
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.tuple(fc.constantFrom('publish', 'draft'), fc.constantFrom([1], [2], [1, 2]), fc.constantFrom([], [3])).map(
    ([status, categories, tags]): Step =>
      (c) =>
        c.events.create({
          title: 'New',
          start_date: '2026-07-03 10:00:00',
          end_date: '2026-07-03 11:00:00',
          status,
          categories,
          tags,
          venue: 11,
        }),
  ),
  fc.tuple(eventId, fc.string({ maxLength: 8 })).map(
    ([id, title]): Step =>
      (c) =>
        c.events.update(id, { title: `T${title}` }),
  ),
  fc.tuple(eventId, fc.constantFrom([], [1], [2, 1])).map(
    ([id, categories]): Step =>
      (c) =>
        c.events.update(id, { categories }),
  ),
  eventId.map(
    (id): Step =>
      (c) =>
        c.events.delete(id),
  ),
  fc.tuple(postId, fc.string({ maxLength: 8 })).map(
    ([id, name]): Step =>
      (c) =>
        id < 20 ? c.venues.update(id, { venue: `V${name}`, city: name }) : c.organizers.update(id, { phone: name }),
  ),
  postId.map(
    (id): Step =>
      (c) =>
        id < 20 ? c.venues.delete(id) : c.organizers.delete(id),
  ),
  fc.tuple(termId, fc.string({ maxLength: 8 })).map(
    ([id, name]): Step =>
      (c) =>
        id === 3 ? c.tags.update(id, { name: `N${name}` }) : c.categories.update(id, { description: name }),
  ),
  fc.constantFrom(999, 36 * 3_600_000, 2 * 24 * 3_600_000).map(
    (ms): Step =>
      async () => {
        clock += ms
      },
  ),
  eventId.map(
    (id): Step =>
      (c) =>
        calendarCore(c).write((state) => {
          state.venues.put({ ...state.venues.get(10)!, venue: 'Undone' })
          state.events.delete(id)
          throw new Error('fails half-way')
        }),
  ),
)

/** List queries as HTTP hands them over: objects nobody changes any more. */
const QUERIES = {
  all: { per_page: 50, status: 'publish,draft,trash' },
  second: { per_page: 2, page: 2 },
  upcoming: { per_page: 50 },
  linked: { per_page: 50 },
  linkedUpcoming: { per_page: 50, only_with_upcoming: true },
  terms: {},
}
for (const query of Object.values(QUERIES)) markSettled(query)

/** Every read whose text could come from the caches: lists of each kind and each single record. */
function reads(calendar: Calendar): string[] {
  const view = calendar.defaultView()
  // A read may be refused (a trashed record, a page past the end): both calendars must refuse it alike.
  const read = (json: () => Buffer | { json: Buffer }) => {
    try {
      const bytes = json()
      return String(Buffer.isBuffer(bytes) ? bytes : bytes.json)
    } catch (error) {
      return (error as Error).message
    }
  }
  const texts = [
    read(() => calendar.events.listJson(QUERIES.all, view)),
    read(() => calendar.events.listJson(QUERIES.second, view)),
    read(() => calendar.events.listJson(QUERIES.upcoming, view)),
    read(() => calendar.venues.listJson(QUERIES.linked, view)),
    read(() => calendar.venues.listJson(QUERIES.linkedUpcoming, view)),
    read(() => calendar.organizers.listJson(QUERIES.linked, view)),
    read(() => calendar.categories.listJson(QUERIES.terms, view)),
    read(() => calendar.tags.listJson(QUERIES.terms, view)),
  ]
  for (const { id } of calendar.state.events.values()) texts.push(read(() => calendar.events.getJson(id, view)))
  for (const { id } of calendar.state.venues.values()) texts.push(read(() => calendar.venues.getJson(id, view)))
  return texts
}

async function attempt(step: Step, calendar: Calendar): Promise<string> {
  try {
    await step(calendar)
    return 'ok'
  } catch (error) {
    return (error as Error).message
  }
}

describe('shaped text cache', () => {
  it('answers the same bytes as shaping afresh after any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
        clock = NOW
        const cached = await openCalendar(null, { initial: DATA, now: () => clock, cacheBytes: 8_000 })
        const fresh = await openCalendar(null, { initial: DATA, now: () => clock, cacheBytes: 0 })
        expect(reads(cached)).toEqual(reads(fresh))
        for (const s of steps) {
          expect(await attempt(s, cached)).toBe(await attempt(s, fresh))
          expect(reads(cached)).toEqual(reads(fresh))
        }
        expect(calendarCore(cached).shapedText.bytes).toBeLessThanOrEqual(8_000)
        expect(calendarCore(fresh).shapedText.bytes).toBe(0)
        await Promise.all([cached.close(), fresh.close()])
      }),
      { numRuns: RUNS },
    )
  })

  it('gives library callers objects of their own', async () => {
    const calendar = await openCalendar(null, { initial: DATA, now: () => NOW })
    const first = calendar.events.get(30)
    first.title = 'Changed by the caller'
    calendar.events.list({}).body.events[0]!.title = 'Changed too'
    expect(calendar.events.get(30).title).toBe('Event 30')
    expect(calendar.events.list({}).body.events[0]!.title).toBe('Event 30')
    await calendar.close()
  })
})
