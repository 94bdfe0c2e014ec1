/**
 * WordPress's REST headers on every answer of the interface (`WP_REST_Server::serve_request()`,
 * `rest_send_allow_header()`, `wp_get_nocache_headers()`; docs/http.md): `Link` to the API root, the CORS lists,
 * `Allow` with the methods the requester may use on the route, and the no-cache headers for signed-in requests;
 * each sent once on the socket, whatever else set headers before them (CORS, HEAD, a list's totals).
 *
 * fixtures/auth-roles.json: users 1 admin (administrator, token `tok-admin`), 3 ana (author, `tok-author`),
 * 7 sam (subscriber, `tok-subscriber`); event 1010 is admin's published event, category 1 exists.
 */
import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { toNodeHandler } from 'h3/node'
import { beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../src/http/app.js'
import { addHeaders, json } from '../../src/http/respond.js'
import { fixture, open, P } from '../helpers.js'

type Opened = Awaited<ReturnType<typeof open>>

let opened: Opened

beforeEach(async () => {
  opened = await open(fixture('auth-roles.json'))
})

const ORIGIN = 'https://app.example.com'
const LINK = '<http://localhost/wp-json/>; rel="https://api.w.org/"'

async function headersOf(path: string, token?: string, method = 'GET'): Promise<Headers> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}
  const response = await opened.app.request(`http://localhost${path}`, { method, headers })
  await response.arrayBuffer()
  return response.headers
}

