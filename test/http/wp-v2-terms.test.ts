/**
 * WordPress's own REST routes for TEC's taxonomies (src/http/wp-v2/term-routes.ts): `/wp-json/wp/v2/tribe_events_cat`
 * and `/wp-json/wp/v2/tags`, read and written over the terms REST v1 serves. The expected answers are WordPress
 * 7.0.4 + TEC 6.17.2's (the parity scenario `wp/v2: terms read and written` compares them live).
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
  const initial = JSON.stringify({
    settings: { timezone: 'America/New_York', tec_version: '6.17' },
    users: [{ id: 1, name: 'admin', role: 'administrator', token_sha256: tokenHash('tok-admin') }],
    categories: [
      { id: 2, name: 'Music', slug: 'music' },
      { id: 4, name: 'Talks', slug: 'talks' },
    ],
    events: [
      {
        id: 6,
        title: 'Jazz',
        slug: 'jazz',
        status: 'publish',
        start_date: '2030-01-10 19:00:00',
        end_date: '2030-01-10 22:00:00',
        timezone: 'America/New_York',
        categories: [2],
      },
    ],
  })
  const calendar = await openCalendar(null, { initial, now: () => NOW })
  const app = createApp(calendar)
  const send = async (path: string, init: { method?: string; body?: unknown; admin?: boolean } = {}) => {
    const headers: Record<string, string> = init.admin === false ? {} : { ...ADMIN }
    if (init.body !== undefined) headers['content-type'] = 'application/json'
    const body = init.body === undefined ? undefined : JSON.stringify(init.body)
    const res = await app.request(`${V2}${path}`, { method: init.method ?? 'GET', headers, body })
    return { res, body: (await res.json()) as any }
  }
  return { calendar, send }
}

describe('wp/v2 terms of TEC', () => {
  it('lists every term, the empty ones too, in WordPress’s term shape', async () => {
    const { send } = await site()
    const { res, body } = await send('/tribe_events_cat', { admin: false })
    expect(res.headers.get('x-wp-total')).toBe('2')
    expect(body.map((term: { id: number }) => term.id)).toEqual([2, 4])
    expect(body[0]).toMatchObject({
      id: 2,
      count: 1,
      description: '',
      link: `${SITE}/events/category/music/`,
      name: 'Music',
      slug: 'music',
      taxonomy: 'tribe_events_cat',
      parent: 0,
      meta: [],
    })
    expect(body[0]).not.toHaveProperty('urls')
    expect(body[0]._links.self[0].href).toBe(`${V2}/tribe_events_cat/2`)
    const hidden = await send('/tribe_events_cat?hide_empty=true&_fields=id')
    expect(hidden.body).toEqual([{ id: 2 }])
  })

  it('writes the same terms REST v1 serves, and deletes only by force', async () => {
    const { calendar, send } = await site()
    const created = await send('/tribe_events_cat', { method: 'POST', body: { name: 'Folk', parent: 2 } })
    expect(created.res.status).toBe(201)
    expect(created.res.headers.get('location')).toBe(`${V2}/tribe_events_cat/${created.body.id}`)
    expect(calendar.categories.get(created.body.id).parent).toBe(2)
    const again = await send('/tribe_events_cat', { method: 'POST', body: { name: 'Folk', parent: 2 } })
    expect([again.res.status, again.body.code]).toEqual([400, 'term_exists'])
    const refused = await send('/tribe_events_cat', { method: 'POST', body: { name: 'Nope' }, admin: false })
    expect([refused.res.status, refused.body.code]).toEqual([401, 'rest_cannot_create'])
    const trashed = await send(`/tribe_events_cat/${created.body.id}`, { method: 'DELETE' })
    expect([trashed.res.status, trashed.body.code]).toEqual([501, 'rest_trash_not_supported'])
    const deleted = await send(`/tribe_events_cat/${created.body.id}?force=true`, { method: 'DELETE' })
    expect(deleted.body).toMatchObject({ deleted: true, previous: { name: 'Folk', parent: 2 } })
    expect(deleted.body.previous).not.toHaveProperty('_links')
    const gone = await send(`/tribe_events_cat/${created.body.id}`)
    expect([gone.res.status, gone.body.code]).toEqual([404, 'rest_term_invalid'])
  })
})
