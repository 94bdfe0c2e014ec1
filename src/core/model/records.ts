import * as v from 'valibot'
import { isWallTime, isZone } from '../dates/zoned.js'
import { expected } from '../messages.js'
import { TEC_VERSIONS, type TecVersion } from '../resources/tec-versions.js'

/**
 * The records of the data file as stored (docs/data-file.md): one valibot schema per kind, used to validate a loaded
 * file, and the TypeScript shape of a record once defaults are filled in. Dates are wall times
 * `YYYY-MM-DD HH:MM:SS`: event dates in the event's `timezone`, `date`/`modified` in the site time zone.
 * Keys beyond the contract's are kept as they are (docs/errors.md), hence the index signatures.
 */

/** Post statuses of WordPress that calfile knows (docs/responses.md#event). */
export const STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash'] as const
export type Status = (typeof STATUSES)[number]

/**
 * The `post_date_gmt` WordPress gives a draft or pending post it has not dated (`wp_insert_post()`): the post's
 * date is then only the time of its last save, and the real one is set when it is published.
 */
export const NO_GMT_DATE = '0000-00-00 00:00:00'

/** WordPress roles (docs/auth.md). */
export const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const
export type Role = (typeof ROLES)[number]

/**
 * The values the data file and TEC's saved answers (`src/tec/tec-schema.ts`) both hold, each with the message a
 * wrong one gets: a positive integer ID, a string, a boolean, a wall time `YYYY-MM-DD HH:MM:SS`.
 */
export const IdSchema = v.pipe(
  v.number(expected('a positive integer ID')),
  v.integer(expected('a positive integer ID')),
  v.minValue(1, expected('a positive integer ID')),
)
export const TextSchema = v.string(expected('a string'))
export const BoolSchema = v.boolean(expected('true or false'))
export const WallSchema = v.pipe(
  v.string(expected('"YYYY-MM-DD HH:MM:SS"')),
  v.check(isWallTime, expected('"YYYY-MM-DD HH:MM:SS"')),
)
const id = IdSchema
const text = TextSchema
const bool = BoolSchema
const wall = WallSchema
const zone = v.pipe(
  v.string(expected('a time zone')),
  v.check(isZone, expected('an IANA time zone, UTC or UTC+H[:MM]')),
)
const status = v.picklist(STATUSES, expected(`one of ${STATUSES.join(', ')}`))
const ids = v.array(id, expected('an array of IDs'))
const number = v.number(expected('a number'))

/** A post's GMT date where it is stored (`PostRecord`): a UTC wall time, or a draft's `NO_GMT_DATE`. */
const gmtDate = v.union(
  [v.literal(NO_GMT_DATE), wall],
  expected(`"YYYY-MM-DD HH:MM:SS" in UTC, "${NO_GMT_DATE}" (a draft not dated yet) or no key`),
)

const postFields = {
  id: v.optional(id),
  author: v.optional(id),
  status: v.optional(status),
  date: v.optional(wall),
  date_utc: v.optional(gmtDate),
  modified: v.optional(wall),
  modified_utc: v.optional(gmtDate),
  description: v.optional(text),
  excerpt: v.optional(text),
  slug: v.optional(text),
  image: v.optional(v.nullable(v.union([id, text, v.literal(false)], expected('a media ID, an image URL or null')))),
}

/** A path on the site, `/` first: an event's `permalink` (docs/responses.md#event `url`). */
const PATH = expected('a path starting with "/"')
const sitePath = v.pipe(v.string(PATH), v.startsWith('/', PATH))

