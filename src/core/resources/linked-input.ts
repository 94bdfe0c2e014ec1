import * as v from 'valibot'
import { boolField, textField, urlField } from '../fields.js'
import type { LinkedKind } from './linked-kinds.js'
import type { NormalizeContext } from './post.js'
import { type PostBody, postBodyEntries, type ResolveContext, resolvePostFields } from './post-input.js'
import { ORGANIZER_TEXT_FIELDS, VENUE_TEXT_FIELDS } from './venue-record.js'

const coordinate = (description: string) =>
  v.pipe(
    v.union([v.number(), v.string()], 'must be a number'),
    v.transform((value) => (value === '' ? null : Number(value))),
    v.check((value) => value === null || Number.isFinite(value), 'must be a number'),
    v.description(description),
    v.metadata({ type: 'number' }),
  )

const DESCRIPTIONS: Record<string, string> = {
  address: 'Street address',
  city: 'City',
  country: 'Country',
  province: 'Province',
  state: 'State',
  zip: 'ZIP or postal code',
  phone: 'Phone number',
  stateprovince: 'State or province',
  email: 'E-mail address (any text)',
}

/** Writable fields of a venue (spec §2.2, CONTRACT §3). */
export const VenueBodySchema = v.looseObject({
  ...postBodyEntries,
  venue: v.optional(textField('Venue name; required on create')),
  ...Object.fromEntries(VENUE_TEXT_FIELDS.map((key) => [key, v.optional(textField(DESCRIPTIONS[key] ?? key))])),
  website: v.optional(urlField('Website URL (absolute http or https)')),
  geo_lat: v.optional(coordinate('Latitude')),
  geo_lng: v.optional(coordinate('Longitude')),
  show_map: v.optional(boolField('Whether events at the venue show a map')),
  show_map_link: v.optional(boolField('Whether events at the venue show a map link')),
})

/** Writable fields of an organizer (spec §2.3, CONTRACT §3). */
export const OrganizerBodySchema = v.looseObject({
  ...postBodyEntries,
  organizer: v.optional(textField('Organizer name; required on create')),
  ...Object.fromEntries(ORGANIZER_TEXT_FIELDS.map((key) => [key, v.optional(textField(DESCRIPTIONS[key] ?? key))])),
  website: v.optional(urlField('Website URL (absolute http or https)')),
})

/**
 * Checks a venue or organizer body against the state and returns the stored fields it sets (CONTRACT §3):
 * shared post fields, text fields, website, and the venue's coordinates and map flags.
 */
export function resolveLinkedFields(
  kind: Pick<LinkedKind, 'nameKey' | 'textFields'>,
  body: Record<string, unknown>,
  ctx: ResolveContext,
) {
  const out = resolvePostFields(body as PostBody, ctx)
  for (const key of [kind.nameKey, ...kind.textFields, 'geo_lat', 'geo_lng', 'show_map', 'show_map_link']) {
    if (body[key] !== undefined) out[key] = body[key]
  }
  if (typeof out[kind.nameKey] === 'string' && (out[kind.nameKey] as string).trim() === '') {
    ctx.errors[kind.nameKey] = 'must not be empty'
  }
  return out
}

/**
 * The ID of a non-trashed record whose supplied fields all match (case-insensitive), or of a new record made
 * from them: duplicate avoidance on create (CONTRACT §3 `venue`, `organizer`).
 */
export function findOrCreateLinked(
  kind: LinkedKind,
  fields: Record<string, unknown>,
  ctx: ResolveContext & { normalize: NormalizeContext; author: number },
): number {
  // TEC's duplicate check compares the title, description and excerpt as well as the kind's own fields.
  const supplied = [kind.nameKey, 'description', 'excerpt', ...kind.textFields].filter(
    (key) => typeof fields[key] === 'string',
  )
  const same = (a: unknown, b: unknown) => String(a ?? '').toLowerCase() === String(b ?? '').toLowerCase()
  const collection = kind.collection(ctx.state)
  for (const record of collection.values()) {
    if (record.status !== 'trash' && supplied.every((key) => same(record[key], fields[key]))) return record.id
  }
  const id = ctx.state.nextPostId()
  collection.put(kind.normalize({ author: ctx.author, ...fields }, id, ctx.normalize))
  return id
}
