import { wallInZone } from '../core/dates/zoned.js'
import type { LinkedPostKind } from '../core/model/kinds.js'
import { type MediaRecord, NO_GMT_DATE, STATUSES, type Status } from '../core/model/records.js'
import { costDetails } from '../core/render/cost.js'
import { ORGANIZER_TEXT_FIELDS, texts, VENUE_TEXT_FIELDS } from '../core/resources/linked-posts/venue-record.js'
import { extraKeys } from '../core/resources/posts/post.js'
import { isObject } from './tec-capture.js'
import {
  type CostDetailsCapture,
  type EventCapture,
  EventSchema,
  type ImageCapture,
  type OrganizerCapture,
  OrganizerSchema,
  type PostCapture,
  type TermCapture,
  type VenueCapture,
  VenueSchema,
} from './tec-schema.js'
import { rawContent, rawEventWebsite, rawExcerpt, rawTermName, rawTitle } from './tec-text.js'

/**
 * A captured record as the fields of a stored one (docs/data-file.md): what the stored record has, in calfile's
 * terms; what a response derives is dropped. The `normalize*` of `core/resources` fill in the rest.
 */

/** What mapping a record needs: the site time zone of `date`/`modified`, and where to say what it changed. */
export interface FieldContext {
  siteTimezone: string
  warnings: Set<string>
}

/**
 * Keys of a TEC response that calfile derives on output (docs/data-file.md, docs/responses.md) or that cannot be kept
 * (see below).
 */
const NOT_STORED = new Set([
  'global_id',
  'global_id_lineage',
  'rest_url',
  'url',
  'date_utc',
  'modified_utc',
  'timezone_abbr',
  'cost_details',
  'json_ld',
  // A parent event ID of another site would be a dangling reference here.
  'post_parent',
])
const derived = (key: string) => NOT_STORED.has(key) || key.endsWith('_details') || key.startsWith('utc_')

// The keys a schema reads are mapped one by one below; the rest are a plugin's or site's.
const EVENT_READ = new Set(Object.keys(EventSchema.entries))
const VENUE_READ = new Set(Object.keys(VenueSchema.entries))
const ORGANIZER_READ = new Set(Object.keys(OrganizerSchema.entries))

/** Keys a plugin or site added (`is_virtual`, ...), kept as they are (docs/errors.md). */
function extras(value: Record<string, unknown>, read: ReadonlySet<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(extraKeys(value, read)).filter(([key]) => !derived(key)))
}

/** The entries of `fields` that have a value: an unset field leaves what the data file has (`{...old, ...}`). */
function defined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined))
}

/** How warnings name a record: `event 6178 "Atlanta Braves vs. Miami Marlins"`. */
export function label(kind: string, id: number, name: string | undefined): string {
  return name ? `${kind} ${id} "${name}"` : `${kind} ${id}`
}

/**
 * `date`/`modified` are stored in the site time zone (docs/data-file.md); the capture's UTC twin says which instant.
 * One that falls outside what the site zone can show keeps the local value, which the import then refuses.
 */
function siteWall(utc: string | undefined, local: string | undefined, zone: string): string | undefined {
  return utc === undefined || utc === NO_GMT_DATE ? local : (wallInZone(utc, 'UTC', zone) ?? local)
}

function isStatus(status: string): status is Status {
  return (STATUSES as readonly string[]).includes(status)
}

/**
 * TEC's own statuses (`tribe-ignored`, ...) are not calfile's (docs/responses.md#event): such a record becomes a
 * draft.
 */
function storedStatus(status: string | undefined, who: string, warnings: Set<string>): Status | undefined {
  if (status === undefined || isStatus(status)) return status
  warnings.add(`${who}: status "${status}" is not a calfile status; stored as draft`)
  return 'draft'
}

/** User 0 cannot be stored (IDs are positive): such a record keeps its author, or user 1 when new. */
function storedAuthor(author: number | undefined, who: string, warnings: Set<string>): number | undefined {
  if (author !== 0) return author
  warnings.add(`${who}: author "0" is not a user ID; left unset`)
  return undefined
}

/** An image with a media ID becomes that ID; one known only by URL keeps the URL (docs/writes.md `image`). */
function storedImage(image: ImageCapture | null | undefined): number | string | null | undefined {
  if (image === undefined || image === null) return image
  return image.id ? image.id : image.url
}

