/**
 * docs/errors.md order of checks, as TEC makes them: route (404 `rest_no_route`) → parameters, the path's ID or slug
 * included (400; an unknown one, or another kind's, is `rest_invalid_param`) → permission (401/403) → handler
 * (410 for the trash). fixtures/auth-roles.json has tokens
 * (see auth-writes.test.ts), so anonymous writes are 401 and subscribers' 403.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { fixture, open } from '../helpers.js'

type Json = Record<string, any>
type Opened = Awaited<ReturnType<typeof open>>

let request: Opened['request']

beforeEach(async () => {
  ;({ request } = await open(fixture('auth-roles.json')))
})

const WRONG = { authorization: 'Bearer tok-nobody' }
const SUBSCRIBER = { authorization: 'Bearer tok-subscriber' }
const AUTHOR = { authorization: 'Bearer tok-author' }
const CONTRIBUTOR = { authorization: 'Bearer tok-contributor' }
const EDITOR = { authorization: 'Bearer tok-editor' }
const EVENT = { title: 'Ordered', start_date: '2026-08-01 10:00:00', end_date: '2026-08-01 11:00:00' }

function expectCode(response: { status: number; body: Json }, status: number, code: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status)
  expect(response.body.code).toBe(code)
  expect(response.body.data.status).toBe(status)
}

describe('1. route before everything', () => {
  it('an ID that is not digits matches no route, whoever asks', async () => {
    for (const headers of [{}, WRONG, SUBSCRIBER]) {
      expectCode(await request('DELETE', '/events/abc', undefined, headers), 404, 'rest_no_route')
      expectCode(await request('PATCH', '/venues/1x', { venue: 'x' }, headers), 404, 'rest_no_route')
      expectCode(await request('GET', '/organizers/-3', undefined, headers), 404, 'rest_no_route')
    }
  })

  it('an unknown path or method is 404 rest_no_route even with a wrong token or a bad body', async () => {
    expectCode(await request('GET', '/nowhere', undefined, WRONG), 404, 'rest_no_route')
    expectCode(await request('POST', '/events/by-slug', '{"broken', WRONG), 404, 'rest_no_route')
    expectCode(await request('DELETE', '/categories', undefined, WRONG), 404, 'rest_no_route')
    expectCode(await request('POST', '/events/1010/nested', {}, {}), 404, 'rest_no_route')
  })
})

describe('2. parameters before permission', () => {
  it('a bad page or per_page is a 400 even with a wrong token', async () => {
    expectCode(await request('GET', '/events?per_page=0', undefined, WRONG), 400, 'rest_invalid_param')
    expectCode(await request('GET', '/venues?page=-1', undefined, WRONG), 400, 'rest_invalid_param')
    expectCode(await request('GET', '/categories?per_page=abc', undefined, WRONG), 400, 'rest_invalid_param')
  })

  it('an unknown list status is a 400 even with a wrong token', async () => {
    for (const route of ['events', 'venues', 'organizers']) {
      const response = await request('GET', `/${route}?status=bogus`, undefined, WRONG)
      expectCode(response, 400, 'rest_invalid_param')
      expect(response.body.data.params).toHaveProperty('status')
    }
  })

  it('anonymous and subscriber creates with missing fields are 400 rest_missing_callback_param, not 401/403', async () => {
    for (const headers of [{}, SUBSCRIBER]) {
      const response = await request('POST', '/events', {}, headers)
      expectCode(response, 400, 'rest_missing_callback_param')
      expect(response.body.data.params).toEqual(['title', 'start_date', 'end_date'])
      expectCode(await request('POST', '/venues', { city: 'Boston' }, headers), 400, 'rest_missing_callback_param')
      expectCode(await request('POST', '/organizers', {}, headers), 400, 'rest_missing_callback_param')
      expectCode(await request('POST', '/categories', {}, headers), 400, 'rest_missing_callback_param')
    }
  })

  it('a create with missing fields and a wrong token is a 400 rest_missing_callback_param, not 401', async () => {
    expectCode(await request('POST', '/events', { title: 'x' }, WRONG), 400, 'rest_missing_callback_param')
    expectCode(await request('POST', '/venues', { city: 'Boston' }, WRONG), 400, 'rest_missing_callback_param')
    expectCode(await request('POST', '/categories', {}, WRONG), 400, 'rest_missing_callback_param')
  })

  it('a field of the wrong type is a 400 before the permission check', async () => {
    for (const headers of [{}, SUBSCRIBER, WRONG]) {
      expectCode(await request('PATCH', '/events/1010', { all_day: 'perhaps' }, headers), 400, 'rest_invalid_param')
      expectCode(await request('PATCH', '/venues/2010', { status: 'archived' }, headers), 400, 'rest_invalid_param')
      expectCode(
        await request('POST', '/events', { ...EVENT, venue: true, timezone: 'Mars/Base' }, headers),
        400,
        'rest_invalid_param',
      )
    }
  })

  it('a date that is not a date (§3 "anything else is a 400") is a 400 before the permission check', async () => {
    for (const headers of [{}, SUBSCRIBER, WRONG]) {
      const bad = await request('POST', '/events', { ...EVENT, start_date: 'next blursday' }, headers)
      expectCode(bad, 400, 'rest_invalid_param')
      expect(bad.body.data.params).toHaveProperty('start_date')
    }
  })

  it('a malformed JSON body is a 400 rest_invalid_json before the permission check', async () => {
    for (const headers of [{}, SUBSCRIBER, WRONG]) {
      expectCode(await request('POST', '/events', '{"title": "x",', headers), 400, 'rest_invalid_json')
      expectCode(await request('PATCH', '/categories/1', '{name', headers), 400, 'rest_invalid_json')
    }
  })

  // §5 lists "unknown ID in a filter or relation", "end before start" and "empty name" among the 400 parameter
  // errors, and parameters are checked before permissions. (TEC agrees for the venue: WordPress runs the
  // `venue` validate_callback, is_venue_id_or_entry_or_empty, before the permission_callback.)
  it('an unknown venue ID in an anonymous or subscriber create is a 400 rest_invalid_param, not 401/403', async () => {
    for (const headers of [{}, SUBSCRIBER]) {
      const response = await request('POST', '/events', { ...EVENT, venue: 99999 }, headers)
      expectCode(response, 400, 'rest_invalid_param')
      expect(response.body.data.params).toHaveProperty('venue')
    }
  })

  it('an end before the start in an anonymous create is a 401: TEC takes such an end (the event ends at its start)', async () => {
    const response = await request('POST', '/events', { ...EVENT, end_date: '2026-07-31 10:00:00' })
    expectCode(response, 401, 'rest_forbidden')
  })

  it('an empty term name from a subscriber is a 400 rest_invalid_param, not 403', async () => {
    const response = await request('POST', '/categories', { name: '' }, SUBSCRIBER)
    expectCode(response, 400, 'rest_invalid_param')
    expect(response.body.data.params).toHaveProperty('name')
  })
})

describe('3. the ID or slug is a parameter: checked before the permission, as TEC does', () => {
  it('an anonymous or subscriber DELETE or update of an unknown record is a 400 rest_invalid_param', async () => {
    for (const headers of [{}, SUBSCRIBER]) {
      expectCode(await request('DELETE', '/events/99999', undefined, headers), 400, 'rest_invalid_param')
      expectCode(await request('PATCH', '/events/99999', { title: 'x' }, headers), 400, 'rest_invalid_param')
      expectCode(await request('DELETE', '/venues/99999', undefined, headers), 400, 'rest_invalid_param')
      expectCode(
        await request('DELETE', '/organizers/by-slug/no-such-organizer', undefined, headers),
        400,
        'rest_invalid_param',
      )
      expectCode(await request('DELETE', '/categories/999', undefined, headers), 400, 'rest_invalid_param')
      expectCode(await request('PATCH', '/tags/999', { name: 'x' }, headers), 400, 'rest_invalid_param')
    }
  })

  it("another kind's ID is a 400 too; a trashed record is a 401 anonymously", async () => {
    expectCode(await request('DELETE', '/events/2010'), 400, 'rest_invalid_param')
    expectCode(await request('DELETE', '/events/1015'), 401, 'rest_forbidden')
  })

  it('a wrong token is a 401 before anything else, on reads as well', async () => {
    expectCode(await request('GET', '/events/99999', undefined, WRONG), 401, 'rest_forbidden')
    expectCode(await request('DELETE', '/events/99999', undefined, WRONG), 401, 'rest_forbidden')
    expectCode(await request('GET', '/categories/999', undefined, WRONG), 401, 'rest_forbidden')
  })

  it('a subscriber gets 403 for a known record; a term write by an author or contributor is 403 too', async () => {
    expectCode(await request('DELETE', '/events/1010', undefined, SUBSCRIBER), 403, 'rest_forbidden')
    expectCode(await request('PATCH', '/organizers/3010', { organizer: 'x' }, SUBSCRIBER), 403, 'rest_forbidden')
    expectCode(await request('DELETE', '/categories/1', undefined, AUTHOR), 403, 'rest_forbidden')
    expectCode(await request('PATCH', '/tags/3', { name: 'x' }, CONTRIBUTOR), 403, 'rest_forbidden')
  })
})

describe('4. the handler, once the requester may write', () => {
  it('editors, authors and contributors get 400 rest_invalid_param for an unknown ID or slug', async () => {
    for (const headers of [EDITOR, AUTHOR, CONTRIBUTOR]) {
      expectCode(await request('DELETE', '/events/99999', undefined, headers), 400, 'rest_invalid_param')
      expectCode(await request('PATCH', '/events/99999', { title: 'x' }, headers), 400, 'rest_invalid_param')
      expectCode(await request('DELETE', '/venues/99999', undefined, headers), 400, 'rest_invalid_param')
      expectCode(await request('PUT', '/organizers/99999', { organizer: 'x' }, headers), 400, 'rest_invalid_param')
      const bySlug = await request('DELETE', '/events/by-slug/no-such-event', undefined, headers)
      expectCode(bySlug, 400, 'rest_invalid_param')
      expect(bySlug.body.data.params).toEqual({ slug: 'Invalid parameter.' })
    }
  })

  it("editors get 400 for unknown terms and another kind's ID, 410 for a trashed record", async () => {
    expectCode(await request('DELETE', '/categories/999', undefined, EDITOR), 400, 'rest_invalid_param')
    expectCode(await request('PATCH', '/tags/999', { name: 'x' }, EDITOR), 400, 'rest_invalid_param')
    expectCode(await request('DELETE', '/events/2010', undefined, EDITOR), 400, 'rest_invalid_param')
    expectCode(await request('PATCH', '/venues/3010', { venue: 'x' }, EDITOR), 400, 'rest_invalid_param')
    expectCode(await request('DELETE', '/organizers/1010', undefined, EDITOR), 400, 'rest_invalid_param')
    expectCode(await request('DELETE', '/events/1015', undefined, EDITOR), 410, 'event-is-in-trash')
  })

  it('anonymous reads: 400 for an unknown ID or another kind', async () => {
    expectCode(await request('GET', '/events/99999'), 400, 'rest_invalid_param')
    expectCode(await request('GET', '/venues/1010'), 400, 'rest_invalid_param')
    expectCode(await request('GET', '/tags/999'), 400, 'rest_invalid_param')
  })
})
