import { type IndexEntry, KINDS } from './entry.js'
import { entryPosition } from './sorted-entries.js'

/**
 * A run of the start-sorted timeline, with how many of its entries there are of each kind and the range of their
 * ends, so that a list counts a whole block by adding counts instead of testing its events (the aim: "totals
 * without materialising the window").
 */
export class TimelineBlock {
  readonly counts = new Int32Array(KINDS)
  minEnd = Infinity
  maxEnd = -Infinity

  constructor(readonly entries: IndexEntry[]) {
    for (const entry of entries) this.#count(entry, 1)
  }

  /** The last entry; a block is never left empty. */
  get last(): IndexEntry {
    return this.entries[this.entries.length - 1] as IndexEntry
  }

  insert(entry: IndexEntry): void {
    this.entries.splice(entryPosition(this.entries, entry), 0, entry)
    this.#count(entry, 1)
  }

  /** False when the entry is not in this block. */
  remove(entry: IndexEntry): boolean {
    const at = entryPosition(this.entries, entry)
    if (this.entries[at] !== entry) return false
    this.entries.splice(at, 1)
    this.counts[entry.kind] = (this.counts[entry.kind] as number) - 1
    if (entry.end === this.minEnd || entry.end === this.maxEnd) this.#rescanEnds()
    return true
  }

  /** Moves the second half of the entries to a new block, which it returns. */
  split(): TimelineBlock {
    const moved = this.entries.splice(this.entries.length >> 1)
    for (const entry of moved) this.counts[entry.kind] = (this.counts[entry.kind] as number) - 1
    this.#rescanEnds()
    return new TimelineBlock(moved)
  }

  #count(entry: IndexEntry, delta: number): void {
    this.counts[entry.kind] = (this.counts[entry.kind] as number) + delta
    if (entry.end < this.minEnd) this.minEnd = entry.end
    if (entry.end > this.maxEnd) this.maxEnd = entry.end
  }

  #rescanEnds(): void {
    this.minEnd = Infinity
    this.maxEnd = -Infinity
    for (const entry of this.entries) {
      if (entry.end < this.minEnd) this.minEnd = entry.end
      if (entry.end > this.maxEnd) this.maxEnd = entry.end
    }
  }
}
