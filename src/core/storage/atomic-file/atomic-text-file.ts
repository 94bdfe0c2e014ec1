import { linkSync, renameSync } from 'node:fs'
import { type FileHandle, open, readdir, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { Adapter } from 'lowdb'
import {
  changedSince,
  type FileBytes,
  fingerprint,
  fingerprintOf,
  fingerprintSync,
  MISSING,
  readBytes,
} from './file-bytes.js'
import { exchangeUnsupported, renameExchange } from './rename-exchange.js'

/** `"rename"`: atomic replace; `"fsync"`: also flush the file and its folder to the disk before answering. */
export type Durability = 'rename' | 'fsync'

/**
 * A text as UTF-8 pieces to be written one after another. A data file is written from its records' kept bytes,
 * never joined or encoded as a whole: that blocks the event loop for tens of ms at 10,000 events, and
 * a write must not stall reads.
 */
export type TextPieces = readonly Uint8Array[]

/**
 * The moments of a save at which the file may change under it, named for the test seam (`SaveSeam`):
 * `written`, the temporary file is written and closed, nothing replaced yet; `looked`, the file was last looked at
 * and is about to be replaced; `replaced`, the temporary file has just taken the file's name, and what it replaced
 * is not looked at yet; `put-back`, a hand save found replaced has just been put back at the name. The store adds
 * `saved`: the save has returned, and the file is not looked at again yet (`Store`).
 */
export type SavePoint = 'written' | 'looked' | 'replaced' | 'put-back' | 'saved'

/**
 * A test seam: awaited at each `SavePoint` of a save, so that a test can land a hand save at exactly that moment
 * (test/store/save-points.test.ts). Unset in use, where a save takes no turn of the event loop, nor a microtask,
 * between its looks and its replace.
 */
export type SaveSeam = (point: SavePoint, file: string) => void | Promise<void>

/** How an `AtomicTextFile` writes. */
export interface AtomicTextFileOptions {
  /** Default `rename`. */
  durability?: Durability
  /**
   * The folder to write temporary files in, on the file's file system (`writesFolder`); by default, and whenever
   * that folder is gone, the file's own folder.
   */
  temporaries?: string
  /** The test seam (`SaveSeam`). */
  seam?: SaveSeam
  /** Hears where a hand save was kept beside the file (see `save`), for the log. */
  kept?: (path: string) => void
}

/**
 * Pieces handed to the kernel in one `writev`: Linux's IOV_MAX. Copying a record's few hundred bytes at a time into
 * bigger buffers cost a fifth of the thread's time under a stream of writes; `writev` reads them in place,
 * off the event loop.
 */
const WRITE_PIECES = 1024

/**
 * A lowdb adapter for a text file that is never seen half-written and whose hand saves are never lost
 * (docs/data-file.md#saves-that-land-during-a-write): the text goes to a temporary file in the same folder or another one on the
 * same file system (the lock's, `writesFolder`), which then takes the file's name, in a way that keeps hold of the
 * file it replaces, so that a hand save that landed a moment before is put back rather than lost (`save`). A
 * process killed at any moment leaves the old file or the new one; a temporary file it leaves behind is removed
 * with its lock, or beside the file by `removeStaleTemporaries`.
 *
 * Beside lowdb's `read` and `write`, `readWithFingerprint` and `save` carry what a file that others edit too needs:
 * the fingerprint of the text read, a write that is cancelled when someone saved the file since, and the
 * fingerprint of the text written. Each call gets what it needs as arguments and answers with a value, so that
 * one object serves any number of callers (lowdb's `Low.write()` takes no argument and answers nothing: callers
 * that need more call the adapter itself).
 *
 * @example
 * const db = new Low(new AtomicTextFile('data/calendar.json', { durability: 'fsync' }), null)
 * @example
 * const { text, fingerprint } = await file.readWithFingerprint()
 * if ((await file.save(pieces, fingerprint)) === undefined) console.log('saved by someone else meanwhile')
 */
export class AtomicTextFile implements Adapter<TextPieces> {
  readonly #file: string
  readonly #options: AtomicTextFileOptions
  /** Awaited only where set: in use, nothing runs between a save's look and its step, not even a microtask. */
  readonly #seam: SaveSeam | undefined
  /** Set once the file system refused to exchange two names (`EINVAL`): saves detect afterwards from then on. */
  #noExchange = false
  /** Numbers the temporary files of this process, so that a file still being removed is never reused. */
  #saves = 0

  constructor(file: string, options: AtomicTextFileOptions = {}) {
    this.#file = file
    this.#options = options
    this.#seam = options.seam
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
      early !== undefined && !changedSince(await fingerprint(this.#file), early.fingerprint)
        ? early
        : await readBytes(this.#file)
    return { text: read.bytes === null ? null : read.bytes.toString('utf8'), ...read }
  }

  /** lowdb's write: `save` whatever the file holds meanwhile. */
  async write(pieces: TextPieces): Promise<void> {
    await this.save(pieces)
  }

  /**
   * Writes the pieces in order, `WRITE_PIECES` at a time, the event loop free between writes, to a temporary file,
   * which then takes the file's name.
   * - `unchangedSince` a fingerprint: the file must still have it. Where the kernel can swap two names in one step
   *   (`renameExchange`), the file is looked at, the temporary file and the file swap names, and what was at the
   *   name is looked at after;
   *   elsewhere the file is linked aside, looked at, then replaced, and looked at once more after (a save in place
   *   reaches the file linked aside). Either way, a file found changed is put back at its name before this resolves,
   *   and nothing of the text is left. Should someone save over the text in the instant before it is taken back,
   *   the newer save stays at the name and the other is kept beside the file (`<file>.kept-<time>`, told to
   *   `options.kept`).
   * - `unchangedSince` `missing`: the file is created only if it still does not exist.
   * - no `unchangedSince`: the file is replaced, whatever it holds.
   * @returns the fingerprint of the file written (a rename keeps it); undefined when the file no longer had the
   * fingerprint `unchangedSince`, and holds what someone else saved.
   * @throws the file system's error when the temporary file cannot be written or renamed.
   */
  async save(pieces: TextPieces, unchangedSince?: string): Promise<string | undefined> {
    const { temporary, handle } = await this.#openTemporary()
    let placed = false
    let written = ''
    try {
      try {
        for (let at = 0; at < pieces.length; at += WRITE_PIECES)
          await writeAll(handle, pieces.slice(at, at + WRITE_PIECES))
        if (this.#options.durability === 'fsync') await handle.sync()
        written = fingerprintOf(await handle.stat({ bigint: true }))
      } finally {
        await handle.close()
      }
      if (this.#seam) await this.#seam('written', this.#file)
      placed =
        unchangedSince === undefined
          ? this.#replace(temporary)
          : unchangedSince === MISSING
            ? this.#create(temporary)
            : await this.#replaceUnchanged(temporary, unchangedSince, written)
    } finally {
      // What the temporary name holds now (the file replaced, or this text when it was not placed) goes.
      await release(temporary)
    }
    if (!placed) return undefined
    if (this.#options.durability === 'fsync') await syncFolder(dirname(this.#file))
    return written
  }

  /** Replaces the file whatever it holds. */
  #replace(temporary: string): boolean {
    renameSync(temporary, this.#file)
    return true
  }

  /** Creates the file only where none exists: a link fails when the name is taken, where a rename replaces. */
  #create(temporary: string): boolean {
    try {
      linkSync(temporary, this.#file)
      return true
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
      // No hard links on this file system: look, then rename.
      if (fingerprintSync(this.#file) !== MISSING) return false
      return this.#replace(temporary)
    }
  }

  /** `save` with a fingerprint: by exchange where the file system has it, else by a link aside. */
  async #replaceUnchanged(temporary: string, expected: string, written: string): Promise<boolean> {
    const exchange = this.#noExchange ? null : renameExchange()
    if (exchange === null) return this.#replaceAside(temporary, expected, written)
    // A save made while this text was written is seen here, before this text ever takes the name: a reader of the
    // file never meets this text over a save it has not taken in, save in the instant before the exchange.
    if (changedSince(fingerprintSync(this.#file), expected)) return false
    if (this.#seam) await this.#seam('looked', this.#file)
    try {
      exchange(temporary, this.#file)
    } catch (error) {
      // The file was removed by hand: a change like any other.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
      if (!exchangeUnsupported(error)) throw error
      this.#noExchange = true
      return this.#replaceAside(temporary, expected, written)
    }
    if (this.#seam) await this.#seam('replaced', this.#file)
    // The temporary name now holds the file replaced: the one read, or a save made since.
    if (!changedSince(fingerprintSync(temporary), expected)) return true
    if (changedSince(fingerprintSync(this.#file), written)) {
      // Saved over this text already: that newer save stays, the one it replaced is kept beside it.
      this.#keep(temporary)
      return false
    }
    exchange(temporary, this.#file)
    if (this.#seam) await this.#seam('put-back', this.#file)
    // A save over this text in the instant between the look and the exchange is now at the temporary name.
    if (changedSince(fingerprintSync(temporary), written)) this.#keep(temporary)
    return false
  }

  /**
   * `save` with a fingerprint where two names cannot be swapped in one step: the file is linked aside, looked at,
   * and replaced, with no turn of the event loop between; a save by rename in the instant between the link and
   * the rename is replaced (docs/data-file.md says how long that is). A save in place reaches the file linked
   * aside whenever it lands, and is put back; without hard links, the look is at the name itself.
   */
  async #replaceAside(temporary: string, expected: string, written: string): Promise<boolean> {
    const aside = `${temporary}-replaced`
    try {
      linkSync(this.#file, aside)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
      if (changedSince(fingerprintSync(this.#file), expected)) return false
      return this.#replace(temporary)
    }
    try {
      if (changedSince(fingerprintSync(aside), expected)) return false
      if (this.#seam) await this.#seam('looked', this.#file)
      renameSync(temporary, this.#file)
      if (this.#seam) await this.#seam('replaced', this.#file)
      if (!changedSince(fingerprintSync(aside), expected)) return true
      // Saved in place since the look: put back, unless someone saved over this text as well.
      if (changedSince(fingerprintSync(this.#file), written)) this.#keep(aside)
      else renameSync(aside, this.#file)
      if (this.#seam) await this.#seam('put-back', this.#file)
      return false
    } finally {
      await release(aside)
    }
  }

  /** Keeps a hand save that a newer one replaced beside the file, where a person finds it. */
  #keep(path: string): void {
    const kept = `${this.#file}.kept-${new Date().toISOString().replace(/[:.]/gu, '-')}`
    renameSync(path, kept)
    this.#options.kept?.(kept)
  }

  /** A new temporary file, in `temporaries` while that folder is there, else beside the file. */
  async #openTemporary(): Promise<{ temporary: string; handle: FileHandle }> {
    const name = `${temporaryPrefix(this.#file)}${process.pid}-${++this.#saves}`
    const { temporaries } = this.#options
    if (temporaries !== undefined) {
      const temporary = join(temporaries, name)
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
 * Removes `path` if it is there. A handle is opened first and closed without waiting, so that the kernel frees a
 * large file's pages at that close, after the save has resolved, rather than inside the unlink: for a file of
 * 10 MB on ext4 that is 7–8 ms that every write would otherwise wait for.
 */
async function release(path: string): Promise<void> {
  const handle = await open(path, 'r').catch(() => undefined)
  await rm(path, { force: true })
  void handle?.close().catch(() => undefined)
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
