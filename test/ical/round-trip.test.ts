/**
 * Issue 14's round trip: export → import into an empty file → export gives the same events: title, start and end
 * instants, all-day, zone, location, categories, and the instances of a recurring event. The events are the
 * default data file's (`npm start`) and the events of every real .ics file in fixtures/ics/, imported first. Every
 * export passes the RFC 5545 check and parses with node-ical without a warning.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { toICalendar } from '../../src/ical/export/export-calendar.js'
import { importICalendar } from '../../src/ical/import/import.js'
import { tempDir } from '../cli/cli-helpers.js'
import { NOW } from '../helpers.js'
import { defaultDataText, icalJsCalendar, instants, nodeIcalRead, rfc5545Problems } from './export-helpers.js'
import { ICS_FILES, icsFixture, SITE_ZONE } from './import-helpers.js'

/** Every event, whatever its dates: the feed's default keeps only those that have not ended. */
const EVERY_EVENT = { start_date: '1900-01-01', end_date: '2200-12-31' }

/** What the round trip keeps of a VEVENT, as one comparable line. */
function essentials(vevent: ICAL.Component): string {
  const start = vevent.getFirstProperty('dtstart')
  const allDay = (vevent.getFirstPropertyValue('dtstart') as ICAL.Time).isDate
  const zone = allDay ? '' : (start?.getParameter('tzid') ?? 'UTC')
  const { start: from, end: to } = instants(vevent)
  const categories = vevent.getAllProperties('categories').flatMap((p) => p.getValues().map(String))
  return JSON.stringify({
    title: vevent.getFirstPropertyValue('summary'),
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    allDay,
    zone,
    location: vevent.getFirstPropertyValue('location') ?? '',
    categories: categories.sort(),
  })
}

function eventsOf(text: string): string[] {
  return icalJsCalendar(text).getAllSubcomponents('vevent').map(essentials).sort()
}

/** Exports `calendar`, imports the text into an empty calendar of the same site zone, and exports that. */
async function roundTrip(initial: string): Promise<{ first: string[]; second: string[] }> {
  const source = await openCalendar(null, { initial, now: () => NOW })
  const text = toICalendar(source, EVERY_EVENT)
  const copy = await openCalendar(null, {
    initial: JSON.stringify({ settings: { timezone: source.state.siteTimezone } }),
    now: () => NOW,
  })
  const report = await importICalendar(copy, [{ path: 'export.ics', text }], { until: '2200-12-31' })
  expect(report.skipped).toEqual([])
  const again = toICalendar(copy, EVERY_EVENT)
  await Promise.all([source.close(), copy.close()])
  // Both exports are clean iCalendar: the RFC 5545 check, and node-ical without a warning.
  for (const feed of [text, again]) {
    expect(rfc5545Problems(feed)).toEqual([])
    const read = nodeIcalRead(feed)
    expect(read.warnings).toEqual([])
    expect(read.events.length).toBe(eventsOf(feed).length)
  }
  return { first: eventsOf(text), second: eventsOf(again) }
}

describe('export → import → export', () => {
  it('keeps the default data file’s events', async () => {
    const { first, second } = await roundTrip(await defaultDataText())
    expect(first.length).toBeGreaterThan(40)
    expect(second).toEqual(first)
  })

  it('keeps the events and recurrence instances of every real .ics file', async () => {
    const file = join(await tempDir(), 'calendar.json')
    const calendar = await openCalendar(file, {
      initial: JSON.stringify({ settings: { timezone: SITE_ZONE } }),
      now: () => NOW,
    })
    const sources = ICS_FILES.map((name) => ({ path: name, text: icsFixture(name) }))
    await importICalendar(calendar, sources, { until: '2027-07-01' })
    await calendar.close()
    const { first, second } = await roundTrip(await readFile(file, 'utf8'))
    expect(first.length).toBeGreaterThan(100)
    expect(second).toEqual(first)
    // Two exports, an import and node-ical's reading of some 1,300 events: over 20 s on a loaded 2-core machine.
  }, 120_000)
})
