import type { CalendarState } from './state.js'

/**
 * Memoizes an index derived from a state: built on first use, kept while `version(state)` stays the same (a
 * collection's version changes on every put, delete and undo), rebuilt after that. Each index has its own
 * version source, so a change to one collection rebuilds only the indexes that read it.
 *
 * @example
 * const counts = derivedIndex((state) => state.events.version, countTerms)
 * counts(state).get(3)
 */
export function derivedIndex<T>(
  version: (state: CalendarState) => number,
  build: (state: CalendarState) => T,
): (state: CalendarState) => T {
  const cache = new WeakMap<CalendarState, { version: number; value: T }>()
  return (state) => {
    const current = version(state)
    const cached = cache.get(state)
    if (cached && cached.version === current) return cached.value
    const value = build(state)
    cache.set(state, { version: current, value })
    return value
  }
}
