/**
 * docs/auth.md, reads: who sees which status on single routes and in lists, the `status` list parameter, Bearer
 * tokens (a wrong one is a 401 even on reads), and terms (managed by editors and administrators only).
 *
 * fixtures/auth-roles.json (see auth-writes.test.ts): tokens `tok-<role>`; users 1 admin, 2 editor, 3 author,
 * 4 author ben, 5 contributor, 7 subscriber each own one event / venue / organizer of every status, ID =
 * 1000 / 2000 / 3000 + 10 × user + index of the status in STATUSES.
 */
import { createHash } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import type { TecVersion } from '../../src/core/resources/tec-versions.js'
import { fixture, open } from '../helpers.js'

type Json = Record<string, any>
type Opened = Awaited<ReturnType<typeof open>>

const STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash'] as const
type Status = (typeof STATUSES)[number]
const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const
type Role = (typeof ROLES)[number]
type Requester = Role | 'anonymous'

const TOKEN: Record<Role, string> = {
  administrator: 'tok-admin',
  editor: 'tok-editor',
  author: 'tok-author',
  contributor: 'tok-contributor',
  subscriber: 'tok-subscriber',
}
const USER_ID: Record<Role, number> = { administrator: 1, editor: 2, author: 3, contributor: 5, subscriber: 7 }
const OWNERS = [1, 2, 3, 4, 5, 7]
const OTHER_USER = 4

const KINDS = [
  { route: 'events', kind: 'event', base: 1000 },
  { route: 'venues', kind: 'venue', base: 2000 },
  { route: 'organizers', kind: 'organizer', base: 3000 },
] as const
type Kind = (typeof KINDS)[number]

let request: Opened['request']

beforeEach(async () => {
  ;({ request } = await open(fixture('auth-roles.json')))
})

/** fixtures/auth-roles.json answering as the given TEC release. */
async function site(version: TecVersion) {
  const data = JSON.parse(fixture('auth-roles.json'))
  data.settings.tec_version = version
  return (await open(data)).request
}

function headers(who: Requester | 'wrong token'): Record<string, string> {
  if (who === 'anonymous') return {}
  if (who === 'wrong token') return { authorization: 'Bearer tok-nobody' }
  return { authorization: `Bearer ${TOKEN[who]}` }
}

const idOf = (kind: Kind, owner: number, status: Status) => kind.base + owner * 10 + STATUSES.indexOf(status)

/** Every fixture ID of `kind` whose status is one of `statuses`, ascending. */
function idsWith(kind: Kind, statuses: readonly Status[]): number[] {
  return OWNERS.flatMap((owner) => statuses.map((status) => idOf(kind, owner, status))).sort((a, b) => a - b)
}

async function listIds(kind: Kind, query: string, who: Requester | 'wrong token') {
  const response = await request('GET', `/${kind.route}?per_page=50${query}`, undefined, headers(who))
  const ids =
    response.status === 200
      ? (response.body[kind.route] as Json[]).map((record) => record.id as number).sort((a, b) => a - b)
      : []
  return { ...response, ids }
}

function expectCode(response: { status: number; body: Json }, status: number, code: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status)
  expect(response.body.code).toBe(code)
  expect(response.body.data.status).toBe(status)
}

/**
 * What a single GET answers (docs/errors.md, docs/auth.md, and TEC's `Single_Event::get()`: `publish` or WordPress's
 * `read_post`, which lets an owner read their own non-public post, trashed ones included, and needs
 * `read_private_posts` or `edit_post` for anyone else's). Where trashed records are gone (TEC 6.17's events,
 * `Single_Event::validate_event_accessible`), a trashed one is refused to every reader, administrators included.
 */
function singleRead(
  who: Requester,
  own: boolean,
  status: Status,
  trashedGone: boolean,
): 200 | 'not-accessible' | 'no-longer-available' {
  if (status === 'trash' && trashedGone) return 'no-longer-available'
  if (status === 'publish') return 200
  if (who === 'administrator' || who === 'editor') return 200
  if (who === 'anonymous') return 'not-accessible'
  return own ? 200 : 'not-accessible'
}

