/**
 * docs/errors.md order of checks, as WordPress and TEC make them: refused credentials (401, whatever the path:
 * `WP_REST_Server::serve_request()` authenticates before it dispatches) → route (404 `rest_no_route`) → parameters,
 * the path's ID or slug included (400; an unknown one, or another kind's, is `rest_invalid_param`) → permission
 * (401/403) → handler (410 for the trash). An event's ID is such a parameter under `tec_version` "6.10"; TEC 6.17 (the
 * default) checks it in the handler, after the permission (404 `rest-event-not-found`, 400 `rest-invalid-event-id`).
 * fixtures/auth-roles.json has tokens (see auth-writes.test.ts), so anonymous writes are 401 and subscribers' 403.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import type { TecVersion } from '../../src/core/resources/tec-versions.js'
import { fixture, open } from '../helpers.js'

type Json = Record<string, any>
type Opened = Awaited<ReturnType<typeof open>>

let request: Opened['request']

beforeEach(async () => {
  ;({ request } = await open(fixture('auth-roles.json')))
})

/** fixtures/auth-roles.json answering as the given TEC release. */
async function site(version: TecVersion) {
  const data = JSON.parse(fixture('auth-roles.json'))
  data.settings.tec_version = version
  return (await open(data)).request
}

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

/** The answer to a wrong Bearer token (src/http/auth.ts). */
function expectRefused(response: { status: number; body: Json }) {
  expect(response.status, JSON.stringify(response.body)).toBe(401)
  expect(response.body).toEqual({ code: 'rest_forbidden', message: 'The token is not valid.', data: { status: 401 } })
}

/** TEC 6.17's answer to an event ID that names no post (`Single_Event::validate_event_exists`). */
function expectEventNotFound(response: { status: number; body: Json }, id: number) {
  expect(response.status, JSON.stringify(response.body)).toBe(404)
  expect(response.body).toEqual({
    code: 'rest-event-not-found',
    message: `Event with ID ${id} does not exist.`,
    data: { status: 404 },
  })
}

/** TEC 6.17's answer to an event route given another kind's ID. */
function expectNotAnEvent(response: { status: number; body: Json }) {
  expect(response.status, JSON.stringify(response.body)).toBe(400)
  expect(response.body).toEqual({
    code: 'rest-invalid-event-id',
    message: 'The specified ID is not a valid event.',
    data: { status: 400 },
  })
}

describe('1. refused credentials before everything: WP_REST_Server::serve_request() authenticates first', () => {
  it('a wrong token is a 401 on a path or method with no route, whatever the body', async () => {
    expectRefused(await request('GET', '/nowhere', undefined, WRONG))
    expectRefused(await request('POST', '/events/by-slug', '{"broken', WRONG))
    expectRefused(await request('DELETE', '/categories', undefined, WRONG))
    expectRefused(await request('DELETE', '/events/abc', undefined, WRONG))
    expectRefused(await request('PATCH', '/venues/1x', { venue: 'x' }, WRONG))
    expectRefused(await request('GET', '/organizers/-3', undefined, WRONG))
  })

  it('a wrong token is a 401 before a bad page, per_page or list status is read', async () => {
    expectRefused(await request('GET', '/events?per_page=0', undefined, WRONG))
    expectRefused(await request('GET', '/venues?page=-1', undefined, WRONG))
    expectRefused(await request('GET', '/categories?per_page=abc', undefined, WRONG))
    for (const route of ['events', 'venues', 'organizers']) {
      expectRefused(await request('GET', `/${route}?status=bogus`, undefined, WRONG))
    }
  })

  it('a wrong token is a 401 before the body is read: missing fields, wrong types, bad dates, malformed JSON', async () => {
    expectRefused(await request('POST', '/events', { title: 'x' }, WRONG))
    expectRefused(await request('POST', '/venues', { city: 'Boston' }, WRONG))
    expectRefused(await request('POST', '/categories', {}, WRONG))
    expectRefused(await request('PATCH', '/events/1010', { all_day: 'perhaps' }, WRONG))
    expectRefused(await request('PATCH', '/venues/2010', { status: 'archived' }, WRONG))
    expectRefused(await request('POST', '/events', { ...EVENT, venue: true, timezone: 'Mars/Base' }, WRONG))
    expectRefused(await request('POST', '/events', { ...EVENT, start_date: 'next blursday' }, WRONG))
    expectRefused(await request('POST', '/events', '{"title": "x",', WRONG))
    expectRefused(await request('PATCH', '/categories/1', '{name', WRONG))
  })

  it('a wrong token is a 401 before an unknown ID is looked up, on reads as well, under both releases', async () => {
    for (const version of ['6.17', '6.10'] as const) {
      const asked = await site(version)
      expectRefused(await asked('GET', '/events/99999', undefined, WRONG))
      expectRefused(await asked('DELETE', '/events/99999', undefined, WRONG))
      expectRefused(await asked('DELETE', '/venues/99999', undefined, WRONG))
      expectRefused(await asked('GET', '/categories/999', undefined, WRONG))
    }
  })
})

