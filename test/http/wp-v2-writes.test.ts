/**
 * Writes through WordPress's own REST routes of TEC's posts (src/http/wp-v2/post-write-routes.ts): create, update
 * and delete of `tribe_events`, `tribe_venue` and `tribe_organizer`, seen through REST v1 at once. The expected
 * answers are WordPress 7.0.4 + TEC 6.17.2's to the same requests (the parity scenarios `wp/v2 writes: …` compare
 * them live), TEC's lossy ones under `settings.tec_lossy_writes` and the sound ones without.
 */
import { describe, expect, it } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { tokenHash } from '../../src/core/model/users.js'
import { createApp } from '../../src/http/app.js'
import { NOW } from '../helpers.js'

const SITE = 'http://127.0.0.1:3000'
const V2 = `${SITE}/wp-json/wp/v2`
const V1 = `${SITE}/wp-json/tribe/events/v1`
const basic = (user: string) => `Basic ${Buffer.from(`${user}:tok-${user}`).toString('base64')}`
const AS_ADMIN = { authorization: basic('admin'), 'content-type': 'application/json' }
const AS_CONTRIBUTOR = { authorization: basic('carl'), 'content-type': 'application/json' }
const DATES = { _EventStartDate: '2027-01-10 10:00:00', _EventEndDate: '2027-01-10 12:00:00' }

async function site(lossy = true) {
  const initial = JSON.stringify({
    settings: { timezone: 'America/New_York', tec_version: '6.17', tec_lossy_writes: lossy },
    users: [
      { id: 1, name: 'admin', role: 'administrator', token_sha256: tokenHash('tok-admin') },
      { id: 2, name: 'carl', role: 'contributor', token_sha256: tokenHash('tok-carl') },
    ],
    venues: [{ id: 4, venue: 'Hall', slug: 'hall', status: 'publish', city: 'Boston' }],
    tags: [{ id: 3, name: 'late', slug: 'late' }],
    events: [],
  })
  const calendar = await openCalendar(null, { initial, now: () => NOW })
  const app = createApp(calendar)
  const send = async (
    url: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const res = await app.request(url, {
      method: init.method ?? 'GET',
      headers: init.headers ?? AS_ADMIN,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })
    return { res, body: (await res.json()) as any }
  }
  return { send, calendar }
}

const v1Ids = async (send: Awaited<ReturnType<typeof site>>['send']) =>
  ((await send(`${V1}/events?status=publish,draft`)).body.events ?? []).map((event: { id: number }) => event.id)

