import type { H3, H3Event } from 'h3'
import type { Calendar } from '../../core/calendar.js'
import { CalendarError, noRoute } from '../../core/errors.js'
import type { Role } from '../../core/model/records.js'
import { sanitizeTextField } from '../../core/render/fields.js'
import { slugFromTitle } from '../../core/resources/slugs.js'
import { tecRules } from '../../core/resources/tec-versions.js'
import { type UserProfile, userById } from '../../core/resources/users.js'
import type { View } from '../../core/resources/view.js'
import { parseQuery } from '../request/params.js'
import { bodyOf } from '../request/request-body.js'
import { errorResponse, json } from '../respond.js'
import { type ArgumentSchema, checkArguments } from '../wordpress/rest-server/argument-checks.js'
import { REST_ROOT, type ViewOf } from '../wordpress/rest-server/rest-namespace.js'
import { userMethods, userObject } from '../wordpress/users/user-object.js'
import { WP_V2 } from '../wordpress/wp-v2.js'

/**
 * The writable fields of a user (`WP_REST_Users_Controller::get_item_schema()`, its `EDITABLE` arguments), in
 * WordPress's order, as the index lists them.
 */
export const USER_WRITE_ARGUMENTS: Readonly<Record<string, ArgumentSchema>> = {
  username: { description: 'Login name for the user.', type: 'string' },
  name: { description: 'Display name for the user.', type: 'string' },
  first_name: { description: 'First name for the user.', type: 'string' },
  last_name: { description: 'Last name for the user.', type: 'string' },
  email: { description: 'The email address for the user.', type: 'string', format: 'email' },
  url: { description: 'URL of the user.', type: 'string', format: 'uri' },
  description: { description: 'Description of the user.', type: 'string' },
  locale: { description: 'Locale for the user.', type: 'string', enum: ['', 'en_US'] },
  nickname: { description: 'The nickname for the user.', type: 'string' },
  slug: { description: 'An alphanumeric identifier for the user.', type: 'string' },
  roles: { description: 'Roles assigned to the user.', type: 'array', items: { type: 'string' } },
  password: { description: 'Password for the user (never included).', type: 'string' },
  meta: { description: 'Meta fields.', type: 'object' },
}

/** The arguments of a user's `DELETE` (`WP_REST_Users_Controller::register_routes()`). */
export const USER_DELETE_ARGUMENTS: Readonly<Record<string, ArgumentSchema>> = {
  force: {
    type: 'boolean',
    default: false,
    description: 'Required to be true, as users do not support trashing.',
  },
  reassign: {
    type: 'integer',
    description: "Reassign the deleted user's posts and links to this user ID.",
    required: true,
  },
}

/**
 * `POST`, `PUT` and `PATCH /wp-json/wp/v2/users/<id>` (`update_item()`): the profile fields sent change
 * (`calendar.users.update`), answered in the `edit` context; `DELETE` with `force=true` and `reassign` (a user ID,
 * or `false` to delete their posts with them) deletes the user (`calendar.users.delete`), answered
 * `{ deleted: true, previous }`. calfile signs users in by token, so a `password` is accepted and not kept; a user
 * has one role, the first of `roles`. The fields are read as WordPress stores them: names through
 * `sanitize_text_field()`, the slug through `sanitize_title()`, the URL through `esc_url_raw()`.
 *
 * @example
 * mountWpV2UserWrites(app, calendar, viewOf)
 * await app.request('/wp-json/wp/v2/users/1', { method: 'PATCH', body: JSON.stringify({ description: 'Hi' }), … })
 */
export function mountWpV2UserWrites(app: H3, calendar: Calendar, viewOf: ViewOf): void {
  const path = `${REST_ROOT}/${WP_V2}/users/:id`
  for (const method of ['POST', 'PUT', 'PATCH'] as const)
    app.on(method, path, (event) => answer(calendar, viewOf, event, update))
  app.on('DELETE', path, (event) => answer(calendar, viewOf, event, remove))
}

type Write = (calendar: Calendar, id: number, event: H3Event, view: View) => Promise<Response>

