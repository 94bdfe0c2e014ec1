import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DocumentError } from '../../src/core/document/error.js'
import { createTestCalendar, type TestCalendar } from '../../src/testing/index.js'
import { tempDir } from '../cli/cli-helpers.js'

const P = '/calendar/events/v1'
const NOW = '2026-07-01T12:00:00Z'
const SMALL = 'fixtures/small.json'

/** Closed after each test, whatever it made. */
const made: TestCalendar[] = []
async function make(...args: Parameters<typeof createTestCalendar>): Promise<TestCalendar> {
  const cal = await createTestCalendar(...args)
  made.push(cal)
  return cal
}
afterEach(async () => {
  for (const cal of made.splice(0)) await cal.close()
})

async function listedIds(cal: TestCalendar): Promise<number[]> {
  const res = await cal.fetch(`${P}/events`)
  expect(res.status).toBe(200)
  return ((await res.json()).events as Array<{ id: number }>).map((event) => event.id)
}

describe('createTestCalendar: fixtures', () => {
  it('reads a data file by path, relative to the working folder or as a file: URL', async () => {
    for (const path of [SMALL, new URL('../../fixtures/small.json', import.meta.url)]) {
      const cal = await make(path, { now: NOW })
      expect(await listedIds(cal)).toEqual([10])
      const venue = await (await cal.fetch(`${P}/venues/11`)).json()
      expect(venue.venue).toBe('Blue Room')
    }
  })

  it('takes a data file object or its JSON text', async () => {
    const data = {
      settings: { timezone: 'Europe/Paris' },
      events: [{ id: 5, title: 'Fête', start_date: '2026-07-14 21:00:00', end_date: '2026-07-14 23:00:00' }],
    }
    for (const source of [data, JSON.stringify(data, null, 2)]) {
      const cal = await make(source, { now: NOW })
      const event = await (await cal.fetch(`${P}/events/5`)).json()
      expect(event).toMatchObject({ title: 'Fête', timezone: 'Europe/Paris', utc_start_date: '2026-07-14 19:00:00' })
    }
  })

  it('builds the data file from a folder of saved TEC responses, as calfile init --from does', async () => {
    const cal = await make('fixtures/tec', { now: '2022-08-10T12:00:00Z' })
    const { calendar } = cal
    // 24 Beltline events, 20 Detroit ones, and the two single-event captures.
    expect(calendar.state.events.size).toBe(46)
    expect(calendar.state.siteTimezone).toBe('America/New_York')
    const event = await (await cal.fetch(`${P}/events/61638`)).json()
    expect(event.title).toBe('Atlanta BeltLine, Inc. Board of Directors Meeting')
    expect(event.start_date).toBe('2022-08-10 08:30:00')
    expect(await listedIds(cal)).toContain(61638)
  })

  it('builds the data file from one saved TEC response, list or single record', async () => {
    const list = await make('fixtures/tec/atl_beltline_events.json', { now: '2022-08-10T12:00:00Z' })
    expect(list.calendar.state.events.size).toBe(24)
    expect((await (await list.fetch(`${P}/events/61638`)).json()).start_date).toBe('2022-08-10 08:30:00')
    const venue = await make('fixtures/tec/atlbyday_venue_6575.json', { now: '2022-08-10T12:00:00Z' })
    expect([...venue.calendar.state.venues.values()].map((v) => v.id)).toEqual([6575])
    // A data file that holds events is no capture: it is read as it is.
    const data = await make('fixtures/small.json', { now: NOW })
    expect((await (await data.fetch(`${P}/events/10`)).json()).title).toBe('Jazz night')
  })

  it('passes the site time zone over the fixture one', async () => {
    const cal = await make(SMALL, { now: NOW, timezone: 'Asia/Tokyo' })
    expect(cal.calendar.state.siteTimezone).toBe('Asia/Tokyo')
  })

  it('names what is wrong with a fixture', async () => {
    await expect(createTestCalendar('fixtures/missing.json')).rejects.toThrow(
      'no fixture at "fixtures/missing.json": give a data file (.json), a saved TEC response or a folder of them',
    )
    await expect(createTestCalendar(42 as never)).rejects.toThrow(
      'a fixture is a path, a data file object or its JSON text; got 42',
    )
    await expect(createTestCalendar([] as never)).rejects.toThrow('got []')
    await expect(createTestCalendar({}, { now: 'yesterday' })).rejects.toThrow('not an ISO 8601 instant')
    const invalid = createTestCalendar({ events: [{ title: 'No dates' }] } as never)
    await expect(invalid).rejects.toBeInstanceOf(DocumentError)
    await expect(invalid).rejects.toThrow(/^the fixture object is invalid \(2 problems\):\nevents\[0\]\.start_date/)
    await expect(createTestCalendar('{"events": 3}')).rejects.toThrow(/^the fixture text is invalid \(1 problem\)/)
  })

  it('names a fixture file that is no valid data file by its path', async () => {
    const path = join(await tempDir(), 'bad.json')
    await writeFile(path, '{\n  "events": [{ "title": "x", "start_date": "soon", "end_date": "later" }]\n}\n')
    const error = await createTestCalendar(path).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DocumentError)
    expect((error as DocumentError).message).toBe(
      `${path} is invalid (2 problems):\n` +
        'events[0].start_date: expected "YYYY-MM-DD HH:MM:SS", got "soon" (line 2, col 44)\n' +
        'events[0].end_date: expected "YYYY-MM-DD HH:MM:SS", got "later" (line 2, col 64)',
    )
  })
})

