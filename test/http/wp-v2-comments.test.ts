/**
 * `/wp/v2/comments` (src/http/wp-v2/comment-routes.ts): calfile keeps no comments, so a collection that passes
 * WordPress's checks is empty and every comment ID unknown, and an event's `replies` link (TEC 6.10.0) embeds
 * nothing. The expected answers are WordPress 6.7.1 + TEC 6.10.0's to the same requests on the same posts.
 */
import { describe, expect, it } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { tokenHash } from '../../src/core/model/users.js'
import { createApp } from '../../src/http/app.js'
import { NOW } from '../helpers.js'

const V2 = 'http://127.0.0.1:3000/wp-json/wp/v2'
const basic = (user: string) => `Basic ${Buffer.from(`${user}:tok-${user}`).toString('base64')}`

async function site() {
  const initial = JSON.stringify({
    settings: { timezone: 'America/New_York', tec_version: '6.10' },
    users: [
      { id: 1, name: 'admin', role: 'administrator', token_sha256: tokenHash('tok-admin') },
      { id: 2, name: 'ann', role: 'author', token_sha256: tokenHash('tok-ann') },
    ],
    events: [
      { id: 4, title: 'Jazz', status: 'publish', start_date: '2027-01-10 10:00:00', end_date: '2027-01-10 12:00:00' },
      { id: 5, title: 'Draft', status: 'draft', start_date: '2027-01-11 10:00:00', end_date: '2027-01-11 12:00:00' },
    ],
  })
  const app = createApp(await openCalendar(null, { initial, now: () => NOW }))
  return async (path: string, user?: string) => {
    const res = await app.request(`${V2}${path}`, user ? { headers: { authorization: basic(user) } } : {})
    return { status: res.status, headers: res.headers, body: (await res.json()) as any }
  }
}

describe('wp/v2 comments', () => {
  it('lists none, with the totals and a page link as WordPress gives them', async () => {
    const send = await site()
    const list = await send('/comments?post=4')
    expect([list.status, list.body]).toEqual([200, []])
    expect([list.headers.get('x-wp-total'), list.headers.get('x-wp-totalpages')]).toEqual(['0', '0'])
    expect(list.headers.get('allow')).toBe('GET')
    const second = await send('/comments?post=4&page=2', 'admin')
    expect(second.headers.get('link')).toBe('<http://127.0.0.1:3000/wp-json/wp/v2/comments?post=4&page=0>; rel="prev"')
  })

  it('refuses what get_items_permissions_check() refuses, 401 anonymous and 403 signed in', async () => {
    const send = await site()
    const cases: Array<[string, string | undefined, number, string]> = [
      ['/comments?post=5', undefined, 401, 'rest_cannot_read_post'],
      ['/comments?post=0', undefined, 401, 'rest_cannot_read'],
      ['/comments?post=0', 'ann', 403, 'rest_cannot_read'],
      ['/comments?context=edit', undefined, 401, 'rest_forbidden_context'],
      ['/comments?context=edit', 'ann', 403, 'rest_forbidden_context'],
      ['/comments?status=hold', undefined, 401, 'rest_forbidden_param'],
    ]
    for (const [path, user, status, code] of cases)
      expect([path, (await send(path, user)).status, (await send(path, user)).body.code]).toEqual([path, status, code])
    expect((await send('/comments?author=1&type=x')).body.message).toBe('Query parameter not permitted: author, type')
    expect((await send('/comments?status=hold', 'ann')).body).toEqual([])
    expect((await send('/comments?post=0&context=edit', 'admin')).status).toBe(200)
  })

  it('checks the arguments first, and knows no comment by ID', async () => {
    const send = await site()
    const bad = await send('/comments?post=abc')
    expect(bad.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): post',
      data: {
        status: 400,
        params: { post: 'post[0] is not of type integer.' },
        details: {
          post: { code: 'rest_invalid_type', message: 'post[0] is not of type integer.', data: { param: 'post[0]' } },
        },
      },
    })
    expect((await send('/comments/3')).body).toEqual({
      code: 'rest_comment_invalid_id',
      message: 'Invalid comment ID.',
      data: { status: 404 },
    })
    expect((await send('/comments/x')).body.code).toBe('rest_no_route')
  })

  it('leaves an event’s replies out of _embed, as WordPress leaves out an empty list', async () => {
    const send = await site()
    const event = await send('/tribe_events/4?_embed')
    expect(event.body._links.replies[0].href).toBe('http://127.0.0.1:3000/wp-json/wp/v2/comments?post=4')
    expect(Object.keys(event.body._embedded)).not.toContain('replies')
  })
})
