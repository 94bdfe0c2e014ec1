/**
 * The WordPress routes TEC's MCP server calls before anything else (src/http/wordpress/): the REST index
 * (`GET /wp-json/`, `WP_REST_Server::get_index()`), the `wp/v2` namespace index, the signed-in user
 * (`/wp-json/wp/v2/users/me`) and the site's settings (`/wp-json/wp/v2/settings`), as WordPress 7.0.4 (TEC 6.17.2)
 * and 6.7.1 (TEC 6.10.0) answer them. The expected bodies are the live answers of both releases (a fresh site
 * whose admin is `admin@example.test`), the origin replaced; where calfile answers otherwise on purpose (the
 * methods it serves, the site's title) the test says so.
 */
import { describe, expect, it } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { tokenHash } from '../../src/core/model/users.js'
import { createApp } from '../../src/http/app.js'
import { NOW } from '../helpers.js'
import { siteUsers } from '../wordpress-users.js'

type Json = Record<string, any>

const SITE = 'http://127.0.0.1:3000'
const LINK = `<${SITE}/wp-json/>; rel="https://api.w.org/"`

/** A calendar whose users sign in with `tok-<name>`, and an app with the WordPress routes mounted. */
async function site(settings: Json = {}, users?: Json[]) {
  const initial = JSON.stringify({
    settings: { timezone: 'America/New_York', per_page: 10, ...settings },
    users: users ?? siteUsers('subscriber', 'sam@example.test'),
  })
  const calendar = await openCalendar(null, { initial, now: () => NOW })
  const app = createApp(calendar)
  return async (path: string, who?: string, init: { method?: string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...init.headers }
    if (who === 'wrong') headers.authorization = `Basic ${Buffer.from('admin:not-the-token').toString('base64')}`
    else if (who) headers.authorization = `Basic ${Buffer.from(`${who}:tok-${who}`).toString('base64')}`
    const response = await app.request(SITE + path, { method: init.method ?? 'GET', headers })
    const text = await response.text()
    return {
      status: response.status,
      headers: response.headers,
      text,
      body: text ? (JSON.parse(text) as Json) : undefined,
    }
  }
}

const REFUSED = {
  code: 'incorrect_password',
  message: 'The provided password is an invalid application password.',
  data: { status: 401 },
}

