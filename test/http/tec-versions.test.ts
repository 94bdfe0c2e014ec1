/**
 * The rules in which TEC 6.17.2 and 6.10.0 answer differently (`src/core/resources/tec-versions.ts`,
 * docs/tec-parity.md#versions), each under both values of `settings.tec_version`, with fixtures/auth-roles.json:
 * event 1010 published and 1015 trashed (user 1's), venue 2010; tokens `tok-admin`, `tok-subscriber`.
 */
import { describe, expect, it } from 'vitest'
import type { TecVersion } from '../../src/core/resources/tec-versions.js'
import { fixture, open } from '../helpers.js'

const ADMIN = { authorization: 'Bearer tok-admin' }
const SUBSCRIBER = { authorization: 'Bearer tok-subscriber' }
const WRONG = { authorization: 'Bearer tok-nobody' }

async function site(version?: TecVersion) {
  const data = JSON.parse(fixture('auth-roles.json'))
  if (version) data.settings.tec_version = version
  return open(data)
}

describe('an event ID that names no event', () => {
  it('6.17 (the default): 404 rest-event-not-found on every method, in TEC’s words', async () => {
    const { request } = await site()
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const answer = await request(method, '/events/999999', method === 'GET' ? undefined : {}, ADMIN)
      expect(answer.status, method).toBe(404)
      expect(answer.body).toEqual({
        code: 'rest-event-not-found',
        message: 'Event with ID 999999 does not exist.',
        data: { status: 404 },
      })
    }
    expect((await request('GET', '/events/0')).body.message).toBe('Event with ID 0 does not exist.')
  })

  it('6.17: the ID of a venue is 400 rest-invalid-event-id', async () => {
    const { request } = await site('6.17')
    expect((await request('GET', '/events/2010')).body).toEqual({
      code: 'rest-invalid-event-id',
      message: 'The specified ID is not a valid event.',
      data: { status: 400 },
    })
  })

  it('6.17: the permission is asked first, so an anonymous or subscriber write is refused before the 404', async () => {
    const { request } = await site('6.17')
    expect((await request('DELETE', '/events/999999')).status).toBe(401)
    expect((await request('POST', '/events/2010', { title: 'x' })).status).toBe(401)
    expect((await request('DELETE', '/events/999999', undefined, SUBSCRIBER)).status).toBe(403)
  })

  it('6.10: 400 rest_invalid_param for both, checked with the other parameters, before the permission', async () => {
    const { request } = await site('6.10')
    for (const path of ['/events/999999', '/events/2010']) {
      const answer = await request('GET', path)
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { id: 'Invalid parameter.' } } })
    }
    expect((await request('DELETE', '/events/999999')).status).toBe(400)
  })

  it('6.10: a bad body on an unknown event names the ID first; 6.17 names the body alone', async () => {
    const body = { start_date: 'not a date' }
    const old = await (await site('6.10')).request('POST', '/events/999999', body, ADMIN)
    expect(old.body.message).toBe('Invalid parameter(s): id, start_date')
    expect(Object.keys(old.body.data.params)).toEqual(['id', 'start_date'])
    const today = await (await site('6.17')).request('POST', '/events/999999', body, ADMIN)
    expect(today.body.message).toBe('Invalid parameter(s): start_date')
  })
})

describe('a trashed event', () => {
  it('6.17: 403 event-no-longer-available, to administrators and anonymous readers alike', async () => {
    const { request } = await site('6.17')
    for (const who of [ADMIN, {}]) {
      const answer = await request('GET', '/events/1015', undefined, who)
      expect(answer.status).toBe(403)
      expect(answer.body).toEqual({
        code: 'event-no-longer-available',
        message: 'This event is no longer available',
        data: { status: 403 },
      })
    }
  })

  it('6.17: still listed with status=trash, restored by an update, and a second DELETE is 410', async () => {
    const { request } = await site('6.17')
    const listed = await request('GET', '/events?status=trash&start_date=2000-01-01', undefined, ADMIN)
    expect(listed.body.events.map((event: { id: number }) => event.id)).toContain(1015)
    expect((await request('DELETE', '/events/1015', undefined, ADMIN)).status).toBe(410)
    expect((await request('POST', '/events/1015', { status: 'publish' }, ADMIN)).status).toBe(200)
    expect((await request('GET', '/events/1015')).status).toBe(200)
  })

  it('6.10: shown to an administrator, 403 event-not-accessible to an anonymous reader', async () => {
    const { request } = await site('6.10')
    expect((await request('GET', '/events/1015', undefined, ADMIN)).body.status).toBe('trash')
    expect((await request('GET', '/events/1015')).body.code).toBe('event-not-accessible')
  })

  it('the library reads as the setting says: a Node app sees what a client over HTTP sees', async () => {
    const { calendar } = await site('6.17')
    expect(() => calendar.events.get(1015)).toThrow(expect.objectContaining({ code: 'event-no-longer-available' }))
    const old = await site('6.10')
    expect(old.calendar.events.get(1015).status).toBe('trash')
  })
})

describe('custom_fields', () => {
  it('6.17: [] on every event that has none, single and listed; 6.10: no key', async () => {
    const today = await site('6.17')
    expect((await today.request('GET', '/events/1010')).body.custom_fields).toEqual([])
    const listed = (await today.request('GET', '/events?start_date=2000-01-01')).body.events
    expect(listed.every((event: { custom_fields?: unknown }) => Array.isArray(event.custom_fields))).toBe(true)
    expect((await (await site('6.10')).request('GET', '/events/1010')).body).not.toHaveProperty('custom_fields')
  })
})

describe('Allow on a venue or organizer ID that names no post', () => {
  it('6.17: GET alone, as its routes ask the permission of the post itself; 6.10: every method', async () => {
    const today = await site('6.17')
    expect((await today.request('GET', '/venues/999999', undefined, ADMIN)).headers.get('allow')).toBe('GET')
    expect((await today.request('GET', '/organizers/999999', undefined, ADMIN)).headers.get('allow')).toBe('GET')
    // An existing post of another kind, and 0, ask no post's permission.
    expect((await today.request('GET', '/venues/1010', undefined, ADMIN)).headers.get('allow')).toContain('DELETE')
    expect((await today.request('GET', '/venues/0', undefined, ADMIN)).headers.get('allow')).toContain('DELETE')
    const old = await site('6.10')
    expect((await old.request('GET', '/venues/999999', undefined, ADMIN)).headers.get('allow')).toBe(
      'GET, DELETE, POST, PUT, PATCH',
    )
  })
})

describe('refused credentials', () => {
  it('are a 401 before the route’s parameters and references are read, on both releases', async () => {
    for (const version of ['6.17', '6.10'] as const) {
      const { request } = await site(version)
      expect((await request('PUT', '/events/999999', { title: 'x' }, WRONG)).status, version).toBe(401)
      expect((await request('POST', '/events', { featured: 'maybe' }, WRONG)).status, version).toBe(401)
      expect((await request('GET', '/nothing-here', undefined, WRONG)).status, version).toBe(401)
    }
  })
})
