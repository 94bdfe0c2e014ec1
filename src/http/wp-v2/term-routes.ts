import type { H3, H3Event, HTTPMethod } from 'h3'
import type { Calendar } from '../../core/calendar.js'
import { CalendarError } from '../../core/errors.js'
import { COLLECTION_OF, type Taxonomy } from '../../core/model/kinds.js'
import { canManageTerms } from '../../core/resources/access.js'
import { TERM_REST_BASES, termLinks } from '../../core/resources/terms/term-links.js'
import { termQuerySchema } from '../../core/resources/terms/term-query.js'
import type { TermResponse } from '../../core/resources/terms/terms.js'
import { TERM_ARGS, TermBodySchema } from '../../core/resources/terms/terms.js'
import type { View } from '../../core/resources/view.js'
import { httpWriteMode } from '../../core/resources/write-mode.js'
import { phpBool } from '../php/type-juggling.js'
import { checkedBody, checkQuery } from '../request/checked-input.js'
import { parseQuery } from '../request/params.js'
import { bodyOf } from '../request/request-body.js'
import { errorResponse, json } from '../respond.js'
import { REST_ROOT, type ViewOf } from '../wordpress/rest-server/rest-namespace.js'
import { pageLinks } from './posts/post-collection.js'

/**
 * WordPress's own REST routes for TEC's taxonomies (`WP_REST_Terms_Controller` for `tribe_events_cat` and
 * `post_tag`, at `/wp-json/wp/v2/tribe_events_cat` and `/wp-json/wp/v2/tags`): list, read, create, update
 * (POST, PUT, PATCH) and delete, over the terms REST v1 serves and by the same rules — TEC's term endpoints are this
 * very controller under its own namespace — but in WordPress's envelope: a list is the plain array of terms with
 * `X-WP-Total`, `X-WP-TotalPages` and `Link`, and shows the empty terms (`hide_empty` is false unless asked); a term
 * is `link` where REST v1 has `url` and `urls`, with its `_links`; a delete needs `force=true` (terms have no trash:
 * 501 `rest_trash_not_supported`) and answers `{ deleted, previous }`; an unknown ID is 404 `rest_term_invalid`.
 *
 * @example
 * mountWpV2Terms(app, calendar, viewOf)
 * await app.request('/wp-json/wp/v2/tribe_events_cat?post=12')
 */
export function mountWpV2Terms(app: H3, calendar: Calendar, viewOf: ViewOf): void {
  for (const taxonomy of ['category', 'tag'] as const) {
    const base = `${REST_ROOT}/wp/v2/${TERM_REST_BASES[taxonomy]}`
    const on = (methods: readonly HTTPMethod[], path: string, handle: Handler) => {
      for (const method of methods) app.on(method, path, (event) => answer(calendar, viewOf, event, taxonomy, handle))
    }
    on(['GET', 'HEAD'], base, listAnswer)
    on(['POST'], base, refusedAs('create', createAnswer))
    on(['GET', 'HEAD'], `${base}/:id`, readAnswer)
    on(['POST', 'PUT', 'PATCH'], `${base}/:id`, refusedAs('update', updateAnswer))
    on(['DELETE'], `${base}/:id`, refusedAs('delete', deleteAnswer))
  }
}

type Handler = (calendar: Calendar, taxonomy: Taxonomy, event: H3Event, view: View) => Promise<Response> | Response

async function answer(
  calendar: Calendar,
  viewOf: ViewOf,
  event: H3Event,
  taxonomy: Taxonomy,
  handle: Handler,
): Promise<Response> {
  const view = viewOf(calendar, event)
  if (view.rejected) return errorResponse(view.rejected)
  try {
    return await handle(calendar, taxonomy, event, view)
  } catch (error) {
    if (!(error instanceof CalendarError)) throw error
    return errorResponse(asWordPress(error))
  } finally {
    // `rest_send_allow_header()`, once the request is answered: none at the ID of no term, the writes for those
    // who may manage the taxonomy's terms.
    const single = event.context.params?.id !== undefined
    const methods = canManageTerms(view) ? (single ? 'GET, POST, PUT, PATCH, DELETE' : 'GET, POST') : 'GET'
    event.context.allow = single && !calendar.state.terms(taxonomy).get(termId(event)) ? '' : methods
  }
}

function listAnswer(calendar: Calendar, taxonomy: Taxonomy, event: H3Event, view: View): Response {
  // WordPress's terms controller shows the empty terms unless asked not to; TEC's REST v1 hides them.
  const query: Record<string, unknown> = { hide_empty: 'false', ...parseQuery(event.url) }
  checkQuery(termQuerySchema(taxonomy), event.url)
  const page = calendar[COLLECTION_OF[taxonomy]].list(query, view)
  const terms = (page.body as unknown as Record<string, TermResponse[]>)[COLLECTION_OF[taxonomy]] ?? []
  const number = Number(query.page ?? 1)
  const headers: Record<string, string> = {
    'X-WP-Total': String(page.body.total),
    'X-WP-TotalPages': String(page.body.total_pages),
  }
  const links = pageLinks(event.url, view.origin, number, page.body.total_pages)
  if (links) headers.Link = links
  const embed = query.context === 'embed'
  return json(
    terms.map((term) => inContext(wpTerm(calendar, taxonomy, term, view), embed)),
    200,
    headers,
  )
}

