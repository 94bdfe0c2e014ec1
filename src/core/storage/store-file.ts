import { DocumentError } from '../document/error.js'
import { loadDocument } from '../document/load.js'
import { COLLECTIONS } from '../model/kinds.js'
import type { CalendarState } from '../model/state.js'
import {
  AtomicTextFile,
  type AtomicTextFileOptions,
  isTextOf,
  type TextPieces,
} from './atomic-file/atomic-text-file.js'
import { changedSince, type FileBytes, fingerprint, MISSING } from './atomic-file/file-bytes.js'
import type { ChangeListeners } from './change-listeners.js'
import type { OpenAhead, StoreOptions } from './store-options.js'

/**
 * A store's data file as the store last saw it: the text it was read from or last written as, its fingerprint, and
 * while the file on disk is invalid, its problems. It takes in a file someone else saved (`takeIn`) and writes a
 * state's text over the file last seen (`write`); the store holds the state and calls both from its group commit
 * only, so that a reload never swaps the state in the middle of a write (`Store`). `path` null: a memory store,
 * whose writes are only kept.
 *
 * @example
 * const file = new StoreFile('data/calendar.json', options, changes, (next) => (state = next))
 * if (await file.changedOnDisk()) await file.takeIn(state)
 * await file.write(await statePieces(state)) // 'written', 'changed' or 'overwritten'
 */
export class StoreFile {
  readonly path: string | null
  readonly #options: StoreOptions
  readonly #changes: ChangeListeners
  /** Swaps the store's state for one loaded from the file (`takeIn`). */
  readonly #adopt: (state: CalendarState) => void
  #disk: AtomicTextFile | null
  /**
   * What the file holds when nobody else wrote it. Kept in pieces, as written, and compared piece by piece with a
   * file someone else saved (never joined whole).
   */
  #text: TextPieces = []
  #fingerprint = ''
  /**
   * The file on disk while it is invalid: its problems, and the text and fingerprint they were found in, so that
   * the same bad text is not parsed and reported again, nor an untouched bad file even read again.
   */
  #broken: { error: DocumentError; text: string; fingerprint: string } | undefined

  constructor(
    path: string | null,
    options: StoreOptions,
    changes: ChangeListeners,
    adopt: (state: CalendarState) => void,
  ) {
    this.path = path
    this.#options = options
    this.#changes = changes
    this.#adopt = adopt
    this.#disk = path === null ? null : new AtomicTextFile(path, this.#fileOptions())
  }

  /** The text last read or written (`#text`). */
  get text(): TextPieces {
    return this.#text
  }

  /** The problems of the file on disk while it is invalid. */
  get invalid(): DocumentError | undefined {
    return this.#broken?.error
  }

  /** Writes temporary files in `folder` from now on (the lock's, `writesFolder`). */
  writeTemporariesIn(folder: string): void {
    if (this.path !== null) this.#disk = new AtomicTextFile(this.path, { ...this.#fileOptions(), temporaries: folder })
  }

  /**
   * The file's text, bytes and fingerprint as `AtomicTextFile.readWithFingerprint` reads them (all null and `''`
   * for a memory store), remembered as what the file holds.
   */
  async read(ahead?: OpenAhead['read']): Promise<{ text: string | null } & FileBytes> {
    const read = this.#disk ? await this.#disk.readWithFingerprint(ahead) : { text: null, bytes: null, fingerprint: '' }
    this.#remember(read.bytes === null ? [] : [read.bytes], read.fingerprint)
    return read
  }

