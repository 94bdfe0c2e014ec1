import type { H3 } from 'h3'
import type { Listener } from 'listhen'
import { type Calendar, openCalendar } from '../core/calendar.js'
import { DocumentError } from '../core/document/error.js'
import type { TecVersion } from '../core/resources/tec-versions.js'
import { createApp } from '../http/app.js'
import { serve } from '../http/serve.js'
import { epochMs, type Instant, TestClock } from './clock.js'
import { FaultInjection } from './fault-injection.js'
import type { FaultRules } from './faults.js'
import { type FixtureText, fixtureText, type TestFixture } from './fixture-source.js'

/** Options of `createTestCalendar`. */
export interface TestCalendarOptions {
  /** Where the frozen clock starts (see `Instant`); default: the moment the calendar is made. */
  now?: Instant
  /** The site time zone (IANA), over the fixture's `settings.timezone`, as `calfile serve --timezone`. */
  timezone?: string
  /**
   * The TEC release to answer as, over the fixture's `settings.tec_version` (docs/data-file.md#settings): `"6.17"`
   * (the default) or `"6.10"`, for a client that must work against sites of both.
   */
  tecVersion?: TecVersion
}

/** A memory calendar made from a fixture, with its frozen clock and its HTTP interface in-process. */
export interface TestCalendar {
  /** The calendar, for library calls: `calendar.events.list({ search: 'jazz' })`. */
  readonly calendar: Calendar
  /** Its h3 app, the one `fetch` goes through. */
  readonly app: H3
  /** The clock every "now" of the calendar reads: `clock.set('2026-12-24T18:00:00Z')`, `clock.advance('1d')`. */
  readonly clock: TestClock
  /**
   * Faults injected into the interface's requests, in-process and over `url()`, as `POST /_calfile/faults` adds
   * them: `faults.add({ method: 'GET', path: '/events', status: 503, retry_after: 1, times: 2 })`; also `list()`,
   * `remove(id)`, `clear()`. A connection a fault closes makes `fetch` reject with a TypeError, as a network error.
   */
  readonly faults: FaultRules
  /**
   * A request through the app, in-process (no socket), as the global `fetch` takes it: a path such as
   * `/calendar/events/v1/events?per_page=2` (host `localhost`), a full URL, whose origin the answer's URLs
   * then use, or a Request.
   */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>
  /**
   * The calendar served over HTTP on 127.0.0.1 and a free port, started at the first call, and `path` on it:
   * `await url('/calendar/events/v1/events')` → `http://127.0.0.1:41235/calendar/events/v1/events`.
   */
  url(path?: string): Promise<string>
  /**
   * Puts back the fixture and the clock's start, as the calendar was made, and removes the faults (well under 1 ms
   * for 200 events).
   */
  reset(): Promise<void>
  /** Stops the server, if `url` started one, and closes the calendar. */
  close(): Promise<void>
}

/**
 * A memory calendar for a test: made from a fixture (a data file or a folder of TEC captures by path, a data file
 * object or its text; see `TestFixture`), with a frozen clock that the test moves, nothing written to disk.
 *
 * @throws Error naming a fixture path where there is nothing or a `now` that is no instant; DocumentError listing
 *   every problem of a fixture that is no valid data file, named by its path.
 * @example
 * const { fetch, clock, reset, close } = await createTestCalendar('fixtures/small.json', {
 *   now: '2026-07-01T12:00:00Z',
 * })
 * const res = await fetch('/calendar/events/v1/events')
 * clock.advance('7d') // the default list window starts a week later
 * await reset()       // the fixture and 2026-07-01T12:00:00Z again
 * await close()
 */
export async function createTestCalendar(
  fixture: TestFixture,
  options: TestCalendarOptions = {},
): Promise<TestCalendar> {
  const start = epochMs(options.now ?? Date.now())
  const source = await fixtureText(fixture, { now: start, timezone: options.timezone, tecVersion: options.tecVersion })
  return testCalendarFrom(source, start, options.timezone)
}

/**
 * A test calendar from a fixture's text, read beforehand (the vitest fixture reads it once for all its tests).
 * @param start the clock's start, epoch ms.
 */
export async function testCalendarFrom(
  source: FixtureText,
  start: number,
  timezone: string | undefined,
): Promise<TestCalendar> {
  const clock = new TestClock(start)
  const calendar = await openFixture(source, () => clock.now(), timezone)
  return new MemoryTestCalendar(calendar, clock)
}

/** A memory calendar from a fixture's text; a DocumentError names the fixture rather than "memory". */
async function openFixture(source: FixtureText, now: () => number, timezone: string | undefined): Promise<Calendar> {
  try {
    return await openCalendar(null, { initial: source.text, now, timezone })
  } catch (error) {
    throw error instanceof DocumentError ? new DocumentError(source.name, error.problems) : error
  }
}

class MemoryTestCalendar implements TestCalendar {
  readonly calendar: Calendar
  readonly app: H3
  readonly clock: TestClock
  readonly faults: FaultRules
  readonly #injection = new FaultInjection()
  #listener: Promise<Listener> | undefined

  constructor(calendar: Calendar, clock: TestClock) {
    this.calendar = calendar
    this.app = createApp(calendar, { extensions: [this.#injection] })
    this.clock = clock
    this.faults = this.#injection.rules
  }

  // Arrow properties, so that a test can destructure them: `const { fetch, reset } = await createTestCalendar(...)`.
  fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    // The Request is made here, so that the one the app sees can be asked about afterwards.
    const url = typeof input === 'string' && input.startsWith('/') ? `http://localhost${input}` : input
    // A streamed body needs `duplex`, which the DOM typings of RequestInit lack.
    const request = new Request(url, init?.body ? ({ duplex: 'half', ...init } as RequestInit) : init)
    const response = await this.app.request(request)
    if (this.#injection.closedWithoutAnswer(request))
      throw new TypeError('fetch failed', { cause: new Error('an injected fault closed the connection') })
    return response
  }

  url = async (path = ''): Promise<string> => {
    this.#listener ??= serve(this.calendar, { port: 0, host: '127.0.0.1', extensions: [this.#injection] })
    return new URL((await this.#listener).url).origin + path
  }

  reset = async (): Promise<void> => {
    this.faults.clear()
    this.clock.reset()
    await this.calendar.reset()
  }

  close = async (): Promise<void> => {
    // A server that failed to start has nothing to stop (`url` told the test why); the calendar closes all the same.
    const listener = await this.#listener?.catch(() => undefined)
    this.#listener = undefined
    try {
      await listener?.close()
    } finally {
      await this.calendar.close()
    }
  }
}
