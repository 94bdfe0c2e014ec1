import { CalendarError } from '../../../core/errors.js'
import type { ServedPostKind } from '../../../core/model/kinds.js'
import type { EventRecord, OrganizerRecord, VenueRecord } from '../../../core/model/records.js'
import { eventUtcDates } from '../../../core/resources/events/event-shape.js'

/**
 * `meta` of a post in `wp/v2`: the fields TEC registers as REST meta (`register_post_meta()` with `show_in_rest`,
 * `TEC\Events\Editor\Meta`), read from the record as TEC stores them. TEC registers the same keys for its three post
 * types, so a venue shows the event's keys empty and an event the venue's; only events have TEC's status keys.
 * WordPress shows a key a post has no value for as its registered default: `''`, `false`, `[]`.
 */

type AnyPost = EventRecord | VenueRecord | OrganizerRecord

/**
 * The `meta` object of a post of `kind`, its keys in the order TEC registers them; `undefined` for one that keeps no
 * meta (a revision: every key its default).
 *
 * @example
 * postMeta('venue', venue)
 * // { _EventAllDay: false, _EventTimezone: '', …, _VenueCity: 'Boston', …, _VenueShowMap: true, …, footnotes: '' }
 */
export function postMeta(kind: ServedPostKind, post: AnyPost | undefined): Record<string, unknown> {
  const event = kind === 'event' ? (post as EventRecord) : undefined
  const venue = kind === 'venue' ? (post as VenueRecord) : undefined
  const organizer = kind === 'organizer' ? (post as OrganizerRecord) : undefined
  const utc = event ? utcDates(event) : { start: '', end: '' }
  // A venue keeps its map settings under the event's keys too, as TEC's venue form saves them.
  const map = event ?? venue
  return {
    _EventAllDay: event?.all_day ?? false,
    _EventTimezone: event?.timezone ?? '',
    _EventStartDate: event?.start_date ?? '',
    _EventEndDate: event?.end_date ?? '',
    _EventStartDateUTC: utc.start,
    _EventEndDateUTC: utc.end,
    _EventShowMap: map?.show_map ?? false,
    _EventShowMapLink: map?.show_map_link ?? false,
    _EventURL: event?.website ?? '',
    _EventCost: event ? firstCost(event.cost) : '',
    _EventCostDescription: '',
    _EventCurrencySymbol: event?.currency_symbol ?? '',
    _EventCurrencyCode: typeof event?.currency_code === 'string' ? event.currency_code : '',
    _EventCurrencyPosition: event?.currency_position ?? '',
    _EventDateTimeSeparator: '',
    _EventTimeRangeSeparator: '',
    _EventOrganizerID: event ? [...event.organizer] : [],
    _EventVenueID: event && event.venue !== null ? [event.venue] : [],
    _OrganizerEmail: organizer?.email ?? '',
    _OrganizerPhone: organizer?.phone ?? '',
    _OrganizerWebsite: organizer?.website ?? '',
    _VenueAddress: venue?.address ?? '',
    _VenueCity: venue?.city ?? '',
    _VenueCountry: venue?.country ?? '',
    _VenueProvince: venue?.province ?? '',
    _VenueState: venue?.state ?? '',
    _VenueZip: venue?.zip ?? '',
    _VenuePhone: venue?.phone ?? '',
    _VenueURL: venue?.website ?? '',
    _VenueStateProvince: venue?.stateprovince ?? '',
    _VenueLat: venue?.geo_lat === null || venue?.geo_lat === undefined ? '' : String(venue.geo_lat),
    _VenueLng: venue?.geo_lng === null || venue?.geo_lng === undefined ? '' : String(venue.geo_lng),
    _VenueShowMap: venue?.show_map ?? false,
    _VenueShowMapLink: venue?.show_map_link ?? false,
    ...(kind === 'event' ? { _tribe_events_status: '', _tribe_events_status_reason: '' } : {}),
    footnotes: '',
  }
}

/** `_EventStartDateUTC` and `_EventEndDateUTC` (`eventUtcDates`), empty where TEC stored none. */
function utcDates(event: EventRecord): { start: string; end: string } {
  const { start, end } = eventUtcDates(event)
  return { start: start ?? '', end: end ?? '' }
}

