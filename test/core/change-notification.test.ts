/**
 * `calendar.onChange` (issue 13): what the page at `/` follows. Listeners hear a write once it is in the file, a
 * hand edit once it is loaded, the file turning invalid (with the 503's problems) and valid again, each with the
 * calendar's state version. The calendar is not watched: `refresh()` stands in for the watcher, so each step is exact.
 */
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { type Calendar, type CalendarChange, openCalendar } from '../../src/core/calendar.js'
import { cleanFolders, dataFile, folder, newEvent } from '../store/store-helpers.js'

const NOW = Date.UTC(2026, 6, 1, 12, 0, 0)
const calendars: Calendar[] = []
afterEach(async () => {
  await Promise.all(calendars.splice(0).map((calendar) => calendar.close()))
})
afterAll(cleanFolders)

const valid = dataFile(2)
const broken = valid.replace('"title": "Event 1",', '"title": "Event 1"')

/** A calendar on a file, and every change its listener heard (the error reduced to its code and message). */
async function setup(logs: string[] = []) {
  const file = join(await folder(), 'calendar.json')
  writeFileSync(file, valid)
  const calendar = await openCalendar(file, {
    now: () => NOW,
    log: (level, message) => logs.push(`${level}: ${message}`),
  })
  calendars.push(calendar)
  const heard: Array<Record<string, unknown>> = []
  const stop = calendar.onChange((change: CalendarChange) =>
    heard.push(
      change.kind === 'invalid'
        ? { kind: change.kind, version: change.version, code: change.error.code, message: change.error.message }
        : { ...change },
    ),
  )
  return { file: calendar.file as string, calendar, heard, stop }
}

async function save(calendar: Calendar, file: string, text: string): Promise<void> {
  writeFileSync(file, text)
  await calendar.refresh()
}

describe('calendar.onChange', () => {
  it('hears a write once it is in the file, one version per group commit', async () => {
    const { calendar, heard } = await setup()
    expect(calendar.version).toBe(0)
    await calendar.events.create(newEvent('One'))
    expect(heard).toEqual([{ kind: 'write', version: 1 }])
    // Two writes that arrive together share one file write, and one new state.
    await Promise.all([calendar.events.create(newEvent('Two')), calendar.events.create(newEvent('Three'))])
    expect(heard.at(-1)).toEqual({ kind: 'write', version: 2 })
    expect(calendar.version).toBe(2)
  })

  it('hears nothing of a write that was refused', async () => {
    const { calendar, heard } = await setup()
    await expect(calendar.events.create({ title: '' })).rejects.toMatchObject({ status: 400 })
    expect(heard).toEqual([])
    expect(calendar.version).toBe(0)
  })

  it('hears a hand edit once it is loaded, and nothing when the file holds what was loaded', async () => {
    const { file, calendar, heard } = await setup()
    await save(calendar, file, dataFile(3))
    expect(heard).toEqual([{ kind: 'reload', version: 1 }])
    expect(calendar.state.events.size).toBe(3)
    await calendar.refresh()
    expect(heard).toHaveLength(1)
  })

  it('hears the file turn invalid with the text of the 503, and valid again before the fixed content loads', async () => {
    const { file, calendar, heard } = await setup()
    await save(calendar, file, broken)
    expect(heard).toHaveLength(1)
    const [invalid] = heard
    expect(invalid).toMatchObject({ kind: 'invalid', version: 0, code: 'store-file-invalid' })
    // The very words a write answers meanwhile.
    const refused = await calendar.events.create(newEvent('Refused')).catch((error: Error) => error)
    expect(invalid?.message).toBe(refused instanceof Error ? refused.message : '')
    expect(invalid?.message).toMatch(/\(line \d+, col \d+\)/u)

    // Whoever hears of the fix sees the fixed state under its version already.
    const seen: Array<{ invalid: boolean; events: number; version: number }> = []
    calendar.onChange(() =>
      seen.push({
        invalid: calendar.invalid !== undefined,
        events: calendar.state.events.size,
        version: calendar.version,
      }),
    )
    await save(calendar, file, dataFile(3))
    expect(heard.slice(1)).toEqual([
      { kind: 'valid', version: 1 },
      { kind: 'reload', version: 1 },
    ])
    expect(seen).toEqual([
      { invalid: false, events: 3, version: 1 },
      { invalid: false, events: 3, version: 1 },
    ])
  })

  it('hears an invalid file saved invalid another way, and valid when the fix puts back what was loaded', async () => {
    const { file, calendar, heard } = await setup()
    await save(calendar, file, broken)
    await save(calendar, file, broken)
    expect(heard.map((change) => change.kind)).toEqual(['invalid'])
    await save(calendar, file, valid.replace('"title": "Event 0",', '"title": "Event 0"'))
    expect(heard.map((change) => change.kind)).toEqual(['invalid', 'invalid'])
    expect(heard[1]?.message).not.toBe(heard[0]?.message)
    await save(calendar, file, valid)
    expect(heard.slice(2)).toEqual([{ kind: 'valid', version: 0 }])
  })

  it('hears valid when an invalid file is removed', async () => {
    const { file, calendar, heard } = await setup()
    await save(calendar, file, broken)
    rmSync(file)
    await calendar.refresh()
    expect(heard.map((change) => change.kind)).toEqual(['invalid', 'valid'])
    expect(calendar.invalid).toBeUndefined()
  })

  it('stops with the function it returned, and a listener that throws is logged and harms nothing', async () => {
    const logs: string[] = []
    const { calendar, heard, stop } = await setup(logs)
    calendar.onChange(() => {
      throw new Error('listener bug')
    })
    const after: string[] = []
    calendar.onChange((change) => after.push(change.kind))
    const event = await calendar.events.create(newEvent('Kept'))
    expect(event.title).toBe('Kept')
    expect(after).toEqual(['write'])
    expect(logs).toEqual(['error: a change listener failed: Error: listener bug'])
    stop()
    await calendar.events.create(newEvent('Unheard'))
    expect(heard).toHaveLength(1)
  })
})
