import type { WordPressRelease } from '../../../core/resources/tec-versions.js'
import { inRelease } from './object-labels.js'
import type { PostType } from './post-types.js'

/**
 * The capabilities of a post type (`get_post_type_capabilities()`), in WordPress's order: the meta and primitive
 * capabilities named after its `capabilityType`, then those `map_meta_cap()` uses (every type here maps them),
 * each replaced by the one the type names itself, and `create_posts`, which is `edit_posts` unless named.
 *
 * @example
 * postTypeCapabilities(tribeEvents).edit_posts // 'edit_tribe_events'
 */
export function postTypeCapabilities(type: PostType): Record<string, string> {
  const [one, many] = type.capabilityType ?? ['post', 'posts']
  const capabilities: Record<string, string> = {
    edit_post: `edit_${one}`,
    read_post: `read_${one}`,
    delete_post: `delete_${one}`,
    edit_posts: `edit_${many}`,
    edit_others_posts: `edit_others_${many}`,
    delete_posts: `delete_${many}`,
    publish_posts: `publish_${many}`,
    read_private_posts: `read_private_${many}`,
    read: 'read',
    delete_private_posts: `delete_private_${many}`,
    delete_published_posts: `delete_published_${many}`,
    delete_others_posts: `delete_others_${many}`,
    edit_private_posts: `edit_private_${many}`,
    edit_published_posts: `edit_published_${many}`,
    ...type.capabilities,
  }
  capabilities.create_posts ??= capabilities.edit_posts as string
  return capabilities
}

/**
 * The features a post type supports in a release (`get_all_post_type_supports()`): `true`, or the arguments a
 * feature was added with, as a list.
 *
 * @example
 * postTypeSupports(post, '7.0.4') // { title: true, editor: [{ notes: true }], author: true, … }
 */
export function postTypeSupports(type: PostType, release: WordPressRelease): Record<string, unknown> {
  const supports: Record<string, unknown> = {}
  for (const feature of type.supports) {
    const [name, value] = typeof feature === 'string' ? [feature, true] : [feature[0], inRelease(feature[1], release)]
    if (value !== undefined) supports[name] = value
  }
  return supports
}
