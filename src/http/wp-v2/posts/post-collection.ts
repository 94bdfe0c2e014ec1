import { CalendarError } from '../../../core/errors.js'
import { COLLECTION_OF, type ServedPostKind } from '../../../core/model/kinds.js'
import type { EventRecord, Status } from '../../../core/model/records.js'
import type { CalendarState } from '../../../core/model/state.js'
import { canRead, canWrite } from '../../../core/resources/access.js'
import { tecRules } from '../../../core/resources/tec-versions.js'
import type { View } from '../../../core/resources/view.js'
import { inLists } from '../../../core/search/event-index.js'
import { eventTimes } from '../../../core/search/record-facts.js'
import { ordered } from '../../wordpress/post-query.js'
import { type ArgumentSchema, checkArguments, refusedArgument } from '../../wordpress/rest-server/argument-checks.js'
import { FILTER_ARGUMENTS, postFilter, termFilter } from './post-filters.js'
import { type AnyPost, titleOf } from './wp-post.js'

/**
 * A `wp/v2` post collection's arguments and what they select (`WP_REST_Posts_Controller::get_items()`,
 * `get_collection_params()`), for TEC's three post types: paging (`page`, `per_page` 1–100, `offset`), `search`,
 * `include`/`exclude`, `slug`, `status`, `order`/`orderby`, and the dates, authors, search columns and an event's
 * terms (post-filters.ts). As on a TEC site, an event list never shows an event that has ended (TEC's `pre_get_posts` on the
 * `tribe_events` query), whatever the status asked for; the single route still reads it.
 */

/** TEC's own post statuses: its event aggregator's import records and its ignored events. */
export const TEC_STATUSES = [
  'in-progress',
  'failed',
  'tribe-ea-success',
  'tribe-ea-failed',
  'tribe-ea-schedule',
  'tribe-ea-pending',
  'tribe-ea-draft',
  'tribe-ignored',
] as const

/** WordPress's post statuses, as `status` may name them (`get_post_stati()` and `any`). */
const STATUSES = [
  'publish',
  'future',
  'draft',
  'pending',
  'private',
  'trash',
  'auto-draft',
  'inherit',
  'request-pending',
  'request-confirmed',
  'request-failed',
  'request-completed',
  ...TEC_STATUSES,
  'any',
] as const

const IDS: ArgumentSchema = { type: 'array', items: { type: 'integer' }, default: [] }

/** `context`, which every route of a post type takes (`get_context_param()`), declared with a `validate_callback`. */
export const CONTEXT_ARGUMENT: Readonly<Record<'context', ArgumentSchema>> = {
  context: {
    description: 'Scope under which the request is made; determines fields present in response.',
    type: 'string',
    enum: ['view', 'embed', 'edit'],
    default: 'view',
    validated: true,
  },
}

/**
 * The arguments a post collection takes, in `get_collection_params()`'s order, with WordPress's defaults; `context`,
 * `page`, `per_page` and `search` are those declared with a `validate_callback`. An event's term arguments are
 * read by `termFilter`.
 *
 * @example
 * collectionArguments('venue').per_page // { description: …, type: 'integer', minimum: 1, maximum: 100, default: 10, … }
 */
export function collectionArguments(kind: ServedPostKind): Record<string, ArgumentSchema> {
  const { after, modified_after, author, author_exclude, before, modified_before } = FILTER_ARGUMENTS
  const { search_semantics, search_columns, tax_relation } = FILTER_ARGUMENTS
  return {
    ...CONTEXT_ARGUMENT,
    page: { description: 'Current page of the collection.', type: 'integer', minimum: 1, default: 1, validated: true },
    per_page: {
      description: 'Maximum number of items to be returned in result set.',
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 10,
      validated: true,
    },
    search: { description: 'Limit results to those matching a string.', type: 'string', validated: true },
    ...{ after, modified_after, author, author_exclude, before, modified_before },
    exclude: { ...IDS, description: 'Ensure result set excludes specific IDs.' },
    include: { ...IDS, description: 'Limit result set to specific IDs.' },
    search_semantics,
    offset: { description: 'Offset the result set by a specific number of items.', type: 'integer' },
    order: {
      description: 'Order sort attribute ascending or descending.',
      type: 'string',
      enum: ['asc', 'desc'],
      default: 'desc',
    },
    orderby: {
      description: 'Sort collection by post attribute.',
      type: 'string',
      enum: ['author', 'date', 'id', 'include', 'modified', 'parent', 'relevance', 'slug', 'include_slugs', 'title'],
      default: 'date',
    },
    search_columns,
    slug: {
      description: 'Limit result set to posts with one or more specific slugs.',
      type: 'array',
      items: { type: 'string' },
    },
    status: {
      description: 'Limit result set to posts assigned one or more statuses.',
      type: 'array',
      items: { type: 'string', enum: STATUSES },
      default: ['publish'],
    },
    ...(kind === 'event' ? { tax_relation } : {}),
  }
}

/** One page of a collection: its posts, how many match in all, the page and how many pages there are. */
export interface CollectionPage {
  /** `context` as asked: `view`, `embed` or `edit`. */
  context: string
  posts: AnyPost[]
  total: number
  page: number
  pages: number
}

/**
 * The page of `kind`'s posts a collection request asks for, as the viewer may see them.
 *
 * @example
 * collectionPage(state, 'event', { per_page: '2' }, view, Date.now()) // { posts: [..2], total: 4, page: 1, pages: 2 }
 * @throws CalendarError 400 `rest_invalid_param` (an argument; a status the viewer may not list is
 *   `rest_forbidden_status`), 400 `rest_post_invalid_page_number` past the last page.
 */
