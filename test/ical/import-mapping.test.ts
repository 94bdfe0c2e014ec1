/**
 * Issue 14: what a VEVENT becomes (RFC 5545 §3.8 → docs/responses.md#event/docs/writes.md): its texts, venue,
 * organizer, categories, website, status, TRANSP, and its dates in every form a TZID takes: an IANA name with or
 * without a VTIMEZONE, a Windows name, a zone only its VTIMEZONE defines, UTC, floating, all-day and multi-day.
 */
import { describe, expect, it } from 'vitest'
import { importICalendar } from '../../src/ical/import/import.js'
import { allEvents, type ImportedEvent, memoryCalendar, vcalendar, vevent } from './import-helpers.js'

/** A zone named by no IANA or Windows name, defined only by its VTIMEZONE: UTC+03:30 all year. */
const CUSTOM_ZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Customized Time Zone',
  'BEGIN:STANDARD',
  'DTSTART:16010101T000000',
  'TZOFFSETFROM:+0330',
  'TZOFFSETTO:+0330',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n')

async function imported(...body: string[]): Promise<Map<string, ImportedEvent>> {
  const calendar = await memoryCalendar({
    venues: [{ id: 5, venue: 'Blue Room', city: 'Boston' }],
    categories: [{ id: 3, name: 'Music' }],
  })
  const report = await importICalendar(calendar, [{ path: 'test.ics', text: vcalendar(...body) }])
  expect(report.skipped).toEqual([])
  const events = allEvents(calendar)
  await calendar.close()
  return new Map(events.map((event) => [event.ical?.uid as string, event]))
}

describe('VEVENT fields → event fields', () => {
  it('SUMMARY, DESCRIPTION (text made HTML), URL, LOCATION with GEO, ORGANIZER, CATEGORIES', async () => {
    const events = await imported(
      vevent(
        'UID:full',
        'DTSTART;TZID=America/New_York:20260704T200000',
        'DTEND;TZID=America/New_York:20260704T230000',
        'SUMMARY:Jazz night',
        'DESCRIPTION:Bring <friends> & family\\nat eight\\n\\nDoors open at 7\\, sharp',
        'URL:https://jazz.example.org/night',
        'LOCATION:blue room',
        'GEO:42.35;-71.06',
        'ORGANIZER;CN=Jazz Society:mailto:hi@jazz.example.org',
        'CATEGORIES:music,Outdoors',
        'CATEGORIES:Family',
      ),
    )
    const event = events.get('full') as ImportedEvent
    expect(event.title).toBe('Jazz night')
    expect(event.description).toBe(
      '<p>Bring &lt;friends&gt; &amp; family<br />\nat eight</p>\n<p>Doors open at 7, sharp</p>',
    )
    expect(event.website).toBe('https://jazz.example.org/night')
    // Found by name, case aside: the existing venue, not a new one.
    expect(event.venue).toMatchObject({ id: 5, venue: 'Blue Room' })
    expect(event.organizer).toMatchObject([{ organizer: 'Jazz Society', email: 'hi@jazz.example.org' }])
    // Every CATEGORIES value, the existing Music found by name; the event shows them by name, as TEC does.
    expect(event.categories.map((term) => term.name)).toEqual(['Family', 'Music', 'Outdoors'])
    expect(event.status).toBe('publish')
  })

  it("a new venue keeps GEO's coordinates; X-ALT-DESC's HTML wins over DESCRIPTION; no SUMMARY", async () => {
    const events = await imported(
      vevent(
        'UID:html',
        'DTSTART:20260704T200000Z',
        'DESCRIPTION:plain',
        'X-ALT-DESC;FMTTYPE=text/html:<p><b>rich</b></p>',
        'LOCATION:Green Room',
        'GEO:42.5;-70.9',
      ),
    )
    const event = events.get('html') as ImportedEvent
    expect(event.title).toBe('(no title)')
    expect(event.description).toBe('<p><b>rich</b></p>')
    expect(event.venue).toMatchObject({ venue: 'Green Room', geo_lat: 42.5, geo_lng: -70.9 })
  })

  it('STATUS:CANCELLED is a draft, CLASS:PRIVATE private, TRANSP:TRANSPARENT kept in the ical key', async () => {
    const events = await imported(
      vevent('UID:cancelled', 'DTSTART:20260704T200000Z', 'SUMMARY:Off', 'STATUS:CANCELLED'),
      vevent('UID:private', 'DTSTART:20260704T200000Z', 'SUMMARY:Mine', 'CLASS:PRIVATE'),
      vevent('UID:free', 'DTSTART:20260704T200000Z', 'SUMMARY:Busy not', 'TRANSP:TRANSPARENT', 'STATUS:TENTATIVE'),
    )
    expect(events.get('cancelled')?.status).toBe('draft')
    expect(events.get('private')?.status).toBe('private')
    expect(events.get('free')?.status).toBe('publish')
    expect(events.get('free')?.ical).toMatchObject({ uid: 'free', transp: 'TRANSPARENT' })
    expect(events.get('private')?.ical).not.toHaveProperty('transp')
  })
})

