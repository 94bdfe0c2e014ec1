import type { Collection } from '../../model/collection.js'
import { COLLECTION_OF, type CollectionOf, type LinkedPostKind } from '../../model/kinds.js'
import type { OrganizerRecord, VenueRecord } from '../../model/records.js'
import type { CalendarState, RecordOf } from '../../model/state.js'
import type { NormalizeContext } from '../post.js'
import { type PostBody, type ResolveContext, resolvePostFields } from '../post-input.js'
import type { View } from '../view.js'
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
  for (const key of [rules.nameKey, ...rules.textFields, 'geo_lat', 'geo_lng', 'show_map', 'show_map_link']) {
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
 * The ID of a non-trashed record whose supplied fields all match (case-insensitive), or of a new record made
 * from them: duplicate avoidance on create (docs/writes.md `venue`, `organizer`).
 */
export function findOrCreateLinked(
  rules: LinkedPostRules,
  fields: Record<string, unknown>,
  ctx: ResolveContext & { normalize: NormalizeContext; author: number },
): number {
  // TEC's duplicate check compares the title, description and excerpt as well as the kind's own fields.
  const supplied = [rules.nameKey, 'description', 'excerpt', ...rules.textFields].filter(
    (key) => typeof fields[key] === 'string',
  )
  const same = (a: unknown, b: unknown) => String(a ?? '').toLowerCase() === String(b ?? '').toLowerCase()
  const collection = rules.collection(ctx.state)
  for (const record of collection.values()) {
    if (record.status !== 'trash' && supplied.every((key) => same(record[key], fields[key]))) return record.id
  }
  const id = ctx.state.nextPostId()
  collection.put(rules.normalize({ author: ctx.author, ...fields }, id, ctx.normalize))
  return id
}
