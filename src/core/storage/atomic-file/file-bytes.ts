import { statSync } from 'node:fs'
import { open, stat } from 'node:fs/promises'

/*
 * A file's bytes as read, and its fingerprint: how calfile tells that someone saved a file since it read it.
 */

/** The fingerprint of a file that does not exist (`fingerprint`). */
export const MISSING = 'missing'

/**
 * Whether a file's fingerprint `now` says it changed since it had the fingerprint `seen`: the one notion of "saved
 * by someone since calfile read it" that the watcher's reload, a write's reload-before-write and a save's look at
 * what it replaced share (`fingerprint`).
 */
export function changedSince(now: string, seen: string): boolean {
  return now !== seen
}

/** A file's bytes, null when it does not exist, with the fingerprint (`fingerprint`) of exactly those bytes. */
export interface FileBytes {
  bytes: Buffer | null
  fingerprint: string
}

/**
 * Reads `file` (`FileBytes`), again when it changed during the read, so that a save made meanwhile is not taken
 * for the bytes read. `calfile serve` starts it before it loads the server, so that the disk works while the
 * modules load (`CalendarOptions.readAhead`); the store takes the bytes when the file still has their fingerprint.
 *
 * @example
 * const { bytes, fingerprint } = await readBytes('data/calendar.json')
 * @throws the file system's error other than ENOENT.
 */
export async function readBytes(file: string): Promise<FileBytes> {
  for (;;) {
    const before = await fingerprint(file)
    const bytes = await readWhole(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null
      throw error
    })
    if (!changedSince(await fingerprint(file), before)) return { bytes, fingerprint: before }
  }
}

/**
 * The file's bytes in one read of its size, where `readFile` reads 512 KiB at a time: each of its reads waits for a
 * turn of the event loop to ask for the next, so a read started while modules load (a start) would stall until
 * they are loaded. A file that changes size meanwhile changes its fingerprint, and `readBytes` reads it again.
 */
async function readWhole(file: string): Promise<Buffer> {
  const handle = await open(file, 'r')
  try {
    const { size } = await handle.stat()
    // A size of 0 may be a file system that does not know it (a pipe, a virtual file): read up to the end.
    if (size === 0) return await handle.readFile()
    const bytes = Buffer.allocUnsafe(size)
    let at = 0
    while (at < size) {
      const { bytesRead } = await handle.read(bytes, at, size - at, at)
      if (bytesRead === 0) break
      at += bytesRead
    }
    return at === size ? bytes : bytes.subarray(0, at)
  } finally {
    await handle.close()
  }
}

/**
 * Inode, size and modification time of a file, or `missing`: it changes whenever anyone rewrites or replaces the
 * file, and a rename keeps it (unlike ctime), so a file renamed into place keeps the fingerprint of its writer.
 */
export async function fingerprint(file: string): Promise<string> {
  try {
    return fingerprintOf(await stat(file, { bigint: true }))
  } catch {
    return MISSING
  }
}

/** `fingerprint` without a turn of the event loop: for the looks of a save just after it replaced the file. */
export function fingerprintSync(file: string): string {
  try {
    return fingerprintOf(statSync(file, { bigint: true }))
  } catch {
    return MISSING
  }
}

/** The fingerprint (`fingerprint`) of a file's `stat`, taken with `bigint: true`. */
export function fingerprintOf(s: { ino: bigint; size: bigint; mtimeNs: bigint }): string {
  return `${s.ino}:${s.size}:${s.mtimeNs}`
}
