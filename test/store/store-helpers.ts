/**
 * Helpers of the data-file safety tests (issue 4): real `calfile serve` processes on real files in temporary
 * folders, HTTP clients with their own connections, and data files of any size. Every process started here is
 * remembered, so `killAll()` (in `afterEach`) leaves none behind, whatever a test did.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { readdir, readFile, rename, writeFile } from 'node:fs/promises'
import http from 'node:http'
import { basename, dirname, join } from 'node:path'
import { loadDocument } from '../../src/core/document/load.js'
import type { CalendarState } from '../../src/core/model/state.js'
import { writesFolder } from '../../src/core/storage/lock/lock.js'
import { freePort, removeTempDirs, runCli, tempDir } from '../cli/cli-helpers.js'

export { freePort, runCli, tempDir }

const ROOT = new URL('../..', import.meta.url).pathname
const CLI = join(ROOT, 'src/cli/main.ts')
export const P = '/calendar/events/v1'
export const NOW_FLAG = ['--now', '2026-07-01T12:00:00Z']

const live = new Set<ChildProcess>()
/** A temporary folder, removed with the others of its test file (test/setup.ts, or `cleanFolders` sooner). */
export const folder = tempDir

/** SIGKILLs every process still running and waits until each is gone. */
export async function killAll(): Promise<void> {
  await Promise.all(
    [...live].map((child) => {
      const gone = new Promise<void>((resolve) =>
        child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
      )
      child.kill('SIGKILL')
      return gone
    }),
  )
  live.clear()
}

/** Removes the temporary folders of this test file now. */
export const cleanFolders = removeTempDirs

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

/** A running `calfile serve`. */
export interface Server {
  child: ChildProcess
  port: number
  /** `http://127.0.0.1:<port>/calendar/events/v1` */
  base: string
  output: () => string
  exited: Promise<Exit>
  /** Sends `signal` and resolves with how the process ended. */
  stop: (signal?: NodeJS.Signals) => Promise<Exit>
}

/** Spawns `calfile serve <file> --port <free> --quiet --now … ...args` without waiting for it. */
export function spawnServe(
  file: string,
  port: number,
  args: string[] = [],
): { child: ChildProcess; output: () => string; exited: Promise<Exit> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CLI, 'serve', file, '--port', String(port), '--quiet', ...NOW_FLAG, ...args],
    {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1' },
    },
  )
  live.add(child)
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      live.delete(child)
      resolve({ code, signal })
    }),
  )
  return { child, output: () => output, exited }
}

/** Starts `calfile serve` on `file` and resolves once it says it is serving. */
export async function startServe(file: string, args: string[] = []): Promise<Server> {
  const port = await freePort()
  const { child, output, exited } = spawnServe(file, port, args)
  let ended: Exit | undefined
  void exited.then((exit) => (ended = exit))
  const started = Date.now()
  while (!/serving/u.test(output())) {
    if (ended) throw new Error(`server exited (${ended.code ?? ended.signal}):\n${output()}`)
    // A liveness bound, not a speed target (`npm run bench` times starts): under the whole suite, with both real TEC
    // sites answering the parity suites, a start on a 2-core machine has taken more than 15 s.
    if (Date.now() - started > 45_000) throw new Error(`server did not start:\n${output()}`)
    await sleep(10)
  }
  const stop = (signal: NodeJS.Signals = 'SIGTERM') => {
    child.kill(signal)
    return exited
  }
  return { child, port, base: `http://127.0.0.1:${port}${P}`, output, exited, stop }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** Polls `check` every `every` ms until it returns true; false when `timeout` ms pass first. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeout = 2000, every = 5): Promise<boolean> {
  const end = Date.now() + timeout
  for (;;) {
    if (await check()) return true
    if (Date.now() > end) return false
    await sleep(every)
  }
}

