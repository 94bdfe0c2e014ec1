/**
 * docs/lists.md#other-event-filters: the event list's `categories` filter matches a category's descendants too (the
 * core term hierarchy), across levels, and follows the tree as it changes; `tags` matches only the tag itself. With
 * fixtures/resources-terms.json: Music(1) > Jazz(2) > Bebop(3) > Hard Bop(4); Music > Rock(7), Zydeco(8);
 * Sports(5). Publish events: 401 [2,7], 402 [3], 403 [7,2], 404 [7,5], 407 [4]; 405 is a draft [1,8].
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { fixture, open } from '../helpers.js'

type Json = Record<string, any>
type Opened = Awaited<ReturnType<typeof open>>

let request: Opened['request']

beforeEach(async () => {
  ;({ request } = await open(fixture('resources-terms.json')))
})

async function events(query: string): Promise<number[]> {
  const response = await request('GET', `/events?per_page=50&${query}`)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body.events.map((event: Json) => event.id)
}

describe('categories filter with descendants (CONTRACT §4.2)', () => {
  it('a leaf: only its events', async () => {
    expect(await events('categories=4')).toEqual([407])
  })

  it('one level up: its events and its child’s', async () => {
    expect(await events('categories=3')).toEqual([402, 407])
  })

  it('two levels up: children and grandchildren', async () => {
    expect(await events('categories=2')).toEqual([401, 402, 403, 407])
  })

  it('three levels up: every descendant, siblings’ branches included', async () => {
    expect(await events('categories=1')).toEqual([401, 402, 403, 404, 407])
  })

  it('by slug, the same', async () => {
    expect(await events('categories=music')).toEqual([401, 402, 403, 404, 407])
    expect(await events('categories=bebop')).toEqual([402, 407])
  })

  it('several categories: any of them (with their descendants)', async () => {
    expect(await events('categories=3,5')).toEqual([402, 404, 407])
    expect(await events('categories[]=4&categories[]=rock')).toEqual([401, 403, 404, 407])
  })

  it('the draft carrying Music is not listed without status (open mode)', async () => {
    expect(await events('categories=1')).not.toContain(405)
    expect(await events('categories=8&status=draft')).toEqual([405])
  })

  it('an unknown category: 400', async () => {
    const response = await request('GET', '/events?categories=999')
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('rest_invalid_param')
  })

  it('follows the tree when a category moves', async () => {
    // Hard Bop moves under Sports: it leaves Music's and Jazz's subtrees and joins Sports'.
    expect((await request('PATCH', '/categories/4', { parent: 5 })).status).toBe(200)
    expect(await events('categories=1')).toEqual([401, 402, 403, 404])
    expect(await events('categories=2')).toEqual([401, 402, 403])
    expect(await events('categories=5')).toEqual([404, 407])
  })

  it('follows the tree when a middle category is deleted (its children take its parent)', async () => {
    expect((await request('DELETE', '/categories/3')).status).toBe(200)
    // Bebop's event 402 loses it; Hard Bop is now Jazz's child
    expect(await events('categories=2')).toEqual([401, 403, 407])
    expect(await events('categories=1')).toEqual([401, 403, 404, 407])
  })

  it('a new grandchild category is matched by its ancestors at once', async () => {
    const created = await request('POST', '/categories', { name: 'Cool Jazz', parent: 3 })
    expect(created.status).toBe(201)
    const event = await request('POST', '/events', {
      title: 'Cool session',
      start_date: '2026-07-20 20:00:00',
      end_date: '2026-07-20 22:00:00',
      categories: [created.body.id],
    })
    expect(event.status).toBe(201)
    expect(await events('categories=1')).toContain(event.body.id)
    expect(await events('categories=2')).toContain(event.body.id)
    expect(await events('categories=3')).toContain(event.body.id)
    expect(await events('categories=4')).not.toContain(event.body.id)
  })
})

describe('tags filter (CONTRACT §4.2)', () => {
  it('a tag matches only its own events', async () => {
    expect(await events('tags=11')).toEqual([401, 402])
    expect(await events('tags=family')).toEqual([402, 403, 404])
  })
})
