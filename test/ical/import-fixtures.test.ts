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
import { importICalendar } from '../../src/ical/import/import.js'
import { MAX_INSTANCES } from '../../src/ical/import/import-plan.js'
import {
  allEvents,
  CORPUS_FILES,
  ICS_FILES,
  type ImportedEvent,
  icsFixture,
  memoryCalendar,
  SITE_ZONE,
} from './import-helpers.js'

const UNTIL = '2027-06-30'
/** The window's end: the day after UNTIL begins, in the site zone. */
const WINDOW_END = fromZonedTime('2027-07-01T00:00:00', SITE_ZONE).getTime()

/**
 * Where the import reads a file otherwise than ical.js reads its text as it is, on purpose; every repair is here.
 * Each is noted in the import's report with its line (`NOTES` below lists them per file).
 *
 * Put right in the text, so that ical.js reads what the import reads (`src/ical/import/import-lines.ts`):
 * 1. Exchange's quote closed after the value (`TZID="W. Europe Standard Time:20200609T090000"`).
 * 2. Dates written as date-times, without VALUE=DATE or with VALUE=DATE-TIME (Google, Evolution).
 * 3. Whitespace inside an RRULE (Exchange CDO `BYDAY=MO, TU`, `BYDAY=1MO `).
 * 4. An EXDATE or RDATE without a value, left out (Google).
 * 5. Lines after the last END:VCALENDAR, left out (Podio).
 * 6. A date-time RECURRENCE-ID in a VEVENT of dates names its day (Apple iCal, Exchange), as `import-plan.ts`
 *    matches it; ical.js would match no instance with it.
 * Read otherwise than ical.js:
 * 7. A TZID that is a Windows display name is its zone (`DISPLAY_NAMES`), where the file has no VTIMEZONE of it.
 * 8. A TZID that names no zone and has no VTIMEZONE is floating time, in the site zone (ical.js: floating, in UTC).
 * 9. A VEVENT without UID is given one (`calfile-…`); such events are compared under the key `(no UID)`.
 * 10. An override whose series is not in the file is an event of its own; of two VEVENTs with one UID and no
 *     RECURRENCE-ID the first is kept (`SKIPS`).
 * 11. A series gives at most MAX_INSTANCES instances (`SKIPS`).
 */
function readable(text: string): string {
  const end = text.lastIndexOf('END:VCALENDAR')
  return text
    .slice(0, end < 0 ? undefined : text.indexOf('\n', end) + 1 || undefined)
    .replace(/\r?\n[ \t]/gu, '')
    .replace('TZID="W. Europe Standard Time:20200609T090000"', 'TZID="W. Europe Standard Time":20200609T090000')
    .replace(/^(DTSTART|DTEND|EXDATE|RDATE|RECURRENCE-ID)((?:;[^:;]*)*):(\d{8}(?:,\d{8})*)\r?$/gmu, dated)
    .replace(/^(RRULE|EXRULE):(.*?)\r?$/gmu, (_, name: string, rule: string) => `${name}:${rule.replace(/\s+/gu, '')}`)
    .replace(/^(EXDATE|RDATE)(;[^:]*)?:\r?\n/gmu, '')
    .replace(/BEGIN:VEVENT[\s\S]*?END:VEVENT/gu, (vevent) =>
      /^DTSTART(;[^:]*)?;VALUE=DATE[;:]/mu.test(vevent)
        ? vevent.replace(/^RECURRENCE-ID(?:;[^:]*)?:(\d{8})T\d{6}Z?\r?$/mu, 'RECURRENCE-ID;VALUE=DATE:$1')
        : vevent,
    )
}

function dated(line: string, name: string, params: string, value: string): string {
  if (/;VALUE=DATE(?!-)/iu.test(params)) return line
  return `${name}${params.replace(/;VALUE=DATE-TIME/iu, '')};VALUE=DATE:${value}`
}

/** The zones of the Windows display names of the corpus that no VTIMEZONE of their file defines. */
const DISPLAY_NAMES: Record<string, string> = {
  '(GMT+10:00) Canberra, Melbourne, Sydney': 'Australia/Sydney',
  '(UTC-05:00) Eastern Time (US & Canada)': 'America/New_York',
  '(UTC-05:00) Eastern Time (US and Canada)': 'America/New_York',
  'Amsterdam, Belgrade, Berlin, Brussels, Budapest, Madrid, Paris, Prague, Stockholm': 'Europe/Amsterdam',
}

