import { firstSuffix, noteSuffix, type SuffixedCollection } from '../../cache/slug-suffixes.js'
import { wallInZone } from '../../dates/zoned.js'
import { CalendarError } from '../../errors.js'
import { COLLECTION_OF, type ServedPostKind } from '../../model/kinds.js'
import { NO_GMT_DATE, type Status } from '../../model/records.js'
import type { CalendarState, RecordOf } from '../../model/state.js'
import { slugAskedFor, slugFromTitle, uniqueSlug } from '../slugs.js'
import { tecRules, type WordPressRelease } from '../tec-versions.js'

/** Where a kind's slugs are looked up: its collection. */
export interface SlugIndex extends SuffixedCollection {
  bySlug(slug: string): { id: number } | undefined
  get(id: number): object | undefined
}

/** What filling in a record's defaults needs: the state it joins and "now" in the site time zone. */
export interface NormalizeContext {
  state: CalendarState
  /** `YYYY-MM-DD HH:MM:SS`, site time zone. */
  now: string
}

/** The stored keys every post kind shares (docs/data-file.md): `id` and the fields of `PostDefaults`, and `image`. */
export const POST_KEYS = [
  'id',
  'description',
  'excerpt',
  'slug',
  'status',
  'author',
  'date',
  'date_utc',
  'modified',
  'modified_utc',
  'image',
] as const

/**
 * The statuses whose date floats (`get_post_stati( [ 'date_floating' => true ] )`): a post saved in one without a
 * GMT date is left undated (`NO_GMT_DATE`), and an event in one may have no slug (`wp_insert_post()`).
 */
export const FLOATING_STATUSES: ReadonlySet<Status> = new Set(['draft', 'pending'])

/** The fields every post kind shares, defaults filled in, in the order the data file writes them. */
export interface PostDefaults {
  description: string
  excerpt: string
  slug: string
  status: Status
  author: number
  date: string
  date_utc?: string
  modified: string
  modified_utc?: string
}

/**
 * Fills the shared post fields of a record read from the file or built by a create (docs/data-file.md,
 * docs/responses.md#event): empty texts, a unique slug from `title`, `status` publish, `author` user 1, `date` now,
 * `modified` = `date` and, with it, `modified_utc` = `date_utc` (`wp_insert_post()` dates a new post's change as its
 * publication). `unnamedDrafts` (events): a draft or pending record keeps no slug unless it is given one, as
 * `wp_insert_post()` leaves its `post_name` empty; TEC names venues and organizers from their name whatever their
 * status (`Tribe__Events__Venue::create()`). `date_utc`/`modified_utc` are kept where `storedGmtDate` keeps them.
 */
export function postDefaults(
  raw: Record<string, unknown>,
  id: number,
  title: string,
  collection: SlugIndex,
  ctx: NormalizeContext,
  unnamedDrafts = false,
): PostDefaults {
  const date = (raw.date as string | undefined) ?? ctx.now
  const status = (raw.status as Status | undefined) ?? 'publish'
  const unnamed = unnamedDrafts && FLOATING_STATUSES.has(status)
  const modified = raw.modified as string | undefined
  const zone = ctx.state.siteTimezone
  const dateUtc = storedGmtDate(raw.date_utc, date, status, zone)
  const modifiedUtc =
    modified === undefined ? dateUtc : storedGmtDate(raw.modified_utc, modified, status, zone, dateUtc === NO_GMT_DATE)
  return {
    description: (raw.description as string | undefined) ?? '',
    excerpt: (raw.excerpt as string | undefined) ?? '',
    slug: resolveSlug(
      raw.slug as string | undefined,
      title,
      id,
      collection,
      tecRules(ctx.state.settings).wordpress,
      unnamed,
    ),
    status,
    author: (raw.author as number | undefined) ?? 1,
    date,
    ...(dateUtc === undefined ? {} : { date_utc: dateUtc }),
    modified: modified ?? date,
    ...(modifiedUtc === undefined ? {} : { modified_utc: modifiedUtc }),
  }
}

/**
 * The GMT date a post stores beside `local` (its `date` or `modified`, site zone `zone`), or undefined where none is
 * stored and the UTC is worked out from `local`: `gmt` (`YYYY-MM-DD HH:MM:SS`, UTC) when it is another instant, as
 * WordPress keeps a `post_date_gmt` given with its `post_date` (`wp_insert_post()`); `NO_GMT_DATE` in a floating
 * status only (and for `modified_utc` only while the post is undated, `undated`).
 *
 * @example
 * storedGmtDate('2020-01-01 10:00:00', '2020-01-01 10:00:00', 'publish', 'America/New_York') // '2020-01-01 10:00:00'
 * storedGmtDate('2020-01-01 15:00:00', '2020-01-01 10:00:00', 'publish', 'America/New_York') // undefined
 */