function postFields(value: PostCapture, who: string, ctx: FieldContext) {
  return {
    id: value.id,
    author: storedAuthor(value.author, who, ctx.warnings),
    status: storedStatus(value.status, who, ctx.warnings),
    date: siteWall(value.date_utc, value.date, ctx.siteTimezone),
    modified: siteWall(value.modified_utc, value.modified, ctx.siteTimezone),
    // A draft the site has not dated stays so (`PostRecord`); normalizing drops these for any other status.
    date_utc: value.date_utc === NO_GMT_DATE ? NO_GMT_DATE : undefined,
    modified_utc: value.modified_utc === NO_GMT_DATE ? NO_GMT_DATE : undefined,
    slug: value.slug,
  }
}

const NUMBER = /^\d+(?:[.,]\d+)*$/u

/**
 * The stored cost whose derived `cost` and `cost_details` are the capture's (`core/render/cost.ts`): TEC writes
 * `"Free"` with symbol `$` and values `["0"]`, which only `"$0"` reproduces; a cost whose details carry no symbol
 * (`"$6.00"` on older TEC, `"Free"`) is stored as the text it shows. Where the capture's symbol or position is not
 * what that text gives (TEC's editor saves a position even for no cost), it is stored beside the cost.
 */
function storedCost(cost: string | undefined, details: CostDetailsCapture | undefined): Record<string, unknown> {
  const symbol = details?.currency_symbol ?? ''
  const values = details?.values ?? []
  const postfix = details?.currency_position === 'postfix'
  const priced = values.map((value) => (postfix ? `${value}${symbol}` : `${symbol}${value}`))
  const numeric = symbol !== '' && values.length > 0 && values.every((value) => NUMBER.test(value))
  const stored = numeric ? (priced.length === 1 ? priced[0] : priced) : cost
  if (stored === undefined || details === undefined) return { cost: stored }
  const derived = costDetails(stored)
  const position = ['prefix', 'postfix', ''].includes(details.currency_position ?? '-')
    ? details.currency_position
    : undefined
  return {
    cost: stored,
    currency_symbol: derived.currency_symbol === symbol ? undefined : symbol,
    currency_position: position === undefined || derived.currency_position === position ? undefined : position,
  }
}

/** An end before the start would make the data file invalid (docs/writes.md "calfile differs"). */
function storedEnd(value: EventCapture, who: string, warnings: Set<string>): string {
  const end = value.end_date ?? value.start_date
  if (end >= value.start_date) return end
  warnings.add(`${who}: end_date ${end} is before start_date ${value.start_date}; stored as the start`)
  return value.start_date
}

/** WordPress serves its REST API under `<home URL>/wp-json/`, so `rest_url` tells where the site is. */
const REST_ROOT = /^(.+?)\/wp-json\//u

/**
 * The path of the event's `url` below its site, for `permalink` (docs/responses.md#event `url`; `normalizeEvent`
 * keeps it only where it is not `/event/<slug>/`): the site is what precedes `/wp-json/` in `rest_url` (WordPress
 * builds both on its home URL, which may have a path), else the url's origin. A url off that site has no such path
 * and is dropped, with a warning.
 */
function permalinkPath(value: EventCapture, who: string, warnings: Set<string>): string | undefined {
  const { url } = value
  if (url === undefined) return undefined
  const site = REST_ROOT.exec(value.rest_url ?? '')?.[1] ?? new URL(url).origin
  if (url.startsWith(`${site}/`)) return url.slice(site.length)
  warnings.add(`${who}: url ${url} is not on the site ${site}; shown as <site_url>/event/<slug>/`)
  return undefined
}

/**
 * The event's own website, or null for none: TEC answers an event without one with its own page's URL, as `url`
 * shows it (`Post_Repository::get_event_data()`), where a website it stores would be escaped (`esc_html()`).
 */
function storedWebsite(value: EventCapture): string | null | undefined {
  const { website } = value
  if (website === undefined || website === null) return website
  return website === value.url ? null : rawEventWebsite(website)
}

/**
 * The fields of a stored event (docs/responses.md#event, docs/writes.md), for `normalizeEvent` over the record it
 * replaces.
 */
