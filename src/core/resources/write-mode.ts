import type { Settings } from '../model/records.js'

/**
 * Whether a write loses data where TEC's REST API does, 6.17 and 6.10 alike (`Tribe__Events__REST__V1__Endpoints__Single_Event`
 * and its venue and organizer siblings), so that what works against calfile's HTTP interface works against a
 * real site. The HTTP interface writes as `settings.tec_lossy_writes` says (default true); the library's own
 * calls keep every field they are not given.
 */
export interface WriteMode {
  /**
   * `true`: a body is read as TEC reads it. Values are refused where TEC's argument types refuse them
   * (`WP_REST_Request::has_valid_params()`): an event flag must be a boolean, 0/1 or one of the texts
   * `true`/`false`/`0`/`1`, a venue's map flag a text. Mistakes TEC lets through are let through as it does:
   * an end before the start ends at the start, unknown category and tag IDs are left out.
   */
  readonly tec: boolean
  /**
   * `true`: an update clears what it is not sent (`prepare_postarr()` sends every field, absent ones as empty) and
   * keeps both dates when it is sent one (`keepDatesUnlessBothSent`), an existing tag named by name or slug becomes
   * a tag named after its ID (`Tribe__Terms::translate_terms_to_ids()` hands IDs to a taxonomy that reads names),
   * and trashing an organizer empties the organizer list of its events.
   */
  readonly lossy: boolean
  /**
   * `false`: a venue or organizer create always makes a new post, as TEC's repository does (`tribe_venues()`,
   * behind `tec/v1`). Otherwise a create that duplicates one answers that one
   * (docs/writes.md#duplicates): REST v1's linked-post creation checks (`Tribe__Duplicate__Post`), in the way
   * `lossy` says.
   */
  readonly reuse?: false
  /**
   * `true`: an event written as WordPress's REST meta (`wp/v2`, `WP_REST_Meta_Fields::update_value()`), where TEC's
   * date save does not run and only its `rest_after_insert_tribe_events` filter works out the UTC dates
   * (`Tribe__Events__Editor__Meta::add_utc_dates()`), which finds no post on a create: a new event has no UTC dates
   * and is in no list until a write of a date (`EventRecord.utc_start_date` `null`); an update sent a start or end
   * date works both out again, any other keeps them as they were, whatever zone it sets.
   */
  readonly restMeta?: true
}

/** The library's mode: the documented lenient types, and only the fields given change. */
export const LIBRARY_WRITES: WriteMode = { tec: false, lossy: false }

/** How the HTTP interface reads a body, whatever `settings.tec_lossy_writes` says: as TEC reads it. */
export const TEC_READING: WriteMode = { tec: true, lossy: false }

/**
 * How `tec/v1` writes: through TEC's repository, which reads a body as TEC does, keeps the fields it is not sent,
 * and makes a new venue or organizer on every create (`Create_Entity_Response::create()` of
 * TEC's common library, through `tribe_organizers()` and `tribe_venues()`).
 */
export const TEC_REPOSITORY: WriteMode = { tec: true, lossy: false, reuse: false }

/** The mode of the HTTP interface: TEC's argument types, and TEC's data loss unless `settings.tec_lossy_writes` is `false`. */
export function httpWriteMode(settings: Settings): WriteMode {
  return { tec: true, lossy: settings.tec_lossy_writes }
}

/**
 * How `wp/v2` writes: only the fields sent change, each as sent, in the library's types (WordPress's checks of the
 * meta come first, in the HTTP interface); a venue or organizer create always makes a new post
 * (`WP_REST_Posts_Controller::create_item()`); under `settings.tec_lossy_writes`, TEC's UTC dates as its REST meta
 * leaves them (`WriteMode.restMeta`).
 *
 * @example
 * restMetaWriteMode({ …, tec_lossy_writes: true }) // { tec: false, lossy: false, reuse: false, restMeta: true }
 */
export function restMetaWriteMode(settings: Settings): WriteMode {
  const mode: WriteMode = { tec: false, lossy: false, reuse: false }
  return settings.tec_lossy_writes ? { ...mode, restMeta: true } : mode
}

/**
 * What TEC's event update stores for each field it is not sent (found by sending partial updates to TEC 6.10):
 * flags false, cost and website empty (an empty website shows as empty, no longer as the event's page), no
 * organizers, the site's time zone with the wall times kept. Title, texts, slug, dates, author, image, venue,
 * categories and tags are kept; the status, when not sent, is `publish` (`writableStatus` as on create).
 */
export function eventFieldsClearedByUpdate(siteZone: string): Record<string, unknown> {
  return {
    all_day: false,
    cost: '',
    website: '',
    show_map: false,
    show_map_link: false,
    hide_from_listings: false,
    sticky: false,
    featured: false,
    organizer: [],
    timezone: siteZone,
  }
}

/**
 * Drops a lone date from the stored fields of an event update: TEC's update moves the dates only when it is sent
 * both, and keeps both as they were when it is sent one (`Tribe__Events__API::prepare_event_date_meta()`; found by
 * sending `start_date` or `end_date` alone to TEC 6.10 and 6.17). The lone date is still checked first: one TEC
 * cannot read is a 400 all the same. `fields` holds the dates as read (`start_date`, `end_date`, wall times).
 *
 * @example
 * const fields = { title: 'Jazz', end_date: '2026-12-20 14:00:00' }
 * keepDatesUnlessBothSent(fields) // fields is { title: 'Jazz' }
 */
export function keepDatesUnlessBothSent(fields: Record<string, unknown>): void {
  if ((fields.start_date === undefined) === (fields.end_date === undefined)) return
  delete fields.start_date
  delete fields.end_date
}

/**
 * What TEC's venue update stores for each field it is not sent: both map flags on (`Tribe__Events__Venue::update()`
 * saves the defaults), and a `stateprovince` worked out again from the `state` or `province` sent, empty when
 * neither is (`venueStateProvince`). The organizer update clears nothing but the status.
 */
export const VENUE_FIELDS_CLEARED_BY_UPDATE: Readonly<Record<string, unknown>> = {
  show_map: true,
  show_map_link: true,
  stateprovince: '',
}
