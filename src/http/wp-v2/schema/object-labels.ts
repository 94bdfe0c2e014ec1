import type { WordPressRelease } from '../../../core/resources/tec-versions.js'

/**
 * A value that differs between the two WordPress releases calfile answers as.
 *
 * @example
 * const addNew: ByRelease<string> = { '7.0.4': 'Add', '6.7.1': 'Add New' }
 */
export type ByRelease<T> = Readonly<Record<WordPressRelease, T>>

/** One label: its text (`null` where WordPress has none), or its text in each release. */
type Label = string | null | ByRelease<string | null>

/**
 * The labels a post type or taxonomy registers, by key, in the order it registers them.
 *
 * @example
 * const navMenu: RegisteredLabels = { name: 'Navigation Menus', singular_name: 'Navigation Menu' }
 */
export type RegisteredLabels = Readonly<Record<string, Label>>

/**
 * WordPress's default labels: each key's text for a flat object (a post, a tag), then for a hierarchical one.
 *
 * @example
 * const defaults: DefaultLabels = { name: ['Posts', 'Pages'], parent_item_colon: [null, 'Parent Page:'] }
 */
export type DefaultLabels = Readonly<Record<string, readonly [Label, Label]>>

/**
 * The value of `release` where a value differs by release, else the value itself.
 *
 * @example
 * inRelease({ '7.0.4': 'Add', '6.7.1': 'Add New' }, '6.7.1') // 'Add New'
 * inRelease('Events', '6.7.1') // 'Events'
 */
export function inRelease<T>(value: T | ByRelease<T>, release: WordPressRelease): T {
  return typeof value === 'object' && value !== null && release in value
    ? (value as ByRelease<T>)[release]
    : (value as T)
}

/**
 * An "Add …" label, which WordPress 6.8 shortened: `Add Pattern` on 7.0.4, `Add New Pattern` on 6.7.1 (`Add` and
 * `Add New` with no noun).
 *
 * @example
 * addLabel('Category') // { '7.0.4': 'Add Category', '6.7.1': 'Add New Category' }
 */
export function addLabel(noun: string): ByRelease<string> {
  const tail = noun === '' ? '' : ` ${noun}`
  return { '7.0.4': `Add${tail}`, '6.7.1': `Add New${tail}` }
}

/**
 * The labels of a post type or taxonomy as WordPress completes them (`_get_custom_object_labels()`): the registered
 * labels, with `singular_name` taken from `name`, `name_admin_bar` from `singular_name` (else the object's slug),
 * `menu_name` from `name`, `all_items` from `menu_name` and `archives` from `all_items` where they are not
 * registered, laid over the defaults for a flat or hierarchical object. The defaults' keys come first, in their
 * order; the other keys follow in the order they were registered, the completed ones last. `menu_name` defaults to
 * the default `name` (`get_post_type_labels()`, `get_taxonomy_labels()`).
 *
 * @example
 * const navMenu = { name: 'Navigation Menus', singular_name: 'Navigation Menu' }
 * objectLabels(TAXONOMY_DEFAULT_LABELS, navMenu, false, 'nav_menu', '7.0.4')
 * // { name: 'Navigation Menus', singular_name: 'Navigation Menu', search_items: 'Search Tags', …,
 * //   menu_name: 'Navigation Menus', name_admin_bar: 'Navigation Menu', archives: 'Navigation Menus' }
 */
export function objectLabels(
  defaults: DefaultLabels,
  registered: RegisteredLabels,
  hierarchical: boolean,
  slug: string,
  release: WordPressRelease,
): Record<string, string | null> {
  const own: Record<string, string | null> = {}
  for (const [key, label] of Object.entries(registered)) own[key] = inRelease(label, release)
  if (!('singular_name' in own) && 'name' in own) own.singular_name = own.name as string | null
  if (!('name_admin_bar' in own)) own.name_admin_bar = own.singular_name ?? slug
  if (!('menu_name' in own) && 'name' in own) own.menu_name = own.name as string | null
  if (!('all_items' in own) && 'menu_name' in own) own.all_items = own.menu_name as string | null
  if (!('archives' in own) && 'all_items' in own) own.archives = own.all_items as string | null
  const labels: Record<string, string | null> = {}
  for (const [key, pair] of Object.entries(defaults)) labels[key] = inRelease(pair[hierarchical ? 1 : 0], release)
  labels.menu_name = labels.name ?? null
  return Object.assign(labels, own)
}
