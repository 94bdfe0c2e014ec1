/**
 * The site client's patience (issue 15): 429, 5xx and network errors are tried again with exponential backoff,
 * the site's `Retry-After` honoured, against a tiny local `node:http` server that answers a script of statuses.
 * What is checked is what the client asked for (its retry notices, the requests the server saw), never how long
 * anything took.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { SiteError, SyncError } from '../../src/sync/errors.js'
import { type RetryNotice, SiteClient } from '../../src/sync/site/site-client.js'
import { freePort } from '../cli/cli-helpers.js'

/** One scripted answer: a status, its headers, and a body (JSON by default). */
type Answer = { status: number; headers?: Record<string, string>; body?: string }

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/** A server that answers `script` in order (then 200 `{"ok":true}`), and the requests it saw. */
async function scripted(script: Answer[]): Promise<{ url: string; seen: IncomingMessage[] }> {
  const seen: IncomingMessage[] = []
  server = createServer((request, response) => {
    seen.push(request)
    const answer = script.shift() ?? { status: 200 }
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
    response.end(
      answer.body ?? JSON.stringify(answer.status === 200 ? { ok: true } : { code: 'busy', message: 'Busy' }),
    )
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${port}`, seen }
}

/** A client of `url` that notes its retries, with a 1 ms backoff so that nothing waits but what a site asks. */
function client(url: string, options: ConstructorParameters<typeof SiteClient>[1] = {}) {
  const notices: RetryNotice[] = []
  const site = new SiteClient(url, { retry: { baseDelayMs: 1 }, onRetry: (n) => notices.push(n), ...options })
  return { site, notices }
}

describe('SiteClient retries', () => {
  it('tries again after 429 and 503, waiting what Retry-After asks, then answers the 200', async () => {
    const { url, seen } = await scripted([
      { status: 429, headers: { 'retry-after': '1' } },
      { status: 503 },
      { status: 503, headers: { 'retry-after': new Date(Date.now() - 5000).toUTCString() } },
    ])
    const { site, notices } = client(url)
    const answer = await site.request('events')
    expect(answer.body).toEqual({ ok: true })
    expect(seen).toHaveLength(4)
    expect(site.requests).toBe(4)
    expect(notices.map((n) => [n.reason, n.delayMs])).toEqual([
      ['429', 1000],
      ['503', 2],
      ['503', 0],
    ])
    expect(seen[0]?.url).toBe('/wp-json/tribe/events/v1/events')
  })

  it('backs off exponentially on 5xx and gives up after the retries, with the site error', async () => {
    const { url, seen } = await scripted(Array.from({ length: 4 }, () => ({ status: 500 })))
    const { site, notices } = client(url, { retry: { baseDelayMs: 1, retries: 3 } })
    const failure = await site.request('events').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(SiteError)
    expect((failure as SiteError).status).toBe(500)
    expect((failure as SiteError).message).toMatch(/500 busy: Busy/u)
    expect(notices.map((n) => n.delayMs)).toEqual([1, 2, 4])
    expect(seen).toHaveLength(4)
  })

  it('gives up at once when Retry-After asks more than the longest wait', async () => {
    const { url, seen } = await scripted([{ status: 429, headers: { 'retry-after': '3600' } }])
    const { site, notices } = client(url, { retry: { baseDelayMs: 1, maxDelayMs: 10_000 } })
    await expect(site.request('events')).rejects.toThrow(/429 busy: Busy \(Retry-After: 3600\)/u)
    expect(notices).toEqual([])
    expect(seen).toHaveLength(1)
  })

  it('does not send a create twice after a 500, which may come after the site made it; a 503 it does', async () => {
    const { url, seen } = await scripted([{ status: 503 }, { status: 500 }])
    const { site, notices } = client(url)
    await expect(site.request('events', { method: 'POST', body: { title: 'x' } })).rejects.toBeInstanceOf(SiteError)
    expect(notices.map((n) => n.reason)).toEqual(['503'])
    expect(seen.map((request) => request.method)).toEqual(['POST', 'POST'])
  })

  it('tries again when the connection is refused, and says so once the retries are spent', async () => {
    const port = await freePort()
    const { site, notices } = client(`http://127.0.0.1:${port}`, { retry: { baseDelayMs: 1, retries: 2 } })
    const failure = await site.request('events', { method: 'POST', body: {} }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(SyncError)
    expect((failure as SyncError).code).toBe('site-unreachable')
    expect(notices.map((n) => n.reason)).toEqual(['ECONNREFUSED', 'ECONNREFUSED'])
  })

  it('sends the application password as HTTP Basic, and refuses it over plain http beyond loopback', async () => {
    const { url, seen } = await scripted([])
    await client(url, { user: 'admin', password: 'abcd efgh' }).site.request('events')
    expect(seen[0]?.headers.authorization).toBe(`Basic ${Buffer.from('admin:abcd efgh').toString('base64')}`)
    expect(() => new SiteClient('http://events.example.org', { user: 'a', password: 'b' })).toThrow(/plain http/u)
    expect(new SiteClient('http://events.example.org', { user: 'a', password: 'b', insecure: true }).site.api).toBe(
      'http://events.example.org/wp-json/tribe/events/v1',
    )
    expect(
      new SiteClient('http://[::1]:8080/blog/wp-json/tribe/events/v1/', { user: 'a', password: 'b' }).site,
    ).toEqual({
      home: 'http://[::1]:8080/blog',
      api: 'http://[::1]:8080/blog/wp-json/tribe/events/v1',
    })
  })
})
