/**
 * `calfile/msw`: a small TEC client, written here the way a widget or scraper is (global `fetch`,
 * TEC's paths, nothing of calfile), runs against calfile's answers under msw's `setupServer` — list page by page
 * following `next_rest_url`, read by slug, create — with no server listening: every URL is on
 * https://events.example.org, `net.Server#listen` is never called, and every request is answered by msw.
 */
import { createHash } from 'node:crypto'
import { Server } from 'node:net'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { calendarHandlers } from '../../src/msw/index.js'
import { fixture, NOW } from '../helpers.js'

type Json = Record<string, any>

const BASE = 'https://events.example.org'
const OURS = '/calendar/events/v1'
const TEC = '/wp-json/tribe/events/v1'

/** Five published events after NOW (2026-07-01 12:00 UTC), one venue, one category. */
const DATA = {
  settings: { timezone: 'America/New_York' },
  users: [{ id: 1, name: 'admin', role: 'administrator' }],
  venues: [{ id: 11, venue: 'Blue Room', city: 'Boston' }],
  categories: [{ id: 3, name: 'Music', slug: 'music' }],
  events: [1, 2, 3, 4, 5].map((day) => ({
    id: 100 + day,
    title: `Jazz night ${day}`,
    slug: `jazz-night-${day}`,
    start_date: `2026-07-0${day + 1} 20:00:00`,
    end_date: `2026-07-0${day + 1} 23:00:00`,
    venue: 11,
    categories: [3],
  })),
}

/** A memory calendar from a data object or a data file's text, clock frozen at NOW. */
function calendarOf(data: object | string) {
  return openCalendar(null, { initial: typeof data === 'string' ? data : JSON.stringify(data), now: () => NOW })
}

// ---- The client under test: what a TEC client does, in a few lines of fetch. ----

/** A tiny TEC REST API v1 client on `site` (the origin), under `prefix` (TEC's own by default). */
function tecClient(site: string, options: { prefix?: string; token?: string } = {}) {
  const api = site + (options.prefix ?? TEC)
  const auth: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {}
  const read = async (res: Response) => ({ res, body: (await res.json()) as Json })
  return {
    /** Every page of the event list, `perPage` events a page, following `next_rest_url` to the end. */
    async listAll(perPage: number) {
      const pages: { res: Response; body: Json }[] = []
      let next: string | undefined = `${api}/events?per_page=${perPage}`
      while (next !== undefined) {
        const page = await read(await fetch(next, { headers: auth }))
        pages.push(page)
        next = page.body.next_rest_url
      }
      return pages
    },
    /** One event by its slug: `GET /events/by-slug/{slug}`. */
    bySlug: async (slug: string) => read(await fetch(`${api}/events/by-slug/${encodeURIComponent(slug)}`)),
    /** A new event, posted as JSON. */
    create: async (event: Json) =>
      read(
        await fetch(`${api}/events`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify(event),
        }),
      ),
  }
}

/** Every absolute URL in a body (`url`, `rest_url`, `next_rest_url`, `urls.self`, `website`…). */
function urlsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string' && /^[a-z]+:\/\//iu.test(value)) found.push(value)
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) urlsIn(item, found)
  return found
}

/** The `page` of a list URL, after checking that it starts with `start` (TEC: `<base>/events/?page=2&…`). */
function pageOf(url: string | undefined, start: string): number {
  expect(url?.startsWith(start), url).toBe(true)
  return Number(new URL(url!).searchParams.get('page') ?? '1')
}

/** The `Link` header's targets by `rel` (RFC 8288). */
function linksOf(res: Response): Record<string, string> {
  const links: Record<string, string> = {}
  for (const [, target, rel] of (res.headers.get('Link') ?? '').matchAll(/<([^>]*)>;\s*rel="([^"]+)"/gu)) {
    links[rel!] = target!
  }
  return links
}

// ---- The mock server: msw intercepts global fetch; nothing listens. ----

