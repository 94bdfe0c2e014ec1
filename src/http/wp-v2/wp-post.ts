import type { ServedPostKind } from '../../core/model/kinds.js'
import type { EventRecord, OrganizerRecord, VenueRecord } from '../../core/model/records.js'
import type { CalendarState } from '../../core/model/state.js'
import { eventUrl } from '../../core/resources/events/event-shape.js'
import { organizerUrl, venueUrl } from '../../core/resources/linked-posts/linked-shape.js'
import { POST_TYPES } from '../../core/resources/post-shape.js'
import { tecRules } from '../../core/resources/tec-versions.js'
import type { View } from '../../core/resources/view.js'
import { wordPressPost } from '../wordpress/post-object.js'
import { eventClassList, termIds } from '../wordpress/post-terms.js'
import { REST_ROOT } from '../wordpress/rest-server/rest-namespace.js'
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
): Record<string, unknown> {
  const { template, ...wordpress } = wordPressPost(
    state,
    kind,
    post,
    titleOf(kind, post),
    permalinkOf(view, kind, post),
  )
  const comments = kind === 'event' && tecRules(state.settings).eventComments
  const shaped: Record<string, unknown> = {
    ...wordpress,
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
    shaped.class_list = eventClassList(state, event, tags, categories)
  }
  shaped._links = postLinks(kind, post, view, allow, comments)
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
 * collection, its type, its author (embeddable), its comments where it takes them (embeddable), its revisions, its featured image (embeddable, where it has one),
 * its attachments, and an event's terms (embeddable, tags first, as TEC registers the taxonomies).
 */
function postLinks(
  kind: ServedPostKind,
  post: AnyPost,
  view: View,
  allow: readonly string[],
  comments: boolean,
): object {
  const root = wpV2Url(view)
  const type = POST_TYPES[kind]
  const links: Record<string, unknown[]> = {
    self: [{ href: `${root}/${type}/${post.id}`, targetHints: { allow: [...allow] } }],
    collection: [{ href: `${root}/${type}` }],
    about: [{ href: `${root}/types/${type}` }],
    author: [{ embeddable: true, href: `${root}/users/${post.author}` }],
    ...(comments ? { replies: [{ embeddable: true, href: `${root}/comments?post=${post.id}` }] } : {}),
    'version-history': [{ count: 0, href: `${root}/${type}/${post.id}/revisions` }],
  }
  if (typeof post.image === 'number' && post.image > 0)
    links['wp:featuredmedia'] = [{ embeddable: true, href: `${root}/media/${post.image}` }]
  links['wp:attachment'] = [{ href: `${root}/media?parent=${post.id}` }]
  if (kind === 'event')
    links['wp:term'] = [
      { taxonomy: 'post_tag', embeddable: true, href: `${root}/tags?post=${post.id}` },
      { taxonomy: 'tribe_events_cat', embeddable: true, href: `${root}/tribe_events_cat?post=${post.id}` },
    ]
  links.curies = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }]
  return links
}
