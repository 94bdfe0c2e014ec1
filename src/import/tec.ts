import * as v from 'valibot'
import type { Collection } from '../core/collection.js'
import { instantToWall, isWallTime, isZone, wallToInstant } from '../core/dates.js'
import { CalendarError } from '../core/errors.js'
import { type JsonPath, formatPath } from '../core/json-locate.js'
import {
  type EventRecord,
  type MediaRecord,
  type OrganizerRecord,
  type PostKind,
  STATUSES,
  type Status,
  type Taxonomy,
  type TermRecord,
  type VenueRecord,
} from '../core/records.js'
import { normalizeEvent } from '../core/resources/event-record.js'
import type { NormalizeContext } from '../core/resources/post.js'
import { normalizeTerm } from '../core/resources/term-record.js'
import { normalizeOrganizer, normalizeVenue } from '../core/resources/venue-record.js'
import type { CalendarState } from '../core/state.js'

/**
 * Import of saved responses of TEC's REST API v1 (`/wp-json/tribe/events/v1/...`) into a calendar state: the
 * capture is read loosely (extra keys allowed), then its records are upserted with their IDs, slugs and relations
 * as stored records of CONTRACT §1; everything a response derives (CONTRACT §2: URLs, `*_details`, `utc_*`,
 * `cost_details`, `json_ld`, ...) is dropped.
 */

/** How many records of one kind an import added, changed, or found identical. */
export interface ImportCounts {
  added: number
  updated: number
  unchanged: number
}

/** What `importTec` did, per kind, and what it had to change in the data to store it. */
export interface ImportReport {
  events: ImportCounts
  venues: ImportCounts
  organizers: ImportCounts
  categories: ImportCounts
  tags: ImportCounts
  media: ImportCounts
  warnings: string[]
}

/** Options of `importTec`. */
export interface ImportOptions {
  /** "Now", `YYYY-MM-DD HH:MM:SS` in the site time zone: `date` of records the capture gives none. */
  now: string
}

// ---------------------------------------------------------------------------------------------------------------
// The capture's shape

const WALL = '"YYYY-MM-DD HH:MM:SS"'

const got = (input: unknown): string => {
  const text = JSON.stringify(input)
  return text === undefined ? String(input) : text.length > 60 ? `${text.slice(0, 57)}...` : text
}
const expected = (what: string) => (issue: { input: unknown }) => `expected ${what}, got ${got(issue.input)}`

const id = v.pipe(
  v.number(expected('a positive integer ID')),
  v.integer(expected('a positive integer ID')),
  v.minValue(1, expected('a positive integer ID')),
)
const text = v.string(expected('a string'))
const bool = v.boolean(expected('true or false'))
const wall = v.pipe(v.string(expected(WALL)), v.check(isWallTime, expected(WALL)))
const zone = v.pipe(text, v.check(isZone, expected('an IANA time zone, UTC or UTC+H[:MM]')))
/** TEC writes user and image IDs as strings of digits. */
const ID_DIGITS = expected('an ID (digits)')
const digits = v.pipe(
  v.union(
    [v.pipe(v.string(), v.regex(/^\d+$/u, ID_DIGITS)), v.pipe(v.number(), v.integer(ID_DIGITS), v.minValue(0, ID_DIGITS))],
    ID_DIGITS,
  ),
  v.transform(Number),
)
const TERM_ID = expected('a term ID or 0')
const termId = v.pipe(v.number(TERM_ID), v.integer(TERM_ID), v.minValue(0, TERM_ID))
/** TEC's cost is a string; a number is read as its text. */
const costText = v.pipe(v.union([text, v.number()], expected('a string')), v.transform(String))
const NUMERIC = expected('a number')
const numeric = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^-?\d+(?:\.\d+)?$/u, NUMERIC))], NUMERIC),
  v.transform(Number),
)

/** TEC writes "none" as `false` (image), `[]` (venue) or `""`; all become null. */
function orNone<T extends v.GenericSchema>(schema: T) {
  const none = (input: unknown) =>
    input === null || input === false || input === '' || (Array.isArray(input) && input.length === 0)
  return v.optional(v.pipe(v.unknown(), v.transform((input) => (none(input) ? null : input)), v.nullable(schema)))
}