/** An event as written in the data file. */
export const EventFileSchema = v.looseObject({
  ...postFields,
  permalink: v.optional(sitePath),
  title: text,
  start_date: wall,
  end_date: wall,
  utc_start_date: v.optional(v.nullable(wall)),
  utc_end_date: v.optional(v.nullable(wall)),
  timezone: v.optional(zone),
  all_day: v.optional(bool),
  cost: v.optional(v.union([text, v.array(text)], expected('a string or an array of strings'))),
  currency_symbol: v.optional(text),
  currency_position: v.optional(v.picklist(['prefix', 'postfix', ''], expected('"prefix", "postfix" or ""'))),
  website: v.optional(v.nullable(text)),
  show_map: v.optional(bool),
  show_map_link: v.optional(bool),
  hide_from_listings: v.optional(bool),
  sticky: v.optional(bool),
  featured: v.optional(bool),
  ticketed: v.optional(bool),
  venue: v.optional(v.nullable(id)),
  organizer: v.optional(ids),
  categories: v.optional(ids),
  tags: v.optional(ids),
  post_parent: v.optional(v.union([v.literal(0), id], expected('an event ID or 0'))),
  custom_fields: v.optional(v.record(v.string(), v.unknown(), expected('an object'))),
})

/** A venue as written in the data file. */
export const VenueFileSchema = v.looseObject({
  ...postFields,
  venue: text,
  address: v.optional(text),
  city: v.optional(text),
  country: v.optional(text),
  province: v.optional(text),
  state: v.optional(text),
  zip: v.optional(text),
  phone: v.optional(text),
  website: v.optional(text),
  stateprovince: v.optional(text),
  geo_lat: v.optional(v.nullable(number)),
  geo_lng: v.optional(v.nullable(number)),
  show_map: v.optional(bool),
  show_map_link: v.optional(bool),
})

/** An organizer as written in the data file. */
export const OrganizerFileSchema = v.looseObject({
  ...postFields,
  organizer: text,
  phone: v.optional(text),
  website: v.optional(text),
  email: v.optional(text),
})

/** A category or tag as written in the data file; `parent` only means something for categories. */
export const TermFileSchema = v.looseObject({
  id: v.optional(id),
  name: v.pipe(text, v.nonEmpty(expected('a non-empty name'))),
  slug: v.optional(text),
  description: v.optional(text),
  parent: v.optional(v.union([v.literal(0), id], expected('a category ID or 0'))),
  /** WordPress numbers a term's taxonomy row apart from the term: kept from a site where the two differ. */
  term_taxonomy_id: v.optional(id),
})

/** An entry of the optional `media` collection: an image events can point at by ID (docs/writes.md). */
export const MediaFileSchema = v.looseObject({
  id: v.optional(id),
  url: text,
  extension: v.optional(text),
  width: v.optional(number),
  height: v.optional(number),
})

/**
 * An entry of the optional `revisions` collection (docs/data-file.md#revisions): what an event, venue or organizer
 * said when an update saved it, as WordPress keeps a post of type `revision` (`_wp_put_post_revision()`). `date` is
 * a wall time in the site zone: the post's `modified` at that save.
 */
export const RevisionFileSchema = v.looseObject({
  id,
  parent: id,
  author: v.optional(id),
  date: wall,
  title: v.optional(text),
  description: v.optional(text),
  excerpt: v.optional(text),
})

/**
 * A user (docs/auth.md); `token_sha256` is the hex SHA-256 of the bearer token, `email` the address WordPress's
 * user routes show and key the avatar by, the other texts the profile they show and write (docs/data-file.md#users).
 */
export const UserFileSchema = v.looseObject({
  id,
  name: v.optional(text),
  role: v.optional(v.picklist(ROLES, expected(`one of ${ROLES.join(', ')}`))),
  email: v.optional(text),
  token_sha256: v.optional(v.pipe(text, v.regex(/^[0-9a-f]{64}$/, expected('64 lower-case hex digits')))),
  display_name: v.optional(text),
  first_name: v.optional(text),
  last_name: v.optional(text),
  nickname: v.optional(text),
  slug: v.optional(text),
  url: v.optional(text),
  description: v.optional(text),
  locale: v.optional(text),
  persisted_preferences: v.optional(v.record(v.string(), v.unknown(), expected('an object'))),
})

