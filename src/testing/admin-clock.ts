import { type Duration, durationMs, epochMs, type Instant } from './clock.js'

/**
 * The clock of a server run with `--test-admin`: real time, or frozen at `--now`, until `PUT /_calfile/clock`
 * moves it. `set` freezes it at an instant; `advance` moves it forward or back, frozen or running; `reset` puts
 * back how the server started.
 *
 * @example
 * const clock = new AdminClock() // real time
 * clock.advance('1d')            // real time, a day ahead
 * clock.set('2026-12-24T18:00:00Z') // frozen
 */
export class AdminClock {
  readonly #start: number | undefined
  #frozen: number | undefined
  #offset = 0

  /** @param frozen epoch ms to freeze the clock at (`--now`); undefined runs it in real time. */
  constructor(frozen?: number) {
    this.#start = frozen
    this.#frozen = frozen
  }

  /** "Now", epoch ms. */
  now(): number {
    return this.#frozen ?? Date.now() + this.#offset
  }

  /** Whether the clock stands still. */
  get frozen(): boolean {
    return this.#frozen !== undefined
  }

  /** Freezes the clock at `instant`. @throws Error naming a value that is no instant. */
  set(instant: Instant): void {
    this.#frozen = epochMs(instant)
  }

  /** Moves the clock by `duration`, frozen or running. @throws Error naming a value that is no duration. */
  advance(duration: Duration): void {
    const ms = durationMs(duration)
    if (this.#frozen === undefined) this.#offset += ms
    else this.#frozen += ms
  }

  /** Back to how the server started: frozen at `--now`, or real time. */
  reset(): void {
    this.#frozen = this.#start
    this.#offset = 0
  }
}
