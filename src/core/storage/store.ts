import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { statePieces } from '../cache/record-text.js'
import { ValidatedTexts } from '../cache/validated-texts.js'
import type { DocumentError } from '../document/error.js'
import { loadDocument, loadDocumentBeside } from '../document/load.js'
import { CalendarError } from '../errors.js'
import { type CalendarState, type StateSnapshot, snapshotOf, stateFrom } from '../model/state.js'
import { turn } from '../turns.js'
import { removeStaleTemporaries, type TextPieces } from './atomic-file/atomic-text-file.js'
import { type ChangeListener, ChangeListeners } from './change-listeners.js'
import { applyAll, GroupCommit, type Outcome, type Pending } from './group-commit.js'
import { lockDataFile, writesFolder } from './lock/lock.js'
import { type Overwritten, overwrittenBy, writtenRecords } from './overwritten.js'
import { StoreFile } from './store-file.js'
import type { OpenAhead, StoreOptions } from './store-options.js'
import { watchFile } from './watch.js'

/**
 * The data file behind lowdb (docs/data-file.md), and the one place the current state lives.
 * - Writes are queued and grouped: the changes that arrive while a file write runs share the next one, and each
 *   caller is answered once its change is in the file.
 * - Before a write, a file changed on disk since it was last read is reloaded and the queued changes are applied
 *   to that, so no hand edit is overwritten; the server's own writes are told apart by content, not by a flag.
 * - While the file on disk is invalid, reads keep the last valid state, writes answer 503 `store-file-invalid`
 *   and the file is not touched; a valid file is picked up again by the watcher, `freshen` or the next write.
 * - Every reload runs as a flush of the group commit, so that it never swaps the state in the middle of a write.
 * `file` null keeps everything in memory.
 *
 * It plays the part of lowdb's `Low` for the lowdb adapter `AtomicTextFile`: it holds the document (the state, and
 * through `StoreFile` the text it was read from or last written as) and writes it through the adapter, calling the
 * adapter itself, since a write here takes the fingerprint the file must still have and answers with the one it
 * wrote.
 */
export class Store {
  readonly file: string | null
  readonly #options: StoreOptions
  /** The data file as last seen (a memory store's keeps the text only). */
  readonly #file: StoreFile
  readonly #commit: GroupCommit
  #state!: CalendarState
  #queue: Pending[] = []
  /** The state as opened and its text: what `reset` goes back to. */
  #opened!: { snapshot: StateSnapshot; text: TextPieces }
  /** When the file was last looked at for changes (performance.now()): see `freshen`. */
  #checkedAt = 0
  /** The check `freshen` is running, which concurrent reads wait for too. */
  #freshening: Promise<void> | undefined
  #release: (() => Promise<void>) | undefined
  #unwatch: (() => Promise<void>) | undefined
  readonly #changes: ChangeListeners

  constructor(file: string | null, options: StoreOptions) {
    this.file = file
    // A file's texts known valid are remembered outside it, so that starting on the same text again skips
    // validation (cache/validated-texts.ts); what is kept in memory has no file to start from again.
    this.#options = file === null ? options : { ...options, validated: new ValidatedTexts(file, options.timezone) }
    this.#commit = new GroupCommit(() => this.#flush())
    this.#changes = new ChangeListeners((error) => options.log?.('error', `a change listener failed: ${String(error)}`))
    this.#file = new StoreFile(file, this.#options, this.#changes, (next) => (this.#state = next))
  }

  get state(): CalendarState {
    return this.#state
  }

  /** The problems of the file on disk while it is invalid (writes are refused meanwhile). */
  get invalid(): DocumentError | undefined {
    return this.#file.invalid
  }

  /** The number of states held since the store was opened (see `CalendarChange`). */
  get version(): number {
    return this.#changes.version
  }

  /**
   * Calls `listener` after each change (see `CalendarChange`), synchronously, in the turn that made it; returns
   * the function that stops it. A listener that throws is logged, and neither the store nor the other listeners
   * hear of it.
   */
  onChange(listener: ChangeListener): () => void {
    return this.#changes.add(listener)
  }

