import type { Role } from '../../../core/model/records.js'
import type { UserRecord } from '../../../core/model/user-record.js'
import { canEditUser, canManageUsers } from '../../../core/resources/access.js'
import { slugFromTitle } from '../../../core/resources/slugs.js'
import type { WordPressRelease } from '../../../core/resources/tec-versions.js'
import type { View } from '../../../core/resources/view.js'
import { REST_ROOT } from '../rest-server/rest-namespace.js'
import { WP_V2 } from '../wp-v2.js'
import { avatarUrls } from './avatar.js'
import { allCapabilities } from './capabilities.js'

/** The contexts of WordPress's user schema (`WP_REST_Users_Controller::get_item_schema()`). */
export const USER_CONTEXTS = ['view', 'embed', 'edit'] as const
export type UserContext = (typeof USER_CONTEXTS)[number]

/**
 * `gmdate( 'c', strtotime( '0000-00-00 00:00:00' ) )` in PHP: the `registered_date` of a user whose registration
 * date is unset, as every calfile user's is.
 */
const UNREGISTERED = '-001-11-30T00:00:00+00:00'

/** The longest `user_nicename` (`wp_insert_user()`). */
const NICENAME_LENGTH = 50

/**
 * A calfile user as WordPress's users route shows it (`WP_REST_Users_Controller::prepare_item_for_response()`), the
 * fields of `context` in WordPress's order, from the profile the data file keeps (docs/data-file.md#users): a field
 * never written is what `wp_insert_user()` makes of the login (`name`): the display name and nickname, the slug;
 * user 1, whom WordPress's installer creates, has the site's address as `url` (`wp_install()`), the others none;
 * the locale is the site's (`en_US`) unless set. `role` is the user's, or for the signed-in user the one the request
 * acts with (an administrator in open mode). The `self` link's `targetHints` list the methods of
 * `/wp/v2/users/<id>` the reader may use (`get_target_hints_for_link()`): `GET`, the writes to those who may edit
 * the user, `DELETE` to those who may delete users.
 *
 * @example
 * userObject({ id: 1, name: 'admin', role: 'administrator' }, 'administrator', 'view', view, '7.0.4')
 * // { id: 1, name: 'admin', url: 'http://127.0.0.1:3000', description: '', link: '…/author/admin/', slug: 'admin', … }
 */
export function userObject(
  user: UserRecord,
  role: Role,
  context: UserContext,
  view: View,
  wordpress: WordPressRelease,
): Record<string, unknown> {
  const edit = context === 'edit'
  const slug = user.slug ?? userSlug(user, wordpress)
  const collection = `${view.origin}${REST_ROOT}/${WP_V2}/users`
  return {
    id: user.id,
    ...(edit ? { username: user.name } : {}),
    name: user.display_name ?? user.name,
    ...(edit ? { first_name: user.first_name ?? '', last_name: user.last_name ?? '', email: user.email ?? '' } : {}),
    url: user.url ?? (user.id === 1 ? view.siteUrl : ''),
    description: user.description ?? '',
    link: `${view.siteUrl}/author/${slug}/`,
    ...(edit ? { locale: user.locale || 'en_US', nickname: user.nickname ?? user.name } : {}),
    slug,
    ...(edit
      ? {
          roles: [role],
          registered_date: UNREGISTERED,
          capabilities: allCapabilities(role),
          extra_capabilities: { [role]: true },
        }
      : {}),
    avatar_urls: avatarUrls(user.email, wordpress),
    // The one meta field, the editor's preferences, is shown in the `edit` context only.
    ...(context === 'embed' ? {} : { meta: edit ? { persisted_preferences: user.persisted_preferences ?? [] } : [] }),
    _links: {
      self: [{ href: `${collection}/${user.id}`, targetHints: { allow: userMethods(view, user.id) } }],
      collection: [{ href: collection }],
    },
  }
}

/**
 * The methods of `/wp/v2/users/<id>` the viewer may use (`get_target_hints_for_link()`, `Allow`): `GET`, the writes
 * to those who may edit the user, `DELETE` to those who may delete users.
 *
 * @example
 * userMethods(view, 1) // ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] for an administrator
 */
export function userMethods(view: View, id: number): string[] {
  const methods = ['GET']
  if (canEditUser(view, id)) methods.push('POST', 'PUT', 'PATCH')
  if (canManageUsers(view)) methods.push('DELETE')
  return methods
}

/**
 * `user_nicename` as `wp_insert_user()` makes it from the login: its first 50 characters, through `sanitize_user()`
 * in strict mode (accents removed, then only ASCII letters, digits, space, `_ . - @` kept) and `sanitize_title()`.
 * A login with nothing left, which WordPress would refuse, takes the user's ID.
 */
function userSlug(user: UserRecord, wordpress: WordPressRelease): string {
  const login = [...user.name].slice(0, NICENAME_LENGTH).join('')
  // `sanitize_title()` removes the accents; what it would keep percent-encoded, strict `sanitize_user()` drops.
  const slug = slugFromTitle(login, wordpress)
    .replace(/%[\da-f]{2}/gu, '')
    .replace(/-{2,}/gu, '-')
    .replace(/^-|-$/gu, '')
  return slug === '' ? String(user.id) : slug
}