async function answer(calendar: Calendar, viewOf: ViewOf, event: H3Event, write: Write): Promise<Response> {
  const view = viewOf(calendar, event)
  if (view.rejected) return errorResponse(view.rejected)
  try {
    const id = event.context.params?.id ?? ''
    // `(?P<id>[\d]+)`: any other name matches no route.
    if (!/^\d+$/u.test(id)) throw noRoute()
    // WordPress sends `Allow` for the route whenever the user is there, whatever the write's outcome.
    if (userById(calendar.state, Number(id))) event.context.allow = userMethods(view, Number(id)).join(', ')
    return await write(calendar, Number(id), event, view)
  } catch (error) {
    if (!(error instanceof CalendarError)) throw error
    return errorResponse(error)
  }
}

async function update(calendar: Calendar, id: number, event: H3Event, view: View): Promise<Response> {
  const body = await bodyOf(event)
  const params: Record<string, unknown> = {
    ...parseQuery(event.url),
    ...(typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {}),
  }
  const wordpress = tecRules(calendar.state.settings).wordpress
  const user = await calendar.users.update(id, profileOf(checkArguments(params, USER_WRITE_ARGUMENTS), wordpress), view)
  return json(userObject(user, user.role, 'edit', view, wordpress))
}

async function remove(calendar: Calendar, id: number, event: H3Event, view: View): Promise<Response> {
  const { reassign: asked, ...query } = parseQuery(event.url)
  if (asked === undefined) throw missingReassign()
  // `check_reassign()` reads `reassign` (a number, or `false` or nothing for none) as the other arguments are checked.
  const reassign = reassignOf(asked)
  const { force } = checkArguments(query, { force: USER_DELETE_ARGUMENTS.force as ArgumentSchema })
  const wordpress = tecRules(calendar.state.settings).wordpress
  const found = await calendar.users.delete(id, { reassign, force: force === true }, view)
  // `previous` is the response's data, its links apart (`WP_REST_Response::get_data()`).
  const { _links: _apart, ...previous } = userObject(found, found.role, 'edit', view, wordpress)
  return json({ deleted: true, previous })
}

/** `check_reassign()`: a number, or `false` for none (`false`, `'false'`, empty). */
function reassignOf(value: unknown): number | false {
  if (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))))
    return Math.abs(Math.trunc(Number(value))) || false
  if (value === '' || value === false || value === 'false') return false
  throw new CalendarError('rest_invalid_param', 400, 'Invalid parameter(s): reassign', {
    params: { reassign: 'Invalid user parameter(s).' },
    details: { reassign: { code: 'rest_invalid_param', message: 'Invalid user parameter(s).', data: { status: 400 } } },
  })
}

function missingReassign(): CalendarError {
  return new CalendarError('rest_missing_callback_param', 400, 'Missing parameter(s): reassign', {
    params: ['reassign'],
  })
}

/** The profile a write's checked arguments name (`prepare_item_for_database()`), as WordPress stores each field. */
function profileOf(args: Record<string, unknown>, wordpress: Parameters<typeof sanitizeTextField>[1]): UserProfile {
  const text = (value: unknown) => (typeof value === 'string' ? sanitizeTextField(value, wordpress) : undefined)
  const roles = args.roles as string[] | undefined
  const meta = args.meta as Record<string, unknown> | undefined
  const preferences = meta?.persisted_preferences
  return {
    username: args.username as string | undefined,
    display_name: text(args.name),
    first_name: text(args.first_name),
    last_name: text(args.last_name),
    nickname: text(args.nickname),
    slug: typeof args.slug === 'string' && args.slug !== '' ? slugFromTitle(args.slug, wordpress) : undefined,
    email: args.email as string | undefined,
    url: args.url as string | undefined,
    description: args.description as string | undefined,
    locale: args.locale as string | undefined,
    role: roles && roles.length > 0 ? (roles[0] as Role) : undefined,
    persisted_preferences:
      typeof preferences === 'object' && preferences !== null && !Array.isArray(preferences)
        ? (preferences as Record<string, unknown>)
        : undefined,
  }
}
