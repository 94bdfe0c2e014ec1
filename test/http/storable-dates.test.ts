/**
 * Issue 9 §1: every date calfile takes in is one it can show, as wall time in its zone and as an instant in UTC
 * (years 0000–9999 both). Refused with 400 `rest_invalid_param` naming the field, with nothing left behind; the
 * data file's loader, `calfile validate` and the TEC import refuse the same values with their location, so a file
 * that loads can always be served. Site zone of the fixture: America/New_York (west of UTC).
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { serializeState } from '../../src/core/cache/record-text.js'
import { DocumentError } from '../../src/core/document/error.js'
import { loadDocument } from '../../src/core/document/load.js'
import { importTec } from '../../src/tec/tec.js'
import { runCli, tempDir } from '../cli/cli-helpers.js'
import { expectInvalid } from '../expect.js'
import { fixture, open } from '../helpers.js'

type Opened = Awaited<ReturnType<typeof open>>
let calendar: Opened['calendar']
let request: Opened['request']

beforeEach(async () => {
  ;({ calendar, request } = await open(fixture('resources-linked.json')))
})

/** The write is refused naming `field`, and the state is byte for byte what it was. */
async function expectRefused(method: string, path: string, body: unknown, field: string) {
  const before = serializeState(calendar.state)
  expectInvalid(await request(method, path, body), field)
  expect(serializeState(calendar.state)).toBe(before)
}

/** Every read of venues, organizers and events still answers 200. */
async function expectServable() {
  for (const path of [
    '/venues',
    '/venues/101',
    '/organizers',
    '/organizers/201',
    '/events',
    '/events/301',
    '/events?status=publish,draft,pending,private&per_page=50',
  ]) {
    expect((await request('GET', path)).status, path).toBe(200)
  }
}

const EVENT = { title: 'Edge', start_date: '2026-08-01 10:00:00', end_date: '2026-08-01 11:00:00' }

describe('venues and organizers: date and date_utc (issue 9 §1)', () => {
  it.each([
    ['/venues/101', { date: '9999-12-31 23:59:59' }, 'date'],
    ['/venues/101', { date: '9999-12-31T23:00:00-04:00' }, 'date'],
    ['/venues/101', { date_utc: '0000-01-01 00:00:00' }, 'date_utc'],
    ['/organizers/201', { date: '9999-12-31 23:59:59' }, 'date'],
    ['/organizers/201', { date_utc: '0000-01-01 02:00:00' }, 'date_utc'],
  ])('POST %s %j is a 400 naming the field; every list and single read still answers', async (path, body, field) => {
    await expectRefused('POST', path, body, field)
    await expectRefused(
      'POST',
      path.replace(/\/\d+$/u, ''),
      { [path.startsWith('/venues') ? 'venue' : 'organizer']: 'New', ...body },
      field,
    )
    await expectServable()
  })

  it('the last and first instants that fit are taken (New York: 9999-12-31 18:59:59 EST; 0000-01-01 on its local mean time)', async () => {
    // Created: an update over HTTP changes only the date it is sent, as TEC's does (docs/writes.md).
    const last = await request('POST', '/venues', { venue: 'Last', date: '9999-12-31 18:59:59' })
    expect(last.status).toBe(201)
    expect(last.body.date_utc).toBe('9999-12-31 23:59:59')
    const first = await request('POST', '/organizers', { organizer: 'First', date_utc: '0000-01-01 04:56:02' })
    expect(first.status).toBe(201)
    expect(first.body.date).toBe('0000-01-01 00:00:00')
    await expectServable()
  })
})

describe('events: start_date, end_date, date, timezone, all_day (issue 9 §1)', () => {
  it.each([
    [{ start_date: '0000-01-01 00:00:00', end_date: '0000-01-01 01:00:00', timezone: 'Asia/Kolkata' }, 'start_date'],
    [{ end_date: '9999-12-31 23:59:59' }, 'end_date'],
    [{ start_date: '9999-12-31 10:00:00', end_date: '9999-12-31 18:00:00', all_day: true }, 'end_date'],
    [{ start_date: '9999-12-31T23:00:00Z', end_date: '9999-12-31T23:30:00Z', timezone: 'Asia/Tokyo' }, 'start_date'],
    [{ start_date: '0000-01-01 05:00:00', end_date: '0000-01-01 06:00:00', timezone: 'UTC+14' }, 'start_date'],
    [{ start_date: '-62167219300', end_date: '2026-08-01 11:00:00' }, 'start_date'],
    [{ date: '9999-12-31 23:59:59' }, 'date'],
    [{ date_utc: '0000-01-01 00:00:00' }, 'date_utc'],
  ])('create with %j is a 400 naming %s', async (fields, field) => {
    await expectRefused('POST', '/events', { ...EVENT, ...fields }, field)
    await expectServable()
  })

  it('update: a new zone or all_day that pushes a stored date out of range is a 400 on that date', async () => {
    // West of UTC the first day of year 0000 fits; east of UTC it is still year -1 in UTC.
    expect(
      (await request('PUT', '/events/301', { start_date: '0000-01-01 00:00:00', end_date: '0000-01-01 01:00:00' }))
        .status,
    ).toBe(200)
    await expectRefused('PATCH', '/events/301', { timezone: 'Asia/Kolkata' }, 'start_date')
    expect(
      (await request('PUT', '/events/301', { start_date: '9999-12-31 10:00:00', end_date: '9999-12-31 18:00:00' }))
        .status,
    ).toBe(200)
    await expectRefused('PATCH', '/events/301', { all_day: true }, 'end_date')
    await expectRefused('PATCH', '/events/301', { timezone: 'America/Los_Angeles' }, 'end_date')
    expect((await request('PATCH', '/events/301', { timezone: 'Europe/Paris' })).status).toBe(200)
    await expectServable()
  })

  it('an end before an all-day start, moved to that start as TEC does, must fit too: its 23:59:59 on 9999-12-31 does not', async () => {
    const body = { title: 'Last day', all_day: true, start_date: '9999-12-31', end_date: '0000-01-01 00:00' }
    await expectRefused('POST', '/events', body, 'end_date')
    await expectServable()
  })

  it('an inline venue with an out-of-range date refuses the whole event, and creates no venue', async () => {
    const venues = calendar.state.venues.size
    await expectRefused(
      'POST',
      '/events',
      { ...EVENT, venue: { venue: 'Far future hall', date: '9999-12-31 23:59:59' } },
      'venue',
    )
    expect(calendar.state.venues.size).toBe(venues)
  })
})

