/**
 * An instant: an ISO 8601 string with `Z` or an offset (`2026-07-01T12:00:00Z`, `2026-07-01T08:00:00-04:00`; a
 * date alone is midnight UTC, as `Date.parse` reads it), epoch milliseconds, or a Date.
 */
export type Instant = string | number | Date

/** A span of time: milliseconds, or a count of days, hours, minutes or seconds: `'1d'`, `'2h'`, `'30m'`, `'-45s'`. */
export type Duration = number | `${number}${'d' | 'h' | 'm' | 's'}`

const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 } as const

/**
 * The clock a test moves by hand: "now" for the default list window of `GET /events`, for new records' `date` and
 * for `starts_after=today`. It stands still at `start`, or runs in real time when there is none (a server run
 * with `--test-admin` and no `--now`); `set` freezes it at an instant, `advance` moves it, frozen or running, and
 * `reset` puts back how it started. Give `() => clock.now()` to `openCalendar({ now })`.
 *
 * @example
 * const clock = new TestClock('2026-07-01T12:00:00Z')
 * clock.advance('1d') // 2026-07-02T12:00:00Z
 * clock.set(Date.UTC(2026, 11, 24))
 * new Date(clock.now()).toISOString() // '2026-12-24T00:00:00.000Z'
 * clock.reset() // 2026-07-01T12:00:00Z
 */
export class TestClock {
  readonly #start: number | undefined
  #frozen: number | undefined
  /** How far a running clock is moved from real time, in ms. */
  #offset = 0

  /** @throws Error naming a `start` that is no instant. */
  constructor(start?: Instant) {
    this.#start = start === undefined ? undefined : epochMs(start)
    this.#frozen = this.#start
  }

  /** "Now", epoch ms. */
  now(): number {
    return this.#frozen ?? Date.now() + this.#offset
  }

  /** Whether the clock stands still. */
  get frozen(): boolean {
    return this.#frozen !== undefined
  }

  /** Freezes the clock at `instant`, forward or back. @throws Error naming a value that is no instant. */
  set(instant: Instant): void {
    this.#frozen = epochMs(instant)
  }

  /** Moves the clock by `duration` (negative: back), frozen or running. @throws Error naming a value that is no duration. */
  advance(duration: Duration): void {
    const ms = durationMs(duration)
    if (this.#frozen === undefined) this.#offset += ms
    else this.#frozen += ms
  }

  /** Back to how the clock started: at `start`, or running in real time. */
  reset(): void {
    this.#frozen = this.#start
    this.#offset = 0
  }
}

/** An instant in epoch ms. A wall time without offset is refused: it would depend on the machine's time zone. */
export function epochMs(instant: Instant): number {
  const ms =
    instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : parseIsoInstant(instant)
  if (!Number.isFinite(ms)) throw new Error(`not an instant: ${String(instant)}`)
  return ms
}

function parseIsoInstant(text: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$|T.*(?:Z|[+-]\d{2}:?\d{2})$/iu.test(text)) {
    throw new Error(`not an ISO 8601 instant with Z or an offset: "${text}" (e.g. "2026-07-01T12:00:00Z")`)
  }
  return Date.parse(text)
}

/** A duration in ms. @throws Error naming a value that is no duration. */
export function durationMs(duration: Duration): number {
  if (typeof duration === 'number' && Number.isFinite(duration)) return duration
  const match = /^(-?\d+(?:\.\d+)?)([dhms])$/u.exec(String(duration))
  if (!match) throw new Error(`not a duration: "${String(duration)}" (ms, or a number then d, h, m or s: "1d")`)
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS]
}
