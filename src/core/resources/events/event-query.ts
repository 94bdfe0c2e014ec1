import * as v from 'valibot'
import { RecentResults } from '../../cache/recent-results.js'
import {
  addToWall,
  dayEnd,
  dayStart,
  instantToWall,
  readDateInput,
  wallInZone,
  wallOutOfRange,
  wallTimeMs,
} from '../../dates/zoned.js'
import { invalidParam } from '../../errors.js'
import type { LinkedPostKind, Taxonomy } from '../../model/kinds.js'
import type { EventRecord, Settings } from '../../model/records.js'
import type { CalendarState } from '../../model/state.js'
import { withDescendants } from '../../model/term-tree.js'
import type { WindowBounds } from '../../search/bounds.js'
import { searchWords } from '../../search/entry.js'
import type { ListSlice } from '../../search/merged-slice.js'
import { type IndexQuery, selectIncluded, selectIndexed } from '../../search/select.js'
import { listStatuses, statusEcho } from '../access.js'
import { boolField, dateField, idListField, refListField, statusListField, textField } from '../fields.js'
import { pageEntries, type QueryEcho } from '../lists.js'
import type { View } from '../view.js'

/** A decimal number, exponent allowed, as PHP's `is_numeric` reads it: what WordPress takes for a number given as text. */
const NUMERIC = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?\s*$/iu

/**
 * A coordinate or distance: a number, or text that is one (a query string carries only text; an empty one is no
 * number). `type` is the documented type: `number`, or `string` where the earlier revision types it so
 * (docs/http.md#revisions).
 */
const coordinate = (description: string, type: 'number' | 'string' = 'number') =>
  v.pipe(
    v.union([v.number(), v.string()]),
    v.check((value) => (typeof value === 'number' ? Number.isFinite(value) : NUMERIC.test(value)), 'must be a number'),
    v.transform(Number),
    v.description(description),
    v.metadata({ type }),
  )

/**
 * Query parameters of `GET /events` in the extended revision, the default (docs/http.md#event-routes,
 * docs/lists.md#event-list-dates, docs/lists.md#other-event-filters). Unknown parameters are ignored.
 */
const ExtendedQuerySchema = v.looseObject({
  ...pageEntries,
  start_date: v.optional(dateField('Events that start on or after this date; default yesterday')),
  end_date: v.optional(dateField('Events that end on or before this date; default 24 months from now')),
  starts_before: v.optional(dateField('Events that start before this date')),
  starts_after: v.optional(dateField('Events that start after this date')),
  ends_before: v.optional(dateField('Events that end before this date')),
  ends_after: v.optional(dateField('Events that end after this date')),
  strict_dates: v.optional(boolField('Use the dates at their exact times instead of whole days'), false),
  search: v.optional(textField('Every word appears in the title, excerpt or description')),
  categories: v.optional(refListField('Category IDs or slugs; a category matches its descendants')),
  tags: v.optional(refListField('Tag IDs or slugs')),
  venue: v.optional(idListField('Venue IDs')),
  organizer: v.optional(idListField('Organizer IDs')),
  featured: v.optional(boolField('Featured or not')),
  ticketed: v.optional(boolField('With or without tickets')),
  status: v.optional(statusListField('Post statuses, CSV or array')),
  geoloc: v.optional(boolField('Whether the venue has coordinates; filters only with settings.geoloc_filters')),
  geoloc_lat: v.optional(
    coordinate('Latitude of the center; needs geoloc_lng; filters only with settings.geoloc_filters'),
  ),
  geoloc_lng: v.optional(coordinate('Longitude of the center; needs geoloc_lat')),
  geoloc_radius: v.optional(coordinate('Radius in km around the center; default 25')),
  include: v.optional(
    idListField('Only these event IDs; start_date and end_date are then ignored for the default window'),
  ),
  post_parent: v.optional(
    v.pipe(
      v.union([v.number(), v.string()]),
      v.transform(Number),
      v.check((n) => Number.isInteger(n) && n > 0, 'must be an event ID'),
      v.description('Events whose parent is this event'),
      v.metadata({ type: 'integer' }),
    ),
  ),
})

/**
 * The list parameters only the extended revision has (docs/http.md#revisions); the earlier one ignores them as
 * unknown.
 */
const EXTENDED_ONLY = [
  'starts_before',
  'starts_after',
  'ends_before',
  'ends_after',
  'strict_dates',
  'ticketed',
] as const