  /**
   * Locks (unless read-only), reads and validates the file; a missing file (or the memory store) starts from
   * `initial`, a data file text, and is written at once. `ahead.validation`: the key of a text a validation run
   * beside found valid (`validateInWorker`), not validated again; `ahead.read`: the file read before the lock
   * (`readBytes`), taken when the file still has the fingerprint it was read with.
   * @throws DocumentError for an invalid file; CalendarError 409 `store-locked` when another process writes it.
   */
  async open(initial = '', ahead: OpenAhead = {}): Promise<void> {
    const { validation } = ahead
    const file = this.file
    if (file !== null) {
      await mkdir(dirname(file), { recursive: true })
      if (!this.#options.readOnly && this.#options.lock !== false) {
        this.#release = await lockDataFile(file)
        await removeStaleTemporaries(file)
        this.#file.writeTemporariesIn(writesFolder(file))
      }
    }
    try {
      const { text, bytes } = await this.#file.read(ahead.read)
      this.#state = validation
        ? await loadDocumentBeside(text ?? initial, this.#options, validation, bytes ?? undefined)
        : loadDocument(text ?? initial, this.#options, bytes ?? undefined)
      // A file created meanwhile is someone's: the store is opened again from it.
      if (bytes === null && (await this.#file.write(await statePieces(this.#state))) !== 'written') {
        await this.close()
        return this.open(initial, { validation: undefined })
      }
      this.#opened = { snapshot: snapshotOf(this.#state), text: this.#file.text }
      if (file !== null && this.#options.watch)
        this.#unwatch = await watchFile(
          file,
          // Our own writes are seen too: one `stat` tells them apart, without taking a turn of the group commit.
          () => void this.#reloadIfChanged(),
          (error) => this.#watchFailed(error),
        )
    } catch (error) {
      await this.close()
      throw error
    }
    // An edit saved between the read and the start of the watch has no event of its own.
    if (this.#unwatch) await this.refresh()
  }

  /**
   * Applies `change` to the current state and writes the file; resolves with what `change` returned once it is
   * in the file. All or nothing: when `change` throws, or the file cannot be written, every change it made is
   * undone, in memory and on disk.
   * @throws CalendarError 503 `store-file-invalid` / `store-read-only`, and whatever `change` throws.
   */
  commit<T>(change: (state: CalendarState) => T): Promise<T> {
    return this.#enqueue(change)
  }

  /**
   * `commit` for a change that settles later (`Calendar.batch`): the state is its own until its promise settles,
   * so the changes queued meanwhile wait for it, and a rejection undoes all of it. Reads meanwhile see the changes
   * made so far, as they do while a file write runs. The change must not wait for another write of this store,
   * which would wait for it in turn.
   * @throws CalendarError as `commit`, and whatever `change` rejects with.
   */
  commitAsync<T>(change: (state: CalendarState) => Promise<T>): Promise<T> {
    return this.#enqueue(change, undefined, true)
  }

  /**
   * Puts back the state as it was opened, and writes the text it was opened from (test suites reset a calendar
   * between tests), as a change like any other: the state is rebuilt from the opened records and the text is the
   * one kept, nothing is parsed or serialised, so it takes well under a millisecond for 200 events.
   * @throws CalendarError 503 as `commit`.
   */
  reset(): Promise<void> {
    const { snapshot, text } = this.#opened
    return this.#enqueue(() => {
      this.#state = stateFrom(snapshot)
    }, text)
  }

  /** Queues a change for the next group commit; `text`: the file text it leaves, when known (see `Pending`). */
  #enqueue<T>(change: (state: CalendarState) => T | Promise<T>, text?: TextPieces, async?: true): Promise<T> {
    if (this.#options.readOnly) {
      return Promise.reject(
        new CalendarError('store-read-only', 503, `${this.file} is served read-only; writes are refused.`),
      )
    }
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ change, text, async, resolve: resolve as (value: unknown) => void, reject })
      void this.#commit.schedule().catch(() => undefined)
    })
  }

  /** Re-reads the file if someone else changed it (the watcher calls this); resolves when done. */
  refresh(): Promise<void> {
    return this.#commit.schedule()
  }

  /**
   * Makes sure that a read about to be served sees the file as it is, even when the watcher missed a save (a
   * network folder, an unusual editor, a watch that stopped): when the file was last looked at over a second ago,
   * one `stat` tells whether it changed, and a changed file is reloaded before this resolves. Otherwise it costs
   * nothing. Never rejects: a file that cannot be read leaves the last state in place, and is logged.
   * Only for a watched store: without `watch`, edits are taken in at the next write (docs/cli.md `--no-watch`).
   */
  freshen(): Promise<void> {
    return this.freshening() ?? DONE
  }

  /** `freshen`'s check when one is due or running, else undefined: nothing to wait for. */
  freshening(): Promise<void> | undefined {
    if (!this.#options.watch || this.file === null) return undefined
    if (this.#freshening) return this.#freshening
    if (performance.now() - this.#checkedAt < FRESH_MS) return undefined
    this.#freshening = this.#reloadIfChanged().finally(() => (this.#freshening = undefined))
    return this.#freshening
  }

  /** Finishes pending writes, stops watching and releases the lock. */
  async close(): Promise<void> {
    await this.#commit.idle()
    await this.#unwatch?.()
    this.#unwatch = undefined
    await this.#release?.().catch(() => undefined)
    this.#release = undefined
  }

  /** `freshen`'s look at the file: one `stat`, and a reload only when the file is not the one last seen. */
  async #reloadIfChanged(): Promise<void> {
    this.#checkedAt = performance.now()
    if (await this.#file.changedOnDisk()) await this.#recheck()
  }

  /** A reload that nobody awaits the failure of: a file that cannot be read is logged, and reads keep the state. */
  async #recheck(): Promise<void> {
    await this.refresh().catch((error: unknown) => {
      this.#options.log?.('error', `could not read ${this.file}: ${String(error)}; reads keep the last state`)
    })
  }

  #watchFailed(error: Error): void {
    this.#options.log?.(
      'warn',
      `watching ${this.file} failed: ${error.message}; edits are taken in at the next read or write`,
    )
  }

  async #flush(): Promise<void> {
    const batch = this.#queue.splice(0)
    try {
      await this.#flushBatch(batch)
    } catch (error) {
      // The file could not even be read: the writes waiting for it fail rather than hang.
      const failed = new CalendarError('store-write-failed', 500, `Could not read ${this.file}: ${String(error)}`)
      for (const pending of batch) pending.reject(failed)
      throw error
    }
  }

  async #flushBatch(batch: Pending[]): Promise<void> {
    const giveUp = performance.now() + PATIENCE_MS
    for (;;) {
      await this.#takeIn()
      const invalid = this.#file.invalid
      if (invalid) {
        for (const pending of batch) pending.reject(invalid)
        return
      }
      const result = await this.#commitBatch(batch)
      if (Array.isArray(result)) {
        this.#answer(result)
        return
      }
      if (result !== 'file-changed' && (await this.#heldBy(result))) {
        this.#answer(result.outcomes)
        return
      }
      // Someone saved the file while the changes were applied: start again from their file, never over it.
      if (performance.now() > giveUp) {
        const busy = new CalendarError(
          'store-file-busy',
          503,
          `${this.file} kept being saved by someone else while this write was written; nothing was written.`,
          { file: this.file },
        )
        for (const pending of batch) pending.reject(busy)
        return
      }
    }
  }

  /**
   * Whether the save that landed over this store's own, before its writers were answered, holds what they wrote
   * (`overwrittenBy`), once it is taken in: they are answered then; otherwise their changes are applied again on
   * top of it.
   */
  async #heldBy(result: Overwritten<Outcome[]>): Promise<boolean> {
    await this.#takeIn()
    return !this.#file.invalid && overwrittenBy(this.#state, result)
  }

  /**
   * Answers each writer in its share of the event loop: ten answers shaped and sent at once would hold reads and
   * timers up for all of them (docs/data-file.md#writes-to-the-file).
   */
  #answer(outcomes: Outcome[]): void {
    for (const { pending, ok, value } of outcomes)
      void turn().then(() => (ok ? pending.resolve : pending.reject)(value))
    // A change that went through is in the file: `#commitBatch` turns every outcome into a failure otherwise.
    if (outcomes.some((outcome) => outcome.ok)) this.#changes.tell({ kind: 'write', version: this.#changes.count() })
  }

  /**
   * Applies the changes of one group commit and writes the file once, all or nothing: a change that throws is
   * rolled back on its own; when the write fails, every change of the group is rolled back and fails with 500.
   * @returns `file-changed` when someone saved the file meanwhile (all rolled back, nothing of it left in the
   * file); `Overwritten` when someone saved over the file written before the writers were answered (all rolled
   * back, for the caller to take that save in and look whether it holds the records written).
   */
  async #commitBatch(batch: Pending[]): Promise<Outcome[] | Overwritten<Outcome[]> | 'file-changed'> {
    const before = this.#state
    const mark = before.journal.open()
    try {
      const outcomes = await applyAll(batch, () => this.#state)
      const last = outcomes.filter((outcome) => outcome.ok).at(-1)
      if (!last) return outcomes
      let failed: CalendarError | undefined
      let result: Overwritten<Outcome[]> | 'file-changed' = 'file-changed'
      try {
        // A reset last in its group leaves the opened text: written as kept, rather than serialised again.
        const saved = await this.#file.write(last.pending.text ?? (await statePieces(this.#state)))
        if (saved === 'written') return outcomes
        if (saved === 'overwritten') result = { outcomes, ...writtenRecords(this.#state, before, mark) }
      } catch (error) {
        failed = new CalendarError('store-write-failed', 500, `Could not write ${this.file}: ${String(error)}`)
      }
      this.#state = before
      before.journal.rollBack(mark)
      if (!failed) return result
      return outcomes.map((outcome) => (outcome.ok ? { ...outcome, ok: false, value: failed } : outcome))
    } finally {
      before.journal.close()
    }
  }

  /** Takes in the file when someone else saved it (`StoreFile.takeIn`). */
  async #takeIn(): Promise<void> {
    this.#checkedAt = performance.now()
    await this.#file.takeIn(this.#state)
  }
}

/**
 * How long a group of writes keeps starting again from a file that someone keeps saving before it is refused with
 * 503 `store-file-busy`: it is never written over a save it has not seen.
 */
const PATIENCE_MS = 10_000

/** How long a look at the file holds for `freshen`: at most one `stat` a second on the read path. */
const FRESH_MS = 1000

const DONE = Promise.resolve()