export function storedGmtDate(
  gmt: unknown,
  local: string,
  status: Status,
  zone: string,
  undated = true,
): string | undefined {
  if (typeof gmt !== 'string') return undefined
  if (gmt === NO_GMT_DATE) return undated && FLOATING_STATUSES.has(status) ? NO_GMT_DATE : undefined
  return wallInZone(local, zone, 'UTC') === gmt ? undefined : gmt
}

/**
 * Which of the publication date fields a write is sent, and `gmt`, the GMT date (`YYYY-MM-DD HH:MM:SS`, UTC) it
 * stores apart from its `date` (`resolvePostFields`: both sent), if any.
 */
export interface DateSent {
  date: boolean
  date_utc: boolean
  gmt?: string
}

/** The `DateSent` of a parsed body and the fields resolved from it. */
export function datesSent(body: { date?: unknown; date_utc?: unknown }, fields: { date_utc?: unknown }): DateSent {
  return {
    date: body.date !== undefined,
    date_utc: body.date_utc !== undefined,
    ...(typeof fields.date_utc === 'string' ? { gmt: fields.date_utc } : {}),
  }
}

/**
 * The publication date fields a venue or organizer update stores in TEC's way (a lossy write): `wp_update_post()`
 * changes only the one of `post_date` and `post_date_gmt` it is sent, as `Tribe__Events__Venue::update()` and
 * `Tribe__Events__Organizer::update()` leave an unsent one out. So a `date` sent alone keeps the post's GMT date,
 * and a `date_utc` sent alone its `date`: the two then name different instants. `fields` holds them as resolved
 * (`resolvePostFields`: `date` in the site zone `zone`); to spread over it. A post not dated yet is left to
 * `savedPostDates`.
 *
 * @example
 * // a venue dated 2020-01-01 10:00:00 in New York (15:00 GMT), sent only `date` 2021-01-01 10:00:00:
 * datesUpdatedApart(venue, { date: '2021-01-01 10:00:00' }, sent, 'America/New_York')
 * // { date_utc: '2020-01-01 15:00:00' }
 */
export function datesUpdatedApart(
  previous: { date: string; date_utc?: string },
  fields: { date?: unknown },
  sent: DateSent,
  zone: string,
): { date?: string; date_utc?: string } {
  if (sent.date === sent.date_utc || previous.date_utc === NO_GMT_DATE || typeof fields.date !== 'string') return {}
  if (sent.date) return { date_utc: previous.date_utc ?? wallInZone(previous.date, zone, 'UTC') ?? undefined }
  return { date: previous.date, date_utc: wallInZone(fields.date, zone, 'UTC') ?? undefined }
}

/**
 * The dates a save gives a post (`previous` undefined: a create) that becomes `status`, to spread over the record
 * being built: `date` now where WordPress dates it, and `date_utc`/`modified_utc` as `PostRecord` stores them
 * (undefined: derived from the wall times). The rules of `wp_insert_post()` and `wp_update_post()`:
 * - a create in a floating status without a `date_utc` stays undated, and so does its `modified_utc`;
 * - an update of an undated post is dated now (its `date` sent is ignored) unless it is sent a date with a new
 *   status (`edit_date`, as `Tribe__Events__API::updateEvent()` sets it), and stays undated in a floating status;
 * - any other update in a floating status is undated when it sends no `date_utc` and either the post was undated
 *   or the write is `lossy` (TEC sends an empty `post_date_gmt`, which a floating status leaves empty);
 * - otherwise a date sent brings its own GMT date (`sent.gmt`, else derived), and an update sent none keeps the
 *   post's.
 * An update always has a real `modified_utc`.
 */
export function savedPostDates(
  previous: { status: Status; date_utc?: string } | undefined,
  status: Status,
  sent: DateSent,
  now: string,
  lossy: boolean,
): { date?: string; date_utc: string | undefined; modified_utc: string | undefined } {
  const floats = FLOATING_STATUSES.has(status)
  if (previous === undefined) {
    const date_utc = floats && !sent.date_utc ? NO_GMT_DATE : sent.gmt
    return { date_utc, modified_utc: date_utc }
  }
  const wasUndated = previous.date_utc === NO_GMT_DATE && FLOATING_STATUSES.has(previous.status)
  const dateSent = sent.date || sent.date_utc
  const editDate = dateSent && status !== previous.status
  if (wasUndated && !editDate) return { date: now, date_utc: floats ? NO_GMT_DATE : undefined, modified_utc: undefined }
  if (floats && !sent.date_utc && (wasUndated || lossy)) return { date_utc: NO_GMT_DATE, modified_utc: undefined }
  const kept = previous.date_utc === NO_GMT_DATE ? undefined : previous.date_utc
  return { date_utc: dateSent ? sent.gmt : kept, modified_utc: undefined }
}

