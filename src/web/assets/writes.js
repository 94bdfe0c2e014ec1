import { call } from './api.js'
import { bodyDates } from './dates.js'

/**
 * Saves an event moved or resized on the calendar: the new dates with every field TEC's update would clear when not
 * sent, as the interface has them now (calfile's interface clears them too by default). The event's `timezone` is one
 * of them, so the new wall times (dates.js) are read in it: the event keeps its zone, at the time it was dropped on.
 * When the interface refuses, the event goes back where it was, and the refusal is shown as the interface words it.
 * @param {{ event: any, revert: () => void }} info FullCalendar's eventDrop or eventResize argument
 * @param {(text: string, kind?: string) => void} say
 */
export async function saveDates(info, say) {
  try {
    const current = await call('GET', `events/${info.event.id}`)
    const saved = await call('POST', `events/${info.event.id}`, { ...wholeBody(current), ...bodyDates(info.event) })
    say(`Saved: ${info.event.title}, ${saved.start_date} to ${saved.end_date} (${saved.timezone}).`)
  } catch (error) {
    info.revert()
    say(error instanceof Error ? error.message : String(error), 'error')
  }
}

/** What TEC's update clears when it is not sent, sent as the event shows it. */
const CLEARED = [
  'status',
  'timezone',
  'all_day',
  'cost',
  'website',
  'show_map',
  'show_map_link',
  'hide_from_listings',
  'sticky',
  'featured',
]

/**
 * An event as the interface shows it → the update body that keeps it as it is: every field TEC's update clears
 * when not sent, as shown, and the organizers by ID. The texts, terms, venue and image are left out: TEC keeps
 * them, and its texts come back rendered (sending them would store the rendering).
 * @param {any} event
 * @returns {Record<string, unknown>}
 */
function wholeBody(event) {
  /** @type {Record<string, unknown>} */
  const body = {}
  for (const key of CLEARED) body[key] = event[key]
  body.organizer = event.organizer.map((/** @type {{ id: number }} */ organizer) => organizer.id)
  return body
}
