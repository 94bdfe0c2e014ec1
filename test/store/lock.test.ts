import { existsSync, statSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type Calendar, openCalendar } from '../../src/core/calendar.js'
import { CalendarError } from '../../src/core/errors.js'
import {
  cleanFolders,
  dataFile,
  folder,
  freePort,
  getJson,
  killAll,
  newEvent,
  postJson,
  runCli,
  sleep,
  startServe,
  waitFor,
  watcherArmed,
} from './store-helpers.js'

const calendars: Calendar[] = []
afterEach(async () => {
  await killAll()
  await Promise.all(calendars.splice(0).map((calendar) => calendar.close()))
})
afterAll(cleanFolders)

/** proper-lockfile's staleness in src/core/file/lock.ts: a lock not refreshed for this long is taken over. */
const STALE_MS = 10_000

/**
 * A server SIGKILLed at the start of this file, and a start tried right after (refused: the lock is still fresh).
 * The last test waits for its lock to go stale; the other tests run meanwhile.
 */
let killed: { file: string; killedAt: number; early: Promise<{ code: number | null; stdout: string; stderr: string }> }
beforeAll(async () => {
  const file = await dataFileIn()
  const server = await startServe(file)
  await server.stop('SIGKILL')
  killed = { file, killedAt: Date.now(), early: runCli(['serve', file, '--port', String(await freePort()), '--quiet']) }
})

async function dataFileIn(events = 3): Promise<string> {
  const file = join(await folder(), 'calendar.json')
  await writeFile(file, dataFile(events))
  return file
}

describe('one writer per data file (real processes)', () => {
  it('refuses a second `calfile serve` on the same file with one clear line and exit status 1', async () => {
    const file = await dataFileIn()
    const first = await startServe(file)
    const before = await readFile(file, 'utf8')
    const second = await runCli(['serve', file, '--port', String(await freePort()), '--quiet'])
    expect(second.code).toBe(1)
    const lines = (second.stderr + second.stdout).trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/is in use by another calfile process/u)
    expect(lines[0]).toContain(`${file}.lock`)
    expect(lines[0]).toMatch(/--read-only/u)
    // The first server is unaffected and still the writer.
    expect(await readFile(file, 'utf8')).toBe(before)
    expect((await postJson(`${first.base}/events`, newEvent('Still writing'))).status).toBe(201)
  })

  it('--read-only serves reads beside the writer, follows its writes, and answers writes with 503 store-read-only', async () => {
    const file = await dataFileIn()
    const writer = await startServe(file)
    const reader = await startServe(file, ['--read-only'])
    await watcherArmed(reader, file)
    expect((await getJson(`${reader.base}/events/1000`)).body.title).toBe('Event 0')
    for (const [method, path, body] of [
      ['POST', '/events', newEvent('Refused')],
      ['PUT', '/events/1000', { title: 'Refused' }],
      ['DELETE', '/events/1000', undefined],
      ['POST', '/venues', { venue: 'Refused' }],
    ] as const) {
      const response = await fetch(`${reader.base}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      expect([method, path, response.status, (await response.json()).code]).toEqual([method, path, 503, 'store-read-only'])
    }
    const created = await postJson(`${writer.base}/events`, newEvent('Written by the writer'))
    expect(created.status).toBe(201)
    expect(await waitFor(async () => (await getJson(`${reader.base}/events/${created.body.id}`)).status === 200)).toBe(true)

    // The reader holds no lock: stopping it leaves the writer's lock, and the writer keeps writing.
    expect((await reader.stop('SIGTERM')).code).toBe(0)
    expect(existsSync(`${file}.lock`)).toBe(true)
    expect((await postJson(`${writer.base}/events`, newEvent('After the reader left'))).status).toBe(201)
  })

  it.each(['SIGTERM', 'SIGINT'] as const)('releases the lock on %s, so a new server can start at once', async (signal) => {
    const file = await dataFileIn()
    const first = await startServe(file)
    expect(existsSync(`${file}.lock`)).toBe(true)
    expect(await first.stop(signal)).toEqual({ code: 0, signal: null })
    expect(existsSync(`${file}.lock`)).toBe(false)
    const next = await startServe(file)
    expect((await postJson(`${next.base}/events`, newEvent('Next server'))).status).toBe(201)
  })

  it(`recovers the stale lock of a SIGKILLed server (after proper-lockfile's ${STALE_MS / 1000} s)`, async () => {
    // The server was SIGKILLed in beforeAll, so the 10 s it takes a lock to go stale ran during the tests above.
    const { file, killedAt } = killed
    const early = await killed.early
    expect(early.code).toBe(1)
    expect(early.stderr + early.stdout).toMatch(/in use by another calfile process/u)
    const lock = `${file}.lock`
    expect(existsSync(lock)).toBe(true)

    // Once the lock has not been refreshed for 10 s it is stale, and a new server takes it over.
    const staleAt = statSync(lock).mtimeMs + STALE_MS + 300
    await sleep(Math.max(0, staleAt - Date.now()))
    const next = await startServe(file)
    console.log(`stale lock recovered ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the SIGKILL`)
    expect(Date.now() - killedAt).toBeGreaterThan(STALE_MS - 2500)
    expect((await postJson(`${next.base}/events`, newEvent('After recovery'))).status).toBe(201)
    expect(existsSync(lock)).toBe(true)
    expect(await next.stop('SIGTERM')).toEqual({ code: 0, signal: null })
    expect(existsSync(lock)).toBe(false)
  }, 30_000)
})

describe('the lock through the library', () => {
  it('a second writable openCalendar on the same file is refused with 409 store-locked until the first closes', async () => {
    const file = await dataFileIn()
    const first = await openCalendar(file)
    calendars.push(first)
    const refused = await openCalendar(file).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(CalendarError)
    expect(refused).toMatchObject({ code: 'store-locked', status: 409 })
    const reader = await openCalendar(file, { readOnly: true })
    calendars.push(reader)
    await expect(reader.events.create(newEvent('x'))).rejects.toMatchObject({ code: 'store-read-only', status: 503 })
    await first.close()
    expect(existsSync(`${file}.lock`)).toBe(false)
    const second = await openCalendar(file)
    calendars.push(second)
    await second.events.create(newEvent('Second writer'))
    expect(existsSync(`${file}.lock`)).toBe(true)
  })
})