describe.each(KINDS)('GET /$route/{id} by role, ownership and status (CONTRACT §5, §6)', (kind) => {
  const cases: Array<{ who: Requester; own: boolean }> = [
    ...ROLES.filter((who) => who !== 'subscriber').flatMap((who) => [
      { who, own: true },
      { who, own: false },
    ]),
    { who: 'subscriber', own: false },
    { who: 'anonymous', own: false },
  ]
  // The releases differ on trashed events alone (docs/tec-parity.md#versions); venues and organizers read alike.
  const versions: TecVersion[] = kind.kind === 'event' ? ['6.17', '6.10'] : ['6.17']
  for (const { who, own } of cases) {
    const owner = own ? USER_ID[who as Role] : OTHER_USER
    for (const version of versions) {
      for (const status of STATUSES) {
        const outcome = singleRead(who, own, status, kind.kind === 'event' && version === '6.17')
        const label = outcome === 200 ? '200' : `403 ${kind.kind}-${outcome}`
        const under = versions.length > 1 ? ` under ${version}` : ''
        it(`${who} reads ${own ? 'own' : "another user's"} ${status} ${kind.kind}${under} → ${label}`, async () => {
          const id = idOf(kind, owner, status)
          const ask = version === '6.17' ? request : await site(version)
          const response = await ask('GET', `/${kind.route}/${id}`, undefined, headers(who))
          if (outcome === 200) {
            expect(response.status, JSON.stringify(response.body)).toBe(200)
            expect(response.body.id).toBe(id)
            expect(response.body.status).toBe(status)
          } else {
            expectCode(response, 403, `${kind.kind}-${outcome}`)
          }
        })
      }
    }
  }

  it(`the by-slug route applies the same rule: anonymous → 403 ${kind.kind}-not-accessible for a draft`, async () => {
    const id = idOf(kind, OTHER_USER, 'draft')
    // A draft event has no slug until it is given one (wp_insert_post()), and no slug is not found by slug.
    const named = { slug: 'named-draft', status: 'draft' }
    if (kind.kind === 'event') await request('PATCH', `/events/${id}`, named, headers('editor'))
    const slug = (await request('GET', `/${kind.route}/${id}`, undefined, headers('editor'))).body.slug as string
    expectCode(await request('GET', `/${kind.route}/by-slug/${slug}`), 403, `${kind.kind}-not-accessible`)
    expect((await request('GET', `/${kind.route}/by-slug/${slug}`, undefined, headers('editor'))).status).toBe(200)
  })

  // Contract silent on a subscriber who owns a record (a demoted author, or a hand edit); WordPress's
  // map_meta_cap('read_post') gives the owner of a non-public post the plain `read` capability, which
  // subscribers have, and TEC's single routes check `read_post`.
  it(`a subscriber reads their own draft ${kind.kind} (WordPress read_post: owners read their own posts)`, async () => {
    const response = await request(
      'GET',
      `/${kind.route}/${idOf(kind, USER_ID.subscriber, 'draft')}`,
      undefined,
      headers('subscriber'),
    )
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    expect(response.body.status).toBe('draft')
  })
})

