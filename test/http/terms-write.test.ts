/**
 * Category and tag single routes: docs/responses.md#categories-and-tags (keys in order, count of publish events, url,
 * urls with `up` only under a parent), docs/writes.md (name required and not empty, term_exists, duplicate_term_slug,
 * parent checks, partial update) and docs/errors.md (DELETE is permanent, answers the term as it was, removes it from
 * events, children take its parent; 404 codes), with fixtures/resources-terms.json.
 *
 * Categories: 1 Music > 2 Jazz > 3 Bebop > 4 Hard Bop; 1 Music > 7 Rock, 8 Zydeco; 5 Sports; 6 Empty.
 * Tags: 11 outdoor, 12 family, 13 Late night, 14 Accessible (slug step-free).
 */
import { createHash } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { expectError, expectInvalid, expectValidFile } from '../expect.js'
import { fixture, open, P } from '../helpers.js'

type Json = Record<string, any>
type Opened = Awaited<ReturnType<typeof open>>

const HOST = { host: '127.0.0.1:3000' }
const ORIGIN = 'http://127.0.0.1:3000'
const BASE = `${ORIGIN}${P}`
const LOCAL_BASE = `http://localhost${P}`

const CATEGORY_KEYS = ['id', 'count', 'description', 'name', 'slug', 'taxonomy', 'parent', 'meta', 'url', 'urls']
const TAG_KEYS = ['id', 'count', 'description', 'name', 'slug', 'taxonomy', 'meta', 'url', 'urls']
/** WordPress's `_links`, last in the single answers (read, create, update): see test/http/term-links.test.ts. */
const LINKS = '_links'

let calendar: Opened['calendar']
let request: Opened['request']

beforeEach(async () => {
  ;({ calendar, request } = await open(fixture('resources-terms.json')))
})

describe('term shape (CONTRACT §2.4)', () => {
  it('a category with a parent: every key in order, urls with up', async () => {
    const response = await request('GET', '/categories/3', undefined, HOST)
    expect(response.status).toBe(200)
    expect(Object.keys(response.body)).toEqual([...CATEGORY_KEYS, LINKS])
    expect({ ...response.body, _links: undefined }).toEqual({
      id: 3,
      count: 1,
      description: 'Fast jazz',
      name: 'Bebop',
      slug: 'bebop',
      taxonomy: 'tribe_events_cat',
      parent: 2,
      meta: [],
      url: `${ORIGIN}/events/category/music/jazz/bebop/`,
      urls: { self: `${BASE}/categories/3`, collection: `${BASE}/categories`, up: `${BASE}/categories/2` },
    })
    expect(Object.keys(response.body.urls)).toEqual(['self', 'collection', 'up'])
  })

  it('a top-level category: parent 0 and no urls.up', async () => {
    const body = (await request('GET', '/categories/5', undefined, HOST)).body
    expect(body.parent).toBe(0)
    expect(body.urls).toEqual({ self: `${BASE}/categories/5`, collection: `${BASE}/categories` })
  })

  it('a tag: no parent key, taxonomy post_tag, url <site>/tag/<slug>/', async () => {
    const response = await request('GET', '/tags/11', undefined, HOST)
    expect(Object.keys(response.body)).toEqual([...TAG_KEYS, LINKS])
    expect({ ...response.body, _links: undefined }).toEqual({
      id: 11,
      count: 2,
      description: 'Open air',
      name: 'outdoor',
      slug: 'outdoor',
      taxonomy: 'post_tag',
      meta: [],
      url: `${ORIGIN}/tag/outdoor/`,
      urls: { self: `${BASE}/tags/11`, collection: `${BASE}/tags` },
    })
  })

  it.each([
    ['categories', 1, 0, 'Music: its only event is a draft'],
    ['categories', 2, 2, 'Jazz: 401 and 403'],
    ['categories', 5, 1, 'Sports: 404 (406 is trashed)'],
    ['categories', 6, 0, 'Empty: its only event is private'],
    ['categories', 7, 3, 'Rock: 401, 403, 404'],
    ['tags', 12, 3, 'family: 402, 403, 404'],
    ['tags', 13, 0, 'Late night: draft only'],
    ['tags', 14, 0, 'Accessible: none'],
  ])('count = number of publish events carrying the term: /%s/%i → %i (%s)', async (route, id, count) => {
    expect((await request('GET', `/${route}/${id}`)).body.count).toBe(count)
  })

  it('count follows the events: publishing a draft, trashing an event', async () => {
    await request('PATCH', '/events/405', { status: 'publish' })
    expect((await request('GET', '/categories/1')).body.count).toBe(1)
    expect((await request('GET', '/tags/13')).body.count).toBe(1)
    await request('DELETE', '/events/404')
    expect((await request('GET', '/categories/7')).body.count).toBe(2)
  })

  it('settings.site_url is the base of url; urls keep the request origin', async () => {
    const data = JSON.parse(fixture('resources-terms.json'))
    data.settings.site_url = 'https://example.org/site'
    const { request: site } = await open(data)
    const category = (await site('GET', '/categories/2', undefined, HOST)).body
    expect(category.url).toBe('https://example.org/site/events/category/music/jazz/')
    expect(category.urls.self).toBe(`${BASE}/categories/2`)
    expect((await site('GET', '/tags/12')).body.url).toBe('https://example.org/site/tag/family/')
  })

  it("TEC's prefix: urls use it", async () => {
    const body = (await request('GET', '/wp-json/tribe/events/v1/categories/3')).body
    expect(body.urls.self).toBe('http://localhost/wp-json/tribe/events/v1/categories/3')
    expect(body.urls.up).toBe('http://localhost/wp-json/tribe/events/v1/categories/2')
  })
})

