/**
 * Issue 14, done when: every real iCalendar file of fixtures/ics imports, with as many events and instances as
 * ical.js itself expands over the same window, at the same instants as the source. The expected side is computed
 * here from the file text with ical.js, date-fns-tz and windows-iana alone, and compared with the events as the
 * public list call shows them.
 */
import { fromZonedTime } from 'date-fns-tz'
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { findIana } from 'windows-iana'
import { importICalendar } from '../../src/ical/import.js'
import { allEvents, ICS_FILES, type ImportedEvent, icsFixture, memoryCalendar, SITE_ZONE } from './import-helpers.js'

const UNTIL = '2027-06-30'
/** The window's end: the day after UNTIL begins, in the site zone. */
const WINDOW_END = fromZonedTime('2027-07-01T00:00:00', SITE_ZONE).getTime()
const DAY = 86_400_000

/**
 * The files' known mistakes, put right in the text so that ical.js reads them at all (fixtures/ics/README.md):
 * Exchange's misplaced quote, and dates written without VALUE=DATE (Google).
 */
function readable(text: string): string {
  return text
    .replace('TZID="W. Europe Standard Time:20200609T090000"', 'TZID="W. Europe Standard Time":20200609T090000')
    .replace(/^(DTSTART|DTEND|EXDATE|RDATE|RECURRENCE-ID)((?:;TZID=[^:;]*)?):(\d{8})\r?$/gmu, '$1$2;VALUE=DATE:$3')
}

type Time = ICAL.Time

/** A start or end as the tests compare them: `day 2026-07-04` for a DATE, else the UTC instant (ISO 8601). */
function shown(time: Time, tzid: string | undefined): string {
  if (time.isDate) return `day ${time.toString()}`
  const wall = time.toString().replace('Z', '')
  const zone = tzid === undefined ? undefined : ianaOf(tzid)
  if (time.zone?.tzid === 'UTC' || (tzid !== undefined && zone === undefined)) return isoOf(time.toUnixTime() * 1000)
  return isoOf(fromZonedTime(wall, zone ?? SITE_ZONE).getTime())
}

const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 19)

function ianaOf(tzid: string): string | undefined {
  if (findIana(tzid)[0]) return findIana(tzid)[0]
  try {
    new Intl.DateTimeFormat('en', { timeZone: tzid })
    return tzid
  } catch {
    return undefined
  }
}

const tzid = (component: ICAL.Component, name: string) => {
  const value = component.getFirstProperty(name)?.getParameter('tzid')
  return typeof value === 'string' ? value : undefined
}

/** An all-day event's last day: the day before its exclusive end. */
function lastDay(start: Time, end: Time): string {
  const last = end.clone()
  last.adjust(-1, 0, 0, 0)
  return `day ${(last.compare(start) < 0 ? start : last).toString()}`
}

/** `[start, end]` of an instance, as `shown`; an all-day event's end is its last day. */
function span(start: Time, end: Time, startTzid: string | undefined, endTzid: string | undefined): string {
  return `${shown(start, startTzid)} → ${start.isDate ? lastDay(start, end) : shown(end, endTzid)}`
}

/** Every instance ical.js gives for `text` before WINDOW_END (events that do not recur: always), by UID. */
function expected(text: string): Map<string, string[]> {
  const calendar = new ICAL.Component(ICAL.parse(readable(text)))
  const registered: string[] = []
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    const name = zone.getFirstPropertyValue('tzid')
    if (typeof name !== 'string' || ICAL.TimezoneService.get(name)) continue
    ICAL.TimezoneService.register(zone)
    registered.push(name)
  }
  try {
    const byUid = new Map<string, string[]>()
    const vevents = calendar.getAllSubcomponents('vevent')
    for (const master of vevents.filter((v) => !v.hasProperty('recurrence-id'))) {
      const uid = String(master.getFirstPropertyValue('uid'))
      const overrides = vevents.filter((v) => v !== master && v.getFirstPropertyValue('uid') === uid)
      byUid.set(uid, instances(master, overrides))
    }
    return byUid
  } finally {
    for (const name of registered) ICAL.TimezoneService.remove(name)
  }
}

