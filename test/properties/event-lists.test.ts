/**
 * Issue 11, "Lists", property-based (fast-check): the indexed event list (src/core/search/) selects exactly what a
 * straightforward scan of every event selects under today's rules (docs/lists.md#event-list-dates,
 * docs/lists.md#other-event-filters, docs/auth.md, docs/http.md), total and every page, over random calendars, random
 * writes (undone ones included: a change that throws half-way) and random queries with every indexed filter, in both
 * API revisions, for anonymous and authenticated viewers. The reference reads the effective date bounds from the
 * selection's echo, which the index does not compute. `CALFILE_PROPERTY_RUNS` raises the number of runs (default 60).
 */
import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { type Calendar, calendarCore, openCalendar } from '../../src/core/calendar.js'
import { wallToInstant } from '../../src/core/dates/zoned.js'
import type { EventRecord } from '../../src/core/model/records.js'
import type { UserRecord } from '../../src/core/model/user-record.js'
import { listStatuses } from '../../src/core/resources/access.js'
import { eventQuerySchema, selectEvents } from '../../src/core/resources/events/event-query.js'
import type { QueryEcho } from '../../src/core/resources/lists.js'
import type { View } from '../../src/core/resources/view.js'
import { NOW } from '../helpers.js'

const RUNS = Number(process.env.CALFILE_PROPERTY_RUNS ?? 60)
const ZONE = 'America/New_York'
const WORDS = ['Jazz', 'jazzy', 'TALK', 'Éclair', 'pi', 'Straße', 'a-b', '<p>x</p>']
const VENUES = [500, 501, 502]
const ORGANIZERS = [600, 601, 602]
/** Categories 1..6: 2 and 3 under 1, 4 under 2; tags 10..12. */
const CATEGORIES = [
  { id: 1, name: 'c1', parent: 0 },
  { id: 2, name: 'c2', parent: 1 },
  { id: 3, name: 'c3', parent: 1 },
  { id: 4, name: 'c4', parent: 2 },
  { id: 5, name: 'c5', parent: 0 },
  { id: 6, name: 'c6', parent: 0 },
]
const TAGS = [10, 11, 12]
const DAYS = [
  '2026-05-20',
  '2026-06-29',
  '2026-06-30',
  '2026-07-01',
  '2027-01-01',
  '2028-06-30',
  '2028-07-01',
  '2028-07-02',
]

const text = fc.array(fc.constantFrom(...WORDS), { maxLength: 3 }).map((words) => words.join(' '))
const wallAt = fc
  .tuple(fc.constantFrom(...DAYS), fc.integer({ min: 0, max: 23 }))
  .map(([day, hour]) => `${day} ${String(hour).padStart(2, '0')}:00:00`)

/** Event fields a write may change, every indexed one among them. */
const eventFields = fc.record({
  title: text,
  excerpt: text,
  description: text,
  start_date: wallAt,
  hours: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constant(24 * 400)),
  timezone: fc.constantFrom(ZONE, 'Europe/Paris', 'UTC'),
  status: fc.constantFrom('publish', 'publish', 'publish', 'publish', 'draft', 'private', 'pending', 'future', 'trash'),
  featured: fc.boolean(),
  ticketed: fc.boolean(),
  hide_from_listings: fc.constantFrom(false, false, false, true),
  venue: fc.option(fc.constantFrom(...VENUES)),
  organizer: fc.subarray(ORGANIZERS),
  categories: fc.subarray(CATEGORIES.map((category) => category.id)),
  tags: fc.subarray(TAGS),
  date: fc.constantFrom('2026-01-01 10:00:00', '2026-02-01 10:00:00'),
})
type Fields = typeof eventFields extends fc.Arbitrary<infer T> ? T : never

/** Stored walls: the end is the start plus `hours`, in the event's zone (walls are compared as text). */
function eventData(id: number, fields: Fields) {
  const { hours, ...rest } = fields
  const start = Date.parse(`${fields.start_date.replace(' ', 'T')}Z`)
  const end = new Date(start + hours * 3600_000).toISOString().slice(0, 19).replace('T', ' ')
  return { ...rest, id, slug: `e-${id}`, end_date: end }
}

const write = fc.oneof(
  fc.record({ op: fc.constant('create' as const), fields: eventFields }),
  fc.record({ op: fc.constant('update' as const), pick: fc.nat(), fields: eventFields }),
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('undone' as const), pick: fc.nat(), fields: eventFields }),
)

