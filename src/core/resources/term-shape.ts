import { termCount } from '../indexes.js'
import type { Taxonomy, TermRecord } from '../records.js'
import type { CalendarState } from '../state.js'
import type { View } from '../view.js'

/** TEC's taxonomy names (CONTRACT §2.4). */
export const TAXONOMY_NAMES: Record<Taxonomy, string> = { category: 'tribe_events_cat', tag: 'post_tag' }
const ROUTES: Record<Taxonomy, string> = { category: 'categories', tag: 'tags' }

/** `urls` of a term: self, collection, and `up` when it has a parent (CONTRACT §2.4). */
export function termUrls(term: TermRecord, taxonomy: Taxonomy, view: View): Record<string, string> {
  const collection = `${view.base}/${ROUTES[taxonomy]}`
  const urls: Record<string, string> = { self: `${collection}/${term.id}`, collection }
  if (term.parent !== 0) urls.up = `${collection}/${term.parent}`
  return urls
}

/** A term as embedded in an event (CONTRACT §2.5): WordPress's term fields, no `url`, no `meta`. */
export function shapeEmbeddedTerm(state: CalendarState, term: TermRecord, taxonomy: Taxonomy, view: View) {
  return {
    name: term.name,
    slug: term.slug,
    term_group: 0,
    term_taxonomy_id: term.id,
    taxonomy: TAXONOMY_NAMES[taxonomy],
    description: term.description,
    parent: term.parent,
    count: termCount(state, term.id),
    filter: 'raw',
    id: term.id,
    urls: termUrls(term, taxonomy, view),
  }
}
