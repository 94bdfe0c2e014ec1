import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { Low, Memory } from 'lowdb'
import { AtomicTextFile, type Durability, fingerprint, removeStaleTemporaries } from './atomic-text-file.js'
import { DocumentError } from '../document-error.js'
import { type LoadOptions, loadDocument, serializeDocument } from '../document.js'
import { CalendarError } from '../errors.js'
import { lockDataFile } from './lock.js'
import { watchFile } from './watch.js'
import { GroupCommit } from './group-commit.js'
import { describeReload } from './reload-summary.js'
import type { CalendarState } from '../state.js'

/** How a store reports what happens to its file: reloads, invalid files. */
export type StoreLog = (level: 'info' | 'warn' | 'error', message: string) => void

/** Options of a file-backed store beyond loading. */
export interface StoreOptions extends LoadOptions {
  /** `fsync` also flushes file and folder before a write is answered. Default `rename`. */
  durability?: Durability
  /** Serve reads only: no lock, every write is refused. */
  readOnly?: boolean
  /** Take the one-writer lock (default true for a file). */
  lock?: boolean
  /** Reload the file when someone else writes it (default false; `calfile serve` turns it on). */
  watch?: boolean
  log?: StoreLog
}

interface Pending {
  change: (state: CalendarState) => unknown
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/** What became of one change of a group commit: its result, or what it threw. */
interface Outcome {
  pending: Pending
  ok: boolean
  value: unknown
}

/**
 * The data file behind lowdb (CONTRACT §1), and the one place the current state lives.
 * - Writes are queued and grouped: the changes that arrive while a file write runs share the next one, and each
 *   caller is answered once its change is in the file.
 * - Before a write, a file changed on disk since it was last read is reloaded and the queued changes are applied
 *   to that, so no hand edit is overwritten; the server's own writes are told apart by content, not by a flag.
 * - While the file on disk is invalid, reads keep the last valid state, writes answer 503 `store-file-invalid`
 *   and the file is not touched; a valid file is picked up again by the watcher or the next write.
 * `file` null keeps everything in memory.
 */
export class Store {
  readonly file: string | null
  readonly #options: StoreOptions
  readonly #db: Low<string>
  /** The file behind `#db`, for what lowdb's adapter interface does not carry; null for a memory store. */
  readonly #disk: AtomicTextFile | null
  readonly #commit: GroupCommit
  #state!: CalendarState
  #queue: Pending[] = []
  /** The text the state was read from or last written as: what the file holds when nobody else wrote it. */
  #text = ''
  /** The document as opened: what `reset` goes back to. */
  #openedText = ''
  #fingerprint = ''
  #invalid: DocumentError | undefined
  /** The invalid text behind `#invalid`: the same bad text is not parsed and reported again. */
  #invalidText: string | undefined
  #release: (() => Promise<void>) | undefined
  #unwatch: (() => Promise<void>) | undefined

  constructor(file: string | null, options: StoreOptions) {
    this.file = file
    this.#options = options
    this.#disk = file === null ? null : new AtomicTextFile(file, options.durability)
    // null marks "no file": Low would otherwise put its default data where the missing file's text goes.
    this.#db = new Low<string>(this.#disk ?? new Memory<string>(), null as unknown as string)
    this.#commit = new GroupCommit(() => this.#flush())
  }

  get state(): CalendarState {
    return this.#state
  }

  /** The problems of the file on disk while it is invalid (writes are refused meanwhile). */
  get invalid(): DocumentError | undefined {
    return this.#invalid
  }

