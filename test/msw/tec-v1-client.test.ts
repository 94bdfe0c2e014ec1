/** tec/v1 through the msw handlers: a client of TEC's newer API (as TEC's MCP server sends it) runs with no server. */
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { ACKNOWLEDGEMENT } from '../../src/http/tec-v1/gate.js'
import { calendarHandlers } from '../../src/msw/index.js'

const SITE = 'https://events.example.org'
const calendar = await openCalendar(null, { initial: JSON.stringify({ settings: { timezone: 'UTC' } }) })
const server = setupServer(...calendarHandlers(calendar, { baseUrl: SITE }))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it('creates, lists and trashes an event through /wp-json/tec/v1, with the acknowledgement header', async () => {
  const headers = { 'content-type': 'application/json', 'x-tec-eea': ACKNOWLEDGEMENT }
  const created = await fetch(`${SITE}/wp-json/tec/v1/events`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ title: 'Mocked', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' }),
  })
  expect(created.status).toBe(201)
  const event = await created.json()
  expect(event).toMatchObject({ type: 'tribe_events', title: { rendered: 'Mocked' }, link: `${SITE}/event/mocked/` })
  const list = await fetch(`${SITE}/wp-json/tec/v1/events`, { headers })
  expect(list.headers.get('x-wp-total')).toBe('1')
  expect((await list.json()).map((e: { id: number }) => e.id)).toEqual([event.id])
  const gated = await fetch(`${SITE}/wp-json/tec/v1/events`)
  expect(gated.status).toBe(400)
  const trashed = await fetch(`${SITE}/wp-json/tec/v1/events/${event.id}`, { method: 'DELETE', headers })
  expect(await trashed.json()).toEqual([])
})
