import type { H3, H3Event } from 'h3'
import type { Calendar } from '../../core/calendar.js'
import { CalendarError, noRoute } from '../../core/errors.js'
import { COLLECTION_OF } from '../../core/model/kinds.js'
import { canEdit, canRead, refused } from '../../core/resources/access.js'
import { tecRules } from '../../core/resources/tec-versions.js'
import type { View } from '../../core/resources/view.js'
import { parseQuery } from '../request/params.js'
import { errorResponse, json } from '../respond.js'
import { type ArgumentSchema, checkArguments } from '../wordpress/rest-server/argument-checks.js'
import { REST_ROOT, type ViewOf } from '../wordpress/rest-server/rest-namespace.js'
import { viewerCan } from '../wordpress/users/viewer-capabilities.js'
import { CONTEXT_ARGUMENT, collectionArguments, pageLinks } from './posts/post-collection.js'
import type { AnyPost } from './posts/wp-post.js'

/**
 * `GET /wp-json/wp/v2/comments` and `/wp/v2/comments/<id>` (`WP_REST_Comments_Controller`), read only. calfile keeps
 * no comments (docs/wordpress.md#comments): TEC's posts have none on a fresh site, and a comment is not part of a
 * calendar. So every collection that passes WordPress's checks is empty, and every comment ID is unknown — which is
 * what an event's `replies` link (TEC 6.10.0 keeps comments open on events) leads to, and why `_embed` leaves
 * `replies` out, as WordPress leaves out an empty list. The checks are WordPress's, in its order: the arguments
 * (`get_collection_params()`), then `get_items_permissions_check()` — a post the viewer may not read, post 0 without
 * `moderate_comments`, the edit context without it, and the arguments only editors may filter by.
 *
 * @example
 * mountWpV2Comments(app, calendar, viewOf)
 * await app.request('/wp-json/wp/v2/comments?post=5') // [] with X-WP-Total: 0
 */
export function mountWpV2Comments(app: H3, calendar: Calendar, viewOf: ViewOf): void {
  const base = `${REST_ROOT}/wp/v2/comments`
  for (const method of ['GET', 'HEAD'] as const) {
    app.on(method, base, (event) => answer(calendar, viewOf, event, listAnswer))
    app.on(method, `${base}/:id`, (event) => answer(calendar, viewOf, event, readAnswer))
  }
}

const IDS = (description: string, empty: boolean): ArgumentSchema => ({
  description,
  type: 'array',
  items: { type: 'integer' },
  ...(empty ? { default: [] } : {}),
})

/**
 * The arguments of the comments collection (`WP_REST_Comments_Controller::get_collection_params()`), in its order,
 * with WordPress's defaults; `status` and `type` are declared with a `validate_callback`, as are the paging ones.
 */
export const COMMENT_COLLECTION_ARGUMENTS: Readonly<Record<string, ArgumentSchema>> = (() => {
  // What the comments collection shares with the posts' (`WP_REST_Controller::get_collection_params()`, and the
  // same words for the rest).
  const { page, per_page, search, exclude, include, offset, order } = collectionArguments('venue') as Record<
    'page' | 'per_page' | 'search' | 'exclude' | 'include' | 'offset' | 'order',
    ArgumentSchema
  >
  const date = (description: string): ArgumentSchema => ({ description, type: 'string', format: 'date-time' })
  const key = (description: string, fallback: string): ArgumentSchema => ({
    description,
    type: 'string',
    default: fallback,
    validated: true,
  })
  return {
    ...CONTEXT_ARGUMENT,
    ...{ page, per_page, search },
    after: date('Limit response to comments published after a given ISO8601 compliant date.'),
    author: IDS('Limit result set to comments assigned to specific user IDs. Requires authorization.', false),
    author_exclude: IDS(
      'Ensure result set excludes comments assigned to specific user IDs. Requires authorization.',
      false,
    ),
    author_email: {
      description: 'Limit result set to that from a specific author email. Requires authorization.',
      type: 'string',
      format: 'email',
      default: null,
    },
    before: date('Limit response to comments published before a given ISO8601 compliant date.'),
    ...{ exclude, include, offset, order },
    orderby: {
      description: 'Sort collection by comment attribute.',
      type: 'string',
      enum: ['date', 'date_gmt', 'id', 'include', 'post', 'parent', 'type'],
      default: 'date_gmt',
    },
    parent: IDS('Limit result set to comments of specific parent IDs.', true),
    parent_exclude: IDS('Ensure result set excludes specific parent IDs.', true),
    post: IDS('Limit result set to comments assigned to specific post IDs.', true),
    status: key('Limit result set to comments assigned a specific status. Requires authorization.', 'approve'),
    type: key('Limit result set to comments assigned a specific type. Requires authorization.', 'comment'),
    password: { description: 'The password for the post if it is password protected.', type: 'string' },
  }
})()

