/**
 * Runs `work` on every item with at most `limit` at a time, in order of start; resolves once all have settled with
 * their results in the items' order. `work` reports its own failures: a rejection stops nothing and is rethrown at
 * the end, the first one.
 */
export async function eachLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length)
  const failures: unknown[] = []
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const at = next++
      try {
        results[at] = await work(items[at] as T)
      } catch (error) {
        failures.push(error)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker))
  if (failures.length > 0) throw failures[0]
  return results
}
