/**
 * WordPress's `wp/v2` through the msw handlers: a headless front end's calls (a post type's list with `_embed`, a
 * write, `?rest_route=` on the site root) answered with no server (`tec_lossy_writes: false`: TEC lists no event
 * made through wp/v2, docs/wordpress.md#wpv2-writes), and WordPress's routes calfile does not serve
 * left to other handlers.
 */
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { calendarHandlers } from '../../src/msw/index.js'

const SITE = 'https://events.example.org'
const calendar = await openCalendar(null, {
  initial: JSON.stringify({
    settings: { timezone: 'UTC', tec_version: '6.17', tec_lossy_writes: false },
    categories: [{ id: 2, name: 'Music' }],
  }),
})
const server = setupServer(
  ...calendarHandlers(calendar, { baseUrl: SITE }),
  http.get(`${SITE}/wp-json/wp/v2/posts`, () => HttpResponse.json(['from another handler'])),
  http.get(`${SITE}/`, () => HttpResponse.text('the site')),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it('creates an event through wp/v2 and reads it back, embedded, through the list and ?rest_route=', async () => {
  const created = await fetch(`${SITE}/wp-json/wp/v2/tribe_events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Mocked',
      status: 'publish',
      tribe_events_cat: [2],
      meta: { _EventStartDate: '2030-01-10 10:00:00', _EventEndDate: '2030-01-10 11:00:00' },
    }),
  })
  expect(created.status).toBe(201)
  const { id } = (await created.json()) as { id: number }
  const list = await fetch(`${SITE}/wp-json/wp/v2/tribe_events?_embed=wp:term`)
  expect(list.headers.get('x-wp-total')).toBe('1')
  const [event] = (await list.json()) as Array<{ id: number; _embedded: { 'wp:term': Array<Array<{ name: string }>> } }>
  expect(event?.id).toBe(id)
  expect(event?._embedded['wp:term'].flat().map((term) => term.name)).toEqual(['Music'])
  const routed = await fetch(`${SITE}/?rest_route=/wp/v2/tribe_events/${id}`)
  expect(((await routed.json()) as { id: number }).id).toBe(id)
  expect((await fetch(`${SITE}/wp-json/wp/v2/tribe_events_cat/2`)).status).toBe(200)
  expect((await fetch(`${SITE}/wp-json/wp/v2/tribe_events/x`)).status).toBe(404)
})

it('leaves what calfile does not serve to the next handler', async () => {
  expect(await (await fetch(`${SITE}/wp-json/wp/v2/posts`)).json()).toEqual(['from another handler'])
  expect(await (await fetch(`${SITE}/`)).text()).toBe('the site')
})
