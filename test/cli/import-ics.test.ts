/**
 * `calfile import ics <file.ics|folder> [--into] [--until]` (issue 14): one summary line, one line per skip, a
 * second run that changes nothing, and a bad file refused with its line while the data file stays as it was.
 * The CLI runs as a child process (a second or more each on a busy machine).
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fixture } from '../helpers.js'
import { runCli, tempDir } from './cli-helpers.js'

const SLOW = { timeout: 60_000 }
const MEETUP = 'fixtures/ics/meetup-timed-tz.ics'

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '')

describe('calfile import ics', SLOW, () => {
  it('imports a file: one summary line; a second run changes nothing', async () => {
    const into = join(await tempDir(), 'calendar.json')
    const args = ['import', 'ics', MEETUP, '--into', into, '--until', '2027-06-30']
    const first = await runCli(args)
    expect(first).toMatchObject({ code: 0, stdout: '' })
    expect(lines(first.stderr)).toEqual([
      `${MEETUP}: 1 added, 0 updated, 0 unchanged, 0 skipped (instances until 2027-06-30)`,
    ])
    const data = JSON.parse(await readFile(into, 'utf8'))
    expect(data.events[0]).toMatchObject({
      title: 'Phoenix Drupal User Group Monthly Meetup',
      start_date: '2011-11-09 19:00:00',
      timezone: 'America/Phoenix',
      ical: { uid: 'event_nsmxnyppbfc@meetup.com' },
    })
    const text = await readFile(into, 'utf8')
    const second = await runCli(args)
    expect(lines(second.stderr)).toEqual([
      `${MEETUP}: 0 added, 0 updated, 1 unchanged, 0 skipped (instances until 2027-06-30)`,
    ])
    expect(await readFile(into, 'utf8')).toBe(text)
  })

  it('a line per skip, after the summary', async () => {
    const folder = await tempDir()
    const source = join(folder, 'odd.ics')
    const event = (summary: string) => [
      'BEGIN:VEVENT',
      'UID:same@x',
      `SUMMARY:${summary}`,
      'DTSTART:20260704T200000Z',
      'END:VEVENT',
    ]
    await writeFile(source, ['BEGIN:VCALENDAR', ...event('Once'), ...event('Twice'), 'END:VCALENDAR'].join('\r\n'))
    const result = await runCli(['import', 'ics', source, '--into', join(folder, 'calendar.json')])
    expect(result.code).toBe(0)
    expect(lines(result.stderr)).toEqual([
      expect.stringMatching(
        /^.*odd\.ics: 1 added, 0 updated, 0 unchanged, 1 skipped \(instances until \d{4}-\d{2}-\d{2}\)$/u,
      ),
      `warning: ${source}:7: same@x: a second VEVENT with this UID and no RECURRENCE-ID`,
    ])
  })

  it('an event without a UID is imported under one made from its SUMMARY and DTSTART, with a warning', async () => {
    const folder = await tempDir()
    const source = join(folder, 'odd.ics')
    const event = ['BEGIN:VEVENT', 'SUMMARY:No UID', 'DTSTART:20260704T200000Z', 'END:VEVENT']
    await writeFile(source, ['BEGIN:VCALENDAR', ...event, 'END:VCALENDAR'].join('\r\n'))
    const result = await runCli(['import', 'ics', source, '--into', join(folder, 'calendar.json')])
    expect(result.code).toBe(0)
    expect(lines(result.stderr)).toEqual([
      expect.stringMatching(/^.*odd\.ics: 1 added, 0 updated, 0 unchanged, 0 skipped/u),
      expect.stringMatching(/^.*odd\.ics:2: no UID \(RFC 5545 §3\.6\.1 requires one\): given calfile-[0-9a-f]{16}/u),
    ])
  })

  it('a bad file: one error line naming it and its line, exit 1, the data file as it was', async () => {
    const folder = await tempDir()
    const into = join(folder, 'calendar.json')
    await writeFile(into, fixture('resources-linked.json'))
    const bad = join(folder, 'bad.ics')
    await writeFile(bad, '{"events": []}\n')
    const result = await runCli(['import', 'ics', bad, '--into', into])
    expect(result.code).toBe(1)
    expect(lines(result.stderr)).toEqual([`error: ${bad}:1: not iCalendar: "{"events": []}"`])
    expect(await readFile(into, 'utf8')).toBe(fixture('resources-linked.json'))
  })
})