/** The arguments of one comment (`WP_REST_Comments_Controller::register_routes()`). */
export const COMMENT_ARGUMENTS: Readonly<Record<string, ArgumentSchema>> = {
  ...CONTEXT_ARGUMENT,
  password: {
    description: 'The password for the parent post of the comment (if the post is password protected).',
    type: 'string',
  },
}

type Responder = (calendar: Calendar, event: H3Event, view: View, args: Record<string, unknown>) => Response

function answer(calendar: Calendar, viewOf: ViewOf, event: H3Event, respond: Responder): Response {
  const view = viewOf(calendar, event)
  if (view.rejected) return errorResponse(view.rejected)
  try {
    const id = event.context.params?.id
    // `(?P<id>[\d]+)`: any other name matches no route.
    if (id !== undefined && !/^\d+$/u.test(id)) throw noRoute()
    const args = checkArguments(
      parseQuery(event.url),
      id === undefined ? COMMENT_COLLECTION_ARGUMENTS : COMMENT_ARGUMENTS,
    )
    return respond(calendar, event, view, args)
  } catch (error) {
    if (!(error instanceof CalendarError)) throw error
    return errorResponse(error)
  }
}

function listAnswer(calendar: Calendar, event: H3Event, view: View, args: Record<string, unknown>): Response {
  const refusal = listRefusal(calendar, view, args)
  if (refusal) throw refusal
  // `Allow`: only the read is served (WordPress adds POST where the viewer may comment).
  event.context.allow = 'GET'
  const headers: Record<string, string> = { 'X-WP-Total': '0', 'X-WP-TotalPages': '0' }
  const links = pageLinks(event.url, view.origin, args.page as number, 0)
  if (links) headers.Link = links
  return json([], 200, headers)
}

/** `get_item_permissions_check()` looks the comment up first: none exists. */
function readAnswer(): Response {
  throw new CalendarError('rest_comment_invalid_id', 404, 'Invalid comment ID.')
}

/** The arguments only those who may `edit_posts` may filter by, with the value each takes when not sent. */
const PROTECTED: ReadonlyArray<readonly [string, unknown]> = [
  ['author', undefined],
  ['author_exclude', undefined],
  ['author_email', undefined],
  ['type', 'comment'],
  ['status', 'approve'],
]

/**
 * `get_items_permissions_check()`, in its order: each post named that the viewer may not read
 * (`check_read_post_permission()`; an ID of no TEC post is no refusal), or post 0 without `moderate_comments`;
 * under WordPress 7.0.4 notes (`type=note`, which TEC's post types do not support); the edit context without
 * `moderate_comments`; then, without `edit_posts`, a protected argument other than its default. 401 to nobody,
 * 403 to a signed-in user.
 */
function listRefusal(calendar: Calendar, view: View, args: Record<string, unknown>): CalendarError | undefined {
  const note = sanitizeKey(args.type) === 'note' && tecRules(calendar.state.settings).wordpress === '7.0.4'
  const forbidden = viewerCan(view, 'edit_posts') && !note ? [] : forbiddenParams(args)
  for (const id of args.post as number[]) {
    const post = postWithId(calendar, id)
    if (post && !canRead(view, post))
      return refused(view, 'rest_cannot_read_post', 'Sorry, you are not allowed to read the post for this comment.')
    if (id === 0 && !viewerCan(view, 'moderate_comments'))
      return refused(view, 'rest_cannot_read', 'Sorry, you are not allowed to read comments without a post.')
    if (post && note) {
      if (canEdit(view, post))
        return new CalendarError(
          'rest_comment_not_supported_post_type',
          403,
          'Sorry, this post type does not support notes.',
        )
      return refused(view, 'rest_forbidden_param', `Query parameter not permitted: ${forbidden.join(', ')}`)
    }
  }
  if (args.context === 'edit' && !viewerCan(view, 'moderate_comments'))
    return refused(view, 'rest_forbidden_context', 'Sorry, you are not allowed to edit comments.')
  if (!viewerCan(view, 'edit_posts') && forbidden.length > 0)
    return refused(view, 'rest_forbidden_param', `Query parameter not permitted: ${forbidden.join(', ')}`)
  return undefined
}

function forbiddenParams(args: Record<string, unknown>): string[] {
  return PROTECTED.filter(([name, fallback]) => {
    const value = args[name]
    if (fallback !== undefined) return sanitizeKey(value) !== fallback
    return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null && value !== ''
  }).map(([name]) => name)
}

/** `sanitize_key()`: lower case, and only `a-z`, `0-9`, `_` and `-` kept. */
function sanitizeKey(value: unknown): string {
  return String(value ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]/gu, '')
}

/** `get_post()` over TEC's posts, by the state's index of post IDs. */
function postWithId(calendar: Calendar, id: number): AnyPost | undefined {
  const kind = calendar.state.postKind(id)
  return kind === undefined || kind === 'media' ? undefined : calendar.state[COLLECTION_OF[kind]].get(id)
}