describe('dates: every form of DTSTART and DTEND (RFC 5545 §3.3.4, §3.3.5)', () => {
  it('TZID: an IANA name without VTIMEZONE, a Windows name, a zone only a VTIMEZONE defines', async () => {
    const events = await imported(
      CUSTOM_ZONE,
      vevent('UID:iana', 'DTSTART;TZID=Europe/Paris:20260704T200000', 'DTEND;TZID=Europe/Paris:20260704T220000'),
      vevent(
        'UID:windows',
        'DTSTART;TZID=W. Europe Standard Time:20260704T200000',
        'DTEND;TZID=W. Europe Standard Time:20260704T210000',
      ),
      vevent(
        'UID:custom',
        'DTSTART;TZID=Customized Time Zone:20260704T200000',
        'DTEND;TZID=Customized Time Zone:20260704T210000',
      ),
    )
    expect(events.get('iana')).toMatchObject({ timezone: 'Europe/Paris', start_date: '2026-07-04 20:00:00' })
    expect(events.get('iana')?.utc_start_date).toBe('2026-07-04 18:00:00')
    expect(events.get('windows')).toMatchObject({ timezone: 'Europe/Berlin', start_date: '2026-07-04 20:00:00' })
    // The same instant (16:30 UTC) in the site zone.
    expect(events.get('custom')).toMatchObject({ timezone: 'America/New_York', start_date: '2026-07-04 12:30:00' })
    expect(events.get('custom')?.utc_end_date).toBe('2026-07-04 17:30:00')
  })

  it('UTC is the same instant in the site zone; a floating time the same wall time there', async () => {
    const events = await imported(
      vevent('UID:utc', 'DTSTART:20260704T200000Z', 'DTEND:20260704T210000Z'),
      vevent('UID:floating', 'DTSTART:20260704T200000', 'DURATION:PT90M'),
    )
    expect(events.get('utc')).toMatchObject({ timezone: 'America/New_York', start_date: '2026-07-04 16:00:00' })
    expect(events.get('floating')).toMatchObject({
      timezone: 'America/New_York',
      start_date: '2026-07-04 20:00:00',
      end_date: '2026-07-04 21:30:00',
    })
  })

  it('an end in another zone than the start is the same instant in the start zone', async () => {
    const events = await imported(
      vevent(
        'UID:flight',
        'DTSTART;TZID=America/Phoenix:20260704T074500',
        'DTEND;TZID=America/Los_Angeles:20260704T095500',
      ),
    )
    expect(events.get('flight')).toMatchObject({ start_date: '2026-07-04 07:45:00', end_date: '2026-07-04 09:55:00' })
    expect(events.get('flight')?.utc_end_date).toBe('2026-07-04 16:55:00')
  })

  it('all-day and multi-day: DATE values, the end exclusive; a timed event over several days', async () => {
    const events = await imported(
      vevent('UID:day', 'DTSTART;VALUE=DATE:20260704', 'DTEND;VALUE=DATE:20260705'),
      vevent('UID:trip', 'DTSTART;VALUE=DATE:20261011', 'DTEND;VALUE=DATE:20261014'),
      vevent('UID:no-end', 'DTSTART;VALUE=DATE:20261225'),
      vevent(
        'UID:long',
        'DTSTART;TZID=America/New_York:20260704T180000',
        'DTEND;TZID=America/New_York:20260706T120000',
      ),
    )
    expect(events.get('day')).toMatchObject({
      all_day: true,
      start_date: '2026-07-04 00:00:00',
      end_date: '2026-07-04 23:59:59',
    })
    expect(events.get('trip')).toMatchObject({
      all_day: true,
      start_date: '2026-10-11 00:00:00',
      end_date: '2026-10-13 23:59:59',
    })
    expect(events.get('no-end')).toMatchObject({ start_date: '2026-12-25 00:00:00', end_date: '2026-12-25 23:59:59' })
    expect(events.get('long')).toMatchObject({ all_day: false, end_date: '2026-07-06 12:00:00' })
  })
})

describe("producers' known mistakes are read as meant, and noted", () => {
  it("Exchange's quote after the value, Google's dates without VALUE=DATE", async () => {
    const calendar = await memoryCalendar()
    const text = vcalendar(
      vevent('UID:exchange', 'DTSTART;TZID="W. Europe Standard Time:20260704T090000"', 'DURATION:PT30M'),
      vevent('UID:google', 'DTSTART;TZID=America/Los_Angeles:20261225', 'DURATION:PT86400S', 'EXDATE:20271225'),
    )
    const report = await importICalendar(calendar, [{ path: 'quirks.ics', text }])
    expect(report.notes).toEqual([
      { path: 'quirks.ics', line: 6, message: 'DTSTART: the closing quote of a parameter read as before its value' },
      { path: 'quirks.ics', line: 11, message: '2 date-time values without a time read as dates (VALUE=DATE)' },
    ])
    const events = new Map(allEvents(calendar).map((event) => [event.ical?.uid, event]))
    expect(events.get('exchange')).toMatchObject({ timezone: 'Europe/Berlin', start_date: '2026-07-04 09:00:00' })
    expect(events.get('google')).toMatchObject({ all_day: true, start_date: '2026-12-25 00:00:00' })
    await calendar.close()
  })
})
