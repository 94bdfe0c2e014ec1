import type { Collection } from '../../model/collection.js'
import type { OrganizerRecord, VenueRecord } from '../../model/records.js'
import type { CalendarState } from '../../model/state.js'
import type { NormalizeContext } from '../post.js'
import type { View } from '../view.js'
import { OrganizerBodySchema, VenueBodySchema } from './linked-input.js'
import { type ShapeOptions, shapeOrganizer, shapeVenue } from './linked-shape.js'
import { normalizeOrganizer, normalizeVenue, ORGANIZER_TEXT_FIELDS, VENUE_TEXT_FIELDS } from './venue-record.js'

type LinkedRecord = VenueRecord | OrganizerRecord

/**
 * Everything that differs between venues and organizers, the two post kinds events link to (spec §4.3–4.4):
 * one table of rules so that both resources run the same code.
 */
export interface LinkedKind {
  kind: 'venue' | 'organizer'
  /** The collection's route and list key. */
  route: 'venues' | 'organizers'
  /** The name field, required on create. */
  nameKey: 'venue' | 'organizer'
  textFields: readonly string[]
  /** Fields `search` looks in (CONTRACT §4.3). */
  searchFields: readonly string[]
  schema: typeof VenueBodySchema | typeof OrganizerBodySchema
  collection: (state: CalendarState) => Collection<LinkedRecord>
  normalize: (raw: Record<string, unknown>, id: number, ctx: NormalizeContext) => LinkedRecord
  shape: (state: CalendarState, record: LinkedRecord, view: View, options: ShapeOptions) => Record<string, unknown>
}

export const VENUE_KIND: LinkedKind = {
  kind: 'venue',
  route: 'venues',
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
  collection: (state) => state.venues as Collection<LinkedRecord>,
  normalize: normalizeVenue,
  shape: (state, record, view, options) => shapeVenue(state, record as VenueRecord, view, options),
}

export const ORGANIZER_KIND: LinkedKind = {
  kind: 'organizer',
  route: 'organizers',
  nameKey: 'organizer',
  textFields: ORGANIZER_TEXT_FIELDS,
  searchFields: ['organizer', 'description', 'excerpt', 'phone', 'email', 'website'],
  schema: OrganizerBodySchema,
  collection: (state) => state.organizers as Collection<LinkedRecord>,
  normalize: normalizeOrganizer,
  shape: (state, record, view, options) => shapeOrganizer(state, record as OrganizerRecord, view, options),
}
