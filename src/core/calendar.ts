import { type CalendarBatch, calendarBatch } from './batch.js'
import { ListPageCache } from './cache/list-pages.js'
import { DEFAULT_SHAPED_TEXT_BYTES, ShapedTextCache } from './cache/shaped-text.js'
import type { CalendarCore } from './calendar-core.js'
import { instantToWall } from './dates/zoned.js'
import type { DocumentError } from './document/error.js'
import type { CalendarState } from './model/state.js'
import { Events } from './resources/events/events.js'
import { ORGANIZER_RULES, VENUE_RULES } from './resources/linked-posts/linked-post-rules.js'
import { LinkedPosts } from './resources/linked-posts/linked-posts.js'
import { Terms } from './resources/terms/terms.js'
import { Users } from './resources/users.js'
import { type View, viewUrls } from './resources/view.js'
import type { Durability, SaveSeam } from './storage/atomic-file/atomic-text-file.js'
import type { FileBytes } from './storage/atomic-file/file-bytes.js'
import type { CalendarChange, ChangeListener } from './storage/change-listeners.js'
import { realDataPath } from './storage/real-path.js'
import { Store } from './storage/store.js'
import type { StoreLog } from './storage/store-options.js'

/** Options of `openCalendar`. */
export interface CalendarOptions {
  /** Site time zone (IANA); wins over `settings.timezone` without being written to the file (docs/cli.md). */
  timezone?: string
  /** The clock, epoch ms or a Date; freeze it in tests (docs/cli.md `--now`). Default `Date.now`. */
  now?: () => number | Date
  /** Data file text to start from when the file is missing, or for a memory store. Default: an empty store. */
  initial?: string
  /** Reload the file when someone edits it (default false; `calfile serve` turns it on). */
  watch?: boolean
  /** Refuse writes and take no lock. */
  readOnly?: boolean
  /** Take the one-writer lock of the file (default true unless read-only). */
  lock?: boolean
  /** `fsync`: a write is answered only once file and folder are flushed to the disk. Default `rename`. */
  durability?: Durability
  /** Where reload and invalid-file messages go. */
  log?: StoreLog
  /**
   * Bytes of shaped records to keep as JSON text between requests (`serve --cache-mb`); default 64 MiB
   * (`DEFAULT_SHAPED_TEXT_BYTES`), about 25,000 events as list items. 0 keeps none.
   */
  cacheBytes?: number
  /**
   * A validation of the file run beside the load (`validateInWorker`): the key of the text it found valid. The load
   * builds the state meanwhile, waits for it before answering, and does not validate a text of that key again.
   */
  validation?: Promise<string | undefined>
  /**
   * The file read before opening it (`readBytes`), so that the disk works while the caller loads what it needs:
   * its bytes are taken when the file still has the fingerprint they were read with, once locked; else the file is
   * read again, as it is when the read ahead failed or resolved undefined.
   */
  readAhead?: Promise<FileBytes | undefined>
  /**
   * A test seam: awaited at each moment of a write of the file where a hand save may land (`SavePoint`), so that a
   * test can land one there (test/store/save-points.test.ts). Unset in use.
   */
  saveSeam?: SaveSeam
}

export type { CalendarChange, ChangeListener }

const PREFIX = '/calendar/events/v1'

/** Reads a calendar's private core: set once, by the class, so that only `calendarCore` below has it. */
let coreOf: (calendar: Calendar) => CalendarCore

/**
 * A calendar: the data file in memory, its indexes, the clock, and the resources that read and change it.
 * Every change is in the file before its promise resolves.
 *
 * @example
 * const calendar = await openCalendar('data/calendar.json', { now: () => Date.parse('2026-07-01T12:00:00Z') })
 * calendar.events.list({ per_page: 10 }).body.events
 */
export class Calendar {
  readonly events: Events
  readonly venues: LinkedPosts
  readonly organizers: LinkedPosts
  readonly categories: Terms
  readonly tags: Terms
  /** Users' profiles, as WordPress's users route writes them (docs/wordpress.md#users). */
  readonly users: Users
  readonly #store: Store
  readonly #clock: () => number
  /** What the resources read and write through: the class's own, kept off its API (`calendarCore`). */
  readonly #core: CalendarCore

  static {
    coreOf = (calendar) => calendar.#core
  }