function instances(master: ICAL.Component, overrides: ICAL.Component[]): string[] {
  const event = new ICAL.Event(master, { exceptions: overrides, strictExceptions: true })
  const start = tzid(master, 'dtstart')
  const end = master.hasProperty('dtend') ? tzid(master, 'dtend') : start
  if (!event.isRecurring()) return [span(event.startDate, event.endDate, start, end)]
  const spans: string[] = []
  const iterator = event.iterator()
  for (let next = iterator.next(); next; next = iterator.next()) {
    // ical.js's engine hands RDATE periods out as they are, which its getOccurrenceDetails cannot take.
    const period = next instanceof ICAL.Period ? next : undefined
    const time = period ? period.start : next
    const instant = time.isDate
      ? fromZonedTime(time.toString(), SITE_ZONE).getTime()
      : Date.parse(`${shown(time, start)}Z`)
    // The window's end is placed where no instance is near it, so that no reading of a zone moves one across.
    expect(Math.abs(instant - WINDOW_END)).toBeGreaterThan(DAY)
    if (instant >= WINDOW_END) break
    if (period) spans.push(span(period.start, period.getEnd(), start, start))
    else spans.push(details(event, time, start))
  }
  return spans
}

function details(event: ICAL.Event, time: Time, tzidOfSeries: string | undefined): string {
  const { item, startDate, endDate } = event.getOccurrenceDetails(time)
  if (item === event) return span(startDate, endDate, tzidOfSeries, tzidOfSeries)
  const component = item.component
  const end = component.hasProperty('dtend') ? tzid(component, 'dtend') : tzid(component, 'dtstart')
  return span(startDate, endDate, tzid(component, 'dtstart'), end)
}

/** What calfile holds: each event's span as `span` writes it, by UID. */
function actual(events: ImportedEvent[]): Map<string, string[]> {
  const byUid = new Map<string, string[]>()
  for (const event of events) {
    const uid = event.ical?.uid as string
    const when = event.all_day
      ? `day ${event.start_date.slice(0, 10)} → day ${event.end_date.slice(0, 10)}`
      : `${event.utc_start_date.replace(' ', 'T')} → ${event.utc_end_date.replace(' ', 'T')}`
    byUid.set(uid, [...(byUid.get(uid) ?? []), when])
  }
  return byUid
}

const sorted = (map: Map<string, string[]>) => new Map([...map].map(([uid, spans]) => [uid, [...spans].sort()]))

describe('every file of fixtures/ics imports as ical.js expands it (issue 14)', () => {
  it.each(ICS_FILES)('%s: the same events and instances, at the same instants', async (name) => {
    const calendar = await memoryCalendar()
    const text = icsFixture(name)
    const report = await importICalendar(calendar, [{ path: name, text }], { until: UNTIL })
    expect(report.skipped).toEqual([])
    const events = allEvents(calendar)
    const want = expected(text)
    expect(report.added).toBe([...want.values()].flat().length)
    expect(sorted(actual(events))).toEqual(sorted(want))
    await calendar.close()
  })

  it('each series is listed by the post_parent filter: its first instance, then the others as its children', async () => {
    const calendar = await memoryCalendar()
    const name = 'zimbra-recur_instances.ics'
    await importICalendar(calendar, [{ path: name, text: icsFixture(name) }], { until: UNTIL })
    const events = allEvents(calendar)
    const [first] = [...events].sort((a, b) => a.utc_start_date.localeCompare(b.utc_start_date))
    expect(first?.title).toBe('Crazy Event Thingy!')
    const children = allEvents(calendar, { post_parent: first?.id })
    expect(children).toHaveLength(events.length - 1)
    expect(new Set(events.map((event) => event.slug)).size).toBe(events.length)
    await calendar.close()
  })
})