/** One HTTP client: its own keep-alive connection, requests one after the other on it. */
export function client(): {
  request: (method: string, url: string, body?: unknown) => Promise<{ status: number; body: any }>
  close: () => void
} {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const request = (method: string, url: string, body?: unknown) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      const req = http.request(
        url,
        {
          method,
          agent,
          headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
        },
        (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (chunk) => (text += chunk))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }))
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end(payload)
    })
  return { request, close: () => agent.destroy() }
}

export async function getJson(url: string): Promise<{ status: number; body: any }> {
  const response = await fetch(url)
  return { status: response.status, body: await response.json() }
}

export async function postJson(url: string, body: unknown, method = 'POST'): Promise<{ status: number; body: any }> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

/** The body of a new event. */
export function newEvent(title: string): Record<string, unknown> {
  return { title, start_date: '2026-08-01 10:00:00', end_date: '2026-08-01 11:00:00', venue: 11 }
}

/**
 * A valid data file (2-space JSON, like calfile writes) with venue 11, organizer 12, category 3, and `events`
 * events with IDs 1000, 1001, …; `extra` events are appended as they are.
 */
export function dataFile(events: number, extra: object[] = []): string {
  const list = Array.from({ length: events }, (_, i) => ({
    id: 1000 + i,
    title: `Event ${i}`,
    description: `<p>Description of event ${i}, long enough to make the file a realistic size.</p>`,
    start_date: '2026-07-10 19:00:00',
    end_date: '2026-07-10 21:00:00',
    timezone: 'America/New_York',
    venue: 11,
    organizer: [12],
    categories: [3],
    tags: [],
    date: '2026-06-01 09:00:00',
  }))
  return `${JSON.stringify(
    {
      settings: { timezone: 'America/New_York' },
      users: [{ id: 1, name: 'admin', role: 'administrator' }],
      events: [...list, ...extra],
      venues: [{ id: 11, venue: 'Blue Room', city: 'Boston', date: '2026-05-01 10:00:00' }],
      organizers: [{ id: 12, organizer: 'Jazz Society', email: 'hi@example.org', date: '2026-05-01 10:00:00' }],
      categories: [{ id: 3, name: 'Music', slug: 'music', parent: 0 }],
      tags: [],
    },
    null,
    2,
  )}\n`
}

/** Parses and validates a data file text as calfile does; throws DocumentError when it is invalid. */
export function validate(text: string, file = 'calendar.json'): CalendarState {
  return loadDocument(text, { file, now: () => '2026-07-01 08:00:00' })
}

/** 1-based line and column of the `nth` (0-based) occurrence of `needle` in `text`, plus `shift` characters. */
export function positionOf(text: string, needle: string, nth = 0, shift = 0): { line: number; column: number } {
  let index = -1
  for (let i = 0; i <= nth; i++) {
    index = text.indexOf(needle, index + 1)
    if (index === -1) throw new Error(`"${needle}" #${nth} not in the text`)
  }
  index += shift
  const before = text.slice(0, index)
  return { line: before.split('\n').length, column: index - before.lastIndexOf('\n') }
}

/** The event IDs in a data file on disk. */
export async function eventIdsOnDisk(file: string): Promise<Set<number>> {
  const document = JSON.parse(await readFile(file, 'utf8')) as { events?: Array<{ id: number }> }
  return new Set((document.events ?? []).map((event) => event.id))
}

/** A hand edit saved in place, as most editors and `fs.writeFile` do: truncate, then write. */
export async function editInPlace(file: string, edit: (document: any) => void): Promise<string> {
  const document = JSON.parse(await readFile(file, 'utf8'))
  edit(document)
  const text = `${JSON.stringify(document, null, 2)}\n`
  await writeFile(file, text)
  return text
}

/** A hand edit saved atomically, as vim and many editors do: a new file renamed over the old one. */
export async function editByRename(file: string, edit: (document: any) => void): Promise<string> {
  const document = JSON.parse(await readFile(file, 'utf8'))
  edit(document)
  const text = `${JSON.stringify(document, null, 2)}\n`
  const temporary = join(dirname(file), `${basename(file)}.editor-save`)
  await writeFile(temporary, text)
  await rename(temporary, file)
  return text
}

