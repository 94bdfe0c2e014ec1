import type { Calendar } from '../../../core/calendar.js'
import { CalendarError } from '../../../core/errors.js'
import { COLLECTION_OF, type ServedPostKind } from '../../../core/model/kinds.js'
import type { EventRecord, OrganizerRecord, VenueRecord } from '../../../core/model/records.js'
import type { CalendarState } from '../../../core/model/state.js'
import { canEdit } from '../../../core/resources/access.js'
import { eventUrl } from '../../../core/resources/events/event-shape.js'
import { organizerUrl, venueUrl } from '../../../core/resources/linked-posts/linked-shape.js'
import { POST_TYPES } from '../../../core/resources/posts/post-shape.js'
import { slugFromTitle } from '../../../core/resources/slugs.js'
import { tecRules } from '../../../core/resources/tec-versions.js'
import type { View } from '../../../core/resources/view.js'
import { wordPressPost } from '../../wordpress/post-object.js'
import { eventClassList, termIds } from '../../wordpress/post-terms.js'
import { REST_ROOT } from '../../wordpress/rest-server/rest-namespace.js'
import { viewerCan } from '../../wordpress/users/viewer-capabilities.js'
import { postMeta } from './post-meta.js'

/** An event, venue or organizer: the records `wp/v2` serves as TEC's three post types. */
export type AnyPost = EventRecord | VenueRecord | OrganizerRecord

/** `<origin>/wp-json/wp/v2`, under which every link of a post points. */
function wpV2Url(view: View): string {
  return `${view.origin}${REST_ROOT}/wp/v2`
}

/**
 * A post as `wp/v2` shows it in the `view` context (`WP_REST_Posts_Controller::prepare_item_for_response()`): the
 * WordPress post (`wordPressPost`), `meta` as TEC registers it (`postMeta`), an event's term IDs and `class_list`,
 * then `_links`. `allow`: the methods the viewer may use on the post, its `self` link's `targetHints`.
 *
 * @example
 * wpPost(state, 'event', event, view, ['GET'])
 * // { id: 5, date: '2026-12-07T07:49:25', …, type: 'tribe_events', …, meta: { _EventStartDate: … }, tags: [3], … }
 */
export function wpPost(
  state: CalendarState,
  kind: ServedPostKind,
  post: AnyPost,
  view: View,
  allow: readonly string[],
  context: PostContext = 'view',
): Record<string, unknown> {
  const link = permalinkOf(view, kind, post)
  const { template, ...wordpress } = wordPressPost(state, kind, post, titleOf(kind, post), link)
  const comments = kind === 'event' && tecRules(state.settings).eventComments
  const shaped: Record<string, unknown> = {
    ...(context === 'edit' ? withRawTexts(wordpress, kind, post) : wordpress),
    // A post type with `comments` support shows its comment settings, WordPress's defaults (`get_default_comment_status()`).
    ...(comments ? { comment_status: 'open', ping_status: 'closed' } : {}),
    template,
    meta: postMeta(kind, post),
  }
  if (kind === 'event') {
    const event = post as EventRecord
    const tags = termIds(state, event.tags, 'tag')
    const categories = termIds(state, event.categories, 'category')
    shaped.tags = tags
    shaped.tribe_events_cat = categories
  }
  // A post type the site shows pages of has a permalink to edit (`is_post_type_viewable()`): TEC's events, not its
  // venues or organizers. The generated slug is the title's (`get_sample_permalink()` is given the title).
  if (context === 'edit' && kind === 'event')
    Object.assign(shaped, {
      permalink_template: permalinkOf(view, kind, { ...post, status: 'publish', slug: SLUG_TAG } as AnyPost),
      generated_slug: slugFromTitle(titleOf(kind, post), tecRules(state.settings).wordpress),
    })
  if (kind === 'event')
    shaped.class_list = eventClassList(
      state,
      post as EventRecord,
      shaped.tags as number[],
      shaped.tribe_events_cat as number[],
    )
  shaped._links = postLinks(state, kind, post, view, allow, comments, context === 'edit')
  if (context !== 'embed') return shaped
  return Object.fromEntries(POST_EMBED_FIELDS.filter((key) => key in shaped).map((key) => [key, shaped[key]]))
}