describe('term errors (CONTRACT §5)', () => {
  it('unknown ID: 400 rest_invalid_param / rest-tag-not-found', async () => {
    expectError(await request('GET', '/categories/999'), 400, 'rest_invalid_param')
    expectError(await request('GET', '/tags/999'), 400, 'rest_invalid_param')
  })

  it("the other taxonomy's ID is unknown here", async () => {
    expectError(await request('GET', '/categories/11'), 400, 'rest_invalid_param')
    expectError(await request('GET', '/tags/2'), 400, 'rest_invalid_param')
  })

  it('unknown ID on update and delete: 404', async () => {
    for (const method of ['POST', 'PUT', 'PATCH']) {
      expectError(await request(method, '/categories/999', { description: 'x' }), 400, 'rest_invalid_param')
      expectError(await request(method, '/tags/999', { description: 'x' }), 400, 'rest_invalid_param')
    }
    expectError(await request('DELETE', '/categories/999'), 400, 'rest_invalid_param')
    expectError(await request('DELETE', '/tags/999'), 400, 'rest_invalid_param')
  })

  it('IDs are digits only; terms have no by-slug route', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      expectError(await request(method, '/categories/jazz'), 404, 'rest_no_route')
      expectError(await request(method, '/tags/outdoor'), 404, 'rest_no_route')
    }
    expectError(await request('GET', '/categories/by-slug/jazz'), 404, 'rest_no_route')
  })
})

