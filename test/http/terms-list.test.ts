/**
 * GET /categories and GET /tags: docs/lists.md (envelope, rest_url carrying the filters, headers, per_page, past the
 * end an empty 200) and docs/lists.md#category-and-tag-lists (search, include/exclude, order, every orderby,
 * hide_empty, parent, post/event, slug), with fixtures/resources-terms.json.
 *
 * Counts (publish events): Music 0, Jazz 2, Bebop 1, Hard Bop 1, Sports 1, Empty 0, Rock 3, Zydeco 0;
 * outdoor 2, family 3, Late night 0, Accessible 0.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { fixture, open, P } from '../helpers.js'

type Json = Record<string, any>
type Request = Awaited<ReturnType<typeof open>>['request']

const CATEGORIES_BASE = `http://localhost${P}/categories/`
const TAGS_BASE = `http://localhost${P}/tags/`
/**
 * What a category list hiding empty terms shows, by name: Bebop, Hard Bop, Jazz, Music, Rock, Sports. Music has no
 * event, but categories under it have (`WP_Term_Query` shows it); `total` counts the five others only.
 */
const SHOWN_BY_NAME = [3, 4, 2, 1, 7, 5]
/** Every category by name: Bebop, Empty, Hard Bop, Jazz, Music, Rock, Sports, Zydeco. */
const ALL_BY_NAME = [3, 6, 4, 2, 1, 7, 5, 8]

let request: Request

beforeAll(async () => {
  ;({ request } = await open(fixture('resources-terms.json')))
})

function parse(url: string) {
  const parsed = new URL(url)
  return {
    base: `${parsed.origin}${parsed.pathname}`,
    pairs: [...parsed.searchParams.entries()],
    params: parsed.searchParams,
  }
}

function expectInvalid(response: { status: number; body: Json }, field: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(400)
  expect(response.body.code).toBe('rest_invalid_param')
  expect(response.body.data.status).toBe(400)
  expect(Object.keys(response.body.data.params)).toContain(field)
}

async function list(route: 'categories' | 'tags', query: string): Promise<Json[]> {
  const response = await request('GET', `/${route}?per_page=50${query ? `&${query}` : ''}`)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body[route]
}

const categories = async (query = '') => (await list('categories', query)).map((term) => term.id as number)
const tags = async (query = '') => (await list('tags', query)).map((term) => term.id as number)

