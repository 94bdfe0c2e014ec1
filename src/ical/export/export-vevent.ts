import ICAL from 'ical.js'
import {
  type ICalCalendar,
  ICalEventClass,
  type ICalEventData,
  type ICalLocation,
  type ICalOrganizer,
} from 'ical-generator'
import { wallToInstant } from '../../core/dates/zoned.js'
import { decodeEntities } from '../../core/render/entities.js'
import { ZonedWall } from './export-zones.js'

/** A venue as the REST API embeds it in an event (docs/responses.md#venue): empty fields are left out. */
interface FeedVenue {
  venue?: string
  address?: string
  city?: string
  country?: string
  province?: string
  state?: string
  stateprovince?: string
  zip?: string
  geo_lat?: number
  geo_lng?: number
  modified_utc?: string
}

/** An organizer as the REST API embeds it in an event (docs/responses.md#organizer). */
interface FeedOrganizer {
  id?: number
  organizer?: string
  email?: string
  modified_utc?: string
}

/**
 * The fields of a REST event (docs/responses.md#event) that its VEVENT is made of. Wall times are `YYYY-MM-DD
 * HH:MM:SS`: `start_date`/`end_date` in the event's `timezone`, the `utc_*`, `date_utc` and `modified_utc` ones in
 * UTC.
 */
export interface FeedEvent {
  id: number
  status: string
  date_utc: string
  modified_utc: string
  url: string
  title: string
  description: string
  image: false | { url: string; extension?: string }
  all_day: boolean
  start_date: string
  end_date: string
  /** null where TEC stored no UTC dates (`eventUtcDates`). */
  utc_start_date: string | null
  utc_end_date: string | null
  timezone: string
  categories: Array<{ name: string }>
  venue: FeedVenue | []
  organizer: FeedOrganizer[]
}

/** A UTC wall time `YYYY-MM-DD HH:MM:SS` → epoch ms. */
export const utcMs = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}Z`)

/**
 * The host name of a site URL, without port (PHP's `PHP_URL_HOST`); `settings.site_url` is free text, so one
 * without a scheme (`events.example.org/blog`) is read as a host and a path.
 */
export function hostName(siteUrl: string): string {
  const url = /^[a-z][\w+.-]*:\/\//iu.test(siteUrl) ? siteUrl : `http://${siteUrl}`
  return URL.canParse(url) ? new URL(url).hostname : siteUrl.replace(/[/:?#].*$/su, '')
}

/**
 * TEC's UID, `<id>-<start>-<end>@<host>` (TEC's iCal class, `get_ical_output_for_an_event`): `start` and `end` are
 * the event's wall times read as if they were UTC, in epoch seconds (`tribe_get_start_date(…, 'U')`; the exports
 * of TEC sites show it), and `host` is the site URL's host name (`hostName`). A calendar moved from a TEC site
 * keeps the UIDs its subscribers already have; a rescheduled event gets a new one, as on TEC.
 */
export function tecUid(event: Pick<FeedEvent, 'id' | 'start_date' | 'end_date'>, siteUrl: string): string {
  const seconds = (wall: string) => utcMs(wall) / 1000
  return `${event.id}-${seconds(event.start_date)}-${seconds(event.end_date)}@${hostName(siteUrl)}`
}

/**
 * The VEVENT of a REST event, as TEC writes it (its iCal class), made by ical-generator in `calendar` and handed
 * over as an ical.js component, with `FMTTYPE` on the image's ATTACH, which ical-generator does not write.
 */
export function vevent(calendar: ICalCalendar, event: FeedEvent, siteUrl: string): ICAL.Component {
  const component = new ICAL.Component(ICAL.parse(calendar.createEvent(veventData(event, siteUrl)).toString()))
  const type = event.image ? IMAGE_TYPES[event.image.extension?.toLowerCase() ?? ''] : undefined
  if (type) component.getFirstProperty('attach')?.setParameter('fmttype', type)
  return component
}

/** Media types of the image extensions WordPress accepts (`wp_get_mime_types`). */
const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  heic: 'image/heic',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
}

/**
 * The data of a REST event's VEVENT, as TEC writes it (its iCal class): times in the event's zone, all-day events
 * as dates with the end the day after the last (RFC 5545 §3.6.1), DTSTAMP and LAST-MODIFIED the last change (TEC
 * since it made its feeds byte-stable; RFC 5545 §3.8.7.2), text without HTML and the HTML beside it
 * (`X-ALT-DESC`), the venue's address, the first organizer that has an email, the image. `CLASS:PRIVATE` marks a
 * private event, which TEC does not.
 */
function veventData(event: FeedEvent, siteUrl: string): ICalEventData {
  const modified = new Date(utcMs(event.modified_utc))
  const description = htmlToText(event.description)
  return {
    id: tecUid(event, siteUrl),
    ...eventTimes(event),
    stamp: modified,
    created: new Date(utcMs(event.date_utc)),
    lastModified: modified,
    summary: htmlToText(event.title),
    ...(description === '' ? {} : { description: { plain: description, html: event.description } }),
    url: event.url,
    location: location(event.venue),
    categories: event.categories.map((term) => ({ name: decodeEntities(term.name) })),
    organizer: organizer(event.organizer),
    attachments: event.image ? [event.image.url] : [],
    class: event.status === 'private' ? ICalEventClass.PRIVATE : null,
  }
}

