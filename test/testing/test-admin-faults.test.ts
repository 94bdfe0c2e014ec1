import { readFile } from 'node:fs/promises'
import SwaggerParser from '@apidevtools/swagger-parser'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { TEC_PREFIX } from '../../src/http/prefixes.js'
import { SiteClient } from '../../src/sync/site/site-client.js'
import { startTestAdminServer } from '../cli/cli-helpers.js'
import { P } from '../helpers.js'

/**
 * Faults injected with `calfile serve --test-admin` from outside, as a suite out of process would: a real process,
 * a real file, a real port.
 */
describe('calfile serve --test-admin: faults', () => {
  let base: string
  let file: string
  let stop: () => void

  beforeAll(async () => {
    ;({ base, file, stop } = await startTestAdminServer())
  })
  afterAll(() => stop?.())
  beforeEach(async () => {
    await fetch(`${base}/_calfile/reset`, { method: 'POST' })
  })

  const call = async (path: string, init?: RequestInit) => {
    const res = await fetch(base + path, init)
    return { status: res.status, headers: res.headers, body: await res.json() }
  }
  const send = (method: string, path: string, body?: unknown) =>
    call(path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const addFault = async (rule: unknown) => {
    const added = await send('POST', '/_calfile/faults', rule)
    expect(added.status).toBe(201)
    return added.body as { id: string }
  }
  const journal = async () => (await call('/_calfile/requests')).body.requests

  it('answers the next N matching requests with the error, then as usual, under either prefix', async () => {
    const fault = await addFault({ method: 'GET', path: '/events', status: 503, retry_after: 7, times: 2 })
    expect(fault).toEqual({
      id: expect.any(String),
      method: 'GET',
      path: '/events',
      status: 503,
      retry_after: 7,
      times: 2,
      percent: 100,
      answered: 0,
    })
    // Another route, and another method on the route, are left alone.
    expect((await call(`${P}/venues`)).status).toBe(200)
    expect((await fetch(`${base}${P}/events`, { method: 'HEAD' })).status).toBe(200)
    const first = await call(`${P}/events`)
    expect(first.status).toBe(503)
    expect(first.headers.get('retry-after')).toBe('7')
    expect(first.body).toEqual({
      code: 'calfile_injected_fault',
      message: expect.stringContaining(`Fault ${fault.id}`),
      data: { status: 503 },
    })
    expect((await call(`${TEC_PREFIX}/events/`)).status).toBe(503)
    expect((await call(`${P}/events`)).status).toBe(200)
    expect((await call('/_calfile/faults')).body).toEqual({ faults: [] })
    expect((await journal()).map((r: { status: number; fault?: string }) => [r.status, r.fault])).toEqual([
      [200, undefined],
      [200, undefined],
      [503, fault.id],
      [503, fault.id],
      [200, undefined],
    ])
  })

  it('never applies to its own routes', async () => {
    await addFault({ path: '*', status: 500 })
    expect((await call('/_calfile/clock')).status).toBe(200)
    expect((await call(`${P}/doc`)).status).toBe(500)
    expect((await call('/_calfile/faults')).body.faults).toHaveLength(1)
  })

  it('closes the connection: fetch sees a network error, and the journal a status 0', async () => {
    const fault = await addFault({ path: '/events/*', close: true, times: 1 })
    await expect(fetch(`${base}${TEC_PREFIX}/events/10`)).rejects.toThrow(TypeError)
    expect((await call(`${TEC_PREFIX}/events/10`)).status).toBe(200)
    expect((await journal())[0]).toMatchObject({ path: `${TEC_PREFIX}/events/10`, status: 0, fault: fault.id })
  })

  it('leaves the data file unchanged when it answers a write, however the fault answers', async () => {
    const before = await readFile(file, 'utf8')
    const event = { title: 'Never written', start_date: '2026-07-10 10:00:00', end_date: '2026-07-10 11:00:00' }
    await addFault({ method: 'POST', path: '/events', status: 500, times: 1 })
    expect((await send('POST', `${P}/events`, event)).status).toBe(500)
    await addFault({ method: 'PUT', path: '/events/*', close: true, times: 1 })
    await expect(
      fetch(`${base}${P}/events/10`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Never renamed' }),
      }),
    ).rejects.toThrow(TypeError)
    await addFault({ method: 'DELETE', path: `${TEC_PREFIX}/events/*`, close: true, times: 1 })
    await expect(fetch(`${base}${TEC_PREFIX}/events/10`, { method: 'DELETE' })).rejects.toThrow(TypeError)
    expect(await readFile(file, 'utf8')).toBe(before)
    expect((await call(`${P}/events/10`)).body.title).toBe('Jazz night')
    expect((await journal()).map((r: { status: number }) => r.status)).toEqual([500, 0, 0, 200])
  })

  it('makes matching requests wait, then serves them', async () => {
    const fault = await addFault({ path: '/venues', delay: 300 })
    const begin = performance.now()
    expect((await call(`${P}/venues`)).status).toBe(200)
    expect(performance.now() - begin).toBeGreaterThanOrEqual(290)
    expect((await journal())[0]).toMatchObject({ status: 200, fault: fault.id })
  })

  it('fails a share of matching requests with percent', async () => {
    await addFault({ path: '/events', status: 500, percent: 0 })
    await addFault({ path: '/venues', status: 502, percent: 100 })
    expect((await call(`${P}/events`)).status).toBe(200)
    expect((await call(`${P}/venues`)).status).toBe(502)
  })

  it('lists, removes one by one, clears, and resets faults', async () => {
    const a = await addFault({ path: '/events', status: 500 })
    const b = await addFault({ method: 'POST', path: '/venues', close: true })
    expect((await call('/_calfile/faults')).body.faults.map((f: { id: string }) => f.id)).toEqual([a.id, b.id])
    expect(await send('DELETE', `/_calfile/faults/${a.id}`)).toMatchObject({
      status: 200,
      body: { deleted: true, previous: { id: a.id, path: '/events' } },
    })
    expect(await send('DELETE', `/_calfile/faults/${a.id}`)).toMatchObject({
      status: 404,
      body: { code: 'calfile_no_fault', data: { status: 404 } },
    })
    expect((await call(`${P}/events`)).status).toBe(200)
    expect(await send('DELETE', '/_calfile/faults')).toMatchObject({ status: 200, body: { faults: [] } })
    await addFault({ path: '/events', status: 500 })
    await call('/_calfile/reset', { method: 'POST' })
    expect((await call('/_calfile/faults')).body.faults).toEqual([])
    expect((await call(`${P}/events`)).status).toBe(200)
  })

  it('refuses a body that is no fault with a 400 in the contract shape, naming the fields', async () => {
    const cases: Array<[unknown, string]> = [
      [{ path: '/events' }, 'status'],
      [{ path: '/events', status: 200 }, 'status'],
      [{ path: '/events', status: 503, close: true }, 'close'],
      [{ path: 'events', delay: 10 }, 'path'],
      [{ path: '/events', delay: -1 }, 'delay'],
      [{ path: '/events', close: true, retry_after: 1 }, 'retry_after'],
      [{ path: '/events', status: 500, percent: 101 }, 'percent'],
      [{ path: '/events', status: 500, method: 'FETCH' }, 'method'],
      [{ path: '/events', status: 500, when: 'now' }, 'when'],
      ['close', 'status'],
    ]
    for (const [rule, field] of cases) {
      const { status, body } = await send('POST', '/_calfile/faults', rule)
      expect(status, JSON.stringify(rule)).toBe(400)
      expect(body, JSON.stringify(rule)).toMatchObject({
        code: 'rest_invalid_param',
        data: { status: 400, params: { [field]: expect.any(String) } },
      })
    }
    expect((await call('/_calfile/faults')).body.faults).toEqual([])
  })

  it("lets calfile's sync client recover from 429 and 503 with Retry-After", async () => {
    await addFault({ method: 'GET', path: '/events', status: 429, retry_after: 1, times: 1 })
    await addFault({ method: 'GET', path: '/events', status: 503, retry_after: 0, times: 1 })
    const retries: Array<{ reason: string; delayMs: number }> = []
    const site = new SiteClient(base, { retry: { baseDelayMs: 5_000 }, onRetry: (notice) => retries.push(notice) })
    const { status, body } = await site.request('events')
    expect(status).toBe(200)
    expect((body as { events: unknown[] }).events.length).toBeGreaterThan(0)
    // The waits are the server's Retry-After, not the client's 5 s backoff.
    expect(retries.map(({ reason, delayMs }) => [reason, delayMs])).toEqual([
      ['429', 1000],
      ['503', 0],
    ])
    expect(site.requests).toBe(3)
  })

  it('documents the fault routes in /doc, which still validates', async () => {
    const doc = (await call(`${P}/doc`)).body
    expect(Object.keys(doc.paths['/_calfile/faults'])).toEqual(['servers', 'get', 'post', 'delete'])
    expect(Object.keys(doc.paths['/_calfile/faults/{id}'])).toEqual(['servers', 'delete'])
    expect(doc.paths['/_calfile/faults'].post.tags).toEqual(['test admin'])
    await expect(SwaggerParser.validate(doc)).resolves.toBeDefined()
  })
})
