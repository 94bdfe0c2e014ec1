import { readFileSync, readlinkSync } from 'node:fs'
import { readFile, rename, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'

/**
 * Who holds a data file's lock, as `<file>.lock/owner.json` says: enough to tell, on the same machine, whether the
 * holder still runs (a SIGKILLed server's lock is taken over at once, a live one's never).
 *
 * @example
 * { "pid": 4242, "host": "build-01", "pidNamespace": "pid:[4026531836]", "start": "79379" }
 */
export interface LockOwner {
  /** The holder's process ID: a positive integer. */
  pid: number
  /** `os.hostname()` of the holder: a PID means nothing on another machine. */
  host: string
  /**
   * The holder's PID namespace (Linux `readlink /proc/self/ns/pid`), or null elsewhere: containers may share a
   * hostname (host networking) and a folder while each numbers its processes on its own.
   */
  pidNamespace: string | null
  /**
   * When the holder started (Linux `/proc/<pid>/stat` field 22, starttime, clock ticks since boot; proc(5)), or null
   * elsewhere: a PID reused by another process has another start.
   */
  start: string | null
}

const RECORD = 'owner.json'

/** This process as a lock owner. */
export function thisProcess(): LockOwner {
  return { pid: process.pid, host: hostname(), pidNamespace: pidNamespace(), start: processStart(process.pid) }
}

/**
 * Writes this process's record into the lock folder `lock`, atomically (a temporary file renamed into place), so
 * that a reader sees the whole record or none.
 * @throws the file system's error (the caller then gives the lock up).
 */
export async function writeOwner(lock: string): Promise<void> {
  const temporary = join(lock, `${RECORD}.tmp-${process.pid}`)
  await writeFile(temporary, JSON.stringify(thisProcess()))
  await rename(temporary, join(lock, RECORD))
}

/** The record in the lock folder `lock`; undefined when it is missing, unreadable or malformed. Never throws. */
export async function readOwner(lock: string): Promise<LockOwner | undefined> {
  try {
    const record: unknown = JSON.parse(await readFile(join(lock, RECORD), 'utf8'))
    return isOwner(record) ? record : undefined
  } catch {
    return undefined
  }
}

function isOwner(value: unknown): value is LockOwner {
  const r = value as Partial<LockOwner> | null
  return (
    typeof r === 'object' &&
    r !== null &&
    Number.isSafeInteger(r.pid) &&
    (r.pid as number) > 0 &&
    typeof r.host === 'string' &&
    (r.pidNamespace === null || typeof r.pidNamespace === 'string') &&
    (r.start === null || typeof r.start === 'string')
  )
}

/** Whether two records name the same process. */
export function sameOwner(a: LockOwner, b: LockOwner): boolean {
  return a.pid === b.pid && a.host === b.host && a.pidNamespace === b.pidNamespace && a.start === b.start
}

/**
 * Whether the holder of a lock is known to be gone: it ran on this machine, in this PID namespace, and its PID
 * no longer exists (kill(2) with signal 0 fails with ESRCH; EPERM means it exists), has exited but is not yet
 * reaped (a zombie writes nothing), or now belongs to a process with another start (PID reused). False when it
 * may be alive or cannot be judged (another machine): the lock is then left to proper-lockfile's staleness.
 */
export function holderIsGone(owner: LockOwner): boolean {
  if (owner.host !== hostname() || owner.pidNamespace !== pidNamespace()) return false
  if (!processExists(owner.pid)) return true
  const stat = processStat(owner.pid)
  if (!stat) return false
  return stat.state === 'Z' || stat.state === 'X' || (owner.start !== null && stat.start !== owner.start)
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}

/** The start identity of a process (see `LockOwner.start`): null without Linux's /proc or once it is gone. */
function processStart(pid: number): string | null {
  return processStat(pid)?.start ?? null
}

/**
 * State (field 3) and starttime (field 22) of `/proc/<pid>/stat`. Field 2 is `(comm)`, which may hold spaces and
 * parentheses, so the fields are counted from after its last `)`.
 */
function processStat(pid: number): { state: string; start: string } | undefined {
  let text: string
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  const [state, start] = [fields[0], fields[19]]
  return state && start ? { state, start } : undefined
}

function pidNamespace(): string | null {
  try {
    return readlinkSync('/proc/self/ns/pid')
  } catch {
    return null
  }
}
