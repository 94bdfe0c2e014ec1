import { CalendarError, invalidParam } from '../errors.js'
import type { ServedPostKind, Taxonomy } from '../model/kinds.js'
import { type Role, STATUSES, type Status } from '../model/records.js'
import type { CalendarState } from '../model/state.js'
import { listItems } from './fields.js'
import { tecRules } from './tec-versions.js'
import type { View } from './view.js'

const MANAGERS = new Set(['administrator', 'editor'])

/**
 * WordPress's refusal when a route's permission callback says no (`WP_REST_Server::respond_to_request()`): the same
 * words for anonymous requests (401, `rest_authorization_required_code()`) and for signed-in ones (403).
 */
const NOT_ALLOWED = 'Sorry, you are not allowed to do that.'

/**
 * WordPress's answer when a route's permission callback says no (`WP_REST_Server::respond_to_request()`): 401
 * `rest_forbidden` to a request that signs in as nobody, 403 to a signed-in one, "Sorry, you are not allowed to do
 * that." to both.
 *
 * @example
 * throw notAllowed(view)
 */
export function notAllowed(view: View): CalendarError {
  return refused(view, 'rest_forbidden', NOT_ALLOWED)
}

/**
 * A permission refused with WordPress's code and message for it: 401 to nobody, 403 to a signed-in user
 * (`rest_authorization_required_code()`).
 *
 * @example
 * throw refused(view, 'rest_cannot_read_status', 'Cannot view status.')
 */
export function refused(view: View, code: string, message: string): CalendarError {
  return new CalendarError(code, view.user ? 403 : 401, message)
}

/**
 * The permission step starts here: refused credentials are a 401 for every request, reads included (docs/auth.md).
 */
export function assertCredentials(view: View): void {
  if (view.rejected) throw view.rejected
}

/** True when the viewer may see records of every status (editors, administrators, open mode). */
export function seesAllStatuses(view: View): boolean {
  return view.openMode || (view.user !== null && MANAGERS.has(view.user.role))
}

/**
 * The statuses a list shows (docs/auth.md): `status` as asked (CSV or array; an unknown status is a 400), else
 * `publish` for anonymous requests and in open mode, every status but `trash` for editors and administrators.
 * Anonymous requests may ask for `publish` only.
 *
 * @throws CalendarError 400 `rest_invalid_param` for an unknown status or one the viewer may not list.
 */
export function listStatuses(view: View, requested: unknown): ReadonlySet<Status> {
  const asked = listItems(requested).map((item) => String(item).toLowerCase())
  const unknown = asked.find((status) => !(STATUSES as readonly string[]).includes(status))
  if (unknown !== undefined) throw invalidParam('status', `unknown status "${unknown}"; one of ${STATUSES.join(', ')}`)
  assertCredentials(view)
  if (asked.length > 0) {
    if (!seesAllStatuses(view) && asked.some((status) => status !== 'publish')) {
      throw invalidParam('status', 'only "publish" records can be listed without the rights to read others')
    }
    return new Set(asked as Status[])
  }
  if (!listsEveryStatus(view)) return new Set(['publish'])
  return new Set(STATUSES.filter((status) => status !== 'trash'))
}

/**
 * The `status` TEC writes in a post list's URLs (Archive_Event::get and its siblings' `post_status`): the statuses
 * asked for as a CSV, else `any` when the reader lists every status but the trash, `publish` otherwise.
 *
 * @example
 * statusEcho(view, undefined) // 'any' for an administrator
 */
export function statusEcho(view: View, requested: unknown): string {
  const asked = listItems(requested).map((item) => String(item).toLowerCase())
  if (asked.length > 0) return asked.join(',')
  return listsEveryStatus(view) ? 'any' : 'publish'
}

/**
 * True when a list without `status` shows every status but `trash` to the viewer (TEC's `status=any`), false when
 * it shows `publish` only: anonymous requests, open mode, and roles that may not read others' posts.
 */
export function listsEveryStatus(view: View): boolean {
  return !view.openMode && seesAllStatuses(view)
}

/**
 * Checks that the viewer may read one record (docs/errors.md, docs/auth.md): a record that is not `publish` (trashed
 * ones included) needs the rights to read it, as in `Tribe__Events__REST__V1__Endpoints__Single_Event::get()`.
 *
 * @throws CalendarError 403 `<kind>-not-accessible` "The requested <kind> is not accessible".
 */
export function assertReadable(view: View, kind: ServedPostKind, record: { status: Status; author: number }): void {
  assertCredentials(view)
  if (!canRead(view, record))
    throw new CalendarError(`${kind}-not-accessible`, 403, `The requested ${kind} is not accessible`)
}

/** `assertReadable` as a question (see `canWrite`): false for refused credentials too. */
export function canRead(view: View, record: { status: Status; author: number }): boolean {
  if (view.rejected) return false
  if (record.status === 'publish' || seesAllStatuses(view)) return true
  // WordPress lets every owner read their own posts, whatever their role now is.
  return view.user !== null && view.user.id === record.author
}

