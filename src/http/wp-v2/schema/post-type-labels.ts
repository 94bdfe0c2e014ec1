import type { WordPressRelease } from '../../../core/resources/tec-versions.js'
import { addLabel, type DefaultLabels, inRelease, objectLabels, type RegisteredLabels } from './object-labels.js'

/**
 * The labels of a post type in a release, as the types route shows them in the `edit` context
 * (`get_post_type_labels()`): its registered labels completed over WordPress's defaults, then `template_name`,
 * `Single item: <singular name>`, for a type that names itself.
 *
 * @example
 * postTypeLabels('tribe_events', false, '7.0.4')
 * // { name: 'Events', singular_name: 'Event', add_new: 'Add New', …, name_admin_bar: 'Event',
 * //   template_name: 'Single item: Event' }
 */
export function postTypeLabels(
  slug: string,
  hierarchical: boolean,
  release: WordPressRelease,
): Record<string, string | null> {
  const registered = POST_TYPE_LABELS[slug] ?? {}
  const labels = objectLabels(POST_TYPE_DEFAULT_LABELS, registered, hierarchical, slug, release)
  const singular = registered.singular_name ?? registered.name
  if (singular !== undefined) labels.template_name = `Single item: ${inRelease(singular, release)}`
  return labels
}

/**
 * WordPress's default labels of a post type (`WP_Post_Type::get_default_labels()`): a post's for a flat type, a
 * page's for a hierarchical one, as WordPress 7.0.4 and 6.7.1 (with TEC 6.17.2 and 6.10.0) answer them.
 */
const POST_TYPE_DEFAULT_LABELS: DefaultLabels = {
  name: ['Posts', 'Pages'],
  singular_name: ['Post', 'Page'],
  add_new: [addLabel(''), addLabel('')],
  add_new_item: [addLabel('Post'), addLabel('Page')],
  edit_item: ['Edit Post', 'Edit Page'],
  new_item: ['New Post', 'New Page'],
  view_item: ['View Post', 'View Page'],
  view_items: ['View Posts', 'View Pages'],
  search_items: ['Search Posts', 'Search Pages'],
  not_found: ['No posts found.', 'No pages found.'],
  not_found_in_trash: ['No posts found in Trash.', 'No pages found in Trash.'],
  parent_item_colon: [null, 'Parent Page:'],
  all_items: ['All Posts', 'All Pages'],
  archives: ['Post Archives', 'Page Archives'],
  attributes: ['Post Attributes', 'Page Attributes'],
  insert_into_item: ['Insert into post', 'Insert into page'],
  uploaded_to_this_item: ['Uploaded to this post', 'Uploaded to this page'],
  featured_image: ['Featured image', 'Featured image'],
  set_featured_image: ['Set featured image', 'Set featured image'],
  remove_featured_image: ['Remove featured image', 'Remove featured image'],
  use_featured_image: ['Use as featured image', 'Use as featured image'],
  filter_items_list: ['Filter posts list', 'Filter pages list'],
  filter_by_date: ['Filter by date', 'Filter by date'],
  items_list_navigation: ['Posts list navigation', 'Pages list navigation'],
  items_list: ['Posts list', 'Pages list'],
  item_published: ['Post published.', 'Page published.'],
  item_published_privately: ['Post published privately.', 'Page published privately.'],
  item_reverted_to_draft: ['Post reverted to draft.', 'Page reverted to draft.'],
  item_trashed: ['Post trashed.', 'Page trashed.'],
  item_scheduled: ['Post scheduled.', 'Page scheduled.'],
  item_updated: ['Post updated.', 'Page updated.'],
  item_link: ['Post Link', 'Page Link'],
  item_link_description: ['A link to a post.', 'A link to a page.'],
}

/**
 * The labels TEC registers for its venues and organizers, from their singular and plural names
 * (`Tribe__Events__Venue::__construct()`, `Tribe__Events__Organizer::__construct()`).
 */