/** Site settings (docs/data-file.md, docs/responses.md#urls, docs/lists.md). */
export const SettingsFileSchema = v.looseObject({
  timezone: v.optional(zone),
  per_page: v.optional(v.pipe(number, v.integer(), v.minValue(1, expected('a positive integer')))),
  max_per_page: v.optional(v.pipe(number, v.integer(), v.minValue(1, expected('a positive integer')))),
  site_url: v.optional(v.nullable(text)),
  base_url: v.optional(v.nullable(text)),
  api_revision: v.optional(v.picklist(['extended', 'earlier'], expected('"extended" or "earlier"'))),
  tec_lossy_writes: v.optional(v.boolean(expected('true or false'))),
  tec_version: v.optional(
    v.picklist(TEC_VERSIONS, expected(TEC_VERSIONS.map((version) => `"${version}"`).join(' or '))),
  ),
  geoloc_filters: v.optional(v.boolean(expected('true or false'))),
  post_revisions: v.optional(
    v.union(
      [bool, v.pipe(number, v.integer(), v.minValue(0))],
      expected('true, false or how many revisions to keep (an integer from 0)'),
    ),
  ),
})

/** The whole data file (docs/data-file.md): every key optional. */
export const DocumentFileSchema = v.looseObject({
  settings: v.optional(SettingsFileSchema),
  users: v.optional(v.array(UserFileSchema, expected('an array'))),
  events: v.optional(v.array(EventFileSchema, expected('an array'))),
  venues: v.optional(v.array(VenueFileSchema, expected('an array'))),
  organizers: v.optional(v.array(OrganizerFileSchema, expected('an array'))),
  categories: v.optional(v.array(TermFileSchema, expected('an array'))),
  tags: v.optional(v.array(TermFileSchema, expected('an array'))),
  media: v.optional(v.array(MediaFileSchema, expected('an array'))),
  revisions: v.optional(v.array(RevisionFileSchema, expected('an array'))),
})

export type DocumentFile = v.InferOutput<typeof DocumentFileSchema>

export type Extra = { [key: string]: unknown }

/**
 * The fields every post kind stores. `date` and `modified` are wall times in the site zone, and their UTC is worked
 * out from them, so the file holds a `date_utc` or `modified_utc` (`YYYY-MM-DD HH:MM:SS`, UTC) only where WordPress
 * keeps one that is not that (`wp_insert_post()` stores `post_date` and `post_date_gmt` as given: a write sent
 * both, TEC's tec/v1 date written unconverted), and one more exception WordPress makes: a draft or pending post not
 * dated yet stores `date_utc: "0000-00-00 00:00:00"` (`NO_GMT_DATE`), and so does its `modified_utc` until its first
 * update; the API shows these as they are. Any other status drops `NO_GMT_DATE`.
 */
export interface PostRecord extends Extra {
  id: number
  author: number
  status: Status
  date: string
  date_utc?: string
  modified: string
  modified_utc?: string
  description: string
  excerpt: string
  slug: string
  image: number | string | null
}

