import type { Calendar, CalendarChange } from '../core/calendar.js'
import { instantToWall } from '../core/dates/zoned.js'
import type { CollectionName } from '../core/model/kinds.js'
import type { Settings } from '../core/model/records.js'
import { diffSince, type RecordChanges, type Snapshot, snapshotOf } from './record-diff.js'

/** The error body of docs/errors.md: what a write answers while the data file is invalid (503). */
interface ErrorBody {
  code: string
  message: string
  data: Record<string, unknown>
}

/**
 * One message of the change stream (`GET /calendar/events/v1/changes`), before it is written as a Server-Sent
 * Event named `event` with `data` as JSON. `version` is the calendar's state version (`Calendar.version`).
 * - `hello`: first on every connection, with the site time zone (`settings.timezone`, or `--timezone`), the
 *   interface's revision (`settings.api_revision`, docs/http.md), which tells a client which list parameters work,
 *   and the server's today in the site zone (`YYYY-MM-DD`, by its clock: `--now`, or a test moving it).
 * - `clock`: the server's today changed (midnight in the site zone, a clock moved by a test, another zone).
 * - `change`: a write landed or a hand edit was loaded: the collections that changed (`settings` included) and,
 *   by collection, the IDs of the records added, changed and removed.
 * - `invalid`: the data file on disk is invalid; `error` is the 503 `store-file-invalid` body writes answer with,
 *   every problem with its line and column. Sent after `hello` too while the file is invalid.
 * - `valid`: the file is no longer invalid.
 */
export type ChangeMessage =
  | {
      event: 'hello'
      data: { version: number; timezone: string; api_revision: Settings['api_revision']; today: string }
    }
  | { event: 'clock'; data: { version: number; today: string } }
  | {
      event: 'change'
      data: {
        version: number
        cause: 'write' | 'reload'
        timezone: string
        api_revision: Settings['api_revision']
        collections: Array<CollectionName | 'settings'>
        records: Partial<Record<CollectionName, RecordChanges>>
      }
    }
  | { event: 'invalid'; data: { version: number; error: ErrorBody } }
  | { event: 'valid'; data: { version: number } }

/** How often a feed with subscribers looks at the server's clock for a new day, in ms. */
const CLOCK_CHECK_MS = 1000

/** Hears the messages of a feed. */
export type Subscriber = (message: ChangeMessage) => void

/**
 * The changes of one calendar as messages for the change stream. It listens to the calendar only while someone
 * is subscribed, and keeps a snapshot of the records meanwhile to say which changed (record-diff.ts): a server
 * with no page open pays nothing. The messages of one turn of the event loop go out in the next, in order, with
 * the records compared once for them all, so that the comparison never runs inside the store's write.
 */
export class ChangeFeed {
  readonly #calendar: Calendar
  readonly #subscribers = new Set<Subscriber>()
  #queue: CalendarChange[] = []
  #snapshot: Snapshot | undefined
  #unlisten: (() => void) | undefined
  /** The today last told, and the timer that looks for the next while someone listens. */
  #today = ''
  #clockTimer: ReturnType<typeof setInterval> | undefined

  constructor(calendar: Calendar) {
    this.#calendar = calendar
  }

  /** What a new subscriber is told first: `hello`, then `invalid` while the file on disk is. */
  greeting(): ChangeMessage[] {
    const calendar = this.#calendar
    const hello: ChangeMessage = {
      event: 'hello',
      data: {
        version: calendar.version,
        timezone: calendar.state.siteTimezone,
        api_revision: calendar.state.settings.api_revision,
        today: this.#serverToday(),
      },
    }
    const invalid = calendar.invalid
    return invalid
      ? [hello, { event: 'invalid', data: { version: calendar.version, error: invalid.toJSON() } }]
      : [hello]
  }

  /** Sends every message from now on to `subscriber`; returns the function that stops it. */
  subscribe(subscriber: Subscriber): () => void {
    if (this.#subscribers.size === 0) {
      this.#snapshot = snapshotOf(this.#calendar.state)
      this.#unlisten = this.#calendar.onChange((change) => this.#heard(change))
      this.#today = this.#serverToday()
      this.#clockTimer = setInterval(() => this.#lookAtClock(), CLOCK_CHECK_MS).unref()
    }
    this.#subscribers.add(subscriber)
    return () => {
      this.#subscribers.delete(subscriber)
      if (this.#subscribers.size > 0) return
      this.#unlisten?.()
      this.#unlisten = undefined
      clearInterval(this.#clockTimer)
      this.#clockTimer = undefined
      this.#snapshot = undefined
      this.#queue = []
    }
  }

  /** The server's today in the site zone, by the calendar's clock. */
  #serverToday(): string {
    return instantToWall(this.#calendar.now(), this.#calendar.state.siteTimezone).slice(0, 10)
  }

  #lookAtClock(): void {
    const today = this.#serverToday()
    if (today === this.#today) return
    this.#today = today
    this.#send({ event: 'clock', data: { version: this.#calendar.version, today } })
  }

  #heard(change: CalendarChange): void {
    if (this.#queue.push(change) === 1) setImmediate(() => this.#flush())
  }

  /** Sends the changes heard since the last turn: one `change` for all writes and reloads among them, in place. */
  #flush(): void {
    const queue = this.#queue.splice(0)
    let compared = false
    for (const change of queue) {
      if (change.kind === 'invalid')
        this.#send({ event: 'invalid', data: { version: change.version, error: change.error.toJSON() } })
      else if (change.kind === 'valid') this.#send({ event: 'valid', data: { version: change.version } })
      else if (!compared) {
        compared = true
        const message = this.#compare(queue.some((heard) => heard.kind === 'reload') ? 'reload' : 'write')
        if (message) this.#send(message)
      }
    }
  }

  /** The `change` message from the last snapshot to the state now; none when nobody listens any more. */
  #compare(cause: 'write' | 'reload'): ChangeMessage | undefined {
    if (!this.#snapshot) return undefined
    const state = this.#calendar.state
    const { diff, after } = diffSince(this.#snapshot, state)
    this.#snapshot = after
    return {
      event: 'change',
      data: {
        version: this.#calendar.version,
        cause,
        timezone: state.siteTimezone,
        api_revision: state.settings.api_revision,
        ...diff,
      },
    }
  }

  #send(message: ChangeMessage): void {
    for (const subscriber of this.#subscribers) subscriber(message)
  }
}
