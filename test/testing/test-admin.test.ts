import { readFile } from 'node:fs/promises'
import SwaggerParser from '@apidevtools/swagger-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, runCli, startServer, startTestAdminServer } from '../cli/cli-helpers.js'

/**
 * `calfile serve --test-admin` from outside, as Playwright or a Python scraper's suite would use it: a real
 * process, a real file, a real port (issue 12).
 */
describe('calfile serve --test-admin', () => {
  let base: string
  let file: string
  let stop: () => void

  beforeAll(async () => {
    ;({ base, file, stop } = await startTestAdminServer())
  })
  afterAll(() => stop?.())

  const call = async (path: string, init?: RequestInit) => {
    const res = await fetch(base + path, init)
    return { status: res.status, body: await res.json() }
  }
  const put = (body: unknown) =>
    call('/_calfile/clock', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const titles = async () =>
    ((await call('/calendar/events/v1/events')).body.events ?? []).map((e: { title: string }) => e.title)

  it('moves the clock, and the default window of the event list with it', async () => {
    expect(await titles()).toEqual(['Jazz night'])
    expect(await put({ advance: '5d' })).toEqual({
      status: 200,
      body: { now: '2026-07-06T12:00:00.000Z', frozen: true },
    })
    // Jazz night (2026-07-04) is over: the default window starts at now.
    expect(await titles()).toEqual([])
    expect(await put({ now: '2026-06-01T00:00:00Z' })).toMatchObject({ body: { now: '2026-06-01T00:00:00.000Z' } })
    expect(await titles()).toEqual(['Jazz night'])
    expect((await call('/_calfile/clock')).body).toEqual({ now: '2026-06-01T00:00:00.000Z', frozen: true })
  })

  it('refuses a clock body that is neither form, in the contract shape', async () => {
    for (const body of [{}, { now: 'soon' }, { advance: 'a while' }, { now: '2026-07-01T00:00:00Z', advance: '1d' }]) {
      const { status, body: error } = await put(body)
      expect(status).toBe(400)
      expect(error).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } })
    }
  })

  it('journals what clients sent, and leaves its own routes out', async () => {
    await call('/_calfile/requests', { method: 'DELETE' })
    const body = JSON.stringify({
      title: 'Sent by the client',
      start_date: '2026-07-10 10:00:00',
      end_date: '2026-07-10 11:00:00',
    })
    await fetch(`${base}/calendar/events/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    await fetch(`${base}/wp-json/tribe/events/v1/venues?per_page=2`)
    const { requests } = (await call('/_calfile/requests')).body
    expect(requests).toEqual([
      {
        time: expect.any(String),
        method: 'POST',
        path: '/calendar/events/v1/events',
        status: 201,
        body_size: Buffer.byteLength(body),
      },
      {
        time: expect.any(String),
        method: 'GET',
        path: '/wp-json/tribe/events/v1/venues?per_page=2',
        status: 200,
        body_size: 0,
      },
    ])
  })

  it('puts back the file as the server opened it, the clock, and an empty journal', async () => {
    await put({ advance: '30d' })
    expect(await readFile(file, 'utf8')).toContain('Sent by the client')
    const reset = await call('/_calfile/reset', { method: 'POST' })
    expect(reset).toEqual({
      status: 200,
      body: { reset: true, clock: { now: '2026-07-01T12:00:00.000Z', frozen: true } },
    })
    expect(await readFile(file, 'utf8')).toBe(await readFile('fixtures/small.json', 'utf8'))
    expect(await titles()).toEqual(['Jazz night'])
    expect((await call('/_calfile/requests')).body.requests.map((r: { path: string }) => r.path)).toEqual([
      '/calendar/events/v1/events',
    ])
  })

  it('documents its routes in /doc under their own tag, served from the site root', async () => {
    const doc = (await call('/calendar/events/v1/doc')).body
    expect(doc.tags.map((t: { name: string }) => t.name)).toContain('test admin')
    expect(doc.paths['/_calfile/clock'].servers).toEqual([{ url: base }])
    expect(Object.keys(doc.paths['/_calfile/clock'])).toEqual(['servers', 'get', 'put'])
    expect(doc.paths['/_calfile/reset'].post.tags).toEqual(['test admin'])
    await expect(SwaggerParser.validate(doc)).resolves.toBeDefined()
  })
})

describe('calfile serve without --test-admin', () => {
  it('has no admin routes, and refuses them beyond loopback', async () => {
    const refused = await runCli(['serve', 'fixtures/small.json', '--host', '0.0.0.0', '--test-admin', '--read-only'])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('refusing --test-admin on 0.0.0.0')
    const port = await freePort()
    const server = await startServer(['fixtures/small.json', '--port', String(port), '--read-only'])
    try {
      const res = await fetch(`http://127.0.0.1:${port}/_calfile/reset`, { method: 'POST' })
      expect(res.status).toBe(404)
      expect((await res.json()).code).toBe('rest_no_route')
    } finally {
      server.child.kill('SIGTERM')
    }
  })
})