const server = setupServer()
const listen = vi.spyOn(Server.prototype, 'listen')
const mocked: string[] = []
const unhandled: string[] = []

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' })
  server.events.on('response:mocked', ({ request }) => void mocked.push(`${request.method} ${request.url}`))
  server.events.on('request:unhandled', ({ request }) => void unhandled.push(`${request.method} ${request.url}`))
})
beforeEach(async () => {
  // A fresh calendar per test: the handlers of `setupServer()` are replaced, so no test sees another's writes.
  server.resetHandlers(...calendarHandlers(await calendarOf(DATA), { baseUrl: BASE }))
  mocked.length = 0
  unhandled.length = 0
})
afterEach(() => {
  expect(listen).not.toHaveBeenCalled()
})
afterAll(() => {
  server.close()
  listen.mockRestore()
})

describe.each([
  ['TEC', TEC],
  ['calfile', OURS],
])('a TEC client under the %s prefix', (_, prefix) => {
  const client = tecClient(BASE, { prefix })

  it('lists page by page: totals in body and headers, links on baseUrl and the prefix', async () => {
    const pages = await client.listAll(2)
    expect(pages.map(({ body }) => body.events.map((event: Json) => event.slug))).toEqual([
      ['jazz-night-1', 'jazz-night-2'],
      ['jazz-night-3', 'jazz-night-4'],
      ['jazz-night-5'],
    ])
    for (const [index, { res, body }] of pages.entries()) {
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/u)
      expect(res.headers.get('X-TEC-Total')).toBe('5')
      expect(res.headers.get('X-TEC-TotalPages')).toBe('3')
      expect([body.total, body.total_pages]).toEqual([5, 3])
      expect(pageOf(body.rest_url, `${BASE}${prefix}/events/`)).toBe(index + 1)
      const urls = urlsIn(body)
      expect(urls.length).toBeGreaterThan(5)
      for (const url of urls) expect(url.startsWith(`${BASE}/`), url).toBe(true)
      for (const event of body.events) {
        expect(event.rest_url).toBe(`${BASE}${prefix}/events/${event.id}`)
        expect(event.url).toBe(`${BASE}/event/${event.slug}/`)
      }
    }
    expect(pageOf(pages[0]!.body.next_rest_url, `${BASE}${prefix}/events/`)).toBe(2)
    expect(pageOf(pages[1]!.body.previous_rest_url, `${BASE}${prefix}/events/`)).toBe(1)
    expect(pages[2]!.body.next_rest_url).toBeUndefined()
    // as TEC: the pages are linked in the body; Link is WordPress's API root on every page
    for (const page of pages) expect(linksOf(page.res)).toEqual({ 'https://api.w.org/': `${BASE}/wp-json/` })
    // Three pages, three answers from msw, none passed on.
    expect(mocked).toHaveLength(3)
    expect(unhandled).toEqual([])
  })

  it('reads by slug, creates with POST JSON, then lists the new event', async () => {
    const jazz = await client.bySlug('jazz-night-3')
    expect(jazz.res.status).toBe(200)
    expect(jazz.body).toMatchObject({ id: 103, title: 'Jazz night 3', venue: { id: 11, venue: 'Blue Room' } })
    expect(jazz.body.rest_url).toBe(`${BASE}${prefix}/events/103`)

    const created = await client.create({
      title: 'Blues brunch',
      start_date: '2026-07-03 11:00:00',
      end_date: '2026-07-03 13:00:00',
      venue: 11,
      categories: [3],
    })
    expect(created.res.status).toBe(201)
    const id = created.body.id as number
    expect(created.res.headers.get('Location')).toBeNull()
    expect(created.body).toMatchObject({ title: 'Blues brunch', slug: 'blues-brunch', status: 'publish' })
    expect(created.body.url).toBe(`${BASE}/event/blues-brunch/`)

    expect((await client.bySlug('blues-brunch')).body.id).toBe(id)
    const pages = await client.listAll(2)
    expect(pages[0]!.res.headers.get('X-TEC-Total')).toBe('6')
    expect(pages.flatMap(({ body }) => body.events.map((event: Json) => event.title))).toEqual([
      'Jazz night 1',
      'Blues brunch',
      'Jazz night 2',
      'Jazz night 3',
      'Jazz night 4',
      'Jazz night 5',
    ])
  })

  it('answers an unknown slug and an unknown route with the contract error shape', async () => {
    const missing = await client.bySlug('no-such-event')
    expect(missing.res.status).toBe(400)
    expect(missing.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): slug',
      data: { status: 400, params: { slug: 'Invalid parameter.' }, details: [] },
    })

    const res = await fetch(`${BASE}${prefix}/no-such-route`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ code: 'rest_no_route', message: expect.any(String), data: { status: 404 } })
  })
})

