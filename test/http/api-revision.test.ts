/**
 * The two revisions of the interface (docs/http.md#event-routes, docs/http.md#revisions "Revisions"):
 * `settings.api_revision` is "extended" (default) or "earlier". Under "earlier", `end_date` keeps events that start
 * on or before it; the extended-only list parameters (starts_before, starts_after, ends_before, ends_after,
 * strict_dates, ticketed) are unknown parameters, so ignored (not validated, not echoed, no effect, and the default
 * window stays); geoloc_lat and geoloc_lng are strings that hold a number. The revision is read from the settings on
 * every request.
 *
 * fixtures/events-dates.json (site America/New_York, NOW 2026-07-01 08:00 there): 103 runs Jul 1 09:00–10:00,
 * 104 "Overnight" Jul 1 20:00 – Jul 2 02:00, so it starts before the end of Jul 1 and ends after it.
 * fixtures/events-filters.json: 301 and 302 are within 25 km of Boston, 301 and 304 are ticketed.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { CalendarError } from '../../src/core/errors.js'
import { createApp } from '../../src/http/app.js'
import { fixture, NOW, open, P } from '../helpers.js'
import { checkResponse } from '../response-check.js'

type Json = Record<string, any>
type Revision = 'extended' | 'earlier'

const q = encodeURIComponent
/** The default window of events-dates.json: 2026-06-30 00:00:00 .. 2028-07-01 23:59:59. */
const DEFAULT_LIST = [102, 103, 104, 105, 108, 106, 107, 111, 110, 117, 112, 113, 114]

/** A fixture with `settings.api_revision` set. */
function withRevision(name: string, revision: Revision): Json {
  const data = JSON.parse(fixture(name)) as Json
  return { ...data, settings: { ...data.settings, api_revision: revision } }
}

/** The list of a query under a revision: status, IDs and the rest_url query as [key, value] pairs. */
async function list(revision: Revision, query: string, name = 'events-dates.json') {
  const { request } = await open(withRevision(name, revision))
  const response = await request('GET', `/events?per_page=50${query ? `&${query}` : ''}`)
  const ok = response.status === 200
  return {
    status: response.status,
    body: response.body as Json,
    ids: ok ? (response.body.events as Json[]).map((event) => event.id as number) : [],
    echo: ok ? [...new URL(response.body.rest_url).searchParams.entries()] : [],
  }
}

describe('settings.api_revision in the data file (CONTRACT §1, §7)', () => {
  it('defaults to "extended"', async () => {
    const { calendar } = await open(fixture('events-dates.json'))
    expect(calendar.state.settings.api_revision).toBe('extended')
  })

  it('anything but "extended" or "earlier" is refused with its place', async () => {
    const text = '{\n  "settings": { "api_revision": "later" }\n}\n'
    const opening = openCalendar(null, { initial: text, now: () => NOW })
    await expect(opening).rejects.toThrow(
      'settings.api_revision: expected "extended" or "earlier", got "later" (line 2, col 33)',
    )
  })
})

describe('end_date (spec §4.2)', () => {
  it('extended: events that end on or before it; earlier: events that start on or before it', async () => {
    expect((await list('extended', 'end_date=2026-07-01')).ids).toEqual([102, 103])
    expect((await list('earlier', 'end_date=2026-07-01')).ids).toEqual([102, 103, 104])
  })

  it('the default end_date (2028-07-01 23:59:59) follows the revision too', async () => {
    const lateNight = {
      id: 150,
      title: 'Across the window end',
      start_date: '2028-07-01 23:00:00',
      end_date: '2028-07-02 01:00:00',
    }
    const ids = async (revision: Revision) => {
      const data = withRevision('events-dates.json', revision)
      const { calendar } = await open({ ...data, events: [...data.events, lateNight] })
      return calendar.events.list({ per_page: 50 }).body.events.map((event) => event.id)
    }
    expect(await ids('extended')).toEqual(DEFAULT_LIST)
    expect(await ids('earlier')).toEqual([...DEFAULT_LIST, 150])
  })

  it('earlier keeps rounding end_date up to 23:59:59, whatever strict_dates says', async () => {
    // Strict, 14:00 UTC is 10:00 in New York.
    const given = `strict_dates=true&end_date=${q('2026-07-01 14:00:00')}`
    const extended = await list('extended', given)
    expect(extended.ids).toEqual([103])
    expect(extended.echo).toContainEqual(['end_date', '2026-07-01 10:00:00'])
    const earlier = await list('earlier', given)
    expect(earlier.ids).toEqual([102, 103, 104])
    expect(earlier.echo).toContainEqual(['end_date', '2026-07-01 23:59:59'])
    expect(earlier.echo.map(([key]) => key)).not.toContain('strict_dates')
  })
})