describe('wp/v2 writes of TEC posts', () => {
  it('creates an event as the site does: 201, the edit context, the meta as sent, no UTC dates, in no list', async () => {
    const { send } = await site()
    const { res, body } = await send(`${V2}/tribe_events`, {
      method: 'POST',
      body: { title: 'WP made', status: 'publish', meta: { ...DATES, _EventTimezone: 'Europe/Paris' }, tags: [3] },
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('location')).toBe(`${V2}/tribe_events/${body.id}`)
    expect(res.headers.get('allow')).toBe('GET, POST')
    expect(body).toMatchObject({
      status: 'publish',
      password: '',
      title: { raw: 'WP made', rendered: 'WP made' },
      content: { raw: '', rendered: '', protected: false, block_version: 0 },
      tags: [3],
      permalink_template: `${SITE}/event/%pagename%/`,
      generated_slug: 'wp-made',
    })
    expect(body.meta).toMatchObject({ ...DATES, _EventTimezone: 'Europe/Paris', _EventStartDateUTC: '' })
    expect(body._links.self[0].targetHints.allow).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
    expect(Object.keys(body._links).filter((rel) => rel.startsWith('wp:action-'))).toEqual([
      'wp:action-publish',
      'wp:action-unfiltered-html',
      'wp:action-assign-author',
      'wp:action-create-tags',
      'wp:action-assign-tags',
      'wp:action-create-tribe_events_cat',
      'wp:action-assign-tribe_events_cat',
    ])
    const v1 = (await send(`${V1}/events/${body.id}`)).body
    expect([v1.start_date, v1.utc_start_date, v1.utc_end_date, v1.timezone]).toEqual([
      '2027-01-10 10:00:00',
      null,
      null,
      'Europe/Paris',
    ])
    expect(v1.utc_start_date_details).toMatchObject({ year: '1970', month: '01', day: '01' })
    expect(await v1Ids(send)).not.toContain(body.id)
    expect((await send(`${V2}/tribe_events?status=any`)).body.map((post: { id: number }) => post.id)).toEqual([])
  })

  it('works the UTC dates out on an update sent a date, which puts the event in lists; a zone alone keeps them', async () => {
    const { send } = await site()
    const { body } = await send(`${V2}/tribe_events`, { method: 'POST', body: { title: 'A', meta: DATES } })
    await send(`${V2}/tribe_events/${body.id}`, { method: 'POST', body: { meta: { _EventTimezone: 'Europe/Paris' } } })
    expect((await send(`${V2}/tribe_events/${body.id}?context=edit`)).body.meta._EventStartDateUTC).toBe('')
    const updated = await send(`${V2}/tribe_events/${body.id}`, {
      method: 'PATCH',
      body: { meta: { _EventEndDate: '2027-01-10 13:00:00' } },
    })
    expect(updated.res.status).toBe(200)
    expect(updated.body.meta).toMatchObject({
      _EventStartDate: '2027-01-10 10:00:00',
      _EventEndDate: '2027-01-10 13:00:00',
      _EventStartDateUTC: '2027-01-10 09:00:00',
      _EventEndDateUTC: '2027-01-10 12:00:00',
    })
    expect(await v1Ids(send)).toContain(body.id)
  })

  it('keeps the UTC dates of a REST v1 event whose zone a wp/v2 update changes alone', async () => {
    const { send } = await site()
    const made = await send(`${V1}/events`, {
      method: 'POST',
      body: {
        title: 'G',
        start_date: '2027-03-10 10:00:00',
        end_date: '2027-03-10 12:00:00',
        timezone: 'Europe/Paris',
      },
    })
    await send(`${V2}/tribe_events/${made.body.id}`, { method: 'POST', body: { meta: { _EventTimezone: 'UTC' } } })
    const v1 = (await send(`${V1}/events/${made.body.id}`)).body
    expect([v1.timezone, v1.utc_start_date, v1.utc_end_date]).toEqual([
      'UTC',
      '2027-03-10 09:00:00',
      '2027-03-10 11:00:00',
    ])
  })

  it('writes the meta that passes and answers 400 for the rest, as the site does; with tec_lossy_writes false, nothing', async () => {
    for (const lossy of [true, false]) {
      const { send, calendar } = await site(lossy)
      const { res, body } = await send(`${V2}/tribe_events`, {
        method: 'POST',
        body: { title: 'D', status: 'publish', meta: { ...DATES, _EventCost: 5, _EventAllDay: 'nope' } },
      })
      expect(res.status).toBe(400)
      expect(body).toEqual({
        code: 'rest_invalid_type',
        message: 'meta._EventAllDay is not of type boolean.',
        data: { status: 400 },
        additional_data: [{ param: 'meta._EventAllDay' }, { status: 400 }, { param: 'meta._EventCost' }],
        additional_errors: [
          {
            code: 'rest_invalid_type',
            message: 'meta._EventCost is not of type string.',
            data: { status: 400 },
            additional_data: [{ param: 'meta._EventAllDay' }, { status: 400 }, { param: 'meta._EventCost' }],
          },
        ],
      })
      expect(calendar.state.events.size).toBe(lossy ? 1 : 0)
    }
  })

  it('creates a draft unless sent a status, and refuses what the viewer may not do in WordPress words', async () => {
    const { send } = await site()
    const draft = await send(`${V2}/tribe_events`, { method: 'POST', body: { title: 'C', meta: DATES } })
    expect(draft.body.status).toBe('draft')
    const anonymous = await send(`${V2}/tribe_events`, {
      method: 'POST',
      body: { title: 'X', meta: DATES },
      headers: { 'content-type': 'application/json' },
    })
    expect([anonymous.res.status, anonymous.body.code]).toEqual([401, 'rest_cannot_create'])
    const edit = await send(`${V2}/tribe_events/${draft.body.id}`, {
      method: 'POST',
      body: { title: 'X' },
      headers: {},
    })
    expect([edit.res.status, edit.body.code]).toEqual([401, 'rest_cannot_edit'])
    const remove = await send(`${V2}/tribe_events/${draft.body.id}`, { method: 'DELETE', headers: {} })
    expect([remove.res.status, remove.body.code]).toEqual([401, 'rest_cannot_delete'])
    const publish = await send(`${V2}/tribe_events`, {
      method: 'POST',
      body: { title: 'P', status: 'publish', meta: DATES },
      headers: AS_CONTRIBUTOR,
    })
    expect([publish.res.status, publish.body.code]).toEqual([403, 'rest_cannot_publish'])
    const terms = await send(`${V2}/tribe_events`, { method: 'POST', body: { title: 'T', meta: DATES, tags: [99] } })
    expect([terms.res.status, terms.body.code]).toEqual([403, 'rest_cannot_assign_term'])
    const missing = await send(`${V2}/tribe_events/999`, { method: 'PUT', body: { title: 'X' } })
    expect([missing.res.status, missing.body.code]).toEqual([404, 'rest_post_invalid_id'])
    const undated = await send(`${V2}/tribe_events`, { method: 'POST', body: { title: 'U' } })
    expect([undated.res.status, undated.body.code, undated.body.data.params]).toEqual([
      400,
      'rest_missing_callback_param',
      ['meta._EventStartDate', 'meta._EventEndDate'],
    ])
  })

  it('trashes, refuses a second trash with 410, and deletes for good with force', async () => {
    const { send, calendar } = await site()
    const { body } = await send(`${V2}/tribe_events`, { method: 'POST', body: { title: 'C', meta: DATES } })
    const trashed = await send(`${V2}/tribe_events/${body.id}`, { method: 'DELETE' })
    expect([trashed.res.status, trashed.body.status]).toEqual([200, 'trash'])
    const again = await send(`${V2}/tribe_events/${body.id}`, { method: 'DELETE' })
    expect([again.res.status, again.body.code]).toEqual([410, 'rest_already_trashed'])
    const gone = await send(`${V2}/tribe_events/${body.id}?force=true`, { method: 'DELETE' })
    expect(gone.body.deleted).toBe(true)
    expect(gone.body.previous).toMatchObject({ id: body.id, status: 'trash' })
    expect(gone.body.previous).not.toHaveProperty('_links')
    expect(calendar.state.events.get(body.id)).toBeUndefined()
  })

  it("writes a venue's and an organizer's fields from their meta, a new post every create", async () => {
    const { send } = await site()
    const venue = await send(`${V2}/tribe_venue`, {
      method: 'POST',
      body: {
        title: 'Hall',
        status: 'publish',
        meta: { _VenueCity: 'Paris', _VenueLat: '48.85', _VenueLng: '2.35', _VenueShowMap: false },
      },
    })
    expect(venue.res.status).toBe(201)
    expect(venue.body.id).not.toBe(4)
    const v1 = (await send(`${V1}/venues/${venue.body.id}`)).body
    expect([v1.venue, v1.city, v1.geo_lat, v1.geo_lng, v1.show_map]).toEqual(['Hall', 'Paris', 48.85, 2.35, false])
    const organizer = await send(`${V2}/tribe_organizer`, {
      method: 'POST',
      body: { title: 'Ann', status: 'publish', meta: { _OrganizerEmail: 'ann@example.test' } },
    })
    const updated = await send(`${V2}/tribe_organizer/${organizer.body.id}`, {
      method: 'PUT',
      body: { meta: { _OrganizerPhone: '555' } },
    })
    expect(updated.body.meta).toMatchObject({ _OrganizerEmail: 'ann@example.test', _OrganizerPhone: '555' })
    expect(updated.body.title.raw).toBe('Ann')
  })
})
