/**
 * Writes of users through `wp/v2` (src/core/resources/users.ts, src/http/wp-v2/user-write-routes.ts): a profile
 * changed as `WP_REST_Users_Controller::update_item()` changes it, kept in the data file, and a user deleted with
 * their posts given to another or deleted too. The expected answers are WordPress 7.0.4's to the same requests.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { createApp } from '../../src/http/app.js'
import { escUrlRaw } from '../../src/http/php/value-checks.js'
import { NOW } from '../helpers.js'
import { siteUsers } from '../wordpress-users.js'

const SITE = 'http://127.0.0.1:3000'
const V2 = `${SITE}/wp-json/wp/v2`
const basic = (user: string) => `Basic ${Buffer.from(`${user}:tok-${user}`).toString('base64')}`

const folders: string[] = []
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true })
})

async function site() {
  const folder = await mkdtemp(join(tmpdir(), 'calfile-users-'))
  folders.push(folder)
  const file = join(folder, 'calendar.json')
  const initial = JSON.stringify({
    settings: { timezone: 'America/New_York' },
    users: siteUsers('author'),
    events: [
      { id: 5, title: 'Jazz', author: 3, start_date: '2027-01-10 10:00:00', end_date: '2027-01-10 12:00:00' },
      { id: 6, title: 'Folk', author: 2, start_date: '2027-01-11 10:00:00', end_date: '2027-01-11 12:00:00' },
    ],
  })
  const calendar = await openCalendar(file, { initial, now: () => NOW })
  const app = createApp(calendar)
  const send = async (path: string, who: string, method = 'GET', body?: unknown) => {
    const headers = { authorization: basic(who), 'content-type': 'application/json' }
    const res = await app.request(`${V2}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { res, body: await res.json() }
  }
  const stored = async () => JSON.parse(await readFile(file, 'utf8'))
  return { calendar, send, stored }
}

describe('POST, PUT and PATCH /wp-json/wp/v2/users/<id>', () => {
  it('changes the profile fields sent, keeps them in the file and answers the edit context', async () => {
    const { send, stored } = await site()
    const { res, body } = await send('/users/2', 'edna', 'PATCH', {
      name: 'Edna B',
      first_name: 'Edna',
      description: 'Runs the folk nights',
      url: 'edna.example',
      password: 'never kept',
      meta: { persisted_preferences: { core: { fixedToolbar: true } } },
    })
    expect(res.status).toBe(200)
    expect(body).toMatchObject({
      id: 2,
      username: 'edna',
      name: 'Edna B',
      first_name: 'Edna',
      last_name: '',
      url: 'http://edna.example',
      description: 'Runs the folk nights',
      nickname: 'edna',
      slug: 'edna',
      roles: ['editor'],
      meta: { persisted_preferences: { core: { fixedToolbar: true } } },
    })
    expect(body._links.self[0].targetHints.allow).toEqual(['GET', 'POST', 'PUT', 'PATCH'])
    const user = (await stored()).users[1]
    expect(user).toMatchObject({ display_name: 'Edna B', url: 'http://edna.example' })
    expect(JSON.stringify(user)).not.toContain('never kept')
    const read = await send('/users/2?context=edit', 'admin')
    expect(read.body.name).toBe('Edna B')
    expect(read.res.headers.get('allow')).toBe('GET, POST, PUT, PATCH, DELETE')
  })

  it('refuses as WordPress does, changing nothing', async () => {
    const { send, stored } = await site()
    const before = await stored()
    const cases: Array<[string, string, unknown, number, string]> = [
      ['/users/2', 'sam', { name: 'X' }, 403, 'rest_cannot_edit'],
      ['/users/3', 'sam', { roles: ['editor'] }, 403, 'rest_cannot_edit_roles'],
      ['/users/2', 'admin', { email: 'admin@example.test' }, 400, 'rest_user_invalid_email'],
      ['/users/2', 'admin', { email: 'nope' }, 400, 'rest_invalid_param'],
      ['/users/2', 'admin', { username: 'other' }, 400, 'rest_user_invalid_argument'],
      ['/users/2', 'admin', { slug: 'admin' }, 400, 'rest_user_invalid_slug'],
      ['/users/2', 'admin', { roles: ['pirate'] }, 400, 'rest_user_invalid_role'],
      ['/users/1', 'admin', { roles: ['editor'] }, 403, 'rest_user_invalid_role'],
      ['/users/99', 'admin', { name: 'X' }, 404, 'rest_user_invalid_id'],
    ]
    for (const [path, who, body, status, code] of cases) {
      const answer = await send(path, who, 'PUT', body)
      expect([answer.res.status, answer.body.code], JSON.stringify(body)).toEqual([status, code])
    }
    expect(await stored()).toEqual(before)
  })
})

describe('DELETE /wp-json/wp/v2/users/<id>', () => {
  it('needs reassign and force, and gives the posts to the user named', async () => {
    const { send, calendar } = await site()
    expect((await send('/users/3', 'admin', 'DELETE')).body.code).toBe('rest_missing_callback_param')
    expect((await send('/users/3?reassign=2', 'admin', 'DELETE')).body).toEqual({
      code: 'rest_trash_not_supported',
      message: "Users do not support trashing. Set 'force=true' to delete.",
      data: { status: 501 },
    })
    expect((await send('/users/3?reassign=3&force=true', 'admin', 'DELETE')).body.code).toBe(
      'rest_user_invalid_reassign',
    )
    expect((await send('/users/3?reassign=2&force=true', 'edna', 'DELETE')).res.status).toBe(403)
    const { res, body } = await send('/users/3?reassign=2&force=true', 'admin', 'DELETE')
    expect(res.status).toBe(200)
    expect(body).toMatchObject({ deleted: true, previous: { id: 3, username: 'sam', roles: ['author'] } })
    expect(body.previous._links).toBeUndefined()
    expect(calendar.state.users.get(3)).toBeUndefined()
    expect(calendar.state.events.get(5)?.author).toBe(2)
  })

  it('deletes their posts with them under reassign=false, and keeps the last token', async () => {
    const { send, calendar } = await site()
    await send('/users/2?reassign=false&force=true', 'admin', 'DELETE')
    expect(calendar.state.events.get(6)).toBeUndefined()
    await send('/users/3?reassign=1&force=true', 'admin', 'DELETE')
    const last = await send('/users/1?reassign=false&force=true', 'admin', 'DELETE')
    expect([last.res.status, last.body.code]).toEqual([409, 'token-last'])
  })
})

describe('escUrlRaw (esc_url_raw)', () => {
  it('reads a URL as WordPress stores it', () => {
    expect(escUrlRaw('not a url')).toBe('http://not%20a%20url')
    expect(escUrlRaw('https://example.com/a?b=1&c=2')).toBe('https://example.com/a?b=1&c=2')
    expect(escUrlRaw('/relative')).toBe('/relative')
    expect(escUrlRaw('javascript:alert(1)')).toBe('')
    expect(escUrlRaw('')).toBe('')
  })
})
