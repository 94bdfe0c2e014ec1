import { ROLES, type Role } from '../../../core/model/records.js'

/**
 * The capabilities of WordPress's five roles on a site with TEC, as `WP_User::$allcaps` holds them and the users
 * route shows them in the `edit` context (`capabilities`). The same on WordPress 7.0.4 with TEC 6.17.2 and on
 * 6.7.1 with TEC 6.10.0 (compared live, every role).
 */

/** The roles from the least to the most: each has every capability of the ones before it. */
const LEAST_FIRST: readonly Role[] = [...ROLES].reverse()

/**
 * WordPress's own capabilities, in the order `populate_roles()` gives them to the administrator, each with the least
 * role that has it.
 */
const WORDPRESS_CAPABILITIES: ReadonlyArray<readonly [string, Role]> = [
  ['switch_themes', 'administrator'],
  ['edit_themes', 'administrator'],
  ['activate_plugins', 'administrator'],
  ['edit_plugins', 'administrator'],
  ['edit_users', 'administrator'],
  ['edit_files', 'administrator'],
  ['manage_options', 'administrator'],
  ['moderate_comments', 'editor'],
  ['manage_categories', 'editor'],
  ['manage_links', 'editor'],
  ['upload_files', 'author'],
  ['import', 'administrator'],
  ['unfiltered_html', 'editor'],
  ['edit_posts', 'contributor'],
  ['edit_others_posts', 'editor'],
  ['edit_published_posts', 'author'],
  ['publish_posts', 'author'],
  ['edit_pages', 'editor'],
  ['read', 'subscriber'],
  ['level_10', 'administrator'],
  ['level_9', 'administrator'],
  ['level_8', 'administrator'],
  ['level_7', 'editor'],
  ['level_6', 'editor'],
  ['level_5', 'editor'],
  ['level_4', 'editor'],
  ['level_3', 'editor'],
  ['level_2', 'author'],
  ['level_1', 'contributor'],
  ['level_0', 'subscriber'],
  ['edit_others_pages', 'editor'],
  ['edit_published_pages', 'editor'],
  ['publish_pages', 'editor'],
  ['delete_pages', 'editor'],
  ['delete_others_pages', 'editor'],
  ['delete_published_pages', 'editor'],
  ['delete_posts', 'contributor'],
  ['delete_others_posts', 'editor'],
  ['delete_published_posts', 'author'],
  ['delete_private_posts', 'editor'],
  ['edit_private_posts', 'editor'],
  ['read_private_posts', 'editor'],
  ['delete_private_pages', 'editor'],
  ['edit_private_pages', 'editor'],
  ['read_private_pages', 'editor'],
  ['delete_users', 'administrator'],
  ['create_users', 'administrator'],
  ['unfiltered_upload', 'administrator'],
  ['edit_dashboard', 'administrator'],
  ['update_plugins', 'administrator'],
  ['delete_plugins', 'administrator'],
  ['install_plugins', 'administrator'],
  ['update_themes', 'administrator'],
  ['install_themes', 'administrator'],
  ['update_core', 'administrator'],
  ['list_users', 'administrator'],
  ['remove_users', 'administrator'],
  ['promote_users', 'administrator'],
  ['edit_theme_options', 'administrator'],
  ['delete_themes', 'administrator'],
  ['export', 'administrator'],
]

/**
 * TEC's capabilities of a post type, named after the post's (`read_private_posts` → `read_private_tribe_events`), in
 * the order TEC adds them, each with the least role that gets it: `Tribe__Events__Capabilities::$cap_aliases`
 * gives editors (and administrators) all, authors what they need for their own posts, contributors `edit` and
 * `delete`.
 */
const POST_TYPE_CAPABILITIES: ReadonlyArray<readonly [string, Role]> = [
  ['read_private_', 'editor'],
  ['edit_', 'contributor'],
  ['edit_others_', 'editor'],
  ['edit_private_', 'editor'],
  ['edit_published_', 'author'],
  ['delete_', 'contributor'],
  ['delete_others_', 'editor'],
  ['delete_private_', 'editor'],
  ['delete_published_', 'author'],
  ['publish_', 'author'],
]

/** The post types TEC gives capabilities for (`set_initial_caps()`): events, venues, organizers, import records. */
const TEC_POST_TYPES = ['tribe_events', 'tribe_venues', 'tribe_organizers', 'aggregator-records'] as const

const CAPABILITIES: ReadonlyArray<readonly [string, Role]> = [
  ...WORDPRESS_CAPABILITIES,
  ...TEC_POST_TYPES.flatMap((type) => POST_TYPE_CAPABILITIES.map(([prefix, role]) => [prefix + type, role] as const)),
]

/** Whether a role has a capability (`WP_Role::has_cap()`). */
export function roleCan(role: Role, capability: string): boolean {
  const least = CAPABILITIES.find(([name]) => name === capability)?.[1]
  return least !== undefined && LEAST_FIRST.indexOf(role) >= LEAST_FIRST.indexOf(least)
}

/**
 * A user's `allcaps` (`WP_User::get_role_caps()`): the capabilities of the role in the order the role holds them,
 * then the role's own name, each `true`.
 *
 * @example
 * allCapabilities('subscriber') // { read: true, level_0: true, subscriber: true }
 */
export function allCapabilities(role: Role): Record<string, true> {
  const caps: Record<string, true> = {}
  for (const [name] of CAPABILITIES) if (roleCan(role, name)) caps[name] = true
  caps[role] = true
  return caps
}