describe('envelope (CONTRACT §4)', () => {
  it('keys categories, rest_url, total, total_pages; items are full terms (§2.4)', async () => {
    const response = await request('GET', '/categories')
    expect(response.status).toBe(200)
    expect(Object.keys(response.body)).toEqual(['categories', 'rest_url', 'total', 'total_pages'])
    expect(response.body.categories.map((t: Json) => t.id)).toEqual(SHOWN_BY_NAME)
    expect(response.body.total).toBe(5)
    expect(response.body.total_pages).toBe(1)
    expect(Object.keys(response.body.categories[0])).toEqual([
      'id',
      'count',
      'description',
      'name',
      'slug',
      'taxonomy',
      'parent',
      'meta',
      'url',
      'urls',
    ])
    expect(response.headers.get('x-tec-total')).toBe('5')
    expect(response.headers.get('x-tec-totalpages')).toBe('1')
  })

  it('tags: key tags, no parent in items', async () => {
    const response = await request('GET', '/tags')
    expect(Object.keys(response.body)).toEqual(['tags', 'rest_url', 'total', 'total_pages'])
    expect(response.body.tags.map((t: Json) => t.id)).toEqual([12, 11])
    expect(response.body.tags[0]).not.toHaveProperty('parent')
    expect(parse(response.body.rest_url).base).toBe(TAGS_BASE)
  })

  it('pages: next_rest_url, previous_rest_url (page 2 without page), headers and Link', async () => {
    const first = await request('GET', '/categories?per_page=2')
    expect(Object.keys(first.body)).toEqual(['categories', 'rest_url', 'next_rest_url', 'total', 'total_pages'])
    expect(first.body.categories.map((t: Json) => t.id)).toEqual(SHOWN_BY_NAME.slice(0, 2))
    expect(first.body.total).toBe(5)
    expect(first.body.total_pages).toBe(3)
    expect(first.headers.get('x-tec-totalpages')).toBe('3')
    // TEC links the pages in the body only; Link is WordPress's API root
    expect(first.headers.get('link')).toMatch(/\/wp-json\/>; rel="https:\/\/api\.w\.org\/"$/u)
    // TEC's term lists: rest_url bare, the other pages by page alone
    expect(first.body.rest_url).toBe(CATEGORIES_BASE)
    expect(first.body.next_rest_url).toBe(`${CATEGORIES_BASE}?page=2`)
    const second = await request('GET', '/categories?per_page=2&page=2')
    expect(second.body.categories.map((t: Json) => t.id)).toEqual(SHOWN_BY_NAME.slice(2, 4))
    expect(second.body.previous_rest_url).toBe(CATEGORIES_BASE)
    const third = await request('GET', '/categories?per_page=2&page=3')
    expect(Object.keys(third.body)).toEqual(['categories', 'rest_url', 'previous_rest_url', 'total', 'total_pages'])
    expect(third.body.categories.map((t: Json) => t.id)).toEqual([7, 5])
  })

  it('past the end: an empty 200, not a 404', async () => {
    for (const route of ['categories', 'tags']) {
      const response = await request('GET', `/${route}?page=9`)
      expect(response.status).toBe(200)
      expect(response.body[route]).toEqual([])
      expect(response.body.total).toBe(route === 'categories' ? 5 : 2)
      expect(response.headers.get('x-tec-total')).toBe(String(response.body.total))
    }
  })

  it('nothing matches: 200 with total 0 and total_pages 0', async () => {
    const response = await request('GET', '/categories?search=nothingatall')
    expect(response.status).toBe(200)
    expect(response.body.categories).toEqual([])
    expect(response.body.total).toBe(0)
    expect(response.body.total_pages).toBe(0)
  })

  it('per_page clamp and 400s', async () => {
    expect((await request('GET', '/categories?per_page=99')).status).toBe(200)
    expectInvalid(await request('GET', '/categories?per_page=0'), 'per_page')
    expectInvalid(await request('GET', '/tags?page=zero'), 'page')
  })

  it('rest_url is bare whatever the filters, and next_rest_url carries the page alone, as TEC writes them', async () => {
    const response = await request(
      'GET',
      '/categories?per_page=1&search=o&hide_empty=false&orderby=slug&order=desc&exclude=8',
    )
    expect(response.status).toBe(200)
    expect(response.body.total).toBe(4)
    expect(response.body.rest_url).toBe(CATEGORIES_BASE)
    expect(response.body.next_rest_url).toBe(`${CATEGORIES_BASE}?page=2`)
    const tags = await request('GET', '/tags?include=11,12&event=402&slug=family')
    expect(tags.body.rest_url).toMatch(/\/tags\/$/u)
  })

  it("TEC's prefix: rest_url and urls use it", async () => {
    const response = await request('GET', '/wp-json/tribe/events/v1/categories?per_page=1')
    expect(parse(response.body.rest_url).base).toBe('http://localhost/wp-json/tribe/events/v1/categories/')
    expect(response.body.categories[0].urls.collection).toBe('http://localhost/wp-json/tribe/events/v1/categories')
  })
})

describe('hide_empty (CONTRACT §4.4)', () => {
  it('default true: count-0 terms are hidden, but for categories above used ones, which total leaves out', async () => {
    const response = await request('GET', '/categories')
    expect(response.body.categories.map((t: Json) => [t.id, t.count])).toEqual([
      [3, 1],
      [4, 1],
      [2, 2],
      [1, 0],
      [7, 3],
      [5, 1],
    ])
    // `wp_count_terms()` counts the used ones only: total 5 for 6 items, as TEC answers.
    expect(response.body.total).toBe(5)
    expect(await tags()).toEqual([12, 11])
  })

  it('false: every term', async () => {
    expect(await categories('hide_empty=false')).toEqual(ALL_BY_NAME)
    expect(await tags('hide_empty=false')).toEqual([14, 12, 13, 11])
  })

  it.each(['0', 'no', 'off'])('boolean form %j', async (value) => {
    expect(await categories(`hide_empty=${value}`)).toEqual(ALL_BY_NAME)
  })

  it('a bad boolean is a 400', async () => {
    expectInvalid(await request('GET', '/categories?hide_empty=sometimes'), 'hide_empty')
  })
})

