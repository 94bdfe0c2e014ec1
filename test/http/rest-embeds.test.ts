/**
 * `_embed` on every namespace (src/http/wordpress/rest-server/response-embeds.ts): the embeddable links of an answer
 * fetched as the same viewer in the `embed` context, as WordPress 7.0.4 + TEC 6.17.2 embeds a `wp/v2` event's
 * author and terms (the parity scenario `wp/v2: embedded links` compares them live).
 */
import { describe, expect, it } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { tokenHash } from '../../src/core/model/users.js'
import { createApp } from '../../src/http/app.js'
import { NOW } from '../helpers.js'

const SITE = 'http://127.0.0.1:3000'
const V2 = `${SITE}/wp-json/wp/v2`
const ADMIN = { authorization: `Basic ${Buffer.from('admin:tok-admin').toString('base64')}` }

async function site() {
  const lines: string[] = []
  const initial = JSON.stringify({
    settings: { timezone: 'America/New_York', tec_version: '6.17' },
    users: [{ id: 1, name: 'admin', role: 'administrator', token_sha256: tokenHash('tok-admin') }],
    categories: [{ id: 2, name: 'Music', slug: 'music' }],
    tags: [{ id: 3, name: 'late', slug: 'late' }],
    events: [
      {
        id: 6,
        title: 'Jazz',
        slug: 'jazz',
        status: 'publish',
        start_date: '2030-01-10 19:00:00',
        end_date: '2030-01-10 22:00:00',
        categories: [2],
        tags: [3],
      },
      {
        id: 7,
        title: 'Blues',
        slug: 'blues',
        status: 'publish',
        start_date: '2030-01-12 19:00:00',
        end_date: '2030-01-12 22:00:00',
      },
    ],
  })
  const calendar = await openCalendar(null, { initial, now: () => NOW })
  const app = createApp(calendar, { log: (line) => lines.push(line.path) })
  const read = async (path: string, headers: Record<string, string> = {}) =>
    (await (await app.request(`${V2}${path}`, { headers })).json()) as any
  return { read, lines }
}

describe('_embed', () => {
  it("embeds an event's author and terms in the embed context, after _links", async () => {
    const { read } = await site()
    const event = await read('/tribe_events/6?_embed', ADMIN)
    expect(Object.keys(event).slice(-2)).toEqual(['_links', '_embedded'])
    expect(Object.keys(event._embedded)).toEqual(['author', 'wp:term'])
    expect(event._embedded.author[0]).toMatchObject({ id: 1, name: 'admin', slug: 'admin' })
    expect(event._embedded.author[0]).not.toHaveProperty('meta')
    expect(event._embedded['wp:term']).toEqual([
      [expect.objectContaining({ id: 3, link: `${SITE}/tag/late/`, name: 'late', slug: 'late', taxonomy: 'post_tag' })],
      [expect.objectContaining({ id: 2, name: 'Music', taxonomy: 'tribe_events_cat' })],
    ])
    expect(Object.keys(event._embedded['wp:term'][1][0])).toEqual(['id', 'link', 'name', 'slug', 'taxonomy', '_links'])
  })

  it('embeds only the relations named, and leaves out a relation whose embeds are all empty', async () => {
    const { read } = await site()
    const list = await read('/tribe_events?_embed=wp:term&orderby=id&order=asc')
    expect(Object.keys(list[0]._embedded)).toEqual(['wp:term'])
    expect(list[1]).not.toHaveProperty('_embedded')
  })

  it('leaves the embedded requests out of the request log', async () => {
    const { read, lines } = await site()
    await read('/tribe_events/6?_embed')
    expect(lines).toEqual(['/wp-json/wp/v2/tribe_events/6?_embed'])
  })
})
