import type { OrganizerRecord, VenueRecord } from '../model/records.js'
import { formatCost } from './cost.js'
import { jsonLdDescription, jsonLdName, renderTitle, renderUrl } from './fields.js'

/**
 * schema.org JSON-LD as TEC builds it for single reads (`Tribe__JSON_LD__Abstract::get_data()` and
 * `Tribe__Events__JSON_LD__Event`, `__Venue`, `__Organizer`), read from TEC 6.10 without Events Calendar Pro:
 * names and descriptions escaped for a script (`esc_js()`), so they show entities where the API's own fields show
 * HTML.
 */

/** What an event's JSON-LD reads besides its linked posts. */
export interface EventJsonLdInput {
  title: string
  excerpt: string
  description: string
  /** The URL of its image, if any. */
  image: string | undefined
  url: string
  /** ISO 8601 with the event zone's offset. */
  startDate: string
  endDate: string
  /** The stored cost (see `formatCost`). */
  cost: string | string[]
  /** Its creation time in the site zone, `YYYY-MM-DD HH:MM:SS`. */
  date: string
}

/**
 * schema.org `Event`: `eventStatus` always scheduled and attendance offline (calfile keeps no event status), the
 * first organizer only (as one object), `offers` when there is a cost, priced without a symbol (`"Free"` as `"0"`)
 * in the site currency (USD) and valid from the day of the post's date, and `performer` `"Organization"`.
 */
export function eventJsonLd(
  event: EventJsonLdInput,
  location: Record<string, unknown> | undefined,
  organizer: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const price = formatCost(event.cost, false).replace(/^\s*Free\s*$/iu, '0')
  return {
    '@context': 'http://schema.org',
    ...post('Event', event.title, event.excerpt, event.description, event.image),
    url: event.url,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    startDate: event.startDate,
    endDate: event.endDate,
    ...(location ? { location } : {}),
    ...(organizer ? { organizer } : {}),
    ...(price === ''
      ? {}
      : {
          offers: {
            '@type': 'Offer',
            price,
            priceCurrency: 'USD',
            url: event.url,
            category: 'primary',
            availability: 'inStock',
            validFrom: `${event.date.slice(0, 10)}T00:00:00+00:00`,
          },
        }),
    performer: 'Organization',
  }
}

/** schema.org `Place` of a venue: no `url` (TEC links venues only with Pro), its address parts that are set. */
export function venueJsonLd(venue: VenueRecord, image: string | undefined): Record<string, unknown> {
  const address = Object.fromEntries(
    Object.entries({
      '@type': 'PostalAddress',
      streetAddress: venue.address,
      addressLocality: venue.city,
      addressRegion: venue.stateprovince || venue.state || venue.province,
      postalCode: venue.zip,
      addressCountry: venue.country,
    }).filter(([, value]) => value),
  )
  const geo =
    venue.geo_lat !== null && venue.geo_lng !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: venue.geo_lat, longitude: venue.geo_lng } }
      : {}
  return {
    ...post('Place', venue.venue, venue.excerpt, venue.description, image),
    url: '',
    address,
    ...geo,
    telephone: venue.phone,
    sameAs: venue.website,
  }
}

/** schema.org `Person` of an organizer: its website as `url` and `sameAs`, escaped as `esc_url()` does. */
export function organizerJsonLd(organizer: OrganizerRecord, image: string | undefined): Record<string, unknown> {
  const website = renderUrl(organizer.website)
  return {
    ...post('Person', organizer.organizer, organizer.excerpt, organizer.description, image),
    url: website,
    telephone: organizer.phone,
    email: organizer.email,
    sameAs: website,
  }
}

function post(type: string, title: string, excerpt: string, description: string, image: string | undefined) {
  return {
    '@type': type,
    name: jsonLdName(renderTitle(title)),
    description: jsonLdDescription(excerpt, description),
    ...(image ? { image } : {}),
  }
}