/** What each file's import leaves out, on purpose, by line: none in a file not listed. */
const SKIPS: Record<string, string[]> = {
  'corpus/apple-ical1.5-blalor.ics': [
    '8: its RECURRENCE-ID names no instance of its series',
    '22: its RECURRENCE-ID names no instance of its series',
  ],
  'corpus/tvcountdown-tv-show-episode.ics': ['122: a second VEVENT with this UID and no RECURRENCE-ID'],
}

/** What each file's import reads loosely, by line: none in a file not listed. */
const NOTES: Record<string, string[]> = {
  'corpus/apple-ical1-mixed-timezone-handling.ics': [
    '37: 2 date-time values without a time read as dates (VALUE=DATE)',
  ],
  'corpus/evolution-schedule-unstable.ics': ['194: a date-time value without a time read as a date (VALUE=DATE)'],
  'corpus/exchange-Office-2012-owa.ics': [
    '6: no UID (RFC 5545 §3.6.1 requires one): given calfile-104ae33ab0cdf437, from its SUMMARY and DTSTART',
    '8: TZID "(GMT+10:00) Canberra, Melbourne, Sydney" is a Windows display name, not a zone ID: read as Australia/Canberra',
    '25: no UID (RFC 5545 §3.6.1 requires one): given calfile-960c871d338dce03, from its SUMMARY and DTSTART',
    '27: TZID "(UTC-05:00) Eastern Time (US & Canada)" is a Windows display name, not a zone ID: read as America/New_York',
    '44: no UID (RFC 5545 §3.6.1 requires one): given calfile-a719e55f8c9def91, from its SUMMARY and DTSTART',
    '63: no UID (RFC 5545 §3.6.1 requires one): given calfile-bf4985222566c726, from its SUMMARY and DTSTART',
  ],
  'corpus/exchange-bad_custom_ms_tz.ics': [
    '6: TZID "tzone://Microsoft/Custom": no VTIMEZONE defines it, and it names no IANA or Windows zone: read as floating time, in the site time zone',
  ],
  'corpus/exchange-bad_custom_ms_tz2.ics': [
    '6: TZID "Customized Time Zone 1": no VTIMEZONE defines it, and it names no IANA or Windows zone: read as floating time, in the site time zone',
  ],
  'corpus/exchange-blankTzid.ics': [
    '27: TZID "": no VTIMEZONE defines it, and it names no IANA or Windows zone: read as floating time, in the site time zone',
  ],
  'corpus/exchange-custom-tz.ics': [
    '24: TZID "(UTC+07:00) Bangkok, Hanoi, Jakarta" is a Windows display name, not a zone ID: read as Asia/Bangkok, where its VTIMEZONE agrees',
  ],
  'exchange-ms_timezones.ics': ['152: DTSTART: the closing quote of a parameter read as before its value'],
  'corpus/exchange_cdo-issue_165_missing_event.ics': [
    '20: no UID (RFC 5545 §3.6.1 requires one): given calfile-6308cb07b08cae95, from its SUMMARY and DTSTART',
    '25: RRULE: whitespace inside the rule left out',
  ],
  'corpus/exchange_cdo-tmeher.ics': [
    '23: TZID "Pacific Time (US & Canada), Tijuana" is a Windows display name, not a zone ID: read as America/Los_Angeles, where its VTIMEZONE agrees',
  ],
  'google-biweekly-exdate-until.ics': ['28: a date-time value without a time read as a date (VALUE=DATE)'],
  'corpus/google-germany_at_end_of_day_repeating.ics': [
    '3: TZID "Europe/Germany": no VTIMEZONE defines it, and it names no IANA or Windows zone: read as floating time, in the site time zone',
    '4: TZID "TZID=Europe/Germany": no VTIMEZONE defines it, and it names no IANA or Windows zone: read as floating time, in the site time zone',
  ],
  'corpus/google-parsing_error.ics': [
    '6: no UID (RFC 5545 §3.6.1 requires one): given calfile-4fb6c3009bc59b11, from its SUMMARY and DTSTART',
    '13: no UID (RFC 5545 §3.6.1 requires one): given calfile-4fb6c3009bc59b11-2, from its SUMMARY and DTSTART',
    '19: EXDATE without a value, left out: "EXDATE;VALUE=DATE:"',
  ],
  'corpus/google-timezone_from_file.ics': [
    '12: no UID (RFC 5545 §3.6.1 requires one): given calfile-febb6bea6e9e92cd, from its SUMMARY and DTSTART',
  ],
  'google_aus_holidays.ics': ['11: 181 date-time values without a time read as dates (VALUE=DATE)'],
  'corpus/khal-issue_156_RDATE_with_PERIOD_TZID.ics': [
    '5: no UID (RFC 5545 §3.6.1 requires one): given calfile-18ef477669441303, from its SUMMARY and DTSTART',
  ],
  'corpus/outlook-test_with_tz_list.ics': [
    '5: TZID "Amsterdam, Belgrade, Berlin, Brussels, Budapest, Madrid, ..." is a Windows display name, not a zone ID: read as Europe/Amsterdam',
  ],
  'corpus/outlook-windows-quoted-tz-rrule.ics': [
    '5: TZID "(UTC-05:00) Eastern Time (US and Canada)" is a Windows display name, not a zone ID: read as America/New_York',
  ],
  'corpus/outlook12-2207678.ics': [
    '22: TZID "Kuala Lumpur, Singapore" is a Windows display name, not a zone ID: read as Asia/Kuala_Lumpur, where its VTIMEZONE agrees',
  ],
  'corpus/podio-issue_350.ics': [
    '36: after the end of the VCALENDAR, left out: "X-COMMENT:Cached from 2022-02-20 14:28:21 - new at most e..."',
  ],
  'corpus/synology-test_date_duration.ics': ['15: a date-time value without a time read as a date (VALUE=DATE)'],
  'corpus/zidestore-zidestoreical4jbomb.ics': ['10: 2 date-time values without a time read as dates (VALUE=DATE)'],
}

