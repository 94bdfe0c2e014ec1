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
function derivedIndex<T>(
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

/** Each category's direct children, by parent ID (0 for the top level). */
const childrenOf = derivedIndex(
  (state) => state.categories.version,
  (state) => {
    const children = new Map<number, number[]>()
    for (const category of state.categories.values()) {
      const siblings = children.get(category.parent)
      if (siblings) siblings.push(category.id)
      else children.set(category.parent, [category.id])
    }
    return children
  },
)

/** A category and all its descendants (docs/lists.md#other-event-filters: a category matches its descendants too). */
export function withDescendants(state: CalendarState, id: number): Set<number> {
  const children = childrenOf(state)
  const found = new Set<number>([id])
  const stack = [id]
  for (let at = stack.pop(); at !== undefined; at = stack.pop()) {
    for (const child of children.get(at) ?? []) {
      if (!found.has(child)) {
        found.add(child)
        stack.push(child)
      }
    }
  }
  return found
}

/** The category's ancestors, nearest first; stops at a cycle rather than looping. */
export function ancestorsOf(state: CalendarState, id: number): number[] {
  const ancestors: number[] = []
  const seen = new Set([id])
  for (
    let at = state.categories.get(id)?.parent ?? 0;
    at !== 0 && !seen.has(at);
    at = state.categories.get(at)?.parent ?? 0
  ) {
    ancestors.push(at)
    seen.add(at)
  }
  return ancestors
}
