import { instantToWall } from '../../core/dates/zoned.js'
import type { ServedPostKind } from '../../core/model/kinds.js'
import type { EventRecord, OrganizerRecord, VenueRecord } from '../../core/model/records.js'
import { eventTimes } from '../../core/search/record-facts.js'

/**
 * `meta` of a post in `wp/v2`: the fields TEC registers as REST meta (`register_post_meta()` with `show_in_rest`,
 * `TEC\Events\Editor\Meta`), read from the record as TEC stores them. TEC registers the same keys for its three post
 * types, so a venue shows the event's keys empty and an event the venue's; only events have TEC's status keys.
 * WordPress shows a key a post has no value for as its registered default: `''`, `false`, `[]`.
 */

type AnyPost = EventRecord | VenueRecord | OrganizerRecord

/**
 * The `meta` object of a post of `kind`, its keys in the order TEC registers them.
 *
 * @example
 * postMeta('venue', venue)
 * // { _EventAllDay: false, _EventTimezone: '', …, _VenueCity: 'Boston', …, _VenueShowMap: true, …, footnotes: '' }
 */
export function postMeta(kind: ServedPostKind, post: AnyPost): Record<string, unknown> {
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
    ...(event ? { _tribe_events_status: '', _tribe_events_status_reason: '' } : {}),
    footnotes: '',
  }
}

/** `_EventStartDateUTC` and `_EventEndDateUTC`: the UTC wall times TEC stores, its kept UTC end where it kept one. */
function utcDates(event: EventRecord): { start: string; end: string } {
  const { start, end } = eventTimes(event)
  return { start: instantToWall(start, 'UTC'), end: event.utc_end_date ?? instantToWall(end, 'UTC') }
}

/** `_EventCost` is one meta value: the first of several costs. */
function firstCost(cost: string | readonly string[]): string {
  return typeof cost === 'string' ? cost : (cost[0] ?? '')
}
