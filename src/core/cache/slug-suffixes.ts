/**
 * Where the search for a free `base-N` slug may start in a collection. WordPress tries `-2`, `-3`, … in
 * turn (docs/writes.md), so the thousandth event titled "Rehearsal" tried a thousand slugs. A search remembers where
 * it found a free one; the next search for the same base starts there while the collection has freed no slug since,
 * because until then every suffix below it is still taken. Any freed slug sends searches back to `-2`.
 *
 * @example
 * const slug = uniqueSlug(base, taken, firstSuffix(events, base))
 * noteSuffix(events, base, slug)
 */

/** What a hint needs of a collection: a count that changes whenever one of its slugs stops being taken. */
export interface SuffixedCollection {
  readonly freedSlugs: number
}

interface Hint {
  /** The suffix found free: every one from 2 below it was taken. */
  next: number
  /** The collection's `freedSlugs` when it was found. */
  freed: number
}

/** Bases remembered per collection before they are all forgotten at once, so that hints cannot grow without bound. */
const MAX_BASES = 4096

const hints = new WeakMap<SuffixedCollection, Map<string, Hint>>()

/** The first suffix worth trying for `base`: 2, or where the last search for it ended while no slug was freed since. */
export function firstSuffix(collection: SuffixedCollection, base: string): number {
  const hint = hints.get(collection)?.get(base)
  return hint !== undefined && hint.freed === collection.freedSlugs ? hint.next : 2
}

/** Remembers that `slug`, `base-N`, was found free in `collection`. */
export function noteSuffix(collection: SuffixedCollection, base: string, slug: string): void {
  const bases = hints.get(collection) ?? new Map<string, Hint>()
  hints.set(collection, bases)
  if (bases.size >= MAX_BASES) bases.clear()
  bases.set(base, { next: Number(slug.slice(base.length + 1)), freed: collection.freedSlugs })
}
