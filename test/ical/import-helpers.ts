/**
 * Helpers of the iCalendar import tests (issue 14): calendars with the tests' frozen clock, small iCalendar texts,
 * and every event of a calendar read back through the public list call, as a client sees it.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { type Calendar, openCalendar } from '../../src/core/calendar.js'
import type { EventResponse } from '../../src/core/resources/events/events.js'
import { NOW } from '../helpers.js'

/** The site zone of the import tests. */
export const SITE_ZONE = 'America/New_York'

/** The fixture folder: real iCalendar files (fixtures/ics/README.md). */
export const ICS_DIR = new URL('../../fixtures/ics/', import.meta.url).pathname

/** The `.ics` files of the fixture folder, in name order. */
export const ICS_FILES = icsNames(ICS_DIR)

/**
 * The corpus of real files that the import is compared with ical.js on (fixtures/ics/corpus/README.md), as paths
 * below the fixture folder (`corpus/google-minimal.ics`), in name order; too many events together for the tests
 * that import every file of the fixture folder at once.
 */
export const CORPUS_FILES = icsNames(`${ICS_DIR}corpus/`).map((name) => `corpus/${name}`)

function icsNames(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.ics'))
    .sort()
}

/** A fixture file's text, by its path below the fixture folder. */
export function icsFixture(name: string): string {
  return readFileSync(`${ICS_DIR}${name}`, 'utf8')
}

/** A memory calendar in the site zone, clock frozen at NOW (2026-07-01 12:00 UTC), from `data` when given. */
export function memoryCalendar(data: object = {}): Promise<Calendar> {
  const initial = JSON.stringify({ settings: { timezone: SITE_ZONE }, ...data })
  return openCalendar(null, { initial, now: () => NOW })
}

/** A VCALENDAR around `body` (content lines, `\n` between them), with CRLF line ends as RFC 5545 §3.1 has them. */
export function vcalendar(...body: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//calfile tests//EN', ...body, 'END:VCALENDAR'].join('\r\n')
}

/** A VEVENT of the given content lines. */
export function vevent(...lines: string[]): string {
  return ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n')
}

/** An event as the list call shows it (the keys the tests read), with the extra key the import keeps. */
export type ImportedEvent = EventResponse & {
  id: number
  title: string
  slug: string
  status: string
  description: string
  website: string
  all_day: boolean
  timezone: string
  start_date: string
  end_date: string
  utc_start_date: string
  utc_end_date: string
  venue: { venue: string; geo_lat?: number; geo_lng?: number } | []
  organizer: Array<{ organizer: string; email?: string }>
  categories: Array<{ name: string }>
  ical?: { uid: string; recurrence_id?: string; digest: string; transp?: string }
}

/** Every event of `calendar` in any status but trash, through `events.list` page by page, in list order. */
export function allEvents(calendar: Calendar, query: Record<string, unknown> = {}): ImportedEvent[] {
  const events: ImportedEvent[] = []
  const base = { start_date: '1000-01-01', end_date: '9000-01-01', status: 'publish,private,draft', per_page: 50 }
  for (let page = 1; ; page++) {
    const { body } = calendar.events.list({ ...base, ...query, page })
    events.push(...(body.events as ImportedEvent[]))
    if (page >= body.total_pages) return events
  }
}