describe.each(KINDS)('GET /$route: which statuses a list shows (CONTRACT §6)', (kind) => {
  it('anonymous: publish only, and the totals count only those', async () => {
    const list = await listIds(kind, '', 'anonymous')
    expect(list.status).toBe(200)
    expect(list.ids).toEqual(idsWith(kind, ['publish']))
    expect(list.body.total).toBe(OWNERS.length)
    expect(list.headers.get('x-tec-total')).toBe(String(OWNERS.length))
  })

  it('anonymous asking for status=publish is a 200; for any other status a 400 rest_invalid_param', async () => {
    expect((await listIds(kind, '&status=publish', 'anonymous')).ids).toEqual(idsWith(kind, ['publish']))
    for (const query of [
      '&status=draft',
      '&status=publish,pending',
      '&status[]=private',
      '&status=trash',
      '&status=future',
    ]) {
      const response = await listIds(kind, query, 'anonymous')
      expectCode(response, 400, 'rest_invalid_param')
      expect(Object.keys(response.body.data.params)).toEqual(['status'])
    }
  })

  // Contract silent on subscribers' lists; TEC's Archive_Base::filter_post_status_list() treats every user without
  // `edit_posts` as it treats anonymous requests: publish only, any other status refused (400).
  it('subscriber (no edit_posts, as in TEC): publish only; another status is a 400', async () => {
    expect((await listIds(kind, '', 'subscriber')).ids).toEqual(idsWith(kind, ['publish']))
    expectCode(await listIds(kind, '&status=draft', 'subscriber'), 400, 'rest_invalid_param')
  })

  for (const who of ['editor', 'administrator'] as const) {
    it(`${who}: without status every status but trash`, async () => {
      const list = await listIds(kind, '', who)
      expect(list.status).toBe(200)
      expect(list.ids).toEqual(idsWith(kind, ['publish', 'future', 'draft', 'pending', 'private']))
      expect(list.body.total).toBe(OWNERS.length * 5)
    })
  }

  it('editor: status as CSV, as a bracket array and repeated, trash only when asked', async () => {
    expect((await listIds(kind, '&status=draft,pending', 'editor')).ids).toEqual(idsWith(kind, ['draft', 'pending']))
    expect((await listIds(kind, '&status[]=private&status[]=trash', 'editor')).ids).toEqual(
      idsWith(kind, ['private', 'trash']),
    )
    expect((await listIds(kind, '&status=trash', 'editor')).ids).toEqual(idsWith(kind, ['trash']))
    expect((await listIds(kind, '&status=future', 'administrator')).ids).toEqual(idsWith(kind, ['future']))
    expect((await listIds(kind, `&status=${STATUSES.join(',')}`, 'administrator')).ids).toEqual(idsWith(kind, STATUSES))
  })

  it('an unknown status is a 400 rest_invalid_param naming status, for everyone', async () => {
    for (const who of ['editor', 'administrator', 'anonymous', 'author'] as const) {
      for (const query of ['&status=bogus', '&status=publish,bogus', '&status[]=draft&status[]=nope']) {
        const response = await listIds(kind, query, who)
        expectCode(response, 400, 'rest_invalid_param')
        expect(response.body.data.params).toHaveProperty('status')
      }
    }
  })
})

describe('Bearer tokens (CONTRACT §6)', () => {
  const reads = [
    '/events',
    '/events/1010',
    '/events/by-slug/event-1-publish',
    '/venues',
    '/venues/2010',
    '/organizers',
    '/organizers/3010',
    '/categories',
    '/categories/1',
    '/tags',
    '/tags/3',
  ]

  it('a wrong token is a 401 rest_forbidden even on reads of published records and terms', async () => {
    for (const path of reads) {
      const response = await request('GET', path, undefined, headers('wrong token'))
      expectCode(response, 401, 'rest_forbidden')
    }
  })

  it('the same reads succeed anonymously and with a valid token', async () => {
    for (const path of reads) {
      expect((await request('GET', path)).status, path).toBe(200)
      expect((await request('GET', path, undefined, headers('subscriber'))).status, path).toBe(200)
    }
  })

  it('the stored hash itself, or a known token in another case or cut short, is a 401', async () => {
    const storedHash = createHash('sha256').update('tok-admin').digest('hex')
    for (const token of [storedHash, 'TOK-ADMIN', 'tok-admi', 'tok-admin-']) {
      expectCode(
        await request('GET', '/events', undefined, { authorization: `Bearer ${token}` }),
        401,
        'rest_forbidden',
      )
    }
  })

  it('the scheme is case-insensitive (RFC 7235): "bearer <token>" authenticates', async () => {
    const list = await request('GET', '/events?status=draft&per_page=50', undefined, {
      authorization: 'bearer tok-editor',
    })
    expect(list.status).toBe(200)
    expect(list.body.total).toBe(OWNERS.length)
  })

  it('each token acts as its own user: the author of a created event is the token holder', async () => {
    for (const who of ['administrator', 'editor', 'author', 'contributor'] as const) {
      const response = await request(
        'POST',
        '/events',
        { title: `By ${who}`, start_date: '2026-08-01 10:00:00', end_date: '2026-08-01 11:00:00' },
        headers(who),
      )
      expect(response.status).toBe(201)
      expect(response.body.author).toBe(String(USER_ID[who]))
    }
    const ben = await request(
      'POST',
      '/events',
      { title: 'By ben', start_date: '2026-08-01 10:00:00', end_date: '2026-08-01 11:00:00' },
      { authorization: 'Bearer tok-author-ben' },
    )
    expect(ben.body.author).toBe('4')
  })

  it('another auth scheme is not a token: the request is anonymous (reads publish, writes 401)', async () => {
    // Basic is a token too (application passwords, docs/auth.md): see auth-basic.test.ts.
    const digest = { authorization: 'Digest username="admin", realm="calfile", nonce="x", uri="/", response="y"' }
    expect((await request('GET', '/events/1010', undefined, digest)).status).toBe(200)
    expectCode(await request('GET', '/events/1012', undefined, digest), 403, 'event-not-accessible')
    expectCode(await request('POST', '/categories', { name: 'Nope' }, digest), 401, 'rest_forbidden')
  })
})