const ImageSchema = v.looseObject(
  {
    url: text,
    id: v.optional(digits),
    extension: v.optional(text),
    width: v.optional(numeric),
    height: v.optional(numeric),
    sizes: v.optional(v.unknown()),
  },
  expected('an image object or false'),
)

const postFields = {
  id,
  author: v.optional(digits),
  status: v.optional(text),
  date: v.optional(wall),
  date_utc: v.optional(wall),
  modified: v.optional(wall),
  modified_utc: v.optional(wall),
  description: v.optional(text),
  excerpt: v.optional(text),
  slug: v.optional(text),
  image: orNone(ImageSchema),
}

const VenueSchema = v.looseObject(
  {
    ...postFields,
    // TEC leaves out empty fields, the name included (beltline venue 53321).
    venue: v.optional(text),
    address: v.optional(text),
    city: v.optional(text),
    country: v.optional(text),
    province: v.optional(text),
    state: v.optional(text),
    zip: v.optional(text),
    phone: v.optional(text),
    website: v.optional(text),
    stateprovince: v.optional(text),
    geo_lat: orNone(numeric),
    geo_lng: orNone(numeric),
    show_map: v.optional(bool),
    show_map_link: v.optional(bool),
  },
  expected('a venue object or []'),
)

const OrganizerSchema = v.looseObject(
  {
    ...postFields,
    organizer: v.optional(text),
    phone: v.optional(text),
    website: v.optional(text),
    email: v.optional(text),
  },
  expected('an organizer object'),
)

const TermSchema = v.looseObject(
  {
    id,
    name: v.pipe(text, v.nonEmpty(expected('a non-empty name'))),
    slug: v.optional(text),
    description: v.optional(text),
    parent: v.optional(termId),
  },
  expected('a term object'),
)

const CostDetailsSchema = v.looseObject(
  {
    currency_symbol: v.optional(text),
    currency_position: v.optional(text),
    values: v.optional(v.array(costText, expected('an array'))),
  },
  expected('an object'),
)

const EventSchema = v.looseObject(
  {
    ...postFields,
    title: text,
    start_date: wall,
    end_date: v.optional(wall),
    timezone: v.optional(zone),
    all_day: v.optional(bool),
    cost: v.optional(costText),
    cost_details: v.optional(CostDetailsSchema),
    website: v.optional(text),
    show_map: v.optional(bool),
    show_map_link: v.optional(bool),
    hide_from_listings: v.optional(bool),
    sticky: v.optional(bool),
    featured: v.optional(bool),
    ticketed: v.optional(bool),
    venue: orNone(VenueSchema),
    organizer: v.optional(v.array(OrganizerSchema, expected('an array of organizers'))),
    categories: v.optional(v.array(TermSchema, expected('an array of terms'))),
    tags: v.optional(v.array(TermSchema, expected('an array of terms'))),
    custom_fields: v.optional(v.unknown()),
  },
  expected('an event object'),
)

type EventCapture = v.InferOutput<typeof EventSchema>
type VenueCapture = v.InferOutput<typeof VenueSchema>
type OrganizerCapture = v.InferOutput<typeof OrganizerSchema>
type TermCapture = v.InferOutput<typeof TermSchema>
type ImageCapture = v.InferOutput<typeof ImageSchema>
type CostDetailsCapture = v.InferOutput<typeof CostDetailsSchema>
type PostCapture = VenueCapture | OrganizerCapture | EventCapture

const LISTS = {
  events: v.looseObject({ events: v.array(EventSchema, expected('an array')) }),
  venues: v.looseObject({ venues: v.array(VenueSchema, expected('an array')) }),
  organizers: v.looseObject({ organizers: v.array(OrganizerSchema, expected('an array')) }),
}

/** A value of the capture and where it sits in it, for error messages. */
interface Located<T> {
  value: T
  path: JsonPath
}

interface Parsed {
  events: Array<Located<EventCapture>>
  venues: Array<Located<VenueCapture>>
  organizers: Array<Located<OrganizerCapture>>
}

function invalid(path: JsonPath, message: string): CalendarError {
  const where = formatPath(path) || '(capture)'
  return new CalendarError('import-invalid-capture', 400, `${where}: ${message}`, { path: where })
}

