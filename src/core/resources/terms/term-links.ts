import type { Taxonomy } from '../../model/kinds.js'
import type { TermRecord } from '../../model/records.js'
import type { CalendarState } from '../../model/state.js'
import { mayEditTermsInWordPress } from '../access.js'
import { tecRules } from '../tec-versions.js'
import type { View } from '../view.js'
import { shapeTerm, TAXONOMY_NAMES } from './term-shape.js'

/**
 * WordPress's `_links` on the single answers of TEC's term routes (read, create, update; not lists, not delete).
 * TEC answers those with the response of WordPress's own term controller, whose links it keeps, so they point to
 * WordPress's REST API (`<origin>/wp-json/wp/v2/…`), not to TEC's. calfile does not serve those URLs: it gives the
 * links as TEC does, for clients that read them.
 */

/**
 * WordPress's REST base of each taxonomy (`rest_base` of `tribe_events_cat` and `post_tag`): its routes are
 * `/wp-json/wp/v2/<base>`.
 *
 * @example
 * TERM_REST_BASES.tag // 'tags'
 */
export const TERM_REST_BASES: Readonly<Record<Taxonomy, string>> = { category: 'tribe_events_cat', tag: 'tags' }

/** The methods of WordPress's single-term route, in its handlers' order: read, then edit, then delete. */
const READ = ['GET'] as const
const EDIT = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/** WordPress's compact URI for its own relations (`WP_REST_Response::get_curies()`). */
const CURIE = { name: 'wp', href: 'https://api.w.org/{rel}', templated: true } as const

/**
 * A term's URL on WordPress's REST API, `<origin>/wp-json/wp/v2/<rest base>/<id>` (`rest_get_route_for_term()`),
 * e.g. `http://127.0.0.1:3000/wp-json/wp/v2/tribe_events_cat/5`.
 */
function wordpressTermUrl(view: View, taxonomy: Taxonomy, id: number): string {
  return `${wordpressRoot(view)}/${TERM_REST_BASES[taxonomy]}/${id}`
}

function wordpressRoot(view: View): string {
  return `${view.origin}/wp-json/wp/v2`
}

/**
 * The `_links` of a term in WordPress's compact form (`WP_REST_Terms_Controller::prepare_links()`, then
 * `WP_REST_Server::get_compact_response_links()`): `self` with the methods the viewer may use there as
 * `targetHints.allow` (`WP_REST_Server::get_target_hints_for_link()`, which asks the route's permission checks),
 * `collection`, `about`, `up` when the parent category exists, `wp:post_type` (the posts of each post type that
 * carry the term), and `curies`. `self` is also where a create's `Location` points.
 *
 * @example
 * termLinks(state, jazz, 'category', view).up // [{ embeddable: true, href: '<origin>/wp-json/wp/v2/tribe_events_cat/5' }]
 */
export function termLinks(state: CalendarState, term: TermRecord, taxonomy: Taxonomy, view: View) {
  const root = wordpressRoot(view)
  const hasParent = term.parent !== 0 && state.terms(taxonomy).get(term.parent) !== undefined
  return {
    // One link, typed so: a create's `Location` is its `href`.
    self: [
      {
        href: wordpressTermUrl(view, taxonomy, term.id),
        targetHints: { allow: mayEditTermsInWordPress(view, taxonomy) ? EDIT : READ },
      },
    ] as const,
    collection: [{ href: `${root}/${TERM_REST_BASES[taxonomy]}` }],
    about: [{ href: `${root}/taxonomies/${TAXONOMY_NAMES[taxonomy]}` }],
    ...(hasParent ? { up: [{ embeddable: true, href: wordpressTermUrl(view, taxonomy, term.parent) }] } : {}),
    'wp:post_type': tecRules(state.settings).termPostTypes[taxonomy].map((type) => ({
      href: `${root}/${type}?${TERM_REST_BASES[taxonomy]}=${term.id}`,
    })),
    curies: [CURIE],
  }
}

/**
 * A term as the single answers of the term routes show it (read, create, update): `shapeTerm` and its `_links`
 * last; lists and the answer to a delete have no `_links`.
 */
export function shapeSingleTerm(state: CalendarState, term: TermRecord, taxonomy: Taxonomy, view: View) {
  return { ...shapeTerm(state, term, taxonomy, view), _links: termLinks(state, term, taxonomy, view) }
}