describe('2. then the route, for anonymous requests and valid credentials', () => {
  it('an ID that is not digits matches no route', async () => {
    for (const headers of [{}, SUBSCRIBER, EDITOR]) {
      expectCode(await request('DELETE', '/events/abc', undefined, headers), 404, 'rest_no_route')
      expectCode(await request('PATCH', '/venues/1x', { venue: 'x' }, headers), 404, 'rest_no_route')
      expectCode(await request('GET', '/organizers/-3', undefined, headers), 404, 'rest_no_route')
    }
  })

  it('an unknown path or method is 404 rest_no_route, whatever the body', async () => {
    for (const headers of [{}, SUBSCRIBER]) {
      expectCode(await request('GET', '/nowhere', undefined, headers), 404, 'rest_no_route')
      expectCode(await request('POST', '/events/by-slug', '{"broken', headers), 404, 'rest_no_route')
      expectCode(await request('DELETE', '/categories', undefined, headers), 404, 'rest_no_route')
      expectCode(await request('POST', '/events/1010/nested', {}, headers), 404, 'rest_no_route')
    }
  })
})

describe('3. parameters before permission', () => {
  it('a bad page or per_page is a 400 for anonymous and subscriber requests', async () => {
    for (const headers of [{}, SUBSCRIBER]) {
      expectCode(await request('GET', '/events?per_page=0', undefined, headers), 400, 'rest_invalid_param')
      expectCode(await request('GET', '/venues?page=-1', undefined, headers), 400, 'rest_invalid_param')
      expectCode(await request('GET', '/categories?per_page=abc', undefined, headers), 400, 'rest_invalid_param')
    }
  })

  it('an unknown list status is a 400 before the permission to list it is asked', async () => {
    for (const headers of [{}, SUBSCRIBER]) {
      for (const route of ['events', 'venues', 'organizers']) {
        const response = await request('GET', `/${route}?status=bogus`, undefined, headers)
        expectCode(response, 400, 'rest_invalid_param')
        expect(response.body.data.params).toHaveProperty('status')
      }
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

  it('a field of the wrong type is a 400 before the permission check', async () => {
    for (const headers of [{}, SUBSCRIBER]) {
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
    for (const headers of [{}, SUBSCRIBER]) {
      const bad = await request('POST', '/events', { ...EVENT, start_date: 'next blursday' }, headers)
      expectCode(bad, 400, 'rest_invalid_param')
      expect(bad.body.data.params).toHaveProperty('start_date')
    }
  })

  it('a malformed JSON body is a 400 rest_invalid_json before the permission check', async () => {
    for (const headers of [{}, SUBSCRIBER]) {
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

describe('4. the ID or slug is a parameter: checked before the permission, as TEC does', () => {
  it('an anonymous or subscriber DELETE or update of an unknown venue, organizer or term is a 400', async () => {
    for (const headers of [{}, SUBSCRIBER]) {
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

  it('an unknown event ID: 6.10 checks it first (400); 6.17 asks the permission first (401/403)', async () => {
    const old = await site('6.10')
    for (const headers of [{}, SUBSCRIBER]) {
      expectCode(await old('DELETE', '/events/99999', undefined, headers), 400, 'rest_invalid_param')
      expectCode(await old('PATCH', '/events/99999', { title: 'x' }, headers), 400, 'rest_invalid_param')
    }
    expectCode(await request('DELETE', '/events/99999'), 401, 'rest_forbidden')
    expectCode(await request('PATCH', '/events/99999', { title: 'x' }), 401, 'rest_forbidden')
    expectCode(await request('DELETE', '/events/99999', undefined, SUBSCRIBER), 403, 'rest_forbidden')
    expectCode(await request('PATCH', '/events/99999', { title: 'x' }, SUBSCRIBER), 403, 'rest_forbidden')
  })

  it("another kind's ID on an event route: 400 under 6.10, 401 anonymously under 6.17; a trashed event is a 401", async () => {
    const old = await site('6.10')
    expectCode(await old('DELETE', '/events/2010'), 400, 'rest_invalid_param')
    expectCode(await old('DELETE', '/events/1015'), 401, 'rest_forbidden')
    expectCode(await request('DELETE', '/events/2010'), 401, 'rest_forbidden')
    expectCode(await request('DELETE', '/events/1015'), 401, 'rest_forbidden')
  })

  it('a subscriber gets 403 for a known record; a term write by an author or contributor is 403 too', async () => {
    expectCode(await request('DELETE', '/events/1010', undefined, SUBSCRIBER), 403, 'rest_forbidden')
    expectCode(await request('PATCH', '/organizers/3010', { organizer: 'x' }, SUBSCRIBER), 403, 'rest_forbidden')
    expectCode(await request('DELETE', '/categories/1', undefined, AUTHOR), 403, 'rest_forbidden')
    expectCode(await request('PATCH', '/tags/3', { name: 'x' }, CONTRIBUTOR), 403, 'rest_forbidden')
  })
})

describe('5. the handler, once the requester may write', () => {
  it('editors, authors and contributors get 400 rest_invalid_param for an unknown venue, organizer or slug', async () => {
    for (const headers of [EDITOR, AUTHOR, CONTRIBUTOR]) {
      expectCode(await request('DELETE', '/venues/99999', undefined, headers), 400, 'rest_invalid_param')
      expectCode(await request('PUT', '/organizers/99999', { organizer: 'x' }, headers), 400, 'rest_invalid_param')
      const bySlug = await request('DELETE', '/events/by-slug/no-such-event', undefined, headers)
      expectCode(bySlug, 400, 'rest_invalid_param')
      expect(bySlug.body.data.params).toEqual({ slug: 'Invalid parameter.' })
    }
  })

  it('an unknown event ID from those who may write: 404 rest-event-not-found under 6.17, 400 under 6.10', async () => {
    const old = await site('6.10')
    for (const headers of [EDITOR, AUTHOR, CONTRIBUTOR]) {
      expectEventNotFound(await request('DELETE', '/events/99999', undefined, headers), 99999)
      expectEventNotFound(await request('PATCH', '/events/99999', { title: 'x' }, headers), 99999)
      expectCode(await old('DELETE', '/events/99999', undefined, headers), 400, 'rest_invalid_param')
      expectCode(await old('PATCH', '/events/99999', { title: 'x' }, headers), 400, 'rest_invalid_param')
    }
  })

  it("editors get 400 for unknown terms and another kind's ID, 410 for a trashed record", async () => {
    expectCode(await request('DELETE', '/categories/999', undefined, EDITOR), 400, 'rest_invalid_param')
    expectCode(await request('PATCH', '/tags/999', { name: 'x' }, EDITOR), 400, 'rest_invalid_param')
    expectCode(await request('PATCH', '/venues/3010', { venue: 'x' }, EDITOR), 400, 'rest_invalid_param')
    expectCode(await request('DELETE', '/organizers/1010', undefined, EDITOR), 400, 'rest_invalid_param')
    expectCode(await request('DELETE', '/events/1015', undefined, EDITOR), 410, 'event-is-in-trash')
  })

  it("a venue's ID on an event route: 400 rest-invalid-event-id under 6.17, rest_invalid_param under 6.10", async () => {
    expectNotAnEvent(await request('DELETE', '/events/2010', undefined, EDITOR))
    expectCode(await (await site('6.10'))('DELETE', '/events/2010', undefined, EDITOR), 400, 'rest_invalid_param')
  })

  it('anonymous reads: an unknown venue or term, or another kind, is a 400', async () => {
    expectCode(await request('GET', '/venues/1010'), 400, 'rest_invalid_param')
    expectCode(await request('GET', '/tags/999'), 400, 'rest_invalid_param')
  })

  it('anonymous reads of an unknown event: 404 rest-event-not-found under 6.17, 400 under 6.10', async () => {
    expectEventNotFound(await request('GET', '/events/99999'), 99999)
    expectNotAnEvent(await request('GET', '/events/2010'))
    const old = await site('6.10')
    expectCode(await old('GET', '/events/99999'), 400, 'rest_invalid_param')
    expectCode(await old('GET', '/events/2010'), 400, 'rest_invalid_param')
  })
})