function parseWith<T extends v.GenericSchema>(schema: T, capture: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, capture)
  if (result.success) return result.output
  const issue = result.issues[0]
  const path = (issue.path ?? []).map((item) => item.key as string | number)
  // Optional keys accept undefined, so an issue about undefined is always a required key that is missing.
  throw invalid(path, issue.input === undefined ? 'missing' : issue.message)
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function listed<T>(key: string, items: T[]): Array<Located<T>> {
  return items.map((value, index) => ({ value, path: [key, index] }))
}

function single<T extends v.GenericSchema>(schema: T, capture: unknown): Array<Located<v.InferOutput<T>>> {
  return [{ value: parseWith(schema, capture), path: [] }]
}

/** Which TEC response the capture is, by the keys TEC always writes, read into its typed shape. */
function readCapture(capture: unknown): Parsed {
  const parsed: Parsed = { events: [], venues: [], organizers: [] }
  if (!isObject(capture)) {
    throw invalid([], `expected a TEC event list, event, venue or organizer object, got ${got(capture)}`)
  }
  if ('events' in capture) parsed.events = listed('events', parseWith(LISTS.events, capture).events)
  else if ('venues' in capture) parsed.venues = listed('venues', parseWith(LISTS.venues, capture).venues)
  else if ('organizers' in capture) parsed.organizers = listed('organizers', parseWith(LISTS.organizers, capture).organizers)
  else if ('start_date' in capture) parsed.events = single(EventSchema, capture)
  // A single venue or organizer is told apart by its name, as TEC writes it for every named one.
  else if (typeof capture.venue === 'string') parsed.venues = single(VenueSchema, capture)
  else if (typeof capture.organizer === 'string') parsed.organizers = single(OrganizerSchema, capture)
  else throw invalid([], 'not a TEC response: no "events", "start_date", "venue" or "organizer" key')
  return parsed
}

// ---------------------------------------------------------------------------------------------------------------
// Planning: every record the capture holds, once, with its ID checked against the rest

interface Claim {
  kind: PostKind | Taxonomy
  path: JsonPath
}

const KIND_NAMES: Record<PostKind | Taxonomy, string> = {
  event: 'an event',
  venue: 'a venue',
  organizer: 'an organizer',
  media: 'a media entry',
  category: 'a category',
  tag: 'a tag',
}

function conflict(id: number, claim: Claim, other: string): CalendarError {
  const where = formatPath([...claim.path, 'id'])
  const message = `${where}: ID ${id} is ${KIND_NAMES[claim.kind]} in the capture but ${other}`
  return new CalendarError('import-id-conflict', 409, message, { path: where, id })
}

/**
 * Every record of the capture, once (TEC embeds the same venue in every event that uses it: the first copy is
 * kept), each ID checked against the capture's other records and the state's before anything is stored.
 */
class Plan {
  readonly events = new Map<number, Located<EventCapture>>()
  readonly venues = new Map<number, Located<VenueCapture>>()
  readonly organizers = new Map<number, Located<OrganizerCapture>>()
  readonly media = new Map<number, Located<ImageCapture & { id: number }>>()
  readonly categories = new Map<number, Located<TermCapture>>()
  readonly tags = new Map<number, Located<TermCapture>>()
  readonly #posts = new Map<number, Claim>()
  readonly #terms = new Map<number, Claim>()

  constructor(readonly state: CalendarState) {}

  postIds(): Iterable<number> {
    return this.#posts.keys()
  }

  termIds(): Iterable<number> {
    return this.#terms.keys()
  }