/**
 * Query parameters of `GET /events` in the earlier revision (docs/http.md#event-routes, docs/http.md#revisions): no
 * extended-only parameter, `end_date` bounds the start, and `geoloc_lat`/`geoloc_lng` are typed string (still text
 * that is a number, since they are compared as coordinates).
 */
const EarlierQuerySchema = v.looseObject({
  ...v.omit(ExtendedQuerySchema, EXTENDED_ONLY).entries,
  end_date: v.optional(dateField('Events that start on or before this date; default 24 months from now')),
  geoloc_lat: v.optional(coordinate('Latitude of the center, a number as text; needs geoloc_lng', 'string')),
  geoloc_lng: v.optional(coordinate('Longitude of the center, a number as text; needs geoloc_lat', 'string')),
})

/** The revisions of the interface (docs/http.md#revisions): `settings.api_revision`. */
export type ApiRevision = Settings['api_revision']

/**
 * The query parameters of `GET /events` in a revision (docs/http.md#revisions): what the route validates and what
 * the root route and the OpenAPI document describe.
 */
export function eventQuerySchema(revision: ApiRevision): typeof ExtendedQuerySchema | typeof EarlierQuerySchema {
  return revision === 'earlier' ? EarlierQuerySchema : ExtendedQuerySchema
}

/** A parsed list query of either revision (the earlier one has no extended-only parameter). */
export type EventQuery = v.InferOutput<typeof EarlierQuerySchema> & Partial<v.InferOutput<typeof ExtendedQuerySchema>>

const DATE_BOUNDS = ['start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after'] as const
type Bound = (typeof DATE_BOUNDS)[number]

/**
 * The events a query selects, in list order, as a slice that knows its total and gives a page without the whole
 * list, and the effective query to echo in the list's URLs.
 */
export interface EventSelection {
  events: ListSlice<EventRecord>
  echo: QueryEcho
}

/**
 * Selects the events of a list query (docs/lists.md#event-list-dates, docs/lists.md#other-event-filters) in the
 * revision of the calendar's settings, read on every call so that a hand edit of the file switches it (docs/http.md):
 * the date window after defaults and rounding, then every filter; events hidden from listings never show. The event
 * indexes (src/core/search/) do the selecting. `parsed` is the query as `eventQuerySchema` of that revision parsed
 * it.
 *
 * @throws CalendarError 400 `rest_invalid_param` for a bad date, flag, term, venue, organizer, parent or status.
 */
export function selectEvents(state: CalendarState, parsed: EventQuery, view: View, now: number): EventSelection {
  const revision = state.settings.api_revision
  const query = revision === 'extended' ? parsed : ignoreExtendedOnly(parsed)
  const statuses = listStatuses(view, query.status)
  const { bounds, window } = dateWindow(query, revision, state.siteTimezone, now)
  const { relations, tests } = relationFilters(state, query)
  tests.push(...geoFilters(state, query))
  const indexQuery: IndexQuery = {
    statuses,
    featured: query.featured,
    ticketed: query.ticketed,
    bounds: window,
    relations,
    words: searchWords(query.search),
    test: tests.length === 0 ? undefined : (event) => tests.every((test) => test(event)),
  }
  const events = query.include
    ? selectIncluded(state.eventIndex, query.include, indexQuery)
    : selectIndexed(state.eventIndex, indexQuery)
  return { events, echo: echoQuery(query, bounds, view) }
}

/**
 * A query without the extended-only parameters: under the earlier revision they are unknown parameters
 * (docs/http.md#revisions), which the loose schema keeps as given and the list ignores, whatever they hold
 * (docs/errors.md).
 */
function ignoreExtendedOnly(query: EventQuery): EventQuery {
  const kept: Record<string, unknown> = { ...query }
  for (const key of EXTENDED_ONLY) delete kept[key]
  return kept as EventQuery
}

/**
 * The window in wall-time ms (`wallTimeMs`), as the index compares it with each event's own wall times
 * (docs/lists.md#event-list-dates). `end_date` caps the start in both revisions: the earlier one compares it with the
 * start alone (docs/http.md#event-routes), the extended one with the end too, which is never before the start.
 */
function windowBounds(bounds: Partial<Record<Bound, string>>, revision: ApiRevision): WindowBounds {
  const at = (key: Bound) => (bounds[key] === undefined ? undefined : wallTimeMs(bounds[key] as string))
  const [min, endDate, before, after, endBefore, endAfter] = DATE_BOUNDS.map(at)
  return {
    start: { min, after, max: endDate, before },
    end: { max: revision === 'extended' ? endDate : undefined, before: endBefore, after: endAfter },
  }
}

type Bounds = Readonly<Partial<Record<Bound, string>>>