describe('GET /wp-json/: the REST index', () => {
  it("lists the site, the namespaces calfile serves and their routes, in WordPress 7.0's order of keys", async () => {
    const request = await site()
    const { status, body, headers } = await request('/wp-json/')
    expect(status).toBe(200)
    expect(Object.keys(body ?? {})).toEqual([
      'name',
      'description',
      'url',
      'home',
      'gmt_offset',
      'timezone_string',
      'page_for_posts',
      'page_on_front',
      'show_on_front',
      'namespaces',
      'authentication',
      'routes',
      'site_logo',
      'site_icon',
      'site_icon_url',
      '_links',
    ])
    const { routes, ...rest } = body as Json
    expect(rest).toEqual({
      name: 'My Site',
      description: '',
      url: SITE,
      home: SITE,
      // 2026-07-01 in New York: daylight saving time.
      gmt_offset: -4,
      timezone_string: 'America/New_York',
      page_for_posts: 0,
      page_on_front: 0,
      show_on_front: 'posts',
      namespaces: ['tribe/events/v1', 'tec/v1', 'wp/v2'],
      authentication: {
        'application-passwords': { endpoints: { authorization: `${SITE}/wp-admin/authorize-application.php` } },
      },
      site_logo: 0,
      site_icon: 0,
      site_icon_url: '',
      _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
    })
    expect(routes['/']).toEqual({
      namespace: '',
      methods: ['GET'],
      endpoints: [{ methods: ['GET'], args: { context: { default: 'view', required: false } } }],
      _links: { self: [{ href: `${SITE}/wp-json/` }] },
    })
    expect(headers.get('link')).toBe(LINK)
    expect(headers.get('allow')).toBe('GET')
    expect(headers.get('vary')).toBe('Origin')
    expect(headers.get('access-control-allow-headers')).toBe(
      'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
    )
  })

  it("lists TEC's REST v1 routes as its namespace index does, then each namespace's in the order WordPress registers them", async () => {
    const request = await site()
    const { body } = await request('/wp-json/')
    const tribe = (await request('/wp-json/tribe/events/v1')).body as Json
    const wpV2 = (await request('/wp-json/wp/v2')).body as Json
    const tecV1 = (await request('/wp-json/tec/v1')).body as Json
    const routes = body?.routes as Json
    expect(Object.keys(routes)).toEqual([
      '/',
      ...Object.keys(tribe.routes),
      ...Object.keys(tecV1.routes),
      ...Object.keys(wpV2.routes),
    ])
    expect(Object.keys(wpV2.routes).slice(0, 4)).toEqual([
      '/wp/v2',
      '/wp/v2/users/me',
      '/wp/v2/settings',
      '/wp/v2/tribe_venue',
    ])
    for (const [route, entry] of Object.entries(tribe.routes)) expect(routes[route], route).toEqual(entry)
    for (const [route, entry] of Object.entries(wpV2.routes)) expect(routes[route], route).toEqual(entry)
    for (const [route, entry] of Object.entries(tecV1.routes)) expect(routes[route], route).toEqual(entry)
  })

  it('under TEC 6.10 (WordPress 6.7.1): no tec/v1, no front-page keys', async () => {
    const request = await site({ tec_version: '6.10' })
    const { body } = await request('/wp-json/')
    expect(body?.namespaces).toEqual(['tribe/events/v1', 'wp/v2'])
    expect(Object.keys(body?.routes).some((route) => route.startsWith('/tec/v1'))).toBe(false)
    expect(body).not.toHaveProperty('page_for_posts')
    expect(body).not.toHaveProperty('show_on_front')
    expect(Object.keys(body ?? {}).slice(4, 8)).toEqual([
      'gmt_offset',
      'timezone_string',
      'namespaces',
      'authentication',
    ])
  })

  it.each([
    ['Asia/Kolkata', 'Asia/Kolkata', 5.5],
    ['UTC', 'UTC', 0],
    // A fixed offset is kept by WordPress as `gmt_offset` alone, the text its settings page stored.
    ['UTC+5:30', '', '5.5'],
    ['UTC-5', '', '-5'],
  ])('the zone %s: timezone_string %j, gmt_offset %j', async (timezone, zone, offset) => {
    const request = await site({ timezone })
    const { body } = await request('/wp-json/')
    expect([body?.timezone_string, body?.gmt_offset]).toEqual([zone, offset])
  })

  it('url and home are the site address of the settings when set', async () => {
    const request = await site({ site_url: 'https://events.example.org/' })
    const { body } = await request('/wp-json/')
    expect([body?.url, body?.home]).toEqual(['https://events.example.org', 'https://events.example.org'])
    expect(body?.routes['/']._links.self).toEqual([{ href: `${SITE}/wp-json/` }])
  })

  it('is the same at /wp-json, signed in with the no-cache headers; HEAD without the body', async () => {
    const request = await site()
    const plain = await request('/wp-json/')
    const signedIn = await request('/wp-json', 'admin')
    expect(signedIn.body).toEqual(plain.body)
    expect(signedIn.headers.get('cache-control')).toBe('no-cache, must-revalidate, max-age=0, no-store, private')
    expect(signedIn.headers.get('vary')).toBeNull()
    const head = await request('/wp-json', undefined, { method: 'HEAD' })
    expect([head.status, head.text, head.headers.get('allow')]).toEqual([200, '', 'GET'])
  })

  it('refuses a wrong password before anything, with no Allow', async () => {
    const request = await site()
    const { status, body, headers } = await request('/wp-json/', 'wrong')
    expect([status, body]).toEqual([401, REFUSED])
    expect(headers.get('allow')).toBeNull()
    expect(headers.get('link')).toBe(LINK)
  })

  it('answers OPTIONS with its own route, as rest_handle_options_request() does', async () => {
    const request = await site()
    const { status, body } = await request('/wp-json/', undefined, { method: 'OPTIONS' })
    expect(status).toBe(200)
    expect(body).toEqual((await request('/wp-json/')).body?.routes['/'])
  })
})