export function eventFields(value: EventCapture, ctx: FieldContext): Record<string, unknown> {
  const who = label('event', value.id, value.title)
  return defined({
    ...postFields(value, who, ctx),
    permalink: permalinkPath(value, who, ctx.warnings),
    title: value.title === undefined ? undefined : rawTitle(value.title),
    description: value.description === undefined ? undefined : rawContent(value.description),
    excerpt: value.excerpt === undefined ? undefined : rawExcerpt(value.excerpt),
    image: storedImage(value.image),
    all_day: value.all_day,
    start_date: value.start_date,
    end_date: storedEnd(value, who, ctx.warnings),
    timezone: value.timezone,
    ...storedCost(value.cost, value.cost_details),
    website: storedWebsite(value),
    show_map: value.show_map,
    show_map_link: value.show_map_link,
    hide_from_listings: value.hide_from_listings,
    sticky: value.sticky,
    featured: value.featured,
    ticketed: value.ticketed,
    venue: value.venue === undefined ? undefined : (value.venue?.id ?? null),
    organizer: value.organizer?.map((organizer) => organizer.id),
    categories: value.categories?.map((term) => term.id),
    tags: value.tags?.map((term) => term.id),
    // TEC writes `[]` for no custom fields.
    custom_fields: isObject(value.custom_fields) ? value.custom_fields : undefined,
    ...extras(value, EVENT_READ),
  })
}

/**
 * TEC drops a venue's or organizer's empty fields (docs/responses.md#venue, docs/responses.md#organizer), so a field
 * the capture lacks is empty.
 */
function linkedFields(
  value: VenueCapture | OrganizerCapture,
  kind: LinkedPostKind,
  name: string | undefined,
  ctx: FieldContext,
) {
  return {
    ...postFields(value, label(kind, value.id, name), ctx),
    [kind]: rawTitle(name ?? ''),
    description: rawContent(value.description ?? ''),
    excerpt: rawExcerpt(value.excerpt ?? ''),
    image: storedImage(value.image) ?? null,
    ...texts(value, kind === 'venue' ? VENUE_TEXT_FIELDS : ORGANIZER_TEXT_FIELDS),
  }
}

/** The fields of a stored venue (docs/responses.md#venue), for `normalizeVenue` over the record it replaces. */
export function venueFields(value: VenueCapture, ctx: FieldContext): Record<string, unknown> {
  return defined({
    ...linkedFields(value, 'venue', value.venue, ctx),
    geo_lat: value.geo_lat ?? null,
    geo_lng: value.geo_lng ?? null,
    show_map: value.show_map ?? true,
    show_map_link: value.show_map_link ?? true,
    ...extras(value, VENUE_READ),
  })
}

/**
 * The fields of a stored organizer (docs/responses.md#organizer), for `normalizeOrganizer` over the record it
 * replaces.
 */
export function organizerFields(value: OrganizerCapture, ctx: FieldContext): Record<string, unknown> {
  return defined({ ...linkedFields(value, 'organizer', value.organizer, ctx), ...extras(value, ORGANIZER_READ) })
}

/**
 * The fields of a stored category or tag (docs/responses.md#categories-and-tags), `parent` as settled by
 * `categoryParents`, and its `term_taxonomy_id` where WordPress numbered it apart from the term (terms of two
 * taxonomies made at once).
 */
export function termFields(value: TermCapture, parent: number): Record<string, unknown> {
  const { name, slug } = value
  const taxonomyId = (value as { term_taxonomy_id?: unknown }).term_taxonomy_id
  return defined({
    name: name === undefined ? undefined : rawTermName(name),
    slug,
    description: value.description ?? '',
    parent,
    term_taxonomy_id: Number.isInteger(taxonomyId) && taxonomyId !== value.id ? taxonomyId : undefined,
  })
}

/** A stored media entry (docs/writes.md `image`) over the one it replaces; TEC's `sizes` are kept. */
export function mediaRecord(image: ImageCapture & { id: number }, old: MediaRecord | undefined): MediaRecord {
  const { url, extension, width, height, sizes } = image
  const fields = defined({ url, extension, width, height, sizes })
  return { ...old, id: image.id, ...fields } as MediaRecord
}
