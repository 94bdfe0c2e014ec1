/**
 * Issue 10 §2: an imported event keeps its site's permalink path where it is not calfile's `/event/<slug>/`
 * (docs/responses.md#event `url`): the TEC import stores it as `permalink`, the data file validates it, responses
 * show it on the serving site URL (and `website` and `json_ld.url` follow), and a new slug carries a path that ends
 * in the old one along, as WordPress rebuilds it, while any other path stays.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DocumentError } from '../../src/core/document/error.js'
import { loadDocument } from '../../src/core/document/load.js'
import type { CalendarState } from '../../src/core/model/state.js'
import { importTec } from '../../src/tec/tec.js'
import { open } from '../helpers.js'

type Json = Record<string, any>

const NOW = '2026-07-01 12:00:00'
const FOLDER = new URL('../../fixtures/tec/', import.meta.url)
const capture = (name: string): Json => JSON.parse(readFileSync(new URL(name, FOLDER), 'utf8'))
const load = (file: object = {}) => loadDocument(JSON.stringify(file), { file: 'mem', now: () => NOW })

function imported(name: string, data: Json = capture(name)): { state: CalendarState; warnings: string[] } {
  const state = load()
  const { warnings } = importTec(state, data, { now: NOW, adoptTimezone: true })
  return { state, warnings }
}

const at = (start: string) => ({ start_date: start, end_date: start.replace(/\d\d:\d\d:\d\d$/u, '23:00:00') })
const FILE = {
  settings: { timezone: 'America/New_York' },
  events: [
    { id: 10, title: 'Braves', slug: 'braves', permalink: '/events-calendar/braves/', ...at('2026-07-04 19:00:00') },
    {
      id: 11,
      title: 'Yoga',
      slug: 'yoga-2026-07-05',
      permalink: '/event/yoga/2026-07-05/',
      ...at('2026-07-05 09:00:00'),
    },
    { id: 12, title: 'Plain', slug: 'plain', ...at('2026-07-06 18:00:00') },
  ],
}

describe('the TEC import keeps the permalink path where it is not /event/<slug>/', () => {
  it.each([
    ['atl_beltline_events.json', 64612, '/event/self-ies-yoga-self-ease/2022-08-10/'],
    // The first instance of an ECP series: its slug has no date, its URL has.
    ['atl_beltline_events.json', 65536, '/event/atlanta-beltline-weekly-run-club-elsewhere-brewing/2022-08-11/'],
    // A URL a plugin set, fragment and all.
    [
      'atl_beltline_events.json',
      65649,
      '/things-to-do/atlanta-beltline-tours/atlanta-beltline-partnership-bike-tours/#register',
    ],
    ['atlbyday_event_6178.json', 6178, '/events-calendar/atlanta-braves-vs-miami-marlins-3/'],
  ])('%s event %i → %s', (name, id, path) => {
    expect(imported(name).state.events.get(id)!.permalink).toBe(path)
  })

  it('stores none for an event at /event/<slug>/', () => {
    const { state } = imported('det_community_education_events.json')
    expect([...state.events.values()].filter((event) => 'permalink' in event)).toEqual([])
    expect('permalink' in imported('atl_beltline_events.json').state.events.get(61638)!).toBe(false)
  })

  it('reads the path below the site URL that rest_url shows, for a site in a folder', () => {
    const data = capture('hacc_single_event.json')
    data.rest_url = 'https://example.org/blog/wp-json/tribe/events/v1/events/2644'
    data.url = `https://example.org/blog/event/${data.slug}/`
    expect('permalink' in imported('', data).state.events.get(2644)!).toBe(false)
    data.url = `https://example.org/blog/agenda/${data.slug}/`
    expect(imported('', data).state.events.get(2644)!.permalink).toBe(`/agenda/${data.slug}/`)
  })

  it('drops a url off the site, with a warning', () => {
    const data = capture('hacc_single_event.json')
    data.url = 'https://elsewhere.example/e/1/'
    const { state, warnings } = imported('', data)
    expect('permalink' in state.events.get(2644)!).toBe(false)
    expect(warnings).toContain(
      'event 2644 "Entrepreneurship Boot Camp Session 2, Marketing Plan": url https://elsewhere.example/e/1/ is not on the site http://thehacc.org; shown as <site_url>/event/<slug>/',
    )
  })

  it('refuses a url that is not one, by its path', () => {
    const data = capture('atl_beltline_events.json')
    data.events[3].url = '/event/x/'
    expect(() => imported('', data)).toThrow(
      expect.objectContaining({
        code: 'import-invalid-capture',
        message: 'events[3].url: expected an absolute URL, got "/event/x/"',
      }),
    )
  })
})

describe('permalink in the data file', () => {
  it('must be a path starting with "/"', () => {
    const file = { events: [{ ...FILE.events[0], permalink: 'events-calendar/braves/' }] }
    expect(() => load(file)).toThrow(DocumentError)
    expect(() => load(file)).toThrow(
      /events\[0\]\.permalink: expected a path starting with "\/", got "events-calendar\/braves\/"/u,
    )
  })

  it('is dropped where it is /event/<slug>/', () => {
    const state = load({ events: [{ ...FILE.events[2], permalink: '/event/plain/' }] })
    expect('permalink' in state.events.get(12)!).toBe(false)
  })
})

describe('url, website and json_ld.url of an event with a permalink', () => {
  it('are the path on the host the event is served on', async () => {
    const { request } = await open(FILE)
    const origin = 'http://127.0.0.1:3000'
    const { body } = await request('GET', `${origin}/calendar/events/v1/events/10`)
    expect([body.url, body.website, body.json_ld.url]).toEqual(Array(3).fill(`${origin}/events-calendar/braves/`))
    const tec = await request('GET', 'https://atlbyday.com/wp-json/tribe/events/v1/events/11')
    expect(tec.body.url).toBe('https://atlbyday.com/event/yoga/2026-07-05/')
    expect((await request('GET', `${origin}/calendar/events/v1/events/12`)).body.url).toBe(`${origin}/event/plain/`)
  })

  it('are the path on settings.site_url when set', async () => {
    const { request } = await open({ ...FILE, settings: { ...FILE.settings, site_url: 'https://example.org/site/' } })
    expect((await request('GET', '/events/10')).body.url).toBe('https://example.org/site/events-calendar/braves/')
  })
})

describe('an update that changes the slug', () => {
  it('carries a path that ends in the old slug along, as WordPress rebuilds it', async () => {
    const { calendar } = await open(FILE)
    const shaped = await calendar.events.update(10, { slug: 'braves-game' })
    expect(calendar.state.events.get(10)!.permalink).toBe('/events-calendar/braves-game/')
    expect(shaped.url).toBe('http://localhost/events-calendar/braves-game/')
  })

  it('keeps any other path: an ECP instance lives under its series', async () => {
    const { calendar } = await open(FILE)
    await calendar.events.update(11, { slug: 'morning-yoga' })
    expect(calendar.state.events.get(11)).toMatchObject({ slug: 'morning-yoga', permalink: '/event/yoga/2026-07-05/' })
  })

  it('keeps the path when the slug stays, and gives none to an event at /event/<slug>/', async () => {
    const { calendar } = await open(FILE)
    await calendar.events.update(10, { title: 'Braves vs. Mets' })
    await calendar.events.update(12, { slug: 'plainer' })
    expect(calendar.state.events.get(10)!.permalink).toBe('/events-calendar/braves/')
    expect('permalink' in calendar.state.events.get(12)!).toBe(false)
    expect(calendar.events.get(12).url).toBe('http://localhost/event/plainer/')
  })
})
