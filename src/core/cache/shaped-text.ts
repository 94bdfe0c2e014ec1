import type { CalendarState } from '../state.js'

/** The default budget of a `ShapedTextCache`: 64 MiB, about 25,000 events as list items. */
export const DEFAULT_SHAPED_TEXT_BYTES = 64 * 1024 * 1024

/** Bookkeeping of one entry beyond its text: the key, the entry object and its inputs. */
const ENTRY_OVERHEAD_BYTES = 200

interface Entry {
  inputs: readonly unknown[]
  text: string
  bytes: number
}

/**
 * Records as the API shows them, kept as JSON text (issue 11): a response is assembled from these pieces instead of
 * shaping and stringifying every record on every request. Each piece remembers the inputs it was shaped from (the
 * record, its venue, organizers, terms, term counts…); a read compares them (`===`) with the current ones, so a
 * piece is used only while everything it shows is unchanged, and records are replaced, never mutated (see
 * `Collection`). Least recently used pieces go first once the text kept exceeds `budget` bytes (a character counted
 * as a byte, as V8 stores ASCII text, plus ~200 bytes an entry). A state swapped in by a reload empties the cache.
 *
 * @example
 * const cache = new ShapedTextCache()
 * const text = cache.text(state, `event ${id} ${view.base}`, [event, venue], () => JSON.stringify(shape(event)))
 */
export class ShapedTextCache {
  readonly #entries = new Map<string, Entry>()
  readonly #budget: number
  #state: CalendarState | undefined
  #bytes = 0

  /** `budget`: bytes of text to keep at most; 0 keeps nothing. */
  constructor(budget = DEFAULT_SHAPED_TEXT_BYTES) {
    this.#budget = budget
  }

  /** Bytes kept now (text length plus the per-entry overhead). */
  get bytes(): number {
    return this.#bytes
  }

  /**
   * The text kept under `key` when it was shaped from the same `inputs` of the same state; otherwise `shape()`'s
   * text, kept for the next read.
   */
  text(state: CalendarState, key: string, inputs: readonly unknown[], shape: () => string): string {
    if (state !== this.#state) this.#clear(state)
    const entry = this.#entries.get(key)
    if (entry && sameInputs(entry.inputs, inputs)) {
      // Map order is the recency order: a hit moves to the end, eviction takes from the front.
      this.#entries.delete(key)
      this.#entries.set(key, entry)
      return entry.text
    }
    const text = shape()
    this.#store(key, { inputs, text, bytes: text.length + ENTRY_OVERHEAD_BYTES }, entry)
    return text
  }

  #store(key: string, entry: Entry, stale: Entry | undefined): void {
    if (stale) {
      this.#entries.delete(key)
      this.#bytes -= stale.bytes
    }
    if (entry.bytes > this.#budget) return
    this.#entries.set(key, entry)
    this.#bytes += entry.bytes
    for (const [oldest, old] of this.#entries) {
      if (this.#bytes <= this.#budget) break
      this.#entries.delete(oldest)
      this.#bytes -= old.bytes
    }
  }

  #clear(state: CalendarState): void {
    this.#entries.clear()
    this.#bytes = 0
    this.#state = state
  }
}

function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
