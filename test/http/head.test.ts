/**
 * Issue 10 §1, docs/errors.md and RFC 9110 §9.3.2: every GET route, the root route and `/doc` included, under both
 * prefixes, answers `HEAD` as it answers GET — same status, same headers — with no body; a path or method that
 * matches no route is the 404 of a GET, without its body. The helpers check each answer against the document,
 * which has a HEAD operation without content for each GET.
 *
 * fixtures/events-rich.json (open mode): events 10 "Jazz night" (slug jazz-night, venue 11, organizer 12) and
 * 26 (a draft); venue 11 "Blue Room", organizer 12, categories 3 and 4, tags 7 and 8.
 * fixtures/auth-roles.json: tokens `tok-<role>`; event 1012 is the administrator's draft.
 */
import type { Listener } from 'listhen'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { serve } from '../../src/http/serve.js'
import { fixture, open, P } from '../helpers.js'

type Opened = Awaited<ReturnType<typeof open>>

const TEC = '/wp-json/tribe/events/v1'
const ORIGIN = 'https://app.example.com'

let opened: Opened

beforeEach(async () => {
  opened = await open(fixture('events-rich.json'))
})

/** Every GET route of the interface, with a record that exists where the route names one. */
const GET_PATHS = [
  '',
  '/doc',
  '/events?per_page=2',
  '/events/10',
  '/events/by-slug/jazz-night',
  '/venues',
  '/venues/11',
  '/venues/by-slug/blue-room',
  '/organizers',
  '/organizers/12',
  '/organizers/by-slug/jazz-society',
  '/categories',
  '/categories/3',
  '/tags?hide_empty=false',
  '/tags/7',
]

/** The same request by GET and by HEAD, through the checked app. */
async function both(path: string, headers: Record<string, string> = {}) {
  const get = await opened.app.request(path, { headers })
  const head = await opened.app.request(path, { method: 'HEAD', headers })
  return { get, head, getText: await get.text(), headText: await head.text() }
}

/**
 * Headers as sorted pairs; `date` left out, as it may tick between the two requests, and `vary`, which WordPress
 * sends a reader not signed in on a `GET` only (`rest_send_cors_headers()`; a real site's HEAD has none).
 */
function headerPairs(headers: Headers): string[][] {
  return [...headers].filter(([name]) => name !== 'date' && name !== 'vary').sort()
}

function expectSameAnswer(answers: Awaited<ReturnType<typeof both>>, status: number, path: string) {
  expect(answers.get.status, path).toBe(status)
  expect(answers.head.status, path).toBe(status)
  expect(answers.getText, path).not.toBe('')
  expect(answers.headText, path).toBe('')
  expect(headerPairs(answers.head.headers), path).toEqual(headerPairs(answers.get.headers))
}

describe('HEAD on every GET route (CONTRACT §5, RFC 9110 §9.3.2)', () => {
  it('answers as GET, without the body, under both prefixes', async () => {
    for (const prefix of [P, TEC]) {
      for (const path of GET_PATHS) expectSameAnswer(await both(prefix + path, { origin: ORIGIN }), 200, prefix + path)
    }
  })

  it('keeps the list headers, CORS included', async () => {
    const { head } = await both(`${P}/events?per_page=2`, { origin: ORIGIN })
    expect(head.headers.get('x-tec-total')).toBe('8')
    expect(head.headers.get('x-tec-totalpages')).toBe('4')
    expect(head.headers.get('link')).toContain('rel="https://api.w.org/"')
    expect(head.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(head.headers.get('content-type')).toMatch(/^application\/json/u)
  })

  it('reaches the route as GET does: repeated slashes and a trailing slash', async () => {
    for (const path of [`/${TEC}/events/`, `${P}//events//10`, `${P}/`]) expectSameAnswer(await both(path), 200, path)
  })

  it('answers the errors of GET with their status: unknown record, bad parameter, page past the end', async () => {
    expectSameAnswer(await both(`${P}/events/999`), 404, 'unknown event')
    expectSameAnswer(await both(`${P}/events/by-slug/nowhere`), 400, 'unknown slug')
    expectSameAnswer(await both(`${P}/events?per_page=0`), 400, 'bad per_page')
    expectSameAnswer(await both(`${P}/events?page=99`), 404, 'past the end')
    expectSameAnswer(await both(`${P}/categories/999`), 400, 'unknown category')
    expectSameAnswer(await both(`${P}?context=nope`), 400, 'bad context on the root route')
  })

  it('matches no route where GET matches none: 404 without a body', async () => {
    for (const path of [`${P}/events/abc`, `${P}/nowhere`, '/elsewhere', `${P}/events/%ZZ`]) {
      expectSameAnswer(await both(path), 404, path)
    }
  })

  it('authenticates as GET does: a wrong token is a 401, a draft is not readable anonymously', async () => {
    opened = await open(fixture('auth-roles.json'))
    expectSameAnswer(await both(`${P}/events/1012`, { authorization: 'Bearer wrong' }), 401, 'wrong token')
    expectSameAnswer(await both(`${P}/doc`, { authorization: 'Bearer wrong' }), 401, 'wrong token on /doc')
    expectSameAnswer(await both(`${P}/events/1012`), 403, 'anonymous draft')
    expectSameAnswer(await both(`${P}/events/1012`, { authorization: 'Bearer tok-admin' }), 200, 'admin draft')
  })

  it('changes nothing and reads no body', async () => {
    const response = await opened.app.request(`${P}/events/10`, { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(opened.calendar.events.get(10).title).toBe('Jazz night')
  })
})

describe('HEAD over a socket (`serve`, as `calfile serve` runs)', () => {
  let listener: Listener | undefined

  afterEach(async () => {
    await listener?.close()
    listener = undefined
  })

  it('answers with the status and headers of GET and no body', async () => {
    listener = await serve(opened.calendar, { port: 0, host: '127.0.0.1' })
    const origin = new URL(listener.url).origin
    for (const [path, status] of [
      [`${P}/events?per_page=2`, 200],
      [`${TEC}/events/10`, 200],
      [`${P}/doc`, 200],
      [`${P}/events/999`, 404],
      [`${P}/nowhere`, 404],
    ] as const) {
      const get = await fetch(origin + path)
      const head = await fetch(origin + path, { method: 'HEAD' })
      expect(head.status, path).toBe(status)
      expect(get.status, path).toBe(status)
      expect(await head.text(), path).toBe('')
      expect((await get.text()).length, path).toBeGreaterThan(0)
      // Connection-level headers differ, not the answer's: Node frames a GET body with Transfer-Encoding and sends
      // none for HEAD, and fetch (undici) closes the connection after a HEAD, so it is answered `Connection: close`.
      const CONNECTION = new Set(['transfer-encoding', 'connection', 'keep-alive'])
      const answer = (headers: Headers) => headerPairs(headers).filter(([name]) => !CONNECTION.has(name as string))
      expect(answer(head.headers), path).toEqual(answer(get.headers))
    }
  })
})
