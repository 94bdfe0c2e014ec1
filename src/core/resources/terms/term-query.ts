import * as v from 'valibot'
import { invalidParam } from '../../errors.js'
import type { Taxonomy } from '../../model/kinds.js'
import type { TermRecord } from '../../model/records.js'
import type { CalendarState } from '../../model/state.js'
import { withDescendants } from '../../model/term-tree.js'
import { renderTermDescription, renderTermName } from '../../render/fields.js'
import { collate } from '../../search/collation.js'
import { termCount } from '../../search/record-facts.js'
import { boolField, idListField, positiveIntField, textField } from '../fields.js'
import { pageEntries } from '../lists.js'
import { tecRules, type WordPressRelease } from '../tec-versions.js'

const ORDERBY = ['name', 'slug', 'id', 'description', 'parent', 'count', 'include', 'none'] as const

const termId = (description: string) =>
  v.pipe(
    v.union([v.number(), v.string()]),
    v.transform(Number),
    v.check((n: number) => Number.isInteger(n) && n >= 0, 'must be a term ID or 0'),
    v.description(description),
    v.metadata({ type: 'integer' }),
  )

/**
 * Query parameters of `GET /categories` (docs/http.md#category-and-tag-routes, docs/lists.md#category-and-tag-lists).
 * Unknown parameters are ignored.
 */
export const CategoryQuerySchema = v.looseObject({
  ...pageEntries,
  search: v.optional(textField('Name or slug contains this')),
  include: v.optional(idListField('Only these term IDs')),
  exclude: v.optional(idListField('Leave out these term IDs')),
  // As `WP_Term_Query`: any order but `asc` is descending, an unknown orderby sorts by name; neither is refused.
  order: v.optional(
    v.pipe(
      textField('asc, or anything else for descending'),
      v.transform((s): 'asc' | 'desc' => (s.toLowerCase() === 'asc' ? 'asc' : 'desc')),
    ),
    'asc',
  ),
  orderby: v.optional(
    v.pipe(
      textField(`One of ${ORDERBY.join(', ')}; anything else sorts by name`),
      v.transform((s) => ORDERBY.find((key) => key === s.toLowerCase()) ?? 'name'),
    ),
    'name',
  ),
  hide_empty: v.optional(boolField('Hide terms no published event carries'), true),
  parent: v.optional(termId('Direct children of this category')),
  post: v.optional(positiveIntField('Terms of this event')),
  event: v.optional(positiveIntField('Terms of this event; wins over post')),
  slug: v.optional(textField('Exactly this slug')),
})

/**
 * Query parameters of `GET /tags` (docs/http.md#category-and-tag-routes, docs/lists.md#category-and-tag-lists): those
 * of categories but `parent`, as tags are not hierarchical; a `parent` given is an unknown parameter, ignored
 * whatever it holds.
 */
export const TagQuerySchema = v.omit(CategoryQuerySchema, ['parent'])

/** The list parameters of a taxonomy. */
export function termQuerySchema(taxonomy: Taxonomy): typeof CategoryQuerySchema | typeof TagQuerySchema {
  return taxonomy === 'category' ? CategoryQuerySchema : TagQuerySchema
}

export type TermQuery = v.InferOutput<typeof CategoryQuerySchema>

/**
 * The terms a list query selects, in the asked order, and the `total` WordPress reports for them
 * (docs/lists.md#category-and-tag-lists); `query` as `termQuerySchema(taxonomy)` parsed it. TEC's term lists echo no
 * query in their URLs.
 *
 * @throws CalendarError 400 `rest_invalid_param` for an unknown include/exclude ID or a `post`/`event` that is not
 * an event.
 */