/** The fields of a post in the `embed` context (`get_item_schema()`), `_links` after them. */
const POST_EMBED_FIELDS = [
  'id',
  'date',
  'slug',
  'type',
  'link',
  'title',
  'excerpt',
  'author',
  'featured_media',
  '_links',
] as const

/**
 * The contexts a post is shown in: to anyone (`view`), to one who may edit it, with its raw texts (`edit`), or
 * embedded in another answer, its few fields (`embed`).
 */
export type PostContext = 'view' | 'edit' | 'embed'

/** The place of the slug in a permalink template (`get_sample_permalink()`). */
const SLUG_TAG = '%pagename%'

/**
 * The `edit` context's fields (`get_item_schema()`'s `context: ['edit']`): the texts as stored beside their
 * rendering, the guid's raw link, the password, and whether the content has blocks (`block_version()`).
 */
function withRawTexts(
  wordpress: Record<string, unknown>,
  kind: ServedPostKind,
  post: AnyPost,
): Record<string, unknown> {
  const rendered = (key: string) => (wordpress[key] as { rendered: string }).rendered
  const shaped: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(wordpress)) {
    if (key === 'guid') shaped.guid = { ...(value as object), raw: (value as { rendered: string }).rendered }
    else if (key === 'title') shaped.title = { raw: titleOf(kind, post), rendered: rendered('title') }
    else if (key === 'content')
      shaped.content = {
        raw: post.description,
        rendered: rendered('content'),
        protected: false,
        block_version: post.description.includes('<!-- wp:') ? 1 : 0,
      }
    else if (key === 'excerpt') shaped.excerpt = { raw: post.excerpt, rendered: rendered('excerpt'), protected: false }
    else shaped[key] = value
    if (key === 'modified_gmt') shaped.password = ''
  }
  return shaped
}

/**
 * The post's title field of its kind: an event's `title`, a venue's `venue`, an organizer's `organizer`.
 *
 * @example
 * titleOf('venue', venue) // 'Hall'
 */
export function titleOf(kind: ServedPostKind, post: AnyPost): string {
  if (kind === 'event') return (post as EventRecord).title
  return kind === 'venue' ? (post as VenueRecord).venue : (post as OrganizerRecord).organizer
}

/**
 * The post's page on the site, as REST v1 links it (`get_permalink()`).
 *
 * @example
 * permalinkOf(view, 'event', event) // 'http://127.0.0.1:3000/event/jazz/'
 */
export function permalinkOf(view: View, kind: ServedPostKind, post: AnyPost): string {
  if (kind === 'event') return eventUrl(view, post as EventRecord)
  return kind === 'venue' ? venueUrl(view, post as VenueRecord) : organizerUrl(view, post as OrganizerRecord)
}

/**
 * `_links` of a post (`WP_REST_Posts_Controller::prepare_links()`, the curies `WP_REST_Server` adds): itself, its
 * collection, its type, its author (embeddable), its comments where it takes them (embeddable), its revisions (how
 * many, and the latest: `wp_get_latest_revision_id_and_total_count()`), its featured image (embeddable, where it has
 * one), its attachments, and an event's terms (embeddable, tags first, as TEC registers the taxonomies).
 */