/** `_EventCost` is one meta value: the first of several costs. */
function firstCost(cost: string | readonly string[]): string {
  return typeof cost === 'string' ? cost : (cost[0] ?? '')
}

/** The type a meta key is registered with (`Tribe__Editor__Meta`'s `text()`, `boolean()`, `numeric_array()`). */
type MetaType = 'string' | 'boolean' | 'ids'

/** Every meta key TEC registers with `show_in_rest`, in its order, and its type; WordPress's `footnotes` last. */
const META_TYPES: Readonly<Record<string, MetaType>> = {
  _EventAllDay: 'boolean',
  ...texts('_EventTimezone', '_EventStartDate', '_EventEndDate', '_EventStartDateUTC', '_EventEndDateUTC'),
  _EventShowMap: 'boolean',
  _EventShowMapLink: 'boolean',
  ...texts(
    '_EventURL',
    '_EventCost',
    '_EventCostDescription',
    '_EventCurrencySymbol',
    '_EventCurrencyCode',
    '_EventCurrencyPosition',
    '_EventDateTimeSeparator',
    '_EventTimeRangeSeparator',
  ),
  _EventOrganizerID: 'ids',
  _EventVenueID: 'ids',
  ...texts(
    '_OrganizerEmail',
    '_OrganizerPhone',
    '_OrganizerWebsite',
    '_VenueAddress',
    '_VenueCity',
    '_VenueCountry',
    '_VenueProvince',
    '_VenueState',
    '_VenueZip',
    '_VenuePhone',
    '_VenueURL',
    '_VenueStateProvince',
    '_VenueLat',
    '_VenueLng',
  ),
  _VenueShowMap: 'boolean',
  _VenueShowMapLink: 'boolean',
  ...texts('_tribe_events_status', '_tribe_events_status_reason', 'footnotes'),
}

/** Keys registered as texts (`text()`), each typed `string`. */
function texts(...keys: string[]): Record<string, MetaType> {
  return Object.fromEntries(keys.map((key) => [key, 'string']))
}

/**
 * The record field each meta key is, by post type: what calfile keeps of a `meta` write. The other keys (the
 * currency, the cost's description, the separators, the event status, the UTC dates, which TEC works out) are
 * checked and not kept (docs/wordpress.md#wpv2-writes).
 */
const META_FIELDS: Readonly<Record<ServedPostKind, Readonly<Record<string, string>>>> = {
  event: {
    _EventAllDay: 'all_day',
    _EventTimezone: 'timezone',
    _EventStartDate: 'start_date',
    _EventEndDate: 'end_date',
    _EventShowMap: 'show_map',
    _EventShowMapLink: 'show_map_link',
    _EventURL: 'website',
    _EventCost: 'cost',
    _EventOrganizerID: 'organizer',
    _EventVenueID: 'venue',
  },
  venue: {
    _EventShowMap: 'show_map',
    _EventShowMapLink: 'show_map_link',
    _VenueAddress: 'address',
    _VenueCity: 'city',
    _VenueCountry: 'country',
    _VenueProvince: 'province',
    _VenueState: 'state',
    _VenueZip: 'zip',
    _VenuePhone: 'phone',
    _VenueURL: 'website',
    _VenueStateProvince: 'stateprovince',
    _VenueLat: 'geo_lat',
    _VenueLng: 'geo_lng',
    _VenueShowMap: 'show_map',
    _VenueShowMapLink: 'show_map_link',
  },
  organizer: { _OrganizerEmail: 'email', _OrganizerPhone: 'phone', _OrganizerWebsite: 'website' },
}

/** The values a meta key holds when it is reset (`null`): its registered default. */
const DEFAULTS: Readonly<Record<MetaType, unknown>> = { string: '', boolean: false, ids: [] }

/**
 * A `meta` object checked as WordPress checks REST meta (`WP_REST_Meta_Fields::update_value()`), key by key in
 * the order TEC registers them, unknown keys left out: a text must be a string, a flag a boolean
 * (`rest_is_boolean()`), an ID list numbers (a lone one is a list of one); `null` resets a key to its default. The
 * values that pass are read (`sanitize_boolean()`, `wp_parse_id_list()`) and kept even when others fail, as
 * WordPress writes them one by one; the failures are one 400 `rest_invalid_type`, the first named in `message` and
 * each other in `additional_errors`, with WordPress's `additional_data` (`WP_Error::merge_from()`).
 *
 * @example
 * checkMeta({ _EventAllDay: 'nope', _EventCost: '5' })
 * // { values: { _EventCost: '5' }, error: 400 rest_invalid_type "meta._EventAllDay is not of type boolean." }
 */
