import { instantToWall, wallDetails, wallToIso, zoneAbbr } from '../../dates/zoned.js'
import type { EventRecord } from '../../model/records.js'
import type { CalendarState } from '../../model/state.js'
import { costDetails, formatCost } from '../../render/cost.js'
import { renderContent, renderEventWebsite, renderExcerpt, renderTitle } from '../../render/fields.js'
import { eventJsonLd, organizerJsonLd, venueJsonLd } from '../../render/json-ld.js'
import { eventTimes, termCount } from '../../search/record-facts.js'
import { imageUrl, type ShapeOptions, shapeOrganizer, shapeVenue } from '../linked-posts/linked-shape.js'
import { extraKeys } from '../posts/post.js'
import { globalId, postDates, postPermalink, shapeImage } from '../posts/post-shape.js'
import { tecRules } from '../tec-versions.js'
import { embeddedTerms } from '../terms/term-shape.js'
import type { View } from '../view.js'
import { EVENT_KEYS } from './event-record.js'

/**
 * An event's `url` (docs/responses.md#event): its stored `permalink` path, else `/event/<slug>/`, on the site URL of
 * the view, so that it follows the host the event is served on (docs/responses.md#urls); the plain link of a draft,
 * pending, scheduled or trashed event (`postPermalink`).
 */
export function eventUrl(view: View, event: EventRecord): string {
  return postPermalink(view, 'event', event, event.permalink ?? `/event/${event.slug}/`)
}

/**
 * The event's link in its JSON-LD (`tribe_get_event_link()`): its URL with a trailing slash. On a plain link the
 * slash lands in the query's last value before `add_query_arg()` encodes it, and another follows:
 * `…&p=12` → `…&p=12%2F/`.
 */
function eventLink(url: string): string {
  if (url.includes('?')) return `${url}%2F/`
  return url.endsWith('/') ? url : `${url}/`
}

/**
 * The UTC dates of an event (`YYYY-MM-DD HH:MM:SS`, UTC), as TEC's `_EventStartDateUTC` and `_EventEndDateUTC`
 * meta hold them: those TEC kept where it kept its own (`EventRecord.utc_start_date`, `utc_end_date`; `null`
 * where it stored none), else the wall times in the event's zone.
 *
 * @example
 * eventUtcDates({ start_date: '2026-12-20 19:00:00', end_date: '2026-12-20 22:00:00', timezone: 'America/New_York', … })
 * // { start: '2026-12-21 00:00:00', end: '2026-12-21 03:00:00' }
 */
export function eventUtcDates(event: EventRecord): { start: string | null; end: string | null } {
  const { start, end } = eventTimes(event)
  return {
    start: event.utc_start_date === undefined ? instantToWall(start, 'UTC') : event.utc_start_date,
    end: event.utc_end_date === undefined ? instantToWall(end, 'UTC') : event.utc_end_date,
  }
}

/** The date TEC's `*_details` describe where a date is empty: the Unix epoch (`date()` of `strtotime('')`). */
const NO_DATE = '1970-01-01 00:00:00'

/**
 * An event as the API shows it (docs/responses.md#event): every key, in order, dates derived from the stored wall
 * times, embedded terms (docs/responses.md#terms-embedded-in-an-event), venue and organizers
 * (docs/responses.md#venue, docs/responses.md#organizer; trashed ones hidden), `json_ld` on single reads only, then
 * keys beyond the contract's.
 */