  addEvent(item: Located<EventCapture>): void {
    const { value, path } = item
    this.#keep(this.events, 'event', item)
    this.#addImage(item)
    if (value.venue) this.addLinked(this.venues, 'venue', { value: value.venue, path: [...path, 'venue'] })
    value.organizer?.forEach((organizer, i) => {
      this.addLinked(this.organizers, 'organizer', { value: organizer, path: [...path, 'organizer', i] })
    })
    value.categories?.forEach((term, i) => {
      this.#keep(this.categories, 'category', { value: term, path: [...path, 'categories', i] })
    })
    value.tags?.forEach((term, i) => this.#keep(this.tags, 'tag', { value: term, path: [...path, 'tags', i] }))
  }

  addLinked<T extends VenueCapture | OrganizerCapture>(
    map: Map<number, Located<T>>,
    kind: 'venue' | 'organizer',
    item: Located<T>,
  ): void {
    this.#keep(map, kind, item)
    this.#addImage(item)
  }

  #addImage(owner: Located<PostCapture>): void {
    const image = owner.value.image
    // An image without a media ID is stored as its URL on the record (see storedImage).
    if (!image?.id) return
    this.#keep(this.media, 'media', { value: { ...image, id: image.id }, path: [...owner.path, 'image'] })
  }

  #keep<T extends { id: number }>(map: Map<number, Located<T>>, kind: PostKind | Taxonomy, item: Located<T>): void {
    this.#claim(item.value.id, { kind, path: item.path })
    if (!map.has(item.value.id)) map.set(item.value.id, item)
  }

  /** Posts share one ID space and terms another (CONTRACT §1): an ID may name one kind only. */
  #claim(id: number, next: Claim): void {
    const isTerm = next.kind === 'category' || next.kind === 'tag'
    const claims = isTerm ? this.#terms : this.#posts
    const earlier = claims.get(id)
    if (earlier && earlier.kind !== next.kind) {
      throw conflict(id, next, `${KIND_NAMES[earlier.kind]} at ${formatPath([...earlier.path, 'id'])}`)
    }
    const stored = isTerm ? this.state.termTaxonomy(id) : this.state.postKind(id)
    if (stored && stored !== next.kind) throw conflict(id, next, `${KIND_NAMES[stored]} in the data file`)
    if (!earlier) claims.set(id, next)
  }
}

function planImport(state: CalendarState, parsed: Parsed): Plan {
  const plan = new Plan(state)
  for (const item of parsed.events) plan.addEvent(item)
  for (const item of parsed.venues) plan.addLinked(plan.venues, 'venue', item)
  for (const item of parsed.organizers) plan.addLinked(plan.organizers, 'organizer', item)
  return plan
}

// ---------------------------------------------------------------------------------------------------------------
// Building stored records

/** Keys of a TEC response that calfile derives on output (CONTRACT §1, §2) or that cannot be kept (see below). */
const NOT_STORED = new Set([
  'global_id', 'global_id_lineage', 'rest_url', 'url', 'date_utc', 'modified_utc', 'timezone_abbr', 'cost_details',
  'json_ld',
  // A parent event ID of another site would be a dangling reference here.
  'post_parent',
])
const derived = (key: string) => NOT_STORED.has(key) || key.endsWith('_details') || key.startsWith('utc_')

const EVENT_KEYS = new Set([
  'id', 'author', 'status', 'date', 'modified', 'title', 'description', 'excerpt', 'slug', 'image', 'all_day',
  'start_date', 'end_date', 'timezone', 'cost', 'website', 'show_map', 'show_map_link', 'hide_from_listings', 'sticky',
  'featured', 'ticketed', 'venue', 'organizer', 'categories', 'tags', 'custom_fields',
])
const VENUE_TEXT = ['address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'website', 'stateprovince'] as const
const VENUE_KEYS = new Set([
  'id', 'author', 'status', 'date', 'modified', 'venue', 'description', 'excerpt', 'slug', 'image', ...VENUE_TEXT,
  'geo_lat', 'geo_lng', 'show_map', 'show_map_link',
])
const ORGANIZER_TEXT = ['phone', 'website', 'email'] as const
const ORGANIZER_KEYS = new Set([
  'id', 'author', 'status', 'date', 'modified', 'organizer', 'description', 'excerpt', 'slug', 'image', ...ORGANIZER_TEXT,
])

/** Keys a plugin or site added (`is_virtual`, ...), kept as they are (CONTRACT §5). */
function extras(raw: Record<string, unknown>, known: ReadonlySet<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).filter(([key]) => !known.has(key) && !derived(key)))
}

function defined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined))
}