describe('POST /categories and /tags: create (CONTRACT §3)', () => {
  it('201 with the category and a Location header; ID from the term space (1 + the largest)', async () => {
    const response = await request(
      'POST',
      '/categories',
      { name: 'Swing', description: 'Dance music', parent: 2 },
      HOST,
    )
    expect(response.status).toBe(201)
    expect({ ...response.body, _links: undefined }).toEqual({
      id: 15,
      count: 0,
      description: 'Dance music',
      name: 'Swing',
      slug: 'swing',
      taxonomy: 'tribe_events_cat',
      parent: 2,
      meta: [],
      url: `${ORIGIN}/events/category/music/jazz/swing/`,
      urls: { self: `${BASE}/categories/15`, collection: `${BASE}/categories`, up: `${BASE}/categories/2` },
    })
    // TEC points Location at WordPress's own term route
    expect(response.headers.get('location')).toBe(`${ORIGIN}/wp-json/wp/v2/tribe_events_cat/15`)
    expect((await request('GET', '/categories/15')).body.name).toBe('Swing')
  })

  it('a tag: 201, slug from the name, no parent (a parent given is ignored)', async () => {
    const response = await request('POST', '/tags', { name: 'Free Entry Day', parent: 2 })
    expect(response.status).toBe(201)
    expect(Object.keys(response.body)).toEqual([...TAG_KEYS, LINKS])
    expect(response.body.slug).toBe('free-entry-day')
    expect(response.body.taxonomy).toBe('post_tag')
    expect(response.headers.get('location')).toBe(`http://localhost/wp-json/wp/v2/tags/${response.body.id}`)
  })

  it('a category without parent is top-level; accents are folded in the slug', async () => {
    const response = await request('POST', '/categories', { name: 'Théâtre Forêt' })
    expect(response.body.parent).toBe(0)
    expect(response.body.slug).toBe('theatre-foret')
    expect(response.body.urls).not.toHaveProperty('up')
  })

  it('an explicit free slug is kept', async () => {
    expect((await request('POST', '/categories', { name: 'Blues', slug: 'the-blues' })).body.slug).toBe('the-blues')
    expect((await request('POST', '/tags', { name: 'Jazz tag', slug: 'jazz' })).body.slug).toBe('jazz')
  })

  it('form-urlencoded bodies are accepted', async () => {
    const response = await request('POST', '/categories', 'name=Folk&parent=1', {
      'content-type': 'application/x-www-form-urlencoded',
    })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({ name: 'Folk', parent: 1, slug: 'folk' })
  })

  it('missing name: 400 rest_missing_callback_param with data.params ["name"]', async () => {
    for (const route of ['/categories', '/tags']) {
      const response = await request('POST', route, { description: 'no name' })
      expectError(response, 400, 'rest_missing_callback_param')
      expect(response.body.data.params).toEqual(['name'])
    }
    expect(calendar.state.categories.size).toBe(8)
    expect(calendar.state.tags.size).toBe(4)
  })

  it.each(['', '   '])('empty name %j: 400 rest_invalid_param on name', async (name) => {
    expectInvalid(await request('POST', '/categories', { name }), 'name')
    expectInvalid(await request('POST', '/tags', { name }), 'name')
  })

  /**
   * WordPress's `term_exists` answer to a create: `data.term_id`, and the same ID twice in `additional_data`
   * (`wp_insert_term()`'s error data, then `WP_REST_Terms_Controller::create_item()`'s).
   */
  function expectTermExists(response: { status: number; body: Json }, id: number) {
    expect(response.status, JSON.stringify(response.body)).toBe(400)
    expect(Object.keys(response.body)).toEqual(['code', 'message', 'data', 'additional_data'])
    expect(response.body).toMatchObject({ code: 'term_exists', data: { status: 400, term_id: id } })
    expect(response.body.additional_data).toEqual([id, id])
  }

  it('a name already used under the same parent: 400 term_exists with data.term_id and additional_data', async () => {
    expectTermExists(await request('POST', '/categories', { name: 'Jazz', parent: 1 }), 2)
    expectTermExists(await request('POST', '/categories', { name: 'Music' }), 1)
    expect(calendar.state.categories.size).toBe(8)
  })

  it('a tag name already used: 400 term_exists with data.term_id and additional_data', async () => {
    expectTermExists(await request('POST', '/tags', { name: 'family' }), 12)
  })

  it('an update to a name already used: 400 term_exists without additional_data (a check WordPress does not make there)', async () => {
    const response = await request('PATCH', '/categories/7', { name: 'Jazz' })
    expectError(response, 400, 'term_exists')
    expect(response.body.data.term_id).toBe(2)
  })

  it('the same name under another parent is a new category, its slug made unique with the parent slug', async () => {
    const response = await request('POST', '/categories', { name: 'Jazz', parent: 5 })
    expect(response.status).toBe(201)
    expect(response.body.parent).toBe(5)
    // wp_unique_term_slug(): a taken slug of a child category takes its parent's slug, as TEC 6.10 answers.
    expect(response.body.slug).toBe(`jazz-${calendar.state.categories.get(5)?.slug}`)
  })

  it('a taken explicit slug gets a suffix, as on TEC; a library call refuses it with 400 duplicate_term_slug', async () => {
    const other = await request('POST', '/categories', { name: 'Other', slug: 'rock' })
    expect(other.status).toBe(201)
    expect(other.body.slug).toBe('rock-2')
    expect((await request('POST', '/tags', { name: 'Outside', slug: 'outdoor' })).body.slug).toBe('outdoor-2')
    await expect(calendar.tags.create({ name: 'Out', slug: 'outdoor' })).rejects.toMatchObject({
      code: 'duplicate_term_slug',
      status: 400,
    })
  })

  it('a parent that does not exist, or is a tag: 400 rest_invalid_param on parent', async () => {
    expectInvalid(await request('POST', '/categories', { name: 'Orphan', parent: 999 }), 'parent')
    expectInvalid(await request('POST', '/categories', { name: 'Orphan', parent: 11 }), 'parent')
    expectInvalid(await request('POST', '/categories', { name: 'Orphan', parent: 'music' }), 'parent')
    expect(calendar.state.categories.size).toBe(8)
  })
})