describe('the extended-only parameters (spec §9)', () => {
  it.each([
    ['starts_before', 'garbage'],
    ['starts_after', 'next week'],
    ['ends_before', '2026-02-30'],
    ['ends_after', 'soon'],
    ['strict_dates', 'maybe'],
    ['ticketed', 'perhaps'],
  ])('%s=%s: a 400 under extended, ignored under earlier', async (key, value) => {
    const extended = await list('extended', `${key}=${q(value)}`)
    expect(extended.status).toBe(400)
    expect(extended.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { [key]: expect.any(String) } },
    })
    const earlier = await list('earlier', `${key}=${q(value)}`)
    expect(earlier.status, JSON.stringify(earlier.body)).toBe(200)
    expect(earlier.ids).toEqual(DEFAULT_LIST)
  })

  it('under earlier they have no effect and are not echoed, and the default window stays (CONTRACT §4.1 does not apply)', async () => {
    const given =
      'starts_before=2026-07-01&starts_after=2026-06-01&ends_before=2026-07-02&ends_after=2026-06-01&strict_dates=true&ticketed=true'
    const earlier = await list('earlier', given)
    expect(earlier.ids).toEqual(DEFAULT_LIST)
    expect(earlier.echo).toEqual([
      ['page', '1'],
      ['per_page', '50'],
      ['start_date', '2026-06-30 00:00:00'],
      ['end_date', '2028-07-01 23:59:59'],
      ['status', 'publish'],
    ])
  })

  it('under extended the same query filters, and drops the defaults', async () => {
    const extended = await list('extended', 'starts_before=2026-07-01')
    expect(extended.ids).toEqual([101, 102, 103, 104])
    expect(extended.echo.map(([key]) => key)).toEqual(['page', 'per_page', 'status', 'starts_before'])
  })

  it('ticketed filters under extended only', async () => {
    expect((await list('extended', 'ticketed=true', 'events-filters.json')).ids).toEqual([301, 304])
    const earlier = await list('earlier', 'ticketed=true', 'events-filters.json')
    expect(earlier.ids).toEqual((await list('earlier', '', 'events-filters.json')).ids)
    expect(earlier.ids.length).toBeGreaterThan(2)
    expect(earlier.echo.map(([key]) => key)).not.toContain('ticketed')
  })

  it('include still ignores the dates given under both, and the other parameters still apply under earlier', async () => {
    expect((await list('earlier', 'include=105,103&start_date=2026-07-05&starts_after=garbage')).ids).toEqual([
      103, 105,
    ])
    expect((await list('earlier', 'end_date=2026-07-01&search=overnight')).ids).toEqual([104])
    expect((await list('earlier', 'per_page=0&starts_before=garbage')).body.data.params).toEqual({
      per_page: expect.any(String),
    })
  })
})

describe('geoloc_lat and geoloc_lng (spec §4.2, §9)', () => {
  const BOSTON = 'geoloc_lat=42.3601&geoloc_lng=-71.0589'

  it.each<Revision>(['extended', 'earlier'])(
    '%s: text that is a number selects by distance, and is echoed beside geoloc',
    async (revision) => {
      const near = await list(revision, BOSTON, 'events-filters.json')
      expect(near.ids).toEqual([301, 302])
      // TEC writes the coordinates in the list's URLs beside geoloc only.
      expect(near.echo.map(([key]) => key)).not.toContain('geoloc_lat')
      const flagged = await list(revision, `geoloc=true&${BOSTON}`, 'events-filters.json')
      expect(flagged.echo).toContainEqual(['geoloc_lat', '42.3601'])
    },
  )

  it.each<Revision>(['extended', 'earlier'])('%s: text that is no number, or none, is a 400', async (revision) => {
    for (const bad of [
      'geoloc_lat=north&geoloc_lng=-71.05',
      'geoloc_lat=&geoloc_lng=-71.05',
      'geoloc_lat=0x10&geoloc_lng=-71.05',
    ]) {
      const response = await list(revision, bad, 'events-filters.json')
      expect(response.status, bad).toBe(400)
      expect(response.body.data.params, bad).toHaveProperty('geoloc_lat')
    }
  })
})

describe('the library follows the revision too', () => {
  it('events.list ignores or refuses starts_before as the settings say', async () => {
    const { calendar: earlier } = await open(withRevision('events-dates.json', 'earlier'))
    expect(
      earlier.events.list({ starts_before: 'garbage', end_date: '2026-07-01' }).body.events.map((e) => e.id),
    ).toEqual([102, 103, 104])
    const { calendar: extended } = await open(withRevision('events-dates.json', 'extended'))
    expect(() => extended.events.list({ starts_before: 'garbage' })).toThrow(CalendarError)
  })
})

describe('a hand edit of settings.api_revision switches the revision without a restart', () => {
  let folder: string | undefined

  afterEach(() => {
    if (folder) rmSync(folder, { recursive: true, force: true })
    folder = undefined
  })

  it('the list, the root route and the document follow the file', async () => {
    folder = mkdtempSync(join(tmpdir(), 'calfile-revision-'))
    const file = join(folder, 'calendar.json')
    writeFileSync(file, fixture('events-dates.json'))
    const calendar = await openCalendar(file, { now: () => NOW })
    const app = createApp(calendar)
    const get = async (path: string) => {
      const response = await app.request(P + path)
      const text = await response.text()
      await checkResponse({ method: 'GET', url: P + path, status: response.status, headers: response.headers, text })
      return { status: response.status, body: JSON.parse(text) as Json }
    }
    const listArgs = async () => Object.keys((await get('')).body.routes[`${P}/events`].endpoints[0].args)
    try {
      expect((await get('/events?starts_before=garbage')).status).toBe(400)
      expect(await listArgs()).toContain('starts_before')

      const edited = JSON.parse(readFileSync(file, 'utf8')) as Json
      writeFileSync(
        file,
        JSON.stringify({ ...edited, settings: { ...edited.settings, api_revision: 'earlier' } }, null, 2),
      )
      await calendar.refresh()
      expect((await get('/events?starts_before=garbage')).status).toBe(200)
      expect(await listArgs()).not.toContain('starts_before')
      expect((await get('/doc')).body.paths['/events'].get.parameters.map((p: Json) => p.name)).not.toContain(
        'starts_before',
      )
    } finally {
      await calendar.close()
    }
  })
})
