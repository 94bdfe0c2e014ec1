import type { WordPressRelease } from '../../../core/resources/tec-versions.js'
import { addLabel, type DefaultLabels, objectLabels, type RegisteredLabels } from './object-labels.js'
import { restPostTypes } from './post-types.js'

/**
 * The taxonomies a site with TEC registers (`create_initial_taxonomies()`, then TEC's event categories) as WordPress
 * 7.0.4 with TEC 6.17.2 and 6.7.1 with TEC 6.10.0 show them at `/wp-json/wp/v2/taxonomies`, compared live in every
 * context. The post types each is registered for are those that list it (post-types.ts).
 */

/** Where a taxonomy's terms show (`register_taxonomy()`'s flags, as the `edit` context shows them). */
interface Visibility {
  readonly public: boolean
  readonly publicly_queryable: boolean
  readonly show_admin_column: boolean
  readonly show_in_nav_menus: boolean
  readonly show_in_quick_edit: boolean
  readonly show_ui: boolean
}

/**
 * One taxonomy shown in the REST API (`show_in_rest`), as registered.
 *
 * @example
 * restTaxonomies().find((taxonomy) => taxonomy.slug === 'tribe_events_cat')?.capabilities[3] // 'edit_tribe_events'
 */
export interface RestTaxonomy {
  readonly slug: string
  /** Where its terms are served under `wp/v2`; its slug where absent. */
  readonly restBase?: string
  readonly hierarchical: boolean
  /** `show_tagcloud`. */
  readonly showCloud: boolean
  /** The capabilities to manage, edit, delete and assign its terms (`WP_Taxonomy::$cap`). */
  readonly capabilities: readonly [string, string, string, string]
  readonly labels: RegisteredLabels
  readonly visibility: Visibility
}

const EVERYWHERE: Visibility = {
  public: true,
  publicly_queryable: true,
  show_admin_column: true,
  show_in_nav_menus: true,
  show_in_quick_edit: true,
  show_ui: true,
}

/** The taxonomies shown in the REST API, in the order they are registered. */
const REST_TAXONOMIES: readonly RestTaxonomy[] = [
  {
    slug: 'category',
    restBase: 'categories',
    hierarchical: true,
    showCloud: true,
    capabilities: ['manage_categories', 'edit_categories', 'delete_categories', 'assign_categories'],
    labels: {},
    visibility: EVERYWHERE,
  },
  {
    slug: 'post_tag',
    restBase: 'tags',
    hierarchical: false,
    showCloud: true,
    capabilities: ['manage_post_tags', 'edit_post_tags', 'delete_post_tags', 'assign_post_tags'],
    labels: {},
    visibility: EVERYWHERE,
  },
  {
    slug: 'nav_menu',
    restBase: 'menus',
    hierarchical: false,
    showCloud: false,
    capabilities: ['edit_theme_options', 'edit_theme_options', 'edit_theme_options', 'edit_theme_options'],
    labels: { name: 'Navigation Menus', singular_name: 'Navigation Menu' },
    visibility: {
      public: false,
      publicly_queryable: false,
      show_admin_column: false,
      show_in_nav_menus: false,
      show_in_quick_edit: false,
      show_ui: false,
    },
  },
  {
    slug: 'wp_pattern_category',
    hierarchical: false,
    showCloud: false,
    capabilities: ['manage_categories', 'manage_categories', 'manage_categories', 'edit_posts'],
    labels: {
      name: 'Pattern Categories',
      singular_name: 'Pattern Category',
      search_items: 'Search Pattern Categories',
      popular_items: 'Popular Pattern Categories',
      edit_item: 'Edit Pattern Category',
      view_item: 'View Pattern Category',
      update_item: 'Update Pattern Category',
      add_new_item: addLabel('Category'),
      new_item_name: 'New Pattern Category Name',
      separate_items_with_commas: 'Separate pattern categories with commas',
      add_or_remove_items: 'Add or remove pattern categories',
      choose_from_most_used: 'Choose from the most used pattern categories',
      not_found: 'No pattern categories found.',
      no_terms: 'No pattern categories',
      items_list_navigation: 'Pattern Categories list navigation',
      items_list: 'Pattern Categories list',
      back_to_items: '&larr; Go to Pattern Categories',
      item_link: 'Pattern Category Link',
      item_link_description: 'A link to a pattern category.',
    },
    visibility: {
      public: false,
      publicly_queryable: false,
      show_admin_column: true,
      show_in_nav_menus: false,
      show_in_quick_edit: true,
      show_ui: true,
    },
  },
  {
    // TEC's event categories (`Tribe__Events__Main::register_taxonomy()`): managed by those who may publish events.
    slug: 'tribe_events_cat',
    hierarchical: true,
    showCloud: true,
    capabilities: ['publish_tribe_events', 'publish_tribe_events', 'publish_tribe_events', 'edit_tribe_events'],
    labels: {
      name: 'Event Categories',
      singular_name: 'Event Category',
      search_items: 'Search Event Categories',
      all_items: 'All Event Categories',
      parent_item: 'Parent Event Category',
      parent_item_colon: 'Parent Event Category:',
      edit_item: 'Edit Event Category',
      update_item: 'Update Event Category',
      add_new_item: 'Add New Event Category',
      new_item_name: 'New Event Category Name',
      item_link: 'Event Category Link',
      item_link_description: 'A link to a particular Event category.',
    },
    visibility: { ...EVERYWHERE, show_admin_column: false },
  },
]

