import type { H3Event } from 'h3'
import type { Calendar } from '../../../core/calendar.js'
import { CalendarError } from '../../../core/errors.js'
import type { Role } from '../../../core/model/records.js'
import { tecRules } from '../../../core/resources/tec-versions.js'
import type { View } from '../../../core/resources/view.js'
import { parseQuery } from '../../request/params.js'
import { errorResponse, json } from '../../respond.js'
import { USER_CONTEXTS, type UserContext, userObject } from './user-object.js'

/**
 * `GET /wp-json/wp/v2/users/me` (`WP_REST_Users_Controller::get_current_item()`): the signed-in user in the
 * `context` asked (`view` by default), in WordPress's order of checks: `context` (400 `rest_invalid_param`), then
 * 401 `rest_not_logged_in` for a request that signs in as nobody. In open mode every request is user 1's, an
 * administrator's (docs/auth.md).
 */
export function usersMeResponse(calendar: Calendar, event: H3Event, view: View): Response {
  try {
    const context = contextOf(parseQuery(event.url).context)
    if (!view.user) throw new CalendarError('rest_not_logged_in', 401, 'You are not currently logged in.')
    const role: Role = view.openMode ? 'administrator' : view.user.role
    return json(userObject(view.user, role, context, view, tecRules(calendar.state.settings).wordpress))
  } catch (error) {
    return errorResponse(error)
  }
}

/**
 * The `context` argument, checked as `rest_validate_value_from_schema()` checks a string with an enum: of type
 * string, then one of the three, each failure a 400 `rest_invalid_param` naming the check in `details`.
 */
function contextOf(asked: unknown): UserContext {
  if (asked === undefined) return 'view'
  if (typeof asked !== 'string')
    throw invalidContext('rest_invalid_type', 'context is not of type string.', { param: 'context' })
  const context = USER_CONTEXTS.find((name) => name === asked)
  if (context) return context
  throw invalidContext('rest_not_in_enum', 'context is not one of view, embed, and edit.', null)
}

function invalidContext(code: string, message: string, data: unknown): CalendarError {
  return new CalendarError('rest_invalid_param', 400, 'Invalid parameter(s): context', {
    params: { context: message },
    details: { context: { code, message, data } },
  })
}
