/**
 * WordPress's own REST API over TEC's posts (src/http/wp-v2/): `GET /wp-json/wp/v2/tribe_events`, `tribe_venue`,
 * `tribe_organizer` and their single routes, over the records REST v1 serves. The expected shapes are WordPress
 * 7.0.4 + TEC 6.17.2's answers to the same content (the parity scenarios `wp/v2: …` compare them live).
 */
import { describe, expect, it } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { tokenHash } from '../../src/core/model/users.js'
import { createApp } from '../../src/http/app.js'
import { NOW } from '../helpers.js'

const SITE = 'http://127.0.0.1:3000'
const V2 = `${SITE}/wp-json/wp/v2`
const ADMIN = { authorization: `Basic ${Buffer.from('admin:tok-admin').toString('base64')}` }
const future = (day: number) => ({
  start_date: `2030-01-${String(day).padStart(2, '0')} 19:00:00`,
  end_date: `2030-01-${String(day).padStart(2, '0')} 22:00:00`,
  timezone: 'America/New_York',
})
const published = (day: number) => `2026-01-${String(day).padStart(2, '0')} 10:00:00`

async function site() {
  const initial = JSON.stringify({
    settings: { timezone: 'America/New_York', tec_version: '6.17' },
    users: [{ id: 1, name: 'admin', role: 'administrator', token_sha256: tokenHash('tok-admin') }],
    venues: [{ id: 4, venue: 'Hall', slug: 'hall', status: 'publish', city: 'Boston', show_map: true }],
    organizers: [{ id: 5, organizer: 'Ann', slug: 'ann', status: 'publish', email: 'ann@example.test' }],
    categories: [{ id: 2, name: 'Music', slug: 'music' }],
    tags: [{ id: 3, name: 'late', slug: 'late' }],
    events: [
      {
        id: 6,
        title: 'Jazz',
        slug: 'jazz',
        status: 'publish',
        date: published(3),
        ...future(10),
        description: '<p>Live</p>',
        venue: 4,
        organizer: [5],
        categories: [2],
        tags: [3],
        cost: '5',
      },
      { id: 7, title: 'Blues', slug: 'blues', status: 'publish', date: published(4), ...future(12) },
      {
        id: 8,
        title: 'Gone',
        slug: 'gone',
        status: 'publish',
        date: published(5),
        start_date: '2020-01-01 19:00:00',
        end_date: '2020-01-01 22:00:00',
        timezone: 'America/New_York',
      },
      { id: 9, title: 'Draft', slug: 'draft', status: 'draft', date: published(6), ...future(15) },
    ],
  })
  const calendar = await openCalendar(null, { initial, now: () => NOW })
  const app = createApp(calendar)
  return async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const res = await app.request(`${V2}${path}`, { headers, method })
    return { res, body: (await res.json()) as any }
  }
}

