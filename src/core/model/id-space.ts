import type { Journal } from './journal.js'

/**
 * One ID space of CONTRACT §1 (posts, or terms): a new ID is 1 + the largest ever seen in it, so an ID is never
 * handed out twice while the state lives, even after its record is deleted. Changes are journaled, so a rolled
 * back change gives its IDs back.
 *
 * @example
 * const posts = new IdSpace(journal); posts.note(41); posts.next() // 42
 */
export class IdSpace {
  readonly #journal: Journal
  #largest = 0

  constructor(journal: Journal) {
    this.#journal = journal
  }

  /** Records that `id` is in use. */
  note(id: number): void {
    if (id > this.#largest) this.#set(id)
  }

  /** A fresh ID. */
  next(): number {
    this.#set(this.#largest + 1)
    return this.#largest
  }

  #set(id: number): void {
    const before = this.#largest
    this.#journal.record(() => (this.#largest = before))
    this.#largest = id
  }
}
