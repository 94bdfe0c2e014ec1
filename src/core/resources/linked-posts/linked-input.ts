import * as v from 'valibot'
import { textField, urlField } from '../fields.js'
import { postBodyEntries } from '../posts/post-input.js'
import type { TecArg } from '../tec-args.js'
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

/** Writable fields of a venue (docs/writes.md#venues). */
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

/** Writable fields of an organizer (docs/writes.md#organizers). */
export const OrganizerBodySchema = v.looseObject({
  ...postBodyEntries,
  organizer: v.optional(textField('Organizer name; required on create')),
  ...Object.fromEntries(ORGANIZER_TEXT_FIELDS.map((key) => [key, v.optional(textField(DESCRIPTIONS[key] ?? key))])),
  website: v.optional(urlField('Website URL (absolute http or https)')),
})

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
