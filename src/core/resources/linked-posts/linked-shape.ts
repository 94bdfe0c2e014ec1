import type { OrganizerRecord, VenueRecord } from '../../model/records.js'
import type { CalendarState } from '../../model/state.js'
import { renderContent, renderExcerpt, renderTitle } from '../../render/fields.js'
import { organizerJsonLd, venueJsonLd } from '../../render/json-ld.js'
import { extraKeys } from '../posts/post.js'
import { dropEmpty, globalId, postDates, postPermalink, shapeImage } from '../posts/post-shape.js'
import { tecRules } from '../tec-versions.js'
import type { View } from '../view.js'
import { ORGANIZER_KEYS, ORGANIZER_TEXT_FIELDS, VENUE_KEYS, VENUE_TEXT_FIELDS } from './venue-record.js'

/**
 * `<site_url>/venue/<slug>/` (docs/responses.md#venue), or the plain link of a draft or trashed venue
 * (`postPermalink`).
 */
export function venueUrl(view: View, venue: VenueRecord): string {
  return postPermalink(view, 'venue', venue, `/venue/${venue.slug}/`)
}

/**
 * `<site_url>/organizer/<slug>/` (docs/responses.md#organizer), or the plain link of a draft or trashed one
 * (`postPermalink`).
 */
export function organizerUrl(view: View, organizer: OrganizerRecord): string {
  return postPermalink(view, 'organizer', organizer, `/organizer/${organizer.slug}/`)
}

/** Options of a shape: `single` adds `json_ld`, as only single GETs carry it (docs/responses.md). */
export interface ShapeOptions {
  single: boolean
}

/**
 * A venue as the API shows it (docs/responses.md#venue): keys in order, empty values dropped, then `show_map`,
 * `show_map_link`, `json_ld` (single only), `global_id`, `global_id_lineage`, then keys beyond the contract's.
 */
export function shapeVenue(state: CalendarState, venue: VenueRecord, view: View, options: ShapeOptions) {
  const url = venueUrl(view, venue)
  const fields: Record<string, unknown> = {
    id: venue.id,
    author: String(venue.author),
    status: venue.status,
    ...postDates(state, venue),
    url,
    venue: renderTitle(venue.venue),
    description: renderContent(venue.description, tecRules(state.settings).wordpress),
    excerpt: renderExcerpt(venue.excerpt, tecRules(state.settings).wordpress),
    slug: venue.slug,
    image: shapeImage(state, venue.image),
  }
  for (const key of VENUE_TEXT_FIELDS) fields[key] = venue[key]
  if (venue.geo_lat !== null && venue.geo_lng !== null)
    Object.assign(fields, { geo_lat: venue.geo_lat, geo_lng: venue.geo_lng })
  return {
    ...dropEmpty(fields),
    show_map: venue.show_map,
    show_map_link: venue.show_map_link,
    ...(options.single ? { json_ld: venueJsonLd(venue, imageUrl(state, venue.image)) } : {}),
    ...globalId(venue.id, view),
    ...extraKeys(venue, VENUE_KEYS),
  }
}

/**
 * An organizer as the API shows it (docs/responses.md#organizer): keys in order, `json_ld` (single only), global IDs,
 * then every empty value dropped; keys beyond the contract's last.
 */
export function shapeOrganizer(state: CalendarState, organizer: OrganizerRecord, view: View, options: ShapeOptions) {
  const url = organizerUrl(view, organizer)
  const fields: Record<string, unknown> = {
    id: organizer.id,
    author: String(organizer.author),
    status: organizer.status,
    ...postDates(state, organizer),
    url,
    organizer: renderTitle(organizer.organizer),
    description: renderContent(organizer.description, tecRules(state.settings).wordpress),
    excerpt: renderExcerpt(organizer.excerpt, tecRules(state.settings).wordpress),
    slug: organizer.slug,
    image: shapeImage(state, organizer.image),
  }
  for (const key of ORGANIZER_TEXT_FIELDS) fields[key] = organizer[key]
  if (options.single) fields.json_ld = organizerJsonLd(organizer, imageUrl(state, organizer.image))
  return { ...dropEmpty({ ...fields, ...globalId(organizer.id, view) }), ...extraKeys(organizer, ORGANIZER_KEYS) }
}

/** The URL of a post's image, for its JSON-LD. */
export function imageUrl(state: CalendarState, image: number | string | null): string | undefined {
  const shaped = shapeImage(state, image)
  return shaped ? String(shaped.url) : undefined
}