/** `date`/`modified` are stored in the site time zone (CONTRACT §1); the capture's UTC twin says which instant. */
function siteWall(utc: string | undefined, local: string | undefined, state: CalendarState): string | undefined {
  return utc === undefined ? local : instantToWall(wallToInstant(utc, 'UTC'), state.siteTimezone)
}

function isStatus(status: string): status is Status {
  return (STATUSES as readonly string[]).includes(status)
}

/** TEC's own statuses (`tribe-ignored`, ...) are not calfile's (CONTRACT §2.1): such a record becomes a draft. */
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

/** An image with a media ID becomes that ID; one known only by URL keeps the URL (CONTRACT §3 `image`). */
function storedImage(image: ImageCapture | null | undefined): number | string | null | undefined {
  if (image === undefined || image === null) return image
  return image.id ? image.id : image.url
}

function postFieldsOf(value: PostCapture, who: string, state: CalendarState, warnings: Set<string>) {
  return {
    id: value.id,
    author: storedAuthor(value.author, who, warnings),
    status: storedStatus(value.status, who, warnings),
    date: siteWall(value.date_utc, value.date, state),
    modified: siteWall(value.modified_utc, value.modified, state),
    slug: value.slug,
  }
}

const NUMBER = /^\d+(?:[.,]\d+)*$/u

/**
 * The stored cost whose derived `cost` and `cost_details` are the capture's (CONTRACT §2.1, §3; `core/cost.ts`):
 * TEC writes `"Free"` with symbol `$` and values `["0"]`, which only `"$0"` reproduces; a cost whose details carry no
 * symbol (`"$6.00"` on older TEC, `"Free"`) is stored as the text it shows.
 */
function storedCost(cost: string | undefined, details: CostDetailsCapture | undefined): string | string[] | undefined {
  const symbol = details?.currency_symbol ?? ''
  const values = details?.values ?? []
  if (symbol === '' || values.length === 0 || !values.every((value) => NUMBER.test(value))) return cost
  const postfix = details?.currency_position === 'postfix'
  const priced = values.map((value) => (postfix ? `${value}${symbol}` : `${symbol}${value}`))
  return priced.length === 1 ? priced[0] : priced
}

/** A custom_fields object is kept; TEC writes `[]` for none. */
function storedCustomFields(value: unknown): Record<string, unknown> | undefined {
  return isObject(value) ? value : undefined
}

/** How warnings name a record: `event 6178 "Atlanta Braves vs. Miami Marlins"`. */
function label(kind: string, id: number, name: string | undefined): string {
  return name ? `${kind} ${id} "${name}"` : `${kind} ${id}`
}

function eventLabel(value: EventCapture): string {
  return label('event', value.id, value.title)
}

/** An end before the start would make the data file invalid (CONTRACT §3 "calfile differs"). */
function storedEnd(value: EventCapture, warnings: Set<string>): string {
  const end = value.end_date ?? value.start_date
  if (end >= value.start_date) return end
  warnings.add(`${eventLabel(value)}: end_date ${end} is before start_date ${value.start_date}; stored as the start`)
  return value.start_date
}

function eventFields(value: EventCapture, state: CalendarState, warnings: Set<string>) {
  return defined({
    ...postFieldsOf(value, eventLabel(value), state, warnings),
    title: value.title,
    description: value.description,
    excerpt: value.excerpt,
    image: storedImage(value.image),
    all_day: value.all_day,
    start_date: value.start_date,
    end_date: storedEnd(value, warnings),
    timezone: value.timezone,
    cost: storedCost(value.cost, value.cost_details),
    website: value.website,
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
    custom_fields: storedCustomFields(value.custom_fields),
    ...extras(value, EVENT_KEYS),
  })
}

/** TEC drops a venue's empty fields (CONTRACT §2.2), so a field the capture lacks is empty. */
function venueFields(value: VenueCapture, state: CalendarState, warnings: Set<string>) {
  const texts = Object.fromEntries(VENUE_TEXT.map((key) => [key, value[key] ?? '']))
  return defined({
    ...postFieldsOf(value, label('venue', value.id, value.venue), state, warnings),
    venue: value.venue ?? '',
    description: value.description ?? '',
    excerpt: value.excerpt ?? '',
    image: storedImage(value.image) ?? null,
    ...texts,
    geo_lat: value.geo_lat ?? null,
    geo_lng: value.geo_lng ?? null,
    show_map: value.show_map ?? true,
    show_map_link: value.show_map_link ?? true,
    ...extras(value, VENUE_KEYS),
  })
}