describe('update by POST, PUT, PATCH (CONTRACT §3)', () => {
  it.each(['POST', 'PUT', 'PATCH'])('%s changes only the fields sent; 200', async (method) => {
    const response = await request(method, '/categories/2', { description: 'Swing, bop and more' })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      id: 2,
      name: 'Jazz',
      slug: 'jazz',
      parent: 1,
      count: 2,
      description: 'Swing, bop and more',
    })
    expect((await request('GET', '/categories/2')).body.description).toBe('Swing, bop and more')
  })

  it.each(['POST', 'PUT', 'PATCH'])('%s on a tag', async (method) => {
    const response = await request(method, '/tags/12', { name: 'Family friendly' })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ id: 12, name: 'Family friendly', slug: 'family', count: 3 })
  })

  it('a rename keeps the slug; an explicit slug changes it', async () => {
    expect((await request('PATCH', '/categories/7', { name: 'Rock and Roll' })).body.slug).toBe('rock')
    expect((await request('PATCH', '/categories/7', { slug: 'rock-n-roll' })).body.slug).toBe('rock-n-roll')
    expect((await request('GET', '/categories/7')).body.url).toBe('http://localhost/events/category/music/rock-n-roll/')
  })

  it("the term's own slug may be sent again; another term's is 400 duplicate_term_slug", async () => {
    expect((await request('PATCH', '/categories/7', { slug: 'rock' })).status).toBe(200)
    expectError(await request('PATCH', '/categories/7', { slug: 'jazz' }), 400, 'duplicate_term_slug')
    expectError(await request('PATCH', '/tags/11', { slug: 'family' }), 400, 'duplicate_term_slug')
  })

  it('an empty name is refused', async () => {
    expectInvalid(await request('PATCH', '/categories/2', { name: '' }), 'name')
    expectInvalid(await request('PATCH', '/tags/11', { name: ' ' }), 'name')
    expect((await request('GET', '/categories/2')).body.name).toBe('Jazz')
  })

  it('moving under another parent: urls.up follows; parent 0 removes it', async () => {
    const moved = await request('PATCH', '/categories/3', { parent: 5 })
    expect(moved.status).toBe(200)
    expect(moved.body.parent).toBe(5)
    expect(moved.body.urls.up).toBe(`${LOCAL_BASE}/categories/5`)
    const top = await request('PATCH', '/categories/3', { parent: 0 })
    expect(top.body.parent).toBe(0)
    expect(top.body.urls).not.toHaveProperty('up')
  })

  it('parent itself: 200 with parent 0, as on TEC; a library call refuses it', async () => {
    const response = await request('PATCH', '/categories/2', { parent: 2 })
    expect(response.status).toBe(200)
    expect(response.body.parent).toBe(0)
    await expect(calendar.categories.update(2, { parent: 2 })).rejects.toMatchObject({ status: 400 })
  })

  it('parent a descendant (child, grandchild, great-grandchild): 200 with parent 0, as on TEC', async () => {
    for (const [id, parent] of [
      [1, 4],
      [2, 3],
      [2, 4],
    ]) {
      const response = await request('PATCH', `/categories/${id}`, { parent })
      expect(response.status).toBe(200)
      expect(response.body.parent).toBe(0)
    }
    expect((await request('GET', '/categories/3')).body.parent).toBe(2)
    await expect(calendar.categories.update(2, { parent: 3 })).rejects.toMatchObject({ status: 400 })
  })

  it('parent unknown: 400', async () => {
    expectInvalid(await request('PUT', '/categories/2', { parent: 999 }), 'parent')
  })

  it('a sibling or a cousin is a valid parent', async () => {
    expect((await request('PATCH', '/categories/8', { parent: 7 })).body.parent).toBe(7)
    expect((await request('PATCH', '/categories/5', { parent: 4 })).body.parent).toBe(4)
  })
})

