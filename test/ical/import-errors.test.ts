/**
 * Issue 14: bad input is a clear error naming the file and line — a text that is not iCalendar, a VEVENT without
 * DTSTART — and the data file is not touched when an import fails: real files in a temporary folder. Also the
 * grouping that makes it so, `Calendar.batch` (all or nothing; a call caught inside is undone alone).
 */
import { existsSync } from 'node:fs'
import { copyFile, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { importICalendar, importICalendarFile } from '../../src/ical/import/import.js'
import { tempDir } from '../cli/cli-helpers.js'
import { fixture, NOW } from '../helpers.js'
import { ICS_DIR, memoryCalendar, vcalendar, vevent } from './import-helpers.js'

async function refusal(text: string, path = 'bad.ics'): Promise<unknown> {
  const calendar = await memoryCalendar()
  try {
    return await importICalendar(calendar, [{ path, text }]).catch((error: unknown) => error)
  } finally {
    await calendar.close()
  }
}

const invalid = (message: string) => ({ code: 'import-invalid-ical', status: 400, message })

describe('bad input: an error naming the file and line', () => {
  it('a file that is not iCalendar: JSON, HTML, mail, nothing at all', async () => {
    expect(await refusal('{"events": []}\n')).toMatchObject(invalid('bad.ics:1: not iCalendar: "{"events": []}"'))
    expect(await refusal('<!doctype html>\n<html>')).toMatchObject(
      invalid('bad.ics:1: not iCalendar: "<!doctype html>"'),
    )
    expect(await refusal('Subject: hi\nBEGIN:VCALENDAR')).toMatchObject(
      invalid('bad.ics:1: not iCalendar: expected BEGIN:VCALENDAR, found "Subject: hi"'),
    )
    expect(await refusal('\n\n')).toMatchObject(invalid('bad.ics:1: not iCalendar: the file is empty'))
  })

  it('a VEVENT without DTSTART, or with a DTSTART that is no date, names its line', async () => {
    const good = vevent('UID:a', 'DTSTART:20260704T200000Z')
    expect(await refusal(vcalendar(good, vevent('UID:b', 'SUMMARY:No start')))).toMatchObject(
      invalid('bad.ics:8: VEVENT without DTSTART'),
    )
    expect(await refusal(vcalendar(vevent('UID:c', 'DTSTART:2026')))).toMatchObject(
      invalid('bad.ics:6: DTSTART: not a date or date-time (RFC 5545 §3.3.4, §3.3.5)'),
    )
  })

  it('broken structure: a line that is no content line, a BEGIN never closed, an END of another BEGIN', async () => {
    expect(await refusal(vcalendar(vevent('UID:a', 'DTSTART:20260704T200000Z', 'just words')))).toMatchObject(
      invalid('bad.ics:7: not an iCalendar content line (NAME;PARAM=...:VALUE): "just words"'),
    )
    const unclosed = ['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'DTSTART:20260704T200000Z', 'END:VCALENDAR'].join('\n')
    expect(await refusal(unclosed)).toMatchObject(
      invalid('bad.ics:4: END:VCALENDAR does not close BEGIN:VEVENT of line 2'),
    )
    // What ical.js refuses, by its own words, at its line.
    const rule = await refusal(vcalendar(vevent('UID:a', 'DTSTART:20260704T200000Z', 'RRULE:FREQ=SOMETIMES')))
    expect(rule).toMatchObject({
      code: 'import-invalid-ical',
      message: expect.stringMatching(/^bad\.ics:7: invalid frequency "SOMETIMES"/u),
    })
    expect(await refusal('BEGIN:VCALENDAR\nBEGIN:VEVENT\n')).toMatchObject(
      invalid('bad.ics:2: BEGIN:VEVENT is never closed by its END'),
    )
  })

  it('a bad --until', async () => {
    const calendar = await memoryCalendar()
    await expect(importICalendar(calendar, [], { until: '2027-02-30' })).rejects.toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { until: 'expected a day as YYYY-MM-DD, got "2027-02-30"' } },
    })
    await calendar.close()
  })
})

describe('a failed import leaves the data file untouched', () => {
  it('a folder with one bad file among good ones: nothing is written, not even a missing data file', async () => {
    const folder = await tempDir()
    await copyFile(join(ICS_DIR, 'meetup-timed-tz.ics'), join(folder, 'a-good.ics'))
    await writeFile(join(folder, 'b-bad.ics'), vcalendar(vevent('UID:x', 'SUMMARY:No start')))
    const file = join(folder, 'calendar.json')
    await writeFile(file, fixture('resources-linked.json'))
    const before = { text: await readFile(file, 'utf8'), mtime: (await stat(file)).mtimeMs }
    await expect(importICalendarFile(file, folder, { now: () => NOW })).rejects.toThrow(
      `${join(folder, 'b-bad.ics')}:4: VEVENT without DTSTART`,
    )
    expect({ text: await readFile(file, 'utf8'), mtime: (await stat(file)).mtimeMs }).toEqual(before)
    const missing = join(folder, 'missing.json')
    await expect(importICalendarFile(missing, folder, { now: () => NOW })).rejects.toThrow('VEVENT without DTSTART')
    expect(existsSync(missing)).toBe(false)
  })

  it('Calendar.batch: a rejected batch undoes every write in it; a call caught inside is undone alone', async () => {
    const file = join(await tempDir(), 'calendar.json')
    await writeFile(file, fixture('resources-linked.json'))
    const calendar = await openCalendar(file, { now: () => NOW })
    const before = await readFile(file, 'utf8')
    const body = (title: string) => ({ title, start_date: '2026-08-01 10:00:00', end_date: '2026-08-01 11:00:00' })
    const failed = calendar.batch(async ({ events, venues }) => {
      await venues.create({ venue: 'Phantom hall' })
      await events.create(body('Phantom'))
      throw new Error('half-way')
    })
    await expect(failed).rejects.toThrow('half-way')
    expect(await readFile(file, 'utf8')).toBe(before)
    const kept = await calendar.batch(async ({ events }) => {
      const refused = await events
        .create({ ...body('Backwards'), end_date: '2026-07-01 10:00:00' })
        .catch(() => 'refused')
      return [refused, (await events.create(body('Kept'))).title]
    })
    expect(kept).toEqual(['refused', 'Kept'])
    const titles = calendar.events.list({ per_page: 50, start_date: '2026-01-01' }).body.events.map((e) => e.title)
    expect(titles).toContain('Kept')
    expect(titles).not.toContain('Backwards')
    expect(titles).not.toContain('Phantom')
    await calendar.close()
  })
})
