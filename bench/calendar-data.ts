/**
 * The bench's calendar: `BENCH_EVENTS` events (default 10,000; issue 11 also asks for 100,000), 1,000 venues, 500
 * organizers and 500 terms whatever the event count, with events one every 2 hours from a quarter of their span
 * before NOW (10,000 events: 2025-12 to 2028-03; 100,000: 2020-10 to 2043-08, well inside years 0000–9999), every
 * 5th in another time zone, every 7th about jazz. `npm run bench` (run.ts) and bench/cold-open.ts measure the same
 * file.
 */
export const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000)
export const VENUES = 1_000
export const ORGANIZERS = 500
export const TERMS = 500
/** The first event's ID; the others follow one by one. */
export const FIRST_EVENT_ID = 1000
/** The first venue's ID: the next multiple of 100,000 past the events, since events and posts share one ID space. */
export const FIRST_VENUE_ID = Math.ceil((FIRST_EVENT_ID + EVENTS) / 100_000) * 100_000
/** The first organizer's ID, 100,000 past the first venue's. */
export const FIRST_ORGANIZER_ID = FIRST_VENUE_ID + 100_000
/** The frozen clock of the bench: 2026-07-01 12:00:00 UTC. */
export const NOW = Date.UTC(2026, 6, 1, 12, 0, 0)

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

/** The data file text, slugs stored as calfile and TEC store them (the slugs calfile would make of the names). */
export function generate(): string {
  const zones = ['America/New_York', 'Europe/Paris', 'Asia/Kolkata', 'UTC+5:30', 'America/Los_Angeles']
  const venues = Array.from({ length: VENUES }, (_, i) => ({
    id: FIRST_VENUE_ID + i,
    venue: `Venue ${i}`,
    slug: `venue-${i}`,
    city: `City ${i % 50}`,
    address: `${i} Main St`,
  }))
  const organizers = Array.from({ length: ORGANIZERS }, (_, i) => ({
    id: FIRST_ORGANIZER_ID + i,
    organizer: `Organizer ${i}`,
    slug: `organizer-${i}`,
    email: `o${i}@example.org`,
  }))
  const categories = Array.from({ length: TERMS / 2 }, (_, i) => ({
    id: i + 1,
    name: `Category ${i}`,
    slug: `category-${i}`,
    parent: i > 10 ? (i % 10) + 1 : 0,
  }))
  const tags = Array.from({ length: TERMS / 2 }, (_, i) => ({
    id: TERMS / 2 + i + 1,
    name: `Tag ${i}`,
    slug: `tag-${i}`,
  }))
  const events = Array.from({ length: EVENTS }, (_, i) => {
    const start = new Date(NOW + (i - EVENTS / 4) * 2 * 3600_000)
    const day = `${start.getUTCFullYear()}-${pad(start.getUTCMonth() + 1)}-${pad(start.getUTCDate())}`
    const hour = pad(start.getUTCHours() % 20)
    const topic = i % 7 === 0 ? 'jazz' : 'talk'
    return {
      id: FIRST_EVENT_ID + i,
      title: `Event ${i} ${topic}`,
      slug: `event-${i}-${topic}`,
      description: `<p>Description of event ${i}</p>`,
      start_date: `${day} ${hour}:00:00`,
      end_date: `${day} ${hour}:45:00`,
      timezone: zones[i % zones.length],
      venue: FIRST_VENUE_ID + (i % VENUES),
      organizer: [FIRST_ORGANIZER_ID + (i % ORGANIZERS)],
      categories: [(i % (TERMS / 2)) + 1],
      tags: [TERMS / 2 + (i % (TERMS / 2)) + 1],
      cost: i % 3 === 0 ? '$10' : '',
      date: '2026-01-01 10:00:00',
    }
  })
  return JSON.stringify(
    { settings: { timezone: 'America/New_York' }, events, venues, organizers, categories, tags },
    null,
    2,
  )
}