/**
 * Whether a venue or organizer route at `id` may be written at all, before who asks: false where the release asks
 * the permission of the post itself (`TecRules.linkedPostPermissionPerPost`) and `id` names no post of any kind,
 * which WordPress grants no one (`map_meta_cap()` answers `do_not_allow`). `Allow` leaves the writes out there.
 *
 * @example
 * linkedPostWritable(state, 999999) // false under tec_version "6.17" when no post has that ID
 */
export function linkedPostWritable(state: CalendarState, id: number): boolean {
  return !tecRules(state.settings).linkedPostPermissionPerPost || id === 0 || state.postKind(id) !== undefined
}

const WRITERS = new Set(['administrator', 'editor', 'author', 'contributor'])

/**
 * Checks that the viewer may create posts at all (docs/auth.md): anonymous requests are a 401 when tokens exist,
 * subscribers a 403.
 */
export function assertCanWrite(view: View): void {
  if (canWrite(view)) return
  assertCredentials(view)
  throw notAllowed(view)
}

/**
 * `assertCanWrite` as a question, for what lists the methods a viewer may use (`rest_send_allow_header()`): a
 * refusal thrown per request would cost a stack trace each.
 */
export function canWrite(view: View): boolean {
  if (view.rejected) return false
  return view.openMode || (view.user !== null && WRITERS.has(view.user.role))
}

/**
 * Checks that the viewer may change or delete this post (docs/auth.md): editors and administrators any, authors
 * their own, contributors their own drafts and pending posts.
 */
export function assertCanEdit(view: View, record: { author: number; status: Status }): void {
  assertCanWrite(view)
  if (!canEdit(view, record)) throw new CalendarError('rest_forbidden', 403, 'Sorry, you are not allowed to edit this.')
}

/** `assertCanEdit` as a question (see `canWrite`). */
export function canEdit(view: View, record: { author: number; status: Status }): boolean {
  if (!canWrite(view)) return false
  if (seesAllStatuses(view)) return true
  const own = view.user?.id === record.author
  const contributorMay = view.user?.role !== 'contributor' || record.status === 'draft' || record.status === 'pending'
  return own && contributorMay
}

/**
 * The status a write stores (docs/writes.md, docs/auth.md): as asked, default `publish`; contributors get `pending`
 * when they ask for `publish` or `future`, and `draft` when they ask for nothing on create.
 */
export function writableStatus(view: View, asked: Status | undefined, creating: boolean): Status | undefined {
  if (view.openMode || view.user?.role !== 'contributor') return asked ?? (creating ? 'publish' : undefined)
  if (asked === 'publish' || asked === 'future') return 'pending'
  return asked ?? (creating ? 'draft' : undefined)
}

/** Checks that the viewer may create, change or delete terms: editors and administrators (docs/auth.md). */
export function assertCanManageTerms(view: View): void {
  if (canManageTerms(view)) return
  assertCredentials(view)
  if (!view.user) throw new CalendarError('rest_forbidden', 401, NOT_ALLOWED)
  throw new CalendarError('rest_forbidden', 403, 'Sorry, you are not allowed to manage terms.')
}

/** `assertCanManageTerms` as a question (see `canWrite`). */
export function canManageTerms(view: View): boolean {
  if (view.rejected) return false
  return view.openMode || (view.user !== null && MANAGERS.has(view.user.role))
}

/**
 * Whether the viewer may edit user `id`'s profile (`edit_user`, `map_meta_cap()`): their own always, anyone's with
 * `edit_users` (administrators, and everyone in open mode: docs/auth.md).
 */
export function canEditUser(view: View, id: number): boolean {
  if (view.rejected) return false
  return view.openMode || view.user?.id === id || view.user?.role === 'administrator'
}

/** Whether the viewer may delete users or change their roles (`delete_users`, `promote_users`: administrators). */
export function canManageUsers(view: View): boolean {
  if (view.rejected) return false
  return view.openMode || view.user?.role === 'administrator'
}

/**
 * The roles WordPress's own term routes (`/wp/v2/<taxonomy>/<id>`) let change and delete a term, by the taxonomy's
 * `edit_terms` and `delete_terms` capabilities: `publish_tribe_events` for event categories
 * (`Tribe__Events__Main::register_taxonomy()`, which TEC's capabilities give authors too), `manage_categories` for
 * tags (WordPress's `post_tag`). They are not the roles calfile's term routes let write (`assertCanManageTerms`).
 */
const WORDPRESS_TERM_EDITORS: Record<Taxonomy, ReadonlySet<Role>> = {
  category: new Set(['administrator', 'editor', 'author']),
  tag: new Set(['administrator', 'editor']),
}

/**
 * True when WordPress's own term routes would let the viewer change and delete terms of `taxonomy`
 * (`WP_REST_Terms_Controller::update_item_permissions_check()` and `delete_item_permissions_check()`); open mode
 * acts as an administrator. Refused credentials are not asked about here: the request has already failed.
 */
export function mayEditTermsInWordPress(view: View, taxonomy: Taxonomy): boolean {
  return view.openMode || (view.user !== null && WORDPRESS_TERM_EDITORS[taxonomy].has(view.user.role))
}
