import { COLLECTION_OF, type Taxonomy } from '../../model/kinds.js'
import type { TermRecord } from '../../model/records.js'
import type { CalendarState } from '../../model/state.js'
import { renderTermDescription, renderTermName } from '../../render/fields.js'
import { termCount } from '../../search/record-facts.js'
import { extraKeys } from '../posts/post.js'
import { tecRules } from '../tec-versions.js'
import type { View } from '../view.js'
import { byTermName } from './term-query.js'
import { TERM_KEYS } from './term-record.js'

/** TEC's taxonomy names (docs/responses.md#categories-and-tags). */
export const TAXONOMY_NAMES: Record<Taxonomy, string> = { category: 'tribe_events_cat', tag: 'post_tag' }

/** `urls` of a term: self, collection, and `up` when it has a parent (docs/responses.md#categories-and-tags). */
export function termUrls(term: TermRecord, taxonomy: Taxonomy, view: View): Record<string, string> {
  const collection = `${view.base}/${COLLECTION_OF[taxonomy]}`
  const urls: Record<string, string> = { self: `${collection}/${term.id}`, collection }
  if (term.parent !== 0) urls.up = `${collection}/${term.parent}`
  return urls
}

/**
 * A term as embedded in an event (docs/responses.md#terms-embedded-in-an-event): WordPress's term fields, no `url`,
 * no `meta`.
 */
function shapeEmbeddedTerm(state: CalendarState, term: TermRecord, taxonomy: Taxonomy, view: View) {
  const { wordpress } = tecRules(state.settings)
  return {
    name: renderTermName(term.name, wordpress),
    slug: term.slug,
    term_group: 0,
    term_taxonomy_id: term.term_taxonomy_id ?? term.id,
    taxonomy: TAXONOMY_NAMES[taxonomy],
    description: renderTermDescription(term.description, wordpress),
    parent: term.parent,
    count: termCount(state, term.id),
    filter: 'raw',
    id: term.id,
    urls: termUrls(term, taxonomy, view),
  }
}

/**
 * The terms of an event as TEC embeds them (`categories`, `tags`): by name, as `wp_get_object_terms()` orders them
 * (see `byTermName`), whatever order they are stored in; IDs of missing terms are left out.
 */
export function embeddedTerms(state: CalendarState, ids: readonly number[], taxonomy: Taxonomy, view: View) {
  const collection = state.terms(taxonomy)
  const terms = ids.flatMap((id) => collection.get(id) ?? [])
  return terms
    .sort(byTermName(tecRules(state.settings).wordpress))
    .map((term) => shapeEmbeddedTerm(state, term, taxonomy, view))
}

const ARCHIVES: Record<Taxonomy, string> = { category: 'events/category', tag: 'tag' }

/**
 * The categories above a category, nearest first (none for a tag, or once a parent is missing or repeats). A
 * category's archive URL holds their slugs, so its shape reads them.
 */
export function termAncestors(state: CalendarState, term: TermRecord, taxonomy: Taxonomy): TermRecord[] {
  const ancestors: TermRecord[] = []
  const seen = new Set([term.id])
  for (let parent = term.parent; parent !== 0 && !seen.has(parent); ) {
    const above = state.terms(taxonomy).get(parent)
    if (!above) break
    ancestors.push(above)
    seen.add(parent)
    parent = above.parent
  }
  return ancestors
}

/** The archive path of a term: `tag/<slug>`, or `events/category/<ancestor slugs>/<slug>` as WordPress nests them. */
function archivePath(state: CalendarState, term: TermRecord, taxonomy: Taxonomy): string {
  const slugs = [term, ...termAncestors(state, term, taxonomy)].map((each) => each.slug).reverse()
  return `${ARCHIVES[taxonomy]}/${slugs.join('/')}`
}

/**
 * A category or tag as the term routes show it (docs/responses.md#categories-and-tags): `parent` for categories only,
 * `meta` `[]`, the archive `url` on the site (a category's below its ancestors' slugs), and `urls`.
 */
export function shapeTerm(state: CalendarState, term: TermRecord, taxonomy: Taxonomy, view: View) {
  const { wordpress } = tecRules(state.settings)
  return {
    id: term.id,
    count: termCount(state, term.id),
    description: renderTermDescription(term.description, wordpress),
    name: renderTermName(term.name, wordpress),
    slug: term.slug,
    taxonomy: TAXONOMY_NAMES[taxonomy],
    ...(taxonomy === 'category' ? { parent: term.parent } : {}),
    meta: [],
    url: `${view.siteUrl}/${archivePath(state, term, taxonomy)}/`,
    urls: termUrls(term, taxonomy, view),
    ...extraKeys(term, TERM_KEYS),
  }
}