export function shapeEvent(state: CalendarState, event: EventRecord, view: View, options: ShapeOptions) {
  const url = eventUrl(view, event)
  const { start } = eventTimes(event)
  const utc = eventUtcDates(event)
  const venue = linkedVenue(state, event)
  const organizers = linkedOrganizers(state, event)
  const { wordpress } = tecRules(state.settings)
  const shaped: Record<string, unknown> = {
    id: event.id,
    ...globalId(event.id, view),
    author: String(event.author),
    status: event.status,
    ...postDates(state, event),
    url,
    rest_url: `${view.base}/events/${event.id}`,
    title: renderTitle(event.title),
    description: renderContent(event.description, wordpress),
    excerpt: renderExcerpt(event.excerpt, wordpress),
    slug: event.slug,
    image: shapeImage(state, event.image),
    all_day: event.all_day,
    start_date: event.start_date,
    start_date_details: wallDetails(event.start_date),
    end_date: event.end_date,
    end_date_details: wallDetails(event.end_date),
    utc_start_date: utc.start,
    utc_start_date_details: wallDetails(utc.start ?? NO_DATE),
    utc_end_date: utc.end,
    utc_end_date_details: wallDetails(utc.end ?? NO_DATE),
    timezone: event.timezone,
    timezone_abbr: zoneAbbr(start, event.timezone),
    cost: formatCost(event.cost, event),
    cost_details: costDetails(event.cost, event),
    website: event.website === null ? url : renderEventWebsite(event.website),
    show_map: event.show_map,
    show_map_link: event.show_map_link,
    hide_from_listings: event.hide_from_listings,
    sticky: event.sticky,
    featured: event.featured,
    categories: embeddedTerms(state, event.categories, 'category', view),
    tags: embeddedTerms(state, event.tags, 'tag', view),
    venue: venue ? shapeVenue(state, venue, view, options) : [],
    organizer: organizers.map((organizer) => shapeOrganizer(state, organizer, view, options)),
    // The ones a site gave an event (a pull) are shown; TEC 6.17 shows `[]` for none, TEC 6.10 no key.
    ...(event.custom_fields !== undefined
      ? { custom_fields: event.custom_fields }
      : tecRules(state.settings).customFieldsAlways
        ? { custom_fields: [] }
        : {}),
  }
  if (options.single) shaped.json_ld = eventJsonLdOf(state, event, url)
  return Object.assign(shaped, extraKeys(event, EVENT_KEYS))
}

/**
 * Everything `shapeEvent` reads besides the view's URLs: the event, the settings (site zone), the media (images),
 * its venue, organizers, terms and their counts. A shaped event stays right while each of these is the same object
 * or number (records are replaced, never mutated), which is how the cache of shaped text checks it.
 */
export function eventShapeInputs(state: CalendarState, event: EventRecord): unknown[] {
  // The site zone apart from the settings object: an import may set it in place (site-zone.ts).
  const inputs: unknown[] = [event, state.settings, state.siteTimezone, state.media.version]
  inputs.push(event.venue === null ? undefined : state.venues.get(event.venue))
  for (const id of event.organizer) inputs.push(state.organizers.get(id))
  for (const id of event.categories) inputs.push(state.categories.get(id), termCount(state, id))
  for (const id of event.tags) inputs.push(state.tags.get(id), termCount(state, id))
  return inputs
}

/**
 * The event's venue unless none or trashed (docs/responses.md#event, docs/errors.md: the link is kept but hidden).
 */
export function linkedVenue(state: CalendarState, event: EventRecord) {
  const venue = event.venue === null ? undefined : state.venues.get(event.venue)
  return venue && venue.status !== 'trash' ? venue : undefined
}

/** The event's organizers in stored order, trashed ones left out. */
export function linkedOrganizers(state: CalendarState, event: EventRecord) {
  return event.organizer.flatMap((id) => {
    const organizer = state.organizers.get(id)
    return organizer && organizer.status !== 'trash' ? [organizer] : []
  })
}

/** The event's JSON-LD (`Tribe__Events__JSON_LD__Event`), its venue's and first organizer's inside. */
function eventJsonLdOf(state: CalendarState, event: EventRecord, url: string): Record<string, unknown> {
  const venue = linkedVenue(state, event)
  const [organizer] = linkedOrganizers(state, event)
  return eventJsonLd(
    {
      title: event.title,
      excerpt: event.excerpt,
      description: event.description,
      image: imageUrl(state, event.image),
      url: eventLink(url),
      startDate: wallToIso(event.start_date, event.timezone),
      endDate: wallToIso(event.end_date, event.timezone),
      cost: event.cost,
      date: event.date,
    },
    venue && venueJsonLd(venue, imageUrl(state, venue.image)),
    organizer && organizerJsonLd(organizer, imageUrl(state, organizer.image)),
  )
}
