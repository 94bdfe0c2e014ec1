import type { H3, H3Event, HTTPMethod } from 'h3'
import type { Calendar } from '../../../core/calendar.js'
import { CalendarError } from '../../../core/errors.js'
import type { ServedPostKind } from '../../../core/model/kinds.js'
import { canEdit, canRead, canWrite, refused } from '../../../core/resources/access.js'
import { POST_TYPES } from '../../../core/resources/posts/post-shape.js'
import type { View } from '../../../core/resources/view.js'
import { parseQuery } from '../../request/params.js'
import { errorResponse, json } from '../../respond.js'
import { checkArguments } from '../../wordpress/rest-server/argument-checks.js'
import { REST_ROOT, type ViewOf } from '../../wordpress/rest-server/rest-namespace.js'
import { CONTEXT_ARGUMENT, collectionPage, pageLinks } from './post-collection.js'
import { createAnswer, deleteAnswer, updateAnswer } from './post-write-routes.js'
import { mountWpV2Revisions } from './revision-routes.js'
import { type PostContext, permalinkOf, postAt, postById, postMethods, wpPost } from './wp-post.js'

/**
 * WordPress's own REST routes for TEC's post types (`WP_REST_Posts_Controller`, as TEC registers `tribe_events`,
 * `tribe_venue` and `tribe_organizer` with `show_in_rest`), over the same records as REST v1 and tec/v1
 * (docs/wordpress.md#wpv2): `GET /wp-json/wp/v2/<type>` (a page of posts, `X-WP-Total`, `X-WP-TotalPages`, `Link`
 * to the other pages: post-collection.ts) and `POST` (a create), `GET /wp-json/wp/v2/<type>/<id>`, `POST`, `PUT`
 * and `PATCH` (an update) and `DELETE` (to the trash, or for good with `force`: post-write-routes.ts). As
 * WordPress's server does: refused credentials first (401), then the arguments (400), then the permission (401
 * anonymous, 403 signed in); HEAD as GET; `Allow` the methods the viewer may use. Each post's revisions beside
 * them (revision-routes.ts).
 *
 * @example
 * mountWpV2Posts(app, calendar, viewOf)
 * await app.request('/wp-json/wp/v2/tribe_events?per_page=2')
 */
export function mountWpV2Posts(app: H3, calendar: Calendar, viewOf: ViewOf): void {
  for (const kind of POST_KINDS) {
    const base = `${REST_ROOT}/wp/v2/${POST_TYPES[kind]}`
    const on = (methods: readonly HTTPMethod[], path: string, respond: Responder) => {
      for (const method of methods) app.on(method, path, (event) => answer(calendar, viewOf, kind, event, respond))
    }
    on(['GET', 'HEAD'], base, listAnswer)
    on(['POST'], base, createAnswer)
    on(['GET', 'HEAD'], `${base}/:id`, readAnswer)
    on(['POST', 'PUT', 'PATCH'], `${base}/:id`, updateAnswer)
    on(['DELETE'], `${base}/:id`, deleteAnswer)
  }
  mountWpV2Revisions(app, calendar, viewOf)
}

/** One route's answer to a viewer whose credentials passed. */
type Responder = (calendar: Calendar, kind: ServedPostKind, event: H3Event, view: View) => Promise<Response> | Response

async function answer(
  calendar: Calendar,
  viewOf: ViewOf,
  kind: ServedPostKind,
  event: H3Event,
  respond: Responder,
): Promise<Response> {
  const view = viewOf(calendar, event)
  if (view.rejected) return errorResponse(view.rejected)
  try {
    return await respond(calendar, kind, event, view)
  } catch (error) {
    if (!(error instanceof CalendarError)) throw error
    return errorResponse(error)
  } finally {
    // WordPress works `Allow` out once the request is answered, from the state the answer left.
    event.context.allow = allowedMethods(calendar, kind, event, view).join(', ')
  }
}

/**
 * The methods the viewer may use on the route (`rest_send_allow_header()`: each method's permission check, with the
 * request's arguments): on a collection `GET` (in the `edit` context only for those who may edit posts), and `POST`
 * for those who may create posts; on a post, none when there is no such post, `GET` to those who may read it (in the
 * `edit` context, edit it), and the writes to those who may edit it.
 *
 * @example
 * allowedMethods(calendar, 'event', event, adminView) // ['GET', 'POST'] on /wp-json/wp/v2/tribe_events
 */
export function allowedMethods(calendar: Calendar, kind: ServedPostKind, event: H3Event, view: View): string[] {
  const edit = parseQuery(event.url).context === 'edit'
  const id = event.context.params?.id
  if (id === undefined) return [...(edit && !canWrite(view) ? [] : ['GET']), ...(canWrite(view) ? ['POST'] : [])]
  const post = postAt(calendar, kind, id)
  if (!post) return []
  const readable = canRead(view, post) && (!edit || canEdit(view, post))
  return [...(readable ? ['GET'] : []), ...postMethods(view, post).filter((method) => method !== 'GET')]
}

function listAnswer(calendar: Calendar, kind: ServedPostKind, event: H3Event, view: View): Response {
  const page = collectionPage(calendar.state, kind, parseQuery(event.url), view, calendar.now())
  // `get_items_permissions_check()`: the edit context is for those who may edit posts of the type.
  if (page.context === 'edit' && !canWrite(view))
    throw refused(view, 'rest_forbidden_context', 'Sorry, you are not allowed to edit posts in this post type.')
  const context = page.context as PostContext
  const body = page.posts.map((post) => wpPost(calendar.state, kind, post, view, postMethods(view, post), context))
  const headers: Record<string, string> = { 'X-WP-Total': String(page.total), 'X-WP-TotalPages': String(page.pages) }
  const links = pageLinks(event.url, view.origin, page.page, page.pages)
  if (links) headers.Link = links
  return json(body, 200, headers)
}

function readAnswer(calendar: Calendar, kind: ServedPostKind, event: H3Event, view: View): Response {
  const { context } = checkArguments(parseQuery(event.url), CONTEXT_ARGUMENT)
  const post = postById(calendar, kind, event.context.params?.id)
  if (context === 'edit' && !canWrite(view))
    throw refused(view, 'rest_forbidden_context', 'Sorry, you are not allowed to edit this post.')
  if (!canRead(view, post)) throw refused(view, 'rest_forbidden', 'Sorry, you are not allowed to do that.')
  const body = wpPost(calendar.state, kind, post, view, postMethods(view, post), context as PostContext)
  // An event's page is its alternate, in place of the API's link (`WP_REST_Posts_Controller::get_item()`):
  // WordPress sends it for the post types it may show, and TEC's venues and organizers are not among them.
  const headers: Record<string, string> =
    kind === 'event' ? { Link: `<${permalinkOf(view, kind, post)}>; rel="alternate"; type=text/html` } : {}
  return json(body, 200, headers)
}

/** TEC's three post types, in the order TEC registers them. */
const POST_KINDS: readonly ServedPostKind[] = ['event', 'venue', 'organizer']