/** A stored event with every default filled in (docs/data-file.md, docs/writes.md). */
export interface EventRecord extends PostRecord {
  /**
   * The path of the event's URL on `<site_url>` where it is not `/event/<slug>/` (kept by the TEC import: Events
   * Calendar Pro's `/event/<slug>/<date>/`, a custom base such as `/events-calendar/<slug>/`); absent otherwise.
   */
  permalink?: string
  title: string
  start_date: string
  end_date: string
  timezone: string
  all_day: boolean
  cost: string | string[]
  /**
   * The currency of the cost where it is not what the cost's text gives (TEC's `_EventCurrencySymbol` and
   * `_EventCurrencyPosition` meta, which TEC's own editor saves even for no cost): kept by the TEC import; a write
   * of the cost drops both. Absent otherwise.
   */
  currency_symbol?: string
  currency_position?: 'prefix' | 'postfix' | ''
  /**
   * The start in UTC (`YYYY-MM-DD HH:MM:SS`) where TEC keeps one that is not `start_date` in `timezone`, under
   * `settings.tec_lossy_writes` (docs/writes.md#lossy-writes-over-http): an update that resets the zone to the
   * site's keeps the UTC dates it had; `null` where TEC stored none (an event created through `wp/v2`, which is in
   * no list until a write of its dates). Shown as `utc_start_date`. A write of the event's dates drops it. Absent
   * otherwise.
   */
  utc_start_date?: string | null
  /**
   * The end in UTC where it is not `end_date` in `timezone`: as `utc_start_date`, and what TEC stores for an event
   * written over HTTP with an end before its start (docs/writes.md#lossy-writes-over-http). Absent otherwise.
   */
  utc_end_date?: string | null
  /** null: none, and the API shows the event's URL; `""`: set empty, shown empty (as TEC's `_EventURL` meta). */
  website: string | null
  show_map: boolean
  show_map_link: boolean
  hide_from_listings: boolean
  sticky: boolean
  featured: boolean
  ticketed: boolean
  venue: number | null
  organizer: number[]
  categories: number[]
  tags: number[]
  post_parent: number
}

/** A stored venue with every default filled in. */
export interface VenueRecord extends PostRecord {
  venue: string
  address: string
  city: string
  country: string
  province: string
  state: string
  zip: string
  phone: string
  website: string
  stateprovince: string
  geo_lat: number | null
  geo_lng: number | null
  show_map: boolean
  show_map_link: boolean
}

/** A stored organizer with every default filled in. */
export interface OrganizerRecord extends PostRecord {
  organizer: string
  phone: string
  website: string
  email: string
}

/** A stored category or tag; tags keep `parent` 0. */
export interface TermRecord extends Extra {
  id: number
  name: string
  slug: string
  description: string
  parent: number
  /** The term's `term_taxonomy_id` where it is not its ID (a pulled site's: WordPress numbers the two apart). */
  term_taxonomy_id?: number
}

/** A stored media entry. */
export interface MediaRecord extends Extra {
  id: number
  url: string
}

/** A stored revision (`RevisionFileSchema`) with its defaults filled in. */
export interface RevisionRecord extends Extra {
  id: number
  /** The event, venue or organizer it is a revision of. */
  parent: number
  author: number
  /** The parent's `modified` when it was saved: a wall time in the site zone. */
  date: string
  title: string
  description: string
  excerpt: string
}

/** Site settings with defaults filled in. */
export interface Settings extends Extra {
  timezone: string
  per_page: number
  max_per_page: number
  site_url: string | null
  base_url: string | null
  /** The revision of the interface served (docs/http.md#revisions); read on every request. */
  api_revision: 'extended' | 'earlier'
  /**
   * Whether HTTP writes lose data where TEC's REST API does, 6.17 and 6.10 alike (default true): an update clears what it is not
   * sent, an existing tag named by name becomes a tag named after its ID, trashing an organizer empties its events'
   * organizer lists. `false` keeps the data; the library's own calls never lose it.
   */
  tec_lossy_writes: boolean
  /**
   * The TEC release the HTTP interface answers as (docs/data-file.md#settings): `"6.17"` (TEC 6.17.2 on WordPress
   * 7.0, the default) or `"6.10"` (TEC 6.10.0 on WordPress 6.7.1); what differs is `TecRules`. Read on every request.
   */
  tec_version: TecVersion
  /**
   * Whether the event list's `geoloc`, `geoloc_lat` and `geoloc_lng` filter (default false). They are Events
   * Calendar Pro's (docs/http.md#event-routes: "requires a premium extension"): TEC alone reads and checks them and
   * returns what the other parameters select; `true` filters as a site with Pro does.
   */
  geoloc_filters: boolean
  /**
   * How many revisions an update keeps of an event, venue or organizer (docs/data-file.md#revisions), as WordPress's
   * `WP_POST_REVISIONS` says it: `true` all (the default, as on a TEC site), `false` or `0` none, a number the latest
   * that many.
   */
  post_revisions: boolean | number
}
