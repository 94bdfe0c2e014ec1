/**
 * The TZIDs the import reads beyond IANA names: Windows IDs and the display names Outlook writes instead of them,
 * checked against the offset the name shows; and what a TZID nothing defines becomes.
 */
import { describe, expect, it } from 'vitest'
import { importICalendar } from '../../src/ical/import/import.js'
import { ianaOfWindowsDisplayName, ianaZone } from '../../src/ical/import/import-zones.js'
import { allEvents, memoryCalendar, vcalendar, vevent } from './import-helpers.js'

describe('Windows display names as TZIDs', () => {
  it('reads the places, or the description as a Windows ID, where the offset shown agrees', () => {
    expect(ianaOfWindowsDisplayName('(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna')).toBe(
      'Europe/Amsterdam',
    )
    expect(ianaOfWindowsDisplayName('(UTC-05:00) Eastern Time (US & Canada)')).toBe('America/New_York')
    expect(ianaOfWindowsDisplayName('(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi')).toBe('Asia/Kolkata')
    expect(ianaOfWindowsDisplayName('(UTC-10:00) Hawaii')).toBe('Pacific/Honolulu')
    expect(ianaOfWindowsDisplayName('Kuala Lumpur, Singapore')).toBe('Asia/Kuala_Lumpur')
    // The offset shown rules out a place of the same name elsewhere, and a name that is no display name is none.
    expect(ianaOfWindowsDisplayName('(UTC+03:00) Amsterdam')).toBeUndefined()
    expect(ianaOfWindowsDisplayName('Customized Time Zone 1')).toBeUndefined()
    expect(ianaZone('W. Europe Standard Time')).toBe('Europe/Berlin')
  })

  it('imports an Outlook event at its zone, and says so with the line', async () => {
    const calendar = await memoryCalendar()
    const text = vcalendar(
      vevent(
        'UID:standup',
        'SUMMARY:Stand-up',
        'DTSTART;TZID="(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna":20260706T093000',
        'DTEND;TZID="(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna":20260706T094500',
        'RRULE:FREQ=WEEKLY;COUNT=2;BYDAY=MO, WE',
      ),
    )
    const report = await importICalendar(calendar, [{ path: 'outlook.ics', text }], { until: '2027-06-30' })
    expect(report.notes.map((note) => `${note.line}: ${note.message}`)).toEqual([
      '7: TZID "(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna" is a Windows display name, not a zone ID: read as Europe/Amsterdam',
      '9: RRULE: whitespace inside the rule left out',
    ])
    expect(allEvents(calendar).map((event) => `${event.utc_start_date} ${event.timezone}`)).toEqual([
      '2026-07-06 07:30:00 Europe/Amsterdam',
      '2026-07-08 07:30:00 Europe/Amsterdam',
    ])
    await calendar.close()
  })
})