/** Likewise for an organizer (CONTRACT §2.3). */
function organizerFields(value: OrganizerCapture, state: CalendarState, warnings: Set<string>) {
  const texts = Object.fromEntries(ORGANIZER_TEXT.map((key) => [key, value[key] ?? '']))
  return defined({
    ...postFieldsOf(value, label('organizer', value.id, value.organizer), state, warnings),
    organizer: value.organizer ?? '',
    description: value.description ?? '',
    excerpt: value.excerpt ?? '',
    image: storedImage(value.image) ?? null,
    ...texts,
    ...extras(value, ORGANIZER_KEYS),
  })
}

function mediaRecord(image: ImageCapture & { id: number }, old: MediaRecord | undefined): MediaRecord {
  const { url, extension, width, height, sizes } = image
  const fields = defined({ url, extension, width, height, sizes })
  return { ...old, id: image.id, ...fields } as MediaRecord
}

/**
 * The parent a category keeps: its own when that category is in the capture or the data file, else 0 (CONTRACT §1
 * forbids a dangling parent), and 0 where it would close a cycle with the data file's categories.
 */
function categoryParent(term: TermCapture, plan: Plan, state: CalendarState, warnings: Set<string>): number {
  const parent = term.parent ?? 0
  if (parent === 0) return 0
  const name = label('category', term.id, term.name)
  if (!plan.categories.has(parent) && !state.categories.get(parent)) {
    warnings.add(`${name}: parent ${parent} is not in the capture or the data file; stored with parent 0`)
    return 0
  }
  const parentOf = (at: number) => plan.categories.get(at)?.value.parent ?? state.categories.get(at)?.parent ?? 0
  const seen = new Set<number>()
  for (let at = parent; at !== 0 && !seen.has(at); at = parentOf(at)) {
    if (at === term.id) {
      warnings.add(`${name}: parent ${parent} would make it its own ancestor; stored with parent 0`)
      return 0
    }
    seen.add(at)
  }
  return parent
}

// ---------------------------------------------------------------------------------------------------------------
// Applying

const zero = (): ImportCounts => ({ added: 0, updated: 0, unchanged: 0 })

/** Puts a record unless an identical one is stored, so that a re-import changes nothing, not even `version`. */
function upsert<T extends { id: number }>(collection: Collection<T>, record: T, counts: ImportCounts): void {
  const old = collection.get(record.id)
  if (old === undefined) counts.added++
  else if (JSON.stringify(old) === JSON.stringify(record)) {
    counts.unchanged++
    return
  } else counts.updated++
  collection.put(record)
}

function noteSlug(kind: string, wanted: string | undefined, record: { id: number; slug: string }, warnings: Set<string>) {
  if (wanted === undefined || wanted === record.slug) return
  warnings.add(`${kind} ${record.id}: slug "${wanted}" is taken by another ${kind}; stored as "${record.slug}"`)
}

/** Builds and upserts each planned record of one kind; `build` gets the stored record it replaces, if any. */
function applyEach<C extends { id: number; slug?: string }, R extends { id: number; slug: string }>(
  kind: string,
  items: Map<number, Located<C>>,
  collection: Collection<R>,
  build: (value: C, old: R | undefined) => R,
  counts: ImportCounts,
  warnings: Set<string>,
): void {
  for (const { value } of items.values()) {
    const record = build(value, collection.get(value.id))
    noteSlug(kind, value.slug, record, warnings)
    upsert(collection, record, counts)
  }
}

function applyTerms(taxonomy: Taxonomy, plan: Plan, ctx: NormalizeContext, counts: ImportCounts, warnings: Set<string>) {
  const items = taxonomy === 'category' ? plan.categories : plan.tags
  // Parents are settled before any term is stored, so that the check sees the data file as it was.
  const parents = new Map<number, number>()
  if (taxonomy === 'category') {
    for (const { value } of items.values()) parents.set(value.id, categoryParent(value, plan, ctx.state, warnings))
  }
  const build = (value: TermCapture, old: TermRecord | undefined) => {
    const { name, slug } = value
    const fields = defined({ name, slug, description: value.description ?? '', parent: parents.get(value.id) ?? 0 })
    return normalizeTerm({ ...old, ...fields }, value.id, taxonomy, ctx)
  }
  applyEach(taxonomy, items, ctx.state.terms(taxonomy), build, counts, warnings)
}

