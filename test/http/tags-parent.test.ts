/**
 * `parent` on term lists (docs/http.md#category-and-tag-routes, docs/lists.md#category-and-tag-lists): categories
 * only. Tags are not hierarchical, so for GET /tags `parent` is an unknown parameter, ignored as WordPress ignores
 * any (docs/errors.md): it filters nothing, is not echoed in rest_url and is not validated.
 * fixtures/resources-terms.json: the non-empty tags by name are family (12) and outdoor (11); categories 2 (Jazz), 7
 * (Rock) and 8 (Zydeco) are children of Music (1).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { CalendarError } from '../../src/core/errors.js'
import { fixture, open } from '../helpers.js'

type Json = Record<string, any>
type Opened = Awaited<ReturnType<typeof open>>

let calendar: Opened['calendar']
let request: Opened['request']

beforeAll(async () => {
  ;({ calendar, request } = await open(fixture('resources-terms.json')))
})

/** A term list: IDs and the rest_url query keys, asserting a 200. */
async function list(route: 'categories' | 'tags', query: string) {
  const response = await request('GET', `/${route}?hide_empty=false&${query}`)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return {
    ids: (response.body[route] as Json[]).map((term) => term.id as number),
    keys: [...new URL(response.body.rest_url).searchParams.keys()],
  }
}

describe('GET /tags?parent=… (CONTRACT §4.4)', () => {
  it('parent=3 filters nothing and is not echoed', async () => {
    const all = await list('tags', '')
    const given = await list('tags', 'parent=3')
    expect(given.ids).toEqual(all.ids)
    expect(given.ids).toHaveLength(4)
    expect(given.keys).not.toContain('parent')
  })

  it.each(['abc', '-1', '1.5'])('parent=%s is not validated: still the whole list', async (value) => {
    expect((await list('tags', `parent=${value}`)).ids).toEqual((await list('tags', '')).ids)
  })

  it('the library ignores it too', () => {
    expect(calendar.tags.list({ parent: 'abc', hide_empty: false }).body.total).toBe(4)
  })
})

describe('GET /categories?parent=… still filters, echoes and validates', () => {
  it('parent=1: the direct children of Music', async () => {
    const given = await list('categories', 'parent=1')
    expect(given.ids.sort()).toEqual([2, 7, 8])
    // TEC's term lists echo no query in rest_url
    expect(given.keys).toEqual([])
  })

  it('parent=abc is a 400 rest_invalid_param, over HTTP and in the library', async () => {
    const response = await request('GET', '/categories?parent=abc')
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { parent: expect.any(String) } },
    })
    expect(() => calendar.categories.list({ parent: 'abc' })).toThrow(CalendarError)
  })
})