type Time = ICAL.Time

/** A start or end as the tests compare them: `day 2026-07-04` for a DATE, else the UTC instant (ISO 8601). */
function shown(time: Time, tzid: string | undefined): string {
  if (time.isDate) return `day ${time.toString()}`
  const wall = time.toString().replace('Z', '')
  const zone = tzid === undefined ? undefined : ianaOf(tzid)
  const defined = tzid !== undefined && time.zone?.tzid === tzid
  if (time.zone?.tzid === 'UTC' || (zone === undefined && defined)) return isoOf(time.toUnixTime() * 1000)
  return isoOf(fromZonedTime(wall, zone ?? SITE_ZONE).getTime())
}

const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 19)

function ianaOf(tzid: string): string | undefined {
  if (findIana(tzid)[0]) return findIana(tzid)[0]
  if (DISPLAY_NAMES[tzid] && !ICAL.TimezoneService.has(tzid)) return DISPLAY_NAMES[tzid]
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

/**
 * An all-day event's last day: the day before its exclusive end, or the day of an end that has a time after
 * midnight (Evolution ends a day at 23:59).
 */
function lastDay(start: Time, end: Time): string {
  const last = end.clone()
  if (end.isDate || end.hour + end.minute + end.second === 0) last.adjust(-1, 0, 0, 0)
  const [first, day] = [start.toString().slice(0, 10), last.toString().slice(0, 10)]
  return `day ${day < first ? first : day}`
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
    if (typeof name !== 'string' || name === '' || ICAL.TimezoneService.get(name)) continue
    ICAL.TimezoneService.register(zone)
    registered.push(name)
  }
  try {
    const byUid = new Map<string, string[]>()
    const vevents = calendar.getAllSubcomponents('vevent')
    const uidOf = (vevent: ICAL.Component) => String(vevent.getFirstPropertyValue('uid') ?? '(no UID)')
    const add = (uid: string, spans: string[]) => byUid.set(uid, [...(byUid.get(uid) ?? []), ...spans])
    const masters = new Set<string>()
    for (const master of vevents.filter((v) => !v.hasProperty('recurrence-id'))) {
      const uid = uidOf(master)
      if (masters.has(uid) && uid !== '(no UID)') continue
      masters.add(uid)
      const overrides = vevents.filter((v) => v.hasProperty('recurrence-id') && uidOf(v) === uid)
      add(uid, instances(master, overrides))
    }
    for (const orphan of vevents.filter((v) => v.hasProperty('recurrence-id') && !masters.has(uidOf(v)))) {
      const event = new ICAL.Event(orphan)
      add(uidOf(orphan), [span(event.startDate, event.endDate, tzid(orphan, 'dtstart'), endTzid(orphan))])
    }
    return new Map([...byUid].filter(([, spans]) => spans.length > 0))
  } finally {
    for (const name of registered) ICAL.TimezoneService.remove(name)
  }
}

