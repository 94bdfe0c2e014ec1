/**
 * docs/auth.md, application passwords: WordPress clients (and `curl -u user:password`) send
 * `Authorization: Basic base64(<user>:<password>)` (RFC 7617). calfile takes a user's token as the password, the
 * user named by name or ID. Wrong Basic credentials — an unknown user, a wrong token, another user's token — are a
 * 401 on reads too, with WordPress's codes and messages; credentials WordPress does not read (bad base64, no colon,
 * no password) leave the request anonymous, as WordPress does.
 *
 * fixtures/auth-roles.json (see auth-writes.test.ts): tokens `tok-<role>` (ben's `tok-author-ben`); users 1 admin,
 * 2 edna (editor), 3 ana (author), 4 ben (author), 5 cai (contributor), 6 noah (editor, no token), 7 sam
 * (subscriber). Event ID = 1000 + 10 × user + status index (publish, future, draft, pending, private, trash).
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { tokenHash } from '../../src/core/model/users.js'
import { fixture, open } from '../helpers.js'

type Json = Record<string, any>
type Opened = Awaited<ReturnType<typeof open>>

let request: Opened['request']

beforeEach(async () => {
  ;({ request } = await open(fixture('auth-roles.json')))
})

/** The header `curl -u <user>:<password>` sends: base64 of the UTF-8 bytes, padded. */
function basic(user: string, password: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}` }
}

const ADMIN_DRAFT = 1012
const EDNA_DRAFT = 1022
const ANA_DRAFT = 1032
const EVENT = {
  title: 'Sent with an application password',
  start_date: '2026-08-01 10:00:00',
  end_date: '2026-08-01 11:00:00',
}

describe('right Basic credentials act as the user', () => {
  it('reads: the user name or ID with its token sees what a Bearer token sees', async () => {
    for (const headers of [
      basic('admin', 'tok-admin'),
      basic('1', 'tok-admin'),
      { authorization: 'Bearer tok-admin' },
    ]) {
      expect((await request('GET', `/events/${ADMIN_DRAFT}`, undefined, headers)).status).toBe(200)
      const drafts = await request('GET', '/events?status=draft&per_page=50', undefined, headers)
      expect(drafts.status).toBe(200)
      expect(drafts.body.events.map((e: Json) => e.id)).toContain(EDNA_DRAFT)
    }
  })

  it('writes: create, update and delete, by name and by ID', async () => {
    for (const headers of [basic('edna', 'tok-editor'), basic('2', 'tok-editor')]) {
      const created = await request('POST', '/events', EVENT, headers)
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      expect(created.body.author).toBe('2')
      expect((await request('PATCH', `/events/${created.body.id}`, { title: 'Renamed' }, headers)).body.title).toBe(
        'Renamed',
      )
      expect((await request('DELETE', `/events/${created.body.id}`, undefined, headers)).body.status).toBe('trash')
      expect((await request('POST', '/categories', { name: `Basic ${headers.authorization}` }, headers)).status).toBe(
        201,
      )
    }
  })

  it("the role is the user's: a subscriber by Basic is a 403 on writes, not a 401", async () => {
    const response = await request('POST', '/events', EVENT, basic('sam', 'tok-subscriber'))
    expect(response.status).toBe(403)
    expect(response.body.code).toBe('rest_forbidden')
  })

  it('the scheme is case-insensitive, base64 padding may be left out, and the password may hold colons', async () => {
    const encoded = Buffer.from('ana:tok-author').toString('base64')
    expect(encoded).toMatch(/=$/u)
    for (const authorization of [
      `basic ${encoded}`,
      `BASIC ${encoded}`,
      `Basic ${encoded.replace(/=+$/u, '')}`,
      `Basic  ${encoded} `,
    ]) {
      expect((await request('GET', `/events/${ANA_DRAFT}`, undefined, { authorization })).status, authorization).toBe(
        200,
      )
    }
    const withColon = await open({
      users: [{ id: 1, name: 'admin', role: 'administrator', token_sha256: tokenHash('a:b:c') }],
    })
    expect((await withColon.request('POST', '/tags', { name: 'colons' }, basic('admin', 'a:b:c'))).status).toBe(201)
  })

  it('a user name in UTF-8 (RFC 7617 charset)', async () => {
    const zoe = await open({
      users: [{ id: 1, name: 'zoë', role: 'administrator', token_sha256: tokenHash('tok-zoë') }],
    })
    expect((await zoe.request('POST', '/tags', { name: 'umlaut' }, basic('zoë', 'tok-zoë'))).status).toBe(201)
  })
})

describe("wrong Basic credentials are a 401 in WordPress's words, on reads as on writes", () => {
  // wp_authenticate_application_password(): an unknown name, then a password that is not the user's token.
  const WRONG: Array<[string, Record<string, string>, string]> = [
    ['an unknown user', basic('nobody', 'tok-admin'), 'invalid_username'],
    ['an unknown user ID', basic('99', 'tok-admin'), 'invalid_username'],
    ['an unknown e-mail address', basic('nobody@example.com', 'tok-admin'), 'invalid_email'],
    ['an empty user', basic('', 'tok-admin'), 'invalid_username'],
    [
      'bytes that are not UTF-8',
      { authorization: `Basic ${Buffer.from([0xff, 0x3a, 0x61]).toString('base64')}` },
      'invalid_username',
    ],
    ['a wrong token', basic('admin', 'wrong'), 'incorrect_password'],
    ['the token of another user', basic('edna', 'tok-admin'), 'incorrect_password'],
    ['the token of another user, by ID', basic('2', 'tok-admin'), 'incorrect_password'],
    ['a user without a token', basic('noah', 'tok-admin'), 'incorrect_password'],
  ]

  for (const [what, headers, code] of WRONG) {
    it(`${what} → 401 ${code}`, async () => {
      for (const [method, path, body] of [
        ['GET', '/events'],
        ['GET', '/events/1010'],
        ['GET', '/categories'],
        ['POST', '/events', EVENT],
        ['DELETE', '/events/1010'],
      ] as const) {
        const response = await request(method, path, body, headers)
        expect(response.status, JSON.stringify(response.body)).toBe(401)
        expect(response.body.code).toBe(code)
      }
    })
  }

  it("the messages are WordPress's", async () => {
    const unknownUser = await request('GET', '/events', undefined, basic('nobody', 'tok-admin'))
    const wrongPassword = await request('GET', '/events', undefined, basic('admin', 'nope'))
    expect(unknownUser.body.message).toBe(
      '<strong>Error:</strong> Unknown username. Check again or try your email address.',
    )
    expect(wrongPassword.body.message).toBe('The provided password is an invalid application password.')
  })

  // WordPress reads Basic credentials only when PHP gives it both a user and a password.
  const UNREAD: Array<[string, Record<string, string>]> = [
    ['no colon', { authorization: `Basic ${Buffer.from('admin').toString('base64')}` }],
    ['bad base64', { authorization: 'Basic !!not-base64!!' }],
    ['base64 of an impossible length', { authorization: 'Basic YWRtaW46d' }],
    ['no credentials at all', { authorization: 'Basic' }],
    ['an empty password', basic('noah', '')],
  ]

  for (const [what, headers] of UNREAD) {
    it(`${what}: not read, the request is anonymous`, async () => {
      expect((await request('GET', '/events/1010', undefined, headers)).status).toBe(200)
      expect((await request('GET', `/events/${ADMIN_DRAFT}`, undefined, headers)).status).toBe(403)
      const created = await request('POST', '/events', EVENT, headers)
      expect(created.status).toBe(401)
      expect(created.body.message).toBe('Sorry, you are not allowed to do that.')
    })
  }

  it('only the first word after the scheme is read, as PHP reads it', async () => {
    const authorization = `Basic ${Buffer.from('admin:tok-admin').toString('base64')} extra`
    expect((await request('GET', `/events/${ADMIN_DRAFT}`, undefined, { authorization })).status).toBe(200)
  })

  // WP_REST_Server::serve_request() runs check_authentication() before it dispatches the request.
  it('they are refused before the route and its parameters: a bad per_page or an unknown path is a 401 too', async () => {
    for (const path of ['/events?per_page=0', '/categories?per_page=abc', '/nowhere']) {
      const response = await request('GET', path, undefined, basic('admin', 'wrong'))
      expect(response.status, path).toBe(401)
      expect(response.body.code).toBe('incorrect_password')
    }
    const unknownUser = await request('POST', '/events', '{"broken', basic('nobody', 'tok-admin'))
    expect(unknownUser.status).toBe(401)
    expect(unknownUser.body.code).toBe('invalid_username')
  })

  it('another scheme is not read: anonymous, as before', async () => {
    const response = await request('GET', `/events/${ADMIN_DRAFT}`, undefined, {
      authorization: 'Digest username="admin"',
    })
    expect(response.status).toBe(403)
    expect(response.body.code).toBe('event-not-accessible')
  })
})

describe('open mode ignores Basic credentials too (CONTRACT §6)', () => {
  it('any Basic header acts as user 1', async () => {
    const opened = await open(fixture('auth-open.json'))
    const created = await opened.request('POST', '/events', EVENT, basic('nobody', 'whatever'))
    expect(created.status).toBe(201)
    expect(created.body.author).toBe('1')
  })
})