function postLinks(
  state: CalendarState,
  kind: ServedPostKind,
  post: AnyPost,
  view: View,
  allow: readonly string[],
  comments: boolean,
  edit: boolean,
): object {
  const root = wpV2Url(view)
  const type = POST_TYPES[kind]
  const links: Record<string, unknown[]> = {
    self: [{ href: `${root}/${type}/${post.id}`, targetHints: { allow: [...allow] } }],
    collection: [{ href: `${root}/${type}` }],
    about: [{ href: `${root}/types/${type}` }],
    author: [{ embeddable: true, href: `${root}/users/${post.author}` }],
    ...(comments ? { replies: [{ embeddable: true, href: `${root}/comments?post=${post.id}` }] } : {}),
  }
  const revisions = state.revisionsOf(post.id)
  const history = `${root}/${type}/${post.id}/revisions`
  links['version-history'] = [{ count: revisions.length, href: history }]
  const latest = revisions[0]
  if (latest) links['predecessor-version'] = [{ id: latest.id, href: `${history}/${latest.id}` }]
  if (typeof post.image === 'number' && post.image > 0)
    links['wp:featuredmedia'] = [{ embeddable: true, href: `${root}/media/${post.image}` }]
  links['wp:attachment'] = [{ href: `${root}/media?parent=${post.id}` }]
  if (kind === 'event')
    links['wp:term'] = [
      { taxonomy: 'post_tag', embeddable: true, href: `${root}/tags?post=${post.id}` },
      { taxonomy: 'tribe_events_cat', embeddable: true, href: `${root}/tribe_events_cat?post=${post.id}` },
    ]
  // Each action is a link to the post itself, whose schema's `links` describe it.
  if (edit)
    for (const action of availableActions(kind, view))
      links[`wp:action-${action}`] = [{ href: `${root}/${type}/${post.id}` }]
  links.curies = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }]
  return links
}

/** The capability names of TEC's post types (`tribe_events` → `publish_tribe_events`). */
const CAPABILITY_TYPES: Readonly<Record<ServedPostKind, string>> = {
  event: 'tribe_events',
  venue: 'tribe_venues',
  organizer: 'tribe_organizers',
}

/**
 * The actions the viewer may take on a post, which the `edit` context links (`get_available_actions()`): publish,
 * post unfiltered HTML, assign an author, and for an event create and assign the terms of each taxonomy, tags first.
 */
function availableActions(kind: ServedPostKind, view: View): string[] {
  const can = (capability: string) => viewerCan(view, capability)
  const type = CAPABILITY_TYPES[kind]
  const actions: string[] = []
  if (can(`publish_${type}`)) actions.push('publish')
  if (can('unfiltered_html')) actions.push('unfiltered-html')
  if (can(`edit_others_${type}`)) actions.push('assign-author')
  if (kind !== 'event') return actions
  // A taxonomy's `edit_terms` and `assign_terms` (`register_taxonomy()`): WordPress's for tags, TEC's for categories.
  for (const [base, create, assign] of [
    ['tags', 'manage_categories', 'edit_posts'],
    ['tribe_events_cat', 'publish_tribe_events', 'edit_tribe_events'],
  ] as const) {
    if (can(create)) actions.push(`create-${base}`)
    if (can(assign)) actions.push(`assign-${base}`)
  }
  return actions
}

/** The methods of a post's route, which its `self` link's `targetHints` list to those who may edit it. */
const WRITE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/**
 * The methods the viewer may use on a post, its `self` link's `targetHints` and its route's `Allow`.
 *
 * @example
 * postMethods(anonymousView, event) // ['GET']
 */
export function postMethods(view: View, post: AnyPost): readonly string[] {
  return canEdit(view, post) ? WRITE_METHODS : ['GET']
}

/**
 * The post of `kind` at an ID of the path (`get_post()`), if there is one.
 *
 * @example
 * postAt(calendar, 'venue', '4') // the venue record 4; postAt(calendar, 'venue', 'x') // undefined
 */
export function postAt(calendar: Calendar, kind: ServedPostKind, id: string | undefined): AnyPost | undefined {
  return /^\d+$/u.test(id ?? '') ? calendar.state[COLLECTION_OF[kind]].get(Number(id)) : undefined
}

/**
 * The post of `kind` at an ID of the path (`postAt`), or 404 `rest_post_invalid_id`.
 *
 * @example
 * postById(calendar, 'venue', '4') // the venue record 4
 */
export function postById(calendar: Calendar, kind: ServedPostKind, id: string | undefined): AnyPost {
  const post = postAt(calendar, kind, id)
  if (!post) throw new CalendarError('rest_post_invalid_id', 404, 'Invalid post ID.')
  return post
}
