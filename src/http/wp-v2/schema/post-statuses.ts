import type { WordPressRelease } from '../../../core/resources/tec-versions.js'
import { type ByRelease, inRelease } from './object-labels.js'

/**
 * The post statuses a site with TEC registers (`create_initial_post_types()`, Action Scheduler's, TEC's event
 * aggregator's and ignored events'), as WordPress 7.0.4 with TEC 6.17.2 and 6.7.1 with TEC 6.10.0 show them at
 * `/wp-json/wp/v2/statuses`, compared live in every context.
 */

/**
 * One registered status (`register_post_status()`'s arguments); a flag not given is false.
 *
 * @example
 * const draft: PostStatus = { slug: 'draft', label: 'Draft', protected: true, dateFloating: true, showInList: true }
 */
export interface PostStatus {
  readonly slug: string
  readonly label: string
  /** Kept out of every list, and readable by nobody through the REST API, but `trash`. */
  readonly internal?: boolean
  readonly private?: boolean
  readonly protected?: boolean
  readonly public?: boolean
  /** `publicly_queryable`. */
  readonly queryable?: boolean | ByRelease<boolean>
  /** `show_in_admin_all_list`. */
  readonly showInList?: boolean
  /** Whether a post of the status keeps a date that moves until it is published. */
  readonly dateFloating?: boolean
}

/** Shown in the admin's lists of posts of every status, as most statuses are. */
const LISTED = { showInList: true } as const

/**
 * A status of TEC's event aggregator's import records (`Tribe__Events__Aggregator__Records::get_status()`): public,
 * and publicly queryable under TEC 6.10 only.
 */
function aggregatorStatus(slug: string, label: string): PostStatus {
  return { slug, label, public: true, queryable: { '7.0.4': false, '6.7.1': true }, ...LISTED }
}

/** Every registered status, in the order it is registered. */
const POST_STATUSES: readonly PostStatus[] = [
  { slug: 'publish', label: 'Published', public: true, queryable: true, ...LISTED },
  { slug: 'future', label: 'Scheduled', protected: true, ...LISTED },
  { slug: 'draft', label: 'Draft', protected: true, dateFloating: true, ...LISTED },
  { slug: 'pending', label: 'Pending', protected: true, dateFloating: true, ...LISTED },
  { slug: 'private', label: 'Private', private: true, ...LISTED },
  { slug: 'trash', label: 'Trash', internal: true },
  { slug: 'auto-draft', label: 'auto-draft', internal: true, dateFloating: true },
  { slug: 'inherit', label: 'inherit', internal: true },
  { slug: 'request-pending', label: 'Pending', internal: true },
  { slug: 'request-confirmed', label: 'Confirmed', internal: true },
  { slug: 'request-failed', label: 'Failed', internal: true },
  { slug: 'request-completed', label: 'Completed', internal: true },
  // Action Scheduler's, of its scheduled actions.
  { slug: 'in-progress', label: 'In-Progress', ...LISTED },
  { slug: 'failed', label: 'Failed', ...LISTED },
  aggregatorStatus('tribe-ea-success', 'Imported'),
  aggregatorStatus('tribe-ea-failed', 'Failed'),
  aggregatorStatus('tribe-ea-schedule', 'Schedule'),
  aggregatorStatus('tribe-ea-pending', 'Pending'),
  aggregatorStatus('tribe-ea-draft', 'Draft'),
  // Events ignored by the aggregator (`Tribe__Events__Ignored_Events::register_ignored_post_status()`).
  { slug: 'tribe-ignored', label: 'Ignored' },
]

/**
 * A registered status by its slug (`get_post_status_object()`), or undefined.
 *
 * @example
 * postStatus('draft')?.label // 'Draft'
 */
export function postStatus(slug: string): PostStatus | undefined {
  return POST_STATUSES.find((status) => status.slug === slug)
}

/**
 * The statuses the statuses route lists (`WP_REST_Post_Statuses_Controller::get_items()`): those not internal, in
 * the order they are registered, then `trash`.
 *
 * @example
 * listedStatuses().map((status) => status.slug) // ['publish', 'future', …, 'tribe-ignored', 'trash']
 */
export function listedStatuses(): readonly PostStatus[] {
  return [...POST_STATUSES.filter((status) => !status.internal), postStatus('trash') as PostStatus]
}

/**
 * `publicly_queryable` of a status in a release.
 *
 * @example
 * statusQueryable(postStatus('tribe-ea-success')!, '6.7.1') // true; false on 7.0.4
 */
export function statusQueryable(status: PostStatus, release: WordPressRelease): boolean {
  return inRelease(status.queryable ?? false, release)
}