function readAnswer(calendar: Calendar, taxonomy: Taxonomy, event: H3Event, view: View): Response {
  const term = calendar[COLLECTION_OF[taxonomy]].get(termId(event), view)
  return json(inContext(wpTerm(calendar, taxonomy, term, view), parseQuery(event.url).context === 'embed'))
}

async function createAnswer(calendar: Calendar, taxonomy: Taxonomy, event: H3Event, view: View): Promise<Response> {
  const body = await checkedBody(event, { body: TermBodySchema, args: TERM_ARGS })
  const mode = httpWriteMode(calendar.state.settings)
  const term = await calendar[COLLECTION_OF[taxonomy]].create(body, view, mode)
  // The term's own link is where WordPress's `Location` points (`create_item()`), as REST v1's create sends it.
  return json(wpTerm(calendar, taxonomy, term, view), 201, { Location: term._links.self[0].href })
}

async function updateAnswer(calendar: Calendar, taxonomy: Taxonomy, event: H3Event, view: View): Promise<Response> {
  const body = await checkedBody(event, { body: TermBodySchema, args: TERM_ARGS })
  const mode = httpWriteMode(calendar.state.settings)
  const term = await calendar[COLLECTION_OF[taxonomy]].update(termId(event), body, view, mode)
  return json(wpTerm(calendar, taxonomy, term, view))
}

async function deleteAnswer(calendar: Calendar, taxonomy: Taxonomy, event: H3Event, view: View): Promise<Response> {
  const body = (await bodyOf(event)) as Record<string, unknown> | undefined
  const force = parseQuery(event.url).force ?? body?.force
  // `WP_REST_Terms_Controller::delete_item()`: terms have no trash.
  if (!phpBool(force))
    throw new CalendarError(
      'rest_trash_not_supported',
      501,
      "Terms do not support trashing. Set 'force=true' to delete.",
    )
  const collection = calendar[COLLECTION_OF[taxonomy]]
  const previous = wpTerm(calendar, taxonomy, collection.get(termId(event), view), view)
  await collection.delete(termId(event), view)
  const { _links, ...data } = previous
  return json({ deleted: true, previous: data })
}

/** The term ID of the path: digits, else no term (`rest_term_invalid`). */
function termId(event: H3Event): number {
  const id = event.context.params?.id ?? ''
  return /^\d+$/u.test(id) ? Number(id) : 0
}

/**
 * A term as WordPress's terms controller shows it (`prepare_item_for_response()`): REST v1's term with its archive
 * `link` in place of `url` and `urls`, and its `_links` (`termLinks`).
 */
function wpTerm(
  calendar: Calendar,
  taxonomy: Taxonomy,
  term: TermResponse,
  view: View,
): Record<string, unknown> & { _links?: unknown } {
  const shaped = term as TermResponse & { parent?: number; url: string }
  const record = calendar.state.terms(taxonomy).get(shaped.id)
  return {
    id: shaped.id,
    count: shaped.count,
    description: shaped.description,
    link: shaped.url,
    name: shaped.name,
    slug: shaped.slug,
    taxonomy: shaped.taxonomy,
    ...(taxonomy === 'category' ? { parent: shaped.parent } : {}),
    meta: shaped.meta,
    ...(record ? { _links: termLinks(calendar.state, record, taxonomy, view) } : {}),
  }
}

/** The fields of a term in the `embed` context (`get_item_schema()`), `_links` after them. */
const EMBED_FIELDS = ['id', 'link', 'name', 'slug', 'taxonomy', '_links'] as const

/** A term in the `embed` context (`embed`), where an `_embed` of a post's `wp:term` asks for it, or as it is. */
function inContext(term: Record<string, unknown>, embed: boolean): Record<string, unknown> {
  if (!embed) return term
  return Object.fromEntries(EMBED_FIELDS.filter((key) => key in term).map((key) => [key, term[key]]))
}

/** What the terms controller's permission checks answer who may not write terms (`create_item_permissions_check()`, …). */
const REFUSALS = {
  create: ['rest_cannot_create', 'Sorry, you are not allowed to create terms in this taxonomy.'],
  update: ['rest_cannot_update', 'Sorry, you are not allowed to edit this term.'],
  delete: ['rest_cannot_delete', 'Sorry, you are not allowed to delete this term.'],
} as const

/** A write handler whose refused permission is answered in the terms controller's words for `action`. */
function refusedAs(action: keyof typeof REFUSALS, handle: Handler): Handler {
  return async (calendar, taxonomy, event, view) => {
    try {
      return await handle(calendar, taxonomy, event, view)
    } catch (error) {
      if (!(error instanceof CalendarError) || error.code !== 'rest_forbidden') throw error
      const [code, message] = REFUSALS[action]
      throw new CalendarError(code, error.status, message)
    }
  }
}

/** A term not found, in WordPress's words: 404 `rest_term_invalid` "Term does not exist.". */
function asWordPress(error: CalendarError): CalendarError {
  if (/^rest-(?:category|tag)-not-found$/u.test(error.code))
    return new CalendarError('rest_term_invalid', 404, 'Term does not exist.')
  return error
}
