import type { Journal } from './journal.js'

/** Hears of a record replaced by a put, delete or undo: before and after, undefined where there is none. */
export type Changed<T> = (previous: T | undefined, next: T | undefined) => void

/**
 * One kind of record, by ID and by slug (an empty slug is none), in file order. Records are replaced, never mutated, so a cached value
 * keyed by a record object (a WeakMap) stays right; `version` changes on every put, delete or undo so that
 * derived indexes know when to rebuild, and `changed` hears of each record replaced, to keep an index up to date
 * instead. Every change is recorded in the state's journal, so a change that fails half-way can be taken back
 * exactly, file order included.
 *
 * @example
 * const venues = new Collection<VenueRecord>()
 * venues.put({ id: 11, slug: 'blue-room', ... }); venues.bySlug('blue-room')?.id // 11
 */
export class Collection<T extends { id: number; slug?: string }> {
  #byId = new Map<number, T>()
  readonly #bySlug = new Map<string, number>()
  readonly #journal: Journal | undefined
  readonly #changed: Changed<T> | undefined
  #version = 0
  #freedSlugs = 0

  constructor(journal?: Journal, changed?: Changed<T>) {
    this.#journal = journal
    this.#changed = changed
  }

  /** Changes whenever a record is added, replaced or removed. */
  get version(): number {
    return this.#version
  }

  /** Changes whenever a slug stops being taken (a record deleted or renamed, a change undone). */
  get freedSlugs(): number {
    return this.#freedSlugs
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
    // Checked here, not in #remember alone: a load puts every record of the file, and the slugs' array is garbage.
    if (this.#journal?.recording) this.#remember(record.id, [old?.slug, record.slug], false)
    if (old?.slug && this.#bySlug.get(old.slug) === old.id) this.#freeSlug(old.slug)
    this.#byId.set(record.id, record)
    // An empty slug (a draft event's, as WordPress leaves it) is no slug: never taken, never found.
    if (record.slug) this.#bySlug.set(record.slug, record.id)
    this.#version++
    this.#changed?.(old, record)
  }

  delete(id: number): T | undefined {
    const old = this.#byId.get(id)
    if (!old) return undefined
    this.#remember(id, [old.slug], true)
    this.#byId.delete(id)
    if (old.slug && this.#bySlug.get(old.slug) === id) this.#freeSlug(old.slug)
    this.#version++
    this.#changed?.(old, undefined)
    return old
  }

  #freeSlug(slug: string): void {
    this.#bySlug.delete(slug)
    this.#freedSlugs++
  }

  /**
   * Records how to put back the entries a change is about to touch. A Map cannot re-insert a key at its old
   * place, so undoing a delete restores the whole order as it was (deletes already scan every record).
   */
  #remember(id: number, slugs: Array<string | undefined>, reorders: boolean): void {
    if (!this.#journal?.recording) return
    const record = this.#byId.get(id)
    const order = reorders ? [...this.#byId] : undefined
    const holders = slugs.flatMap((slug) => (slug ? [[slug, this.#bySlug.get(slug)] as const] : []))
    this.#journal.record(
      () => {
        const current = this.#byId.get(id)
        if (order) this.#byId = new Map(order)
        else if (record) this.#byId.set(id, record)
        else this.#byId.delete(id)
        for (const [slug, holder] of holders) {
          if (holder === undefined) this.#freeSlug(slug)
          else this.#bySlug.set(slug, holder)
        }
        this.#version++
        this.#changed?.(current, record)
      },
      { collection: this, id },
    )
  }
}
