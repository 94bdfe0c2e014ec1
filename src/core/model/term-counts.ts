import type { EventRecord } from './records.js'

/**
 * How many `publish` events carry each category and tag (CONTRACT §2.4 `count`), kept up to date as events are put,
 * deleted or put back by an undo, so that shaping an answer inside a change never recounts 10,000 events (it exists
 * for speed). Categories and tags share one ID space, so one map holds both.
 *
 * @example
 * const counts = new TermCounts(); counts.replace(undefined, event); counts.get(3) // 1 when event is published with term 3
 */
export class TermCounts {
  readonly #counts = new Map<number, number>()

  /** Number of `publish` events carrying the term. */
  get(termId: number): number {
    return this.#counts.get(termId) ?? 0
  }

  /** An event changed from `previous` to `next` (either undefined: it was added or removed). */
  replace(previous: EventRecord | undefined, next: EventRecord | undefined): void {
    if (previous?.status === 'publish') this.#add(previous, -1)
    if (next?.status === 'publish') this.#add(next, 1)
  }

  #add(event: EventRecord, delta: number): void {
    for (const ids of [event.categories, event.tags]) {
      for (const id of ids) this.#counts.set(id, (this.#counts.get(id) ?? 0) + delta)
    }
  }
}
