/**
 * The WordPress REST server's conventions on every namespace (src/http/wordpress/answer-conventions.ts,
 * response-fields.ts, rest-request.ts): `_fields`, `_envelope`, `_jsonp`, `_pretty`, `_method` and
 * `X-HTTP-Method-Override`, `?rest_route=`, and the discovery headers of the site's HTML pages. The expected answers
 * are those of WordPress 7.0.4 + TEC 6.17.2 and 6.7.1 + TEC 6.10.0 to the same requests (the parity scenarios
 * `conventions: …` compare them live).
 */
import { describe, expect, it } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { tokenHash } from '../../src/core/model/users.js'
import { createApp } from '../../src/http/app.js'
import { fieldList, keepFields } from '../../src/http/wordpress/rest-server/response-fields.js'
import { webPage } from '../../src/web/web-page.js'
import { NOW } from '../helpers.js'

const SITE = 'http://127.0.0.1:3000'
const API = `${SITE}/wp-json/tribe/events/v1`
const ADMIN = { authorization: `Basic ${Buffer.from('admin:tok-admin').toString('base64')}` }
const EEA =
  'I understand that this endpoint is experimental and may change in a future release without maintaining backward compatibility. I also understand that I am using this endpoint at my own risk, while support is not provided for it.'

async function site(tecVersion = '6.17') {
  const initial = JSON.stringify({
    settings: { timezone: 'America/New_York', tec_version: tecVersion },
    users: [{ id: 1, name: 'admin', role: 'administrator', token_sha256: tokenHash('tok-admin') }],
    events: [
      {
        id: 4,
        title: 'Jazz',
        slug: 'jazz',
        status: 'publish',
        start_date: '2026-12-10 19:00:00',
        end_date: '2026-12-10 22:00:00',
        timezone: 'America/New_York',
      },
    ],
  })
  const calendar = await openCalendar(null, { initial, now: () => NOW })
  return { calendar, app: createApp(calendar, { extensions: [webPage()] }) }
}

describe('_fields (rest_filter_response_fields)', () => {
  it('reads the list as wp_parse_list() does', () => {
    expect(fieldList('id, title ,a.b')).toEqual(['id', 'title', 'a.b'])
    expect(fieldList('id%20title'.replace('%20', ' '))).toEqual(['id', 'title'])
    expect(fieldList(['id,title'])).toEqual(['id,title'])
    expect(fieldList('')).toBeUndefined()
    expect(fieldList(undefined)).toBeUndefined()
  })

  it('keeps dotted fields, drops the names after one under a field kept whole, and empties to PHP arrays', () => {
    const event = { id: 4, title: 'Jazz', details: { year: '2026', month: '12' } }
    expect(keepFields(event, ['id', 'details.year'])).toEqual({ id: 4, details: { year: '2026' } })
    expect(keepFields(event, ['details', 'details.year', 'id'])).toEqual({ details: event.details })
    expect(keepFields(event, ['details.nothing', 'nothing'])).toEqual({ details: [] })
    expect(keepFields(event, ['nothing'])).toEqual([])
    expect(keepFields([event, event], ['id'])).toEqual([{ id: 4 }, { id: 4 }])
    expect(keepFields({ events: [event], total: 1 }, ['events.title', 'total'])).toEqual({ events: [], total: 1 })
    expect(keepFields({ events: [event], total: 1 }, ['events.0.title'])).toEqual({ events: [{ title: 'Jazz' }] })
  })

  it('trims answers of every namespace, never an error', async () => {
    const { app } = await site()
    expect(await (await app.request(`${API}/events?_fields=total,total_pages`)).json()).toEqual({
      total: 1,
      total_pages: 1,
    })
    expect(await (await app.request(`${API}/events/4?_fields=id,title`)).json()).toEqual({ id: 4, title: 'Jazz' })
    const tecV1 = await app.request(`${SITE}/wp-json/tec/v1/events?_fields=id`, { headers: { 'x-tec-eea': EEA } })
    expect(await tecV1.json()).toEqual([{ id: 4 }])
    const missing = await app.request(`${API}/events/999999?_fields=id`)
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { code: string }).code).toBe('rest-event-not-found')
  })

  it("keeps a namespace index's links, which WordPress adds outside the data", async () => {
    const { app } = await site()
    const body = await (await app.request(`${SITE}/wp-json/wp/v2?_fields=namespace`)).json()
    expect(body).toEqual({ namespace: 'wp/v2', _links: { up: [{ href: `${SITE}/wp-json/` }] } })
  })
})

it("keeps all of a single post's links when _fields names one, and trims a list item's", async () => {
  const { app } = await site()
  const V2 = `${SITE}/wp-json/wp/v2/tribe_events`
  type Linked = { _links: Record<string, unknown> }
  const one = (await (await app.request(`${V2}/4?_fields=id,_links.author`)).json()) as Linked
  expect(Object.keys(one._links)).toEqual(expect.arrayContaining(['self', 'collection', 'about', 'author']))
  const none = (await (await app.request(`${V2}/4?_fields=id`)).json()) as Partial<Linked>
  expect(none._links).toBeUndefined()
  const list = (await (await app.request(`${V2}?_fields=id,_links.author`)).json()) as Linked[]
  expect(Object.keys(list[0]?._links ?? {})).toEqual(['author'])
})

