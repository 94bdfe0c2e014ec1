import type { Calendar } from '../../core/calendar.js'
import { isZone } from '../../core/dates/zoned.js'
import { CalendarError } from '../../core/errors.js'
import { COLLECTION_OF, type ServedPostKind } from '../../core/model/kinds.js'
import type { CalendarState } from '../../core/model/state.js'
import type { View } from '../../core/resources/view.js'
import { TEC_REPOSITORY } from '../../core/resources/write-mode.js'
import { HandlerError } from './handler-error.js'
import { zoneForUtcOffset } from './utc-offset-zones.js'

/**
 * A tec/v1 write as calfile's own fields (docs/writes.md), from the arguments `readArguments` kept: the WordPress
 * post fields (`title`, `content` → `description`, `excerpt`, `slug`, `status`, `author`, `date` and `date_gmt`
 * (`publicationDate`), `featured_media` → `image`) and each kind's own, as TEC 6.17.2's event repository takes them:
 * - `venues`: the first ID that names a venue (calfile links one); none such, `[]` included, leaves the venue;
 * - `organizers`: the IDs that name organizers; `[]` clears them, a list naming none leaves them;
 * - `featured`: only `true` changes it (the repository does not unset the flag);
 * - `tags`, `tribe_events_cat`: term IDs (unknown ones left out, as the repository leaves them);
 * - `timezone`: a UTC offset becomes the zone TEC names for it (`zoneForUtcOffset`), one that names no zone `UTC`.
 * A venue's `state` and `province` keep their names; `state_province` is calfile's `stateprovince`.
 *
 * @example
 * calfileFields('event', { title: 'Jazz', content: 'Live', venues: [12], timezone: 'Mars/Base' }, state)
 * // { title: 'Jazz', description: 'Live', venue: 12, timezone: 'UTC' } (12 a venue's ID)
 */
function calfileFields(
  kind: ServedPostKind,
  sent: Readonly<Record<string, unknown>>,
  state: CalendarState,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  const copy = (from: string, to = from) => {
    if (sent[from] !== undefined) fields[to] = sent[from]
  }
  copy('title', kind === 'event' ? 'title' : kind)
  copy('content', 'description')
  for (const key of ['excerpt', 'slug', 'status', 'author']) copy(key)
  Object.assign(fields, publicationDate(sent, state.settings.tec_lossy_writes))
  if (typeof sent.featured_media === 'number' && sent.featured_media > 0) fields.image = sent.featured_media
  if (kind === 'event') {
    for (const key of ['start_date', 'end_date', 'all_day', 'sticky', 'cost', 'tags']) copy(key)
    if (sent.featured === true) fields.featured = true
    copy('tribe_events_cat', 'categories')
    const venue = idsOf(sent.venues).find((id) => state.venues.get(id) !== undefined)
    if (venue !== undefined) fields.venue = venue
    if (Array.isArray(sent.organizers)) {
      const organizers = idsOf(sent.organizers).filter((id) => state.organizers.get(id) !== undefined)
      if (organizers.length > 0 || sent.organizers.length === 0) fields.organizer = organizers
    }
    if (typeof sent.timezone === 'string') {
      const zone = zoneForUtcOffset(sent.timezone)
      fields.timezone = isZone(zone) ? zone : 'UTC'
    }
  } else if (kind === 'venue') {
    for (const key of ['address', 'country', 'city', 'state', 'province', 'zip', 'phone', 'website']) copy(key)
    copy('state_province', 'stateprovince')
  } else {
    for (const key of ['phone', 'website', 'email']) copy(key)
  }
  return fields
}

/**
 * `date` and `date_gmt` as TEC 6.17.2's repository stores them (`Tribe__Repository::update_postarr_dates()`):
 * `date_gmt` wins over `date` and gives the date in the site zone; `date` alone is stored as the wall time written,
 * and its GMT date is the same text read as UTC (`Tribe__Timezones::to_tz( $date, 'UTC' )`, which converts nothing
 * without an offset). That loses the real GMT date, so calfile does it under `tec_lossy_writes` (`lossy`) only, and
 * otherwise reads `date` in the site zone with its GMT date worked out. Dates as `readArguments` kept them
 * (RFC 3339, the offset optional); anything else goes on as sent, for the library to refuse.
 *
 * @example
 * publicationDate({ date: '2021-05-05T12:00:00+02:00' }, true)
 * // { date: '2021-05-05 12:00:00', date_utc: '2021-05-05T12:00:00+02:00' }: 10:00 GMT
 */
