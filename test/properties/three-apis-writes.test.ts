/**
 * Any sequence of writes through any of the three REST APIs a TEC site serves — TEC's REST v1, `tec/v1` and
 * WordPress's `wp/v2` — leaves a data file that loads; with `tec_lossy_writes: false` the three APIs then agree on
 * every event's dates, venue, organizers and terms. A property (fast-check) over random sequences of 1 to 12 writes,
 * each through an API chosen at random, over a real data file in a temporary folder: event creates (dates, zone, a
 * venue, organizers, categories and tags among the records that exist by then, now and then an unknown ID or an end
 * before the start), event updates (both dates or one, venue, organizers, terms, title), trashes and deletes (with
 * and without `force`), venue, organizer, category and tag creates (terms through REST v1 and wp/v2: tec/v1 has no
 * term routes). three-apis.test.ts shows one record alike through the three; this one shows that no mix of writes
 * through them leaves a record they read apart, nor a file that does not load again.
 *
 * For every write:
 * - a JSON answer, and no 5xx: a refusal (a bad combination, an unknown ID, a trashed event) is a 4xx in WordPress's
 *   error shape `{code, message, data: {status}}`. tec/v1's handler answers its own failures as `{"error": "…"}`,
 *   with a 500 where TEC 6.17.2's repository fails ("Failed to create entity." for an event that ends before it
 *   starts, "Failed to update entity." for an update of a trashed event: docs/tec-v1.md#the-order-of-checks); those
 *   documented answers, and only those, are taken.
 * After the sequence, the calendar is closed (its writes finished) and the file opened again:
 * - it loads, with the same event IDs and the same records, key for key in the same order;
 * - every event, trashed ones included, reads through each API without a 5xx;
 * - with `tec_lossy_writes: false`, every event not in the trash reads through REST v1
 *   (`GET /wp-json/tribe/events/v1/events/<id>`), tec/v1 (`GET /wp-json/tec/v1/events/<id>`) and wp/v2
 *   (`GET /wp-json/wp/v2/tribe_events/<id>`) with the same wall and UTC dates, zone, venue ID, organizer IDs and
 *   category and tag IDs, which are the record's (its UTC dates worked out from its zone). With `true` the APIs lose
 *   data where TEC's do (docs/writes.md#lossy-writes-over-http), so only the file and the answers are checked.
 * `CALFILE_PROPERTY_RUNS` sets the number of runs of each property (default 50).
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { serializeState } from '../../src/core/cache/record-text.js'
import { type Calendar, openCalendar } from '../../src/core/calendar.js'
import { instantToWall, wallToInstant } from '../../src/core/dates/zoned.js'
import type { CalendarState } from '../../src/core/model/state.js'
import { tokenHash } from '../../src/core/model/users.js'
import { createApp } from '../../src/http/app.js'
import { tempDir } from '../cli/cli-helpers.js'
import { NOW } from '../helpers.js'
import { type Api, HEADERS, SITE, ZONES } from '../three-apis.js'

const RUNS = Number(process.env.CALFILE_PROPERTY_RUNS ?? 50)
/** An ID that names no record: what a pick of `UNKNOWN` sends. */
const NO_SUCH_ID = 987_654
/** A pick (`Pick`) that names no record, so that refusals of unknown IDs are among the writes. */
const UNKNOWN = 15

type Taxonomy = 'category' | 'tag'
/** A record among those of its kind when the write is sent: the `n`th by ID (modulo their number), `UNKNOWN` none. */
type Pick = number

interface Dates {
  start: string
  end: string
  timezone: (typeof ZONES)[number]
}

/** What an event write may set, each field optional on an update. */
interface EventFields {
  title?: string
  dates?: Dates
  /** Which dates an update sends: both, or one alone (docs/writes.md#an-update-given-one-date). */
  send?: 'both' | 'start' | 'end'
  /** null: no venue (a clear, on an update). */
  venue?: Pick | null
  organizers?: Pick[]
  categories?: Pick[]
  tags?: Pick[]
}

