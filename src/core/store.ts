import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { Low, Memory } from 'lowdb'
import { DataFile } from 'lowdb/node'
import { type LoadOptions, loadDocument, serializeDocument } from './document.js'
import { GroupCommit } from './group-commit.js'
import type { CalendarState } from './state.js'

/**
 * The data file behind lowdb: reading validates it into a state (CONTRACT §1), writing serializes the state and
 * renames a temporary file into place (steno), with writes that arrive together grouped into one.
 * `file` null keeps everything in memory (tests, embedding without a file).
 */
export class Store {
  readonly file: string | null
  readonly #db: Low<CalendarState>
  readonly #commit: GroupCommit
  readonly #options: LoadOptions

  constructor(file: string | null, options: LoadOptions) {
    this.file = file
    this.#options = options
    const adapter = file === null
      ? new Memory<CalendarState>()
      : new DataFile<CalendarState>(file, { parse: (text) => loadDocument(text, options), stringify: serializeDocument })
    // null marks "no file yet": load() then builds the state from `initial`.
    this.#db = new Low<CalendarState>(adapter, null as unknown as CalendarState)
    this.#commit = new GroupCommit(() => this.#db.write())
  }

  /**
   * Reads and validates the file. A missing file (or the memory store) starts from `initial`, a data file text
   * (default empty), and is written at once so that it exists.
   * @throws DocumentError when the file or `initial` is invalid.
   */
  async load(initial = ''): Promise<CalendarState> {
    await this.#db.read()
    if (this.#db.data) return this.#db.data
    const state = loadDocument(initial, this.#options)
    if (this.file !== null) await mkdir(dirname(this.file), { recursive: true })
    await this.save(state)
    return state
  }

  /** Writes the current state; resolves once it is in the file (grouped with concurrent writes). */
  save(state: CalendarState): Promise<void> {
    this.#db.data = state
    return this.#commit.schedule()
  }

  /** Settles when pending writes are done (graceful stop). */
  idle(): Promise<void> {
    return this.#commit.idle()
  }
}
