import type { TestAPI } from 'vitest'
import { epochMs } from './clock.js'
import { type FixtureText, fixtureText, type TestFixture } from './fixture-source.js'
import { type TestCalendar, type TestCalendarOptions, testCalendarFrom } from './test-calendar.js'

/** A vitest fixture function, the form `test.extend({ name: fixture })` takes: it hands `use` a test calendar. */
export type CalendarFixture = (context: object, use: (calendar: TestCalendar) => Promise<void>) => Promise<void>

/**
 * A vitest fixture that gives each test its own test calendar made from `fixture`, closed after the test. The
 * fixture is read once, at the first test that uses it; each test then opens a fresh calendar from it, so no test
 * sees another's changes. Without `options.now`, the clock starts when `calendarFixture` is called. Typed fully
 * by vitest at the call site (`cal` is a `TestCalendar`); calfile itself does not import vitest.
 *
 * @example
 * import { test as base, expect } from 'vitest'
 * import { calendarFixture } from 'calfile/testing'
 *
 * const test = base.extend({ cal: calendarFixture('fixtures/small.json', { now: '2026-07-01T12:00:00Z' }) })
 * test('lists the jazz night', async ({ cal }) => {
 *   const { events } = await (await cal.fetch('/calendar/events/v1/events')).json()
 *   expect(events[0].title).toBe('Jazz night')
 * })
 */
export function calendarFixture(fixture: TestFixture, options: TestCalendarOptions = {}): CalendarFixture {
  const start = epochMs(options.now ?? Date.now())
  let source: Promise<FixtureText> | undefined
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's first parameter and requires a destructuring pattern; this fixture needs no other.
  return async ({}, use) => {
    source ??= fixtureText(fixture, { now: start, timezone: options.timezone, tecVersion: options.tecVersion })
    const calendar = await testCalendarFrom(await source, start, options.timezone)
    try {
      await use(calendar)
    } finally {
      await calendar.close()
    }
  }
}

/**
 * vitest's `test` with a `cal` fixture: `test.extend({ cal: calendarFixture(fixture, options) })`, so that each
 * test gets its own test calendar (see `calendarFixture`), typed as a `TestCalendar`. calfile imports only
 * vitest's types, never vitest itself.
 *
 * @example
 * import { expect, test } from 'vitest'
 * import { calendarTest } from 'calfile/testing'
 *
 * const it = calendarTest(test, 'fixtures/small.json', { now: '2026-07-01T12:00:00Z' })
 * it('counts the events ahead', async ({ cal }) => {
 *   const res = await cal.fetch('/calendar/events/v1/events')
 *   expect(res.headers.get('X-TEC-Total')).toBe('1')
 * })
 */
export function calendarTest<Context extends object>(
  test: TestAPI<Context>,
  fixture: TestFixture,
  options: TestCalendarOptions = {},
): TestAPI<Context & { cal: TestCalendar }> {
  return test.extend<{ cal: TestCalendar }>({ cal: calendarFixture(fixture, options) }) as TestAPI<
    Context & { cal: TestCalendar }
  >
}
