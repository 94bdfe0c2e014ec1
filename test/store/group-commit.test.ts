import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { type Calendar, type CalendarOptions, openCalendar } from '../../src/core/calendar.js'
import type { SaveSeam } from '../../src/core/storage/atomic-file/atomic-text-file.js'
import { GroupCommit } from '../../src/core/storage/group-commit.js'
import { cleanFolders, dataFile, folder, newEvent, sleep, temporaries, validate } from './store-helpers.js'

/**
 * Counts the store's file writes (saves that took the data file's name) and can make one fail, through the storage
 * code's test seam (`SaveSeam`).
 */
const disk = { saves: new Map<string, number>(), failNextSave: false }
const seam: SaveSeam = (point, file) => {
  if (point === 'written' && disk.failNextSave) {
    disk.failNextSave = false
    throw Object.assign(new Error('EIO: i/o error (simulated)'), { code: 'EIO' })
  }
  if (point === 'saved') disk.saves.set(file, (disk.saves.get(file) ?? 0) + 1)
}

const NOW = Date.UTC(2026, 6, 1, 12, 0, 0)
const calendars: Calendar[] = []
afterEach(async () => {
  disk.failNextSave = false
  await Promise.all(calendars.splice(0).map((calendar) => calendar.close()))
})
afterAll(cleanFolders)

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

async function fileCalendar(events = 3, options: CalendarOptions = {}): Promise<{ file: string; calendar: Calendar }> {
  const file = join(await folder(), 'calendar.json')
  writeFileSync(file, dataFile(events))
  const calendar = await openCalendar(file, { now: () => NOW, saveSeam: seam, ...options })
  calendars.push(calendar)
  return { file, calendar }
}

function writesOf(file: string): number {
  return disk.saves.get(file) ?? 0
}

/** The ID of an event as the library answers it. */
function idOf(event: unknown): number {
  return (event as { id: number }).id
}

function idsOnDisk(file: string): Set<number> {
  return new Set(JSON.parse(readFileSync(file, 'utf8')).events.map((event: { id: number }) => event.id))
}

describe('GroupCommit', () => {
  it('calls made together share one flush', async () => {
    let flushes = 0
    const commit = new GroupCommit(async () => {
      flushes++
    })
    await Promise.all(Array.from({ length: 100 }, () => commit.schedule()))
    expect(flushes).toBe(1)
  })

  it('waits for the writers a flush answered, so that they write together again', async () => {
    let flushes = 0
    const commit = new GroupCommit(async () => {
      flushes++
    })
    await Promise.all(Array.from({ length: 10 }, () => commit.schedule()))
    // The 10 writers come back one a turn of the event loop, as clients answered together do.
    const again: Array<Promise<void>> = []
    for (let i = 0; i < 10; i++) {
      again.push(commit.schedule())
      await new Promise((resolve) => setImmediate(resolve))
    }
    await Promise.all(again)
    expect(flushes).toBe(2)
  })

  it('calls made while a flush runs share the next one, and settle only after it', async () => {
    const gates = [deferred(), deferred()]
    const started = [deferred(), deferred()]
    const log: string[] = []
    let flushes = 0
    const commit = new GroupCommit(async () => {
      const n = flushes++
      log.push(`flush ${n} start`)
      started[n]?.resolve()
      await gates[n]?.promise
      log.push(`flush ${n} end`)
    })
    const first = commit.schedule().then(() => log.push('first settled'))
    // The flush starts a turn later (setImmediate): a 0 ms timer may fire before or after it, so wait for the flush.
    await started[0]?.promise
    expect(log).toEqual(['flush 0 start'])
    const during = Array.from({ length: 50 }, (_, i) =>
      commit.schedule().then(() => i === 49 && log.push('50 later calls settled')),
    )
    gates[0]?.resolve()
    await first
    // The next flush starts a turn later, after waiting (at most GATHER_MS) for the writer the first one answered.
    expect(log).toEqual(['flush 0 start', 'flush 0 end', 'first settled'])
    // A timer's delay is a minimum: on a loaded machine it fires late, so wait for the flush rather than a fixed time.
    await started[1]?.promise
    expect(log).toEqual(['flush 0 start', 'flush 0 end', 'first settled', 'flush 1 start'])
    gates[1]?.resolve()
    await Promise.all(during)
    expect(flushes).toBe(2)
    expect(log.slice(4)).toEqual(['flush 1 end', '50 later calls settled'])
  })

  it('a failed flush rejects its callers, and the next flush still runs; idle() waits for all', async () => {
    let flushes = 0
    const started = deferred()
    const commit = new GroupCommit(async () => {
      flushes++
      started.resolve()
      await sleep(5)
      if (flushes === 1) throw new Error('disk full')
    })
    const failed = commit.schedule()
    await started.promise
    const next = commit.schedule()
    await expect(failed).rejects.toThrow('disk full')
    await commit.idle()
    await expect(next).resolves.toBeUndefined()
    expect(flushes).toBe(2)
  })
})