/** The next calendar day of a date `YYYY-MM-DD`, as a Date at 00:00 UTC (ical-generator writes its UTC date). */
function dayAfter(date: string): Date {
  const next = new Date(`${date}T00:00:00Z`)
  next.setUTCDate(next.getUTCDate() + 1)
  return next
}

/**
 * DTSTART/DTEND: dates for an all-day event, else wall times with the event's zone and its VTIMEZONE, UTC and
 * TEC's fixed offsets (`UTC+5:30`) included, as TEC's export writes `TZID=UTC`: so the zone survives a round trip.
 */
function eventTimes(event: FeedEvent): Pick<ICalEventData, 'start' | 'end' | 'allDay' | 'timezone'> {
  if (event.all_day) {
    const start = new Date(`${event.start_date.slice(0, 10)}T00:00:00Z`)
    return { allDay: true, start, end: dayAfter(event.end_date.slice(0, 10)) }
  }
  // An event TEC stored no UTC dates for is at its wall times in its zone, as TEC's export reads it.
  const start =
    event.utc_start_date === null ? wallToInstant(event.start_date, event.timezone) : utcMs(event.utc_start_date)
  const end = event.utc_end_date === null ? wallToInstant(event.end_date, event.timezone) : utcMs(event.utc_end_date)
  // An event that ends as it starts has no DTEND: RFC 5545 §3.8.2.2 wants DTEND later than DTSTART, and §3.6.1
  // reads a timed DTSTART alone as ending at that moment. TEC writes the two equal.
  return {
    start: new ZonedWall(event.start_date, event.timezone, start),
    end: end === start ? null : new ZonedWall(event.end_date, event.timezone, end),
    timezone: tzidParameter(event.timezone),
  }
}

/**
 * A zone name as a TZID parameter value: quoted when it holds a colon, semicolon or comma (TEC's `UTC+5:30`), which
 * RFC 5545 §3.2 allows unquoted only in a property value, such as the VTIMEZONE's own TZID.
 */
function tzidParameter(zone: string): string {
  return /[:;,]/u.test(zone) ? `"${zone}"` : zone
}

/**
 * LOCATION as TEC's `get_address_full_string`: venue, address, city, region, zip and country, those that are set,
 * joined with `, `; the region is `stateprovince`, else `state`, else `province`. GEO when both coordinates are
 * known (RFC 5545 §3.8.1.6).
 */
function location(venue: FeedVenue | []): ICalLocation | null {
  if (Array.isArray(venue)) return null
  const region = venue.stateprovince || venue.state || venue.province
  const parts = [venue.venue, venue.address, venue.city, region, venue.zip, venue.country]
  const title = decodeEntities(parts.filter((part) => part !== undefined && part !== '').join(', '))
  const geo =
    typeof venue.geo_lat === 'number' && typeof venue.geo_lng === 'number'
      ? { lat: venue.geo_lat, lon: venue.geo_lng }
      : undefined
  if (title === '') return geo ? { geo } : null
  return geo ? { title, geo } : { title }
}

/**
 * ORGANIZER;CN="<name>":mailto:<email> of the first organizer with an email (RFC 5545 §3.8.4.3 allows one). A
 * quoted parameter value cannot hold a DQUOTE (RFC 5545 §3.1), so one in the name becomes an apostrophe, as TEC's
 * `sanitize_organizer_name` does.
 */
function organizer(organizers: FeedOrganizer[]): ICalOrganizer | null {
  const first = organizers.find((one) => one.email)
  if (!first?.email) return null
  const name = decodeEntities(first.organizer ?? '').replace(/"/gu, "'")
  return { name: name || first.email, email: first.email }
}

/**
 * Plain text of the HTML that TEC and calfile store in titles, descriptions and names, for iCalendar's TEXT values
 * (RFC 5545 §3.3.11). TEC runs `wp_strip_all_tags` and `html_entity_decode` (its iCal class, `replace`); calfile
 * also keeps the breaks between blocks, which TEC turns into spaces.
 */

/** Tags that end a line of text: block ends and line breaks. */
const BREAK = /<\/(?:p|div|li|h[1-6]|blockquote|pre|tr|ul|ol|table)\s*>|<br\s*\/?>/giu

/**
 * Plain text of HTML: scripts and styles dropped with their content, block ends and `<br>` as line breaks, every
 * other tag removed, entities decoded, runs of spaces and of blank lines collapsed, ends trimmed.
 */
function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/giu, '')
    .replace(BREAK, '\n')
    .replace(/<[^>]*>/gu, '')
  return decodeEntities(text)
    .replace(/\r\n?/gu, '\n')
    .replace(/[ \t\u00a0]+/gu, ' ')
    .replace(/ *\n */gu, '\n')
    .replace(/\n{3,}/gu, '\n\n')
    .trim()
}
