import type { OrganizerRecord, VenueRecord } from '../../model/records.js'
import { extraKeys, type NormalizeContext, POST_KEYS, postDefaults } from '../posts/post.js'

const VENUE_TEXT = [
  'address',
  'city',
  'country',
  'province',
  'state',
  'zip',
  'phone',
  'website',
  'stateprovince',
] as const
/** The stored keys of a venue; any other key is an extra (docs/errors.md). */
export const VENUE_KEYS: ReadonlySet<string> = new Set([
  ...POST_KEYS,
  'venue',
  ...VENUE_TEXT,
  'geo_lat',
  'geo_lng',
  'show_map',
  'show_map_link',
])
const ORGANIZER_TEXT = ['phone', 'website', 'email'] as const
/** The stored keys of an organizer; any other key is an extra (docs/errors.md). */
export const ORGANIZER_KEYS: ReadonlySet<string> = new Set([...POST_KEYS, 'organizer', ...ORGANIZER_TEXT])

/** The text fields of a venue, in the order of docs/responses.md#venue. */
export const VENUE_TEXT_FIELDS: readonly string[] = VENUE_TEXT
/** The text fields of an organizer, in the order of docs/responses.md#organizer. */
export const ORGANIZER_TEXT_FIELDS: readonly string[] = ORGANIZER_TEXT

/** A stored venue with every default filled in (docs/data-file.md, docs/writes.md), extra keys after. */
export function normalizeVenue(raw: Record<string, unknown>, id: number, ctx: NormalizeContext): VenueRecord {
  const name = raw.venue as string
  const record = {
    id,
    venue: name,
    ...postDefaults(raw, id, name, ctx.state.venues, ctx),
    image: (raw.image as number | string | null | undefined) ?? null,
    ...texts(raw, VENUE_TEXT),
    geo_lat: (raw.geo_lat as number | null | undefined) ?? null,
    geo_lng: (raw.geo_lng as number | null | undefined) ?? null,
    show_map: (raw.show_map as boolean | undefined) ?? true,
    show_map_link: (raw.show_map_link as boolean | undefined) ?? true,
  } as VenueRecord
  return Object.assign(record, extraKeys(raw, VENUE_KEYS))
}

/** A stored organizer with every default filled in (docs/data-file.md, docs/writes.md), extra keys after. */
export function normalizeOrganizer(raw: Record<string, unknown>, id: number, ctx: NormalizeContext): OrganizerRecord {
  const name = raw.organizer as string
  const record = {
    id,
    organizer: name,
    ...postDefaults(raw, id, name, ctx.state.organizers, ctx),
    image: (raw.image as number | string | null | undefined) ?? null,
    ...texts(raw, ORGANIZER_TEXT),
  } as OrganizerRecord
  return Object.assign(record, extraKeys(raw, ORGANIZER_KEYS))
}

/** The text fields `keys` of `raw`, a missing one as `""`. */
export function texts(raw: Record<string, unknown>, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const key of keys) out[key] = (raw[key] as string | undefined) ?? ''
  return out
}
