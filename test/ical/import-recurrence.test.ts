/**
 * Issue 14: recurring VEVENTs become one event per instance within the window (RFC 5545 §3.8.5: RRULE with
 * COUNT, UNTIL and BYDAY, RDATE, EXDATE; §3.8.4.4 RECURRENCE-ID overrides), each a child of the first
 * (`post_parent`) with its own slug; the window is never unbounded.
 */
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { importICalendar } from '../../src/ical/import/import.js'
import { expandSeries, MAX_INSTANCES } from '../../src/ical/import/import-plan.js'
import { allEvents, memoryCalendar, vcalendar, vevent } from './import-helpers.js'

async function importText(text: string, until?: string) {
  const calendar = await memoryCalendar()
  const report = await importICalendar(calendar, [{ path: 'series.ics', text }], until ? { until } : {})
  return { calendar, report, events: allEvents(calendar) }
}

const WEEKLY = [
  'UID:weekly',
  'SUMMARY:Weekly sync',
  'DTSTART;TZID=America/New_York:20260707T100000',
  'DTEND;TZID=America/New_York:20260707T110000',
  'RRULE:FREQ=WEEKLY;COUNT=6;BYDAY=TU,TH',
  'EXDATE;TZID=America/New_York:20260709T100000',
]

describe('a series: one event per instance', () => {
  it('RRULE COUNT and BYDAY, EXDATE, an override that moves an instance and one that cancels another', async () => {
    const text = vcalendar(
      vevent(...WEEKLY),
      vevent(
        'UID:weekly',
        'RECURRENCE-ID;TZID=America/New_York:20260714T100000',
        'SUMMARY:Weekly sync (moved)',
        'DTSTART;TZID=America/New_York:20260714T150000',
        'DTEND;TZID=America/New_York:20260714T160000',
      ),
      vevent(
        'UID:weekly',
        'RECURRENCE-ID;TZID=America/New_York:20260716T100000',
        'SUMMARY:Weekly sync',
        'STATUS:CANCELLED',
        'DTSTART;TZID=America/New_York:20260716T100000',
        'DTEND;TZID=America/New_York:20260716T110000',
      ),
    )
    const { calendar, report, events } = await importText(text)
    expect(report).toMatchObject({ added: 5, updated: 0, unchanged: 0, skipped: [] })
    expect(events.map((e) => [e.start_date, e.title, e.status])).toEqual([
      ['2026-07-07 10:00:00', 'Weekly sync', 'publish'],
      ['2026-07-14 15:00:00', 'Weekly sync (moved)', 'publish'],
      ['2026-07-16 10:00:00', 'Weekly sync', 'draft'],
      ['2026-07-21 10:00:00', 'Weekly sync', 'publish'],
      ['2026-07-23 10:00:00', 'Weekly sync', 'publish'],
    ])
    expect(events.map((e) => e.slug)).toEqual([
      'weekly-sync-2026-07-07',
      'weekly-sync-moved-2026-07-14',
      'weekly-sync-2026-07-16',
      'weekly-sync-2026-07-21',
      'weekly-sync-2026-07-23',
    ])
    const [first, ...rest] = events
    expect(allEvents(calendar, { post_parent: first?.id }).map((e) => e.id)).toEqual(rest.map((e) => e.id))
    expect(events.map((e) => e.ical?.recurrence_id)).toEqual([
      '20260707T140000Z',
      '20260714T140000Z',
      '20260716T140000Z',
      '20260721T140000Z',
      '20260723T140000Z',
    ])
    await calendar.close()
  })

  it('RRULE UNTIL with RDATEs, a date-time and a period (its own end)', async () => {
    const text = vcalendar(
      vevent(
        'UID:until',
        'SUMMARY:Course',
        'DTSTART:20260901T160000Z',
        'DTEND:20260901T180000Z',
        'RRULE:FREQ=WEEKLY;UNTIL=20260915T160000Z',
        'RDATE:20261001T160000Z',
        'RDATE;VALUE=PERIOD:20261005T090000Z/20261005T170000Z',
      ),
    )
    const { calendar, events } = await importText(text)
    expect(events.map((e) => [e.utc_start_date, e.utc_end_date])).toEqual([
      ['2026-09-01 16:00:00', '2026-09-01 18:00:00'],
      ['2026-09-08 16:00:00', '2026-09-08 18:00:00'],
      ['2026-09-15 16:00:00', '2026-09-15 18:00:00'],
      ['2026-10-01 16:00:00', '2026-10-01 18:00:00'],
      ['2026-10-05 09:00:00', '2026-10-05 17:00:00'],
    ])
    await calendar.close()
  })

  it('an open-ended rule stops at --until (site zone, that day included), by default a year after now', async () => {
    const text = vcalendar(vevent('UID:daily', 'SUMMARY:Standup', 'DTSTART:20260625T133000Z', 'RRULE:FREQ=DAILY'))
    const until = await importText(text, '2026-07-10')
    expect(until.events).toHaveLength(16)
    expect(until.events.at(-1)?.start_date).toBe('2026-07-10 09:30:00')
    expect(until.report.until).toBe('2026-07-10')
    // NOW is 2026-07-01: a year later, 2027-07-01, is the last day.
    const byDefault = await importText(text)
    expect(byDefault.report.until).toBe('2027-07-01')
    expect(byDefault.events.at(-1)?.start_date).toBe('2027-07-01 09:30:00')
    await Promise.all([until.calendar.close(), byDefault.calendar.close()])
  })

  it('never unbounded: a series stops after MAX_INSTANCES, and says so', () => {
    const [series] = new ICAL.Component(
      ICAL.parse(vcalendar(vevent('UID:s', 'DTSTART:20260101T000000Z', 'RRULE:FREQ=SECONDLY'))),
    ).getAllSubcomponents('vevent')
    const expansion = expandSeries(series as ICAL.Component, [], () => true)
    expect(expansion.instances).toHaveLength(MAX_INSTANCES)
    expect(expansion.stopped).toMatch(/more than 5000 instances/u)
  })
})

