/**
 * The three REST APIs a TEC site serves over the same events — TEC's REST v1, `tec/v1` and WordPress's `wp/v2` —
 * are three faces of one record in calfile: an event written through any of them, then changed through another,
 * reads the same through all three (its dates, zone, UTC dates, title and status) and is in the lists of all three.
 * A property over written events (fast-check), with `tec_lossy_writes` false so that no API's lossy rule applies.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { instantToWall, wallToInstant } from '../../src/core/dates/zoned.js'
import { tokenHash } from '../../src/core/model/users.js'
import { createApp } from '../../src/http/app.js'
import { NOW } from '../helpers.js'
import { type Api, HEADERS, SITE, ZONES } from '../three-apis.js'

/** An event as a client sends it, before any API's form. */
interface Spec {
  title: string
  start: string
  end: string
  timezone: (typeof ZONES)[number]
}

const wall = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')
const spec: fc.Arbitrary<Spec> = fc
  .record({
    // Words apart by one space: a title's runs of spaces are one in every API, as WordPress stores them.
    title: fc.stringMatching(/^[A-Za-z](?:[A-Za-z0-9]| [A-Za-z0-9]){0,20}$/u),
    // Whole minutes from 2027 on, so that every event is still to come under the frozen clock.
    minute: fc.integer({ min: 0, max: 2 * 365 * 24 * 60 }),
    length: fc.integer({ min: 1, max: 3 * 24 * 60 }),
    timezone: fc.constantFrom(...ZONES),
  })
  .map(({ title, minute, length, timezone }) => {
    const start = Date.UTC(2027, 0, 1) + minute * 60_000
    return { title, start: wall(start), end: wall(start + length * 60_000), timezone }
  })

/** The path and body of a create through `api`. */
function created(api: Api, event: Spec): [string, object] {
  if (api === 'wp-v2')
    return [
      '/wp-json/wp/v2/tribe_events',
      {
        title: event.title,
        status: 'publish',
        meta: { _EventStartDate: event.start, _EventEndDate: event.end, _EventTimezone: event.timezone },
      },
    ]
  const body = { title: event.title, start_date: event.start, end_date: event.end, timezone: event.timezone }
  return api === 'rest-v1'
    ? ['/wp-json/tribe/events/v1/events', body]
    : ['/wp-json/tec/v1/events', { ...body, status: 'publish' }]
}

/** The method, path and body of a title change through `api` (tec/v1 updates with `PUT` and `PATCH` only). */
function retitled(api: Api, id: number, title: string): [string, string, object] {
  if (api === 'wp-v2') return ['POST', `/wp-json/wp/v2/tribe_events/${id}`, { title }]
  if (api === 'tec-v1') return ['PATCH', `/wp-json/tec/v1/events/${id}`, { title }]
  return ['POST', `/wp-json/tribe/events/v1/events/${id}`, { title }]
}

async function site() {
  const initial = JSON.stringify({
    settings: { timezone: 'America/New_York', tec_version: '6.17', tec_lossy_writes: false },
    users: [{ id: 1, name: 'admin', role: 'administrator', token_sha256: tokenHash('tok-admin') }],
  })
  const app = createApp(await openCalendar(null, { initial, now: () => NOW }))
  return async (method: string, path: string, body?: object) => {
    const init = { method, headers: HEADERS, ...(body ? { body: JSON.stringify(body) } : {}) }
    const res = await app.request(`${SITE}${path}`, init)
    return { status: res.status, body: (await res.json()) as any }
  }
}

const API = fc.constantFrom<Api>('rest-v1', 'tec-v1', 'wp-v2')

describe('REST v1, tec/v1 and wp/v2 over one record', () => {
  it('show an event written through one and changed through another alike, and list it', async () => {
    await fc.assert(
      fc.asyncProperty(
        spec,
        API,
        API,
        fc.string({ minLength: 1, maxLength: 12 }),
        async (event, writer, editor, word) => {
          const send = await site()
          const made = await send('POST', ...created(writer, event))
          expect(made.status).toBe(201)
          const title = `${event.title} ${word.replace(/[^A-Za-z0-9]/gu, '') || 'x'}`
          expect((await send(...retitled(editor, made.body.id, title))).status).toBe(200)
          const id = made.body.id as number
          const v1 = (await send('GET', `/wp-json/tribe/events/v1/events/${id}`)).body
          const tec = (await send('GET', `/wp-json/tec/v1/events/${id}`)).body
          const wp = (await send('GET', `/wp-json/wp/v2/tribe_events/${id}`)).body
          const utc = (at: string) => instantToWall(wallToInstant(at, event.timezone), 'UTC')
          expect([v1.start_date, tec.start_date, wp.meta._EventStartDate]).toEqual(Array(3).fill(event.start))
          expect([v1.end_date, tec.end_date, wp.meta._EventEndDate]).toEqual(Array(3).fill(event.end))
          expect([v1.timezone, tec.timezone, wp.meta._EventTimezone]).toEqual(Array(3).fill(event.timezone))
          expect([v1.utc_start_date, tec.start_date_utc, wp.meta._EventStartDateUTC]).toEqual(
            Array(3).fill(utc(event.start)),
          )
          expect([v1.utc_end_date, tec.end_date_utc, wp.meta._EventEndDateUTC]).toEqual(Array(3).fill(utc(event.end)))
          expect([v1.title, tec.title.rendered, wp.title.rendered]).toEqual(Array(3).fill(title))
          expect([v1.status, tec.status, wp.status]).toEqual(['publish', 'publish', 'publish'])
          const lists = await Promise.all([
            send('GET', '/wp-json/tribe/events/v1/events?start_date=2027-01-01&end_date=2029-12-31'),
            send('GET', '/wp-json/tec/v1/events?starts_after=2026-12-31 00:00:00'),
            send('GET', '/wp-json/wp/v2/tribe_events'),
          ])
          const ids = lists.map(({ body }) =>
            (Array.isArray(body) ? body : body.events).map((item: { id: number }) => item.id),
          )
          expect(ids).toEqual([[id], [id], [id]])
        },
      ),
      { numRuns: 30 },
    )
  })
})
