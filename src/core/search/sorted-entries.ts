import { compareEntries, type IndexEntry } from './entry.js'

/**
 * The first position in `[0, length)` where `before(position)` is false, `length` when none, for a `before` that
 * is true up to some position and false from there on (binary search). Every search of the indexes is one.
 *
 * @example
 * firstAfter(list.length, (i) => list[i].start < instant) // the first entry starting at or after `instant`
 */
export function firstAfter(length: number, before: (position: number) => boolean): number {
  let low = 0
  let high = length
  while (low < high) {
    const mid = (low + high) >> 1
    if (before(mid)) low = mid + 1
    else high = mid
  }
  return low
}

/** Where `entry` is, or would go, in a list sorted by `compareEntries`. */
export function entryPosition(list: readonly IndexEntry[], entry: IndexEntry): number {
  return firstAfter(list.length, (at) => compareEntries(list[at] as IndexEntry, entry) < 0)
}

/** Puts `entry` in its place in a sorted list. */
function insertEntry(list: IndexEntry[], entry: IndexEntry): void {
  list.splice(entryPosition(list, entry), 0, entry)
}

/** Takes `entry` out of a sorted list; false when it is not there. */
export function removeEntry(list: IndexEntry[], entry: IndexEntry): boolean {
  const at = entryPosition(list, entry)
  if (list[at] !== entry) return false
  list.splice(at, 1)
  return true
}

/**
 * Adds `entry` to the sorted list of `key`, made when missing; `append` when entries come in list order (a build),
 * which skips the search. True when the list is new.
 */
export function addEntry<K>(lists: Map<K, IndexEntry[]>, key: K, entry: IndexEntry, append: boolean): boolean {
  const list = lists.get(key)
  if (!list) lists.set(key, [entry])
  else if (append) list.push(entry)
  else insertEntry(list, entry)
  return !list
}
