import type { Role } from '../../../core/model/records.js'
import type { View } from '../../../core/resources/view.js'
import { roleCan } from './capabilities.js'

/**
 * The meta capabilities the types, taxonomies and statuses routes ask about, each as the primitive capability
 * `map_meta_cap()` checks for it.
 */
const META_CAPABILITIES: Readonly<Record<string, string>> = {
  assign_categories: 'edit_posts',
  assign_post_tags: 'edit_posts',
}

/**
 * The role a request acts with: the signed-in user's, an administrator's in open mode (docs/auth.md), none for
 * nobody.
 *
 * @example
 * actingRole(view) // 'editor' for an editor's token; undefined anonymous
 */
export function actingRole(view: View): Role | undefined {
  if (!view.user) return undefined
  return view.openMode ? 'administrator' : view.user.role
}

/**
 * `current_user_can( $capability )` for a capability that names no post or user: whether the role the request acts
 * with has it, a meta capability mapped first. Nobody has any.
 *
 * @example
 * viewerCan(view, 'edit_theme_options') // true for an administrator only
 * viewerCan(view, 'assign_categories') // true for a contributor (`edit_posts`)
 */
export function viewerCan(view: View, capability: string): boolean {
  const role = actingRole(view)
  return role !== undefined && roleCan(role, META_CAPABILITIES[capability] ?? capability)
}
