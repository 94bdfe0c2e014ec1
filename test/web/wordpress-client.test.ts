/**
 * A generic WordPress REST client from the npm registry (`wpapi`, node-wpapi), driven as a headless front end drives
 * a TEC site: it discovers the API from the site's page (`Link: rel="https://api.w.org/"`), builds its calls from
 * the REST index's routes, and reads and writes TEC's events, venues and terms through `wp/v2` — over a real port,
 * as the client speaks HTTP itself. Each operation is one a real WordPress 7.0.4 + TEC 6.17.2 site answers.
 */

import type { Listener } from 'listhen'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WPAPI from 'wpapi'
import { openCalendar } from '../../src/core/calendar.js'
import { tokenHash } from '../../src/core/model/users.js'
import { serve } from '../../src/http/serve.js'
import { webPage } from '../../src/web/web-page.js'

let listener: Listener
let site: WPAPI

beforeAll(async () => {
  const initial = JSON.stringify({
    settings: { timezone: 'America/New_York', tec_version: '6.17', tec_lossy_writes: false },
    users: [{ id: 1, name: 'admin', role: 'administrator', token_sha256: tokenHash('tok-admin') }],
    categories: [{ id: 2, name: 'Music', slug: 'music' }],
    events: [
      {
        id: 6,
        title: 'Jazz',
        slug: 'jazz',
        status: 'publish',
        start_date: '2030-01-10 19:00:00',
        end_date: '2030-01-10 22:00:00',
        categories: [2],
      },
    ],
  })
  const calendar = await openCalendar(null, { initial })
  // As `calfile serve` serves it, with the page a discovering client looks at first.
  listener = await serve(calendar, { port: 0, host: '127.0.0.1', extensions: [webPage()] })
  const discovered = await WPAPI.discover(new URL(listener.url).origin)
  site = discovered.auth({ username: 'admin', password: 'tok-admin' })
})

afterAll(() => listener?.close())

describe('wpapi, discovering calfile as it discovers a WordPress site', () => {
  it("finds the API and builds TEC's routes from the index", () => {
    expect(typeof site.tribe_events).toBe('function')
    expect(typeof site.tribe_venue).toBe('function')
    expect(typeof site.tribe_events_cat).toBe('function')
    expect(typeof site.types).toBe('function')
  })

  it('lists events with paging, reads one, searches, filters by category and embeds', async () => {
    const list = await site.tribe_events().perPage(5).page(1)
    expect(list.map((event: { id: number }) => event.id)).toEqual([6])
    expect(list._paging).toMatchObject({ total: 1, totalPages: 1 })
    expect((await site.tribe_events().id(6)).meta._EventStartDate).toBe('2030-01-10 19:00:00')
    expect(await site.tribe_events().search('jazz')).toHaveLength(1)
    expect(await site.tribe_events().param('tribe_events_cat', 2)).toHaveLength(1)
    const embedded = await site.tribe_events().id(6).embed()
    expect(embedded._embedded['wp:term'][1][0].slug).toBe('music')
  })

  it('creates, updates, trashes and deletes an event, and a venue and a category', async () => {
    const made = await site.tribe_events().create({
      title: 'Made by wpapi',
      status: 'publish',
      meta: { _EventStartDate: '2030-02-01 10:00:00', _EventEndDate: '2030-02-01 12:00:00' },
    })
    expect(made).toMatchObject({ status: 'publish', title: { raw: 'Made by wpapi' } })
    const updated = await site.tribe_events().id(made.id).update({ excerpt: 'Short' })
    expect(updated.excerpt.raw).toBe('Short')
    expect((await site.tribe_events().perPage(10)).map((event: { id: number }) => event.id)).toContain(made.id)
    expect((await site.tribe_events().id(made.id).delete()).status).toBe('trash')
    expect((await site.tribe_events().id(made.id).param('force', true).delete()).deleted).toBe(true)
    const venue = await site.tribe_venue().create({ title: 'Hall', status: 'publish', meta: { _VenueCity: 'Boston' } })
    expect((await site.tribe_venue().id(venue.id)).meta._VenueCity).toBe('Boston')
    const category = await site.tribe_events_cat().create({ name: 'Talks' })
    expect((await site.tribe_events_cat().slug('talks'))[0].id).toBe(category.id)
  })

  it('reads the types, taxonomies, statuses and the signed-in user', async () => {
    expect(Object.keys(await site.types())).toContain('tribe_events')
    expect((await site.taxonomies().param('type', 'tribe_events')).tribe_events_cat.slug).toBe('tribe_events_cat')
    expect((await site.statuses()).publish.name).toBe('Published')
    expect((await site.users().me()).name).toBe('admin')
  })

  it("answers refused and unknown requests in WordPress's words", async () => {
    const anonymous = await WPAPI.discover(new URL(listener.url).origin)
    await expect(anonymous.tribe_events().create({ title: 'x' })).rejects.toMatchObject({ code: 'rest_cannot_create' })
    await expect(site.tribe_events().id(999999)).rejects.toMatchObject({ code: 'rest_post_invalid_id' })
  })
})