describe('terms: editors and administrators manage them (CONTRACT §6)', () => {
  const requesters = [...ROLES, 'anonymous', 'wrong token'] as const
  type TermRequester = (typeof requesters)[number]

  function termOutcome(who: TermRequester): true | 401 | 403 {
    if (who === 'administrator' || who === 'editor') return true
    return who === 'anonymous' || who === 'wrong token' ? 401 : 403
  }

  for (const [route, existing] of [
    ['categories', 1],
    ['tags', 3],
  ] as const) {
    for (const who of requesters) {
      const outcome = termOutcome(who)
      const label = (ok: number) => (outcome === true ? String(ok) : `${outcome} rest_forbidden`)

      it(`${who} creates a ${route === 'tags' ? 'tag' : 'category'} → ${label(201)}`, async () => {
        const response = await request('POST', `/${route}`, { name: `New ${who}` }, headers(who))
        if (outcome === true) {
          expect(response.status, JSON.stringify(response.body)).toBe(201)
          expect(response.body.name).toBe(`New ${who}`)
        } else {
          expectCode(response, outcome, 'rest_forbidden')
          const list = await request('GET', `/${route}?hide_empty=false&search=${encodeURIComponent(`New ${who}`)}`)
          expect(list.body.total).toBe(0)
        }
      })

      it(`${who} updates a ${route === 'tags' ? 'tag' : 'category'} → ${label(200)}`, async () => {
        const response = await request('PATCH', `/${route}/${existing}`, { description: `By ${who}` }, headers(who))
        const after = await request('GET', `/${route}/${existing}`)
        if (outcome === true) {
          expect(response.status, JSON.stringify(response.body)).toBe(200)
          expect(after.body.description).toBe(`By ${who}`)
        } else {
          expectCode(response, outcome, 'rest_forbidden')
          expect(after.body.description).toBe('')
        }
      })

      it(`${who} deletes a ${route === 'tags' ? 'tag' : 'category'} → ${label(200)}`, async () => {
        const response = await request('DELETE', `/${route}/${existing}`, undefined, headers(who))
        const after = await request('GET', `/${route}/${existing}`)
        if (outcome === true) {
          expect(response.status, JSON.stringify(response.body)).toBe(200)
          expect(response.body.id).toBe(existing)
          // an unknown term ID is TEC's 400 rest_invalid_param
          expect(after.status).toBe(400)
        } else {
          expectCode(response, outcome, 'rest_forbidden')
          expect(after.status).toBe(200)
        }
      })
    }
  }

  it('everyone reads terms: anonymous and subscriber lists and single terms are 200', async () => {
    for (const who of ['anonymous', 'subscriber', 'contributor'] as const) {
      for (const path of ['/categories', '/categories/1', '/categories/2', '/tags', '/tags/3']) {
        expect((await request('GET', path, undefined, headers(who))).status, `${who} ${path}`).toBe(200)
      }
    }
  })
})
