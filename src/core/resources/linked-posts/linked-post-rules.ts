import type { Collection } from '../../model/collection.js'
import { COLLECTION_OF, type CollectionOf, type LinkedPostKind } from '../../model/kinds.js'
import { NO_GMT_DATE, type OrganizerRecord, type VenueRecord } from '../../model/records.js'
import type { CalendarState, RecordOf } from '../../model/state.js'
import { sameUnderCollation } from '../../search/collation.js'
import type { NormalizeContext } from '../posts/post.js'
import { type PostBody, type ResolveContext, resolvePostFields } from '../posts/post-input.js'
import { saveRevision } from '../posts/revisions.js'
import type { View } from '../view.js'
import { VENUE_FIELDS_CLEARED_BY_UPDATE, type WriteMode } from '../write-mode.js'
import { OrganizerBodySchema, VenueBodySchema, venueStateProvince } from './linked-input.js'
import { type ShapeOptions, shapeOrganizer, shapeVenue } from './linked-shape.js'
import { normalizeOrganizer, normalizeVenue, ORGANIZER_TEXT_FIELDS, VENUE_TEXT_FIELDS } from './venue-record.js'

/** A stored venue or organizer. */
export type LinkedPostRecord = RecordOf<LinkedPostKind>

/**
 * Everything that differs between venues and organizers, the two post kinds events link to
 * (docs/http.md#venue-and-organizer-routes): one table of rules so that both resources run the same code.
 * `resolveLinkedFields` and `findOrCreateLinked` below are the steps of a write that read it, for `LinkedPosts` and
 * for the venue or organizer an event names.
 */
export interface LinkedPostRules {
  kind: LinkedPostKind
  /** The collection's route and list key. */
  route: CollectionOf<LinkedPostKind>
  /** The name field, required on create: named after the kind. */
  nameKey: LinkedPostKind
  textFields: readonly string[]
  /** Fields `search` looks in (docs/lists.md#venue-and-organizer-lists). */
  searchFields: readonly string[]
  schema: typeof VenueBodySchema | typeof OrganizerBodySchema
  collection: (state: CalendarState) => Collection<LinkedPostRecord>
  normalize: (raw: Record<string, unknown>, id: number, ctx: NormalizeContext) => LinkedPostRecord
  shape: (state: CalendarState, record: LinkedPostRecord, view: View, options: ShapeOptions) => Record<string, unknown>
}

/** The rules of venues. */
export const VENUE_RULES: LinkedPostRules = {
  kind: 'venue',
  route: COLLECTION_OF.venue,
  nameKey: 'venue',
  textFields: VENUE_TEXT_FIELDS,
  searchFields: [
    'venue',
    'description',
    'excerpt',
    'address',
    'city',
    'province',
    'state',
    'stateprovince',
    'zip',
    'phone',
  ],
  schema: VenueBodySchema,
  collection: (state) => state.venues as Collection<LinkedPostRecord>,
  normalize: normalizeVenue,
  shape: (state, record, view, options) => shapeVenue(state, record as VenueRecord, view, options),
}

/** The rules of organizers. */
export const ORGANIZER_RULES: LinkedPostRules = {
  kind: 'organizer',
  route: COLLECTION_OF.organizer,
  nameKey: 'organizer',
  textFields: ORGANIZER_TEXT_FIELDS,
  searchFields: ['organizer', 'description', 'excerpt', 'phone', 'email', 'website'],
  schema: OrganizerBodySchema,
  collection: (state) => state.organizers as Collection<LinkedPostRecord>,
  normalize: normalizeOrganizer,
  shape: (state, record, view, options) => shapeOrganizer(state, record as OrganizerRecord, view, options),
}

/** The fields of a venue beyond its texts that a body may set: its coordinates and map flags. */
const LOCATION_FIELDS = ['geo_lat', 'geo_lng', 'show_map', 'show_map_link'] as const

/**
 * Checks a venue or organizer body against the state and returns the stored fields it sets (docs/writes.md):
 * shared post fields, text fields, website, and the venue's coordinates and map flags; a venue's `stateprovince`
 * as `venueStateProvince` works it out.
 */
export function resolveLinkedFields(
  rules: Pick<LinkedPostRules, 'nameKey' | 'textFields'>,
  body: Record<string, unknown>,
  ctx: ResolveContext,
) {
  const out = resolvePostFields(body as PostBody, ctx)
  for (const key of [rules.nameKey, ...rules.textFields, ...LOCATION_FIELDS]) {
    if (body[key] !== undefined) out[key] = body[key]
  }
  if (typeof out[rules.nameKey] === 'string' && (out[rules.nameKey] as string).trim() === '') {
    ctx.errors[rules.nameKey] = 'must not be empty'
  }
  if (rules.nameKey === 'venue') {
    const derived = venueStateProvince(out)
    if (derived !== undefined) out.stateprovince = derived
  }
  return out
}