function linkedPostLabels(singular: string, plural: string): RegisteredLabels {
  return {
    name: plural,
    singular_name: singular,
    add_new: 'Add New',
    add_new_item: `Add New ${singular}`,
    edit_item: `Edit ${singular}`,
    new_item: `New ${singular}`,
    view_item: `View ${singular}`,
    search_items: `Search ${plural}`,
    not_found: `No ${plural.toLowerCase()} found`,
    not_found_in_trash: `No ${plural.toLowerCase()} found in Trash`,
    item_published: `${singular} published.`,
    item_published_privately: `${singular} published privately.`,
    item_reverted_to_draft: `${singular} reverted to draft.`,
    item_scheduled: `${singular} scheduled.`,
    item_updated: `${singular} updated.`,
    item_link: `${singular} Link`,
    item_link_description: `A link to a particular ${singular}.`,
    singular_name_lowercase: singular.toLowerCase(),
    plural_name_lowercase: plural.toLowerCase(),
  }
}

/**
 * The labels each post type shown in the REST API registers (`register_post_type()`'s `labels`), by type; the
 * rest WordPress completes (`objectLabels`). A label that only one release registers holds the other release's
 * default there.
 */
const POST_TYPE_LABELS: Readonly<Record<string, RegisteredLabels>> = {
  post: { name_admin_bar: 'Post' },
  page: { name_admin_bar: 'Page' },
  attachment: {
    name: 'Media',
    add_new: { '7.0.4': 'Add Media File', '6.7.1': 'Add New Media File' },
    add_new_item: { '7.0.4': 'Add Media File', '6.7.1': 'Add New Post' },
    edit_item: 'Edit Media',
    view_item: 'View Media File',
    attributes: 'Attachment Attributes',
  },
  nav_menu_item: { name: 'Navigation Menu Items', singular_name: 'Navigation Menu Item' },
  wp_block: {
    name: 'Patterns',
    singular_name: 'Pattern',
    add_new: addLabel('Pattern'),
    add_new_item: addLabel('Pattern'),
    edit_item: 'Edit Block Pattern',
    new_item: 'New Pattern',
    view_item: 'View Pattern',
    view_items: 'View Patterns',
    search_items: 'Search Patterns',
    not_found: 'No patterns found.',
    not_found_in_trash: 'No patterns found in Trash.',
    all_items: 'All Patterns',
    filter_items_list: 'Filter patterns list',
    items_list_navigation: 'Patterns list navigation',
    items_list: 'Patterns list',
    item_published: 'Pattern published.',
    item_published_privately: 'Pattern published privately.',
    item_reverted_to_draft: 'Pattern reverted to draft.',
    item_scheduled: 'Pattern scheduled.',
    item_updated: 'Pattern updated.',
  },
  wp_template: {
    name: 'Templates',
    singular_name: 'Template',
    add_new: addLabel('Template'),
    add_new_item: addLabel('Template'),
    edit_item: 'Edit Template',
    new_item: 'New Template',
    view_item: 'View Template',
    search_items: 'Search Templates',
    not_found: 'No templates found.',
    not_found_in_trash: 'No templates found in Trash.',
    parent_item_colon: 'Parent Template:',
    all_items: 'Templates',
    archives: 'Template archives',
    insert_into_item: 'Insert into template',
    uploaded_to_this_item: 'Uploaded to this template',
    filter_items_list: 'Filter templates list',
    items_list_navigation: 'Templates list navigation',
    items_list: 'Templates list',
    item_updated: 'Template updated.',
  },
  wp_template_part: {
    name: 'Template Parts',
    singular_name: 'Template Part',
    add_new: addLabel('Template Part'),
    add_new_item: addLabel('Template Part'),
    edit_item: 'Edit Template Part',
    new_item: 'New Template Part',
    view_item: 'View Template Part',
    search_items: 'Search Template Parts',
    not_found: 'No template parts found.',
    not_found_in_trash: 'No template parts found in Trash.',
    parent_item_colon: 'Parent Template Part:',
    all_items: 'Template Parts',
    archives: 'Template part archives',
    insert_into_item: 'Insert into template part',
    uploaded_to_this_item: 'Uploaded to this template part',
    filter_items_list: 'Filter template parts list',
    items_list_navigation: 'Template parts list navigation',
    items_list: 'Template parts list',
    item_updated: 'Template part updated.',
  },
  wp_global_styles: { name: 'Global Styles' },
  wp_navigation: {
    name: 'Navigation Menus',
    singular_name: 'Navigation Menu',
    add_new: addLabel('Navigation Menu'),
    add_new_item: addLabel('Navigation Menu'),
    edit_item: 'Edit Navigation Menu',
    new_item: 'New Navigation Menu',
    view_item: 'View Navigation Menu',
    search_items: 'Search Navigation Menus',
    not_found: 'No Navigation Menu found.',
    not_found_in_trash: 'No Navigation Menu found in Trash.',
    parent_item_colon: 'Parent Navigation Menu:',
    archives: 'Navigation Menu archives',
    insert_into_item: 'Insert into Navigation Menu',
    uploaded_to_this_item: 'Uploaded to this Navigation Menu',
    filter_items_list: 'Filter Navigation Menu list',
    items_list_navigation: 'Navigation Menus list navigation',
    items_list: 'Navigation Menus list',
    item_updated: { '7.0.4': 'Navigation Menu updated.', '6.7.1': 'Post updated.' },
  },
  wp_font_family: { name: 'Font Families', singular_name: 'Font Family' },
  wp_font_face: { name: 'Font Faces', singular_name: 'Font Face' },
  tribe_venue: linkedPostLabels('Venue', 'Venues'),
  tribe_organizer: linkedPostLabels('Organizer', 'Organizers'),
  tribe_events: {
    name: 'Events',
    singular_name: 'Event',
    add_new: 'Add New',
    add_new_item: 'Add New Event',
    edit_item: 'Edit Event',
    new_item: 'New Event',
    view_item: 'View Event',
    // TEC 6.10.0 registers none: WordPress's default shows.
    view_items: { '7.0.4': 'View Events', '6.7.1': 'View Posts' },
    search_items: 'Search Events',
    not_found: 'No events found',
    not_found_in_trash: 'No events found in Trash',
    item_published: 'Event published.',
    item_published_privately: 'Event published privately.',
    item_reverted_to_draft: 'Event reverted to draft.',
    item_scheduled: 'Event scheduled.',
    item_updated: 'Event updated.',
    item_link: 'Event Link',
    item_link_description: 'A link to a particular Event.',
  },
  tec_calendar_embed: {
    name: 'Calendar Embeds',
    singular_name: 'Calendar Embed',
    add_new: 'Add New',
    add_new_item: 'Add New Calendar Embed',
    edit_item: 'Edit Calendar Embed',
    new_item: 'New Calendar Embed',
    view_item: 'View Calendar Embed',
    search_items: 'Search Calendar Embeds',
    not_found: 'No calendar embeds found.',
    not_found_in_trash: 'No calendar embeds found in Trash.',
    parent_item_colon: 'Parent Calendar Embeds:',
    insert_into_item: 'Insert into calendar embed',
    uploaded_to_this_item: 'Uploaded to this calendar embed',
    filter_items_list: 'Filter calendar embeds list',
    items_list_navigation: 'Calendar Embeds list navigation',
    items_list: 'Calendar Embeds list',
    item_published: 'Calendar embed published.',
    item_published_privately: 'Calendar embed published privately.',
    item_reverted_to_draft: 'Calendar embed reverted to draft.',
    item_trashed: 'Calendar embed trashed.',
    item_scheduled: 'Calendar embed scheduled.',
    item_updated: 'Calendar embed updated.',
    item_link: 'Calendar embed link',
    item_link_description: 'A link to the calendar embed.',
  },
}
