import { instantToWall, wallToInstant } from '../../dates/zoned.js'
import type { ServedPostKind } from '../../model/kinds.js'
import type { MediaRecord, Status } from '../../model/records.js'
import type { CalendarState } from '../../model/state.js'
import { siteHost, type View } from '../view.js'

/**
 * `date`, `date_utc`, `modified`, `modified_utc` of a post: stored in the site zone, UTC derived
 * (docs/responses.md#event), except a draft's stored `NO_GMT_DATE`, shown as it is.
 */
export function postDates(
  state: CalendarState,
  post: { date: string; modified: string; date_utc?: string; modified_utc?: string },
) {
  const zone = state.siteTimezone
  const utc = (wall: string) => instantToWall(wallToInstant(wall, zone), 'UTC')
  return {
    date: post.date,
    date_utc: post.date_utc ?? utc(post.date),
    modified: post.modified,
    modified_utc: post.modified_utc ?? utc(post.modified),
  }
}

/** WordPress's post type of each post kind (`Tribe__Events__Main::POSTTYPE`, `VENUE_POST_TYPE`, `ORGANIZER_POST_TYPE`). */
export const POST_TYPES: Readonly<Record<ServedPostKind, string>> = {
  event: 'tribe_events',
  venue: 'tribe_venue',
  organizer: 'tribe_organizer',
}

/**
 * A post's permalink (`get_post_permalink()`): its `path` on the view's site URL while its status is publicly
 * viewable (`publish`) or `private` (shown only to readers allowed to read it), else the plain link of
 * `wp_force_plain_post_permalink()`, `<site>/?post_type=<type>&p=<id>`: drafts, pending, scheduled and trashed posts.
 */
export function postPermalink(
  view: View,
  kind: ServedPostKind,
  post: { id: number; status: Status },
  path: string,
): string {
  if (post.status === 'publish' || post.status === 'private') return `${view.siteUrl}${path}`
  return `${view.siteUrl}/?post_type=${POST_TYPES[kind]}&p=${post.id}`
}

/** `global_id` and `global_id_lineage` (docs/responses.md#event): `"<host>?id=<id>"`. */
export function globalId(id: number, view: View) {
  const globalId = `${siteHost(view.siteUrl)}?id=${id}`
  return { global_id: globalId, global_id_lineage: [globalId] }
}

/**
 * The `image` of a post (docs/responses.md#event): `false` when none; a media entry's `{url, id, extension, width?,
 * height?, …}`; an image given by URL has id 0 and the extension of its path.
 */
export function shapeImage(state: CalendarState, image: number | string | null): false | Record<string, unknown> {
  if (image === null || image === '') return false
  if (typeof image === 'string') return { url: image, id: 0, extension: extensionOf(image) }
  const media = state.media.get(image)
  return media ? shapeMedia(media) : false
}

function shapeMedia(media: MediaRecord): Record<string, unknown> {
  const { id, url, extension, ...rest } = media
  return { url, id, extension: extension ?? extensionOf(url), ...rest }
}

function extensionOf(url: string): string {
  const path = url.split(/[?#]/u)[0] ?? ''
  const dot = path.lastIndexOf('.')
  return dot > path.lastIndexOf('/') ? path.slice(dot + 1).toLowerCase() : ''
}

/**
 * Drops `""`, `"0"`, `false` and null, as TEC does for venues and organizers (docs/responses.md#venue,
 * docs/responses.md#organizer).
 */
export function dropEmpty(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== '' && value !== '0' && value !== false && value !== null),
  )
}
