/**
 * The undo log of a `CalendarState`: while it is open, every put and delete of its collections and every ID it
 * hands out records how to take it back. A change that throws half-way is rolled back to where it began, and a
 * group of changes whose file write fails is rolled back whole (docs/data-file.md: a refused write leaves nothing
 * behind). Marks nest: the store opens one for a group commit and one for each change inside it.
 *
 * @example
 * const mark = journal.open()
 * try { change() } catch (error) { journal.rollBack(mark); throw error } finally { journal.close() }
 */
export class Journal {
  #undos: Array<() => void> = []
  /** Beside each undo, the record it puts back (its collection and ID), if it is one. */
  #records: Array<RecordKey | undefined> = []
  #depth = 0

  /** Whether changes are being recorded. */
  get recording(): boolean {
    return this.#depth > 0
  }

  /** Starts (or nests) recording; returns the mark to roll back to. */
  open(): number {
    this.#depth++
    return this.#undos.length
  }

  /** Ends one level of recording; the outermost one forgets every undo. */
  close(): void {
    this.#depth = Math.max(0, this.#depth - 1)
    if (this.#depth === 0) {
      this.#undos = []
      this.#records = []
    }
  }

  /**
   * Remembers how to undo a change that was just made (nothing is kept while not recording); `record`: the
   * collection and ID of the record it changed, when it changed one.
   */
  record(undo: () => void, record?: RecordKey): void {
    if (this.#depth === 0) return
    this.#undos.push(undo)
    this.#records.push(record)
  }

  /** Undoes every change recorded since `mark`, newest first. */
  rollBack(mark: number): void {
    while (this.#undos.length > mark) {
      this.#records.pop()
      this.#undos.pop()?.()
    }
  }

  /** The records changed since `mark` (each once, in the order first changed): what a group of changes wrote. */
  recordsSince(mark: number): RecordKey[] {
    const seen = new Map<object, Set<number>>()
    const records: RecordKey[] = []
    for (const record of this.#records.slice(mark)) {
      if (record === undefined) continue
      const ids = seen.get(record.collection) ?? new Set<number>()
      seen.set(record.collection, ids)
      if (ids.has(record.id)) continue
      ids.add(record.id)
      records.push(record)
    }
    return records
  }

  /**
   * `attempt` for a change that settles later (`Calendar.batch`): recording stays open until it settles, and a
   * rejection undoes everything it did before the error goes on.
   */
  async attemptAsync<T>(change: () => Promise<T>): Promise<T> {
    const mark = this.open()
    try {
      return await change()
    } catch (error) {
      this.rollBack(mark)
      throw error
    } finally {
      this.close()
    }
  }

  /** Runs `change`; if it throws, everything it did is undone before the error goes on. */
  attempt<T>(change: () => T): T {
    const mark = this.open()
    try {
      return change()
    } catch (error) {
      this.rollBack(mark)
      throw error
    } finally {
      this.close()
    }
  }
}

/** A record a change touched: its collection (the object) and its ID. */
export interface RecordKey {
  collection: object
  id: number
}
