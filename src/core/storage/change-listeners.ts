import type { DocumentError } from '../document/error.js'

/**
 * What the listeners of `Calendar.onChange` hear (the page at `/` follows the file live). `version` counts
 * the states the calendar has held since it was opened: 0 at open, one more for each write that landed in the file
 * and for each hand edit loaded; `invalid` and `valid` leave it as it is, since reads keep the state meanwhile.
 * - `write`: changes made through the calendar (HTTP or library) are in the file.
 * - `reload`: a hand edit of the file was loaded, and the whole state swapped for it.
 * - `invalid`: the file on disk turned invalid, or was saved invalid once more, with every problem in `error`
 *   (the error that writes answer with meanwhile: 503 `store-file-invalid`).
 * - `valid`: the file on disk is no longer invalid (fixed, put back as it was, or removed); when the fixed file's
 *   content is new, `valid` comes first, with the new state and version already in place, then its `reload`.
 */
export type CalendarChange =
  | { kind: 'write' | 'reload' | 'valid'; version: number }
  | { kind: 'invalid'; version: number; error: DocumentError }

/** A listener of `onChange`. */
export type ChangeListener = (change: CalendarChange) => void

/**
 * The listeners of a store's changes, and the count of states it has held (`CalendarChange`'s `version`). The
 * store counts a new state (`count`) apart from telling of it (`tell`): a fixed file's new state is counted before
 * its `valid` is told, so that whoever hears `valid` sees the new state under its new version.
 *
 * @example
 * const changes = new ChangeListeners((error) => console.error(error))
 * changes.add((change) => console.log(change.kind, change.version))
 * changes.tell({ kind: 'write', version: changes.count() })
 */
export class ChangeListeners {
  readonly #listeners = new Set<ChangeListener>()
  readonly #failed: (error: unknown) => void
  #version = 0

  /** `failed` hears of a listener that threw. */
  constructor(failed: (error: unknown) => void) {
    this.#failed = failed
  }

  /** The number of states held since the store was opened. */
  get version(): number {
    return this.#version
  }

  /** Adds `listener`; returns the function that removes it. */
  add(listener: ChangeListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Counts one more state; returns its version. */
  count(): number {
    return ++this.#version
  }

  /** Calls every listener with `change`, synchronously; one that throws is reported, and the others still hear. */
  tell(change: CalendarChange): void {
    for (const listener of this.#listeners) {
      try {
        listener(change)
      } catch (error) {
        this.#failed(error)
      }
    }
  }
}