describe('Store on a real file', () => {
  it('100 concurrent creates share one or two file writes; one by one, each is its own write', async () => {
    const { file, calendar } = await fileCalendar(200)
    const before = writesOf(file)
    const created = await Promise.all(
      Array.from({ length: 100 }, (_, i) => calendar.events.create(newEvent(`Concurrent ${i}`))),
    )
    const grouped = writesOf(file) - before
    expect(grouped).toBeGreaterThanOrEqual(1)
    expect(grouped).toBeLessThanOrEqual(2)
    const onDisk = idsOnDisk(file)
    expect(created.filter((event) => !onDisk.has(idOf(event)))).toEqual([])

    const start = writesOf(file)
    for (let i = 0; i < 10; i++) await calendar.events.create(newEvent(`One by one ${i}`))
    expect(writesOf(file) - start).toBe(10)
    console.log(
      `100 concurrent creates: ${grouped} file write(s); 10 awaited one by one: ${writesOf(file) - start} file writes`,
    )
  })

  it('answers each write only once its data is in the file', async () => {
    const { file, calendar } = await fileCalendar(50)
    const checks = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        calendar.events.create(newEvent(`Checked ${i}`)).then((event) => idsOnDisk(file).has(idOf(event))),
      ),
    )
    expect(checks.every(Boolean)).toBe(true)
  })

  it('a refused change fails alone; the others of its group land', async () => {
    const { file, calendar } = await fileCalendar()
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        calendar.events.create(i === 4 ? { ...newEvent('Bad venue'), venue: 4242 } : newEvent(`Good ${i}`)),
      ),
    )
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ])
    expect((results[4] as PromiseRejectedResult).reason).toMatchObject({ status: 400 })
    const titles = JSON.parse(readFileSync(file, 'utf8')).events.map((e: { title: string }) => e.title)
    expect(titles.filter((t: string) => t.startsWith('Good'))).toHaveLength(9)
    expect(titles).not.toContain('Bad venue')
  })

  it('a failed file write answers 500 store-write-failed and leaves the state as the file is', async () => {
    const { file, calendar } = await fileCalendar()
    const text = readFileSync(file, 'utf8')
    disk.failNextSave = true
    const results = await Promise.allSettled([
      calendar.events.create(newEvent('Lost A')),
      calendar.events.create(newEvent('Lost B')),
    ])
    expect(results.map((r) => r.status === 'rejected' && (r.reason as { code: string }).code)).toEqual([
      'store-write-failed',
      'store-write-failed',
    ])
    expect(readFileSync(file, 'utf8')).toBe(text)
    expect([...calendar.state.events.values()].map((e) => e.title)).toEqual(['Event 0', 'Event 1', 'Event 2'])
    const next = await calendar.events.create(newEvent('Next'))
    expect(idsOnDisk(file).has(idOf(next))).toBe(true)
    // The temporary file of the failed write does not stay behind once a write succeeds.
    expect(await temporaries(file)).toEqual([])
  })

  it('reloads a file edited by hand before writing (watch off), so the edit is kept', async () => {
    const { file, calendar } = await fileCalendar()
    const document = JSON.parse(readFileSync(file, 'utf8'))
    document.events[1].title = 'Edited by hand'
    document.events.push({
      id: 7000,
      title: 'Added by hand',
      start_date: '2026-07-20 10:00:00',
      end_date: '2026-07-20 11:00:00',
    })
    writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`)
    const created = await calendar.events.create(newEvent('After the edit'))
    expect(created.id).toBe(7001)
    const titles = JSON.parse(readFileSync(file, 'utf8')).events.map((e: { title: string }) => e.title)
    expect(titles).toEqual(['Event 0', 'Edited by hand', 'Event 2', 'Added by hand', 'After the edit'])
  })

  it('an invalid file refuses writes with store-file-invalid, is left as it is, and is picked up once fixed', async () => {
    const log = vi.fn()
    const { file, calendar } = await fileCalendar(3, { log })
    const broken = readFileSync(file, 'utf8').replace('"2026-07-10 19:00:00"', '"soon"')
    writeFileSync(file, broken)
    await expect(calendar.events.create(newEvent('Refused'))).rejects.toMatchObject({
      code: 'store-file-invalid',
      status: 503,
      data: { problems: [{ path: 'events[0].start_date', line: expect.any(Number), column: expect.any(Number) }] },
    })
    expect(calendar.invalid?.problems[0]?.path).toBe('events[0].start_date')
    expect(calendar.state.events.size).toBe(3)
    expect(readFileSync(file, 'utf8')).toBe(broken)
    expect(log).toHaveBeenCalledWith('error', expect.stringContaining('events[0].start_date'))

    writeFileSync(file, broken.replace('"soon"', '"2026-07-10 18:00:00"').replace('"Event 1"', '"Event one"'))
    await calendar.refresh()
    expect(calendar.invalid).toBeUndefined()
    expect(calendar.state.events.get(1000)?.start_date).toBe('2026-07-10 18:00:00')
    expect(calendar.state.events.get(1001)?.title).toBe('Event one')
    await calendar.events.create(newEvent('Accepted'))
    expect(validate(readFileSync(file, 'utf8')).events.size).toBe(4)
  })

  it("with the watcher on, the store's own writes never trigger a reload", async () => {
    const log = vi.fn()
    const { file, calendar } = await fileCalendar(20, { watch: true, log })
    await Promise.all(Array.from({ length: 30 }, (_, i) => calendar.events.create(newEvent(`Own ${i}`))))
    for (let i = 0; i < 5; i++) await calendar.events.create(newEvent(`Own one by one ${i}`))
    await sleep(400)
    expect(log.mock.calls.filter(([, message]) => String(message).startsWith('reloaded'))).toEqual([])
    expect(idsOnDisk(file).size).toBe(55)
  })

  it('durability "fsync" writes the same file', async () => {
    const { file, calendar } = await fileCalendar(3, { durability: 'fsync' })
    await Promise.all(Array.from({ length: 10 }, (_, i) => calendar.events.create(newEvent(`Synced ${i}`))))
    expect(validate(readFileSync(file, 'utf8')).events.size).toBe(13)
  })

  it('close() lets pending writes land, then releases the lock', async () => {
    const { file, calendar } = await fileCalendar(200)
    const pending = Array.from({ length: 50 }, (_, i) => calendar.events.create(newEvent(`Pending ${i}`)))
    await calendar.close()
    const ids = (await Promise.all(pending)).map(idOf)
    const onDisk = idsOnDisk(file)
    expect(ids.filter((id) => !onDisk.has(id))).toEqual([])
    expect(existsSync(`${file}.lock`)).toBe(false)
  })
})
