import { setImmediate as nextTurn } from 'node:timers/promises'

/**
 * The longest a flush waits for the writers the last flush answered, in ms: far less than a file write, enough for
 * them to send their next writes (PostgreSQL's `commit_delay` works alike).
 */
const GATHER_MS = 2

/**
 * Runs `flush` for many callers at once: a call made while a flush is running waits for the next one, and every
 * call made before that next one starts shares it. So 100 writes that arrive together cost two file writes, and
 * each caller's promise settles only after a flush that started after its call (CONTRACT §1: a write request is
 * answered only after its data is in the file). A flush starts a turn of the event loop after it is due, and waits
 * (up to `GATHER_MS`) until the writers that the last flush answered are back, as many as it served, besides those
 * that came while it ran: 10 clients then write 10 at a time, instead of splitting into two alternating groups that
 * each pay for a whole file write.
 *
 * @example
 * const commit = new GroupCommit(() => writeFile(path, serialize(state)))
 * await commit.schedule()
 */
export class GroupCommit {
  readonly #flush: () => Promise<void>
  #tail: Promise<void> = Promise.resolve()
  #queued: Promise<void> | undefined
  /** Callers of the queued flush; of those, the ones that came while the last flush ran; what that flush served. */
  #waiting = 0
  #early = 0
  #lastServed = 0
  #running = false
  /** Wakes a flush that gathers callers. */
  #arrived: (() => void) | undefined

  constructor(flush: () => Promise<void>) {
    this.#flush = flush
  }

  schedule(): Promise<void> {
    this.#waiting++
    if (this.#running) this.#early++
    this.#arrived?.()
    this.#queued ??= this.#tail
      .then(nextTurn, nextTurn)
      .then(() => this.#gather())
      .then(() => this.#run())
    this.#tail = this.#queued
    return this.#queued
  }

  /** Settles when every scheduled flush has finished. */
  async idle(): Promise<void> {
    await this.#tail.catch(() => undefined)
  }

  #gather(): Promise<void> | undefined {
    const expected = this.#early + this.#lastServed
    if (this.#waiting >= expected) return
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.#arrived = undefined
        resolve()
      }
      const timer = setTimeout(done, GATHER_MS)
      this.#arrived = () => {
        if (this.#waiting >= expected) done()
      }
    })
  }

  #run(): Promise<void> {
    this.#lastServed = this.#waiting
    this.#waiting = 0
    this.#early = 0
    this.#queued = undefined
    this.#running = true
    return this.#flush().finally(() => {
      this.#running = false
    })
  }
}
