/**
 * docs/http.md cross-origin access and docs/writes.md/docs/errors.md body handling: a preflight OPTIONS answers 200
 * with the route's description, as WordPress does, and the allowed methods and headers; the request origin reflected
 * (or the configured list), X-TEC-Total / X-TEC-TotalPages / Link exposed;
 * the 1 MiB body limit (413 `rest_payload_too_large`, with and without Content-Length, in process and over a
 * socket), malformed JSON (400 `rest_invalid_json`) and form bodies with PHP brackets.
 *
 * fixtures/auth-open.json (open mode): event 10 (venue 11 "Green Room", organizer 12, category 1), drafts 14-16,
 * organizers 12 "Jazz Society" and 13 "Blues Club", categories 1 Music and 2 Jazz (child of 1).
 */
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { toNodeHandler } from 'h3/node'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../src/http/app.js'
import { fixture, open, P } from '../helpers.js'

type Json = Record<string, any>
type Opened = Awaited<ReturnType<typeof open>>

let opened: Opened
let request: Opened['request']

beforeEach(async () => {
  opened = await open(fixture('auth-open.json'))
  request = opened.request
})

const ORIGIN = 'https://app.example.com'
const MiB = 1024 * 1024

/** The header's comma-separated values, lower-cased. */
function listHeader(headers: Headers, name: string): string[] {
  return (headers.get(name) ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)
}

function expectCode(response: { status: number; body: Json }, status: number, code: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status)
  expect(response.body.code).toBe(code)
  expect(response.body.data.status).toBe(status)
}

