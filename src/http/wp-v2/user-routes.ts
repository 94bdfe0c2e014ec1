import type { H3, H3Event } from 'h3'
import type { Calendar } from '../../core/calendar.js'
import { CalendarError, noRoute } from '../../core/errors.js'
import { COLLECTION_OF, type ServedPostKind } from '../../core/model/kinds.js'
import type { UserRecord } from '../../core/model/user-record.js'
import { refused } from '../../core/resources/access.js'
import { POST_TYPES } from '../../core/resources/posts/post-shape.js'
import { tecRules, type WordPressRelease } from '../../core/resources/tec-versions.js'
import { invalidUser, userById } from '../../core/resources/users.js'
import type { View } from '../../core/resources/view.js'
import { parseQuery } from '../request/params.js'
import { errorResponse, json } from '../respond.js'
import { checkArguments } from '../wordpress/rest-server/argument-checks.js'
import { REST_ROOT, type ViewOf } from '../wordpress/rest-server/rest-namespace.js'
import { type UserContext, userMethods, userObject } from '../wordpress/users/user-object.js'
import { actingRole, viewerCan } from '../wordpress/users/viewer-capabilities.js'
import { WP_V2 } from '../wordpress/wp-v2.js'
import { CONTEXT_ARGUMENT } from './posts/post-collection.js'
import { postTypeCapabilities } from './schema/post-type-traits.js'
import { restPostTypes } from './schema/post-types.js'

/**
 * `GET /wp-json/wp/v2/users/<id>` (`WP_REST_Users_Controller::get_item()`), what a post's `author` link leads to:
 * the user in the `context` asked, as WordPress 7.0.4 (or 6.7.1 under `tec_version` `"6.10"`) answers it. As
 * WordPress's server does: refused credentials first (401), then `context` (400), then the permission
 * (`get_item_permissions_check()`: 404 for an unknown user, then 401 anonymous, 403 signed in); HEAD as GET;
 * `Allow` the methods the viewer may use (`userMethods`) where they pass the permission step. Its writes are
 * user-write-routes.ts. `/users/me` is its own route
 * (src/http/wordpress/users/users-me.ts).
 *
 * @example
 * mountWpV2Users(app, calendar, viewOf)
 * await app.request('/wp-json/wp/v2/users/1')
 */
export function mountWpV2Users(app: H3, calendar: Calendar, viewOf: ViewOf): void {
  const handle = (event: H3Event) => answer(calendar, viewOf, event)
  for (const method of ['GET', 'HEAD'] as const) app.on(method, `${REST_ROOT}/${WP_V2}/users/:id`, handle)
}

function answer(calendar: Calendar, viewOf: ViewOf, event: H3Event): Response {
  const view = viewOf(calendar, event)
  if (view.rejected) return errorResponse(view.rejected)
  try {
    const id = event.context.params?.id ?? ''
    // `(?P<id>[\d]+)`: any other name matches no route.
    if (!/^\d+$/u.test(id)) throw noRoute()
    const query = parseQuery(event.url)
    const release = tecRules(calendar.state.settings).wordpress
    const found = userById(calendar.state, Number(id))
    // WordPress asks the permission callback for `Allow` whatever the arguments, and refuses after checking them.
    const refusal = found === undefined ? invalidUser() : refusalOf(calendar, view, found, query.context, release)
    if (!refusal) event.context.allow = userMethods(view, Number(id)).join(', ')
    const { context } = checkArguments(query, CONTEXT_ARGUMENT) as { context: UserContext }
    if (refusal) throw refusal
    const user = found as UserRecord
    const role = user.id === view.user?.id ? (actingRole(view) ?? user.role) : user.role
    return json(userObject(user, role, context, view, release))
  } catch (error) {
    if (!(error instanceof CalendarError)) throw error
    return errorResponse(error)
  }
}

/**
 * `get_item_permissions_check()`: a user may see themself; others see a user who has published posts, and those
 * who may edit or list users see everyone. The edit context needs, on 7.0.4, the right to edit that user
 * (`rest_forbidden_context`), on 6.7.1 the right to list users (`rest_user_cannot_view`).
 */
function refusalOf(
  calendar: Calendar,
  view: View,
  user: UserRecord,
  context: unknown,
  release: WordPressRelease,
): CalendarError | undefined {
  if (view.user?.id === user.id) return undefined
  const lists = viewerCan(view, 'list_users')
  // `edit_user` of another user is `edit_users` (`map_meta_cap()`).
  const edits = viewerCan(view, 'edit_users')
  if (context === 'edit' && release === '7.0.4' && !edits)
    return refused(view, 'rest_forbidden_context', 'Sorry, you are not allowed to edit this user.')
  const cannotView = () => refused(view, 'rest_user_cannot_view', 'Sorry, you are not allowed to list users.')
  if (context === 'edit' && release === '6.7.1' && !lists) return cannotView()
  if (!edits && !lists && !hasPublishedPosts(calendar, view, user.id, release)) return cannotView()
  return undefined
}

/** TEC's post kinds, whose posts count as a user's. */
const KINDS: readonly ServedPostKind[] = ['event', 'venue', 'organizer']

/**
 * `count_user_posts()` over the post types shown in the REST API, as more than none: the user's published posts,
 * and their private ones where the viewer may read the type's private posts. User 1 has WordPress's first post and
 * sample page (`wp_install_defaults()`).
 */
function hasPublishedPosts(calendar: Calendar, view: View, id: number, release: WordPressRelease): boolean {
  if (id === 1) return true
  const types = restPostTypes(release)
  return KINDS.some((kind) => {
    const type = types.find((candidate) => candidate.slug === POST_TYPES[kind])
    const readsPrivate = type !== undefined && viewerCan(view, postTypeCapabilities(type).read_private_posts as string)
    for (const post of calendar.state[COLLECTION_OF[kind]].values())
      if (post.author === id && (post.status === 'publish' || (post.status === 'private' && readsPrivate))) return true
    return false
  })
}
