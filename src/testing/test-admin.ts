import type { H3, H3Event } from 'h3'
import * as v from 'valibot'
import { CalendarError, invalidParams } from '../core/errors.js'
import type { AppExtension } from '../http/app.js'
import { bodyOf } from '../http/request/request-body.js'
import { errorResponse, json } from '../http/respond.js'
import type { Duration, TestClock } from './clock.js'
import { FaultInjection } from './fault-injection.js'
import { RequestJournal } from './request-journal.js'
import { testAdminDoc } from './test-admin-doc.js'

/** Where the test admin routes live: outside both prefixes of the interface, as Mockoon's `/mockoon-admin`. */
export const ADMIN_PATH = '/_calfile'

const ClockBodySchema = v.union([
  v.strictObject({ now: v.union([v.string(), v.number()]) }),
  v.strictObject({ advance: v.union([v.string(), v.number()]) }),
])
const CLOCK_BODY_HINT = 'send one of them: now (an ISO 8601 instant) or advance (a duration such as 1d, 2h, -30m)'

/**
 * `calfile serve --test-admin` (docs/http.md): routes for test suites that run out of process (Playwright, Cypress, a
 * Python scraper's tests), as Mockoon's and WireMock's admin APIs serve them. They take no token: the CLI refuses
 * to serve them beyond loopback.
 * - `POST /_calfile/reset`: the data file as the server opened it, the clock as it started, an empty journal, no
 *   faults.
 * - `GET|PUT /_calfile/clock`: read the clock; `{"now": "<ISO>"}` freezes it there, `{"advance": "1d"}` moves it.
 * - `GET|DELETE /_calfile/requests`: the last 500 requests to the interface (method, path, status, body size, the
 *   fault that answered it).
 * - `GET|POST|DELETE /_calfile/faults`, `DELETE /_calfile/faults/<id>`: list, add (201), clear, remove the faults
 *   injected into the interface's requests (see `FaultRules` for a fault's body; 400 for a body that is none, 404
 *   for an id that is none).
 *
 * @example
 * const clock = new TestClock('2026-07-01T12:00:00Z')
 * const calendar = await openCalendar('data/calendar.json', { now: () => clock.now() })
 * await serve(calendar, { port: 3000, host: '127.0.0.1', extensions: [testAdmin(clock)] })
 */
export function testAdmin(clock: TestClock, faults: FaultInjection = new FaultInjection()): AppExtension {
  const journal = new RequestJournal()
  return {
    intercept: (event) => faults.intercept(event),
    mount(app, calendar) {
      route(app, 'POST', '/reset', async () => {
        await calendar.reset()
        clock.reset()
        journal.clear()
        faults.rules.clear()
        return json({ reset: true, clock: clockJson(clock) })
      })
      route(app, 'GET', '/clock', () => json(clockJson(clock)))
      route(app, 'PUT', '/clock', async (event) => {
        moveClock(clock, await bodyOf(event))
        return json(clockJson(clock))
      })
      route(app, 'GET', '/requests', () => json({ requests: journal.entries() }))
      route(app, 'DELETE', '/requests', () => {
        journal.clear()
        return json({ requests: [] })
      })
      route(app, 'GET', '/faults', () => json({ faults: faults.rules.list() }))
      route(app, 'POST', '/faults', async (event) => json(faults.rules.add(await bodyOf(event)), 201))
      route(app, 'DELETE', '/faults', () => {
        faults.rules.clear()
        return json({ faults: [] })
      })
      route(app, 'DELETE', '/faults/:id', (event) => {
        const fault = faults.rules.remove(event.context.params?.id ?? '')
        if (!fault) throw new CalendarError('calfile_no_fault', 404, 'No fault has this id.')
        return json({ deleted: true, previous: fault })
      })
    },
    observe(line) {
      if (!line.path.startsWith(`${ADMIN_PATH}/`)) journal.add(line)
    },
    openapi: testAdminDoc,
  }
}

function route(
  app: H3,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  handle: (event: H3Event) => Response | Promise<Response>,
): void {
  app.on(method, ADMIN_PATH + path, async (event) => {
    try {
      return await handle(event)
    } catch (error) {
      return errorResponse(error)
    }
  })
}

/** The clock's answer: `{ now: ISO 8601 UTC, frozen }`. */
function clockJson(clock: TestClock): { now: string; frozen: boolean } {
  return { now: new Date(clock.now()).toISOString(), frozen: clock.frozen }
}

/** @throws CalendarError 400 `rest_invalid_param` for a body that is neither form, or no instant or duration. */
function moveClock(clock: TestClock, body: unknown): void {
  const parsed = v.safeParse(ClockBodySchema, body)
  if (!parsed.success) throw invalidParams({ now: CLOCK_BODY_HINT, advance: CLOCK_BODY_HINT })
  const input = parsed.output
  try {
    if ('now' in input) clock.set(input.now)
    else clock.advance(input.advance as Duration)
  } catch (error) {
    throw invalidParams({ ['now' in input ? 'now' : 'advance']: (error as Error).message })
  }
}