describe('GET /wp-json/wp/v2: the namespace index', () => {
  it('lists the wp/v2 routes calfile serves, GET only on its own, and links up to the index', async () => {
    const request = await site()
    const { status, body, headers } = await request('/wp-json/wp/v2/')
    expect(status).toBe(200)
    // TEC's content follows (wp-v2-posts.test.ts).
    const own = ['/wp/v2', '/wp/v2/users/me', '/wp/v2/settings']
    const routes = (body as Json).routes as Json
    expect({ ...body, routes: Object.fromEntries(own.map((route) => [route, routes[route]])) }).toEqual({
      namespace: 'wp/v2',
      routes: {
        '/wp/v2': {
          namespace: 'wp/v2',
          methods: ['GET'],
          endpoints: [
            {
              methods: ['GET'],
              args: { namespace: { default: 'wp/v2', required: false }, context: { default: 'view', required: false } },
            },
          ],
          _links: { self: [{ href: `${SITE}/wp-json/wp/v2` }] },
        },
        '/wp/v2/users/me': {
          namespace: 'wp/v2',
          methods: ['GET'],
          endpoints: [
            {
              methods: ['GET'],
              args: {
                context: {
                  description: 'Scope under which the request is made; determines fields present in response.',
                  type: 'string',
                  enum: ['view', 'embed', 'edit'],
                  default: 'view',
                  required: false,
                },
              },
            },
          ],
          _links: { self: [{ href: `${SITE}/wp-json/wp/v2/users/me` }] },
        },
        '/wp/v2/settings': {
          namespace: 'wp/v2',
          methods: ['GET'],
          endpoints: [{ methods: ['GET'], args: [] }],
          _links: { self: [{ href: `${SITE}/wp-json/wp/v2/settings` }] },
        },
      },
      _links: { up: [{ href: `${SITE}/wp-json/` }] },
    })
    expect(headers.get('allow')).toBe('GET')
  })
})

/** The live answer of WordPress 7.0.4 to its admin (`view` context). */
function adminAsLive(avatar: string): Json {
  const avatarUrl = (size: number) => `https://secure.gravatar.com/avatar/${avatar}?s=${size}&d=mm&r=g`
  return {
    id: 1,
    name: 'admin',
    url: SITE,
    description: '',
    link: `${SITE}/author/admin/`,
    slug: 'admin',
    avatar_urls: { 24: avatarUrl(24), 48: avatarUrl(48), 96: avatarUrl(96) },
    meta: [],
    _links: {
      self: [
        { href: `${SITE}/wp-json/wp/v2/users/1`, targetHints: { allow: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] } },
      ],
      collection: [{ href: `${SITE}/wp-json/wp/v2/users` }],
    },
  }
}