export function selectTerms(state: CalendarState, taxonomy: Taxonomy, query: TermQuery) {
  const terms = state.terms(taxonomy)
  const field = taxonomy === 'category' ? 'categories' : 'tags'
  for (const key of ['include', 'exclude'] as const) {
    const unknown = query[key]?.find((id) => !terms.get(id))
    if (unknown !== undefined) throw invalidParam(key, `${taxonomy} ${unknown} does not exist`)
  }
  const eventId = query.event ?? query.post
  const event = eventId === undefined ? undefined : state.events.get(eventId)
  if (eventId !== undefined && !event)
    throw invalidParam(query.event === undefined ? 'post' : 'event', `${eventId} is not an event`)
  // A tag list's `parent` is an unknown parameter: the loose schema keeps it as given, and it means nothing.
  const parent = taxonomy === 'category' ? query.parent : undefined
  const search = query.search?.toLowerCase()
  const tests: Array<(term: TermRecord) => boolean> = []
  if (search) tests.push((t) => t.name.toLowerCase().includes(search) || t.slug.includes(search))
  if (query.include) tests.push((t) => (query.include as number[]).includes(t.id))
  // `WP_Term_Query::get_terms()` ignores `exclude` once `include` is given; both are still checked above.
  else if (query.exclude) tests.push((t) => !(query.exclude as number[]).includes(t.id))
  if (parent !== undefined) tests.push((t) => t.parent === parent)
  if (event) tests.push((t) => event[field].includes(t.id))
  if (query.slug !== undefined) tests.push((t) => t.slug === query.slug)
  const matching = [...terms.values()].filter((term) => tests.every((test) => test(term)))
  const used = (term: TermRecord) => termCount(state, term.id) > 0
  const total = query.hide_empty ? matching.filter(used).length : matching.length
  const selected = query.hide_empty
    ? matching.filter((term) => used(term) || usedBelow(state, taxonomy, term))
    : matching
  return { terms: sortTerms(state, selected, query), total }
}

/**
 * Whether a category no event uses still shows in a list that hides empty terms: when one of its descendants is
 * used (`WP_Term_Query::get_terms()`, "show empty categories that have children"). Tags have no descendants.
 * WordPress counts such a category out of the list's `total` all the same (`wp_count_terms()` does not descend).
 */
function usedBelow(state: CalendarState, taxonomy: Taxonomy, term: TermRecord): boolean {
  if (taxonomy !== 'category') return false
  return [...withDescendants(state, term.id)].some((id) => id !== term.id && termCount(state, id) > 0)
}

/**
 * WordPress's default order of terms, `ORDER BY t.name ASC` (`WP_Term_Query`, `wp_get_object_terms()`): by name as
 * WordPress stores it (`renderTermName`: `1 < 2` is stored `1 &lt; 2`) and its collation compares it, ties (the same
 * name under two parents) by ID. The name as `wordpress` stores it.
 */
export function byTermName(wordpress: WordPressRelease): (a: TermRecord, b: TermRecord) => number {
  return (a, b) => collate(renderTermName(a.name, wordpress), renderTermName(b.name, wordpress)) || a.id - b.id
}

function sortTerms(state: CalendarState, terms: TermRecord[], query: TermQuery): TermRecord[] {
  if (query.orderby === 'none') return terms
  const include = query.include ?? []
  const { wordpress } = tecRules(state.settings)
  const key: Record<Exclude<TermQuery['orderby'], 'none'>, (a: TermRecord, b: TermRecord) => number> = {
    name: (a, b) => collate(renderTermName(a.name, wordpress), renderTermName(b.name, wordpress)),
    slug: (a, b) => collate(a.slug, b.slug),
    id: (a, b) => a.id - b.id,
    description: (a, b) =>
      collate(renderTermDescription(a.description, wordpress), renderTermDescription(b.description, wordpress)),
    parent: (a, b) => a.parent - b.parent,
    count: (a, b) => termCount(state, a.id) - termCount(state, b.id),
    include: (a, b) => include.indexOf(a.id) - include.indexOf(b.id),
  }
  const compare = key[query.orderby]
  const sign = query.order === 'desc' ? -1 : 1
  return terms.sort((a, b) => sign * compare(a, b) || a.id - b.id)
}