describe('search and slug (CONTRACT §4.4)', () => {
  it('name contains it, case-insensitive', async () => {
    expect(await categories('search=bop')).toEqual([3, 4])
    expect(await categories('search=JAZZ')).toEqual([2])
  })

  it('slug contains it', async () => {
    expect(await categories('search=hard-bop')).toEqual([4])
    expect(await tags('search=step&hide_empty=false')).toEqual([14])
  })

  it('not the description', async () => {
    // Bebop's description is "Fast jazz", Zydeco's "Accordion"
    expect(await categories('search=fast')).toEqual([])
    expect(await categories('search=accordion&hide_empty=false')).toEqual([])
  })

  it('slug: exactly that slug', async () => {
    expect(await categories('slug=jazz')).toEqual([2])
    expect(await categories('slug=jaz')).toEqual([])
    expect(await tags('slug=step-free&hide_empty=false')).toEqual([14])
    expect(await tags('slug=Accessible&hide_empty=false')).toEqual([])
  })

  it('slug of an empty term: hidden unless hide_empty=false', async () => {
    expect(await categories('slug=empty')).toEqual([])
    expect(await categories('slug=empty&hide_empty=false')).toEqual([6])
  })
})

describe('include / exclude (CONTRACT §4.4)', () => {
  it('include: only those, CSV or brackets', async () => {
    expect(await categories('include=2,3')).toEqual([3, 2])
    expect(await categories('include[]=7&include[]=5')).toEqual([7, 5])
  })

  it('include still hides empty terms by default', async () => {
    expect(await categories('include=6,2')).toEqual([2])
    expect(await categories('include=6,2&hide_empty=false')).toEqual([6, 2])
  })

  it('exclude: all but those', async () => {
    expect(await categories('exclude=2,7')).toEqual([3, 4, 1, 5])
    expect(await tags('exclude[]=12')).toEqual([11])
  })

  it('include with exclude: exclude is ignored (WP_Term_Query), yet still checked', async () => {
    expect(await categories('include=2,3&exclude=3')).toEqual([3, 2])
    expect(await tags('include[]=11&include[]=12&exclude[]=12&hide_empty=false')).toEqual([12, 11])
    expectInvalid(await request('GET', '/categories?include=2,3&exclude=999'), 'exclude')
  })

  it('an unknown ID (or another taxonomy) in include or exclude: 400 rest_invalid_param', async () => {
    expectInvalid(await request('GET', '/categories?include=2,999'), 'include')
    expectInvalid(await request('GET', '/categories?exclude=999'), 'exclude')
    expectInvalid(await request('GET', '/categories?include=11'), 'include')
    expectInvalid(await request('GET', '/tags?exclude=2'), 'exclude')
    expectInvalid(await request('GET', '/tags?include=abc'), 'include')
  })
})

describe('order and orderby (CONTRACT §4.4)', () => {
  it('default: name ascending', async () => {
    expect(await categories('hide_empty=false')).toEqual(ALL_BY_NAME)
  })

  it('names compare case-insensitively (as WordPress does): family before Late night', async () => {
    expect(await tags('hide_empty=false&orderby=name')).toEqual([14, 12, 13, 11])
  })

  it('order=desc reverses; order=asc is the default', async () => {
    expect(await categories('order=desc')).toEqual([...SHOWN_BY_NAME].reverse())
    expect(await categories('order=asc')).toEqual(SHOWN_BY_NAME)
  })

  it('any order but asc is descending, as WP_Term_Query reads it', async () => {
    expect(await categories('order=sideways')).toEqual([...SHOWN_BY_NAME].reverse())
    expect(await categories('order=ASC')).toEqual(SHOWN_BY_NAME)
  })

  it('orderby=slug', async () => {
    // family, late-night, outdoor, step-free (by name Accessible would come first)
    expect(await tags('hide_empty=false&orderby=slug')).toEqual([12, 13, 11, 14])
    expect(await tags('hide_empty=false&orderby=slug&order=desc')).toEqual([14, 11, 13, 12])
  })

  it('orderby=id', async () => {
    expect(await categories('hide_empty=false&orderby=id')).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(await categories('hide_empty=false&orderby=id&order=desc')).toEqual([8, 7, 6, 5, 4, 3, 2, 1])
  })

  it('orderby=description', async () => {
    // "", Accordion, All music, Bluesy, Fast jazz, Games, Loud, Swing and more
    expect(await categories('hide_empty=false&orderby=description')).toEqual([6, 8, 1, 4, 3, 5, 7, 2])
  })

  it('orderby=parent', async () => {
    const terms = await list('categories', 'hide_empty=false&orderby=parent')
    expect(terms.map((t) => t.parent)).toEqual([0, 0, 0, 1, 1, 1, 2, 3])
    expect(new Set(terms.slice(0, 3).map((t) => t.id))).toEqual(new Set([1, 5, 6]))
    expect(new Set(terms.slice(3, 6).map((t) => t.id))).toEqual(new Set([2, 7, 8]))
    expect(terms.slice(6).map((t) => t.id)).toEqual([3, 4])
    const desc = await list('categories', 'hide_empty=false&orderby=parent&order=desc')
    expect(desc.map((t) => t.parent)).toEqual([3, 2, 1, 1, 1, 0, 0, 0])
  })

  it('orderby=count', async () => {
    const asc = await list('categories', 'orderby=count')
    expect(asc.map((t) => t.count)).toEqual([0, 1, 1, 1, 2, 3])
    expect(asc.slice(4).map((t) => t.id)).toEqual([2, 7])
    const desc = await list('categories', 'orderby=count&order=desc')
    expect(desc.map((t) => t.count)).toEqual([3, 2, 1, 1, 1, 0])
    expect(desc.slice(0, 2).map((t) => t.id)).toEqual([7, 2])
    expect(new Set(desc.slice(2, 5).map((t) => t.id))).toEqual(new Set([3, 4, 5]))
  })

  it('orderby=include: in the order of include', async () => {
    expect(await categories('include=5,2,7&orderby=include')).toEqual([5, 2, 7])
    expect(await categories('include=7,3&orderby=include')).toEqual([7, 3])
  })

  it('orderby=none: as stored', async () => {
    expect(await categories('orderby=none')).toEqual([1, 2, 3, 4, 5, 7])
    expect(await categories('orderby=none&hide_empty=false')).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
  })

  it('orderby=name explicitly is the default', async () => {
    expect(await categories('orderby=name')).toEqual(SHOWN_BY_NAME)
  })

  it.each(['title', 'term_id', 'random', ''])('orderby=%j: sorted by name, as WP_Term_Query does', async (value) => {
    expect(await categories(`orderby=${value}`)).toEqual(SHOWN_BY_NAME)
  })
})

