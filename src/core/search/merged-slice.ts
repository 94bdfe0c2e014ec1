import type { EventRecord } from '../model/records.js'
import { compareEntries, type IndexEntry } from './entry.js'

/**
 * A list a page is taken from: its total and the items between two positions, in list order,
 * without the whole list existing. A plain array is one.
 */
export interface ListSlice<T> {
  /** The total number of items. */
  readonly length: number
  /** The items at positions `start` to `end` (exclusive), as `Array.prototype.slice` takes them. */
  slice(start: number, end: number): readonly T[]
}

/** The part `[from, to)` of a list of entries sorted in list order. */
export interface EntryRange {
  list: readonly IndexEntry[]
  from: number
  to: number
}

let stamp = 0

/**
 * The entries of several sorted ranges that pass `shows`, each once, in list order: the total counts them (marks
 * dedup an entry in several ranges, without a Set), and a page merges the ranges only up to its end, so that
 * neither sorts nor copies the candidates.
 */
export function mergedSlice(
  ranges: readonly EntryRange[],
  shows: (entry: IndexEntry) => boolean,
): ListSlice<EventRecord> {
  return { length: countUnique(ranges, shows), slice: (start, end) => takeMerged(ranges, shows, start, end) }
}

function countUnique(ranges: readonly EntryRange[], shows: (entry: IndexEntry) => boolean): number {
  let count = 0
  if (ranges.length === 1) {
    const { list, from, to } = ranges[0] as EntryRange
    for (let at = from; at < to; at++) if (shows(list[at] as IndexEntry)) count++
    return count
  }
  stamp++
  for (const { list, from, to } of ranges) {
    for (let at = from; at < to; at++) {
      const entry = list[at] as IndexEntry
      if (entry.mark === stamp) continue
      entry.mark = stamp
      if (shows(entry)) count++
    }
  }
  return count
}

/** A k-way merge: each step takes the smallest head, and moves on every range whose head it is. */
function takeMerged(
  ranges: readonly EntryRange[],
  shows: (entry: IndexEntry) => boolean,
  start: number,
  end: number,
): EventRecord[] {
  const heads = ranges.map((range) => range.from)
  const out: EventRecord[] = []
  for (let position = 0; position < end; ) {
    let next: IndexEntry | undefined
    ranges.forEach((range, r) => {
      const head = range.list[heads[r] as number]
      if ((heads[r] as number) < range.to && (!next || compareEntries(head as IndexEntry, next) < 0)) next = head
    })
    if (!next) break
    ranges.forEach((range, r) => {
      if (range.list[heads[r] as number] === next) heads[r] = (heads[r] as number) + 1
    })
    if (!shows(next)) continue
    if (position >= start) out.push(next.event)
    position++
  }
  return out
}
