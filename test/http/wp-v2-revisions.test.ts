/**
 * Revisions of TEC's posts (src/core/resources/posts/revisions.ts, src/http/wp-v2/posts/revision-routes.ts): saved by an
 * update through any API as `wp_save_post_revision()` saves them, kept in the data file, linked from the post
 * (`version-history`, `predecessor-version`) and served under `/wp/v2/<type>/<id>/revisions`. The expected answers
 * are WordPress 7.0.4 + TEC 6.17.2's to the same requests (the parity scenarios of `wp/v2` compare them live).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { tokenHash } from '../../src/core/model/users.js'
import { createApp } from '../../src/http/app.js'
import { NOW } from '../helpers.js'

const SITE = 'http://127.0.0.1:3000'
const V2 = `${SITE}/wp-json/wp/v2`
const V1 = `${SITE}/wp-json/tribe/events/v1`
const basic = (user: string) => `Basic ${Buffer.from(`${user}:tok-${user}`).toString('base64')}`
const AS_ADMIN = { authorization: basic('admin'), 'content-type': 'application/json' }
const AS_SUBSCRIBER = { authorization: basic('sue'), 'content-type': 'application/json' }

const folders: string[] = []
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true })
})

async function site(settings: Record<string, unknown> = {}) {
  const folder = await mkdtemp(join(tmpdir(), 'calfile-revisions-'))
  folders.push(folder)
  const file = join(folder, 'calendar.json')
  const initial = JSON.stringify({
    settings: { timezone: 'America/New_York', tec_version: '6.17', ...settings },
    users: [
      { id: 1, name: 'admin', role: 'administrator', token_sha256: tokenHash('tok-admin') },
      { id: 2, name: 'sue', role: 'subscriber', token_sha256: tokenHash('tok-sue') },
    ],
    events: [
      {
        id: 5,
        title: 'Jazz',
        description: 'Body',
        slug: 'jazz',
        status: 'publish',
        start_date: '2027-01-10 10:00:00',
        end_date: '2027-01-10 12:00:00',
      },
    ],
  })
  const calendar = await openCalendar(file, { initial, now: () => NOW })
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
  const update = (title: string) => send(`${V1}/events/5`, { method: 'POST', body: { title } })
  return { send, update, calendar, file }
}

describe('revisions saved by updates', () => {
  it('saves one on the first update, then only when the title, content or excerpt changes', async () => {
    const { send, update } = await site()
    const links = async () => (await send(`${V2}/tribe_events/5?_fields=_links`)).body._links
    expect((await links())['version-history']).toEqual([{ count: 0, href: `${V2}/tribe_events/5/revisions` }])
    expect((await links())['predecessor-version']).toBeUndefined()
    await update('Jazz')
    expect((await links())['version-history'][0].count).toBe(1)
    await update('Jazz')
    expect((await links())['version-history'][0].count).toBe(1)
    await update('Jazz  night')
    const after = await links()
    expect(after['version-history'][0].count).toBe(2)
    expect(after['predecessor-version']).toEqual([{ id: 7, href: `${V2}/tribe_events/5/revisions/7` }])
  })

  it('takes the IDs of the post space, so that the next post is numbered after them', async () => {
    const { send, update } = await site()
    await update('Jazz two')
    const created = await send(`${V1}/events`, {
      method: 'POST',
      body: { title: 'Next', start_date: '2027-02-01 10:00:00', end_date: '2027-02-01 11:00:00' },
    })
    expect(created.body.id).toBe(7)
  })

  it('is saved by a trash, and goes with its post when that is deleted for good', async () => {
    const { send, file } = await site()
    await send(`${V2}/tribe_events/5`, { method: 'DELETE' })
    expect((await send(`${V2}/tribe_events/5/revisions`)).body.map((r: { id: number }) => r.id)).toEqual([6])
    await send(`${V2}/tribe_events/5?force=true`, { method: 'DELETE' })
    const stored = JSON.parse(await readFile(file, 'utf8'))
    expect(stored.revisions).toBeUndefined()
  })

  it('is kept in the data file, and read back from it', async () => {
    const { update, file } = await site()
    await update('Jazz two')
    const stored = JSON.parse(await readFile(file, 'utf8'))
    expect(stored.revisions).toEqual([
      {
        id: 6,
        parent: 5,
        author: 1,
        date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        title: 'Jazz two',
        description: 'Body',
        excerpt: '',
      },
    ])
  })

  it('keeps none under `post_revisions: false`, and the latest N under a number', async () => {
    const none = await site({ post_revisions: false })
    await none.update('Two')
    expect(none.calendar.state.revisions.size).toBe(0)
    const two = await site({ post_revisions: 2 })
    for (const title of ['A', 'B', 'C', 'D']) await two.update(title)
    expect(two.calendar.state.revisionsOf(5).map((revision) => revision.title)).toEqual(['D', 'C'])
  })
})

describe('GET /wp-json/wp/v2/<type>/<parent>/revisions', () => {
  it('lists them latest first, as WordPress shows a revision', async () => {
    const { send, update } = await site()
    await update('Jazz')
    await update('Jazz two')
    const { res, body } = await send(`${V2}/tribe_events/5/revisions`)
    expect(res.headers.get('x-wp-total')).toBe('2')
    expect(res.headers.get('x-wp-totalpages')).toBe('1')
    expect(res.headers.get('allow')).toBe('GET')
    expect(body.map((revision: { id: number }) => revision.id)).toEqual([7, 6])
    expect(Object.keys(body[0])).toEqual([
      'author',
      'date',
      'date_gmt',
      'id',
      'modified',
      'modified_gmt',
      'parent',
      'slug',
      'guid',
      'title',
      'content',
      'excerpt',
      'meta',
      '_links',
    ])
    expect(body[0]).toMatchObject({
      author: 1,
      parent: 5,
      slug: '5-revision-v1',
      guid: { rendered: `${SITE}/?p=7` },
      title: { rendered: 'Jazz two' },
      content: { rendered: '<p>Body</p>\n' },
      excerpt: { rendered: '' },
      _links: { parent: [{ href: `${V2}/tribe_events/5` }] },
    })
    expect(body[0].meta).toMatchObject({ _EventStartDate: '', _EventVenueID: [], _tribe_events_status: '' })
  })

  it('pages with per_page, and refuses a page past the last', async () => {
    const { send, update } = await site()
    await update('Jazz')
    await update('Jazz two')
    const first = await send(`${V2}/tribe_events/5/revisions?per_page=1`)
    expect(first.body.map((revision: { id: number }) => revision.id)).toEqual([7])
    expect(first.res.headers.get('link')).toBe(`<${V2}/tribe_events/5/revisions?per_page=1&page=2>; rel="next"`)
    const past = await send(`${V2}/tribe_events/5/revisions?per_page=1&page=3`)
    expect(past.res.status).toBe(400)
    expect(past.body.code).toBe('rest_revision_invalid_page_number')
  })

  it('answers one in the edit and embed contexts', async () => {
    const { send, update } = await site()
    await update('Jazz')
    const edit = await send(`${V2}/tribe_events/5/revisions/6?context=edit&_fields=guid,title,content,excerpt`)
    expect(edit.body).toEqual({
      guid: { rendered: `${SITE}/?p=6`, raw: `${SITE}/?p=6` },
      title: { raw: 'Jazz', rendered: 'Jazz' },
      content: { raw: 'Body', rendered: '<p>Body</p>\n' },
      excerpt: { raw: '', rendered: '' },
    })
    const embed = await send(`${V2}/tribe_events/5/revisions/6?context=embed`)
    expect(Object.keys(embed.body)).toEqual(['author', 'date', 'id', 'parent', 'slug', 'title', 'excerpt', '_links'])
  })

  it('refuses as WordPress does', async () => {
    const { send, update } = await site()
    await update('Jazz')
    const anonymous = await send(`${V2}/tribe_events/5/revisions`, { headers: {} })
    expect([anonymous.res.status, anonymous.body.code]).toEqual([401, 'rest_cannot_read'])
    const subscriber = await send(`${V2}/tribe_events/5/revisions/6`, { headers: AS_SUBSCRIBER })
    expect([subscriber.res.status, subscriber.body.code]).toEqual([403, 'rest_cannot_read'])
    expect((await send(`${V2}/tribe_events/99/revisions`)).body.code).toBe('rest_post_invalid_parent')
    expect((await send(`${V2}/tribe_venue/5/revisions`)).body.code).toBe('rest_post_invalid_parent')
    expect((await send(`${V2}/tribe_events/5/revisions/999`)).body.code).toBe('rest_post_invalid_id')
    const deleted = await send(`${V2}/tribe_events/5/revisions/6?force=true`, { method: 'DELETE' })
    expect([deleted.res.status, deleted.body.code]).toEqual([403, 'rest_cannot_delete'])
  })
})

describe('the data file', () => {
  it('keeps a revision whose post a hand edit removed, and shows it nowhere', async () => {
    const initial = JSON.stringify({ revisions: [{ id: 3, parent: 9, date: '2026-01-01 10:00:00' }] })
    const calendar = await openCalendar(null, { initial, now: () => NOW })
    expect(calendar.state.revisionsOf(9).map((revision) => revision.id)).toEqual([3])
    const res = await createApp(calendar).request(`${V2}/tribe_events/9/revisions`, { headers: AS_ADMIN })
    expect(res.status).toBe(404)
  })
})
