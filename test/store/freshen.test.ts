/**
 * `calendar.freshen()` (issue 10): the check before a read that catches a save the watcher missed. The watcher is
 * replaced by one that never reports anything, and calfile's file writes can be held at one point, so that a
 * check can be made to fall in the middle of a write.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { type Calendar, openCalendar } from '../../src/core/calendar.js'
import { cleanFolders, dataFile, folder, newEvent, sleep } from './store-helpers.js'

vi.mock('../../src/core/storage/watch.js', () => ({ watchFile: () => () => undefined }))

/** When set, calfile's next file write stops as it opens its temporary file, until `release` resolves. */
const hold = vi.hoisted(() => ({ next: undefined as { reached: () => void; release: Promise<void> } | undefined }))

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>()
  const wrapped = {
    ...real,
    open: async (path: Parameters<typeof real.open>[0], ...rest: any[]) => {
      const held = String(path).includes('.tmp-') ? hold.next : undefined
      if (held) {
        hold.next = undefined
        held.reached()
        await held.release
      }
      return (real.open as any)(path, ...rest)
    },
  }
  return { ...wrapped, default: wrapped }
})

/** Longer than the second a look at the file holds for. */
const STALE = 1050
const NOW = Date.UTC(2026, 6, 1, 12, 0, 0)
const calendars: Calendar[] = []
afterEach(async () => {
  hold.next = undefined
  await Promise.all(calendars.splice(0).map((calendar) => calendar.close()))
})
afterAll(cleanFolders)

async function setup(watch = true): Promise<{ file: string; calendar: Calendar; logs: string[] }> {
  const file = join(await folder(), 'calendar.json')
  writeFileSync(file, dataFile(3))
  const logs: string[] = []
  const calendar = await openCalendar(file, {
    now: () => NOW,
    watch,
    log: (level, message) => logs.push(`${level}: ${message}`),
  })
  calendars.push(calendar)
  return { file, calendar, logs }
}

/** A hand save in place that adds event `id`. */
function handSave(file: string, id: number): void {
  const document = JSON.parse(readFileSync(file, 'utf8'))
  document.events.push({ id, title: `Hand ${id}`, start_date: '2026-07-30 18:00:00', end_date: '2026-07-30 19:00:00' })
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`)
}

describe('freshen: a save the watcher missed is read before the read that awaits it', () => {
  it('once the file was last looked at over a second ago; within the second it costs nothing', async () => {
    const { file, calendar } = await setup()
    handSave(file, 5000)
    await calendar.freshen()
    expect(calendar.state.events.get(5000), 'looked at less than a second ago (when opened)').toBeUndefined()
    await sleep(STALE)
    await calendar.freshen()
    expect(calendar.state.events.get(5000)?.title).toBe('Hand 5000')
    handSave(file, 6000)
    await calendar.freshen()
    expect(calendar.state.events.get(6000)).toBeUndefined()
  })

  it('reads that arrive together wait for the same check', async () => {
    const { file, calendar } = await setup()
    await sleep(STALE)
    handSave(file, 5000)
    const first = calendar.freshen()
    expect(calendar.freshen()).toBe(first)
    await first
    expect(calendar.state.events.get(5000)?.title).toBe('Hand 5000')
  })

  it('never swaps the state in the middle of a write: the reload waits for it, and both are kept', async () => {
    const { file, calendar } = await setup()
    let release: () => void = () => undefined
    const reached = new Promise<void>((resolve) => {
      hold.next = { reached: resolve, release: new Promise<void>((done) => (release = done)) }
    })
    const created = calendar.events.create(newEvent('First'))
    await reached
    const during = calendar.state
    await sleep(STALE)
    handSave(file, 5000)
    let freshened = false
    const check = calendar.freshen().then(() => (freshened = true))
    await sleep(100)
    expect(freshened).toBe(false)
    expect(calendar.state).toBe(during)
    expect(calendar.state.events.get(5000)).toBeUndefined()
    release()
    await Promise.all([created, check])
    expect(calendar.state.events.get(5000)?.title).toBe('Hand 5000')
    const titles = JSON.parse(readFileSync(file, 'utf8')).events.map((event: { title: string }) => event.title)
    expect(titles).toEqual(['Event 0', 'Event 1', 'Event 2', 'Hand 5000', 'First'])
  })

  it('does nothing for a calendar that is not watched (--no-watch: edits are taken in at the next write)', async () => {
    const { file, calendar } = await setup(false)
    await sleep(STALE)
    handSave(file, 5000)
    await calendar.freshen()
    expect(calendar.state.events.get(5000)).toBeUndefined()
  })

  it('never rejects: a file that cannot be read is logged, reads keep the state, and writes fail instead of hanging', async () => {
    const { file, calendar, logs } = await setup()
    rmSync(file)
    mkdirSync(file)
    await sleep(STALE)
    await expect(calendar.freshen()).resolves.toBeUndefined()
    expect(logs.at(-1)).toMatch(/^error: could not read .*calendar\.json: .*EISDIR.*; reads keep the last state$/u)
    expect(calendar.state.events.size).toBe(3)
    await expect(calendar.events.create(newEvent('Refused'))).rejects.toMatchObject({
      code: 'store-write-failed',
      status: 500,
    })
  })
})