/**
 * The taxonomies registered but not shown in the REST API, which its taxonomies route refuses (`rest_forbidden`):
 * WordPress's own and Action Scheduler's.
 */
const HIDDEN_TAXONOMIES: ReadonlySet<string> = new Set([
  'link_category',
  'post_format',
  'wp_theme',
  'wp_template_part_area',
  'action-group',
])

const SLUG_HELP =
  'The &#8220;slug&#8221; is the URL-friendly version of the name. It is usually all lowercase and contains only letters, numbers, and hyphens.'
const DESCRIPTION_HELP = 'The description is not prominent by default; however, some themes may show it.'

/**
 * WordPress's default labels of a taxonomy (`WP_Taxonomy::get_default_labels()`): a tag's for a flat taxonomy, a
 * category's for a hierarchical one.
 */
const TAXONOMY_DEFAULT_LABELS: DefaultLabels = {
  name: ['Tags', 'Categories'],
  singular_name: ['Tag', 'Category'],
  search_items: ['Search Tags', 'Search Categories'],
  popular_items: ['Popular Tags', null],
  all_items: ['All Tags', 'All Categories'],
  parent_item: [null, 'Parent Category'],
  parent_item_colon: [null, 'Parent Category:'],
  name_field_description: ['The name is how it appears on your site.', 'The name is how it appears on your site.'],
  slug_field_description: [SLUG_HELP, SLUG_HELP],
  parent_field_description: [
    null,
    'Assign a parent term to create a hierarchy. The term Jazz, for example, would be the parent of Bebop and Big Band.',
  ],
  desc_field_description: [DESCRIPTION_HELP, DESCRIPTION_HELP],
  edit_item: ['Edit Tag', 'Edit Category'],
  view_item: ['View Tag', 'View Category'],
  update_item: ['Update Tag', 'Update Category'],
  add_new_item: [addLabel('Tag'), addLabel('Category')],
  new_item_name: ['New Tag Name', 'New Category Name'],
  separate_items_with_commas: ['Separate tags with commas', null],
  add_or_remove_items: ['Add or remove tags', null],
  choose_from_most_used: ['Choose from the most used tags', null],
  not_found: ['No tags found.', 'No categories found.'],
  no_terms: ['No tags', 'No categories'],
  filter_by_item: [null, 'Filter by category'],
  items_list_navigation: ['Tags list navigation', 'Categories list navigation'],
  items_list: ['Tags list', 'Categories list'],
  most_used: ['Most Used', 'Most Used'],
  back_to_items: ['&larr; Go to Tags', '&larr; Go to Categories'],
  item_link: ['Tag Link', 'Category Link'],
  item_link_description: ['A link to a tag.', 'A link to a category.'],
}

/**
 * The taxonomies shown in the REST API, in the order they are registered (`get_taxonomies()`).
 *
 * @example
 * restTaxonomies().map((taxonomy) => taxonomy.slug)
 * // ['category', 'post_tag', 'nav_menu', 'wp_pattern_category', 'tribe_events_cat']
 */
export function restTaxonomies(): readonly RestTaxonomy[] {
  return REST_TAXONOMIES
}

/**
 * Whether `slug` names a taxonomy registered but not shown in the REST API (`show_in_rest` false).
 *
 * @example
 * isHiddenTaxonomy('post_format') // true
 */
export function isHiddenTaxonomy(slug: string): boolean {
  return HIDDEN_TAXONOMIES.has(slug)
}

/**
 * The post types a taxonomy is registered for in a release (`WP_Taxonomy::$object_type`): the REST post types that
 * list it, in their order.
 *
 * @example
 * taxonomyTypes(postTag, '6.7.1') // ['post', 'tribe_events']; 7.0.4 adds 'tec_calendar_embed'
 */
export function taxonomyTypes(taxonomy: RestTaxonomy, release: WordPressRelease): string[] {
  return restPostTypes(release)
    .filter((type) => type.taxonomies?.includes(taxonomy.slug))
    .map((type) => type.slug)
}

/**
 * The labels of a taxonomy in a release, as the taxonomies route shows them in the `edit` context
 * (`get_taxonomy_labels()`): its registered labels completed over WordPress's defaults, then `template_name`,
 * `<singular name> Archives`.
 *
 * @example
 * taxonomyLabels(category, '7.0.4')
 * // { name: 'Categories', …, name_admin_bar: 'category', template_name: 'Category Archives' }
 */
export function taxonomyLabels(taxonomy: RestTaxonomy, release: WordPressRelease): Record<string, string | null> {
  const labels = objectLabels(TAXONOMY_DEFAULT_LABELS, taxonomy.labels, taxonomy.hierarchical, taxonomy.slug, release)
  labels.template_name = `${labels.singular_name} Archives`
  return labels
}