export function collectionPage(
  state: CalendarState,
  kind: ServedPostKind,
  query: Readonly<Record<string, unknown>>,
  view: View,
  now: number,
): CollectionPage {
  const args = checkArguments(query, collectionArguments(kind))
  const statuses = args.status as string[]
  // Only those who may edit posts list any status but `publish` (`check_read_permission()` per status).
  if (statuses.some((status) => status !== 'publish') && !canWrite(view))
    throw refusedArgument('status', 'rest_forbidden_status', 'Status is forbidden.', {
      status: view.user ? 403 : 401,
    })
  const shown = new Set<Status>(statuses.includes('any') ? ['publish', 'future', 'draft', 'pending', 'private'] : [])
  for (const status of statuses) if (status !== 'any') shown.add(status as Status)
  const include = args.include as number[]
  const exclude = new Set(args.exclude as number[])
  const slugs = args.slug as string[] | undefined
  const posts: AnyPost[] = []
  const passes = postFilter(kind, args, state.siteTimezone)
  const terms = kind === 'event' ? termFilter(state, query, args.tax_relation) : () => true
  for (const post of state[COLLECTION_OF[kind]].values() as IterableIterator<AnyPost>) {
    if (!shown.has(post.status) || !canRead(view, post)) continue
    if (include.length > 0 && !include.includes(post.id)) continue
    if (exclude.has(post.id) || (slugs && !slugs.includes(post.slug))) continue
    if (kind === 'event' && !(listed(post as EventRecord, now) && terms(post as EventRecord))) continue
    if (!passes(post)) continue
    posts.push(post)
  }
  if (kind === 'event' && args.orderby === 'include' && tecRules(state.settings).wpV2IncludeOrder === 'nothing')
    posts.length = 0
  sortPosts(kind, posts, args.orderby as string, args.order === 'desc', include, shown.size > 1)
  const perPage = args.per_page as number
  const page = args.page as number
  const total = posts.length
  const pages = Math.ceil(total / perPage)
  if (page > pages && total > 0)
    throw new CalendarError(
      'rest_post_invalid_page_number',
      400,
      'The page number requested is larger than the number of pages available.',
    )
  const start = typeof args.offset === 'number' ? args.offset : (page - 1) * perPage
  return { context: args.context as string, posts: posts.slice(start, start + perPage), total, page, pages }
}

/** Whether an event is in a list: in lists at all (`inLists`), and not ended (TEC hides past events from `wp/v2`). */
function listed(event: EventRecord, now: number): boolean {
  return inLists(event) && eventTimes(event).end >= now
}

/**
 * Sorts as `WP_Query` orders by `orderby`: the publication date (the default), the ID, the title, the slug, the
 * modification time or the order of `include`; ties by ID, in the same direction. But a list by date of several
 * statuses ties by ID ascending: MySQL reads one status's posts in date order from WordPress's `type_status_date`
 * index, and sorts those of several itself, ties in the table's order (found on the oracle: two drafts of one
 * second under `status=any` come lower ID first).
 */
function sortPosts(
  kind: ServedPostKind,
  posts: AnyPost[],
  orderby: string,
  desc: boolean,
  include: readonly number[],
  manyStatuses: boolean,
): void {
  // TEC orders an event list by `include` as its own lists go, by start, earliest first (its `tribe_events` query).
  if (orderby === 'include' && kind === 'event') {
    const start = (post: AnyPost) => eventTimes(post as EventRecord).start
    posts.sort((a, b) => start(a) - start(b) || a.id - b.id)
    return
  }
  if (orderby === 'include' && include.length > 0) {
    posts.sort((a, b) => include.indexOf(a.id) - include.indexOf(b.id))
    return
  }
  const key = (post: AnyPost): string | number => {
    switch (orderby) {
      case 'id':
        return post.id
      case 'title':
        return titleOf(kind, post)
      case 'slug':
        return post.slug
      case 'modified':
        return post.modified
      case 'author':
        return post.author
      default:
        return post.date
    }
  }
  ordered(posts, key, desc, manyStatuses && orderby === 'date' ? 'ascending' : 'same')
}

/**
 * The `Link` header of a collection page (`WP_REST_Posts_Controller::get_items()`): the previous page
 * (`rel="prev"`, clamped to the last page) then the next (`rel="next"`), on the request's URL under the site's
 * origin with `page` set in place (`add_query_arg()`); undefined on a lone page.
 *
 * @example
 * pageLinks(new URL('http://127.0.0.1:3000/wp-json/wp/v2/tribe_events?per_page=2&page=2'), 'http://127.0.0.1:3000', 2, 3)
 * // '<…?per_page=2&page=1>; rel="prev", <…?per_page=2&page=3>; rel="next"'
 */
export function pageLinks(url: URL, origin: string, page: number, pages: number): string | undefined {
  const at = (to: number) => {
    const query = new URLSearchParams(url.search)
    query.set('page', String(to))
    // `add_query_arg()` writes a key without a value bare (`?_envelope&page=2`).
    return `${origin}${url.pathname}?${query.toString().replace(/=(&|$)/gu, '$1')}`
  }
  const links: string[] = []
  if (page > 1) links.push(`<${at(Math.min(page - 1, pages))}>; rel="prev"`)
  if (pages > page) links.push(`<${at(page + 1)}>; rel="next"`)
  return links.length > 0 ? links.join(', ') : undefined
}