describe('CORS (CONTRACT §7)', () => {
  it('a preflight OPTIONS answers 200 with the route, the allowed methods and headers and the origin reflected', async () => {
    const response = await opened.app.request(`${P}/events`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ methods: ['GET', 'POST'] })
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(listHeader(response.headers, 'access-control-allow-methods')).toEqual(
      expect.arrayContaining(['get', 'post', 'put', 'patch', 'delete']),
    )
    expect(listHeader(response.headers, 'access-control-allow-headers')).toEqual(
      expect.arrayContaining(['authorization', 'content-type']),
    )
    expect(listHeader(response.headers, 'vary')).toContain('origin')
    expect(response.headers.get('access-control-max-age')).toBeNull()
  })

  it('a preflight on a path under the prefix that no route serves: 200 [], as WordPress answers', async () => {
    for (const path of [`${P}/nowhere`, `${P}/events/abc`]) {
      const response = await opened.app.request(path, {
        method: 'OPTIONS',
        headers: { origin: ORIGIN, 'access-control-request-method': 'GET' },
      })
      expect(response.status, path).toBe(200)
      expect(await response.json()).toEqual([])
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
      expect(listHeader(response.headers, 'access-control-allow-headers')).toContain('authorization')
    }
  })

  it('preflights on single routes, term routes and the TEC prefix answer alike', async () => {
    for (const path of [
      `${P}/events/10`,
      `${P}/venues/by-slug/green-room`,
      `${P}/categories/1`,
      '/wp-json/tribe/events/v1/events',
      '//wp-json/tribe/events/v1/events/',
    ]) {
      const response = await opened.app.request(path, {
        method: 'OPTIONS',
        headers: { origin: ORIGIN, 'access-control-request-method': 'DELETE' },
      })
      expect(response.status, path).toBe(200)
      expect(response.headers.get('access-control-allow-origin'), path).toBe(ORIGIN)
      expect(listHeader(response.headers, 'access-control-allow-methods'), path).toContain('delete')
    }
  })

  it('a preflight is never authenticated: 200 when tokens exist and no token is sent', async () => {
    const withTokens = await open(fixture('auth-roles.json'))
    const response = await withTokens.app.request(`${P}/events/1010`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'Authorization',
      },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
  })

  it('a list reflects the origin and exposes what WordPress exposes, no more (X-TEC-Total is not among them)', async () => {
    await request('POST', '/events', {
      title: 'Second',
      start_date: '2026-07-20 10:00:00',
      end_date: '2026-07-20 11:00:00',
    })
    const response = await request('GET', '/events?per_page=1', undefined, { origin: ORIGIN })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    const exposed = listHeader(response.headers, 'access-control-expose-headers')
    expect(exposed).toEqual(['x-wp-total', 'x-wp-totalpages', 'link'])
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
    // the totals are sent all the same (a script on the same origin reads them); Link is WordPress's API root
    expect(response.headers.get('x-tec-total')).toBe('2')
    expect(response.headers.get('x-tec-totalpages')).toBe('2')
    expect(response.headers.get('link')).toMatch(/\/wp-json\/>; rel="https:\/\/api\.w\.org\/"/u)
  })

  it('creates, single reads and errors carry the origin too, so a browser can read them', async () => {
    const created = await request(
      'POST',
      '/events',
      { title: 'Cross', start_date: '2026-07-20 10:00:00', end_date: '2026-07-20 11:00:00' },
      { origin: ORIGIN },
    )
    expect(created.status).toBe(201)
    expect(created.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    const single = await request('GET', '/events/10', undefined, { origin: ORIGIN })
    expect(single.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    const missing = await request('GET', '/events/999', undefined, { origin: ORIGIN })
    expect(missing.status).toBe(404)
    expect(missing.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    const noRoute = await request('GET', '/nowhere', undefined, { origin: ORIGIN })
    expect(noRoute.status).toBe(404)
    expect(noRoute.headers.get('access-control-allow-origin')).toBe(ORIGIN)
  })

  it('a 401 for a wrong token carries the origin', async () => {
    const withTokens = await open(fixture('auth-roles.json'))
    const response = await withTokens.request('GET', '/events', undefined, {
      origin: ORIGIN,
      authorization: 'Bearer wrong',
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
  })

  describe('with cors: { origins } (createApp option, `--cors-origin`)', () => {
    const ALLOWED = 'https://allowed.example'
    const FOREIGN = 'https://evil.example'

    function restricted() {
      return createApp(opened.calendar, { cors: { origins: [ALLOWED, 'http://localhost:5173'] } })
    }

    it('an allowed origin is reflected on requests and preflights', async () => {
      const app = restricted()
      const get = await app.request(`${P}/events`, { headers: { origin: ALLOWED } })
      expect(get.status).toBe(200)
      expect(get.headers.get('access-control-allow-origin')).toBe(ALLOWED)
      expect(listHeader(get.headers, 'access-control-expose-headers')).toEqual([
        'x-wp-total',
        'x-wp-totalpages',
        'link',
      ])
      const preflight = await app.request(`${P}/events`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
      })
      expect(preflight.status).toBe(200)
      expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    })

    it('a foreign origin gets no Access-Control-Allow-Origin, on requests and on preflights', async () => {
      const app = restricted()
      const get = await app.request(`${P}/events`, { headers: { origin: FOREIGN } })
      expect(get.status).toBe(200)
      expect(get.headers.get('access-control-allow-origin')).toBeNull()
      // WordPress's own list, sent whatever the origin; the list totals are not exposed to a foreign one
      expect(get.headers.get('access-control-expose-headers')).toBe('X-WP-Total, X-WP-TotalPages, Link')
      const preflight = await app.request(`${P}/events`, {
        method: 'OPTIONS',
        headers: { origin: FOREIGN, 'access-control-request-method': 'POST' },
      })
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
      expect(preflight.headers.get('access-control-allow-methods')).toBeNull()
      // an origin that merely starts like an allowed one is foreign too
      const lookalike = await app.request(`${P}/events`, { headers: { origin: `${ALLOWED}.evil.example` } })
      expect(lookalike.headers.get('access-control-allow-origin')).toBeNull()
    })

    it('never answers with a wildcard', async () => {
      const app = restricted()
      for (const origin of [ALLOWED, FOREIGN]) {
        const response = await app.request(`${P}/events`, { headers: { origin } })
        expect(response.headers.get('access-control-allow-origin')).not.toBe('*')
      }
    })
  })
})

/** A JSON event body of exactly `bytes` bytes (padding in the description). */
function eventBodyOfSize(bytes: number): string {
  const base = { title: 'Big', start_date: '2026-07-20 10:00:00', end_date: '2026-07-20 11:00:00', description: '' }
  const pad = bytes - Buffer.byteLength(JSON.stringify(base))
  const text = JSON.stringify({ ...base, description: 'a'.repeat(pad) })
  expect(Buffer.byteLength(text)).toBe(bytes)
  return text
}

function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = Buffer.from(text)
  let offset = 0
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close()
      controller.enqueue(new Uint8Array(bytes.subarray(offset, offset + 64 * 1024)))
      offset += 64 * 1024
    },
  })
}

async function rawRequest(path: string, init: RequestInit) {
  const response = await opened.app.request(path, init)
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers }
}