/** calfile's own temporary files of `file` (`.<name>.tmp-<pid>`): in its folder, and in its lock's `writes` folder. */
export async function temporaries(file: string): Promise<string[]> {
  const prefix = `.${basename(file)}.tmp-`
  const names = [
    ...(await readdir(dirname(file))),
    // The lock holder's, in its lock (`writesFolder`): gone with a lock that a killed writer left and the next took over.
    ...(await readdir(writesFolder(file)).catch(() => [])).map((name) => join(writesFolder(file), name)),
  ]
  return names.filter((name) => basename(name).startsWith(prefix))
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index] as number
}

/**
 * A careful hand edit: read the file, change it, and save it only if nobody replaced or rewrote it since it was
 * read (checked with `stat` right before saving); otherwise read again. Without the check, an edit made from a
 * stale read would itself drop the server's latest writes. Returns the number of attempts.
 *
 * With `pause`, the server process is stopped (SIGSTOP) for the edit and continued (SIGCONT) after it: the edit
 * then cannot race the server's writes from the script's side (a race that no server can prevent: a save made
 * from a stale read replaces what the server wrote since), while the server may be frozen at any point of its
 * own write cycle, between checking the file and renaming its new version over it included.
 */
export function carefulEdit(
  file: string,
  edit: (document: any) => void,
  save: 'in place' | 'rename',
  pause?: ChildProcess,
): number {
  const stamp = () => {
    const s = statSync(file, { bigint: true })
    return `${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`
  }
  const temporary = join(dirname(file), `${basename(file)}.editor-save`)
  if (pause) stopProcess(pause)
  try {
    for (let attempt = 1; ; attempt++) {
      const before = stamp()
      const document = JSON.parse(readFileSync(file, 'utf8'))
      edit(document)
      const text = `${JSON.stringify(document, null, 2)}\n`
      if (save === 'rename') writeFileSync(temporary, text)
      if (stamp() !== before) continue
      if (save === 'rename') renameSync(temporary, file)
      else writeFileSync(file, text)
      return attempt
    }
  } finally {
    pause?.kill('SIGCONT')
  }
}

/** SIGSTOPs a process and waits until every one of its threads has stopped (Linux /proc), at most 1 s. */
export function stopProcess(child: ChildProcess): void {
  child.kill('SIGSTOP')
  const tasks = `/proc/${child.pid}/task`
  const end = Date.now() + 1000
  while (Date.now() < end) {
    let names: string[]
    try {
      names = readdirSync(tasks)
    } catch {
      return
    }
    const stopped = names.every((task) => {
      try {
        return /^\d+ \(.*\) [tT] /u.test(readFileSync(join(tasks, task, 'stat'), 'utf8'))
      } catch {
        return true
      }
    })
    if (stopped) return
  }
  throw new Error(`process ${child.pid} did not stop`)
}

/**
 * Waits until the server's file watcher follows hand edits: saves a probe title on the file's first event until
 * the server shows it, then restores the file as it was. The watch is in place before `calfile serve` says it is
 * serving (watch.test.ts checks an edit saved at once); tests about other things make sure of it with this.
 */
export async function watcherArmed(server: Server, file: string): Promise<void> {
  const original = await readFile(file, 'utf8')
  const document = JSON.parse(original)
  const id = document.events[0].id as number
  const titleOver = async (title: string, timeout: number) =>
    waitFor(async () => (await getJson(`${server.base}/events/${id}`)).body.title === title, timeout, 10)
  for (let probe = 0; ; probe++) {
    if (probe === 30) throw new Error('the watcher never picked up an edit')
    document.events[0].title = `watcher probe ${probe}`
    await writeFile(file, `${JSON.stringify(document, null, 2)}\n`)
    if (await titleOver(`watcher probe ${probe}`, 300)) break
  }
  await writeFile(file, original)
  if (!(await titleOver(JSON.parse(original).events[0].title, 2000)))
    throw new Error('the restored file was not picked up')
}
