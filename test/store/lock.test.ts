import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readFileSync, utimesSync } from 'node:fs'
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { type Calendar, openCalendar } from '../../src/core/calendar.js'
import { CalendarError } from '../../src/core/errors.js'
import { lockDataFile } from '../../src/core/storage/lock/lock.js'
import { type LockOwner, readOwner, thisProcess } from '../../src/core/storage/lock/lock-owner.js'
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
  spawnServe,
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

/** proper-lockfile's staleness in src/core/storage/lock/lock.ts: a lock not refreshed for this long is taken over. */
const STALE_MS = 10_000
/** Above Linux's largest pid_max (2^22): no process ever has this PID. */
const NO_SUCH_PID = 4_194_304

/** Processes a test started besides servers (the parents of zombies): killed after each test. */
const helpers: ChildProcess[] = []
afterEach(() => {
  for (const child of helpers.splice(0)) child.kill('SIGKILL')
})

async function dataFileIn(events = 3): Promise<string> {
  const file = join(await folder(), 'calendar.json')
  await writeFile(file, dataFile(events))
  return file
}

/**
 * A lock left on `file` as another process would leave it: the folder, an owner record (a `LockOwner`, or text
 * as it is), and an mtime `ageMs` in the past (proper-lockfile refreshes it every 2 s while its holder runs).
 */
async function leaveLock(file: string, owner: Partial<LockOwner> | string | undefined, ageMs = 0): Promise<void> {
  const lock = `${file}.lock`
  await mkdir(lock)
  if (owner !== undefined)
    await writeFile(
      join(lock, 'owner.json'),
      typeof owner === 'string' ? owner : JSON.stringify({ ...thisProcess(), ...owner }),
    )
  const at = new Date(Date.now() - ageMs)
  utimesSync(lock, at, at)
}

/** The PID of a process that has exited and been reaped. */
async function deadPid(): Promise<number> {
  const child = spawn('true')
  await new Promise((resolve) => child.once('exit', resolve))
  return child.pid as number
}

/** A child of a process that never reaps it: its PID exists, as a zombie, until that parent ends. */
async function zombiePid(): Promise<number> {
  const parent = spawn('sh', ['-c', 'sleep 0.05 & echo $!; exec sleep 60'])
  helpers.push(parent)
  const pid = Number(
    await new Promise<string>((resolve) => parent.stdout.once('data', (chunk) => resolve(String(chunk)))),
  )
  expect(await waitFor(() => /^\d+ \(.*\) Z /u.test(readFileSync(`/proc/${pid}/stat`, 'utf8')))).toBe(true)
  return pid
}

/** `calfile serve` refused with its one-line store-locked message. */
async function expectRefused(file: string): Promise<void> {
  const refused = await runCli(['serve', file, '--port', String(await freePort()), '--quiet'])
  expect(refused.code).toBe(1)
  const lines = (refused.stderr + refused.stdout).trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(/is in use by another calfile process/u)
}

