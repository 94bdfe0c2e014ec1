/**
 * A bounded memo for pure computations asked again and again with the same inputs, such as the date window of a
 * list query: at most `limit` results, all dropped at once when full, so that it costs nothing to keep
 * and cannot grow with what clients send.
 *
 * @example
 * const bounds = new RecentResults<string, Bounds>(256)
 * bounds.get(`${zone}|${second}|${input}`, () => computeBounds(input, zone, now))
 */
export class RecentResults<K, V> {
  readonly #results = new Map<K, V>()
  readonly #limit: number

  constructor(limit: number) {
    this.#limit = limit
  }

  /** The result kept for `key`, else `compute()`'s, kept unless it throws. */
  get(key: K, compute: () => V): V {
    const kept = this.#results.get(key)
    if (kept !== undefined) return kept
    const value = compute()
    if (this.#results.size >= this.#limit) this.#results.clear()
    this.#results.set(key, value)
    return value
  }
}