describe('createTestCalendar: clock', () => {
  it('moves the default window of GET /events: an event leaves it once over, and enters it again', async () => {
    // Event 10: 2026-07-04 20:00–23:00 in New York. The default window runs from the day before "now" on.
    const cal = await make(SMALL, { now: NOW })
    expect(await listedIds(cal)).toEqual([10])
    cal.clock.advance('3d')
    expect(await listedIds(cal)).toEqual([10])
    cal.clock.advance('2d') // 2026-07-06: the window starts on the 5th
    expect(await listedIds(cal)).toEqual([])
    cal.clock.set('2026-07-04T12:00:00Z')
    expect(await listedIds(cal)).toEqual([10])
    cal.clock.set(Date.UTC(2020, 0, 1)) // the window ends two years on, before the event
    expect(await listedIds(cal)).toEqual([])
  })

  it('dates new records by the frozen clock', async () => {
    const cal = await make(SMALL, { now: NOW })
    cal.clock.advance('2h')
    const res = await cal.fetch(`${P}/venues`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ venue: 'Green Room' }),
    })
    expect(res.status).toBe(201)
    expect((await res.json()).date_utc).toBe('2026-07-01 14:00:00')
  })
})

describe('createTestCalendar: requests', () => {
  it('fetches a path or a full URL in-process, the answer taking the URL origin', async () => {
    const { fetch } = await make(SMALL, { now: NOW })
    const byPath = await (await fetch(`${P}/events`)).json()
    expect(byPath.rest_url).toMatch(/^http:\/\/localhost\/calendar\/events\/v1\/events\//)
    const byUrl = await (await fetch(`https://events.example.org${P}/events?per_page=1`)).json()
    expect(byUrl.rest_url).toMatch(/^https:\/\/events\.example\.org\/calendar\/events\/v1\/events\//)
    const byRequest = await fetch(new Request(`http://localhost${P}/events/10`, { method: 'HEAD' }))
    expect(byRequest.status).toBe(200)
    expect((await fetch('/wp-json/tribe/events/v1/events/10')).status).toBe(200)
  })

  it('serves over a real port only when url() is called, and close() stops it', async () => {
    const cal = await createTestCalendar(SMALL, { now: NOW })
    const url = await cal.url(`${P}/events`)
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/calendar\/events\/v1\/events$/)
    expect(await cal.url()).toBe(new URL(url).origin)
    const res = await fetch(url)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.total).toBe(1)
    expect(body.rest_url.startsWith(new URL(url).origin)).toBe(true)
    await cal.close()
    await expect(fetch(url)).rejects.toThrow()
  })
})

describe('createTestCalendar: reset', () => {
  it('puts back the fixture and the clock after a POST and a DELETE', async () => {
    const { fetch, clock, reset, calendar } = await make(SMALL, { now: NOW })
    const created = await fetch(`${P}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Temp', start_date: '2026-07-02 10:00:00', end_date: '2026-07-02 11:00:00' }),
    })
    expect(created.status).toBe(201)
    const { id } = await created.json()
    expect((await fetch(`${P}/events/10`, { method: 'DELETE' })).status).toBe(200)
    clock.advance('1d')
    expect(await listedIds({ fetch } as TestCalendar)).toEqual([id])

    await reset()
    expect(clock.now()).toBe(Date.parse(NOW))
    expect(await listedIds({ fetch } as TestCalendar)).toEqual([10])
    expect((await fetch(`${P}/events/${id}`)).status).toBe(404)
    const event = await (await fetch(`${P}/events/10`)).json()
    expect(event).toMatchObject({ title: 'Jazz night', venue: { id: 11 }, cost: '$23' })
    expect((await (await fetch(`${P}/categories/3`)).json()).count).toBe(1)
    // New IDs start again where the fixture left them.
    const again = await calendar.events.create({
      title: 'Again',
      start_date: '2026-07-02 10:00:00',
      end_date: '2026-07-02 11:00:00',
    })
    expect(again.id).toBe(id)
  })

  // How fast a reset is lives in bench/reset.ts (speed targets are benchmarks, never timed tests).
  it('resets a 200-event fixture again and again after deletes', async () => {
    const events = Array.from({ length: 200 }, (_, i) => ({
      id: i + 1,
      title: `Event ${i}`,
      start_date: `2026-07-${String((i % 28) + 1).padStart(2, '0')} 10:00:00`,
      end_date: `2026-07-${String((i % 28) + 1).padStart(2, '0')} 11:00:00`,
    }))
    const cal = await make({ events }, { now: NOW })
    for (let run = 0; run < 31; run++) {
      await cal.calendar.events.delete(run + 1, { force: true })
      expect(cal.calendar.state.events.size).toBe(199)
      await cal.reset()
      expect(cal.calendar.state.events.size).toBe(200)
    }
  })

  it('leaves a file fixture untouched', async () => {
    const before = readFileSync(SMALL, 'utf8')
    const cal = await make(SMALL, { now: NOW })
    await cal.calendar.events.delete(10, { force: true })
    await cal.reset()
    expect(cal.calendar.file).toBeNull()
    expect(readFileSync(SMALL, 'utf8')).toBe(before)
  })
})
