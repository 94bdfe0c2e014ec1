import type { IndexEntry } from './entry.js'
import { addEntry, removeEntry } from './sorted-entries.js'

/**
 * The entries that link to each venue, organizer or term, each list in list order (docs/lists.md#event-list-dates),
 * kept sorted as events change: a list filtered on one reads only the events linked to it.
 *
 * @example
 * const byVenue = new Postings((event) => (event.venue === null ? [] : [event.venue]))
 */
export class Postings {
  readonly #lists = new Map<number, IndexEntry[]>()

  /** `ids(event)`: the IDs an event links to, repeats allowed. */
  constructor(readonly ids: (event: IndexEntry['event']) => readonly number[]) {}

  /** The entries linked to `id`, in list order (empty when none). */
  get(id: number): readonly IndexEntry[] {
    return this.#lists.get(id) ?? []
  }

  /** Adds an entry; `append` when entries come in list order (a build), which skips the binary search. */
  add(entry: IndexEntry, append = false): void {
    for (const id of new Set(this.ids(entry.event))) addEntry(this.#lists, id, entry, append)
  }

  remove(entry: IndexEntry): void {
    for (const id of new Set(this.ids(entry.event))) {
      const list = this.#lists.get(id)
      if (list && removeEntry(list, entry) && list.length === 0) this.#lists.delete(id)
    }
  }
}