describe('DELETE (CONTRACT §5)', () => {
  it('permanent; 200 with the term as it was', async () => {
    const response = await request('DELETE', '/categories/2', undefined, HOST)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      id: 2,
      count: 2,
      description: 'Swing and more',
      name: 'Jazz',
      slug: 'jazz',
      taxonomy: 'tribe_events_cat',
      parent: 1,
      meta: [],
      url: `${ORIGIN}/events/category/music/jazz/`,
      urls: { self: `${BASE}/categories/2`, collection: `${BASE}/categories`, up: `${BASE}/categories/1` },
    })
    expectError(await request('GET', '/categories/2'), 400, 'rest_invalid_param')
    expectError(await request('DELETE', '/categories/2'), 400, 'rest_invalid_param')
  })

  it('the term is removed from its events', async () => {
    await request('DELETE', '/categories/2')
    expect((await request('GET', '/events/401')).body.categories.map((t: Json) => t.id)).toEqual([7])
    expect((await request('GET', '/events/403')).body.categories.map((t: Json) => t.id)).toEqual([7])
    expect(calendar.state.events.get(401)?.categories).toEqual([7])
    expectValidFile(calendar)
  })

  it("children take the deleted term's parent", async () => {
    await request('DELETE', '/categories/2')
    const bebop = (await request('GET', '/categories/3')).body
    expect(bebop.parent).toBe(1)
    expect(bebop.urls.up).toBe(`${LOCAL_BASE}/categories/1`)
    expect((await request('GET', '/categories/4')).body.parent).toBe(3)
  })

  it('deleting a top-level category makes its children top-level', async () => {
    await request('DELETE', '/categories/1')
    for (const id of [2, 7, 8]) {
      const child = (await request('GET', `/categories/${id}`)).body
      expect(child.parent).toBe(0)
      expect(child.urls).not.toHaveProperty('up')
    }
    expectValidFile(calendar)
  })

  it('a tag: removed from events, 200 with its data as it was', async () => {
    const response = await request('DELETE', '/tags/12')
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ id: 12, name: 'family', count: 3, taxonomy: 'post_tag' })
    expect(response.body).not.toHaveProperty('parent')
    expect((await request('GET', '/events/402')).body.tags.map((t: Json) => t.id)).toEqual([11])
    expect(calendar.state.events.get(404)?.tags).toEqual([])
    expectError(await request('GET', '/tags/12'), 400, 'rest_invalid_param')
    expectValidFile(calendar)
  })

  it('a deleted term ID is not reused', async () => {
    await request('DELETE', '/tags/14')
    const created = await request('POST', '/tags', { name: 'Newest' })
    expect(created.body.id).toBe(15)
  })

  it('the counts of the other terms are unchanged', async () => {
    await request('DELETE', '/categories/2')
    expect((await request('GET', '/categories/7')).body.count).toBe(3)
  })
})

describe('permission and check order (CONTRACT §5, §6)', () => {
  const hash = (token: string) => createHash('sha256').update(token).digest('hex')

  async function guarded() {
    const data = JSON.parse(fixture('resources-terms.json'))
    data.users = [
      { id: 1, name: 'admin', role: 'administrator', token_sha256: hash('admin-secret') },
      { id: 2, name: 'ed', role: 'editor', token_sha256: hash('editor-secret') },
      { id: 3, name: 'au', role: 'author', token_sha256: hash('author-secret') },
    ]
    return (await open(data)).request
  }

  it('anyone may read terms', async () => {
    const req = await guarded()
    expect((await req('GET', '/categories/2')).status).toBe(200)
    expect((await req('GET', '/tags')).status).toBe(200)
  })

  it('anonymous term writes are 401; authors 403; editors and administrators may', async () => {
    const req = await guarded()
    expectError(await req('POST', '/categories', { name: 'Nope' }), 401, 'rest_forbidden')
    expectError(await req('PATCH', '/tags/11', { name: 'Nope' }), 401, 'rest_forbidden')
    expectError(await req('DELETE', '/categories/2'), 401, 'rest_forbidden')
    expectError(
      await req('POST', '/categories', { name: 'Nope' }, { authorization: 'Bearer author-secret' }),
      403,
      'rest_forbidden',
    )
    expectError(
      await req('DELETE', '/tags/11', undefined, { authorization: 'Bearer author-secret' }),
      403,
      'rest_forbidden',
    )
    expect(
      (await req('POST', '/categories', { name: 'Editors' }, { authorization: 'Bearer editor-secret' })).status,
    ).toBe(201)
    expect((await req('DELETE', '/tags/11', undefined, { authorization: 'Bearer admin-secret' })).status).toBe(200)
  })

  it('parameters before permission, unknown IDs among them (TEC)', async () => {
    const req = await guarded()
    expectError(await req('POST', '/categories', {}), 400, 'rest_missing_callback_param')
    expectError(await req('DELETE', '/categories/999'), 400, 'rest_invalid_param')
    expectError(await req('DELETE', '/categories/1'), 401, 'rest_forbidden')
    expectError(
      await req('DELETE', '/categories/999', undefined, { authorization: 'Bearer editor-secret' }),
      400,
      'rest_invalid_param',
    )
  })
})

describe('keys beyond the contract (CONTRACT §5)', () => {
  it('a term written by hand with an extra key keeps it, emitted after urls (and before _links)', async () => {
    const data = JSON.parse(fixture('resources-terms.json'))
    data.categories[4].color = 'green'
    const { request: extra } = await open(data)
    const sports = (await extra('GET', '/categories/5')).body
    expect(Object.keys(sports)).toEqual([...CATEGORY_KEYS, 'color', LINKS])
    expect(sports.color).toBe('green')
    const updated = await extra('PATCH', '/categories/5', { description: 'Ball games', color: 'red' })
    expect(updated.body.color).toBe('green')
  })
})
