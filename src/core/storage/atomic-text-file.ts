import { type FileHandle, open, readdir, rename, rm, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { Adapter } from 'lowdb'

/** `"rename"`: atomic replace; `"fsync"`: also flush the file and its folder to the disk before answering. */
export type Durability = 'rename' | 'fsync'

/**
 * A text as UTF-8 pieces to be written one after another. A data file is written from its records' kept bytes,
 * never joined or encoded as a whole: that blocks the event loop for tens of ms at 10,000 events, and
 * a write must not stall reads.
 */
export type TextPieces = readonly Uint8Array[]

/**
 * Pieces handed to the kernel in one `writev`: Linux's IOV_MAX. Copying a record's few hundred bytes at a time into
 * bigger buffers cost a fifth of the thread's time under a stream of writes; `writev` reads them in place,
 * off the event loop.
 */
const WRITE_PIECES = 1024

/**
 * A lowdb adapter for a text file that is never seen half-written (docs/data-file.md): the text goes to a temporary
 * file in the same folder or another one on the same file system (the lock's, `writesFolder`), which is then
 * renamed over the file. A process killed at any moment leaves the old file or the new one; a temporary file it
 * leaves behind is removed with its lock, or beside the file by `removeStaleTemporaries`.
 *
 * Beside lowdb's `read` and `write`, `readWithFingerprint` and `save` carry what a file that others edit too needs:
 * the fingerprint of the text read, a write that is cancelled when someone saved the file since, and the
 * fingerprint of the text written. Each call gets what it needs as arguments and answers with a value, so that
 * one object serves any number of callers (lowdb's `Low.write()` takes no argument and answers nothing: callers
 * that need more call the adapter itself).
 *
 * @example
 * const db = new Low(new AtomicTextFile('data/calendar.json', 'fsync'), null)
 * @example
 * const { text, fingerprint } = await file.readWithFingerprint()
 * if ((await file.save(pieces, fingerprint)) === undefined) console.log('saved by someone else meanwhile')
 */
export class AtomicTextFile implements Adapter<TextPieces> {
  readonly #file: string
  readonly #durability: Durability
  readonly #temporaries: string | undefined

  /**
   * @param temporaries the folder to write temporary files in, on the file's file system (`writesFolder`);
   * by default, and whenever that folder is gone, the file's own folder.
   */
  constructor(file: string, durability: Durability = 'rename', temporaries?: string) {
    this.#file = file
    this.#durability = durability
    this.#temporaries = temporaries
  }

  /** The file's text as one piece, or null when it does not exist. */
  async read(): Promise<TextPieces | null> {
    const { bytes } = await this.readWithFingerprint()
    return bytes === null ? null : [bytes]
  }

  /**
   * The file's text, its bytes (read once: a caller that keeps or hashes them needs not encode the text again) and
   * the fingerprint of exactly that text (`readBytes`). Text and bytes are null when the file does not exist.
   * `ahead`: a read of the same file started earlier, whose bytes are taken when the file still has their
   * fingerprint (resolving undefined: the file is read now; `openCalendar` turns a failed read ahead into that).
   */
  async readWithFingerprint(ahead?: Promise<FileBytes | undefined>): Promise<{ text: string | null } & FileBytes> {
    const early = await ahead
    const read =
      early !== undefined && early.fingerprint === (await fingerprint(this.#file)) ? early : await readBytes(this.#file)
    return { text: read.bytes === null ? null : read.bytes.toString('utf8'), ...read }
  }

  /** lowdb's write: `save` whatever the file holds meanwhile. */
  async write(pieces: TextPieces): Promise<void> {
    await this.save(pieces)
  }

  /**
   * Writes the pieces in order, `WRITE_PIECES` at a time, the event loop free between writes.
   * @param unchangedSince the fingerprint the file must still have once the temporary file is written, just before
   * the rename (`missing` for a file that must still not exist); otherwise the write is cancelled.
   * @returns the fingerprint of the file written, taken before the rename (which keeps it); undefined when the
   * write was cancelled because the file no longer had the fingerprint `unchangedSince` (nothing was written).
   */
  async save(pieces: TextPieces, unchangedSince?: string): Promise<string | undefined> {
    const { temporary, handle } = await this.#openTemporary()
    let written: string
    try {
      for (let at = 0; at < pieces.length; at += WRITE_PIECES)
        await writeAll(handle, pieces.slice(at, at + WRITE_PIECES))
      if (this.#durability === 'fsync') await handle.sync()
      written = describe(await handle.stat({ bigint: true }))
    } finally {
      await handle.close()
    }
    const replaced = await holdOpen(this.#file)
    try {
      if (unchangedSince !== undefined && (await fingerprint(this.#file)) !== unchangedSince) {
        await rm(temporary, { force: true })
        return undefined
      }
      await rename(temporary, this.#file)
    } finally {
      void replaced?.close().catch(() => undefined)
    }
    if (this.#durability === 'fsync') await syncFolder(dirname(this.#file))
    return written
  }

  /** A new temporary file, in `#temporaries` while that folder is there, else beside the file. */
  async #openTemporary(): Promise<{ temporary: string; handle: FileHandle }> {
    const name = `${temporaryPrefix(this.#file)}${process.pid}`
    if (this.#temporaries !== undefined) {
      const temporary = join(this.#temporaries, name)
      const handle = await open(temporary, 'w').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined
        throw error
      })
      if (handle) return { temporary, handle }
    }
    const temporary = join(dirname(this.#file), name)
    return { temporary, handle: await open(temporary, 'w') }
  }
}

/**
 * A handle on the file a save is about to replace, or undefined (no such file; Windows, where a file held open
 * cannot be renamed over). Held across the rename and closed without waiting, it makes the kernel free the replaced
 * file's pages and blocks at that close, after the save has resolved, rather than inside `rename`: for a file of
 * 10 MB on ext4 that is 7–8 ms that every write would otherwise wait for.
 */
async function holdOpen(file: string): Promise<FileHandle | undefined> {
  if (process.platform === 'win32') return undefined
  return open(file, 'r').catch(() => undefined)
}

/** Writes every byte of `pieces`. @throws Error when the disk took only part of them (libuv stops at a failure). */
async function writeAll(handle: FileHandle, pieces: TextPieces): Promise<void> {
  const { bytesWritten } = await handle.writev(pieces as Uint8Array[])
  const size = pieces.reduce((sum, piece) => sum + piece.length, 0)
  if (bytesWritten !== size) throw new Error(`wrote ${bytesWritten} of ${size} bytes`)
}

/** Whether `bytes` are the pieces one after another, compared in place without joining them. */
export function isTextOf(pieces: TextPieces, bytes: Uint8Array): boolean {
  let at = 0
  for (const piece of pieces) {
    if (Buffer.compare(piece, bytes.subarray(at, at + piece.length)) !== 0) return false
    at += piece.length
  }
  return at === bytes.length
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
    if ((await fingerprint(file)) === before) return { bytes, fingerprint: before }
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
    return describe(await stat(file, { bigint: true }))
  } catch {
    return 'missing'
  }
}

function describe(s: { ino: bigint; size: bigint; mtimeNs: bigint }): string {
  return `${s.ino}:${s.size}:${s.mtimeNs}`
}

function temporaryPrefix(file: string): string {
  return `.${basename(file)}.tmp-`
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Removes temporary files that a killed writer of `file` left behind. Call it while holding the file's lock. */
export async function removeStaleTemporaries(file: string): Promise<void> {
  const prefix = temporaryPrefix(file)
  const names = await readdir(dirname(file)).catch(() => [] as string[])
  await Promise.all(
    names.filter((name) => name.startsWith(prefix)).map((name) => rm(join(dirname(file), name), { force: true })),
  )
}
