import type { H3, H3Event } from 'h3'
import type { Calendar } from '../../core/calendar.js'
import { CalendarError } from '../../core/errors.js'
import { COLLECTION_OF, type ServedPostKind } from '../../core/model/kinds.js'
import { canRead, canWrite } from '../../core/resources/access.js'
import { POST_TYPES } from '../../core/resources/post-shape.js'
import type { View } from '../../core/resources/view.js'
import { parseQuery } from '../request/params.js'
import { errorResponse, json } from '../respond.js'
import { checkArguments } from '../wordpress/rest-server/argument-checks.js'
import { REST_ROOT, type ViewOf } from '../wordpress/rest-server/rest-namespace.js'
import { CONTEXT_ARGUMENT, collectionPage, pageLinks } from './post-collection.js'
import { type AnyPost, permalinkOf, wpPost } from './wp-post.js'

/**
 * WordPress's own REST routes for TEC's post types (`WP_REST_Posts_Controller`, as TEC registers `tribe_events`,
 * `tribe_venue` and `tribe_organizer` with `show_in_rest`), read only: `GET /wp-json/wp/v2/<type>` (a page of
 * posts, `X-WP-Total`, `X-WP-TotalPages`, `Link` to the other pages: post-collection.ts) and
 * `GET /wp-json/wp/v2/<type>/<id>`, in the `view` context, over the same records as REST v1 and tec/v1
 * (docs/wordpress.md#wpv2). As WordPress's server does: refused credentials first (401), then the arguments (400),
 * then the permission (401 anonymous, 403 signed in); HEAD as GET; `Allow` the methods served.
 *
 * @example
 * mountWpV2Posts(app, calendar, viewOf)
 * await app.request('/wp-json/wp/v2/tribe_events?per_page=2')
 */
export function mountWpV2Posts(app: H3, calendar: Calendar, viewOf: ViewOf): void {
  for (const kind of POST_KINDS) {
    const base = `${REST_ROOT}/wp/v2/${POST_TYPES[kind]}`
    const collection = (event: H3Event) =>
      answer(calendar, viewOf, event, (view) => listAnswer(calendar, kind, event, view))
    const single = (event: H3Event) =>
      answer(calendar, viewOf, event, (view) => readAnswer(calendar, kind, event, view))
    for (const method of ['GET', 'HEAD'] as const) {
      app.on(method, base, collection)
      app.on(method, `${base}/:id`, single)
    }
  }
}

/** The methods calfile serves on these routes, which `Allow` and each post's `targetHints` list. */
const SERVED_METHODS = ['GET'] as const

function answer(calendar: Calendar, viewOf: ViewOf, event: H3Event, respond: (view: View) => Response): Response {
  const view = viewOf(calendar, event)
  if (view.rejected) return errorResponse(view.rejected)
  event.context.allow = SERVED_METHODS.join(', ')
  try {
    return respond(view)
  } catch (error) {
    if (!(error instanceof CalendarError)) throw error
    return errorResponse(error)
  }
}

function listAnswer(calendar: Calendar, kind: ServedPostKind, event: H3Event, view: View): Response {
  const page = collectionPage(calendar.state, kind, parseQuery(event.url), view, calendar.now())
  // `get_items_permissions_check()`: the edit context is for those who may edit posts of the type.
  if (page.context === 'edit' && !canWrite(view))
    throw forbidden(view, 'rest_forbidden_context', 'Sorry, you are not allowed to edit posts in this post type.')
  const body = page.posts.map((post) => wpPost(calendar.state, kind, post, view, SERVED_METHODS))
  const headers: Record<string, string> = { 'X-WP-Total': String(page.total), 'X-WP-TotalPages': String(page.pages) }
  const links = pageLinks(event.url, view.origin, page.page, page.pages)
  if (links) headers.Link = links
  return json(body, 200, headers)
}

function readAnswer(calendar: Calendar, kind: ServedPostKind, event: H3Event, view: View): Response {
  const { context } = checkArguments(parseQuery(event.url), CONTEXT_ARGUMENT)
  const post = postById(calendar, kind, event.context.params?.id)
  if (context === 'edit' && !canWrite(view))
    throw forbidden(view, 'rest_forbidden_context', 'Sorry, you are not allowed to edit this post.')
  if (!canRead(view, post)) throw forbidden(view, 'rest_forbidden', 'Sorry, you are not allowed to do that.')
  const body = wpPost(calendar.state, kind, post, view, SERVED_METHODS)
  // An event's page is its alternate, in place of the API's link (`WP_REST_Posts_Controller::get_item()`):
  // WordPress sends it for the post types it may show, and TEC's venues and organizers are not among them.
  const headers: Record<string, string> =
    kind === 'event' ? { Link: `<${permalinkOf(view, kind, post)}>; rel="alternate"; type=text/html` } : {}
  return json(body, 200, headers)
}

/** The post of `kind` at an ID of the path, or 404 `rest_post_invalid_id` (`get_post()`). */
function postById(calendar: Calendar, kind: ServedPostKind, id: string | undefined): AnyPost {
  const post = /^\d+$/u.test(id ?? '') ? calendar.state[COLLECTION_OF[kind]].get(Number(id)) : undefined
  if (!post) throw new CalendarError('rest_post_invalid_id', 404, 'Invalid post ID.')
  return post
}

/** TEC's three post types, in the order TEC registers them. */
const POST_KINDS: readonly ServedPostKind[] = ['event', 'venue', 'organizer']

/** A refused permission: 401 to nobody, 403 to a user who may not (`rest_authorization_required_code()`). */
function forbidden(view: View, code: string, message: string): CalendarError {
  return new CalendarError(code, view.user ? 403 : 401, message)
}
