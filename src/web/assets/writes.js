import { call } from './api.js'
import { bodyDates } from './dates.js'

/**
 * Saves an event moved or resized on the calendar: a PATCH of its dates (CONTRACT §3: an update changes only the
 * fields sent). When the interface refuses, the event goes back where it was, and the refusal is shown as the
 * interface words it.
 * @param {{ event: any, revert: () => void }} info FullCalendar's eventDrop or eventResize argument
 * @param {(text: string, kind?: string) => void} say
 */
export async function saveDates(info, say) {
  try {
    const saved = await call('PATCH', `events/${info.event.id}`, bodyDates(info.event))
    say(`Saved: ${info.event.title}, ${saved.start_date} to ${saved.end_date} (${saved.timezone}).`)
  } catch (error) {
    info.revert()
    say(error instanceof Error ? error.message : String(error), 'error')
  }
}
