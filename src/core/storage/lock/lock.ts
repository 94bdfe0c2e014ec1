import fs from 'node:fs'
import { mkdir, rm, stat, utimes } from 'node:fs/promises'
import { join } from 'node:path'
import lockfile from 'proper-lockfile'
import { CalendarError } from '../../errors.js'
import { holderIsGone, readOwner, sameOwner, writeOwner } from './lock-owner.js'

/**
 * proper-lockfile's file system (its `fs` option): node:fs, except that `rmdir` and `rmdirSync` remove the lock
 * folder with the owner record in it — proper-lockfile removes its lock with them on release, when it takes over
 * a stale lock and at exit. proper-lockfile 4.1.2 calls mkdir, stat, utimes, rmdir and rmdirSync.
 */
const lockFs = {
  ...fs,
  rmdir: (path: string, done: (error: NodeJS.ErrnoException | null) => void) => fs.rm(path, { recursive: true }, done),
  rmdirSync: (path: string) => fs.rmSync(path, { recursive: true }),
}

/** A lock not refreshed for `stale` ms is taken over whoever holds it; a live holder refreshes it every `update`. */
const OPTIONS = { realpath: false, stale: 10_000, update: 2_000, retries: 0, fs: lockFs }

/**
 * Takes the one-writer lock of a data file (`<file>.lock`, proper-lockfile): steno-style atomic writes are only
 * atomic within one process, so a second writer must be refused. The lock folder records its holder
 * (lock-owner.ts); a lock whose holder is gone from this machine is taken over at once (docs/data-file.md), any
 * other once it has not been refreshed for 10 s. Returns the function that releases it.
 *
 * @throws CalendarError 409 `store-locked` when another process holds it and may be alive.
 * @example
 * const release = await lockDataFile('/srv/calendar.json') // creates /srv/calendar.json.lock/
 * await release()
 */
export async function lockDataFile(file: string): Promise<() => Promise<void>> {
  const lock = `${file}.lock`
  for (let attempt = 1; ; attempt++) {
    try {
      return await acquire(file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error
      // A lock taken over is tried again; a few attempts, in case others keep taking it first.
      if (attempt === 3 || !(await takeOverDeadLock(lock))) {
        throw new CalendarError(
          'store-locked',
          409,
          `${file} is in use by another calfile process (lock ${lock}); serve it read-only with --read-only, or stop the other one`,
        )
      }
    }
  }
}

async function acquire(file: string): Promise<() => Promise<void>> {
  const release = await lockfile.lock(file, OPTIONS)
  try {
    await recordOwner(`${file}.lock`)
  } catch (error) {
    await release().catch(() => undefined)
    throw error
  }
  return release
}

/**
 * Writes the owner record into the lock folder and makes its `writesFolder`, then puts the folder's mtime back:
 * proper-lockfile takes a lock whose mtime is not the one it set for a lock someone else took (ECOMPROMISED at its
 * next refresh).
 */
async function recordOwner(lock: string): Promise<void> {
  const { atime, mtime } = await stat(lock)
  await writeOwner(lock)
  await mkdir(join(lock, WRITES), { recursive: true })
  await utimes(lock, atime, mtime)
}

const WRITES = 'writes'

/**
 * Where the holder of a data file's lock writes the file's next text before renaming it into place
 * (`AtomicTextFile`): `<file>.lock/writes/`, made with the lock and removed with it, so a killed writer's
 * temporary file goes with its lock. Outside the file's folder, the temporary file's creation and writing are no
 * events for a watch on that folder: only the rename onto the file is (watch.ts re-reads the folder on each event).
 * Writing in a folder of the lock's own leaves the lock folder's mtime, proper-lockfile's proof of ownership, alone.
 *
 * @example
 * writesFolder('/srv/calendar.json') // '/srv/calendar.json.lock/writes'
 */
export function writesFolder(file: string): string {
  return join(`${file}.lock`, WRITES)
}

/**
 * Removes the lock folder when its holder is gone (`holderIsGone`), so that the lock can be tried again; false
 * when the holder may be alive or cannot be judged (the lock is refused; proper-lockfile's staleness still holds).
 *
 * Several processes may judge the same dead lock at once, and one may judge it, stall, and act after another took
 * the lock afresh. So a taker first claims the dead holder (mkdir `<lock>.takeover-<pid>-<start>`: one process at
 * a time), then reads the record again and removes the folder only if it still names that holder: a process that
 * is gone writes no new record, so a lock taken afresh never matches, and only the claimant removes the dead one.
 * A live lock is never moved or touched: its folder's mtime is proper-lockfile's proof of ownership. (Moving the
 * folder aside to check it, then back, is not safe: renaming a folder back replaces an empty one, the lock a
 * third process has just made.)
 * Remaining windows: a taker killed while it holds the claim leaves the claim folder, and the dead lock then waits
 * for the 10 s staleness; proper-lockfile's own removal of a stale lock is a check then a removal, unclaimed; and
 * without /proc (start null) a PID reused by a new calfile process on this file reads as the dead holder.
 */
async function takeOverDeadLock(lock: string): Promise<boolean> {
  const owner = await readOwner(lock)
  if (!owner || !holderIsGone(owner)) return false
  const claim = `${lock}.takeover-${owner.pid}-${owner.start}`
  try {
    await mkdir(claim)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
  try {
    const record = await readOwner(lock)
    if (!record || !sameOwner(record, owner)) return false
    await rm(lock, { recursive: true, force: true })
    return true
  } finally {
    await rm(claim, { recursive: true, force: true })
  }
}
