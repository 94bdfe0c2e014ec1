import { setImmediate as nextTurn } from 'node:timers/promises'
import type { CalendarState } from '../model/state.js'
import { turn } from '../turns.js'
import type { TextPieces } from './atomic-file/atomic-text-file.js'

/**
 * The longest a flush waits for the writers the last flush answered, in ms: far less than a file write, enough for
 * them to send their next writes (PostgreSQL's `commit_delay` works alike). The writers are answered a share at a
 * time (`turn`), so the last of ten may be back some milliseconds after the first: with 2 ms, ten clients wrote
 * in a group of ten about half the time, and in many small groups, each a whole file write, otherwise.
 */
const GATHER_MS = 5

/**
 * Runs `flush` for many callers at once: a call made while a flush is running waits for the next one, and every
 * call made before that next one starts shares it. So 100 writes that arrive together cost two file writes, and
 * each caller's promise settles only after a flush that started after its call (docs/data-file.md: a write request is
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

/** A change waiting for the next flush of a store's group commit, and how to answer its caller. */
export interface Pending {
  change: (state: CalendarState) => unknown
  /** The file text of the state `change` leaves, when known without serialising it (`reset`'s). */
  text?: TextPieces
  /** `change` returns a promise, and the change lasts until it settles (`commitAsync`). */
  async?: true
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/** What became of one change of a group commit: its result, or what it threw. */
export interface Outcome {
  pending: Pending
  ok: boolean
  value: unknown
}

/**
 * Applies the changes of one flush in order, each to the state `current` returns then (a change may swap it:
 * `reset`), each in its share of the event loop (`turn`), and gathers the file text from a share of its own: a
 * batch of ten writes, each shaped and indexed, is spread over several turns rather than holding reads and timers
 * up for all of it (docs/data-file.md#writes-to-the-file). Reads meanwhile see the changes made so far, as they
 * do while the file is written.
 */
export async function applyAll(batch: Pending[], current: () => CalendarState): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  for (const pending of batch) {
    await turn()
    outcomes.push(pending.async ? await applyAsync(pending, current()) : apply(pending, current()))
  }
  await turn()
  return outcomes
}

/** Runs one change; if it throws, whatever it changed is undone (the state is exactly as before). */
function apply(pending: Pending, state: CalendarState): Outcome {
  try {
    return { pending, ok: true, value: state.journal.attempt(() => pending.change(state)) }
  } catch (error) {
    return { pending, ok: false, value: error }
  }
}

/** `apply` for a change that settles later: undone whole when it rejects. */
async function applyAsync(pending: Pending, state: CalendarState): Promise<Outcome> {
  try {
    return { pending, ok: true, value: await state.journal.attemptAsync(async () => pending.change(state)) }
  } catch (error) {
    return { pending, ok: false, value: error }
  }
}