type Command =
  | { op: 'create-event'; api: Api; status: 'publish' | 'draft'; fields: EventFields & { title: string; dates: Dates } }
  | { op: 'update-event'; api: Api; target: Pick; fields: EventFields }
  | { op: 'delete-event'; api: Api; target: Pick; force: boolean }
  | { op: 'create-venue' | 'create-organizer'; api: Api; name: string }
  | { op: 'create-term'; api: Exclude<Api, 'tec-v1'>; taxonomy: Taxonomy; name: string }

const wall = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')
const API = fc.constantFrom<Api>('rest-v1', 'tec-v1', 'wp-v2')
const name = fc.stringMatching(/^[A-Za-z](?:[A-Za-z0-9]| [A-Za-z0-9]){0,12}$/u)
const pick: fc.Arbitrary<Pick> = fc.integer({ min: 0, max: UNKNOWN })
const picks = fc.array(pick, { maxLength: 3 })
const dates: fc.Arbitrary<Dates> = fc
  .record({
    // Whole minutes from 2027 on, so that every event is still to come under the frozen clock (2026-07-01).
    minute: fc.integer({ min: 0, max: 2 * 365 * 24 * 60 }),
    // Now and then an end before the start: REST v1 ends it at the start, wp/v2 refuses it, tec/v1 fails it.
    length: fc.oneof(
      { arbitrary: fc.integer({ min: 0, max: 3 * 24 * 60 }), weight: 9 },
      { arbitrary: fc.integer({ min: -600, max: -1 }), weight: 1 },
    ),
    timezone: fc.constantFrom(...ZONES),
  })
  .map(({ minute, length, timezone }) => {
    const start = Date.UTC(2027, 0, 1) + minute * 60_000
    return { start: wall(start), end: wall(start + length * 60_000), timezone }
  })
const links = {
  venue: fc.option(pick, { nil: null }),
  organizers: picks,
  categories: picks,
  tags: picks,
}

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('create-event' as const),
      api: API,
      status: fc.constantFrom('publish' as const, 'publish' as const, 'draft' as const),
      fields: fc.record({ title: name, dates, ...links }, { requiredKeys: ['title', 'dates'] }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('update-event' as const),
      api: API,
      target: pick,
      fields: fc.record(
        {
          title: name,
          dates,
          send: fc.constantFrom('both' as const, 'both' as const, 'start' as const, 'end' as const),
          ...links,
        },
        { requiredKeys: [] },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('delete-event' as const), api: API, target: pick, force: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constantFrom('create-venue' as const, 'create-organizer' as const), api: API, name }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('create-term' as const),
      api: fc.constantFrom('rest-v1' as const, 'wp-v2' as const),
      taxonomy: fc.constantFrom<Taxonomy>('category', 'tag'),
      name,
    }),
  },
)

/** The data file a run starts from: a venue, two organizers, a category, a tag and an event that has them all. */
function initialFile(lossy: boolean): string {
  return `${JSON.stringify(
    {
      settings: { timezone: 'America/New_York', tec_version: '6.17', tec_lossy_writes: lossy },
      users: [{ id: 1, name: 'admin', role: 'administrator', token_sha256: tokenHash('tok-admin') }],
      events: [
        {
          id: 20,
          title: 'Seed',
          start_date: '2027-03-01 19:00:00',
          end_date: '2027-03-01 21:00:00',
          timezone: 'America/New_York',
          venue: 11,
          organizer: [12],
          categories: [3],
          tags: [4],
          date: '2026-06-01 09:00:00',
        },
      ],
      venues: [{ id: 11, venue: 'Blue Room', city: 'Boston', date: '2026-05-01 10:00:00' }],
      organizers: [
        { id: 12, organizer: 'Jazz Society', date: '2026-05-01 10:00:00' },
        { id: 13, organizer: 'Blues Club', date: '2026-05-01 10:00:00' },
      ],
      categories: [{ id: 3, name: 'Music', slug: 'music', parent: 0 }],
      tags: [{ id: 4, name: 'loud', slug: 'loud' }],
    },
    null,
    2,
  )}\n`
}

/** The IDs of a kind's records in `state`, in ID order. */
function idsOf(state: CalendarState, kind: 'events' | 'venues' | 'organizers' | 'categories' | 'tags'): number[] {
  return [...state[kind].values()].map((record) => record.id).sort((a, b) => a - b)
}