/** A list's date window: the wall-time bounds (echoed in its URLs) and the same as instants (read by the index). */
interface DateWindow {
  bounds: Bounds
  window: WindowBounds
}

/** The windows of recent queries: reading dates and rounding them costs more than the rest of a list. */
const recentWindows = new RecentResults<string, DateWindow>(256)

/**
 * The date window of a query (docs/lists.md#event-list-dates) in the site zone after defaults and rounding, kept for
 * queries asked again within the same second: what a date input means depends on `now` to the second at most (`now`,
 * `+1 hour`).
 * @throws CalendarError 400 `rest_invalid_param` for a date that cannot be read or stored.
 */
function dateWindow(query: EventQuery, revision: ApiRevision, zone: string, now: number): DateWindow {
  const inputs = DATE_BOUNDS.map((key) => query[key])
  const mode = [query.strict_dates === true, query.include !== undefined]
  const key = JSON.stringify([zone, revision, Math.floor(now / 1000), mode, inputs])
  return recentWindows.get(key, () => {
    const bounds = readBounds(query, zone, now)
    return { bounds, window: windowBounds(bounds, revision) }
  })
}

/**
 * The bounds given, as TEC reads them (Archive_Event::get; Tribe__Timezones::localize_date, tribe_beginning_of_day,
 * tribe_end_of_day): each input is read in UTC, PHP's zone under WordPress; with `strict_dates` that instant becomes
 * a wall time in the site zone, else its UTC date becomes the whole day in the site zone (`start_date` from
 * 00:00:00, every other bound to 23:59:59). So `strict_dates` with `2026-07-04 12:00:00` is 08:00 in New York, as
 * TEC's own doc comment on the strict mode says. `include` drops the start_date and end_date given. Without a
 * relative bound, `tecDefaults` fill the start_date and end_date not given.
 */
function readBounds(query: EventQuery, zone: string, now: number): Bounds {
  const strict = query.strict_dates === true
  const bounds: Partial<Record<Bound, string>> = {}
  for (const key of DATE_BOUNDS) {
    const input = query[key]
    if (input === undefined || input === '') continue
    if (query.include && (key === 'start_date' || key === 'end_date')) continue
    const read = readDateInput(input, 'UTC', now)
    if (read.problem !== undefined) throw invalidParam(key, read.problem)
    const bound = strict
      ? wallInZone(read.wall, 'UTC', zone)
      : key === 'start_date'
        ? dayStart(read.wall)
        : dayEnd(read.wall)
    const problem =
      bound === null ? `${JSON.stringify(input)} is outside years 0000–9999 in ${zone}` : wallOutOfRange(bound, zone)
    if (problem !== undefined) throw invalidParam(key, problem)
    bounds[key] = bound as string
  }
  if (DATE_BOUNDS.slice(2).some((key) => bounds[key] !== undefined)) return bounds
  const defaults = tecDefaults(zone, now)
  // The defaults go through what a given value goes through, but for `include`, which takes them as they are.
  const take = (wall: string, round: (wall: string) => string) =>
    query.include ? wall : strict ? (wallInZone(wall, 'UTC', zone) as string) : round(wall)
  bounds.start_date ??= take(defaults.start_date, dayStart)
  bounds.end_date ??= take(defaults.end_date, dayEnd)
  return bounds
}

/**
 * TEC's default start_date and end_date, as its route fills them in before reading them (Archive_Event::READ_args):
 * `yesterday 23:59` in UTC as a wall time in the site zone, and 24 months from now as a UTC wall time, used as it is.
 * Rounded to whole days as inputs are, the start is yesterday (UTC's) in zones at or west of UTC and today east of it.
 */
function tecDefaults(zone: string, now: number): { start_date: string; end_date: string } {
  const utcNow = instantToWall(now, 'UTC')
  const yesterday = `${addToWall(utcNow, -1, 'day').slice(0, 10)} 23:59:00`
  return { start_date: wallInZone(yesterday, 'UTC', zone) as string, end_date: addToWall(utcNow, 24, 'month') }
}

type Test = (event: EventRecord) => boolean

/**
 * The relation filters' IDs (categories with their descendants, docs/lists.md#other-event-filters), and `post_parent`
 * as a test.
 */