describe('wp/v2 posts of TEC', () => {
  it('shows an event as WordPress does: the post, TEC meta, terms, class_list and _links', async () => {
    const read = await site()
    const { res, body } = await read('/tribe_events/6')
    expect(res.status).toBe(200)
    expect(res.headers.get('link')).toBe(`<${SITE}/event/jazz/>; rel="alternate"; type=text/html`)
    expect(body).toMatchObject({
      id: 6,
      date: '2026-01-03T10:00:00',
      slug: 'jazz',
      status: 'publish',
      type: 'tribe_events',
      link: `${SITE}/event/jazz/`,
      title: { rendered: 'Jazz' },
      content: { rendered: '<p>Live</p>\n', protected: false },
      author: 1,
      featured_media: 0,
      template: '',
      tags: [3],
      tribe_events_cat: [2],
    })
    expect(body.class_list).toEqual([
      'post-6',
      'tribe_events',
      'type-tribe_events',
      'status-publish',
      'hentry',
      'tag-late',
      'tribe_events_cat-music',
      'cat_music',
    ])
    expect(body.meta).toMatchObject({
      _EventAllDay: false,
      _EventTimezone: 'America/New_York',
      _EventStartDate: '2030-01-10 19:00:00',
      _EventStartDateUTC: '2030-01-11 00:00:00',
      _EventEndDateUTC: '2030-01-11 03:00:00',
      _EventCost: '5',
      _EventVenueID: [4],
      _EventOrganizerID: [5],
      _VenueCity: '',
      _tribe_events_status: '',
      footnotes: '',
    })
    expect(Object.keys(body._links)).toEqual([
      'self',
      'collection',
      'about',
      'author',
      'version-history',
      'wp:attachment',
      'wp:term',
      'curies',
    ])
    expect(body._links.self[0]).toEqual({ href: `${V2}/tribe_events/6`, targetHints: { allow: ['GET'] } })
  })

  it("shows a venue's and an organizer's meta under the same keys, the event's empty", async () => {
    const read = await site()
    const venue = (await read('/tribe_venue/4')).body
    expect(venue.meta).toMatchObject({ _EventStartDate: '', _VenueCity: 'Boston', _VenueShowMap: true })
    expect(venue.meta).not.toHaveProperty('_tribe_events_status')
    expect(venue).not.toHaveProperty('class_list')
    const organizer = (await read('/tribe_organizer/5')).body
    expect(organizer.meta).toMatchObject({ _OrganizerEmail: 'ann@example.test', _EventVenueID: [] })
  })

  it('lists by publication date, newest first, leaving out what ended and what the reader may not see', async () => {
    const read = await site()
    const { res, body } = await read('/tribe_events?_fields=id')
    expect(body).toEqual([{ id: 7 }, { id: 6 }])
    expect([res.headers.get('x-wp-total'), res.headers.get('x-wp-totalpages')]).toEqual(['2', '1'])
    expect((await read('/tribe_events?status=draft&_fields=id', ADMIN)).body).toEqual([{ id: 9 }])
    expect((await read('/tribe_events/8?_fields=id')).body).toEqual({ id: 8 })
  })

  it('pages, filters and orders as WP_REST_Posts_Controller does', async () => {
    const read = await site()
    const second = await read('/tribe_events?per_page=1&page=2&_fields=id')
    expect(second.body).toEqual([{ id: 6 }])
    expect(second.res.headers.get('link')).toBe(`<${V2}/tribe_events?per_page=1&page=1&_fields=id>; rel="prev"`)
    expect((await read('/tribe_events?orderby=title&order=asc&_fields=id')).body).toEqual([{ id: 7 }, { id: 6 }])
    // TEC orders events asked by `include` by their start, earliest first.
    expect((await read('/tribe_events?include=7,6&orderby=include&_fields=id')).body).toEqual([{ id: 6 }, { id: 7 }])
    expect((await read('/tribe_events?tribe_events_cat=2&_fields=id')).body).toEqual([{ id: 6 }])
    expect((await read('/tribe_events?search=blu&_fields=id')).body).toEqual([{ id: 7 }])
  })

  it("refuses bad arguments in WordPress's words, and what the reader may not see", async () => {
    const read = await site()
    // `per_page` is checked in the first round (its `validate_callback`), `order` only when that round passes.
    const bad = await read('/tribe_events?per_page=0&order=up')
    expect(bad.res.status).toBe(400)
    expect(bad.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): per_page',
      data: {
        status: 400,
        params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' },
        details: {
          per_page: {
            code: 'rest_out_of_bounds',
            message: 'per_page must be between 1 (inclusive) and 100 (inclusive)',
            data: null,
          },
        },
      },
    })
    expect((await read('/tribe_events?order=up&orderby=nothing')).body.message).toBe(
      'Invalid parameter(s): order, orderby',
    )
    expect((await read('/tribe_events?include=abc')).body.data.details.include).toEqual({
      code: 'rest_invalid_type',
      message: 'include[0] is not of type integer.',
      data: { param: 'include[0]' },
    })
    expect((await read('/tribe_events?page=9')).body.code).toBe('rest_post_invalid_page_number')
    expect((await read('/tribe_events?status=draft')).body.data.details.status.code).toBe('rest_forbidden_status')
    expect((await read('/tribe_events?context=edit')).res.status).toBe(401)
    expect((await read('/tribe_events/4')).body.code).toBe('rest_post_invalid_id')
    expect((await read('/tribe_events/9')).res.status).toBe(401)
  })

  it('filters by publication date, author, search columns and terms as WP_Query does', async () => {
    const read = await site()
    const ids = async (query: string) =>
      (await read(`/tribe_events?_fields=id&${query}`)).body.map((post: { id: number }) => post.id)
    // Jazz was published 2026-01-03 10:00, Blues 2026-01-04 10:00 (New York); the bounds are left out.
    expect(await ids('after=2026-01-03T10:00:00')).toEqual([7])
    expect(await ids('before=2026-01-04T15:00:00Z')).toEqual([6])
    expect(await ids('author=2')).toEqual([])
    expect(await ids('author_exclude=2')).toEqual([7, 6])
    expect(await ids('search=live&search_columns=post_title')).toEqual([])
    expect(await ids('search=live&search_columns[]=post_content')).toEqual([6])
    expect(await ids('search=jazz&search_semantics=exact')).toEqual([6])
    expect(await ids('tags_exclude=3')).toEqual([7])
    expect(await ids('tags[terms]=3&tags[operator]=AND')).toEqual([6])
    expect(await ids('tags=3&tribe_events_cat_exclude=2&tax_relation=OR')).toEqual([7, 6])
    expect((await read('/tribe_events?after=yesterday')).body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { after: 'Invalid date.' }, details: { after: { code: 'rest_invalid_date' } } },
    })
  })

  it('lists its routes in the wp/v2 index and the REST index, with the methods served and the arguments checked', async () => {
    const read = await site()
    const { body } = await read('')
    const events = body.routes['/wp/v2/tribe_events']
    expect(events.methods).toEqual(['GET', 'POST'])
    expect(Object.keys(events.endpoints[0].args)).toContain('tribe_events_cat_exclude')
    expect(events.endpoints[0].args.per_page).toEqual({
      description: 'Maximum number of items to be returned in result set.',
      type: 'integer',
      default: 10,
      minimum: 1,
      maximum: 100,
      required: false,
    })
    expect(body.routes['/wp/v2/tribe_events/(?P<id>[\\d]+)'].methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
    expect(body.routes['/wp/v2/tags']._links).toEqual({ self: [{ href: `${V2}/tags` }] })
    const index = await (
      await createApp(await openCalendar(null, { initial: '{}' })).request(`${SITE}/wp-json/`)
    ).json()
    expect(Object.keys(index.routes)).toContain('/wp/v2/tribe_venue/(?P<id>[\\d]+)')
  })

  it("answers OPTIONS on a route with the route's index entry", async () => {
    const read = await site()
    const { res, body } = await read('/tribe_events/6', { ...ADMIN }, 'OPTIONS')
    expect(res.status).toBe(200)
    expect(body.methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
    expect(body.endpoints.map((endpoint: { methods: string[] }) => endpoint.methods)).toEqual([
      ['GET'],
      ['POST', 'PUT', 'PATCH'],
      ['DELETE'],
    ])
  })
})
