import type { H3, H3Event } from 'h3'
import type { Calendar } from '../../../core/calendar.js'
import { CalendarError, noRoute } from '../../../core/errors.js'
import type { ServedPostKind } from '../../../core/model/kinds.js'
import type { RevisionRecord } from '../../../core/model/records.js'
import type { CalendarState } from '../../../core/model/state.js'
import { renderContent, renderPostExcerpt, renderTitle } from '../../../core/render/fields.js'
import { canEdit, refused } from '../../../core/resources/access.js'
import { POST_TYPES, postDates } from '../../../core/resources/posts/post-shape.js'
import { revisionsToKeep } from '../../../core/resources/posts/revisions.js'
import { tecRules } from '../../../core/resources/tec-versions.js'
import type { View } from '../../../core/resources/view.js'
import { parseQuery } from '../../request/params.js'
import { errorResponse, json } from '../../respond.js'
import { matchesSearch, ordered } from '../../wordpress/post-query.js'
import { type ArgumentSchema, checkArguments } from '../../wordpress/rest-server/argument-checks.js'
import { REST_ROOT, type ViewOf } from '../../wordpress/rest-server/rest-namespace.js'
import { CONTEXT_ARGUMENT, pageLinks } from './post-collection.js'
import { postMeta } from './post-meta.js'
import { type AnyPost, postAt } from './wp-post.js'

/**
 * The revisions of TEC's posts (`WP_REST_Revisions_Controller`, which WordPress registers for every post type with
 * `revisions` support; docs/data-file.md#revisions): `GET /wp-json/wp/v2/<type>/<parent>/revisions` (all of them,
 * latest first, or a page with `per_page`), `GET /wp-json/wp/v2/<type>/<parent>/revisions/<id>`, and `DELETE` of one,
 * which WordPress refuses everyone (`map_meta_cap()` gives no one `delete_post` on a revision). Those who may edit
 * the parent may see its revisions (`get_items_permissions_check()`); the arguments are checked first, the parent
 * next (404), then the permission (401 anonymous, 403 signed in).
 *
 * @example
 * mountWpV2Revisions(app, calendar, viewOf)
 * await app.request('/wp-json/wp/v2/tribe_events/5/revisions') // [{ id: 9, parent: 5, slug: '5-revision-v1', … }]
 */
export function mountWpV2Revisions(app: H3, calendar: Calendar, viewOf: ViewOf): void {
  for (const kind of ['event', 'venue', 'organizer'] as const) {
    const base = `${REST_ROOT}/wp/v2/${POST_TYPES[kind]}/:parent/revisions`
    const on = (method: 'GET' | 'HEAD' | 'DELETE', path: string, respond: Responder) =>
      app.on(method, path, (event) => answer(calendar, viewOf, kind, event, respond))
    for (const method of ['GET', 'HEAD'] as const) {
      on(method, base, listAnswer)
      on(method, `${base}/:id`, readAnswer)
    }
    on('DELETE', `${base}/:id`, deleteAnswer)
  }
}

/** The arguments of the revisions collection (`WP_REST_Revisions_Controller::get_collection_params()`). */
export const REVISION_COLLECTION_ARGUMENTS: Readonly<Record<string, ArgumentSchema>> = {
  ...CONTEXT_ARGUMENT,
  page: { description: 'Current page of the collection.', type: 'integer', default: 1, minimum: 1, validated: true },
  per_page: {
    description: 'Maximum number of items to be returned in result set.',
    type: 'integer',
    minimum: 1,
    maximum: 100,
    validated: true,
  },
  search: { description: 'Limit results to those matching a string.', type: 'string', validated: true },
  exclude: {
    description: 'Ensure result set excludes specific IDs.',
    type: 'array',
    items: { type: 'integer' },
    default: [],
  },
  include: { description: 'Limit result set to specific IDs.', type: 'array', items: { type: 'integer' }, default: [] },
  offset: { description: 'Offset the result set by a specific number of items.', type: 'integer' },
  order: {
    description: 'Order sort attribute ascending or descending.',
    type: 'string',
    default: 'desc',
    enum: ['asc', 'desc'],
  },
  orderby: {
    description: 'Sort collection by object attribute.',
    type: 'string',
    default: 'date',
    enum: ['date', 'id', 'include', 'relevance', 'slug', 'include_slugs', 'title'],
  },
}

/** The argument of a revision's `DELETE`. */
export const REVISION_DELETE_ARGUMENTS: Readonly<Record<string, ArgumentSchema>> = {
  force: {
    type: 'boolean',
    default: false,
    description: 'Required to be true, as revisions do not support trashing.',
  },
}

