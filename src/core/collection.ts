/**
 * One kind of record, by ID and by slug, in file order. Records are replaced, never mutated, so a cached value
 * keyed by a record object (a WeakMap) stays right; `version` changes on every put or delete so that derived
 * indexes know when to rebuild.
 *
 * @example
 * const venues = new Collection<VenueRecord>()
 * venues.put({ id: 11, slug: 'blue-room', ... }); venues.bySlug('blue-room')?.id // 11
 */
export class Collection<T extends { id: number; slug?: string }> {
  readonly #byId = new Map<number, T>()
  readonly #bySlug = new Map<string, number>()
  #version = 0

  /** Changes whenever a record is added, replaced or removed. */
  get version(): number {
    return this.#version
  }

  get size(): number {
    return this.#byId.size
  }

  get(id: number): T | undefined {
    return this.#byId.get(id)
  }

  bySlug(slug: string): T | undefined {
    const id = this.#bySlug.get(slug)
    return id === undefined ? undefined : this.#byId.get(id)
  }

  values(): IterableIterator<T> {
    return this.#byId.values()
  }

  /** Adds a record, or replaces the one with its ID in place (file order is kept). */
  put(record: T): void {
    const old = this.#byId.get(record.id)
    if (old?.slug !== undefined && this.#bySlug.get(old.slug) === old.id) this.#bySlug.delete(old.slug)
    this.#byId.set(record.id, record)
    if (record.slug !== undefined) this.#bySlug.set(record.slug, record.id)
    this.#version++
  }

  delete(id: number): T | undefined {
    const old = this.#byId.get(id)
    if (!old) return undefined
    this.#byId.delete(id)
    if (old.slug !== undefined && this.#bySlug.get(old.slug) === id) this.#bySlug.delete(old.slug)
    this.#version++
    return old
  }
}