export function checkMeta(meta: unknown): { values: Record<string, unknown>; error?: CalendarError } {
  const values: Record<string, unknown> = {}
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return { values }
  const sent = meta as Record<string, unknown>
  const failures: Array<{ message: string; param: string }> = []
  for (const [key, type] of Object.entries(META_TYPES)) {
    if (!Object.hasOwn(sent, key)) continue
    const value = sent[key]
    if (value === null) {
      values[key] = DEFAULTS[type]
      continue
    }
    const failure = metaFailure(value, type, `meta.${key}`)
    if (failure) failures.push(failure)
    else values[key] = metaValue(value, type)
  }
  return failures.length === 0 ? { values } : { values, error: metaError(failures) }
}

function metaFailure(value: unknown, type: MetaType, param: string): { message: string; param: string } | undefined {
  if (type === 'string')
    return typeof value === 'string' ? undefined : { message: `${param} is not of type string.`, param }
  if (type === 'boolean') {
    const text = String(value).toLowerCase()
    const boolean = typeof value === 'boolean' || ['true', 'false', '1', '0', ''].includes(text)
    return boolean && typeof value !== 'object' ? undefined : { message: `${param} is not of type boolean.`, param }
  }
  const items = Array.isArray(value) ? value : [value]
  for (const [index, item] of items.entries()) {
    const numeric =
      typeof item === 'number' || (typeof item === 'string' && item.trim() !== '' && !Number.isNaN(Number(item)))
    if (!numeric) return { message: `${param}[${index}] is not of type number.`, param: `${param}[${index}]` }
  }
  return undefined
}

function metaValue(value: unknown, type: MetaType): unknown {
  if (type === 'string') return value
  // `FILTER_VALIDATE_BOOLEAN`: true for `1`, `true`, `on`, `yes`.
  if (type === 'boolean') return value === true || ['1', 'true', 'on', 'yes'].includes(String(value).toLowerCase())
  const items = Array.isArray(value) ? value : [value]
  return [...new Set(items.map((item) => Math.abs(Math.trunc(Number(item)))))]
}

/**
 * The one error WordPress answers for the meta that failed: each failure's `param` then `{ status: 400 }` added
 * to the same code's data, so that all but the last are `additional_data`, and each message after the first an
 * entry of `additional_errors` carrying the same data.
 */
function metaError(failures: ReadonlyArray<{ message: string; param: string }>): CalendarError {
  const additional = failures.flatMap((failure, index) =>
    index === 0 ? [{ param: failure.param }] : [{ status: 400 }, { param: failure.param }],
  )
  const [first, ...rest] = failures.map(
    (failure) => new CalendarError('rest_invalid_type', 400, failure.message, {}, additional),
  )
  return new CalendarError('rest_invalid_type', 400, (first as CalendarError).message, {}, additional, rest)
}

/**
 * The record fields of checked meta values (`checkMeta`) for a post of `kind`: an event's first venue (calfile
 * links one), its zone unless empty (an empty one is the site's, which the event keeps), a venue's coordinates as
 * numbers.
 *
 * @example
 * metaFields('event', { _EventStartDate: '2027-01-10 10:00:00', _EventVenueID: [4] })
 * // { start_date: '2027-01-10 10:00:00', venue: 4 }
 */
export function metaFields(kind: ServedPostKind, values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values)) {
    const field = META_FIELDS[kind][key]
    if (field === undefined) continue
    if (field === 'venue') fields.venue = (value as number[])[0] ?? null
    else if (field === 'timezone') {
      if (value !== '') fields.timezone = value
    } else if (field === 'start_date' || field === 'end_date') {
      if (value !== '') fields[field] = value
    } else if (field === 'geo_lat' || field === 'geo_lng')
      fields[field] = value === '' || Number.isNaN(Number(value)) ? null : Number(value)
    else fields[field] = value
  }
  return fields
}
