import type { CollectionName } from '../model/kinds.js'
import type { CalendarState } from '../model/state.js'
import type { View } from '../resources/view.js'

/** The default budget of a `ShapedTextCache`: 64 MiB, about 25,000 events as list items. */
export const DEFAULT_SHAPED_TEXT_BYTES = 64 * 1024 * 1024

/** Bookkeeping of one entry beyond its text: the entry object, its inputs and map slots. */
const ENTRY_OVERHEAD_BYTES = 200

/** Once over budget, entries are dropped down to this share of it, so that eviction runs seldom. */
const AFTER_EVICTION = 0.9

interface Entry {
  inputs: readonly unknown[]
  /** `state.changes` and the site zone when `inputs` were last found current: while both hold, they still are. */
  changes: number
  zone: string
  json: Buffer
  bytes: number
  /** When it was last read, in reads of this cache: the least recently read go first. */
  used: number
}

/**
 * Records as the API shows them, kept as JSON text in UTF-8: a response is assembled from these bytes
 * instead of shaping, stringifying and encoding every record on every request. Pieces are kept per group (a kind, a form and the view
 * URLs the shape reads: see `shapeForm`) and record ID. Each piece remembers the inputs it was shaped from (the
 * record, its venue, organizers, terms, term counts…); a read compares them (`===`) with the current ones, so a
 * piece is used only while everything it shows is unchanged, and records are replaced, never mutated (see
 * `Collection`). Once the bytes kept exceed `budget` (plus ~200 bytes an entry), the least recently read pieces go. A state swapped in by a reload empties the cache.
 *
 * @example
 * const cache = new ShapedTextCache()
 * const json = cache.json(state, `events item ${view.base}`, event.id, () => [event, venue], () => JSON.stringify(shaped))
 */
export class ShapedTextCache {
  readonly #groups = new Map<string, Map<number, Entry>>()
  readonly #budget: number
  #state: CalendarState | undefined
  #bytes = 0
  #reads = 0

  /** `budget`: bytes of text to keep at most; 0 keeps nothing. */
  constructor(budget = DEFAULT_SHAPED_TEXT_BYTES) {
    this.#budget = budget
  }

  /** Bytes kept now (UTF-8 JSON plus the per-entry overhead). */
  get bytes(): number {
    return this.#bytes
  }

  /**
   * The JSON kept for record `id` in `group` when it was shaped from the same inputs (`inputsOf()`) of the same
   * state; otherwise `shape()`'s text in UTF-8, kept for the next read. The inputs are gathered only when a collection
   * or the site zone changed since they were last compared (`CalendarState.changes`). The bytes are shared: never
   * write into them.
   */
  json(
    state: CalendarState,
    group: string,
    id: number,
    inputsOf: () => readonly unknown[],
    shape: () => string,
  ): Buffer {
    if (state !== this.#state) this.#clear(state)
    let entries = this.#groups.get(group)
    if (!entries) {
      entries = new Map()
      this.#groups.set(group, entries)
    }
    const used = ++this.#reads
    const entry = entries.get(id)
    const changes = state.changes
    const zone = state.siteTimezone
    // Nothing changed since the inputs were last compared: no need to gather them again (most reads).
    if (entry && entry.changes === changes && entry.zone === zone) {
      entry.used = used
      return entry.json
    }
    const inputs = inputsOf()
    if (entry && sameInputs(entry.inputs, inputs)) {
      entry.changes = changes
      entry.zone = zone
      entry.used = used
      return entry.json
    }
    const json = Buffer.from(shape())
    if (entry) this.#bytes -= entry.bytes
    const bytes = json.length + ENTRY_OVERHEAD_BYTES
    if (bytes > this.#budget) entries.delete(id)
    else {
      entries.set(id, { inputs, changes, zone, json, bytes, used })
      this.#bytes += bytes
      if (this.#bytes > this.#budget) this.#evict()
    }
    return json
  }

  /** Drops the least recently read entries until the bytes kept are back under `AFTER_EVICTION` of the budget. */
  #evict(): void {
    const all: Array<[entry: Entry, id: number, entries: Map<number, Entry>]> = []
    for (const entries of this.#groups.values()) for (const [id, entry] of entries) all.push([entry, id, entries])
    all.sort((a, b) => a[0].used - b[0].used)
    for (const [entry, id, entries] of all) {
      if (this.#bytes <= this.#budget * AFTER_EVICTION) break
      entries.delete(id)
      this.#bytes -= entry.bytes
    }
  }

  #clear(state: CalendarState): void {
    this.#groups.clear()
    this.#bytes = 0
    this.#state = state
  }
}

/**
 * How a request shows records of a kind: as list items or `single` reads (which carry `json_ld`), and the group
 * their kept text belongs to: the kind, the form and the view's URLs (`base`, `siteUrl`: the only parts of a view a
 * shape reads). Made once per request, for every record it shows.
 */
export interface ShapeForm {
  single: boolean
  group: string
}

/** The form of the records a request shows (see `ShapeForm`). */
export function shapeForm(kind: CollectionName, single: boolean, view: View): ShapeForm {
  return { single, group: `${kind} ${single ? 'single' : 'item'} ${view.base} ${view.siteUrl}` }
}

/**
 * A record as the API shows it, as JSON in UTF-8: `JSON.stringify(shape())`, kept in `cache` under its form's
 * group and its ID while its inputs (`inputsOf()`: everything the shape reads besides the view, e.g.
 * `eventShapeInputs`) stay the same.
 *
 * @example
 * const form = shapeForm('venues', false, view)
 * shapedJson(cache, state, form, venue.id, () => [venue], () => shapeVenue(state, venue, view, form))
 */
export function shapedJson(
  cache: ShapedTextCache,
  state: CalendarState,
  form: ShapeForm,
  id: number,
  inputsOf: () => readonly unknown[],
  shape: () => unknown,
): Buffer {
  return cache.json(state, form.group, id, inputsOf, () => JSON.stringify(shape()))
}

function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
