/**
 * calfile's test kit (`calfile/testing`): a memory calendar per test from a fixture, with a frozen clock the test
 * moves, requests served in-process (or over a real port when asked), a fast `reset`, a vitest fixture and record
 * builders. It imports no test runner: vitest's `test` is passed in.
 *
 * @example
 * import { createTestCalendar, fixture } from 'calfile/testing'
 * const cal = await createTestCalendar(fixture.dataFile({ events: [{ title: 'Jazz night' }] }), {
 *   now: '2026-07-01T08:00:00Z',
 * })
 * const { events } = await (await cal.fetch('/calendar/events/v1/events')).json()
 * await cal.close()
 */

export type { TecVersion } from '../core/resources/tec-versions.js'
export { type Duration, type Instant, TestClock } from './clock.js'
export { FaultInjection, INJECTED_FAULT_CODE } from './fault-injection.js'
export { type Fault, type FaultAction, type FaultRule, FaultRules } from './faults.js'
export {
  type DataFile,
  type DataFileParts,
  type EventFile,
  fixture,
  type OrganizerFile,
  type TermFile,
  type VenueFile,
} from './fixture-builders.js'
export type { TestFixture } from './fixture-source.js'
export type { JournalEntry } from './request-journal.js'
export { ADMIN_PATH, testAdmin } from './test-admin.js'
export { createTestCalendar, type TestCalendar, type TestCalendarOptions } from './test-calendar.js'
export { type CalendarFixture, calendarFixture, calendarTest } from './vitest-fixture.js'
