import type { WordPressRelease } from '../../../core/resources/tec-versions.js'
import type { ByRelease } from './object-labels.js'

/**
 * The post types a site with TEC registers (`create_initial_post_types()`, then TEC's `register_post_type()` calls)
 * as WordPress 7.0.4 with TEC 6.17.2 and 6.7.1 with TEC 6.10.0 show them at `/wp-json/wp/v2/types`, compared live
 * in every context. The data is fixed per release: a site's own code could change it, calfile's data file cannot.
 */

/** A feature a post type supports, with its arguments where it has some, per release; `undefined`: not there. */
type Feature = string | readonly [string, ByRelease<unknown>]

/**
 * One post type shown in the REST API (`show_in_rest`), as registered.
 *
 * @example
 * const venues: PostType = {
 *   slug: 'tribe_venue', capabilityType: ['tribe_venue', 'tribe_venues'], supports: ['title', 'editor'],
 *   showUi: true, showInNavMenus: false, viewable: false,
 * }
 */
export interface PostType {
  readonly slug: string
  /** Where its posts are served under `wp/v2`; its slug where absent. */
  readonly restBase?: string
  readonly description?: string
  readonly hierarchical?: boolean
  readonly hasArchive?: boolean
  /** `menu_icon`: a Dashicons name or an image's data URL; null where absent. */
  readonly icon?: string | ByRelease<string>
  /** The taxonomies shown in the REST API that it is registered for, in the order they were registered. */
  readonly taxonomies?: readonly string[]
  /** The blocks a new post starts with. */
  readonly template?: readonly unknown[]
  /** `capability_type`: the singular and plural bases of its capabilities; `post`, `posts` where absent. */
  readonly capabilityType?: readonly [string, string]
  /** The capabilities it names itself, over those of its `capabilityType`. */
  readonly capabilities?: Readonly<Record<string, string>>
  readonly supports: readonly Feature[]
  readonly showUi: boolean
  readonly showInNavMenus: boolean
  /** `is_post_type_viewable()`: whether its posts have pages. */
  readonly viewable: boolean
  /** The one release that registers it, where the other does not. */
  readonly only?: WordPressRelease
}

/** `edit_theme_options` for every capability named: what only administrators may do to a site's design. */
function themeOptions(...names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, 'edit_theme_options']))
}

/** The block editor's notes, which WordPress 6.9 added to posts and pages (`editor` support with `notes`). */
const EDITOR_WITH_NOTES: Feature = ['editor', { '7.0.4': [{ notes: true }], '6.7.1': true }]

/** TEC's calendar icon (`Tribe__Events__Admin__Settings::get_menu_icon()`); TEC 6.17 hides it from screen readers. */
function eventsIcon(ariaHidden: boolean): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" fill="#9ba2a6" viewBox="0 0 13.24 15.4"${ariaHidden ? ' aria-hidden="true"' : ''}><defs><style>.cls-1{fill-rule:evenodd;}</style></defs><g id="Layer_2" data-name="Layer 2"><g id="Layer_1-2" data-name="Layer 1"><path class="cls-1" d="M12.89,6.1,11.54,2.2l0-.06A1.85,1.85,0,0,0,9.14,1.06l-.73.26L8,.29v0A.45.45,0,0,0,7.47,0a.43.43,0,0,0-.25.23A.45.45,0,0,0,7.2.6l.37,1L2.75,3.39l-.36-1,0-.05a.44.44,0,0,0-.56-.22.44.44,0,0,0-.26.57l.36,1L1.17,4A1.86,1.86,0,0,0,.11,6.33L3.19,15a.66.66,0,0,0,.61.4.59.59,0,0,0,.23,0L7.4,14.13l0,0,.1,0a5,5,0,0,0,2-2.47c.11-.24.21-.49.31-.77l.27-.72.07-.19a4.3,4.3,0,0,0,2-.39,3.13,3.13,0,0,1-1.72,2.3.43.43,0,0,0-.25.23.45.45,0,0,0,0,.34.42.42,0,0,0,.23.26.45.45,0,0,0,.34,0C13.13,11.87,13.72,8.64,12.89,6.1Zm-.56,1.81a.79.79,0,0,1-.25.58A2.85,2.85,0,0,1,10,9c-.39,0-.51.22-.68.67L9,10.52c-.1.26-.19.49-.29.71a4.32,4.32,0,0,1-1.59,2L3.94,14.44,1.7,8.12l9.74-3.46.63,1.82a5.11,5.11,0,0,1,.26,1.35V7.9Z"/></g></g></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

