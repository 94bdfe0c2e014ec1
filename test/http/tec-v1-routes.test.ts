/**
 * tec/v1 (TEC 6.15+'s second REST API, src/http/tec-v1/) in-process: the acknowledgement gate, the order of checks,
 * the WordPress post shape of events, venues and organizers, lists and their headers, writes, trash and force, as
 * TEC 6.17.2 answers them (the answers quoted were seen on a live TEC 6.17.2).
 */
import { describe, expect, it } from 'vitest'
import { ACKNOWLEDGEMENT } from '../../src/http/tec-v1/gate.js'
import { NOW, open } from '../helpers.js'

const V1 = '/wp-json/tec/v1'
const ADMIN = { authorization: 'Bearer tok-admin', 'x-tec-eea': ACKNOWLEDGEMENT }
const ANONYMOUS = { 'x-tec-eea': ACKNOWLEDGEMENT }

/** A calendar answering as TEC 6.17 (or `version`), with an administrator `tok-admin` and a subscriber `tok-sub`. */
async function site(version: '6.17' | '6.10' = '6.17') {
  const { tokenHash } = await import('../../src/core/model/users.js')
  return open({
    settings: { timezone: 'America/New_York', per_page: 10, tec_version: version },
    users: [
      { id: 1, name: 'admin', role: 'administrator', token_sha256: tokenHash('tok-admin') },
      { id: 2, name: 'reader', role: 'subscriber', token_sha256: tokenHash('tok-sub') },
    ],
  })
}