/** The ID a pick names now. */
function resolve(list: readonly number[], n: Pick): number {
  return n === UNKNOWN || list.length === 0 ? NO_SUCH_ID : (list[n % list.length] as number)
}

/** An event write's fields as IDs, for the records of `state`. */
function eventIds(state: CalendarState, fields: EventFields) {
  const many = (kind: 'organizers' | 'categories' | 'tags', list: Pick[] | undefined) =>
    list === undefined ? undefined : [...new Set(list.map((n) => resolve(idsOf(state, kind), n)))]
  return {
    venue:
      fields.venue === undefined
        ? undefined
        : fields.venue === null
          ? null
          : resolve(idsOf(state, 'venues'), fields.venue),
    organizers: many('organizers', fields.organizers),
    categories: many('categories', fields.categories),
    tags: many('tags', fields.tags),
  }
}

/** Leaves out the keys whose value is undefined. */
function defined(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined))
}

/** The dates an event write sends, as the fields `start`, `end` and `zone` name them in an API. */
function sentDates(fields: EventFields, start: string, end: string, zone: string): Record<string, unknown> {
  if (!fields.dates) return {}
  const send = fields.send ?? 'both'
  return defined({
    [start]: send === 'end' ? undefined : fields.dates.start,
    [end]: send === 'start' ? undefined : fields.dates.end,
    [zone]: fields.dates.timezone,
  })
}

/** An event write's body in `api`'s form. */
function eventBody(api: Api, state: CalendarState, fields: EventFields): Record<string, unknown> {
  const { venue, organizers, categories, tags } = eventIds(state, fields)
  if (api === 'rest-v1')
    return defined({
      title: fields.title,
      ...sentDates(fields, 'start_date', 'end_date', 'timezone'),
      venue: venue === null ? 0 : venue,
      organizer: organizers,
      categories,
      tags,
    })
  if (api === 'tec-v1')
    return defined({
      title: fields.title,
      ...sentDates(fields, 'start_date', 'end_date', 'timezone'),
      // tec/v1 cannot clear a venue: `venues: []` leaves it (docs/tec-v1.md).
      venues: venue === undefined ? undefined : venue === null ? [] : [venue],
      organizers,
      tribe_events_cat: categories,
      tags,
    })
  const meta = defined({
    ...sentDates(fields, '_EventStartDate', '_EventEndDate', '_EventTimezone'),
    _EventVenueID: venue === undefined ? undefined : venue === null ? [] : [venue],
    _EventOrganizerID: organizers,
  })
  return defined({
    title: fields.title,
    ...(Object.keys(meta).length > 0 ? { meta } : {}),
    tribe_events_cat: categories,
    tags,
  })
}

const EVENTS: Record<Api, string> = {
  'rest-v1': '/wp-json/tribe/events/v1/events',
  'tec-v1': '/wp-json/tec/v1/events',
  'wp-v2': '/wp-json/wp/v2/tribe_events',
}

/** The method, path and body of a command against the records of `state`. */
function request(state: CalendarState, step: Command): [string, string, object?] {
  const events = idsOf(state, 'events')
  switch (step.op) {
    case 'create-event': {
      const body = eventBody(step.api, state, step.fields)
      return ['POST', EVENTS[step.api], { ...body, status: step.status }]
    }
    case 'update-event': {
      const path = `${EVENTS[step.api]}/${resolve(events, step.target)}`
      // tec/v1 updates with `PUT` and `PATCH` only.
      return [step.api === 'tec-v1' ? 'PATCH' : 'POST', path, eventBody(step.api, state, step.fields)]
    }
    case 'delete-event':
      // REST v1 takes no `force`, and trashes either way (docs/errors.md#delete-and-trash).
      return ['DELETE', `${EVENTS[step.api]}/${resolve(events, step.target)}${step.force ? '?force=true' : ''}`]
    case 'create-venue':
    case 'create-organizer': {
      const kind = step.op === 'create-venue' ? 'venue' : 'organizer'
      if (step.api === 'rest-v1') return ['POST', `/wp-json/tribe/events/v1/${kind}s`, { [kind]: step.name }]
      if (step.api === 'tec-v1') return ['POST', `/wp-json/tec/v1/${kind}s`, { title: step.name, status: 'publish' }]
      return ['POST', `/wp-json/wp/v2/tribe_${kind}`, { title: step.name, status: 'publish' }]
    }
    case 'create-term': {
      const base =
        step.api === 'rest-v1'
          ? `/wp-json/tribe/events/v1/${step.taxonomy === 'category' ? 'categories' : 'tags'}`
          : `/wp-json/wp/v2/${step.taxonomy === 'category' ? 'tribe_events_cat' : 'tags'}`
      return ['POST', base, { name: step.name }]
    }
  }
}