/** `calfile serve` takes the lock over: it serves, writes, and the lock now names it. */
async function expectTakenOver(file: string): Promise<void> {
  const server = await startServe(file)
  expect((await postJson(`${server.base}/events`, newEvent('After the take-over'))).status).toBe(201)
  expect(await readOwner(`${file}.lock`)).toMatchObject({ pid: server.child.pid })
  expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null })
  expect(existsSync(`${file}.lock`)).toBe(false)
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
      expect([method, path, response.status, (await response.json()).code]).toEqual([
        method,
        path,
        503,
        'store-read-only',
      ])
    }
    const created = await postJson(`${writer.base}/events`, newEvent('Written by the writer'))
    expect(created.status).toBe(201)
    expect(await waitFor(async () => (await getJson(`${reader.base}/events/${created.body.id}`)).status === 200)).toBe(
      true,
    )

    // The reader holds no lock: stopping it leaves the writer's lock, and the writer keeps writing.
    expect((await reader.stop('SIGTERM')).code).toBe(0)
    expect(existsSync(`${file}.lock`)).toBe(true)
    expect((await postJson(`${writer.base}/events`, newEvent('After the reader left'))).status).toBe(201)
  })

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'releases the lock on %s, so a new server can start at once',
    async (signal) => {
      const file = await dataFileIn()
      const first = await startServe(file)
      expect(existsSync(`${file}.lock`)).toBe(true)
      expect(await first.stop(signal)).toEqual({ code: 0, signal: null })
      expect(existsSync(`${file}.lock`)).toBe(false)
      const next = await startServe(file)
      expect((await postJson(`${next.base}/events`, newEvent('Next server'))).status).toBe(201)
    },
  )

  it("a SIGKILLed server's lock is taken over by the next `calfile serve` at once", async () => {
    const file = await dataFileIn()
    let started = Date.now()
    const first = await startServe(file)
    const firstStart = Date.now() - started
    expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' })
    expect(await readOwner(`${file}.lock`)).toMatchObject({ pid: first.child.pid })

    started = Date.now()
    const next = await startServe(file)
    const restart = Date.now() - started
    console.log(
      `after a SIGKILL the next server served in ${restart} ms (a start on a free file: ${firstStart} ms; proper-lockfile alone waited ${STALE_MS / 1000} s)`,
    )
    expect(restart).toBeLessThan(STALE_MS / 2)
    expect((await postJson(`${next.base}/events`, newEvent('After the take-over'))).status).toBe(201)
    expect(await readOwner(`${file}.lock`)).toMatchObject({ pid: next.child.pid })
    expect(await next.stop('SIGTERM')).toEqual({ code: 0, signal: null })
    expect(existsSync(`${file}.lock`)).toBe(false)
  })

  it.each<[string, () => Promise<Partial<LockOwner>>]>([
    ['whose PID is gone', async () => ({ pid: await deadPid() })],
    // Telling a reused PID or a zombie from a live holder takes Linux's /proc.
    ...(process.platform === 'linux'
      ? ([
          ['whose PID now belongs to another process (same PID, another start)', async () => ({ start: '1' })],
          ['whose process exited but is not reaped (a zombie)', async () => ({ pid: await zombiePid(), start: null })],
        ] as Array<[string, () => Promise<Partial<LockOwner>>]>)
      : []),
  ])('takes over at once a fresh lock %s', async (_, owner) => {
    const file = await dataFileIn()
    await leaveLock(file, await owner())
    await expectTakenOver(file)
  })

  it.each([
    ['held by a live process (this test runner, with its start)', thisProcess()],
    ['from another host', { host: 'elsewhere.example', pid: NO_SUCH_PID }],
    ['from another PID namespace (a container sharing the hostname)', { pid: NO_SUCH_PID, pidNamespace: 'pid:[1]' }],
    ['with no owner record (its holder died before writing it)', undefined],
    ['with an unreadable owner record', '{"pid": 12'],
  ] as Array<[string, Partial<LockOwner> | string | undefined]>)('refuses a fresh lock %s', async (_, owner) => {
    const file = await dataFileIn()
    await leaveLock(file, owner)
    await expectRefused(file)
    expect(existsSync(`${file}.lock`)).toBe(true)
  })

  it(`takes over a lock it cannot judge once it has not been refreshed for ${STALE_MS / 1000} s (proper-lockfile's staleness comes first)`, async () => {
    const aged = STALE_MS + 1000
    const foreign = await dataFileIn()
    await leaveLock(foreign, { host: 'elsewhere.example', pid: NO_SUCH_PID }, aged)
    await expectTakenOver(foreign)
    // Even a live holder that stopped refreshing its lock (stopped, or its event loop blocked) loses it then.
    const stuck = await dataFileIn()
    await leaveLock(stuck, thisProcess(), aged)
    await expectTakenOver(stuck)
  })

  it('of two servers started at the same moment on a dead lock, exactly one serves and the other is refused', async () => {
    for (let round = 0; round < 3; round++) {
      const file = await dataFileIn()
      await leaveLock(file, { pid: await deadPid() })
      const servers = await Promise.all([freePort(), freePort()]).then((ports) =>
        ports.map((port) => spawnServe(file, port)),
      )
      const outcomes = await Promise.all(
        servers.map(async (server) => {
          const settled = await Promise.race([
            server.exited.then((exit) => ({ exit })),
            waitFor(() => /serving/u.test(server.output()), 15_000).then(() => ({ exit: undefined })),
          ])
          return { ...settled, output: server.output().trim(), pid: server.child.pid }
        }),
      )
      const serving = outcomes.filter((outcome) => outcome.exit === undefined)
      const refused = outcomes.filter((outcome) => outcome.exit !== undefined)
      expect(serving, `round ${round}: ${JSON.stringify(outcomes)}`).toHaveLength(1)
      expect(refused[0]?.exit).toEqual({ code: 1, signal: null })
      expect(refused[0]?.output.split('\n')).toHaveLength(1)
      expect(refused[0]?.output).toMatch(/in use by another calfile process/u)
      expect(await readOwner(`${file}.lock`)).toMatchObject({ pid: serving[0]?.pid })
      await killAll()
    }
  }, 60_000)
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
  it("writes go through the lock's writes folder, leave no temporary file and leave the lock folder's mtime alone", async () => {
    const file = await dataFileIn()
    const calendar = await openCalendar(file)
    calendars.push(calendar)
    const lock = `${file}.lock`
    const { mtimeMs } = await stat(lock)
    expect(await readdir(join(lock, 'writes'))).toEqual([])
    await Promise.all([1, 2, 3].map((i) => calendar.events.create(newEvent(`Through the lock ${i}`))))
    // proper-lockfile refreshes the mtime it set and checks it is still its own (src/core/storage/lock/lock.ts).
    expect((await stat(lock)).mtimeMs).toBe(mtimeMs)
    expect(await readdir(join(lock, 'writes'))).toEqual([])
    expect((await readdir(dirname(file))).filter((name) => name.includes('.tmp-'))).toEqual([])
    expect(JSON.parse(await readFile(file, 'utf8')).events.map((event: { title: string }) => event.title)).toEqual(
      expect.arrayContaining(['Through the lock 1', 'Through the lock 2', 'Through the lock 3']),
    )
    await calendar.close()
    expect(existsSync(lock)).toBe(false)
  })

  it('a second lockDataFile in the same process is refused: same PID, same start', async () => {
    const file = await dataFileIn()
    const release = await lockDataFile(file)
    await expect(lockDataFile(file)).rejects.toMatchObject({ code: 'store-locked', status: 409 })
    await release()
    expect(existsSync(`${file}.lock`)).toBe(false)
  })

  it('of eight takers racing for one dead lock, exactly one wins and no claim folder is left', async () => {
    for (let round = 0; round < 10; round++) {
      const file = await dataFileIn()
      await leaveLock(file, { pid: await deadPid() })
      const results = await Promise.allSettled(Array.from({ length: 8 }, () => lockDataFile(file)))
      const won = results.filter((result) => result.status === 'fulfilled')
      expect(won, `round ${round}`).toHaveLength(1)
      for (const result of results)
        if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'store-locked' })
      expect(await readOwner(`${file}.lock`)).toEqual(thisProcess())
      expect((await readdir(dirname(file))).filter((name) => name.includes('.lock.'))).toEqual([])
      await (won[0] as PromiseFulfilledResult<() => Promise<void>>).value()
    }
  })

  it('a process that exits without releasing removes its lock folder, owner record included (signal-exit)', async () => {
    const file = await dataFileIn()
    const script = `import { lockDataFile } from './src/core/storage/lock/lock.ts'; await lockDataFile(${JSON.stringify(file)}); process.exit(0)`
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: new URL('../..', import.meta.url).pathname,
      stdio: 'inherit',
    })
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0)
    expect(existsSync(`${file}.lock`)).toBe(false)
  })
})