describe('GET /wp-json/wp/v2/users/me', () => {
  it('anonymous: 401 rest_not_logged_in, Allow GET, as WordPress answers it', async () => {
    const request = await site()
    const { status, body, headers } = await request('/wp-json/wp/v2/users/me')
    expect([status, body]).toEqual([
      401,
      { code: 'rest_not_logged_in', message: 'You are not currently logged in.', data: { status: 401 } },
    ])
    expect(headers.get('allow')).toBe('GET')
    expect(headers.get('vary')).toBe('Origin')
    expect(headers.get('link')).toBe(LINK)
  })

  // The Gravatar hash of admin@example.test: SHA-256 in WordPress 7.0.4, MD5 in 6.7.1, both read from the live sites.
  it.each([
    ['6.17', 'a5f52d14c3fc8186621560096e5d59e6244a40efd78c497223a37d64a98103e3'],
    ['6.10', '51965088c5db83c3fd307f308d25198a'],
  ])('the signed-in user under TEC %s, as that release answers it', async (tec_version, avatar) => {
    const request = await site({ tec_version })
    const { status, body, headers } = await request('/wp-json/wp/v2/users/me', 'admin')
    expect(status).toBe(200)
    expect(body).toEqual(adminAsLive(avatar))
    expect(headers.get('allow')).toBe('GET')
    expect(headers.get('cache-control')).toBe('no-cache, must-revalidate, max-age=0, no-store, private')
    expect(headers.get('expires')).toBe('Wed, 11 Jan 1984 05:00:00 GMT')
  })

  it('is the same for a bearer token, and with a trailing slash', async () => {
    const request = await site()
    const bearer = await request('/wp-json/wp/v2/users/me/', undefined, {
      headers: { authorization: 'Bearer tok-admin' },
    })
    expect(bearer.body).toEqual((await request('/wp-json/wp/v2/users/me', 'admin')).body)
  })

  it('other users: no url, their own slug and link', async () => {
    const request = await site()
    const { body } = await request('/wp-json/wp/v2/users/me', 'edna')
    expect(body).toMatchObject({ id: 2, name: 'edna', url: '', link: `${SITE}/author/edna/`, slug: 'edna' })
    expect(body?.avatar_urls[24]).toBe(
      'https://secure.gravatar.com/avatar/3ad2a7a328847bbdbe857debb405e14e65b3ceed208829ad1b757e1dacc270df?s=24&d=mm&r=g',
    )
  })

  it('the edit context: the login, e-mail, locale, roles and every capability of the role, as live', async () => {
    const request = await site()
    const { body } = await request('/wp-json/wp/v2/users/me?context=edit', 'sam')
    expect(body).toEqual({
      id: 3,
      username: 'sam',
      name: 'sam',
      first_name: '',
      last_name: '',
      email: 'sam@example.test',
      url: '',
      description: '',
      link: `${SITE}/author/sam/`,
      locale: 'en_US',
      nickname: 'sam',
      slug: 'sam',
      roles: ['subscriber'],
      // WordPress's answer for a user whose registration date is unset: calfile keeps none.
      registered_date: '-001-11-30T00:00:00+00:00',
      capabilities: { read: true, level_0: true, subscriber: true },
      extra_capabilities: { subscriber: true },
      avatar_urls: expect.any(Object),
      meta: { persisted_preferences: [] },
      _links: expect.any(Object),
    })
    const admin = (await request('/wp-json/wp/v2/users/me?context=edit', 'admin')).body as Json
    expect(Object.keys(admin.capabilities)).toHaveLength(102)
    expect(Object.keys(admin.capabilities).slice(0, 3)).toEqual(['switch_themes', 'edit_themes', 'activate_plugins'])
    expect(Object.keys(admin.capabilities).slice(-3)).toEqual([
      'delete_published_aggregator-records',
      'publish_aggregator-records',
      'administrator',
    ])
    const editor = (await request('/wp-json/wp/v2/users/me?context=edit', 'edna')).body as Json
    expect(Object.keys(editor.capabilities)).toHaveLength(75)
    expect(editor.capabilities.manage_options).toBeUndefined()
    expect(editor.capabilities.edit_others_tribe_events).toBe(true)
  })

  it('the embed context has no meta', async () => {
    const request = await site()
    const { body } = await request('/wp-json/wp/v2/users/me?context=embed', 'sam')
    expect(Object.keys(body ?? {})).toEqual([
      'id',
      'name',
      'url',
      'description',
      'link',
      'slug',
      'avatar_urls',
      '_links',
    ])
  })

  it.each([
    ['context=bogus', 'rest_not_in_enum', 'context is not one of view, embed, and edit.', null],
    ['context=VIEW', 'rest_not_in_enum', 'context is not one of view, embed, and edit.', null],
    ['context=', 'rest_not_in_enum', 'context is not one of view, embed, and edit.', null],
    ['context[]=view', 'rest_invalid_type', 'context is not of type string.', { param: 'context' }],
  ])('?%s is a 400 before the sign-in is looked at', async (query, code, message, data) => {
    const request = await site()
    const { status, body, headers } = await request(`/wp-json/wp/v2/users/me?${query}`)
    expect([status, body]).toEqual([
      400,
      {
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): context',
        data: { status: 400, params: { context: message }, details: { context: { code, message, data } } },
      },
    ])
    expect(headers.get('allow')).toBe('GET')
  })

  it('a wrong password: 401 before the context is checked, no Allow', async () => {
    const request = await site()
    const { status, body, headers } = await request('/wp-json/wp/v2/users/me?context=bogus', 'wrong')
    expect([status, body]).toEqual([401, REFUSED])
    expect(headers.get('allow')).toBeNull()
  })

  it("a user without an e-mail has Gravatar's default image; a name is made a slug as WordPress makes user_nicename", async () => {
    const request = await site({}, [
      { id: 4, name: 'José María.Díaz', role: 'author', token_sha256: tokenHash('tok-x') },
    ])
    const { body } = await request('/wp-json/wp/v2/users/me', undefined, {
      headers: { authorization: 'Bearer tok-x' },
    })
    expect(body?.avatar_urls[96]).toBe('https://secure.gravatar.com/avatar/?s=96&d=mm&r=g')
    expect([body?.slug, body?.link]).toEqual(['jose-maria-diaz', `${SITE}/author/jose-maria-diaz/`])
  })

  it('in open mode every request is user 1, an administrator', async () => {
    const request = await site({}, [])
    const { status, body } = await request('/wp-json/wp/v2/users/me?context=edit')
    expect(status).toBe(200)
    expect(body).toMatchObject({ id: 1, name: 'admin', email: '', roles: ['administrator'] })
  })

  it('answers OPTIONS with its route entry and HEAD without a body', async () => {
    const request = await site()
    const options = await request('/wp-json/wp/v2/users/me', undefined, { method: 'OPTIONS' })
    expect(options.body).toEqual((await request('/wp-json/wp/v2')).body?.routes['/wp/v2/users/me'])
    expect(options.headers.get('allow')).toBe('GET')
    const head = await request('/wp-json/wp/v2/users/me', 'admin', { method: 'HEAD' })
    expect([head.status, head.text]).toEqual([200, ''])
  })
})