type Responder = (state: CalendarState, kind: ServedPostKind, parent: AnyPost, event: H3Event, view: View) => Response

function answer(
  calendar: Calendar,
  viewOf: ViewOf,
  kind: ServedPostKind,
  event: H3Event,
  respond: Responder,
): Response {
  const view = viewOf(calendar, event)
  if (view.rejected) return errorResponse(view.rejected)
  try {
    const { parent: parentId, id } = event.context.params ?? {}
    // `(?P<parent>[\d]+)` and `(?P<id>[\d]+)`: any other name matches no route.
    if (!/^\d+$/u.test(parentId ?? '') || (id !== undefined && !/^\d+$/u.test(id))) throw noRoute()
    const parent = postAt(calendar, kind, parentId)
    const permitted = parent !== undefined && canEdit(view, parent)
    // `rest_send_allow_header()`: GET where the permission passes; no one may delete a revision.
    if (permitted) event.context.allow = 'GET'
    const query = parseQuery(event.url)
    if (event.method === 'DELETE') checkArguments(query, REVISION_DELETE_ARGUMENTS)
    else checkArguments(query, id === undefined ? REVISION_COLLECTION_ARGUMENTS : CONTEXT_ARGUMENT)
    if (!parent) throw new CalendarError('rest_post_invalid_parent', 404, 'Invalid post parent ID.')
    if (!permitted) {
      if (event.method === 'DELETE')
        throw refused(view, 'rest_cannot_delete', 'Sorry, you are not allowed to delete revisions of this post.')
      throw refused(view, 'rest_cannot_read', 'Sorry, you are not allowed to view revisions of this post.')
    }
    return respond(calendar.state, kind, parent, event, view)
  } catch (error) {
    if (!(error instanceof CalendarError)) throw error
    return errorResponse(error)
  }
}

function listAnswer(state: CalendarState, kind: ServedPostKind, parent: AnyPost, event: H3Event, view: View): Response {
  const query = parseQuery(event.url)
  const args = checkArguments(query, REVISION_COLLECTION_ARGUMENTS)
  if (args.orderby === 'relevance' && !args.search)
    throw new CalendarError(
      'rest_no_search_term_defined',
      400,
      'You need to define a search term to order by relevance.',
    )
  const include = args.include as number[]
  if (args.orderby === 'include' && include.length === 0)
    throw new CalendarError(
      'rest_orderby_include_missing_include',
      400,
      'You need to define an include parameter to order by include.',
    )
  const page = args.page as number
  const perPage = args.per_page as number | undefined
  // `wp_revisions_enabled()`: with revisions off the list is empty, however many the file keeps.
  const enabled = revisionsToKeep(state.settings) !== 0
  const exclude = new Set(args.exclude as number[])
  const matching = enabled
    ? state
        .revisionsOf(parent.id)
        .filter((revision) => include.length === 0 || include.includes(revision.id))
        .filter((revision) => !exclude.has(revision.id))
        .filter((revision) => matchesSearch(args.search, [revision.title, revision.excerpt, revision.description]))
    : []
  sortRevisions(matching, args.orderby as string, args.order === 'desc', include)
  const total = matching.length
  const pages = perPage === undefined ? (total > 0 ? 1 : 0) : Math.ceil(total / perPage)
  const offset = typeof args.offset === 'number' ? args.offset : 0
  if (total > 0 && offset >= total)
    throw new CalendarError(
      'rest_revision_invalid_offset_number',
      400,
      'The offset number requested is larger than or equal to the number of available revisions.',
    )
  if (total > 0 && offset === 0 && page > pages)
    throw new CalendarError(
      'rest_revision_invalid_page_number',
      400,
      'The page number requested is larger than the number of pages available.',
    )
  // `WP_Query` pages only with a `posts_per_page`; an offset then wins over the page.
  const start = offset > 0 ? offset : (page - 1) * (perPage ?? 0)
  const shown = perPage === undefined ? matching : matching.slice(start, start + perPage)
  const context = args.context as RevisionContext
  const headers: Record<string, string> = { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(pages) }
  const links = pageLinks(event.url, view.origin, page, pages)
  if (links) headers.Link = links
  const body =
    event.method === 'HEAD' ? [] : shown.map((revision) => revisionObject(state, kind, revision, view, context))
  return json(body, 200, headers)
}

function readAnswer(state: CalendarState, kind: ServedPostKind, parent: AnyPost, event: H3Event, view: View): Response {
  const { context } = checkArguments(parseQuery(event.url), CONTEXT_ARGUMENT)
  const revision = revisionAt(state, parent, event.context.params?.id)
  return json(event.method === 'HEAD' ? {} : revisionObject(state, kind, revision, view, context as RevisionContext))
}

