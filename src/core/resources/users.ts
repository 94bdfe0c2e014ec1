import type { CalendarCore } from '../calendar-core.js'
import { CalendarError } from '../errors.js'
import { COLLECTION_OF, type ServedPostKind } from '../model/kinds.js'
import { ROLES } from '../model/records.js'
import type { CalendarState } from '../model/state.js'
import { PROFILE_FIELDS, type UserRecord } from '../model/user-record.js'
import { usersWithTokens } from '../model/users.js'
import { canEditUser, canManageUsers, refused } from './access.js'
import { forgetPost } from './posts/removal.js'
import type { View } from './view.js'

/**
 * What a user's profile may be changed to (docs/data-file.md#users): the profile fields as the data file names them
 * (`display_name` is what WordPress's users route calls `name`; `slug` the nicename, already sanitized), each left
 * as it is when absent, and the login the request names, which cannot change.
 */
export type UserProfile = Partial<Pick<UserRecord, (typeof PROFILE_FIELDS)[number]>> & {
  /** The login, which cannot change: another one is refused. */
  username?: string
}

/** The user WordPress's installer creates (`wp_install()`), there whether or not the data file lists them. */
export const INSTALLER: UserRecord = { id: 1, name: 'admin', role: 'administrator' }

/**
 * The user of an ID (`WP_REST_Users_Controller::get_user()`): the data file's, or user 1, whom every site has.
 *
 * @example
 * userById(state, 1) // { id: 1, name: 'admin', role: 'administrator' }
 */
export function userById(state: CalendarState, id: number): UserRecord | undefined {
  return state.users.get(id) ?? (id === 1 ? INSTALLER : undefined)
}

/**
 * Users' profiles, written as WordPress's users route writes them (docs/wordpress.md#users).
 *
 * @example
 * await calendar.users.update(2, { display_name: 'Ann B', description: 'Runs the jazz nights' }, view)
 */
export class Users {
  readonly #core: CalendarCore

  constructor(core: CalendarCore) {
    this.#core = core
  }

  /**
   * Changes the fields of `profile` that are sent and keeps the others (`WP_REST_Users_Controller::update_item()`,
   * its permission check first): user 1 is written to the file on its first change.
   *
   * @throws CalendarError 404 `rest_user_invalid_id`; 401/403 `rest_cannot_edit_roles` (a role from one who may not
   *   promote users), `rest_cannot_edit`; 400 `rest_user_invalid_email` (another user's address),
   *   `rest_user_invalid_argument` (another login),
   *   `rest_user_invalid_slug` (another user's slug), `rest_user_invalid_role` (an unknown role; 401/403 for one's
   *   own role but administrator: `check_role_update()`).
   */
  async update(id: number, profile: UserProfile, view = this.#core.defaultView()): Promise<UserRecord> {
    return this.#core.write((state) => {
      const user = userById(state, id)
      if (!user) throw invalidUser()
      if (profile.role !== undefined && !canManageUsers(view))
        throw refused(view, 'rest_cannot_edit_roles', 'Sorry, you are not allowed to edit roles of this user.')
      if (!canEditUser(view, id))
        throw refused(view, 'rest_cannot_edit', 'Sorry, you are not allowed to edit this user.')
      const others = [...state.users.values()].filter((other) => other.id !== id)
      if (profile.email && others.some((other) => other.email === profile.email))
        throw new CalendarError('rest_user_invalid_email', 400, 'Invalid email address.')
      if (profile.username && profile.username !== user.name)
        throw new CalendarError('rest_user_invalid_argument', 400, 'Username is not editable.')
      const slugOf = (other: UserRecord) => other.slug ?? other.name
      if (profile.slug && profile.slug !== slugOf(user) && others.some((other) => slugOf(other) === profile.slug))
        throw new CalendarError('rest_user_invalid_slug', 400, 'Invalid slug.')
      if (profile.role !== undefined) checkRole(profile.role, view.user?.id === id, view)
      const next: UserRecord = { ...user }
      for (const field of PROFILE_FIELDS)
        if (profile[field] !== undefined) Object.assign(next, { [field]: profile[field] })
      state.users.put(next)
      return next
    })
  }

  /**
   * Deletes a user for good (`wp_delete_user()`): their events, venues and organizers go to `reassign`, or with
   * `reassign` false are deleted with them, as WordPress deletes the posts of types that support authors. Users
   * have no trash: `force: false` (WordPress's users route's default) is refused once the user and the permission
   * are checked (`delete_item()`). The last user with a token is kept: without it the file would be in open mode
   * (docs/auth.md).
   *
   * @returns the user as it was.
   * @throws CalendarError 404 `rest_user_invalid_id`; 401/403 `rest_user_cannot_delete`; 501
   *   `rest_trash_not_supported`; 400 `rest_user_invalid_reassign`; 409 `token-last`.
   */
  async delete(
    id: number,
    { reassign, force = true }: { reassign: number | false; force?: boolean },
    view = this.#core.defaultView(),
  ): Promise<UserRecord> {
    return this.#core.write((state) => {
      const user = userById(state, id)
      if (!user) throw invalidUser()
      if (!canManageUsers(view))
        throw refused(view, 'rest_user_cannot_delete', 'Sorry, you are not allowed to delete this user.')
      if (!force)
        throw new CalendarError(
          'rest_trash_not_supported',
          501,
          "Users do not support trashing. Set 'force=true' to delete.",
        )
      if (reassign !== false && (reassign === id || !userById(state, reassign)))
        throw new CalendarError('rest_user_invalid_reassign', 400, 'Invalid user ID for reassignment.')
      if (user.token_sha256 && usersWithTokens(state).every((holder) => holder.id === id))
        throw new CalendarError(
          'token-last',
          409,
          `user ${id} "${user.name}" has the last token: without it the file is in open mode, where every request acts as the administrator; give another user a token first`,
        )
      for (const kind of POST_KINDS) reassignPosts(state, kind, id, reassign)
      // WordPress gives every post of the user to `reassign`, revisions too.
      if (reassign !== false)
        for (const revision of [...state.revisions.values()])
          if (revision.author === id) state.revisions.put({ ...revision, author: reassign })
      state.users.delete(id)
      return user
    })
  }
}

const POST_KINDS: readonly ServedPostKind[] = ['event', 'venue', 'organizer']

function reassignPosts(state: CalendarState, kind: ServedPostKind, from: number, to: number | false): void {
  const collection = state[COLLECTION_OF[kind]] as CalendarState['venues']
  for (const post of [...collection.values()]) {
    if (post.author !== from) continue
    if (to !== false) collection.put({ ...post, author: to })
    else {
      collection.delete(post.id)
      forgetPost(state, kind, post.id)
    }
  }
}

/** `check_role_update()`: a role WordPress has, and for oneself only one that may still edit users. */
function checkRole(role: string, self: boolean, view: View): void {
  if (!(ROLES as readonly string[]).includes(role))
    throw new CalendarError('rest_user_invalid_role', 400, `The role ${role} does not exist.`)
  if (self && role !== 'administrator')
    throw refused(view, 'rest_user_invalid_role', 'Sorry, you are not allowed to give users that role.')
}

/**
 * The refusal of an ID that names no user (`WP_REST_Users_Controller::get_user()`).
 *
 * @example
 * throw invalidUser() // 404 rest_user_invalid_id "Invalid user ID."
 */
export function invalidUser(): CalendarError {
  return new CalendarError('rest_user_invalid_id', 404, 'Invalid user ID.')
}