describe('calendarHandlers', () => {
  it('answers HEAD with the GET headers and no body', async () => {
    const res = await fetch(`${BASE}${TEC}/events?per_page=2`, { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('X-TEC-Total')).toBe('5')
    expect(res.headers.get('X-TEC-TotalPages')).toBe('3')
    expect(linksOf(res)).toEqual({ 'https://api.w.org/': `${BASE}/wp-json/` })
    expect(await res.text()).toBe('')
  })

  it('passes a form-encoded POST (PHP brackets) and a multipart POST intact', async () => {
    const form = new URLSearchParams({
      title: 'Salsa social',
      start_date: '2026-07-08 19:00:00',
      end_date: '2026-07-08 22:00:00',
      'venue[venue]': 'Green Room',
      'venue[city]': 'Salem',
      'categories[]': '3',
    })
    const res = await fetch(`${BASE}${TEC}/events`, { method: 'POST', body: form })
    expect(res.headers.get('content-type')).toMatch(/^application\/json/u)
    expect(res.status).toBe(201)
    const event = (await res.json()) as Json
    expect(event).toMatchObject({ title: 'Salsa social', venue: { venue: 'Green Room', city: 'Salem' } })
    expect(event.categories.map((category: Json) => category.id)).toEqual([3])
    expect(event.venue.url).toBe(`${BASE}/venue/green-room/`)

    const multipart = new FormData()
    multipart.set('venue', 'Attic')
    multipart.set('city', 'Lowell')
    const venue = await fetch(`${BASE}${OURS}/venues`, { method: 'POST', body: multipart })
    expect(venue.status).toBe(201)
    expect(await venue.json()).toMatchObject({ venue: 'Attic', city: 'Lowell' })
    expect(venue.headers.get('Location')).toBeNull()
  })

  it('passes PUT, PATCH, DELETE and OPTIONS, with CORS headers', async () => {
    const origin = 'https://app.example.com'
    const put = await fetch(`${BASE}${TEC}/events/101`, {
      method: 'PUT',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Jazz night one' }),
    })
    expect(put.status).toBe(200)
    expect(put.headers.get('Access-Control-Allow-Origin')).toBe(origin)
    expect(put.headers.get('Access-Control-Expose-Headers')).toBe('X-WP-Total, X-WP-TotalPages, Link')

    const patch = await fetch(`${BASE}${TEC}/events/by-slug/jazz-night-2`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ featured: true }),
    })
    expect(patch.status).toBe(200)
    expect(await patch.json()).toMatchObject({ id: 102, featured: true })

    const trashed = await fetch(`${BASE}${OURS}/events/105`, { method: 'DELETE' })
    expect(trashed.status).toBe(200)
    expect(await trashed.json()).toMatchObject({ id: 105, status: 'trash' })

    const preflight = await fetch(`${BASE}${TEC}/events`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(200)
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe(origin)
    expect(preflight.headers.get('Access-Control-Allow-Methods')).toContain('PATCH')
    expect(preflight.headers.get('Access-Control-Allow-Headers')).toBe(
      'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
    )

    const titles = (await tecClient(BASE).listAll(10))[0]!.body.events.map((event: Json) => event.title)
    expect(titles).toEqual(['Jazz night one', 'Jazz night 2', 'Jazz night 3', 'Jazz night 4'])
  })

  it('maps repeated and trailing slashes and a malformed escape as the app does', async () => {
    const res = await fetch(`${BASE}//wp-json//tribe/events/v1/events/?per_page=1`)
    expect(res.status).toBe(200)
    expect(pageOf((await res.json()).rest_url, `${BASE}${TEC}/events/`)).toBe(1)
    const malformed = await fetch(`${BASE}${TEC}/events/by-slug/%ZZ`)
    expect(malformed.status).toBe(404)
    expect((await malformed.json()).code).toBe('rest_no_route')
    const root = await fetch(`${BASE}${OURS}`)
    expect(root.status).toBe(200)
    expect((await root.json()).namespace).toBe('calendar/events/v1')
  })

  it('leaves requests outside the two prefixes to onUnhandledRequest', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      for (const url of [
        `${BASE}/wp-json/wp/v2/posts`,
        `${BASE}/calendar/events/v1x/events`,
        `${BASE}/event/jazz-night-1/`,
        `https://other.example.org${TEC}/events`,
        `http://events.example.org${TEC}/events`,
      ]) {
        await expect(fetch(url)).rejects.toThrow()
      }
    } finally {
      error.mockRestore()
    }
    expect(unhandled).toEqual([
      `GET ${BASE}/wp-json/wp/v2/posts`,
      `GET ${BASE}/calendar/events/v1x/events`,
      `GET ${BASE}/event/jazz-night-1/`,
      `GET https://other.example.org${TEC}/events`,
      `GET http://events.example.org${TEC}/events`,
    ])
    expect(mocked).toEqual([])
  })

  it('needs a token for writes once the data has one, and passes Authorization through', async () => {
    const token = 'tok-admin'
    const data = structuredClone(DATA) as Json
    data.users[0].token_sha256 = createHash('sha256').update(token).digest('hex')
    server.resetHandlers(...calendarHandlers(await calendarOf(data), { baseUrl: BASE }))
    const event = { title: 'Rehearsal', start_date: '2026-07-09 18:00:00', end_date: '2026-07-09 19:00:00' }

    const anonymous = await tecClient(BASE).create(event)
    expect(anonymous.res.status).toBe(401)
    expect(anonymous.body).toEqual({ code: 'rest_forbidden', message: expect.any(String), data: { status: 401 } })
    expect((await tecClient(BASE, { token: 'wrong' }).create(event)).res.status).toBe(401)
    const created = await tecClient(BASE, { token }).create(event)
    expect(created.res.status).toBe(201)
    expect(created.body.author).toBe('1')
  })

  it('serves fixtures/small.json, with a trailing slash on baseUrl dropped', async () => {
    server.resetHandlers(...calendarHandlers(await calendarOf(fixture('small.json')), { baseUrl: `${BASE}/` }))
    const [page] = await tecClient(BASE).listAll(6)
    expect(page!.res.headers.get('X-TEC-Total')).toBe('1')
    expect(page!.body.events[0]).toMatchObject({
      title: 'Jazz night',
      url: `${BASE}/event/jazz-night/`,
      rest_url: `${BASE}${TEC}/events/10`,
    })
    for (const url of urlsIn(page!.body)) expect(url.startsWith(`${BASE}/`), url).toBe(true)
    for (const url of urlsIn(page!.body)) expect(url.slice(BASE.length), url).not.toMatch(/^\/\//u)
  })

  it('serves a baseUrl with a port on that port only', async () => {
    const site = 'http://calendar.test:8080'
    server.resetHandlers(...calendarHandlers(await calendarOf(DATA), { baseUrl: site }))
    const [page] = await tecClient(site).listAll(1)
    expect(pageOf(page!.body.rest_url, `${site}${TEC}/events/`)).toBe(1)
    expect(page!.body.events[0].url).toBe(`${site}/event/jazz-night-1/`)
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await expect(fetch(`http://calendar.test${TEC}/events`)).rejects.toThrow()
    } finally {
      error.mockRestore()
    }
  })

  it('answers as the TEC release settings.tec_version names, as over HTTP', async () => {
    for (const [version, status, code] of [
      ['6.17', 404, 'rest-event-not-found'],
      ['6.10', 400, 'rest_invalid_param'],
    ] as const) {
      const data = { ...DATA, settings: { ...DATA.settings, tec_version: version } }
      server.resetHandlers(...calendarHandlers(await calendarOf(data), { baseUrl: BASE }))
      const res = await fetch(`${BASE}${TEC}/events/999999`)
      expect([res.status, ((await res.json()) as Json).code], version).toEqual([status, code])
    }
  })
})
