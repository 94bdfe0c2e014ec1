import type { Taxonomy } from '../../core/model/kinds.js'
import type { EventRecord } from '../../core/model/records.js'
import type { CalendarState } from '../../core/model/state.js'
import { tecRules } from '../../core/resources/tec-versions.js'
import { byTermName } from '../../core/resources/terms/term-query.js'

/** What a WordPress post object says of its terms: their IDs by taxonomy, and the classes they give the post. */

/**
 * The IDs of an event's terms that exist, ordered by name as `wp_get_object_terms()` gives them: a post's `tags`
 * and `tribe_events_cat` in WordPress's post object.
 *
 * @example
 * termIds(state, event.categories, 'category') // [12, 9]: "Blues" before "Jazz"
 */
export function termIds(state: CalendarState, ids: readonly number[], taxonomy: Taxonomy): number[] {
  const collection = state.terms(taxonomy)
  return ids
    .flatMap((id) => collection.get(id) ?? [])
    .sort(byTermName(tecRules(state.settings).wordpress))
    .map((term) => term.id)
}

/**
 * `get_post_class()` of an event: `post-<id>`, the post type, `type-…`, `status-…`, `has-post-thumbnail`, `hentry`,
 * then a class per term (`tag-<slug>`, `tribe_events_cat-<slug>`), then TEC's `cat_<slug>` per category
 * (`Tribe__Events__Main::post_class()`); slugs as `sanitize_html_class()` keeps them, else the term's ID.
 */
export function eventClassList(
  state: CalendarState,
  event: EventRecord,
  tags: number[],
  categories: number[],
): string[] {
  const slugClass = (taxonomy: Taxonomy, id: number) => {
    const slug = htmlClass(state.terms(taxonomy).get(id)?.slug ?? '')
    return /^\d+$/u.test(slug) || slug.replace(/^-+|-+$/gu, '') === '' ? String(id) : slug
  }
  return [
    `post-${event.id}`,
    'tribe_events',
    'type-tribe_events',
    `status-${event.status}`,
    ...(typeof event.image === 'number' && event.image > 0 ? ['has-post-thumbnail'] : []),
    'hentry',
    ...tags.map((id) => `tag-${slugClass('tag', id)}`),
    ...categories.map((id) => htmlClass(`tribe_events_cat-${slugClass('category', id)}`) || `tribe_events_cat-${id}`),
    ...categories.map((id) => {
      const term = state.categories.get(id)
      return `cat_${htmlClass(term?.slug ?? '') || (term?.term_taxonomy_id ?? id)}`
    }),
  ]
}

/** `sanitize_html_class()`: percent escapes out, then everything but letters, digits, `_` and `-`. */
function htmlClass(text: string): string {
  return text.replace(/%[a-fA-F0-9]{2}/gu, '').replace(/[^A-Za-z0-9_-]/gu, '')
}
