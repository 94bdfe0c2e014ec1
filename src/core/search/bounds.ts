import type { IndexEntry } from './entry.js'
import { firstAfter } from './sorted-entries.js'

/**
 * A list's date window in wall-time ms (`wallTimeMs`, as `IndexEntry` holds event dates), each bound optional
 * (docs/lists.md#event-list-dates): the start is ≥ `min`, > `after`, ≤ `max` and < `before`; the end is ≤ `max`, <
 * `before` and > `after`.
 */
export interface WindowBounds {
  start: { min?: number; after?: number; max?: number; before?: number }
  end: { max?: number; before?: number; after?: number }
}

/**
 * The part `[from, to)` of a start-sorted list whose starts the window allows (binary searches).
 *
 * @example
 * startRange(entries, { min: 10, before: 20 }) // [first start ≥ 10, first start ≥ 20]
 */
export function startRange(list: readonly IndexEntry[], start: WindowBounds['start']): [number, number] {
  const from = Math.max(
    start.min === undefined ? 0 : firstStart(list, start.min, false),
    start.after === undefined ? 0 : firstStart(list, start.after, true),
  )
  const to = Math.min(
    start.max === undefined ? list.length : firstStart(list, start.max, true),
    start.before === undefined ? list.length : firstStart(list, start.before, false),
  )
  return [from, Math.max(from, to)]
}

/** Index of the first entry starting at or after `at` (after it when `strict`); `list.length` when none. */
export function firstStart(list: readonly IndexEntry[], at: number, strict: boolean): number {
  return firstAfter(list.length, (index) => {
    const start = (list[index] as IndexEntry).start
    return start < at || (strict && start === at)
  })
}

/** True when a start is inside the window's start bounds (what `startRange` finds by binary search). */
export function startInside(start: number, bounds: WindowBounds['start']): boolean {
  return (
    (bounds.min === undefined || start >= bounds.min) &&
    (bounds.after === undefined || start > bounds.after) &&
    (bounds.max === undefined || start <= bounds.max) &&
    (bounds.before === undefined || start < bounds.before)
  )
}

/** True when an end is inside the window's end bounds. */
export function endInside(end: number, bounds: WindowBounds['end']): boolean {
  return (
    (bounds.max === undefined || end <= bounds.max) &&
    (bounds.before === undefined || end < bounds.before) &&
    (bounds.after === undefined || end > bounds.after)
  )
}

/** Whether every, no or some end in `[minEnd, maxEnd]` is inside the end bounds. */
export function endsVerdict(minEnd: number, maxEnd: number, bounds: WindowBounds['end']): 'all' | 'none' | 'some' {
  if (endInside(minEnd, bounds) && endInside(maxEnd, bounds)) return 'all'
  const none =
    (bounds.max !== undefined && minEnd > bounds.max) ||
    (bounds.before !== undefined && minEnd >= bounds.before) ||
    (bounds.after !== undefined && maxEnd <= bounds.after)
  return none ? 'none' : 'some'
}