const day = fc.oneof(fc.constantFrom(...DAYS), wallAt)
/** A query of up to four parameters, each a filter of its own kind. */
const query = fc
  .uniqueArray(
    fc.oneof(
      ...['start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after'].map((key) =>
        day.map((value) => [key, value] as const),
      ),
      fc.constant(['strict_dates', true] as const),
      fc
        .constantFrom('jazz', 'JAZ', 'Jazz talk', 'zz', 'é', 'ss', 'STRASSE', 'straße', 'p>x', '  ', 'a-b pi', 'no')
        .map((value) => ['search', value] as const),
      ...(
        [
          ['categories', [1, 2, 3, 4, 5, 6]],
          ['tags', TAGS],
          ['venue', VENUES],
          ['organizer', ORGANIZERS],
          ['include', [1000, 1001, 1002, 1003, 1010, 1020, 1030, 1040, 1050, 1060]],
        ] as const
      ).map(([key, ids]) => fc.subarray([...ids], { minLength: 1 }).map((picked) => [key, picked.join(',')] as const)),
      fc.tuple(fc.constantFrom('featured', 'ticketed'), fc.boolean()),
      fc
        .constantFrom('publish', 'draft,private', 'trash', 'future,pending,publish')
        .map((value) => ['status', value] as const),
    ),
    { selector: ([key]) => key, maxLength: 4 },
  )
  .map((entries) => Object.fromEntries(entries) as Record<string, unknown>)

const ADMIN: UserRecord = { id: 1, name: 'admin', role: 'administrator' }
const viewOf = (user: UserRecord | null): View => ({
  origin: 'http://x',
  base: 'http://x/calendar/events/v1',
  siteUrl: 'http://x',
  user,
  openMode: false,
})

/** Today's semantics, by scanning every event (docs/lists.md#event-list-dates, docs/lists.md#other-event-filters). */
function reference(calendar: Calendar, parsed: Record<string, unknown>, view: View, echo: QueryEcho) {
  const state = calendar.state
  const revision = state.settings.api_revision
  const extended = revision === 'extended'
  const statuses = listStatuses(view, parsed.status)
  // TEC compares wall times, whatever the zones: each as the same text read in UTC.
  const bound = (key: string) => {
    const wall = echo.pairs.find(([name]) => name === key)?.[1]
    return wall === undefined ? undefined : wallToInstant(wall, 'UTC')
  }
  const [min, endDate, before, after, endBefore, endAfter] = [
    'start_date',
    'end_date',
    'starts_before',
    'starts_after',
    'ends_before',
    'ends_after',
  ].map(bound)
  const times = (event: EventRecord) => ({
    start: wallToInstant(event.start_date, 'UTC'),
    end: wallToInstant(event.end_date, 'UTC'),
  })
  const inWindow = (event: EventRecord) => {
    const { start, end } = times(event)
    return (
      (min === undefined || start >= min) &&
      (after === undefined || start > after) &&
      (before === undefined || start < before) &&
      (endDate === undefined || start <= endDate) &&
      (!extended || endDate === undefined || end <= endDate) &&
      (endBefore === undefined || end < endBefore) &&
      (endAfter === undefined || end > endAfter)
    )
  }
  const ids = (param: unknown) => (param === undefined ? undefined : (param as unknown[]).map(Number))
  const descendants = (id: number): number[] => [
    id,
    ...CATEGORIES.filter((category) => category.parent === id).flatMap((category) => descendants(category.id)),
  ]
  const categories = ids(parsed.categories)?.flatMap(descendants)
  const tags = ids(parsed.tags)
  const venues = ids(parsed.venue)
  const organizers = ids(parsed.organizer)
  const search = String(parsed.search ?? '')
  const words = search.trim() === '' ? [] : search.toLowerCase().split(/\s+/u).filter(Boolean)
  const listed = (event: EventRecord) =>
    !event.hide_from_listings &&
    statuses.has(event.status) &&
    (!categories || event.categories.some((id) => categories.includes(id))) &&
    (!tags || event.tags.some((id) => tags.includes(id))) &&
    (!venues || (event.venue !== null && venues.includes(event.venue))) &&
    (!organizers || event.organizer.some((id) => organizers.includes(id))) &&
    words.every((word) => `${event.title}\n${event.excerpt}\n${event.description}`.toLowerCase().includes(word)) &&
    (parsed.featured === undefined || event.featured === parsed.featured) &&
    (!extended || parsed.ticketed === undefined || event.ticketed === parsed.ticketed)
  const all = [...state.events.values()]
  if (parsed.include) {
    const included = new Set(ids(parsed.include))
    return all
      .filter((event) => included.has(event.id) && inWindow(event) && listed(event))
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || a.id - b.id)
  }
  return all
    .filter((event) => inWindow(event) && listed(event))
    .sort((a, b) => times(a).start - times(b).start || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || a.id - b.id)
}