function instances(master: ICAL.Component, overrides: ICAL.Component[]): string[] {
  const event = new ICAL.Event(master, { exceptions: overrides, strictExceptions: true })
  const start = tzid(master, 'dtstart')
  if (!event.isRecurring()) return [span(event.startDate, event.endDate, start, endTzid(master))]
  const spans: string[] = []
  const iterator = event.iterator()
  for (let next = iterator.next(); next; next = iterator.next()) {
    // ical.js's engine hands RDATE periods out as they are, which its getOccurrenceDetails cannot take.
    const period = next instanceof ICAL.Period ? next : undefined
    const time = period ? period.start : next
    const instant = time.isDate
      ? fromZonedTime(time.toString(), SITE_ZONE).getTime()
      : Date.parse(`${shown(time, start)}Z`)
    if (instant >= WINDOW_END || spans.length === MAX_INSTANCES) break
    if (period) spans.push(span(period.start, period.getEnd(), start, start))
    else spans.push(details(event, time, start))
  }
  return spans
}

function details(event: ICAL.Event, time: Time, tzidOfSeries: string | undefined): string {
  const { item, startDate, endDate } = event.getOccurrenceDetails(time)
  if (item === event) return span(startDate, endDate, tzidOfSeries, tzidOfSeries)
  const component = item.component
  return span(startDate, endDate, tzid(component, 'dtstart'), endTzid(component))
}

const endTzid = (vevent: ICAL.Component) => tzid(vevent, vevent.hasProperty('dtend') ? 'dtend' : 'dtstart')

/** What calfile holds: each event's span as `span` writes it, by UID. */
function actual(events: ImportedEvent[]): Map<string, string[]> {
  const byUid = new Map<string, string[]>()
  for (const event of events) {
    const uid = event.ical?.uid.startsWith('calfile-') ? '(no UID)' : (event.ical?.uid as string)
    const when = event.all_day
      ? `day ${event.start_date.slice(0, 10)} → day ${event.end_date.slice(0, 10)}`
      : `${event.utc_start_date.replace(' ', 'T')} → ${event.utc_end_date.replace(' ', 'T')}`
    byUid.set(uid, [...(byUid.get(uid) ?? []), when])
  }
  return byUid
}

const sorted = (map: Map<string, string[]>) => new Map([...map].map(([uid, spans]) => [uid, [...spans].sort()]))

describe('every file of fixtures/ics imports as ical.js expands it (issue 14)', () => {
  it.each([...ICS_FILES, ...CORPUS_FILES])(
    '%s: the same events and instances, at the same instants',
    async (name) => {
      const calendar = await memoryCalendar()
      const text = icsFixture(name)
      const report = await importICalendar(calendar, [{ path: name, text }], { until: UNTIL })
      expect(report.skipped.map((skip) => `${skip.line}: ${skip.reason}`)).toEqual(SKIPS[name] ?? [])
      expect(report.notes.map((note) => `${note.line}: ${note.message}`)).toEqual(NOTES[name] ?? [])
      const events = allEvents(calendar)
      const want = expected(text)
      expect(report.added).toBe([...want.values()].flat().length)
      expect(sorted(actual(events))).toEqual(sorted(want))
      // Imported again, the file changes nothing: the UIDs given to VEVENTs without one are the same.
      const again = await importICalendar(calendar, [{ path: name, text }], { until: UNTIL })
      expect(again).toMatchObject({ added: 0, updated: 0, unchanged: report.added })
      await calendar.close()
    },
    // A few files hold series of a thousand instances and more, each an event, imported twice.
    60_000,
  )

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