describe('event list dates (issue 9 §1: the date query parameters)', () => {
  it.each([
    ['start_date', '0000-01-01 00:00:00', 'Asia/Kolkata'],
    ['end_date', '9999-12-31', undefined],
    ['starts_before', '9999-12-31', undefined],
    ['starts_after', '9999-12-31 20:00:00', undefined],
    ['ends_before', '9999-12-31', undefined],
    ['ends_after', '9999-12-31', undefined],
  ])('%s=%s is a 400 naming it', async (key, value, zone) => {
    const opened = zone ? await open({ settings: { timezone: zone } }) : { request }
    expectInvalid(await opened.request('GET', `/events?${key}=${encodeURIComponent(value)}`), key)
  })

  it('with strict_dates the value is read in UTC, as TEC does, so 0000-01-01 05:00:00 fits and 04:00:00 (the year before in New York) does not', async () => {
    expect((await request('GET', '/events?end_date=9999-12-31%2023:59:59&strict_dates=true')).status).toBe(200)
    expect((await request('GET', '/events?start_date=0000-01-01%2005:00:00&strict_dates=true')).status).toBe(200)
    expectInvalid(await request('GET', '/events?start_date=0000-01-01%2004:00:00&strict_dates=true'), 'start_date')
    expect((await request('GET', '/events?start_date=0000-01-01&end_date=9999-12-30')).status).toBe(200)
  })
})

describe('the data file (issue 9 §1: the loader, validate and the server agree)', () => {
  const file = (events: object[], venues: object[] = [], timezone = 'America/New_York') =>
    `${JSON.stringify({ settings: { timezone }, events, venues }, null, 2)}\n`
  const event = { id: 1, title: 'E', start_date: '2026-08-01 10:00:00', end_date: '2026-08-01 11:00:00' }

  function problems(text: string, timezone?: string): string[] {
    try {
      loadDocument(text, { file: 'calendar.json', timezone, now: () => '2026-07-01 08:00:00' })
      return []
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error
      return error.problems.map((p) => `${p.path} (line ${p.line}, col ${p.column})`)
    }
  }

  it('refuses every date it could not show, with its path and line:column', () => {
    const text = file(
      [
        { ...event, end_date: '9999-12-31 23:59:59' },
        { ...event, id: 2, start_date: '0000-01-01 00:00:00', timezone: 'Asia/Kolkata' },
        { ...event, id: 3, start_date: '9999-12-31 10:00:00', end_date: '9999-12-31 18:00:00', all_day: true },
        { ...event, id: 4, date: '9999-12-31 23:59:59', modified: '9999-12-31 23:00:00' },
      ],
      [{ id: 11, venue: 'V', date: '9999-12-31 20:00:00' }],
    )
    expect(problems(text)).toEqual([
      'events[0].end_date (line 10, col 19)',
      'events[1].start_date (line 15, col 21)',
      'events[2].end_date (line 23, col 19)',
      'events[3].date (line 31, col 15)',
      'events[3].modified (line 32, col 19)',
      'venues[0].date (line 39, col 15)',
    ])
  })

  it('judges `date` in the site zone the server runs with: --timezone can make a file unservable', () => {
    const text = file([{ ...event, date: '9999-12-31 23:30:00' }], [], 'UTC')
    expect(problems(text)).toEqual([])
    expect(problems(text, 'America/New_York')).toEqual(['events[0].date (line 11, col 15)'])
  })

  it('`calfile validate` names the same place and exits 1', async () => {
    const path = join(await tempDir(), 'calendar.json')
    await writeFile(path, file([{ ...event, end_date: '9999-12-31 23:59:59' }]))
    const result = await runCli(['validate', path])
    expect(result.code).toBe(1)
    expect(result.stderr + result.stdout).toMatch(
      /events\[0\]\.end_date: 9999-12-31 23:59:59 in America\/New_York is outside years 0000–9999 in UTC.*\(line 10, col 19\)/u,
    )
  })
})

describe('the TEC import (issue 9 §1)', () => {
  it('refuses a captured event it could not show, naming the path, and stores nothing', () => {
    const capture = JSON.parse(fixture('tec/hacc_single_event.json'))
    capture.end_date = '9999-12-31 23:59:59'
    capture.timezone = 'America/New_York'
    const before = serializeState(calendar.state)
    expect(() =>
      calendar.state.journal.attempt(() => importTec(calendar.state, capture, { now: '2026-07-01 08:00:00' })),
    ).toThrow(
      expect.objectContaining({
        code: 'import-invalid-capture',
        status: 400,
        message: expect.stringMatching(/^end_date: 9999-12-31 23:59:59 in America\/New_York/u),
      }),
    )
    expect(serializeState(calendar.state)).toBe(before)
  })
})