describe('what a series leaves out, and says why', () => {
  it('an override of no instance; a zone nothing defines is floating; an override without its series stands alone', async () => {
    const text = vcalendar(
      vevent(...WEEKLY),
      vevent('UID:weekly', 'RECURRENCE-ID;TZID=America/New_York:20260708T100000', 'DTSTART:20260708T150000Z'),
      vevent('UID:nowhere', 'SUMMARY:Lost', 'DTSTART;TZID=Mars/Olympus:20260707T100000', 'RRULE:FREQ=DAILY;COUNT=3'),
      vevent('UID:lone', 'SUMMARY:Lone', 'RECURRENCE-ID:20260801T100000Z', 'DTSTART:20260801T120000Z'),
    )
    const { calendar, report, events } = await importText(text)
    expect(report.skipped).toEqual([
      {
        path: 'series.ics',
        line: 12,
        uid: 'weekly',
        reason: 'its RECURRENCE-ID names no instance of its series',
      },
    ])
    // A TZID nothing defines is read as ical.js reads it, floating: the same wall times in the site zone, noted.
    expect(report.notes).toEqual([
      {
        path: 'series.ics',
        line: 20,
        message:
          'TZID "Mars/Olympus": no VTIMEZONE defines it, and it names no IANA or Windows zone: read as floating time, in the site time zone',
      },
    ])
    expect(events.filter((e) => e.title === 'Lost').map((e) => e.start_date)).toEqual([
      '2026-07-07 10:00:00',
      '2026-07-08 10:00:00',
      '2026-07-09 10:00:00',
    ])
    expect(events.find((e) => e.title === 'Lone')?.ical).toMatchObject({
      uid: 'lone',
      recurrence_id: '20260801T100000Z',
    })
    expect(report.added).toBe(5 + 3 + 1)
    await calendar.close()
  })
})