/**
 * tec/v1's handler failures (`{"error": "…"}`, docs/tec-v1.md#the-order-of-checks), by status: TEC 6.17.2's answers,
 * its 500s among them, reproduced on purpose.
 */
const TEC_V1_HANDLER_ERRORS: Readonly<Record<number, readonly string[]>> = {
  404: ['The entity could not be updated.', 'The entity could not be deleted.'],
  410: ['The entity has already been trashed.'],
  500: ['Failed to create entity.', 'Failed to update entity.'],
}

type Send = (method: string, path: string, body?: object) => Promise<{ status: number; body: any }>

function client(calendar: Calendar): Send {
  const app = createApp(calendar)
  return async (method, path, body) => {
    const init = { method, headers: HEADERS, ...(body ? { body: JSON.stringify(body) } : {}) }
    const response = await app.request(`${SITE}${path}`, init)
    const text = await response.text()
    const what = `${method} ${path} ${body ? JSON.stringify(body) : ''}\n→ ${response.status} ${text.slice(0, 400)}`
    let parsed: any
    expect(() => (parsed = JSON.parse(text)), what).not.toThrow()
    return { status: response.status, body: parsed }
  }
}

/** A write's answer: 2xx, a 4xx in WordPress's error shape, or one of tec/v1's handler failures. */
function expectAnswer(step: Command, call: [string, string, object?], answer: { status: number; body: any }): void {
  const what = `${call[0]} ${call[1]} ${JSON.stringify(call[2] ?? '')}\n→ ${answer.status} ${JSON.stringify(answer.body)}`
  if (answer.status >= 200 && answer.status < 300) return
  if (step.api === 'tec-v1' && answer.body !== null && typeof answer.body === 'object' && 'error' in answer.body) {
    expect(TEC_V1_HANDLER_ERRORS[answer.status], what).toContain(answer.body.error)
    expect(Object.keys(answer.body), what).toEqual(['error'])
    return
  }
  expect(answer.status, what).toBeGreaterThanOrEqual(400)
  expect(answer.status, what).toBeLessThan(500)
  expect(answer.body, what).toMatchObject({
    code: expect.any(String),
    message: expect.any(String),
    data: { status: answer.status },
  })
}

/** What each API shows of an event's dates and links, in one form. */
function facts(api: Api, body: any) {
  if (api === 'rest-v1')
    return {
      start: body.start_date,
      end: body.end_date,
      startUtc: body.utc_start_date,
      endUtc: body.utc_end_date,
      timezone: body.timezone,
      venue: Array.isArray(body.venue) ? null : body.venue.id,
      organizers: body.organizer.map((organizer: { id: number }) => organizer.id),
      categories: body.categories.map((term: { id: number }) => term.id),
      tags: body.tags.map((term: { id: number }) => term.id),
    }
  if (api === 'tec-v1')
    return {
      start: body.start_date,
      end: body.end_date,
      startUtc: body.start_date_utc,
      endUtc: body.end_date_utc,
      timezone: body.timezone,
      venue: body.venues[0]?.id ?? null,
      organizers: body.organizers.map((organizer: { id: number }) => organizer.id),
      categories: body.tribe_events_cat,
      tags: body.tags,
    }
  return {
    start: body.meta._EventStartDate,
    end: body.meta._EventEndDate,
    startUtc: body.meta._EventStartDateUTC,
    endUtc: body.meta._EventEndDateUTC,
    timezone: body.meta._EventTimezone,
    venue: body.meta._EventVenueID[0] ?? null,
    organizers: body.meta._EventOrganizerID,
    categories: body.tribe_events_cat,
    tags: body.tags,
  }
}

