/**
 * "A write never replaces content the server has not seen" (issue 4), at the exact moments where a hand save can
 * land while calfile writes: the file system calls of the store are wrapped so that a hand save happens at one
 * precise point of calfile's write cycle, every time. The hand saves are made the careful way (read the current
 * file, add an event, save), so any loss is calfile's. The moments after calfile's temporary file is written are
 * the storage code's own test seam's (test/store/save-points.test.ts).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { type Calendar, openCalendar } from '../../src/core/calendar.js'
import { cleanFolders, dataFile, folder, newEvent } from './store-helpers.js'

/** One hand save to run at a point of calfile's write cycle (then removed), for paths that `match`. */
const hooks = vi.hoisted(() => ({
  /** When calfile opens its temporary file, i.e. after it last checked the data file. */
  beforeOpenTemporary: undefined as ((path: string) => void) | undefined,
  /** After calfile has read the data file, before it looks at the file's stat. */
  afterRead: undefined as ((path: string) => void) | undefined,
}))

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>()
  const take = <K extends keyof typeof hooks>(key: K) => {
    const hook = hooks[key]
    hooks[key] = undefined
    return hook
  }
  const wrapped = {
    ...real,
    open: async (path: Parameters<typeof real.open>[0], ...rest: any[]) => {
      if (String(path).includes('.tmp-')) take('beforeOpenTemporary')?.(String(path))
      const handle: import('node:fs/promises').FileHandle = await (real.open as any)(path, ...rest)
      // The store reads the data file through a handle (`readBytes`): it has read it once the handle is closed.
      if (typeof path === 'string' && path.endsWith('calendar.json')) {
        const close = handle.close.bind(handle)
        handle.close = async () => {
          await close()
          take('afterRead')?.(path)
        }
      }
      return handle
    },
  }
  return { ...wrapped, default: wrapped }
})

const NOW = Date.UTC(2026, 6, 1, 12, 0, 0)
const calendars: Calendar[] = []
afterEach(async () => {
  hooks.beforeOpenTemporary = hooks.afterRead = undefined
  await Promise.all(calendars.splice(0).map((calendar) => calendar.close()))
})
afterAll(cleanFolders)

async function setup(): Promise<{ file: string; calendar: Calendar }> {
  const file = join(await folder(), 'calendar.json')
  writeFileSync(file, dataFile(3))
  const calendar = await openCalendar(file, { now: () => NOW, watch: false })
  calendars.push(calendar)
  return { file, calendar }
}

/** A careful hand save: reads the file as it is now, adds event `id`, saves in place or by rename. */
function handSave(file: string, id: number, save: 'in place' | 'rename'): void {
  const document = JSON.parse(readFileSync(file, 'utf8'))
  document.events.push({ id, title: `Hand ${id}`, start_date: '2026-07-30 18:00:00', end_date: '2026-07-30 19:00:00' })
  const text = `${JSON.stringify(document, null, 2)}\n`
  if (save === 'in place') writeFileSync(file, text)
  else {
    writeFileSync(`${file}.editor-save`, text)
    renameSync(`${file}.editor-save`, file)
  }
}

function titlesOnDisk(file: string): string[] {
  return JSON.parse(readFileSync(file, 'utf8')).events.map((event: { title: string }) => event.title)
}

describe.each(['in place', 'rename'] as const)(
  'a hand save (%s) at a precise moment of a calfile write is kept',
  (save) => {
    it('while calfile writes its temporary file (after its last look at the data file, before the rename)', async () => {
      const { file, calendar } = await setup()
      let fired = 0
      hooks.beforeOpenTemporary = () => {
        fired++
        handSave(file, 5000, save)
      }
      await calendar.events.create(newEvent('First'))
      expect(fired).toBe(1)
      expect(titlesOnDisk(file)).toEqual(['Event 0', 'Event 1', 'Event 2', 'Hand 5000', 'First'])
      expect(calendar.state.events.get(5000)?.title).toBe('Hand 5000')
    })

    it('while calfile re-reads a hand-edited file before a write (between its read and its stat)', async () => {
      const { file, calendar } = await setup()
      handSave(file, 5000, save)
      let fired = 0
      hooks.afterRead = (path) => {
        fired++
        handSave(path, 6000, save)
      }
      await calendar.events.create(newEvent('First'))
      expect(fired).toBe(1)
      await calendar.events.create(newEvent('Second'))
      const titles = titlesOnDisk(file)
      expect(titles).toContain('Hand 5000')
      expect(titles).toContain('Hand 6000')
      expect(titles.filter((title) => title === 'First' || title === 'Second')).toEqual(['First', 'Second'])
    })
  },
)
