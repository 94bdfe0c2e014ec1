import type { OrganizerRecord, VenueRecord } from '../../../core/model/records.js'
import type { CalendarState } from '../../../core/model/state.js'
import { organizerUrl, venueUrl } from '../../../core/resources/linked-posts/linked-shape.js'
import type { View } from '../../../core/resources/view.js'
import { wordPressPost } from '../../wordpress/post-object.js'

/**
 * A venue as tec/v1 shows it (`Venues::get_formatted_entity()`): the WordPress post, then TEC's venue model fields
 * (`Tribe\Events\Models\Post_Types\Venue`): `address`, `country`, `city`, `state_province`, `state`, `province`,
 * `zip`, `phone`, `directions_link`, `website`, as stored.
 *
 * @example
 * venueObject(state, venue, view) // { id: 601, …, type: 'tribe_venue', …, address: '1 Main St', …, directions_link: 'https://maps.google.com/…' }
 */
export function venueObject(state: CalendarState, venue: VenueRecord, view: View): Record<string, unknown> {
  return {
    ...wordPressPost(state, 'venue', venue, venue.venue, venueUrl(view, venue)),
    address: venue.address,
    country: venue.country,
    city: venue.city,
    state_province: venue.stateprovince,
    state: venue.state,
    province: venue.province,
    zip: venue.zip,
    phone: venue.phone,
    directions_link: directionsLink(venue),
    website: venue.website,
  }
}

/**
 * An organizer as tec/v1 shows it (`Organizers::get_formatted_entity()`): the WordPress post, then `phone`,
 * `website` and `email` as stored.
 *
 * @example
 * organizerObject(state, organizer, view) // { id: 602, …, type: 'tribe_organizer', …, phone: '555', website: 'https://o.org', email: 'a@b.org' }
 */
export function organizerObject(state: CalendarState, organizer: OrganizerRecord, view: View): Record<string, unknown> {
  return {
    ...wordPressPost(state, 'organizer', organizer, organizer.organizer, organizerUrl(view, organizer)),
    phone: organizer.phone,
    website: organizer.website,
    email: organizer.email,
  }
}

/**
 * A venue's Google Maps link (`tribe_get_map_link()`): its address, city, region (`tribe_get_region()`: the stored
 * state or province, else the state in the "United States", else the province), zip and country, the ones given
 * joined by spaces and form-encoded (PHP's `urlencode()`), in a URL whose `&` `esc_url()` writes `&#038;`; empty when
 * none is given.
 *
 * @example
 * directionsLink({ address: '1 Main St', city: 'Boston', country: 'US', zip: '02110', … })
 * // 'https://maps.google.com/maps?f=q&#038;source=s_q&#038;hl=en&#038;geocode=&#038;q=1+Main+St+Boston+02110+US'
 */
function directionsLink(venue: VenueRecord): string {
  const region = venue.stateprovince || (venue.country === 'United States' ? venue.state : venue.province)
  const parts = [venue.address, venue.city, region, venue.zip, venue.country].filter((part) => part !== '')
  if (parts.length === 0) return ''
  return `https://maps.google.com/maps?f=q&#038;source=s_q&#038;hl=en&#038;geocode=&#038;q=${phpUrlencode(parts.join(' '))}`
}

/** PHP's `urlencode()`: RFC 3986 escapes of everything but letters, digits and `-_.`, spaces as `+`. */
function phpUrlencode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*~]/gu, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll('%20', '+')
}
