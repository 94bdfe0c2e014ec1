/**
 * Runs `flush` for many callers at once: a call made while a flush is running waits for the next one, and every
 * call made before that next one starts shares it. So 100 writes that arrive together cost two file writes, and
 * each caller's promise settles only after a flush that started after its call (CONTRACT §1: a write request is
 * answered only after its data is in the file).
 *
 * @example
 * const commit = new GroupCommit(() => writeFile(path, serialize(state)))
 * await commit.schedule()
 */
export class GroupCommit {
  readonly #flush: () => Promise<void>
  #tail: Promise<void> = Promise.resolve()
  #queued: Promise<void> | undefined

  constructor(flush: () => Promise<void>) {
    this.#flush = flush
  }

  schedule(): Promise<void> {
    this.#queued ??= this.#tail.then(
      () => this.#run(),
      () => this.#run(),
    )
    this.#tail = this.#queued
    return this.#queued
  }

  /** Settles when every scheduled flush has finished. */
  async idle(): Promise<void> {
    await this.#tail.catch(() => undefined)
  }

  #run(): Promise<void> {
    this.#queued = undefined
    return this.#flush()
  }
}
