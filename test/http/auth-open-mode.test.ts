/**
 * docs/auth.md open mode: when no user has a token, every request acts as user 1 (administrator), except that a
 * list without `status` shows only `publish`. fixtures/auth-open.json: users 1 admin and 2 edna, neither with a
 * token; event 10 publish, 14 draft, 15 pending, 16 trash; venue 11, organizers 12 and 13; categories 1 and 2.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { fixture, open } from '../helpers.js'

type Json = Record<string, any>
type Opened = Awaited<ReturnType<typeof open>>

let request: Opened['request']

beforeEach(async () => {
  ;({ request } = await open(fixture('auth-open.json')))
})

const ids = (body: Json, kind: string) => (body[kind] as Json[]).map((record) => record.id as number)
const EVENT = { title: 'Open', start_date: '2026-08-01 10:00:00', end_date: '2026-08-01 11:00:00' }

describe('open mode (no user has a token)', () => {
  it('a list without status shows publish only', async () => {
    const list = await request('GET', '/events')
    expect(list.status).toBe(200)
    expect(ids(list.body, 'events')).toEqual([10])
    expect(list.body.total).toBe(1)
  })

  it('a list asking for other statuses shows them, as for an administrator', async () => {
    expect(ids((await request('GET', '/events?status=draft')).body, 'events')).toEqual([14])
    expect(ids((await request('GET', '/events?status=draft,pending,trash')).body, 'events')).toEqual([14, 15, 16])
    expect(ids((await request('GET', '/events?status[]=publish&status[]=pending')).body, 'events')).toEqual([10, 15])
    expect((await request('GET', '/events?status=bogus')).status).toBe(400)
  })

  it("single reads of drafts and pending events are allowed, as for TEC's administrator", async () => {
    expect((await request('GET', '/events/14')).status).toBe(200)
    expect((await request('GET', '/events/15')).status).toBe(200)
  })

  it('a trashed event: 403 event-no-longer-available under 6.17, as for every reader; shown under 6.10', async () => {
    const gone = await request('GET', '/events/16')
    expect(gone.status).toBe(403)
    expect(gone.body.code).toBe('event-no-longer-available')
    const data = JSON.parse(fixture('auth-open.json'))
    data.settings.tec_version = '6.10'
    const trashed = await (await open(data)).request('GET', '/events/16')
    expect(trashed.status).toBe(200)
    expect(trashed.body.status).toBe('trash')
  })

  it('writes need no token and act as user 1', async () => {
    const created = await request('POST', '/events', EVENT)
    expect(created.status).toBe(201)
    expect(created.body.author).toBe('1')
    expect(created.body.status).toBe('publish')
    expect((await request('PATCH', '/events/14', { status: 'publish' })).body.status).toBe('publish')
    expect((await request('DELETE', '/events/15')).body.status).toBe('trash')
    expect((await request('POST', '/venues', { venue: 'Open Hall' })).body.author).toBe('1')
    expect((await request('DELETE', '/organizers/13?force=true')).status).toBe(200)
  })

  it('terms are managed without a token', async () => {
    expect((await request('POST', '/categories', { name: 'Open category' })).status).toBe(201)
    expect((await request('PATCH', '/categories/2', { description: 'x' })).status).toBe(200)
    expect((await request('DELETE', '/categories/2')).status).toBe(200)
    expect((await request('POST', '/tags', { name: 'open' })).status).toBe(201)
  })

  it('any Authorization header is ignored: no 401, still user 1', async () => {
    const created = await request('POST', '/events', EVENT, { authorization: 'Bearer whatever-you-like' })
    expect(created.status).toBe(201)
    expect(created.body.author).toBe('1')
    expect((await request('GET', '/events', undefined, { authorization: 'Bearer x' })).status).toBe(200)
  })

  it('without any user at all, requests still act as user 1', async () => {
    const empty = await open({ settings: { timezone: 'UTC' } })
    const created = await empty.request('POST', '/events', EVENT)
    expect(created.status).toBe(201)
    expect(created.body.author).toBe('1')
    expect(ids((await empty.request('GET', '/events')).body, 'events')).toEqual([created.body.id])
  })

  it('once one user has a token, the same requests are anonymous: writes 401, drafts 403, lists publish only', async () => {
    const withToken = await open({
      ...JSON.parse(fixture('auth-open.json')),
      users: [
        { id: 1, name: 'admin', role: 'administrator' },
        {
          id: 2,
          name: 'edna',
          role: 'editor',
          token_sha256: 'c8bd2b5c1a6a3e6a1a8a1d7de4b7ff2b8b2d2e7cf8a4fa1c7a0bf24e4d0a0f1e',
        },
      ],
    })
    expect((await withToken.request('POST', '/events', EVENT)).status).toBe(401)
    expect((await withToken.request('GET', '/events/14')).body.code).toBe('event-not-accessible')
    expect((await withToken.request('GET', '/events?status=draft')).status).toBe(400)
    expect(ids((await withToken.request('GET', '/events')).body, 'events')).toEqual([10])
  })
})