describe('GET /wp-json/wp/v2/settings', () => {
  it('anonymous: 401 rest_forbidden, with no Allow', async () => {
    const request = await site()
    const { status, body, headers } = await request('/wp-json/wp/v2/settings')
    expect([status, body]).toEqual([
      401,
      { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } },
    ])
    expect(headers.get('allow')).toBeNull()
    expect(headers.get('vary')).toBe('Origin')
  })

  it.each(['edna', 'sam'])('%s, who may not manage_options: 403 rest_forbidden, with no Allow', async (who) => {
    const request = await site()
    const { status, body, headers } = await request('/wp-json/wp/v2/settings', who)
    expect([status, body]).toEqual([
      403,
      { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 403 } },
    ])
    expect(headers.get('allow')).toBeNull()
  })

  it('an administrator: the settings WordPress registers, as both releases answer them (but the title)', async () => {
    for (const tec_version of ['6.17', '6.10']) {
      const request = await site({ tec_version })
      const { status, body, headers } = await request('/wp-json/wp/v2/settings', 'admin')
      expect(status).toBe(200)
      expect(body).toStrictEqual({
        title: 'My Site',
        description: '',
        url: SITE,
        email: 'admin@example.test',
        timezone: 'America/New_York',
        date_format: 'F j, Y',
        time_format: 'g:i a',
        start_of_week: 1,
        language: 'en_US',
        use_smilies: true,
        default_category: 1,
        default_post_format: '0',
        posts_per_page: 10,
        show_on_front: 'posts',
        page_on_front: 0,
        page_for_posts: 0,
        default_ping_status: 'open',
        default_comment_status: 'open',
        site_logo: null,
        site_icon: 0,
      })
      expect(headers.get('allow')).toBe('GET')
    }
  })

  it("the page size is settings.per_page; without user 1's e-mail, WordPress's install default", async () => {
    const request = await site({ per_page: 6, timezone: 'UTC+5:30' }, [
      { id: 1, name: 'admin', role: 'administrator', token_sha256: tokenHash('tok-admin') },
    ])
    const { body } = await request('/wp-json/wp/v2/settings', 'admin')
    expect(body).toMatchObject({ posts_per_page: 6, email: 'you@example.com', timezone: '' })
  })

  it('a wrong password: 401 before the permission', async () => {
    const request = await site()
    const { status, body } = await request('/wp-json/wp/v2/settings', 'wrong')
    expect([status, body]).toEqual([401, REFUSED])
  })

  it('OPTIONS: the route entry, Allow only for those who may read it', async () => {
    const request = await site()
    const anonymous = await request('/wp-json/wp/v2/settings', undefined, { method: 'OPTIONS' })
    const admin = await request('/wp-json/wp/v2/settings', 'admin', { method: 'OPTIONS' })
    expect(anonymous.body).toEqual(admin.body)
    expect(admin.body?.endpoints).toEqual([{ methods: ['GET'], args: [] }])
    expect([anonymous.headers.get('allow'), admin.headers.get('allow')]).toEqual([null, 'GET'])
  })
})