/** What TEC's linked posts, venues and organizers, are registered with. */
const LINKED_POST = {
  supports: ['title', 'editor', 'revisions', 'custom-fields', 'excerpt', 'author', 'thumbnail', 'autosave'],
  showUi: true,
  showInNavMenus: false,
  viewable: false,
} as const

/** What the block themes' templates and template parts are registered with: theirs to edit for administrators only. */
const BLOCK_TEMPLATE = {
  capabilities: themeOptions(
    'delete_posts',
    'delete_others_posts',
    'delete_private_posts',
    'delete_published_posts',
    'edit_posts',
    'edit_others_posts',
    'edit_private_posts',
    'edit_published_posts',
    'publish_posts',
    'read',
    'read_private_posts',
  ),
  supports: ['title', 'slug', 'excerpt', 'editor', 'revisions', 'author', 'autosave'],
  showUi: false,
  showInNavMenus: false,
  viewable: false,
} as const

/** The post types shown in the REST API, in the order they are registered. */
const REST_POST_TYPES: readonly PostType[] = [
  {
    slug: 'post',
    restBase: 'posts',
    icon: 'dashicons-admin-post',
    taxonomies: ['category', 'post_tag'],
    supports: [
      'title',
      EDITOR_WITH_NOTES,
      'author',
      'thumbnail',
      'excerpt',
      'trackbacks',
      'custom-fields',
      'comments',
      'revisions',
      'post-formats',
      'autosave',
    ],
    showUi: true,
    showInNavMenus: true,
    viewable: true,
  },
  {
    slug: 'page',
    restBase: 'pages',
    hierarchical: true,
    icon: 'dashicons-admin-page',
    capabilityType: ['page', 'pages'],
    supports: [
      'title',
      EDITOR_WITH_NOTES,
      'author',
      'thumbnail',
      'page-attributes',
      'custom-fields',
      'comments',
      'revisions',
      'autosave',
    ],
    showUi: true,
    showInNavMenus: true,
    viewable: true,
  },
  {
    slug: 'attachment',
    restBase: 'media',
    icon: 'dashicons-admin-media',
    capabilities: { create_posts: 'upload_files' },
    supports: ['title', 'author', 'comments'],
    showUi: true,
    showInNavMenus: false,
    viewable: true,
  },
  {
    slug: 'nav_menu_item',
    restBase: 'menu-items',
    taxonomies: ['nav_menu'],
    capabilities: themeOptions(
      'edit_posts',
      'edit_others_posts',
      'delete_posts',
      'publish_posts',
      'read_private_posts',
      'delete_private_posts',
      'delete_published_posts',
      'delete_others_posts',
      'edit_private_posts',
      'edit_published_posts',
    ),
    supports: ['title', 'editor', 'autosave'],
    showUi: false,
    showInNavMenus: false,
    viewable: false,
  },
  {
    slug: 'wp_block',
    restBase: 'blocks',
    taxonomies: ['wp_pattern_category'],
    capabilityType: ['block', 'blocks'],
    // Patterns are read raw by those who may edit posts, and made by those who may publish them.
    capabilities: {
      read: 'edit_posts',
      create_posts: 'publish_posts',
      edit_posts: 'edit_posts',
      edit_published_posts: 'edit_published_posts',
      delete_published_posts: 'delete_published_posts',
      delete_posts: 'delete_posts',
      edit_others_posts: 'edit_others_posts',
      delete_others_posts: 'delete_others_posts',
    },
    supports: ['title', 'excerpt', 'editor', 'revisions', 'custom-fields', 'autosave'],
    showUi: true,
    showInNavMenus: false,
    viewable: false,
  },
  {
    slug: 'wp_template',
    restBase: 'templates',
    description: 'Templates to include in your theme.',
    capabilityType: ['template', 'templates'],
    ...BLOCK_TEMPLATE,
  },
  {
    slug: 'wp_template_part',
    restBase: 'template-parts',
    description: 'Template parts to include in your templates.',
    ...BLOCK_TEMPLATE,
  },
  {
    slug: 'wp_global_styles',
    restBase: 'global-styles',
    description: 'Global styles to include in themes.',
    capabilities: {
      read: 'edit_posts',
      ...themeOptions(
        'edit_posts',
        'edit_published_posts',
        'delete_published_posts',
        'edit_others_posts',
        'delete_others_posts',
      ),
    },
    supports: ['title', 'editor', 'revisions'],
    showUi: false,
    showInNavMenus: false,
    viewable: false,
  },
  {
    slug: 'wp_navigation',
    restBase: 'navigation',
    description: 'Navigation menus that can be inserted into your site.',
    capabilities: themeOptions(
      'edit_others_posts',
      'delete_posts',
      'publish_posts',
      'read_private_posts',
      'delete_private_posts',
      'delete_published_posts',
      'delete_others_posts',
      'edit_private_posts',
      'edit_published_posts',
      'edit_posts',
    ),
    supports: ['title', 'editor', 'revisions', 'autosave'],
    showUi: true,
    showInNavMenus: false,
    viewable: false,
  },
  ...(['wp_font_family', 'wp_font_face'] as const).map(
    (slug): PostType => ({
      slug,
      // A font's faces are served under their family.
      restBase: slug === 'wp_font_family' ? 'font-families' : 'font-families/(?P<font_family_id>[\\d]+)/font-faces',
      capabilities: themeOptions(
        'read',
        'read_private_posts',
        'publish_posts',
        'edit_posts',
        'edit_others_posts',
        'edit_published_posts',
        'delete_posts',
        'delete_others_posts',
        'delete_published_posts',
      ),
      supports: ['title'],
      showUi: false,
      showInNavMenus: false,
      viewable: false,
    }),
  ),
  { slug: 'tribe_venue', capabilityType: ['tribe_venue', 'tribe_venues'], ...LINKED_POST },
  { slug: 'tribe_organizer', capabilityType: ['tribe_organizer', 'tribe_organizers'], ...LINKED_POST },
  {
    slug: 'tribe_events',
    hasArchive: true,
    icon: { '7.0.4': eventsIcon(true), '6.7.1': eventsIcon(false) },
    taxonomies: ['post_tag', 'tribe_events_cat'],
    // The blocks of TEC's event editor (`Tribe__Events__Editor::add_event_template_blocks()`).
    template: [
      ['tribe/event-datetime'],
      ['core/paragraph', { placeholder: 'Add Description...' }],
      ['tribe/event-price'],
      ['tribe/event-organizer'],
      ['tribe/event-venue'],
      ['tribe/event-website'],
      ['tribe/event-links'],
    ],
    capabilityType: ['tribe_event', 'tribe_events'],
    supports: [
      'title',
      'editor',
      'excerpt',
      'author',
      'thumbnail',
      // TEC 6.10 lets events take comments (`TecRules.eventComments`).
      ['comments', { '7.0.4': undefined, '6.7.1': true }],
      'revisions',
      'autosave',
      'custom-fields',
    ],
    showUi: true,
    showInNavMenus: true,
    viewable: true,
  },
  {
    // TEC 6.17's calendar embeds (`TEC\Events\Calendar_Embeds\Calendar_Embeds::register_post_type()`).
    slug: 'tec_calendar_embed',
    taxonomies: ['post_tag', 'tribe_events_cat'],
    supports: ['title'],
    showUi: true,
    showInNavMenus: true,
    viewable: true,
    only: '7.0.4',
  },
]

/**
 * The post types registered but not shown in the REST API, which its types route knows but refuses
 * (`rest_cannot_read_type`): WordPress's own, Action Scheduler's and TEC's (import records, deleted events).
 */
const HIDDEN_POST_TYPES: ReadonlySet<string> = new Set([
  'revision',
  'custom_css',
  'customize_changeset',
  'oembed_cache',
  'user_request',
  'scheduled-action',
  'tribe-ea-record',
  'deleted_event',
])

/**
 * The post types a release shows in the REST API, in the order it registers them
 * (`get_post_types( array( 'show_in_rest' => true ) )`).
 *
 * @example
 * restPostTypes('6.7.1').map((type) => type.slug).at(-1) // 'tribe_events'; 'tec_calendar_embed' on 7.0.4
 */
export function restPostTypes(release: WordPressRelease): readonly PostType[] {
  return REST_POST_TYPES.filter((type) => type.only === undefined || type.only === release)
}

/**
 * Whether `slug` names a post type registered but not shown in the REST API (`show_in_rest` false).
 *
 * @example
 * isHiddenPostType('revision') // true; isHiddenPostType('post') // false
 */
export function isHiddenPostType(slug: string): boolean {
  return HIDDEN_POST_TYPES.has(slug)
}