describe('_envelope, _jsonp and _pretty', () => {
  it('wraps an answer and its own headers in an envelope, answered 200', async () => {
    const { app } = await site()
    const res = await app.request(`${API}/events/999999?_envelope`)
    expect(res.status).toBe(200)
    expect(res.headers.get('allow')).toBeNull()
    expect(res.headers.get('link')).toBe(`<${SITE}/wp-json/>; rel="https://api.w.org/"`)
    expect(await res.json()).toEqual({
      body: { code: 'rest-event-not-found', message: 'Event with ID 999999 does not exist.', data: { status: 404 } },
      status: 404,
      headers: { Allow: 'GET' },
    })
    const list = (await (await app.request(`${API}/categories?_envelope`)).json()) as { headers: object }
    expect(list.headers).toEqual({ 'X-TEC-Total': 0, 'X-TEC-TotalPages': 0, Allow: 'GET' })
    const none = (await (await app.request(`${API}/nothing?_envelope`)).json()) as { headers: unknown }
    expect(none.headers).toEqual([])
  })

  it('calls a JSONP callback with any answer, and refuses a bad callback before anything else', async () => {
    const { app } = await site()
    const res = await app.request(`${API}/categories?_jsonp=my.cb_2&_fields=total`)
    expect(res.headers.get('content-type')).toBe('application/javascript; charset=UTF-8')
    expect(await res.text()).toBe('/**/my.cb_2({"total":0})')
    const written = await app.request(`${API}/events?_jsonp=cb&_fields=title`, {
      method: 'POST',
      headers: { ...ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Late', start_date: '2026-12-11 19:00:00', end_date: '2026-12-11 20:00:00' }),
    })
    expect([written.status, await written.text()]).toEqual([201, '/**/cb({"title":"Late"})'])
    const wrong = { authorization: `Basic ${Buffer.from('admin:nope').toString('base64')}` }
    const refused = await app.request(`${API}/categories?_jsonp=bad(`, { headers: wrong })
    expect(refused.status).toBe(400)
    expect(refused.headers.get('content-type')).toBe('application/javascript; charset=UTF-8')
    expect(refused.headers.get('access-control-expose-headers')).toBeNull()
    expect(await refused.json()).toEqual({ code: 'rest_callback_invalid', message: 'Invalid JSONP callback function.' })
    // `_jsonp=` and `_jsonp=0` are no callback at all, as PHP reads them.
    expect((await app.request(`${API}/categories?_jsonp=0`)).headers.get('content-type')).toMatch(/json/u)
  })

  it('indents by four spaces under _pretty', async () => {
    const { app } = await site()
    expect(await (await app.request(`${API}/events/4?_pretty&_fields=id,title`)).text()).toBe(
      '{\n    "id": 4,\n    "title": "Jazz"\n}',
    )
  })
})

describe('_method, X-HTTP-Method-Override and ?rest_route=', () => {
  it('serves a request as the method it names, whatever the method sent', async () => {
    const { app, calendar } = await site()
    const trashed = await app.request(`${API}/events/4?_method=delete&_fields=id,status`, { headers: ADMIN })
    expect(await trashed.json()).toEqual({ id: 4, status: 'trash' })
    expect(calendar.state.events.get(4)?.status).toBe('trash')
    // Deleted again, by the header this time: TEC's 410 for an event already in the trash.
    const again = await app.request(`${API}/events/4`, {
      method: 'POST',
      headers: { ...ADMIN, 'x-http-method-override': 'DELETE' },
    })
    expect(again.status).toBe(410)
    const unknown = await app.request(`${API}/events?_method=nothing`, { method: 'PUT', headers: ADMIN })
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('allow')).toBeNull()
  })

  it('serves ?rest_route= from any path of the site, and the page without one', async () => {
    const { app } = await site()
    const routed = await app.request(`${SITE}/?rest_route=/tribe/events/v1/events/4/&_fields=id`)
    expect([routed.status, await routed.json()]).toEqual([200, { id: 4 }])
    const index = await app.request(`${SITE}/index.php?rest_route=/&_fields=namespaces`)
    expect(await index.json()).toEqual({ namespaces: ['tribe/events/v1', 'tec/v1', 'wp/v2'] })
    const created = await app.request(`${SITE}/?rest_route=/tribe/events/v1/events`, {
      method: 'POST',
      headers: { ...ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Routed', start_date: '2026-12-12 19:00:00', end_date: '2026-12-12 20:00:00' }),
    })
    expect(created.status).toBe(201)
    const page = await app.request(`${SITE}/?rest_route=`)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/u)
  })
})

describe('discovery from the HTML pages', () => {
  it("sends WordPress's API link and TEC's REST v1 headers with the page", async () => {
    const { app } = await site()
    for (const path of ['/', '/docs']) {
      const res = await app.request(`${SITE}${path}`)
      expect(res.headers.get('link')).toBe(`<${SITE}/wp-json/>; rel="https://api.w.org/"`)
      expect(res.headers.get('x-tec-api-version')).toBe('v1')
      expect(res.headers.get('x-tec-api-root')).toBe(`${API}/`)
      expect(res.headers.get('x-tec-api-origin')).toBe(SITE)
    }
  })
})
