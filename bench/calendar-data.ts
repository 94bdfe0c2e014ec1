/**
 * The bench's calendar: 10,000 events, 1,000 venues, 500 organizers and 500 terms, with events one every 2 hours
 * over two years around NOW, every 5th in another time zone, every 7th about jazz. `npm run bench` (run.ts) and
 * bench/cold-open.ts measure the same file.
 */
export const EVENTS = 10_000
export const VENUES = 1_000
export const ORGANIZERS = 500
export const TERMS = 500
/** The frozen clock of the bench: 2026-07-01 12:00:00 UTC. */
export const NOW = Date.UTC(2026, 6, 1, 12, 0, 0)

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

/** The data file text. */
export function generate(): string {
  const zones = ['America/New_York', 'Europe/Paris', 'Asia/Kolkata', 'UTC+5:30', 'America/Los_Angeles']
  const venues = Array.from({ length: VENUES }, (_, i) => ({
    id: 100_000 + i,
    venue: `Venue ${i}`,
    city: `City ${i % 50}`,
    address: `${i} Main St`,
  }))
  const organizers = Array.from({ length: ORGANIZERS }, (_, i) => ({
    id: 200_000 + i,
    organizer: `Organizer ${i}`,
    email: `o${i}@example.org`,
  }))
  const categories = Array.from({ length: TERMS / 2 }, (_, i) => ({
    id: i + 1,
    name: `Category ${i}`,
    parent: i > 10 ? (i % 10) + 1 : 0,
  }))
  const tags = Array.from({ length: TERMS / 2 }, (_, i) => ({ id: TERMS / 2 + i + 1, name: `Tag ${i}` }))
  const events = Array.from({ length: EVENTS }, (_, i) => {
    const start = new Date(NOW + (i - EVENTS / 4) * 2 * 3600_000)
    const day = `${start.getUTCFullYear()}-${pad(start.getUTCMonth() + 1)}-${pad(start.getUTCDate())}`
    const hour = pad(start.getUTCHours() % 20)
    return {
      id: i + 1000,
      title: `Event ${i} ${i % 7 === 0 ? 'jazz' : 'talk'}`,
      description: `<p>Description of event ${i}</p>`,
      start_date: `${day} ${hour}:00:00`,
      end_date: `${day} ${hour}:45:00`,
      timezone: zones[i % zones.length],
      venue: 100_000 + (i % VENUES),
      organizer: [200_000 + (i % ORGANIZERS)],
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