function publicationDate(sent: Readonly<Record<string, unknown>>, lossy: boolean): Record<string, unknown> {
  if (sent.date_gmt !== undefined) return { date_utc: sent.date_gmt }
  if (sent.date === undefined) return {}
  if (!lossy || typeof sent.date !== 'string') return { date: sent.date }
  return { date: `${sent.date.slice(0, 10)} ${sent.date.slice(11, 19)}`, date_utc: sent.date }
}

/** The IDs of a list argument, numbers only. */
function idsOf(value: unknown): number[] {
  return Array.isArray(value) ? value.map(Number).filter((id) => Number.isInteger(id)) : []
}

/** The core resource of a post kind: the same calls for events, venues and organizers. */
function resource(calendar: Calendar, kind: ServedPostKind) {
  return calendar[COLLECTION_OF[kind]]
}

/**
 * Creates a post from tec/v1's arguments through the library, and returns its ID. What calfile cannot store (an
 * event without its title or dates) fails as TEC's repository fails it.
 *
 * @throws HandlerError 500 "Failed to create entity."
 */
export async function createPost(
  calendar: Calendar,
  kind: ServedPostKind,
  sent: Readonly<Record<string, unknown>>,
  view: View,
): Promise<number> {
  const fields = calfileFields(kind, sent, calendar.state)
  // The repository shows a new event's map and its link (`Tribe__Events__Repositories__Event::update_accessory_meta()`).
  if (kind === 'event') Object.assign(fields, { show_map: true, show_map_link: true })
  // The repository refuses an event that ends before it starts (`Tribe__Events__Validator__Base`).
  if (
    typeof fields.start_date === 'string' &&
    typeof fields.end_date === 'string' &&
    fields.end_date < fields.start_date
  )
    throw new HandlerError(500, 'Failed to create entity.')
  const created = await failingAs('Failed to create entity.', () =>
    resource(calendar, kind).create(fields, view, TEC_REPOSITORY),
  )
  return (created as { id: number }).id
}

/**
 * A write the library refuses (a 4xx `CalendarError`: what TEC's repository would fail to save) as the handler's 500
 * with TEC's `message`.
 */
async function failingAs<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (error instanceof CalendarError && error.status < 500) throw new HandlerError(500, message)
    throw error
  }
}

/**
 * Changes the fields sent, and only those (`Update_Entity_Response`: the repository's `save()` of the arguments).
 *
 * @throws HandlerError 404 "The entity could not be updated." for an ID of another kind or none; 500 "Failed to
 * update entity." when calfile refuses the change.
 */
export async function updatePost(
  calendar: Calendar,
  kind: ServedPostKind,
  id: number,
  sent: Readonly<Record<string, unknown>>,
  view: View,
): Promise<void> {
  const status = statusOf(calendar, kind, id)
  if (status === undefined) throw new HandlerError(404, 'The entity could not be updated.')
  // The repository saves posts of `any` status, which leaves trashed ones out.
  if (status === 'trash') throw new HandlerError(500, 'Failed to update entity.')
  await failingAs('Failed to update entity.', () =>
    resource(calendar, kind).update(id, calfileFields(kind, sent, calendar.state), view, TEC_REPOSITORY),
  )
}

/**
 * Moves a post to the trash, or with `force` deletes it (`Delete_Entity_Response`).
 *
 * @throws HandlerError 404 "The entity could not be deleted." for an ID of another kind or none; 410 "The entity has
 * already been trashed." for a second trash.
 */
export async function deletePost(
  calendar: Calendar,
  kind: ServedPostKind,
  id: number,
  force: boolean,
  view: View,
): Promise<void> {
  if (statusOf(calendar, kind, id) === undefined) throw new HandlerError(404, 'The entity could not be deleted.')
  try {
    await resource(calendar, kind).delete(id, { force }, view, TEC_REPOSITORY)
  } catch (error) {
    if (error instanceof CalendarError && error.status === 410)
      throw new HandlerError(410, 'The entity has already been trashed.')
    throw error
  }
}

/** The post status of the post of `kind` that `id` names; undefined when it names none of that kind. */
function statusOf(calendar: Calendar, kind: ServedPostKind, id: number): string | undefined {
  return calendar.state[COLLECTION_OF[kind]].get(id)?.status
}
