/**
 * The README's msw example (issue 12 B), as written there but for the imports: `calfile` and `calfile/msw` are the
 * package's entries, here their sources. Keep the two in step.
 */
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { openCalendar } from '../../src/index.js'
import { calendarHandlers } from '../../src/msw/index.js'

const baseUrl = 'https://events.example.org'
const data = { events: [{ title: 'Jazz night', start_date: '2026-07-04 20:00:00', end_date: '2026-07-04 23:00:00' }] }
const fresh = () => openCalendar(null, { initial: JSON.stringify(data), now: () => Date.parse('2026-07-01T12:00:00Z') })
const server = setupServer()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(async () => server.resetHandlers(...calendarHandlers(await fresh(), { baseUrl }))) // one per test
afterAll(() => server.close())

it('lists what a TEC client sees', async () => {
  const res = await fetch(`${baseUrl}/wp-json/tribe/events/v1/events?per_page=10`)
  expect(res.headers.get('X-TEC-Total')).toBe('1')
  const { events } = await res.json()
  expect(events[0].url).toBe(`${baseUrl}/event/jazz-night/`)
})