describe('body limit: 1 MiB (CONTRACT §5)', () => {
  it('a body of exactly 1 MiB is accepted; one byte more is a 413 rest_payload_too_large', async () => {
    const exact = await request('POST', '/events', eventBodyOfSize(MiB))
    expect(exact.status).toBe(201)
    expectCode(await request('POST', '/events', eventBodyOfSize(MiB + 1)), 413, 'rest_payload_too_large')
  })

  it('413 with a Content-Length header announcing the size', async () => {
    const body = eventBodyOfSize(MiB + 10)
    const response = await rawRequest(`${P}/events`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
    })
    expectCode(response, 413, 'rest_payload_too_large')
  })

  it('413 for a streamed body without Content-Length', async () => {
    const response = await rawRequest(`${P}/events`, {
      method: 'POST',
      body: streamOf(eventBodyOfSize(2 * MiB)),
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit)
    expectCode(response, 413, 'rest_payload_too_large')
  })

  it('the limit counts bytes, not characters', async () => {
    const body = JSON.stringify({
      title: 'Accents',
      start_date: '2026-07-20 10:00:00',
      end_date: '2026-07-20 11:00:00',
      description: 'é'.repeat(600_000),
    })
    expect(body.length).toBeLessThan(MiB)
    expectCode(await request('POST', '/events', body), 413, 'rest_payload_too_large')
  })

  it('applies to updates, form bodies and term routes, and nothing is stored', async () => {
    const big = 'x'.repeat(MiB + 1)
    expectCode(
      await request('PATCH', '/events/10', JSON.stringify({ description: big })),
      413,
      'rest_payload_too_large',
    )
    expectCode(
      await request('POST', '/venues', `venue=Big&description=${big}`, {
        'content-type': 'application/x-www-form-urlencoded',
      }),
      413,
      'rest_payload_too_large',
    )
    expectCode(
      await request('POST', '/categories', JSON.stringify({ name: 'Big', description: big })),
      413,
      'rest_payload_too_large',
    )
    expect((await request('GET', '/events/10')).body.description).toBe('')
    expect((await request('GET', '/categories?hide_empty=false&search=Big')).body.total).toBe(0)
  })

  it('is checked before permissions: 413 for an anonymous request when tokens exist', async () => {
    const withTokens = await open(fixture('auth-roles.json'))
    expectCode(await withTokens.request('POST', '/events', eventBodyOfSize(MiB + 1)), 413, 'rest_payload_too_large')
  })

  describe('over a socket (node:http, the way `calfile serve` runs)', () => {
    let server: Server | undefined
    afterEach(async () => {
      const running = server
      server = undefined
      if (running) {
        running.closeAllConnections()
        await new Promise((resolve) => running.close(resolve))
      }
    })

    async function listen(): Promise<number> {
      server = createServer(toNodeHandler(createApp(opened.calendar)))
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
      return (server!.address() as AddressInfo).port
    }

    /** Sends `body` in 64 KiB chunks; `contentLength` false sends it chunked. */
    function send(port: number, body: Buffer, contentLength: boolean): Promise<{ status: number; body: Json }> {
      return new Promise((resolve, reject) => {
        const headers: Record<string, string> = { 'content-type': 'application/json' }
        if (contentLength) headers['content-length'] = String(body.length)
        const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: `${P}/events`, headers }, (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (chunk) => (text += chunk))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }))
        })
        // the server may answer and close before the whole body is sent
        req.on('error', (error: NodeJS.ErrnoException) =>
          error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
        )
        let offset = 0
        const writeMore = () => {
          while (offset < body.length) {
            const chunk = body.subarray(offset, offset + 64 * 1024)
            offset += chunk.length
            if (!req.write(chunk)) return void req.once('drain', writeMore)
          }
          req.end()
        }
        writeMore()
      })
    }

    it('413 with Content-Length and with chunked transfer; a normal create still works', async () => {
      const port = await listen()
      expectCode(await send(port, Buffer.from(eventBodyOfSize(2 * MiB)), true), 413, 'rest_payload_too_large')
      expectCode(await send(port, Buffer.from(eventBodyOfSize(2 * MiB)), false), 413, 'rest_payload_too_large')
      const ok = await send(port, Buffer.from(eventBodyOfSize(1000)), false)
      expect(ok.status).toBe(201)
    })
  })
})

describe('malformed JSON (CONTRACT §5)', () => {
  it('is a 400 rest_invalid_json on creates and updates of every kind', async () => {
    for (const [method, path] of [
      ['POST', '/events'],
      ['PATCH', '/events/10'],
      ['PUT', '/venues/11'],
      ['POST', '/organizers'],
      ['POST', '/categories'],
      ['PATCH', '/tags/1'],
    ] as const) {
      for (const text of ['{"title": ', '{title: "x"}', "{'title': 'x'}", '{"a":1,}', 'not json']) {
        expectCode(await request(method, path, text), 400, 'rest_invalid_json')
      }
    }
  })

  it('changes nothing', async () => {
    await request('PATCH', '/events/10', '{"title": "Changed",')
    expect((await request('GET', '/events/10')).body.title).toBe('Jazz night')
  })

  it('an empty body is no body: an update with it is a 200 that changes nothing', async () => {
    const response = await request('PATCH', '/events/10', '')
    expect(response.status).toBe(200)
    expect(response.body.title).toBe('Jazz night')
  })
})

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