  /**
   * Whether the file is neither the one last read or written nor the invalid one already reported (`changedSince`):
   * one `stat`. Always false for a memory store.
   */
  async changedOnDisk(): Promise<boolean> {
    if (this.path === null) return false
    const now = await fingerprint(this.path)
    return changedSince(now, this.#fingerprint) && (!this.#broken || changedSince(now, this.#broken.fingerprint))
  }

  /**
   * Reloads the file when it differs from what was last read or written: a valid file becomes the state
   * (`adopt`, with a `reload` change told), an invalid one is reported once and kept as `invalid`, a removed one is
   * created again by the next write. `current`: the state held now, for the log line.
   * @throws the file system's error when the file cannot be read.
   */
  async takeIn(current: CalendarState): Promise<void> {
    if (!this.#disk || !(await this.changedOnDisk())) return
    const { text, bytes, fingerprint: read } = await this.#disk.readWithFingerprint()
    if (text === null || bytes === null) {
      // Removed: nothing is invalid any more, and the next write creates the file again from the state.
      this.#remember(this.#text, MISSING)
      this.#clearBroken()
      return
    }
    if (text === this.#broken?.text) {
      this.#broken.fingerprint = read
      return
    }
    // Compared with what was written, then kept as what the file holds.
    if (isTextOf(this.#text, bytes)) {
      this.#remember([bytes], read)
      this.#fixed('it holds what was last loaded')
    } else this.#load(current, text, bytes, read)
  }

  /**
   * Writes `text` over the file last read or written (a memory store only keeps it), and looks at the file once
   * more before its writers are answered.
   * @returns `written`; `changed` when someone saved the file since it was last read or written (nothing written:
   * `AtomicTextFile.save`); `overwritten` when someone saved over it between the save and that look, so that what
   * was written may not be in the file.
   * @throws the file system's error when the file cannot be written.
   */
  async write(text: TextPieces): Promise<'written' | 'changed' | 'overwritten'> {
    if (!this.#disk || this.path === null) {
      this.#remember(text, '')
      return 'written'
    }
    const written = await this.#disk.save(text, this.#fingerprint)
    if (written === undefined) return 'changed'
    this.#remember(text, written)
    if (this.#options.saveSeam) await this.#options.saveSeam('saved', this.path)
    return changedSince(await fingerprint(this.path), written) ? 'overwritten' : 'written'
  }

  /** Takes in a text that differs from the state's: the state is swapped for it, or the file is marked invalid. */
  #load(current: CalendarState, text: string, bytes: Buffer, fingerprint: string): void {
    const file = this.path as string
    try {
      // An empty file is a save in progress (or a mistake), never "delete everything".
      if (text.trim() === '') throw new DocumentError(file, [{ path: '', message: 'the file is empty' }])
      const next = loadDocument(text, this.#options, bytes)
      const summary = describeReload(current, next)
      this.#adopt(next)
      this.#remember([bytes], fingerprint)
      // Counted first, so that whoever hears `valid` sees the new state under its new version.
      const version = this.#changes.count()
      if (this.#broken) this.#fixed(`reloaded (${summary})`)
      else this.#options.log?.('info', `reloaded ${file}: ${summary}`)
      this.#changes.tell({ kind: 'reload', version })
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error
      this.#broken = { error, text, fingerprint }
      this.#options.log?.(
        'error',
        `${error.message}\nreads keep the last valid state; writes are refused until the file is fixed`,
      )
      this.#changes.tell({ kind: 'invalid', version: this.#changes.version, error })
    }
  }

  /** The file is valid again after it was invalid: writes are accepted again, and the log says so. */
  #fixed(how: string): void {
    if (this.#clearBroken())
      this.#options.log?.('info', `${this.path} is valid again: ${how}; writes are accepted again`)
  }

  /** Forgets the problems of the file on disk, if it had any; returns whether it had. */
  #clearBroken(): boolean {
    if (!this.#broken) return false
    this.#broken = undefined
    this.#changes.tell({ kind: 'valid', version: this.#changes.version })
    return true
  }

  /** How the data file is written: the store's durability, the test seam, and a log line for a kept hand save. */
  #fileOptions(): AtomicTextFileOptions {
    return {
      durability: this.#options.durability,
      seam: this.#options.saveSeam,
      kept: (path) =>
        this.#options.log?.(
          'warn',
          `two saves of ${this.path} landed within one write of calfile's; the newer is the file, the other was kept as ${path}`,
        ),
    }
  }

  #remember(text: TextPieces, fingerprint: string): void {
    this.#text = text
    this.#fingerprint = fingerprint
  }
}

/** `212 events (+1), 14 venues, 3 organizers, 9 categories, 0 tags`: what a reload changed, for the log. */
function describeReload(before: CalendarState, after: CalendarState): string {
  return COLLECTIONS.map((collection) => {
    const delta = after[collection].size - before[collection].size
    return `${after[collection].size} ${collection}${delta === 0 ? '' : ` (${delta > 0 ? '+' : ''}${delta})`}`
  }).join(', ')
}