const when = { start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 12:00:00' }

describe('the acknowledgement gate', () => {
  it('refuses a request without X-TEC-EEA, or with another text, after the arguments and the permission', async () => {
    const { request } = await site()
    const none = await request('GET', `${V1}/events`, undefined, { authorization: 'Bearer tok-admin' })
    expect(none.status).toBe(400)
    expect(none.body).toEqual({
      code: 'missing_experimental_endpoint_acknowledgement',
      message: 'Experimental endpoint requires acknowledgement header.',
      data: { status: 400 },
    })
    const other = await request('GET', `${V1}/events`, undefined, { 'x-tec-eea': 'yes' })
    expect(other.body.message).toBe('Experimental endpoint requires appropriate acknowledgement header.')
    const shouted = await request('GET', `${V1}/events`, undefined, {
      'x-tec-eea': `  ${ACKNOWLEDGEMENT.toUpperCase()} `,
    })
    expect(shouted.status).toBe(200)
    // Arguments come first, then the permission, then the header.
    const badArgument = await request('GET', `${V1}/events?per_page=abc`)
    expect(badArgument.status).toBe(400)
    expect(badArgument.body.code).toBe('rest_invalid_param')
    const anonymousWrite = await request('POST', `${V1}/events`, { title: 'x' })
    expect(anonymousWrite.status).toBe(401)
    expect(anonymousWrite.body.code).toBe('rest_forbidden')
  })

  it('is not there under TEC 6.10, which has no tec/v1', async () => {
    const { request } = await site('6.10')
    const answer = await request('GET', `${V1}/events`, undefined, ADMIN)
    expect(answer.status).toBe(404)
    expect(answer.body.code).toBe('rest_no_route')
  })
})

describe('events', () => {
  it('creates an event and shows it as a WordPress post with TEC’s event model', async () => {
    const { request } = await site()
    const created = await request(
      'POST',
      `${V1}/events`,
      { title: 'Hello <b>x</b>', ...when, status: 'publish' },
      ADMIN,
    )
    expect(created.status).toBe(201)
    const event = created.body
    expect(Object.keys(event)).toEqual([
      'id',
      'date',
      'date_gmt',
      'guid',
      'modified',
      'modified_gmt',
      'slug',
      'status',
      'type',
      'link',
      'title',
      'content',
      'excerpt',
      'author',
      'featured_media',
      'template',
      'tags',
      'tribe_events_cat',
      'class_list',
      'start_date',
      'start_date_utc',
      'end_date',
      'end_date_utc',
      'dates',
      'timezone',
      'duration',
      'multiday',
      'is_past',
      'is_now',
      'all_day',
      'starts_this_week',
      'ends_this_week',
      'this_week_duration',
      'happens_this_week',
      'displays_on',
      'featured',
      'sticky',
      'cost',
      'organizer_names',
      'organizers',
      'venues',
      'schedule_details',
      'short_schedule_details',
    ])
    expect(event).toMatchObject({
      slug: 'hello-x',
      status: 'publish',
      type: 'tribe_events',
      title: { rendered: 'Hello x' },
      content: { rendered: '', protected: false },
      author: 1,
      class_list: [`post-${event.id}`, 'tribe_events', 'type-tribe_events', 'status-publish', 'hentry'],
      start_date_utc: '2026-12-01 15:00:00',
      dates: { start: { date: '2026-12-01 10:00:00.000000', timezone_type: 3, timezone: 'America/New_York' } },
      timezone: 'America/New_York',
      duration: '7200',
      multiday: false,
      is_past: false,
      schedule_details:
        '<span class="tribe-event-date-start">December 1 @ 10:00 am</span> - <span class="tribe-event-time">12:00 pm</span>',
      short_schedule_details:
        '<span class="tribe-event-date-start">10:00 am</span> - <span class="tribe-event-time">12:00 pm</span>',
    })
    expect(event.link).toMatch(/\/event\/hello-x\/$/u)
    const read = await request('GET', `${V1}/events/${event.id}`, undefined, ANONYMOUS)
    expect(read.body).toEqual(event)
  })

  it('names its venue and organizer in full, and formats a multi-day schedule', async () => {
    const { request } = await site()
    const venue = (
      await request(
        'POST',
        `${V1}/venues`,
        { title: 'Hall', address: '1 Main St', city: 'Boston', country: 'US', zip: '02110' },
        ADMIN,
      )
    ).body
    expect(venue.directions_link).toBe(
      'https://maps.google.com/maps?f=q&#038;source=s_q&#038;hl=en&#038;geocode=&#038;q=1+Main+St+Boston+02110+US',
    )
    const crew = (await request('POST', `${V1}/organizers`, { title: 'Org', email: 'a@b.org' }, ADMIN)).body
    expect(crew).toMatchObject({ type: 'tribe_organizer', title: { rendered: 'Org' }, email: 'a@b.org' })
    const event = (
      await request(
        'POST',
        `${V1}/events`,
        {
          title: 'Two days',
          start_date: '2026-12-05 09:00:00',
          end_date: '2026-12-06 17:00:00',
          timezone: 'Europe/Paris',
          venues: [venue.id],
          organizers: [crew.id],
          cost: '10',
        },
        ADMIN,
      )
    ).body
    expect(event).toMatchObject({
      multiday: 2,
      duration: '115200',
      cost: '$10',
      organizer_names: ['Org'],
      dates: { start_site: { date: '2026-12-05 03:00:00.000000', timezone: 'America/New_York' } },
      schedule_details:
        '<span class="tribe-event-date-start">December 5 @ 9:00 am</span> - <span class="tribe-event-date-end">December 6 @ 5:00 pm</span>',
    })
    expect(event.venues).toEqual([venue])
    expect(event.organizers).toEqual([crew])
  })

  it('stores a time zone that names none as UTC, and drops what it does not know', async () => {
    const { request, calendar } = await site()
    const event = (
      await request('POST', `${V1}/events`, { title: 'Zone', ...when, timezone: 'Bad/Zone', unknown: 'x' }, ADMIN)
    ).body
    expect(event.timezone).toBe('UTC')
    expect(calendar.state.events.get(event.id)).not.toHaveProperty('unknown')
  })

  it('stores a UTC offset as the zone TEC names for it (checked with PHP 8.2 on TEC 6.17.2)', async () => {
    const { request } = await site()
    const zoneOf = async (timezone: string) =>
      (await request('POST', `${V1}/events`, { title: timezone, ...when, timezone }, ADMIN)).body.timezone
    expect(await zoneOf('UTC+2')).toBe('Europe/Helsinki')
    expect(await zoneOf('UTC-4:30')).toBe('America/St_Johns')
    expect(await zoneOf('UTC+5:30')).toBe('Asia/Kolkata')
    expect(await zoneOf('UTC+1:15')).toBe('UTC')
  })

  it('an event without dates is the handler’s 500', async () => {
    const { request } = await site()
    const answer = await request('POST', `${V1}/events`, { title: 'x' }, ADMIN)
    expect(answer).toMatchObject({ status: 500, body: { error: 'Failed to create entity.' } })
  })
})

describe('reads, updates and deletes by ID', () => {
  it('an ID of another kind or none fails the permission of a read; a write of another kind reaches the handler', async () => {
    const { request } = await site()
    const venue = (await request('POST', `${V1}/venues`, { title: 'Hall' }, ADMIN)).body
    const forbidden = {
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to do that.',
      data: { status: 403 },
    }
    expect((await request('GET', `${V1}/events/${venue.id}`, undefined, ADMIN)).body).toEqual(forbidden)
    expect((await request('GET', `${V1}/events/999999`, undefined, ADMIN)).body).toEqual(forbidden)
    expect((await request('GET', `${V1}/events/999999`, undefined, ANONYMOUS)).status).toBe(401)
    expect((await request('DELETE', `${V1}/events/999999`, undefined, ADMIN)).status).toBe(403)
    const intoVenue = await request('PUT', `${V1}/events/${venue.id}`, { title: 'x' }, ADMIN)
    expect(intoVenue).toMatchObject({ status: 404, body: { error: 'The entity could not be updated.' } })
    expect(intoVenue.headers.get('allow')).toBe('PUT, PATCH, DELETE')
    expect((await request('GET', `${V1}/events/abc`, undefined, ADMIN)).body.code).toBe('rest_no_route')
  })

  it('PATCH and PUT change only what they are sent; DELETE trashes ([]), then 410, then force deletes', async () => {
    const { request, calendar } = await site()
    const event = (await request('POST', `${V1}/events`, { title: 'Jazz', ...when, cost: '5', featured: true }, ADMIN))
      .body
    const patched = await request('PATCH', `${V1}/events/${event.id}`, { title: 'Jazz night' }, ADMIN)
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({
      title: { rendered: 'Jazz night' },
      cost: '$5',
      featured: true,
      start_date: when.start_date,
    })
    const put = await request(
      'PUT',
      `${V1}/events/${event.id}`,
      { end_date: '2026-12-01 13:00:00', start_date: when.start_date },
      ADMIN,
    )
    expect(put.body).toMatchObject({ title: { rendered: 'Jazz night' }, end_date: '2026-12-01 13:00:00' })
    expect((await request('DELETE', `${V1}/events/${event.id}`, undefined, ADMIN)).body).toEqual([])
    expect(calendar.state.events.get(event.id)?.status).toBe('trash')
    const again = await request('DELETE', `${V1}/events/${event.id}`, undefined, ADMIN)
    expect(again).toMatchObject({ status: 410, body: { error: 'The entity has already been trashed.' } })
    expect((await request('DELETE', `${V1}/events/${event.id}?force=true`, undefined, ADMIN)).body).toEqual([])
    expect(calendar.state.events.get(event.id)).toBeUndefined()
  })

  it('creates a new venue or organizer each time, where REST v1 answers the one it duplicates', async () => {
    const { request } = await site()
    for (const [kind, body] of [
      ['organizers', { title: 'Dedupe Probe', email: 'probe@example.org', phone: '555', status: 'publish' }],
      ['venues', { title: 'Dedupe Hall', city: 'Boston', status: 'publish' }],
    ] as const) {
      const first = await request('POST', `${V1}/${kind}`, body, ADMIN)
      const second = await request('POST', `${V1}/${kind}`, body, ADMIN)
      expect([first.status, second.status]).toEqual([201, 201])
      expect(second.body.id).not.toBe(first.body.id)
      const name = kind === 'venues' ? { venue: body.title } : { organizer: body.title }
      const viaRestV1 = await request('POST', `/wp-json/tribe/events/v1/${kind}`, name, ADMIN)
      expect(viaRestV1.body.id).toBe(first.body.id)
    }
  })
})

describe('lists', () => {
  it('a bare array with X-WP-Total, X-WP-TotalPages and Link; past events listed; a page past the end is 404', async () => {
    const { request } = await site()
    for (let day = 1; day <= 5; day++)
      await request(
        'POST',
        `${V1}/events`,
        { title: `Day ${day}`, start_date: `2026-0${day}-01 10:00:00`, end_date: `2026-0${day}-01 11:00:00` },
        ADMIN,
      )
    const page = await request('GET', `${V1}/events?per_page=2&page=2`, undefined, ANONYMOUS)
    expect(page.body.map((event: { title: { rendered: string } }) => event.title.rendered)).toEqual(['Day 3', 'Day 4'])
    expect(page.headers.get('x-wp-total')).toBe('5')
    expect(page.headers.get('x-wp-totalpages')).toBe('3')
    expect(page.headers.get('link')).toBe(
      `<http://localhost${V1}/events?per_page=2&page=3>; rel="next", <http://localhost${V1}/events?per_page=2&page=1>; rel="prev"`,
    )
    expect(page.body[0].is_past).toBe(NOW > Date.UTC(2026, 2, 1))
    const past = await request('GET', `${V1}/events?page=9`, undefined, ANONYMOUS)
    expect(past).toMatchObject({
      status: 404,
      body: { code: 'tec_rest_organizers_page_not_found', message: 'The requested page was not found.' },
    })
  })

  it('featured=false lists the featured events, as TEC 6.17.2 reads (bool) "false"', async () => {
    const { request } = await site()
    await request('POST', `${V1}/events`, { title: 'Plain', ...when }, ADMIN)
    await request('POST', `${V1}/events`, { title: 'Star', ...when, featured: true }, ADMIN)
    const titles = async (query: string) =>
      (await request('GET', `${V1}/events?${query}`, undefined, ANONYMOUS)).body.map(
        (e: { title: { rendered: string } }) => e.title.rendered,
      )
    expect(await titles('featured=true')).toEqual(['Star'])
    expect(await titles('featured=false')).toEqual(['Star'])
    expect(await titles('featured=0')).toEqual(['Plain'])
    expect(await titles('search=plain')).toEqual(['Plain'])
  })
})