describe('form bodies with PHP brackets (CONTRACT §3)', () => {
  it('organizer[]=12&organizer[]=13, venue[venue]=Blue%20Room&venue[city]=Boston and categories=1,2 create what they say', async () => {
    const body = [
      'title=Form%20night',
      'start_date=2026-07-20%2020%3A00%3A00',
      'end_date=2026-07-20+23:00:00',
      'organizer[]=12',
      'organizer[]=13',
      'venue[venue]=Blue%20Room',
      'venue[city]=Boston',
      'categories=1,2',
    ].join('&')
    const response = await request('POST', '/events', body, FORM)
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    expect(response.body.title).toBe('Form night')
    expect(response.body.start_date).toBe('2026-07-20 20:00:00')
    expect(response.body.end_date).toBe('2026-07-20 23:00:00')
    expect(response.body.organizer.map((o: Json) => o.id)).toEqual([12, 13])
    // Which categories: the event shows them by name, whatever order they were given in.
    expect(response.body.categories.map((c: Json) => c.id).sort()).toEqual([1, 2])
    expect(response.body.venue).toMatchObject({ venue: 'Blue Room', city: 'Boston' })
    expect(response.body.venue.id).not.toBe(11)
    const venue = await request('GET', `/venues/${response.body.venue.id}`)
    expect(venue.status).toBe(200)
    expect(venue.body).toMatchObject({ venue: 'Blue Room', city: 'Boston' })
  })

  it('percent-encoded brackets (as browsers and PHP send them) are the same; organizers keep their order', async () => {
    const body =
      'title=Encoded&start_date=2026-07-20&end_date=2026-07-20&all_day=1&organizer%5B%5D=13&organizer%5B%5D=12&tags%5B%5D=outdoor&tags%5B%5D=free'
    const response = await request('POST', '/events', body, {
      'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
    })
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    expect(response.body.organizer.map((o: Json) => o.id)).toEqual([13, 12])
    // Tags are shown by name, as TEC shows an event's terms
    expect(response.body.tags.map((t: Json) => t.name)).toEqual(['free', 'outdoor'])
    expect(response.body.all_day).toBe(true)
  })

  it("booleans as forms send them (TEC's true/false/1/0), and an update by form keeps the title it is not sent", async () => {
    const response = await request('PATCH', '/events/10', 'featured=true&show_map=0&sticky=1&organizer[]=13', FORM)
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    expect(response.body).toMatchObject({ featured: true, show_map: false, sticky: true, title: 'Jazz night' })
    expect(response.body.organizer.map((o: Json) => o.id)).toEqual([13])
    expect(response.body.venue.id).toBe(11)
  })

  it('an organizer given as bracket object fields is created', async () => {
    const body =
      'title=Org&start_date=2026-07-20&end_date=2026-07-20&organizer[0][organizer]=Form%20Society&organizer[0][email]=form%40example.org&organizer[1]=12'
    const response = await request('POST', '/events', body, FORM)
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    expect(response.body.organizer.map((o: Json) => [o.organizer, o.email])).toEqual([
      ['Form Society', 'form@example.org'],
      ['Jazz Society', 'hi@example.org'],
    ])
  })

  it('venues, organizers and terms accept form bodies too', async () => {
    const venue = await request(
      'POST',
      '/venues',
      'venue=Form%20Hall&city=Boston&show_map=false&geo_lat=42.36&geo_lng=-71.06',
      FORM,
    )
    expect(venue.status, JSON.stringify(venue.body)).toBe(201)
    expect(venue.body).toMatchObject({
      venue: 'Form Hall',
      city: 'Boston',
      show_map: false,
      geo_lat: 42.36,
      geo_lng: -71.06,
    })
    const organizer = await request('POST', '/organizers', 'organizer=Form%20Org&phone=555-0100', FORM)
    expect(organizer.status).toBe(201)
    expect(organizer.body).toMatchObject({ organizer: 'Form Org', phone: '555-0100' })
    const category = await request('POST', '/categories', 'name=Blues&parent=1', FORM)
    expect(category.status).toBe(201)
    expect(category.body).toMatchObject({ name: 'Blues', parent: 1 })
  })

  it('a form body with a bad field is a 400 rest_invalid_param, not rest_invalid_json', async () => {
    const response = await request('POST', '/events', 'title=Bad&start_date=whenever&end_date=2026-07-20', FORM)
    expectCode(response, 400, 'rest_invalid_param')
    expect(response.body.data.params).toHaveProperty('start_date')
  })
})
