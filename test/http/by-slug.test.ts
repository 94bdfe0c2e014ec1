/**
 * The by-slug routes read the slug asked for as WordPress's `get_page_by_path()` does (`slugAskedFor`): encoded or
 * not, in any case, with spaces, for events, venues and organizers alike; the library's `{ slug }` references too.
 */
import { describe, expect, it } from 'vitest'
import { open } from '../helpers.js'

const ADMIN = { settings: { timezone: 'America/New_York' } }
const WHEN = { start_date: '2026-12-10 19:00:00', end_date: '2026-12-10 22:00:00' }

describe('a slug asked for', () => {
  it('finds the post whatever the encoding and case it comes in', async () => {
    const { request, calendar } = await open(ADMIN)
    const made = await request('POST', '/events', { title: 'Tokyo launch 🚀', ...WHEN })
    expect(made.body.slug).toBe('tokyo-launch-%f0%9f%9a%80')
    for (const path of [
      '/events/by-slug/tokyo-launch-%f0%9f%9a%80',
      '/events/by-slug/tokyo-launch-%F0%9F%9A%80',
      '/events/by-slug/Tokyo-Launch-%25F0%259F%259A%2580',
      '/events/by-slug/Tokyo%20launch%20%F0%9F%9A%80',
    ]) {
      const answer = await request('GET', path)
      expect(answer.status, path).toBe(200)
      expect(answer.body.id).toBe(made.body.id)
    }
    expect(calendar.events.get({ slug: 'Tokyo launch 🚀' }).id).toBe(made.body.id)
  })

  it('venues and organizers too; a path of two parts or a slug of another post finds nothing', async () => {
    const { request } = await open(ADMIN)
    await request('POST', '/venues', { venue: 'Zürich Hall' })
    await request('POST', '/organizers', { organizer: 'Jazz Society' })
    expect((await request('GET', '/venues/by-slug/Zurich%20Hall')).body.slug).toBe('zurich-hall')
    // Accents are removed when a slug is made, not when one is asked for (the "save" context alone).
    expect((await request('GET', '/venues/by-slug/Z%C3%BCrich%20Hall')).status).toBe(400)
    expect((await request('GET', '/organizers/by-slug/JAZZ-SOCIETY')).body.slug).toBe('jazz-society')
    expect((await request('GET', '/organizers/by-slug/x%2Fjazz-society')).status).toBe(400)
    expect((await request('GET', '/venues/by-slug/jazz-society')).status).toBe(400)
  })
})
