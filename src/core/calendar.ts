import { instantToWall } from './dates.js'
import { type CalendarCore, Events } from './resources/events.js'
import { LinkedPosts } from './resources/linked.js'
import { ORGANIZER_KIND, VENUE_KIND } from './resources/linked-kinds.js'
import { Terms } from './resources/terms.js'
import type { CalendarState } from './state.js'
import { Store } from './store.js'
import type { View } from './view.js'

/** Options of `openCalendar`. */
export interface CalendarOptions {
  /** Site time zone (IANA); wins over `settings.timezone` without being written to the file (CONTRACT §8). */
  timezone?: string
  /** The clock, epoch ms or a Date; freeze it in tests (CONTRACT §8 `--now`). Default `Date.now`. */
  now?: () => number | Date
  /** Data file text to start from when the file is missing, or for a memory store. Default: an empty store. */
  initial?: string
}

const PREFIX = '/calendar/events/v1'

/**
 * A calendar: the data file in memory, its indexes, the clock, and the resources that read and change it.
 * Every change is in the file before its promise resolves.
 *
 * @example
 * const calendar = await openCalendar('data/calendar.json', { now: () => Date.parse('2026-07-01T12:00:00Z') })
 * calendar.events.list({ per_page: 10 }).body.events
 */
export class Calendar implements CalendarCore {
  readonly events: Events
  readonly venues: LinkedPosts
  readonly organizers: LinkedPosts
  readonly categories: Terms
  readonly tags: Terms
  readonly #store: Store
  readonly #clock: () => number
  #state: CalendarState

  constructor(store: Store, state: CalendarState, clock: () => number) {
    this.#store = store
    this.#state = state
    this.#clock = clock
    this.events = new Events(this)
    this.venues = new LinkedPosts(this, VENUE_KIND)
    this.organizers = new LinkedPosts(this, ORGANIZER_KIND)
    this.categories = new Terms(this, 'category')
    this.tags = new Terms(this, 'tag')
  }

  /** The current state; replaced whole by a reload. */
  get state(): CalendarState {
    return this.#state
  }

  /** The data file's path, or null for a memory store. */
  get file(): string | null {
    return this.#store.file
  }

  now(): number {
    return this.#clock()
  }

  async write<T>(change: (state: CalendarState) => T): Promise<T> {
    const result = change(this.#state)
    await this.#store.save(this.#state)
    return result
  }

  defaultView(): View {
    const origin = (this.#state.settings.base_url ?? 'http://localhost').replace(/\/+$/u, '')
    const siteUrl = (this.#state.settings.site_url ?? origin).replace(/\/+$/u, '')
    const admin = this.#state.users.get(1) ?? { id: 1, name: 'admin', role: 'administrator' as const }
    return { base: `${origin}${PREFIX}`, siteUrl, user: admin, openMode: true }
  }

  /** Waits for pending writes. */
  close(): Promise<void> {
    return this.#store.idle()
  }
}

/**
 * Opens the data file at `file` (created empty, or from `options.initial`, when missing), validates it (CONTRACT
 * §1) and keeps it in memory; `null` opens a memory store.
 *
 * @throws DocumentError listing every problem of an invalid file with its JSON path and line:column.
 */
export async function openCalendar(file: string | null, options: CalendarOptions = {}): Promise<Calendar> {
  const clock = () => {
    const now = options.now?.() ?? Date.now()
    return typeof now === 'number' ? now : now.getTime()
  }
  const store = new Store(file, {
    file: file ?? 'memory',
    timezone: options.timezone,
    now: (zone) => instantToWall(clock(), zone),
  })
  const state = await store.load(options.initial)
  return new Calendar(store, state, clock)
}