function applyPosts(plan: Plan, ctx: NormalizeContext, report: ImportReport, warnings: Set<string>): void {
  const { state } = ctx
  const venue = (value: VenueCapture, old: VenueRecord | undefined) =>
    normalizeVenue({ ...old, ...venueFields(value, state, warnings) }, value.id, ctx)
  const organizer = (value: OrganizerCapture, old: OrganizerRecord | undefined) =>
    normalizeOrganizer({ ...old, ...organizerFields(value, state, warnings) }, value.id, ctx)
  const event = (value: EventCapture, old: EventRecord | undefined) =>
    normalizeEvent({ ...old, ...eventFields(value, state, warnings) }, value.id, ctx)
  applyEach('venue', plan.venues, state.venues, venue, report.venues, warnings)
  applyEach('organizer', plan.organizers, state.organizers, organizer, report.organizers, warnings)
  applyEach('event', plan.events, state.events, event, report.events, warnings)
}

/**
 * Upserts a saved TEC REST v1 response into `state`: a list envelope `{events: [...], rest_url, total, ...}` (or
 * `{venues: [...]}`, `{organizers: [...]}`), a single event (has `start_date`), venue (has a `venue` string) or
 * organizer (has an `organizer` string). Events come with their embedded venue, organizers, categories, tags and
 * image (→ `media`); IDs, slugs, statuses, authors and extra keys are kept; `date`/`modified` are the capture's
 * `*_utc` values in the site time zone; derived response keys are dropped (CONTRACT §1, §2, §5). A status calfile
 * lacks becomes `draft`, a category parent that is nowhere becomes 0 — both reported in `warnings`. Re-importing
 * the same capture changes nothing. The capture is checked whole before the state is touched.
 *
 * @throws CalendarError 400 `import-invalid-capture` naming the capture's JSON path
 *   (`events[2].start_date: expected "YYYY-MM-DD HH:MM:SS", got 12`);
 *   409 `import-id-conflict` when an ID is already another kind's, in the capture or the state
 *   (`events[3].venue.id: ID 54 is a venue in the capture but an event in the data file`).
 */
export function importTec(state: CalendarState, capture: unknown, options: ImportOptions): ImportReport {
  const plan = planImport(state, readCapture(capture))
  const ctx: NormalizeContext = { state, now: options.now }
  const warnings = new Set<string>()
  const report: ImportReport = {
    events: zero(), venues: zero(), organizers: zero(), categories: zero(), tags: zero(), media: zero(), warnings: [],
  }
  for (const id of plan.postIds()) state.notePostId(id)
  for (const id of plan.termIds()) state.noteTermId(id)
  for (const { value } of plan.media.values()) {
    upsert(state.media, mediaRecord(value, state.media.get(value.id)), report.media)
  }
  applyTerms('category', plan, ctx, report.categories, warnings)
  applyTerms('tag', plan, ctx, report.tags, warnings)
  applyPosts(plan, ctx, report, warnings)
  report.warnings = [...warnings]
  return report
}

/**
 * The site time zone a new data file should take from a capture (for `calfile init`, CONTRACT §3 `timezone`):
 * the `timezone` of its first event when that is an IANA name, else undefined (TEC's fixed offsets such as `UTC+0`
 * say nothing about where the site is). Never throws.
 */
export function captureTimezone(capture: unknown): string | undefined {
  if (!isObject(capture)) return undefined
  const events: unknown[] = Array.isArray(capture.events) ? capture.events : 'start_date' in capture ? [capture] : []
  const first = events[0]
  const timezone = isObject(first) ? first.timezone : undefined
  if (typeof timezone !== 'string' || /^UTC[+-]/u.test(timezone) || !isZone(timezone)) return undefined
  return timezone
}
