import { compareEntries, type IndexEntry } from './entry.js'

/** Where `entry` is, or would go, in a list sorted by `compareEntries` (binary search). */
export function entryPosition(list: readonly IndexEntry[], entry: IndexEntry): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const mid = (low + high) >> 1
    if (compareEntries(list[mid] as IndexEntry, entry) < 0) low = mid + 1
    else high = mid
  }
  return low
}

/** Puts `entry` in its place in a sorted list. */
export function insertEntry(list: IndexEntry[], entry: IndexEntry): void {
  list.splice(entryPosition(list, entry), 0, entry)
}

/** Takes `entry` out of a sorted list; false when it is not there. */
export function removeEntry(list: IndexEntry[], entry: IndexEntry): boolean {
  const at = entryPosition(list, entry)
  if (list[at] !== entry) return false
  list.splice(at, 1)
  return true
}