describe('parent (CONTRACT §4.4)', () => {
  it('direct children only', async () => {
    expect(await categories('parent=1')).toEqual([2, 7])
    expect(await categories('parent=1&hide_empty=false')).toEqual([2, 7, 8])
    expect(await categories('parent=2')).toEqual([3])
    expect(await categories('parent=3')).toEqual([4])
  })

  it('parent=0: top-level categories (Music: empty, above used ones)', async () => {
    expect(await categories('parent=0')).toEqual([1, 5])
    expect(await categories('parent=0&hide_empty=false')).toEqual([6, 1, 5])
  })

  it('combined with orderby=count&order=desc', async () => {
    const terms = await list('categories', 'parent=1&orderby=count&order=desc&hide_empty=false')
    expect(terms.map((t) => [t.id, t.count])).toEqual([
      [7, 3],
      [2, 2],
      [8, 0],
    ])
  })

  it('tags have no parent filter: it is ignored', async () => {
    expect(await tags('parent=5')).toEqual(await tags())
    const url = parse((await request('GET', '/tags?parent=5')).body.rest_url)
    expect(url.params.has('parent')).toBe(false)
  })

  it('a parent that is not a number: 400', async () => {
    expectInvalid(await request('GET', '/categories?parent=music'), 'parent')
  })
})

describe('post / event (CONTRACT §4.4)', () => {
  it('event: the terms of that event', async () => {
    expect(await categories('event=401')).toEqual([2, 7])
    expect(await tags('event=402')).toEqual([12, 11])
  })

  it('post: the same', async () => {
    expect(await categories('post=402')).toEqual([3])
    expect(await tags('post=401')).toEqual([11])
  })

  it('both: event wins', async () => {
    expect(await categories('post=402&event=401')).toEqual([2, 7])
    expect(await categories('event=401&post=402')).toEqual([2, 7])
  })

  it('an event without terms of that taxonomy: empty', async () => {
    expect(await tags('event=407')).toEqual([])
  })

  it('not an event: 400 rest_invalid_param on that parameter', async () => {
    expectInvalid(await request('GET', '/categories?event=9999'), 'event')
    expectInvalid(await request('GET', '/categories?post=9999'), 'post')
    expectInvalid(await request('GET', '/tags?event=2'), 'event')
    expectInvalid(await request('GET', '/tags?post=x'), 'post')
  })

  it('filters combine', async () => {
    expect(await categories('event=403&search=ro')).toEqual([7])
    expect(await categories('event=401&exclude=7')).toEqual([2])
  })
})
