/**
 * How long `reset()` of a test calendar takes (issue 12: well under 1 ms for a 200-event fixture), for a 200-event
 * and a 10,000-event fixture made with calfile/testing's builders; `npm run bench` prints it.
 *
 * Each run changes the calendar as a test would (an event created, one deleted), lets the event loop turn, then
 * times `reset()` alone. The write that follows a reset pays for what the reset does not redo (the data file's text
 * blocks of the new collections, record-text.ts), so the first write after it is printed too. Prints the medians in
 * µs.
 */
import { setImmediate as nextTurn } from 'node:timers/promises'
import { calendarCore } from '../src/core/calendar.js'
import { instantToWall } from '../src/core/dates/zoned.js'
import { createTestCalendar, fixture } from '../src/testing/index.js'
import { NOW } from './calendar-data.js'
import { median } from './median.js'

const HOUR_MS = 3_600_000
const VENUES = 20
const ORGANIZERS = 10
const CATEGORIES = 10
/** Venue and organizer IDs start past the events', since they share one ID space. */
const FIRST_LINKED_ID = 100_000

/** A data file of `count` events, one every 2 hours from NOW, spread over a few venues, organizers and categories. */
function data(count: number) {
  const venue = (i: number) => FIRST_LINKED_ID + (i % VENUES)
  const organizer = (i: number) => FIRST_LINKED_ID + VENUES + (i % ORGANIZERS)
  return fixture.dataFile({
    settings: { timezone: 'America/New_York' },
    venues: Array.from({ length: VENUES }, (_, i) => ({ id: venue(i), venue: `Venue ${i}`, city: 'Boston' })),
    organizers: Array.from({ length: ORGANIZERS }, (_, i) => ({ id: organizer(i), organizer: `Organizer ${i}` })),
    categories: Array.from({ length: CATEGORIES }, (_, i) => ({ id: i + 1, name: `Category ${i}` })),
    events: Array.from({ length: count }, (_, i) => ({
      id: i + 1,
      title: `Event ${i}`,
      description: `<p>Description of event ${i}</p>`,
      start_date: instantToWall(NOW + i * 2 * HOUR_MS, 'America/New_York'),
      venue: venue(i),
      organizer: [organizer(i)],
      categories: [(i % CATEGORIES) + 1],
      cost: '$10',
    })),
  })
}

/** Median µs of `reset()` after a test's changes, and of the first write after it. */
async function measure(count: number, runs: number): Promise<{ reset: number; nextWrite: number }> {
  const cal = await createTestCalendar(data(count), { now: NOW })
  const resets: number[] = []
  const writes: number[] = []
  for (let run = 0; run < runs; run++) {
    await cal.calendar.events.create({
      title: 'Added',
      start_date: '2026-07-02 10:00:00',
      end_date: '2026-07-02 11:00:00',
    })
    await cal.calendar.events.delete(1, { force: true })
    await nextTurn()
    const begin = performance.now()
    await cal.reset()
    resets.push(performance.now() - begin)
    await nextTurn()
    const written = performance.now()
    await calendarCore(cal.calendar).write(() => undefined)
    writes.push(performance.now() - written)
  }
  await cal.close()
  return { reset: median(resets) * 1000, nextWrite: median(writes) * 1000 }
}

/** Prints the medians for 200 events (`runs` runs) and 10,000 events (a tenth as many runs, at least 5). */
export async function printResetFigures(runs = 200): Promise<void> {
  for (const [count, times] of [
    [200, runs],
    [10_000, Math.max(5, Math.round(runs / 10))],
  ] as const) {
    const { reset, nextWrite } = await measure(count, times)
    console.log(
      `calfile/testing, ${count.toLocaleString('en')} events: reset() median ${reset.toFixed(0)} µs (${times} runs); ` +
        `first write after it ${nextWrite.toFixed(0)} µs`,
    )
  }
}