  constructor(store: Store, clock: () => number, cacheBytes = DEFAULT_SHAPED_TEXT_BYTES) {
    this.#store = store
    this.#clock = clock
    this.#core = {
      get state() {
        return store.state
      },
      now: clock,
      write: (change) => store.commit(change),
      defaultView: () => this.defaultView(),
      shapedText: new ShapedTextCache(cacheBytes),
      listPages: new ListPageCache(cacheBytes),
    }
    this.events = new Events(this.#core)
    this.venues = new LinkedPosts(this.#core, VENUE_RULES)
    this.organizers = new LinkedPosts(this.#core, ORGANIZER_RULES)
    this.categories = new Terms(this.#core, 'category')
    this.tags = new Terms(this.#core, 'tag')
    this.users = new Users(this.#core)
  }

  /** The current state; replaced whole by a reload. */
  get state(): CalendarState {
    return this.#store.state
  }

  /** The problems of the data file on disk while it is invalid: reads serve the last valid state meanwhile. */
  get invalid(): DocumentError | undefined {
    return this.#store.invalid
  }

  /** The data file's absolute real path (a symbolic link resolved to its target), or null for a memory store. */
  get file(): string | null {
    return this.#store.file
  }

  /** The number of states the calendar has held since it was opened: one more per write and per hand edit loaded. */
  get version(): number {
    return this.#store.version
  }

  now(): number {
    return this.#clock()
  }

  /**
   * Calls `listener` after each change of the data: a write in the file, a hand edit loaded, the file on disk
   * turned invalid or valid again (`CalendarChange`); returns the function that stops it. Listeners run
   * synchronously, so a listener that has much to do defers it; one that throws is logged and ignored.
   *
   * @example
   * const stop = calendar.onChange((change) => console.log(change.kind, change.version))
   */
  onChange(listener: ChangeListener): () => void {
    return this.#store.onChange(listener)
  }

  /**
   * Runs library calls as one change (an import), all or nothing: `work` gets the resources of the batch
   * (and what an importer needs beyond them, `CalendarBatch`), whose writes apply at once and land in the file
   * together once `work` resolves; when it rejects, every one of them is undone and the file is not touched. A
   * call that `work` catches is undone alone. Writes queued meanwhile wait for the batch, so `work` uses only the
   * batch's resources: awaiting this calendar's own writes inside it would wait forever.
   *
   * @example
   * await calendar.batch(async ({ events }) => {
   *   const parent = await events.create({ title: 'Course', start_date: '2026-09-01 18:00', end_date: '2026-09-01 20:00' })
   *   await events.create({ title: 'Course', start_date: '2026-09-08 18:00', end_date: '2026-09-08 20:00' })
   *   return parent.id
   * })
   * @throws CalendarError 503 as the resources' writes, and whatever `work` rejects with.
   */
  batch<T>(work: (batch: CalendarBatch) => Promise<T>): Promise<T> {
    return this.#store.commitAsync((state) => work(calendarBatch(this.#core, state)))
  }

  /**
   * Puts the calendar back as it was opened (its fixture or file content), written like any change: for test
   * suites that share one calendar between tests.
   */
  reset(): Promise<void> {
    return this.#store.reset()
  }

  /** Re-reads the data file now if someone changed it (the watcher does this by itself). */
  refresh(): Promise<void> {
    return this.#store.refresh()
  }

  /**
   * Makes sure that the reads that follow see the data file as it is on disk, even when the watcher missed a save
   * (docs/data-file.md: an edit shows up at once): when the file was last looked at over a second ago, one `stat`,
   * and a reload first when it changed; otherwise nothing. The HTTP layer awaits it before every request; a library
   * user who reads right after saving the file by hand can too. Does nothing unless the calendar is watched.
   * Never rejects.
   */
  freshen(): Promise<void> {
    return this.#store.freshen()
  }

  /**
   * `freshen` for a caller that answers at once when nothing is due: the check's promise while one runs or is due,
   * else undefined (the file was looked at less than a second ago, or is not watched).
   *
   * @example
   * const due = calendar.freshening()
   * if (due) await due
   */
  freshening(): Promise<void> | undefined {
    return this.#store.freshening()
  }

  defaultView(): View {
    const admin = this.state.users.get(1) ?? { id: 1, name: 'admin', role: 'administrator' as const }
    const { origin, base, siteUrl } = viewUrls(this.state.settings, 'http://localhost', PREFIX)
    return { origin, base, siteUrl, user: admin, openMode: true, rejected: undefined }
  }

  /** Finishes pending writes, stops watching and releases the file's lock. */
  close(): Promise<void> {
    return this.#store.close()
  }
}

/**
 * The core of `calendar`, which the class keeps private: its writes of the state itself and its caches. For
 * calfile's own code that changes the state directly (sync, TEC imports, `renumber`) and for tests; `src/index.ts`
 * does not export it, and library users write through the resources.
 *
 * @example
 * await calendarCore(calendar).write((state) => renumber(state, 'venue', 11, 12))
 */
export function calendarCore(calendar: Calendar): CalendarCore {
  return coreOf(calendar)
}

/**
 * Opens the data file at `file` (created empty, or from `options.initial`, when missing), validates it
 * (docs/data-file.md) and keeps it in memory; `null` opens a memory store. A symbolic link is resolved once, here:
 * the calendar locks, watches and writes the file it points to (`calendar.file` is that real path).
 *
 * @throws DocumentError listing every problem of an invalid file with its JSON path and line:column;
 * CalendarError 409 `store-locked` when another process writes the file.
 */
export async function openCalendar(file: string | null, options: CalendarOptions = {}): Promise<Calendar> {
  // Handled at once: a read ahead that fails is read again, never an unhandled rejection while the file is locked.
  const read = options.readAhead?.catch(() => undefined)
  const clock = () => {
    const now = options.now?.() ?? Date.now()
    return typeof now === 'number' ? now : now.getTime()
  }
  // The link's target, not the link: one lock per file however it is spelt, and writes land in the target.
  const store = new Store(file === null ? null : await realDataPath(file), {
    file: file ?? 'memory',
    timezone: options.timezone,
    now: (zone) => instantToWall(clock(), zone),
    watch: options.watch,
    readOnly: options.readOnly,
    lock: options.lock,
    durability: options.durability,
    log: options.log,
    saveSeam: options.saveSeam,
  })
  await store.open(options.initial, { validation: options.validation, read })
  return new Calendar(store, clock, options.cacheBytes)
}
