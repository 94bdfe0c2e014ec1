import * as v from 'valibot'
import { textField, urlField } from '../fields.js'
import type { NormalizeContext } from '../post.js'
import { type PostBody, postBodyEntries, type ResolveContext, resolvePostFields } from '../post-input.js'
import type { TecArg } from '../tec-args.js'
import type { LinkedKind } from './linked-kinds.js'
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

/** `tribe_is_truthy()`: the texts TEC reads as on; any other text is off. */
const TRUTHY = new Set(['1', 'enable', 'enabled', 'on', 'y', 'yes', 'true'])

/**
 * A venue's map flag: a boolean, or a text (or number) as TEC's venue form sends it (`"1"`, `"yes"`, `"false"`…),
 * read by `tribe_is_truthy()`. TEC's HTTP routes take only the texts (`VENUE_ARGS`).
 */
const venueFlagField = (description: string) =>
  v.pipe(
    v.union([v.boolean(), v.string(), v.number()], 'must be a boolean or a text'),
    v.transform((value) => (typeof value === 'boolean' ? value : TRUTHY.has(String(value).trim().toLowerCase()))),
    v.description(description),
    v.metadata({ type: 'boolean' }),
  )

/** Writable fields of a venue (spec §2.2, CONTRACT §3). */
export const VenueBodySchema = v.looseObject({
  ...postBodyEntries,
  venue: v.optional(textField('Venue name; required on create')),
  ...Object.fromEntries(VENUE_TEXT_FIELDS.map((key) => [key, v.optional(textField(DESCRIPTIONS[key] ?? key))])),
  website: v.optional(urlField('Website URL (absolute http or https)')),
  geo_lat: v.optional(coordinate('Latitude')),
  geo_lng: v.optional(coordinate('Longitude')),
  show_map: v.optional(venueFlagField('Whether events at the venue show a map')),
  show_map_link: v.optional(venueFlagField('Whether events at the venue show a map link')),
})

/** The types TEC's venue routes declare for the map flags (`Single_Venue::CREATE_args()`): a JSON boolean is refused. */
export const VENUE_ARGS: Record<string, TecArg> = { show_map: 'string', show_map_link: 'string' }

/** Writable fields of an organizer (spec §2.3, CONTRACT §3). */
export const OrganizerBodySchema = v.looseObject({
  ...postBodyEntries,
  organizer: v.optional(textField('Organizer name; required on create')),
  ...Object.fromEntries(ORGANIZER_TEXT_FIELDS.map((key) => [key, v.optional(textField(DESCRIPTIONS[key] ?? key))])),
  website: v.optional(urlField('Website URL (absolute http or https)')),
})

/**
 * Checks a venue or organizer body against the state and returns the stored fields it sets (CONTRACT §3):
 * shared post fields, text fields, website, and the venue's coordinates and map flags; a venue's `stateprovince`
 * as `venueStateProvince` works it out.
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
  if (kind.nameKey === 'venue') {
    const derived = venueStateProvince(out)
    if (derived !== undefined) out.stateprovince = derived
  }
  return out
}

/**
 * The `stateprovince` a venue stores when the fields it is sent give none (`Tribe__Events__Venue::update()`): the
 * `state` in the United States (or where no country is given), else the `province`; `undefined` when the fields
 * give a `stateprovince` or neither of the other two.
 */
export function venueStateProvince(fields: Record<string, unknown>): string | undefined {
  if (typeof fields.stateprovince === 'string' && fields.stateprovince !== '') return undefined
  const state = typeof fields.state === 'string' ? fields.state : ''
  const province = typeof fields.province === 'string' ? fields.province : ''
  const country = typeof fields.country === 'string' ? fields.country : ''
  if (state !== '' && (country === '' || country === 'US' || country === 'United States')) return state
  if (province !== '') return province
  return state === '' && fields.state === undefined && fields.province === undefined ? undefined : ''
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