/** `delete_item_permissions_check()`: past the parent's checks, a revision that exists, which no one may delete. */
function deleteAnswer(
  state: CalendarState,
  _kind: ServedPostKind,
  _parent: AnyPost,
  event: H3Event,
  view: View,
): Response {
  if (!state.revisions.get(Number(event.context.params?.id)))
    throw new CalendarError('rest_post_invalid_id', 404, 'Invalid revision ID.')
  throw refused(view, 'rest_cannot_delete', 'Sorry, you are not allowed to delete this revision.')
}

/** The revision of a path ID (`get_revision()`), one of `parent`'s. */
function revisionAt(state: CalendarState, parent: AnyPost, id: string | undefined): RevisionRecord {
  const revision = state.revisions.get(Number(id))
  if (!revision) throw new CalendarError('rest_post_invalid_id', 404, 'Invalid revision ID.')
  if (revision.parent !== parent.id)
    throw new CalendarError(
      'rest_revision_parent_id_mismatch',
      404,
      `The revision does not belong to the specified parent with id of "${parent.id}"`,
    )
  return revision
}

/** As `WP_Query` orders revisions by `orderby` (`date` is `date ID`), ties by ID in the same direction. */
function sortRevisions(revisions: RevisionRecord[], orderby: string, desc: boolean, include: readonly number[]): void {
  if (orderby === 'include') {
    revisions.sort((a, b) => include.indexOf(a.id) - include.indexOf(b.id))
    return
  }
  const key = (revision: RevisionRecord): string | number =>
    orderby === 'id'
      ? revision.id
      : orderby === 'title'
        ? revision.title
        : orderby === 'slug'
          ? slugOf(revision)
          : revision.date
  ordered(revisions, key, desc)
}

type RevisionContext = 'view' | 'embed' | 'edit'

/**
 * A revision as WordPress shows it (`WP_REST_Revisions_Controller::prepare_item_for_response()`), the fields of
 * `context` in its order: dated at its parent's `modified` when saved (and modified then), slug
 * `<parent>-revision-v1`, guid `<site>/?p=<id>`, its texts rendered as the post's are, the parent type's `meta` with
 * no value (a revision keeps none), and a link to its parent.
 *
 * @example
 * revisionObject(state, 'event', revision, view, 'view')
 * // { author: 1, date: '2026-12-07T13:04:12', …, id: 35, parent: 33, slug: '33-revision-v1', guid: { rendered: … }, … }
 */
export function revisionObject(
  state: CalendarState,
  kind: ServedPostKind,
  revision: RevisionRecord,
  view: View,
  context: RevisionContext,
): Record<string, unknown> {
  const { wordpress } = tecRules(state.settings)
  const dates = postDates(state, { date: revision.date, modified: revision.date })
  const iso = (wall: string) => wall.replace(' ', 'T')
  const edit = context === 'edit'
  const guid = `${view.siteUrl}/?p=${revision.id}`
  const content = renderContent(revision.description, wordpress)
  const title = { ...(edit ? { raw: revision.title } : {}), rendered: renderTitle(revision.title) }
  const excerpt = {
    ...(edit ? { raw: revision.excerpt } : {}),
    rendered: revision.excerpt === '' ? '' : renderPostExcerpt(revision.excerpt, '', wordpress),
  }
  const links = { parent: [{ href: `${view.origin}${REST_ROOT}/wp/v2/${POST_TYPES[kind]}/${revision.parent}` }] }
  if (context === 'embed') {
    const { author, id, parent } = revision
    return { author, date: iso(dates.date), id, parent, slug: slugOf(revision), title, excerpt, _links: links }
  }
  return {
    author: revision.author,
    date: iso(dates.date),
    date_gmt: iso(dates.date_utc),
    id: revision.id,
    modified: iso(dates.modified),
    modified_gmt: iso(dates.modified_utc),
    parent: revision.parent,
    slug: slugOf(revision),
    guid: { rendered: guid, ...(edit ? { raw: guid } : {}) },
    title,
    content: { ...(edit ? { raw: revision.description } : {}), rendered: content === '' ? '' : `${content}\n` },
    excerpt,
    meta: postMeta(kind, undefined),
    _links: links,
  }
}

/** `_wp_post_revision_data()`: `<parent>-revision-v1`, the "1" being the revision system's version. */
function slugOf(revision: RevisionRecord): string {
  return `${revision.parent}-revision-v1`
}
