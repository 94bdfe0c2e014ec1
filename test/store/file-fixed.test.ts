/**
 * A data file that comes back valid after it was invalid (issue 10): the log says so, with what the reload
 * brought, and writes are accepted again; a file broken again afterwards is refused again, even the same way.
 * The calendar is not watched: `refresh()` stands in for the watcher, so each step is exact.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { type Calendar, openCalendar } from '../../src/core/calendar.js'
import { cleanFolders, dataFile, folder, newEvent } from './store-helpers.js'

const NOW = Date.UTC(2026, 6, 1, 12, 0, 0)
const calendars: Calendar[] = []
afterEach(async () => {
  await Promise.all(calendars.splice(0).map((calendar) => calendar.close()))
})
afterAll(cleanFolders)

const valid = dataFile(3)
const broken = valid.replace('"title": "Event 1",', '"title": "Event 1"')
const withOneMore = dataFile(3, [
  { id: 50, title: 'Added while fixing', start_date: '2026-07-20 10:00:00', end_date: '2026-07-20 11:00:00' },
])

async function setup(): Promise<{ file: string; calendar: Calendar; logs: string[] }> {
  const file = join(await folder(), 'calendar.json')
  writeFileSync(file, valid)
  const logs: string[] = []
  const calendar = await openCalendar(file, {
    now: () => NOW,
    log: (level, message) => logs.push(`${level}: ${message}`),
  })
  calendars.push(calendar)
  return { file: calendar.file as string, calendar, logs }
}

/** Saves `text` and lets the calendar look at it, as the watcher would. */
async function save(calendar: Calendar, file: string, text: string): Promise<void> {
  writeFileSync(file, text)
  await calendar.refresh()
}

describe('a data file valid again after it was invalid', () => {
  it('logs "valid again" with what the reload brought, and accepts writes again', async () => {
    const { file, calendar, logs } = await setup()
    await save(calendar, file, broken)
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatch(/^error: .*calendar\.json is invalid \(1 problem\):\nJSON syntax error: comma expected/u)
    await expect(calendar.events.create(newEvent('Refused'))).rejects.toMatchObject({ code: 'store-file-invalid' })

    await save(calendar, file, withOneMore)
    expect(logs.slice(1)).toEqual([
      `info: ${file} is valid again: reloaded (4 events (+1), 1 venues, 1 organizers, 1 categories, 0 tags); writes are accepted again`,
    ])
    expect(calendar.invalid).toBeUndefined()
    expect((await calendar.events.create(newEvent('Accepted'))).title).toBe('Accepted')
  })

  it('says so too when the fix puts back exactly what was loaded, and logs an ordinary reload as before', async () => {
    const { file, calendar, logs } = await setup()
    await save(calendar, file, broken)
    await save(calendar, file, valid)
    expect(logs.at(-1)).toBe(`info: ${file} is valid again: it holds what was last loaded; writes are accepted again`)
    await save(calendar, file, withOneMore)
    expect(logs.at(-1)).toBe(`info: reloaded ${file}: 4 events (+1), 1 venues, 1 organizers, 1 categories, 0 tags`)
    expect(logs.filter((line) => line.includes('valid again'))).toHaveLength(1)
  })

  it('a file broken again the same way after the fix is refused again, and left as it is', async () => {
    const { file, calendar, logs } = await setup()
    await save(calendar, file, broken)
    await save(calendar, file, valid)
    await save(calendar, file, broken)
    expect(calendar.invalid?.problems[0]?.message).toBe('JSON syntax error: comma expected')
    expect(logs.filter((line) => line.startsWith('error: '))).toHaveLength(2)
    await expect(calendar.events.create(newEvent('Refused'))).rejects.toMatchObject({ code: 'store-file-invalid' })
    expect(readFileSync(file, 'utf8')).toBe(broken)
  })
})