/**
 * The post with this ID (docs/errors.md).
 *
 * @throws CalendarError 404 `rest-<kind>-not-found` for an unknown ID; 400 `rest-invalid-<kind>-id` for the ID of
 * another kind.
 */
export function findPost<K extends ServedPostKind>(state: CalendarState, kind: K, id: number): RecordOf<K> {
  const record = state[COLLECTION_OF[kind]].get(id) as RecordOf<K> | undefined
  if (record) return record
  const other = state.postKind(id)
  if (other)
    throw new CalendarError(`rest-invalid-${kind}-id`, 400, `${id} is the ID of a ${other}, not of a ${kind}.`, { id })
  throw new CalendarError(`rest-${kind}-not-found`, 404, `No ${kind} has the ID ${id}.`, { id })
}

/**
 * The post with this slug (docs/errors.md), from the slug index: the slug as stored, else as WordPress reads a slug
 * asked for (`slugAskedFor`), so that `tokyo-launch-🚀` finds `tokyo-launch-%f0%9f%9a%80`.
 */
export function postBySlug<K extends ServedPostKind>(
  state: CalendarState,
  kind: K,
  slug: string,
): RecordOf<K> | undefined {
  const collection = state[COLLECTION_OF[kind]]
  const stored = collection.bySlug(slug)
  if (stored) return stored as unknown as RecordOf<K>
  const asked = slugAskedFor(slug)
  return asked === undefined || asked === slug
    ? undefined
    : (collection.bySlug(asked) as unknown as RecordOf<K> | undefined)
}

/**
 * The post with this slug (`postBySlug`).
 *
 * @throws CalendarError 404 `rest-<kind>-not-found`.
 */
export function findPostBySlug<K extends ServedPostKind>(state: CalendarState, kind: K, slug: string): RecordOf<K> {
  const record = postBySlug(state, kind, slug)
  if (record) return record
  throw new CalendarError(`rest-${kind}-not-found`, 404, `No ${kind} has the slug "${slug}".`, { slug })
}

// A slug that is already in its final form: sanitizing it again would give it back (and costs ~30 µs).
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/u

/**
 * The slug a record keeps: its own when given and free in its kind, else one made from its title as `wordpress`
 * makes it and made unique with `-2`, `-3`, … (docs/writes.md; `wp_unique_post_slug()`). A title with no usable
 * characters (or only `0`) falls back to the ID. `unnamed`: no slug given gives `""` (a draft's empty
 * `post_name`, `wp_insert_post()`), which is never taken nor found by slug; one given is still made unique, unlike
 * WordPress's drafts, as calfile finds every named post by its slug. `widen` gives the base to number instead
 * when the base itself is taken (a category's ancestors' slugs, `wp_unique_term_slug()`).
 */
export function resolveSlug(
  wanted: string | undefined,
  title: string,
  id: number,
  collection: SlugIndex,
  wordpress: WordPressRelease,
  unnamed = false,
  widen?: (base: string, taken: (slug: string) => boolean) => string,
): string {
  const taken = (slug: string) => {
    const holder = collection.bySlug(slug)
    return holder !== undefined && holder.id !== id
  }
  const asked = wanted !== undefined && SLUG.test(wanted) ? wanted : slugFromTitle(wanted ?? '', wordpress)
  if (unnamed && usable(asked) === '') return ''
  const first = usable(asked) || usable(slugFromTitle(title, wordpress)) || String(id)
  const base = widen && taken(first) ? widen(first, taken) : first
  // A record that holds no slug yet may skip the suffixes known taken; one that does may keep its own.
  if (collection.get(id) !== undefined) return uniqueSlug(base, taken)
  const slug = uniqueSlug(base, taken, firstSuffix(collection, base))
  if (slug !== base) noteSuffix(collection, base, slug)
  return slug
}

/** `"0"` is no slug: PHP's `empty("0")` is true, and TEC drops `"0"` from venue and organizer answers (docs/responses.md#venue). */
function usable(slug: string): string {
  return slug === '0' ? '' : slug
}

/** Keys of `raw` that are not in `known`, in their order: kept as they are (docs/errors.md). */
export function extraKeys(raw: Record<string, unknown>, known: ReadonlySet<string>): Record<string, unknown> {
  const extras: Record<string, unknown> = {}
  // Keys rather than entries: this runs for every record of a file at every load.
  for (const key of Object.keys(raw)) if (!known.has(key)) extras[key] = raw[key]
  return extras
}
