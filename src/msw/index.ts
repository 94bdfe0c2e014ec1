/**
 * calfile for Mock Service Worker (`msw` v2, an optional peer dependency): request handlers that answer calfile's
 * interface — and TEC's REST API v1 paths — from a calendar, in the browser, jsdom or Node, with no server.
 *
 * @example
 * import { readFile } from 'node:fs/promises'
 * import { setupServer } from 'msw/node'
 * import { openCalendar } from 'calfile'
 * import { calendarHandlers } from 'calfile/msw'
 *
 * // A memory calendar (no file written) from a data file's text.
 * const calendar = await openCalendar(null, { initial: await readFile('fixtures/small.json', 'utf8') })
 * const server = setupServer(...calendarHandlers(calendar, { baseUrl: 'https://events.example.org' }))
 * server.listen()
 * const { events } = await (await fetch('https://events.example.org/wp-json/tribe/events/v1/events')).json()
 */
export { type CalendarHandlersOptions, calendarHandlers } from './handlers.js'