/**
 * The fields of a create that overwrite the record it duplicates: the kind's own (TEC's post meta, which
 * `Tribe__Events__Venue::save_meta()` and its organizer twin write), never the post's name, texts, slug, status,
 * author or dates.
 */
function overwrittenFields(rules: LinkedPostRules, fields: Record<string, unknown>): Record<string, unknown> {
  const keys = [...rules.textFields, ...LOCATION_FIELDS, 'image']
  return Object.fromEntries(keys.flatMap((key) => (fields[key] === undefined ? [] : [[key, fields[key]]])))
}

/**
 * The ID of the record a create names, found or made: duplicate avoidance on create (docs/writes.md#duplicates),
 * for the routes and for the venue or organizer an event names. A trashed record is never found.
 *
 * - `mode.lossy` (TEC's way, `Tribe__Events__Venue::create()` and its organizer twin with `Tribe__Duplicate__Post`):
 *   a record with the same name and, when a description is given, the same description, as MySQL compares them
 *   (`sameUnderCollation`), whatever its status. It keeps its name, texts, slug, status, author and dates; every
 *   other field given overwrites its own, and a venue's map flags and `stateprovince` are set again as a venue
 *   update sets them (`VENUE_FIELDS_CLEARED_BY_UPDATE`).
 * - otherwise: a record whose given name, description, excerpt and text fields all match (case ignored), left as
 *   it is; a record that differs in any of them is not overwritten, and a new one is made.
 * - `mode.reuse` false (TEC's repository, behind `tec/v1`): nothing is found, a new record is made.
 *
 * @example
 * findOrCreateLinked(VENUE_RULES, { venue: 'Blue Room', city: 'Boston' }, ctx, { tec: true, lossy: true })
 * // the ID of the venue named "blue room", its city now Boston; or of a new venue
 */
export function findOrCreateLinked(
  rules: LinkedPostRules,
  fields: Record<string, unknown>,
  ctx: ResolveContext & { normalize: NormalizeContext; author: number },
  mode: WriteMode,
): number {
  const found = mode.reuse === false ? undefined : reusedDuplicate(rules, fields, ctx, mode)
  if (found !== undefined) return found
  const id = ctx.state.nextPostId()
  rules.collection(ctx.state).put(rules.normalize({ author: ctx.author, ...fields }, id, ctx.normalize))
  return id
}

/** The ID of the record a create duplicates (`findOrCreateLinked`), overwritten in a lossy `mode`; else undefined. */
function reusedDuplicate(
  rules: LinkedPostRules,
  fields: Record<string, unknown>,
  ctx: ResolveContext & { normalize: NormalizeContext; author: number },
  mode: WriteMode,
): number | undefined {
  const collection = rules.collection(ctx.state)
  if (mode.lossy) {
    const found = tecDuplicate(rules, fields, collection)
    if (!found) return undefined
    const cleared = rules.kind === 'venue' ? VENUE_FIELDS_CLEARED_BY_UPDATE : {}
    // Saved again now: a `modified_utc` of its own no longer holds (a draft's `NO_GMT_DATE` does).
    const modifiedUtc = found.modified_utc === NO_GMT_DATE ? {} : { modified_utc: undefined }
    const raw = {
      ...found,
      ...cleared,
      ...overwrittenFields(rules, fields),
      modified: ctx.normalize.now,
      ...modifiedUtc,
    }
    const record = rules.normalize(raw, found.id, ctx.normalize)
    collection.put(record)
    saveRevision(ctx.state, rules.kind, record, ctx.author)
    return found.id
  }
  const supplied = [rules.nameKey, 'description', 'excerpt', ...rules.textFields].filter(
    (key) => typeof fields[key] === 'string',
  )
  const same = (a: unknown, b: unknown) => String(a ?? '').toLowerCase() === String(b ?? '').toLowerCase()
  for (const record of collection.values()) {
    if (record.status !== 'trash' && supplied.every((key) => same(record[key], fields[key]))) return record.id
  }
  return undefined
}

/**
 * The record TEC's duplicate check finds for a create: not trashed, the same name and, when `fields` give a
 * description that is not empty, the same description; the one of lowest ID, as the database returns it first.
 */
function tecDuplicate(
  rules: LinkedPostRules,
  fields: Record<string, unknown>,
  collection: Collection<LinkedPostRecord>,
): LinkedPostRecord | undefined {
  const name = String(fields[rules.nameKey] ?? '')
  const description = typeof fields.description === 'string' && fields.description !== '' ? fields.description : null
  let found: LinkedPostRecord | undefined
  for (const record of collection.values()) {
    if (record.status === 'trash' || (found && found.id < record.id)) continue
    if (!sameUnderCollation(String(record[rules.nameKey] ?? ''), name)) continue
    if (description !== null && !sameUnderCollation(String(record.description ?? ''), description)) continue
    found = record
  }
  return found
}
