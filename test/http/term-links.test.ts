/**
 * WordPress's `_links` on the single answers of the term routes, as TEC sends them (`WP_REST_Terms_Controller::
 * prepare_links()`, `WP_REST_Server::get_compact_response_links()` and `get_target_hints_for_link()`), with
 * fixtures/resources-terms.json: categories 1 Music > 2 Jazz > 3 Bebop, 5 Sports; tags 11 outdoor, 12 family.
 */
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { fixture, open, P } from '../helpers.js'

const HOST = { host: '127.0.0.1:3000' }
const WP = 'http://127.0.0.1:3000/wp-json/wp/v2'
const EDIT = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }]

describe('the links of a term', () => {
  it('a category with a parent: self, collection, about, up, wp:post_type and curies, in that order', async () => {
    const { request } = await open(fixture('resources-terms.json'))
    const links = (await request('GET', '/categories/3', undefined, HOST)).body._links
    expect(Object.keys(links)).toEqual(['self', 'collection', 'about', 'up', 'wp:post_type', 'curies'])
    expect(links).toEqual({
      self: [{ href: `${WP}/tribe_events_cat/3`, targetHints: { allow: EDIT } }],
      collection: [{ href: `${WP}/tribe_events_cat` }],
      about: [{ href: `${WP}/taxonomies/tribe_events_cat` }],
      up: [{ embeddable: true, href: `${WP}/tribe_events_cat/2` }],
      'wp:post_type': [
        { href: `${WP}/tribe_events?tribe_events_cat=3` },
        { href: `${WP}/tec_calendar_embed?tribe_events_cat=3` },
      ],
      curies: CURIES,
    })
  })

  it('under tec_version "6.10", wp:post_type names only the post types TEC 6.10 registers the taxonomies for', async () => {
    const data = JSON.parse(fixture('resources-terms.json'))
    data.settings.tec_version = '6.10'
    const { request } = await open(data)
    expect((await request('GET', '/categories/3', undefined, HOST)).body._links['wp:post_type']).toEqual([
      { href: `${WP}/tribe_events?tribe_events_cat=3` },
    ])
    expect((await request('GET', '/tags/11', undefined, HOST)).body._links['wp:post_type']).toEqual([
      { href: `${WP}/posts?tags=11` },
      { href: `${WP}/tribe_events?tags=11` },
    ])
  })

  it('a top-level category has no up', async () => {
    const { request } = await open(fixture('resources-terms.json'))
    expect((await request('GET', '/categories/5')).body._links).not.toHaveProperty('up')
  })

  it('a tag: WordPress routes of post_tag, and the posts and events that carry it', async () => {
    const { request } = await open(fixture('resources-terms.json'))
    expect((await request('GET', '/tags/11', undefined, HOST)).body._links).toEqual({
      self: [{ href: `${WP}/tags/11`, targetHints: { allow: EDIT } }],
      collection: [{ href: `${WP}/tags` }],
      about: [{ href: `${WP}/taxonomies/post_tag` }],
      'wp:post_type': [
        { href: `${WP}/posts?tags=11` },
        { href: `${WP}/tribe_events?tags=11` },
        { href: `${WP}/tec_calendar_embed?tags=11` },
      ],
      curies: CURIES,
    })
  })

  it('under either prefix, the links point to WordPress’s routes on the API’s origin (settings.base_url when set)', async () => {
    const { request } = await open(fixture('resources-terms.json'))
    const tec = await request('GET', '/wp-json/tribe/events/v1/categories/3', undefined, HOST)
    const own = await request('GET', `${P}/categories/3`, undefined, HOST)
    expect(tec.body._links).toEqual(own.body._links)
    const data = JSON.parse(fixture('resources-terms.json'))
    data.settings.base_url = 'https://calendar.example.org'
    const based = (await (await open(data)).request('GET', '/categories/3', undefined, HOST)).body._links
    expect(based.self[0].href).toBe('https://calendar.example.org/wp-json/wp/v2/tribe_events_cat/3')
  })

  it('a create, whose Location is the self link, and an update carry them; a delete and the lists do not', async () => {
    const { request } = await open(fixture('resources-terms.json'))
    const created = await request('POST', '/categories', { name: 'Swing', parent: 2 }, HOST)
    expect(created.headers.get('location')).toBe(created.body._links.self[0].href)
    expect(created.body._links.up).toEqual([{ embeddable: true, href: `${WP}/tribe_events_cat/2` }])
    const updated = await request('PATCH', `/categories/${created.body.id}`, { parent: 0 })
    expect(updated.body._links).not.toHaveProperty('up')
    expect((await request('GET', '/categories?hide_empty=false')).body.categories[0]).not.toHaveProperty('_links')
    expect((await request('GET', '/tags?hide_empty=false')).body.tags[0]).not.toHaveProperty('_links')
    expect((await request('DELETE', `/categories/${created.body.id}`)).body).not.toHaveProperty('_links')
  })
})

describe('targetHints.allow: what WordPress’s own term route lets the viewer do', () => {
  const hash = (token: string) => createHash('sha256').update(token).digest('hex')
  const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const

  async function withUsers() {
    const data = JSON.parse(fixture('resources-terms.json'))
    data.users = ROLES.map((role, at) => ({ id: at + 1, name: role, role, token_sha256: hash(role) }))
    return (await open(data)).request
  }

  it.each([
    // Event categories: `publish_tribe_events`, which TEC gives authors too; tags: `manage_categories`.
    ['administrator', EDIT, EDIT],
    ['editor', EDIT, EDIT],
    ['author', EDIT, ['GET']],
    ['contributor', ['GET'], ['GET']],
    ['subscriber', ['GET'], ['GET']],
    ['anonymous', ['GET'], ['GET']],
  ])('%s: categories %j, tags %j', async (role, categories, tags) => {
    const request = await withUsers()
    const headers: Record<string, string> = role === 'anonymous' ? {} : { authorization: `Bearer ${role}` }
    const allow = async (path: string) => (await request('GET', path, undefined, headers)).body._links.self[0]
    expect((await allow('/categories/3')).targetHints.allow).toEqual(categories)
    expect((await allow('/tags/11')).targetHints.allow).toEqual(tags)
  })
})