/** One write through the calendar; `undone` throws half-way, so the collection's undo runs. */
async function applyWrite(calendar: Calendar, change: WriteOp) {
  const ids = [...calendar.state.events.values()].map((event) => event.id)
  const picked = 'pick' in change ? ids[change.pick % Math.max(ids.length, 1)] : undefined
  const record = (id: number, fields: Fields) => ({
    ...calendar.state.events.get(ids[0] ?? id),
    ...eventData(id, fields),
  })
  if (change.op === 'create' && ids.length > 0) {
    await calendarCore(calendar).write((state) =>
      state.events.put(record(state.nextPostId(), change.fields) as EventRecord),
    )
  } else if (change.op === 'update' && picked !== undefined) {
    await calendarCore(calendar).write((state) => state.events.put(record(picked, change.fields) as EventRecord))
  } else if (change.op === 'delete' && picked !== undefined) {
    await calendarCore(calendar).write((state) => state.events.delete(picked))
  } else if (change.op === 'undone' && picked !== undefined) {
    const failing = calendarCore(calendar).write((state) => {
      state.events.put(record(picked, change.fields) as EventRecord)
      state.events.put(record(state.nextPostId(), change.fields) as EventRecord)
      state.events.delete(ids[(change.pick + 1) % ids.length] as number)
      throw new Error('half-way')
    })
    await expect(failing).rejects.toThrow('half-way')
  }
}
type WriteOp = typeof write extends fc.Arbitrary<infer T> ? T : never

describe('indexed event lists select what a scan of every event selects (issue 11, "Lists")', () => {
  it('total and every page, after random writes, for random queries, revisions and viewers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(eventFields, { minLength: 1, maxLength: 80, size: 'large' }),
        fc.array(write, { maxLength: 12 }),
        fc.array(fc.tuple(query, fc.boolean(), fc.integer({ min: 1, max: 7 })), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('extended' as const, 'earlier' as const),
        fc.boolean(),
        async (events, writes, queries, revision, indexFirst) => {
          const calendar = await openCalendar(null, {
            initial: JSON.stringify({
              settings: { timezone: ZONE, api_revision: revision },
              events: events.map((fields, at) => eventData(1000 + at, fields)),
              venues: VENUES.map((id) => ({ id, venue: `v${id}` })),
              organizers: ORGANIZERS.map((id) => ({ id, organizer: `o${id}` })),
              categories: CATEGORIES,
              tags: TAGS.map((id) => ({ id, name: `t${id}` })),
            }),
            now: () => NOW,
          })
          const select = (raw: Record<string, unknown>, view: View) =>
            selectEvents(calendar.state, v.parse(eventQuerySchema(revision), raw), view, NOW)
          // Built before the writes, the index is kept up to date by them; built after, it starts from them.
          if (indexFirst) select({ search: 'jazz' }, viewOf(null))
          for (const change of writes) await applyWrite(calendar, change)
          for (const [raw, admin, perPage] of queries) {
            const view = viewOf(admin ? ADMIN : null)
            const asked = admin ? raw : { ...raw, status: undefined }
            const parsed = v.parse(eventQuerySchema(revision), asked) as Record<string, unknown>
            const { events: selected, echo } = select(asked, view)
            const expected = reference(calendar, revision === 'extended' ? parsed : dropExtended(parsed), view, echo)
            expect(selected.length).toBe(expected.length)
            for (let from = 0; from <= expected.length; from += perPage) {
              const page = selected.slice(from, from + perPage).map((event) => event.id)
              expect(page).toEqual(expected.slice(from, from + perPage).map((event) => event.id))
            }
          }
          await calendar.close()
        },
      ),
      { numRuns: RUNS },
    )
  }, 120_000)
})

/** The earlier revision ignores the extended-only parameters (docs/http.md#revisions). */
function dropExtended(parsed: Record<string, unknown>): Record<string, unknown> {
  const kept = { ...parsed }
  for (const key of ['starts_before', 'starts_after', 'ends_before', 'ends_after', 'strict_dates', 'ticketed']) {
    delete kept[key]
  }
  return kept
}