/** Every event of `calendar`, in the trash or not, reads through each API without a 5xx, as JSON. */
async function expectReadable(calendar: Calendar, log: string): Promise<void> {
  const send = client(calendar)
  for (const event of calendar.state.events.values())
    for (const api of ['rest-v1', 'tec-v1', 'wp-v2'] as const) {
      const answer = await send('GET', `${EVENTS[api]}/${event.id}`)
      expect(answer.status, `${log}\nGET ${api} event ${event.id}: ${JSON.stringify(answer.body)}`).toBeLessThan(500)
    }
}

/** A wall time of `zone` as the UTC wall time of the same instant. */
const utc = (at: string, zone: string) => instantToWall(wallToInstant(at, zone), 'UTC')

/** The three APIs of `calendar` agree on every event not in the trash, and show what its record holds. */
async function expectAgreement(calendar: Calendar, log: string): Promise<void> {
  const send = client(calendar)
  for (const event of calendar.state.events.values()) {
    if (event.status === 'trash') continue
    const readAs = async (api: Api) => {
      const answer = await send('GET', `${EVENTS[api]}/${event.id}`)
      expect(answer.status, `${log}\nGET ${api} event ${event.id}: ${JSON.stringify(answer.body)}`).toBe(200)
      return facts(api, answer.body)
    }
    const [v1, tec, wp] = await Promise.all([readAs('rest-v1'), readAs('tec-v1'), readAs('wp-v2')])
    const what = `${log}\nevent ${event.id}: ${JSON.stringify({ v1, tec, wp }, null, 1)}`
    expect(tec, what).toEqual(v1)
    expect(wp, what).toEqual(v1)
    const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b)
    expect(
      {
        start: v1.start,
        end: v1.end,
        startUtc: v1.startUtc,
        endUtc: v1.endUtc,
        timezone: v1.timezone,
        venue: v1.venue,
        organizers: v1.organizers,
        categories: sorted(v1.categories),
        tags: sorted(v1.tags),
      },
      what,
    ).toEqual({
      start: event.start_date,
      end: event.end_date,
      startUtc: utc(event.start_date, event.timezone),
      endUtc: utc(event.end_date, event.timezone),
      timezone: event.timezone,
      venue: event.venue,
      organizers: event.organizer,
      categories: sorted(event.categories),
      tags: sorted(event.tags),
    })
  }
}

let folder: string
let runs = 0
beforeAll(async () => {
  folder = await tempDir()
})

/** Runs `steps` over a new data file, then closes it and opens it again; checks the three APIs agree unless lossy. */
async function run(lossy: boolean, steps: Command[]): Promise<void> {
  const file = join(folder, `calendar-${++runs}.json`)
  await writeFile(file, initialFile(lossy))
  const calendar = await openCalendar(file, { now: () => NOW })
  const lines: string[] = []
  try {
    const send = client(calendar)
    for (const step of steps) {
      const call = request(calendar.state, step)
      const answer = await send(...call)
      lines.push(`${call[0]} ${call[1]} ${JSON.stringify(call[2] ?? '')} → ${answer.status}`)
      expectAnswer(step, call, answer)
    }
  } finally {
    await calendar.close()
  }
  const log = lines.join('\n')
  const written = calendar.state
  const reopened = await openCalendar(file, { now: () => NOW })
  try {
    expect(idsOf(reopened.state, 'events'), log).toEqual(idsOf(written, 'events'))
    // The same records, key for key in the same order: the text a reload then a write would save.
    expect(serializeState(reopened.state), log).toBe(serializeState(written))
    await expectReadable(reopened, log)
    if (!lossy) await expectAgreement(reopened, log)
  } finally {
    await reopened.close()
  }
}

const sequence = fc.array(command, { minLength: 1, maxLength: 12 })

describe('writes through REST v1, tec/v1 and wp/v2 in any order', () => {
  it('leave a file that loads, the three APIs agreeing on each event (tec_lossy_writes: false)', async () => {
    await fc.assert(
      fc.asyncProperty(sequence, (steps) => run(false, steps)),
      { numRuns: RUNS },
    )
  })

  it("leave a file that loads under TEC's lossy writes (tec_lossy_writes: true)", async () => {
    await fc.assert(
      fc.asyncProperty(sequence, (steps) => run(true, steps)),
      { numRuns: RUNS },
    )
  })
})