function relationFilters(
  state: CalendarState,
  query: EventQuery,
): { relations: IndexQuery['relations']; tests: Test[] } {
  const relations: IndexQuery['relations'] = {}
  const tests: Test[] = []
  if (query.categories) relations.categories = termIds(state, query.categories, 'category', 'categories')
  if (query.tags) relations.tags = termIds(state, query.tags, 'tag', 'tags')
  if (query.venue) relations.venues = postIds(state, query.venue, 'venue')
  if (query.organizer) relations.organizers = postIds(state, query.organizer, 'organizer')
  if (query.post_parent !== undefined) {
    const parent = query.post_parent
    if (state.postKind(parent) !== 'event') throw invalidParam('post_parent', `${parent} is not an event`)
    tests.push((event) => event.post_parent === parent)
  }
  return { relations, tests }
}

function termIds(state: CalendarState, refs: Array<number | string>, taxonomy: Taxonomy, field: string): Set<number> {
  const terms = state.terms(taxonomy)
  const ids = new Set<number>()
  for (const ref of refs) {
    const term = typeof ref === 'number' ? terms.get(ref) : terms.bySlug(ref)
    if (!term) throw invalidParam(field, `${taxonomy} ${JSON.stringify(ref)} does not exist`)
    for (const id of taxonomy === 'category' ? withDescendants(state, term.id) : [term.id]) ids.add(id)
  }
  return ids
}

function postIds(state: CalendarState, ids: number[], kind: LinkedPostKind): Set<number> {
  for (const id of ids) if (state.postKind(id) !== kind) throw invalidParam(kind, `${kind} ${id} does not exist`)
  return new Set(ids)
}

const EARTH_RADIUS_KM = 6371

function geoFilters(state: CalendarState, query: EventQuery): Test[] {
  const { geoloc_lat: lat, geoloc_lng: lng } = query
  if ((lat === undefined) !== (lng === undefined)) {
    throw invalidParam(lat === undefined ? 'geoloc_lat' : 'geoloc_lng', 'geoloc_lat and geoloc_lng go together')
  }
  if (!state.settings.geoloc_filters) return []
  const coords = (event: EventRecord) => {
    const venue = event.venue === null ? undefined : state.venues.get(event.venue)
    return venue && venue.geo_lat !== null && venue.geo_lng !== null
      ? { lat: venue.geo_lat, lng: venue.geo_lng }
      : undefined
  }
  const tests: Test[] = []
  if (query.geoloc !== undefined) tests.push((event) => (coords(event) !== undefined) === query.geoloc)
  if (lat !== undefined && lng !== undefined) {
    const radius = query.geoloc_radius ?? 25
    tests.push((event) => {
      const at = coords(event)
      return at !== undefined && distanceKm(lat, lng, at.lat, at.lng) <= radius
    })
  }
  return tests
}

/** Great-circle distance (haversine). */
function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180
  const dLat = (lat2 - lat1) * rad
  const dLng = (lng2 - lng1) * rad
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(a))
}

/**
 * The query as TEC writes it in the list's URLs (Archive_Event::get, Archive_Base::get_current_rest_url): its
 * supported query variables in their order, those it holds in its query arguments: the dates after rounding and
 * defaults, `search`, `geoloc` (`1`, with `geoloc_lat` and `geoloc_lng` bare unless given), `status`,
 * `post_parent`, `include`, the relative bounds, `ticketed` (`1`). Then `venue`, `organizer` and `featured` (`1`;
 * `false` is dropped, yet leaves the rest encoded) as extra arguments. `categories`, `tags`, `strict_dates` and
 * `geoloc_radius` are not written.
 */
function echoQuery(query: EventQuery, bounds: Bounds, view: View): QueryEcho {
  const pairs: Array<[string, string]> = []
  const put = (into: Array<[string, string | false]>, key: string, value: unknown) => {
    if (value === undefined || value === false) return
    into.push([key, value === true ? '1' : Array.isArray(value) ? value.join(',') : String(value)])
  }
  put(pairs, 'start_date', bounds.start_date)
  put(pairs, 'end_date', bounds.end_date)
  put(pairs, 'search', query.search)
  if (query.geoloc) {
    put(pairs, 'geoloc', true)
    put(pairs, 'geoloc_lat', query.geoloc_lat ?? '')
    put(pairs, 'geoloc_lng', query.geoloc_lng ?? '')
  }
  put(pairs, 'status', statusEcho(view, query.status))
  put(pairs, 'post_parent', query.post_parent)
  put(pairs, 'include', query.include)
  for (const key of DATE_BOUNDS.slice(2)) put(pairs, key, bounds[key])
  put(pairs, 'ticketed', query.ticketed)
  const extra: QueryEcho['extra'] = []
  put(extra, 'venue', query.venue)
  put(extra, 'organizer', query.organizer)
  if (query.featured !== undefined) extra.push(['featured', query.featured && '1'])
  return { pairs, extra }
}