describe('REST headers', () => {
  it('an anonymous read: Link, the CORS lists, Allow GET, and no no-cache headers', async () => {
    const headers = await headersOf(`${P}/events/1010`)
    expect(headers.get('link')).toBe(LINK)
    expect(headers.get('access-control-expose-headers')).toBe('X-WP-Total, X-WP-TotalPages, Link')
    expect(headers.get('access-control-allow-headers')).toBe(
      'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
    )
    expect(headers.get('allow')).toBe('GET')
    expect(headers.get('cache-control')).toBeNull()
    expect(headers.get('expires')).toBeNull()
    expect(headers.get('content-type')).toBe('application/json; charset=UTF-8')
  })

  it('Link and the record URLs follow the host each request came in on, one request after another', async () => {
    // The last host's URLs and headers are kept for the next request (viewUrls, restHeaders): a request under
    // another host must not get them.
    for (const host of ['localhost', '127.0.0.1:3000', 'localhost', 'example.test:8080']) {
      const response = await opened.app.request(`http://${host}${P}/events/1010`)
      expect(response.headers.get('link')).toBe(`<http://${host}/wp-json/>; rel="https://api.w.org/"`)
      const event = (await response.json()) as { rest_url: string }
      expect(event.rest_url).toBe(`http://${host}${P}/events/1010`)
    }
  })

  it('Vary: Origin on a plain GET of a reader not signed in, as rest_send_cors_headers() sends it', async () => {
    expect((await headersOf(`${P}/events/1010`)).get('vary')).toBe('Origin')
    expect((await headersOf(`${P}/nowhere`)).get('vary')).toBe('Origin')
    expect((await headersOf(`${P}/events/1010`, 'tok-admin')).get('vary')).toBeNull()
    expect((await headersOf(`${P}/events/1010`, undefined, 'HEAD')).get('vary')).toBeNull()
    expect((await headersOf(`${P}/events`, undefined, 'POST')).get('vary')).toBeNull()
    // A browser's request names its origin: Vary once, signed in or not.
    const fromApp = await opened.app.request(`http://localhost${P}/events/1010`, {
      headers: { origin: ORIGIN, authorization: 'Bearer tok-admin' },
    })
    expect(fromApp.headers.get('vary')).toBe('Origin')
  })

  it('Allow lists what each requester may do on the route, writes after the read', async () => {
    const allow = async (path: string, token?: string) => (await headersOf(`${P}${path}`, token)).get('allow')
    // Each route's handlers in TEC's order (the parity suite compares them with TEC's).
    expect(await allow('/events/1010', 'tok-admin')).toBe('GET, DELETE, POST, PUT, PATCH')
    expect(await allow('/events/1010', 'tok-author')).toBe(await allow('/events/1010', 'tok-admin'))
    expect(await allow('/events/1010', 'tok-subscriber')).toBe('GET')
    // Terms are managed by editors and administrators only: an author may write events but not categories.
    expect(await allow('/categories/1', 'tok-author')).toBe('GET')
    expect(await allow('/categories/1', 'tok-admin')).toBe('GET, POST, PUT, PATCH, DELETE')
    // The same viewer asked again gets the same answer (it is kept per route and per what the viewer may do).
    expect(await allow('/categories/1', 'tok-author')).toBe('GET')
  })

  it('signed in: the no-cache headers of wp_get_nocache_headers()', async () => {
    const headers = await headersOf(`${P}/events/1010`, 'tok-subscriber')
    expect(headers.get('cache-control')).toBe('no-cache, must-revalidate, max-age=0, no-store, private')
    expect(headers.get('expires')).toBe('Wed, 11 Jan 1984 05:00:00 GMT')
  })

  it('a refused token: 401 with Link and no Allow, as WordPress stops before it matches a route', async () => {
    const response = await opened.app.request(`http://localhost${P}/events/1010`, {
      headers: { authorization: 'Bearer wrong' },
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('link')).toBe(LINK)
    expect(response.headers.get('allow')).toBeNull()
  })

  it('HEAD, an error and a list carry them as GET does, under either prefix', async () => {
    const head = await headersOf(`${P}/events/1010`, undefined, 'HEAD')
    expect(head.get('allow')).toBe('GET')
    expect(head.get('link')).toBe(LINK)
    const missing = await headersOf(`${P}/events/999999`)
    expect(missing.get('link')).toBe(LINK)
    const list = await headersOf('/wp-json/tribe/events/v1/events')
    expect(list.get('x-tec-total')).not.toBeNull()
    expect(list.get('allow')).toBe('GET')
  })

  it('each header goes out once on the socket, a CORS origin replacing the exposed list', async () => {
    const server = createServer(toNodeHandler(createApp(opened.calendar)))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const raw = await new Promise<string[]>((resolve, reject) => {
        const req = httpRequest(
          { port, host: '127.0.0.1', path: `${P}/events?per_page=1`, headers: { origin: ORIGIN } },
          (res) => {
            res.resume()
            res.on('end', () => resolve(res.rawHeaders))
          },
        )
        req.on('error', reject)
        req.end()
      })
      const names = raw.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase())
      expect(names.length).toBe(new Set(names).size)
      const value = (name: string) => raw[raw.findIndex((entry, i) => i % 2 === 0 && entry.toLowerCase() === name) + 1]
      expect(value('access-control-allow-origin')).toBe(ORIGIN)
      expect(value('access-control-expose-headers')).toBe('X-WP-Total, X-WP-TotalPages, Link')
      expect(value('access-control-allow-credentials')).toBe('true')
      expect(value('allow')).toBe('GET')
      expect(names).toEqual(expect.arrayContaining(['link', 'content-type', 'content-length', 'x-tec-total']))
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('addHeaders', () => {
  it('adds to an answer whose headers were never read, and to one whose headers were', async () => {
    const fresh = json({ ok: true }, 201, { 'X-WP-Total': '1' })
    addHeaders(fresh, { allow: 'GET', 'x-wp-total': '2' })
    expect(fresh.status).toBe(201)
    expect(fresh.headers.get('allow')).toBe('GET')
    expect(fresh.headers.get('x-wp-total')).toBe('2')
    const read = json({ ok: true })
    expect(read.headers.get('content-type')).toBe('application/json; charset=UTF-8')
    addHeaders(read, { allow: 'GET' })
    expect(read.headers.get('allow')).toBe('GET')
    expect(await read.json()).toEqual({ ok: true })
  })
})
