import { describe, expect, it } from 'vitest'
import { createApp, icalFeeds, openCalendar, toICalendar } from '../../src/index.js'
import { fixture, NOW } from '../helpers.js'

describe('toICalendar from the package entry', () => {
  it('returns the text GET /events/?ical=1 sends, for the same query', async () => {
    const calendar = await openCalendar(null, { initial: fixture('events-filters.json'), now: () => NOW })
    const app = createApp(calendar, { extensions: [icalFeeds()] })
    const queries: Array<Record<string, string>> = [
      {},
      { search: 'jazz' },
      { start_date: '2026-01-01', end_date: '2027-12-31' },
    ]
    for (const query of queries) {
      const text = toICalendar(calendar, query)
      const search = new URLSearchParams({ ical: '1', ...query })
      // The library's view takes its URLs from the settings; a request on the same origin sees the same.
      const res = await app.request(`http://localhost/events/?${search}`)
      expect(res.status).toBe(200)
      expect(await res.text()).toBe(text)
      expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/u)
    }
    await calendar.close()
  })

  it('throws the list’s error for a bad parameter', async () => {
    const calendar = await openCalendar(null, { now: () => NOW })
    expect(() => toICalendar(calendar, { start_date: 'not a date' })).toThrow(
      expect.objectContaining({ code: 'rest_invalid_param' }),
    )
    await calendar.close()
  })
})