  /**
   * Locks (unless read-only), reads and validates the file; a missing file (or the memory store) starts from
   * `initial`, a data file text, and is written at once.
   * @throws DocumentError for an invalid file; CalendarError 409 `store-locked` when another process writes it.
   */
  async open(initial = ''): Promise<void> {
    const file = this.file
    if (file !== null) {
      await mkdir(dirname(file), { recursive: true })
      if (!this.#options.readOnly && this.#options.lock !== false) {
        this.#release = await lockDataFile(file)
        await removeStaleTemporaries(file)
      }
    }
    try {
      const { text, fingerprint } = this.#disk ? await this.#disk.readWithFingerprint() : { text: null, fingerprint: '' }
      this.#state = loadDocument(text ?? initial, this.#options)
      if (text === null) await this.#write(serializeDocument(this.#state))
      else this.#remember(text, fingerprint)
      this.#openedText = this.#text
      if (file !== null && this.#options.watch) this.#unwatch = await watchFile(file, () => void this.refresh())
    } catch (error) {
      await this.close()
      throw error
    }
    // An edit saved while the watcher was starting has no event of its own.
    if (this.#unwatch) await this.refresh()
  }

  /**
   * Applies `change` to the current state and writes the file; resolves with what `change` returned once it is
   * in the file. All or nothing: when `change` throws, or the file cannot be written, every change it made is
   * undone, in memory and on disk.
   * @throws CalendarError 503 `store-file-invalid` / `store-read-only`, and whatever `change` throws.
   */
  commit<T>(change: (state: CalendarState) => T): Promise<T> {
    if (this.#options.readOnly) {
      return Promise.reject(new CalendarError('store-read-only', 503, `${this.file} is served read-only; writes are refused.`))
    }
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ change, resolve: resolve as (value: unknown) => void, reject })
      void this.#commit.schedule().catch(() => undefined)
    })
  }

  /** Puts back the document as it was opened, and writes it (test suites reset a calendar between tests). */
  reset(): Promise<void> {
    return this.commit(() => {
      this.#state = loadDocument(this.#openedText, this.#options)
    })
  }

  /** Re-reads the file if someone else changed it (the watcher calls this); resolves when done. */
  refresh(): Promise<void> {
    return this.#commit.schedule()
  }

  /** Finishes pending writes, stops watching and releases the lock. */
  async close(): Promise<void> {
    await this.#commit.idle()
    await this.#unwatch?.()
    this.#unwatch = undefined
    await this.#release?.().catch(() => undefined)
    this.#release = undefined
  }

  async #flush(): Promise<void> {
    const batch = this.#queue.splice(0)
    for (let attempt = 1; ; attempt++) {
      if (this.#disk) await this.#syncFromDisk()
      if (this.#invalid) {
        for (const pending of batch) pending.reject(this.#invalid)
        return
      }
      const outcomes = await this.#commitBatch(batch, attempt < 5)
      // Someone saved the file while the changes were applied: start again from their file, not over it.
      if (outcomes === 'file-changed') continue
      for (const { pending, ok, value } of outcomes) (ok ? pending.resolve : pending.reject)(value)
      return
    }
  }

  /**
   * Applies the changes of one group commit and writes the file once, all or nothing: a change that throws is
   * rolled back on its own; when the write fails, every change of the group is rolled back and fails with 500.
   * @returns `file-changed` when `guarded` and someone saved the file meanwhile (all rolled back, nothing written).
   */
  async #commitBatch(batch: Pending[], guarded: boolean): Promise<Outcome[] | 'file-changed'> {
    const before = this.#state
    const mark = before.journal.open()
    try {
      const outcomes = batch.map((pending) => this.#apply(pending))
      if (!outcomes.some((outcome) => outcome.ok)) return outcomes
      try {
        await this.#write(serializeDocument(this.#state), guarded)
        return outcomes
      } catch (error) {
        this.#state = before
        before.journal.rollBack(mark)
        if (error instanceof FileChanged) return 'file-changed'
        const failed = new CalendarError('store-write-failed', 500, `Could not write ${this.file}: ${String(error)}`)
        return outcomes.map((outcome) => (outcome.ok ? { ...outcome, ok: false, value: failed } : outcome))
      }
    } finally {
      before.journal.close()
    }
  }

  /** Runs one change; if it throws, whatever it changed is undone (the state is exactly as before). */
  #apply(pending: Pending): Outcome {
    const state = this.#state
    try {
      return { pending, ok: true, value: state.journal.attempt(() => pending.change(state)) }
    } catch (error) {
      return { pending, ok: false, value: error }
    }
  }

  /** Reloads the file when its content differs from what this process last read or wrote. */
  async #syncFromDisk(): Promise<void> {
    const disk = this.#disk as AtomicTextFile
    const file = this.file as string
    if ((await fingerprint(file)) === this.#fingerprint) return
    const { text, fingerprint: read } = await disk.readWithFingerprint()
    if (text === null || text === this.#text) {
      if (text !== null) this.#remember(text, read)
      this.#invalid = undefined
      return
    }
    if (text === this.#invalidText) return
    try {
      // An empty file is a save in progress (or a mistake), never "delete everything".
      if (text.trim() === '') throw new DocumentError(file, [{ path: '', message: 'the file is empty' }])
      const next = loadDocument(text, this.#options)
      this.#options.log?.('info', `reloaded ${file}: ${describeReload(this.#state, next)}`)
      this.#state = next
      this.#invalid = undefined
      this.#remember(text, read)
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error
      this.#invalid = error
      this.#invalidText = text
      this.#options.log?.('error', `${error.message}\nreads keep the last valid state; writes are refused until the file is fixed`)
    }
  }

  /** Writes `text`; `guarded`: cancel with FileChanged when the file changed since it was last read or written. */
  async #write(text: string, guarded = false): Promise<void> {
    const disk = this.#disk
    if (disk) {
      const file = this.file as string
      disk.guard = async () => {
        if (guarded && (await fingerprint(file)) !== this.#fingerprint) throw new FileChanged()
      }
    }
    this.#db.data = text
    await this.#db.write()
    this.#remember(text, disk?.written ?? '')
  }

  #remember(text: string, fingerprint: string): void {
    this.#text = text
    this.#fingerprint = fingerprint
  }
}

/** The file was saved by someone else during a write: the write is cancelled and done again from their file. */
class FileChanged extends Error {}
