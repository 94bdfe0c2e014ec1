import { instantToWall } from '../../../core/dates/zoned.js'
import type { EventRecord } from '../../../core/model/records.js'
import type { CalendarState } from '../../../core/model/state.js'
import { formatCost } from '../../../core/render/cost.js'
import { renderTitle } from '../../../core/render/fields.js'
import { eventUrl, linkedOrganizers, linkedVenue } from '../../../core/resources/events/event-shape.js'
import type { View } from '../../../core/resources/view.js'
import { eventTimes } from '../../../core/search/record-facts.js'
import { wordPressPost } from '../../wordpress/post-object.js'
import { eventClassList, termIds } from '../../wordpress/post-terms.js'
import { organizerObject, venueObject } from './linked-post-objects.js'
import { multiday, scheduleDetails, shortScheduleDetails } from './schedule-details.js'

/**
 * An event as tec/v1 shows it (`Events::get_formatted_entity()`): the WordPress post with its term IDs (`tags`,
 * `tribe_events_cat`) and `class_list`, then TEC's event model (`Tribe\Events\Models\Post_Types\Event`): the dates
 * in the event's zone and in UTC, the `dates` block, `timezone`, `duration` (seconds, as the text TEC stores),
 * `multiday`, `is_past`, `is_now`, `all_day`, the week fields TEC leaves null without a week to look at, `featured`,
 * `sticky`, `cost` as TEC formats it, the organizers' names, the organizers and venues as tec/v1 shows them
 * (trashed ones left out), and the schedule. `now` is epoch ms.
 *
 * @example
 * eventObject(state, event, view, Date.now())
 * // { id: 600, …, type: 'tribe_events', …, start_date: '2026-12-01 10:00:00', …, schedule_details: '<span …' }
 */
export function eventObject(
  state: CalendarState,
  event: EventRecord,
  view: View,
  now: number,
): Record<string, unknown> {
  const siteZone = state.siteTimezone
  const { start, end } = eventTimes(event)
  const startUtc = instantToWall(start, 'UTC')
  const endUtc = instantToWall(end, 'UTC')
  const venue = linkedVenue(state, event)
  const organizers = linkedOrganizers(state, event)
  const tags = termIds(state, event.tags, 'tag')
  const categories = termIds(state, event.categories, 'category')
  return {
    ...wordPressPost(state, 'event', event, event.title, eventUrl(view, event)),
    tags,
    tribe_events_cat: categories,
    class_list: eventClassList(state, event, tags, categories),
    start_date: event.start_date,
    start_date_utc: startUtc,
    end_date: event.end_date,
    end_date_utc: endUtc,
    dates: {
      start: phpDate(event.start_date, event.timezone),
      start_utc: phpDate(startUtc, 'UTC'),
      start_site: phpDate(instantToWall(start, siteZone), siteZone),
      start_display: phpDate(event.start_date, event.timezone),
      end: phpDate(event.end_date, event.timezone),
      end_utc: phpDate(endUtc, 'UTC'),
      end_site: phpDate(instantToWall(end, siteZone), siteZone),
      end_display: phpDate(event.end_date, event.timezone),
    },
    timezone: event.timezone,
    duration: String(Math.round((end - start) / 1000)),
    multiday: multiday(event),
    is_past: start < now,
    is_now: start <= now && now <= end,
    all_day: event.all_day,
    starts_this_week: null,
    ends_this_week: null,
    this_week_duration: null,
    happens_this_week: null,
    displays_on: [],
    featured: event.featured,
    sticky: event.sticky,
    cost: formatCost(event.cost, event),
    organizer_names: organizers.map((organizer) => renderTitle(organizer.organizer)),
    organizers: organizers.map((organizer) => organizerObject(state, organizer, view)),
    venues: venue ? [venueObject(state, venue, view)] : [],
    schedule_details: scheduleDetails(event, now, siteZone),
    short_schedule_details: shortScheduleDetails(event, now, siteZone),
  }
}

/** A PHP `DateTime` as `json_encode()` writes it: microseconds, `timezone_type` 3 (a zone name) and the zone. */
function phpDate(wall: string, zone: string): { date: string; timezone_type: 3; timezone: string } {
  return { date: `${wall}.000000`, timezone_type: 3, timezone: zone }
}
