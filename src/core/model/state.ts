import { EventIndex } from '../search/event-index.js'
import { Collection } from './collection.js'
import { Journal } from './journal.js'
import type { CollectionOf, PostKind, RecordKind, Taxonomy } from './kinds.js'
import type {
  EventRecord,
  MediaRecord,
  OrganizerRecord,
  RevisionRecord,
  Settings,
  TermRecord,
  VenueRecord,
} from './records.js'
import type { UserRecord } from './user-record.js'

/** The type of the records of kind `K`: what its collection in the state holds (`RecordOf<'venue'>`: `VenueRecord`). */
export type RecordOf<K extends RecordKind> = {
  [Kind in K]: CalendarState[CollectionOf<Kind>] extends Collection<infer R> ? R : never
}[K]

/**
 * Everything the data file holds, in memory, with its indexes: one object that a load builds and a reload swaps
 * in whole. Posts (events, venues, organizers, media) share one ID space and terms (categories, tags) another
 * (docs/data-file.md). Changes to it are recorded in `journal` while one is open, so they can be rolled back.
 */
export class CalendarState {
  readonly journal = new Journal()
  /** Published events per term, kept up to date with `events` (docs/responses.md#categories-and-tags `count`). */
  readonly termCounts = new TermCounts()
  /** The indexes lists read, built on first use and kept up to date with `events`. */
  readonly eventIndex: EventIndex = new EventIndex(() => this.events.values())
  readonly users = new Collection<UserRecord>(this.journal)
  readonly events = new Collection<EventRecord>(this.journal, (previous, next) => {
    this.termCounts.replace(previous, next)
    this.eventIndex.replace(previous, next)
  })
  readonly venues = new Collection<VenueRecord>(this.journal)
  readonly organizers = new Collection<OrganizerRecord>(this.journal)
  readonly media = new Collection<MediaRecord>(this.journal)
  readonly categories = new Collection<TermRecord>(this.journal)
  readonly tags = new Collection<TermRecord>(this.journal)
  /** Revisions of events, venues and organizers (docs/data-file.md#revisions), their IDs by parent beside them. */
  readonly revisions = new Collection<RevisionRecord>(this.journal, (previous, next) => {
    if (previous) this.#revisionIds.get(previous.parent)?.delete(previous.id)
    if (next) this.#revisionIds.set(next.parent, (this.#revisionIds.get(next.parent) ?? new Set()).add(next.id))
  })
  readonly #revisionIds = new Map<number, Set<number>>()
  readonly #postIds = new IdSpace(this.journal)
  readonly #termIds = new IdSpace(this.journal)

  constructor(
    readonly settings: Settings,
    /** Top-level keys of the file beyond the contract's, written back as they were. */
    readonly extras: Record<string, unknown> = {},
    /** The `--timezone` flag: wins over `settings.timezone` without being written to the file. */
    readonly timezoneOverride?: string,
  ) {}

  /**
   * A count that grows whenever any collection changes (a put, delete or undo: the sum of their `version`s): a cache
   * that saw the same count saw the same records. Settings and the site zone are not in it.
   */
  get changes(): number {
    return (
      this.events.version +
      this.venues.version +
      this.organizers.version +
      this.media.version +
      this.categories.version +
      this.tags.version +
      this.users.version +
      this.revisions.version
    )
  }

  /**
   * The revisions of a post, latest first (`wp_get_post_revisions()`: by date, then ID, descending).
   *
   * @example
   * state.revisionsOf(7)[0]?.id // the revision `predecessor-version` links to
   */
  revisionsOf(parent: number): RevisionRecord[] {
    const ids = this.#revisionIds.get(parent)
    if (!ids || ids.size === 0) return []
    return [...ids]
      .map((id) => this.revisions.get(id) as RevisionRecord)
      .sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1))
  }

  /** The site time zone (docs/writes.md "timezone", docs/cli.md `--timezone`). */
  get siteTimezone(): string {
    return this.timezoneOverride ?? this.settings.timezone
  }

  /** Which kind of post an ID names, if any. */
  postKind(id: number): PostKind | undefined {
    if (this.events.get(id)) return 'event'
    if (this.venues.get(id)) return 'venue'
    if (this.organizers.get(id)) return 'organizer'
    if (this.media.get(id)) return 'media'
    return undefined
  }

  /** Which taxonomy a term ID belongs to, if any. */
  termTaxonomy(id: number): Taxonomy | undefined {
    if (this.categories.get(id)) return 'category'
    if (this.tags.get(id)) return 'tag'
    return undefined
  }

  terms(taxonomy: Taxonomy): Collection<TermRecord> {
    return taxonomy === 'category' ? this.categories : this.tags
  }

  /** Records that an ID is in use, so that new IDs never take it (even after it is deleted). */
  notePostId(id: number): void {
    this.#postIds.note(id)
  }

  noteTermId(id: number): void {
    this.#termIds.note(id)
  }

  /** A fresh post ID: 1 + the largest seen (docs/data-file.md). */
  nextPostId(): number {
    return this.#postIds.next()
  }

  nextTermId(): number {
    return this.#termIds.next()
  }
}

/**
 * One ID space of docs/data-file.md (posts, or terms): a new ID is 1 + the largest ever seen in it, so an ID is never
 * handed out twice while the state lives, even after its record is deleted. Changes are journaled, so a rolled
 * back change gives its IDs back.
 *
 * @example
 * const posts = new IdSpace(journal); posts.note(41); posts.next() // 42
 */
class IdSpace {
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

/**
 * How many `publish` events carry each category and tag (docs/responses.md#categories-and-tags `count`), kept up to
 * date as events are put, deleted or put back by an undo, so that shaping an answer inside a change never recounts
 * 10,000 events (it exists for speed). Categories and tags share one ID space, so one map holds both.
 *
 * @example
 * const counts = new TermCounts(); counts.replace(undefined, event); counts.get(3) // 1 when event is published with term 3
 */
export class TermCounts {
  readonly #counts = new Map<number, number>()

  /** Number of `publish` events carrying the term. */
  get(termId: number): number {
    return this.#counts.get(termId) ?? 0
  }

  /** An event changed from `previous` to `next` (either undefined: it was added or removed). */
  replace(previous: EventRecord | undefined, next: EventRecord | undefined): void {
    if (previous?.status === 'publish') this.#add(previous, -1)
    if (next?.status === 'publish') this.#add(next, 1)
  }

  #add(event: EventRecord, delta: number): void {
    for (const id of event.categories) this.#counts.set(id, (this.#counts.get(id) ?? 0) + delta)
    for (const id of event.tags) this.#counts.set(id, (this.#counts.get(id) ?? 0) + delta)
  }
}

/**
 * A loaded state's contents, to build the same state again without parsing its text (`Store.reset`): the record
 * objects are shared, which is safe because nothing mutates a record once it is in a collection (collection.ts),
 * and their cached file texts (cache/record-text.ts) go with them, so no record is serialised again. Settings and
 * extras can be changed in place (an import sets `settings.timezone`), so they are copied.
 */
export interface StateSnapshot {
  settings: Settings
  extras: Record<string, unknown>
  timezoneOverride: string | undefined
  users: readonly UserRecord[]
  events: readonly EventRecord[]
  venues: readonly VenueRecord[]
  organizers: readonly OrganizerRecord[]
  media: readonly MediaRecord[]
  categories: readonly TermRecord[]
  tags: readonly TermRecord[]
  revisions: readonly RevisionRecord[]
}

/** The contents of `state`, in file order, unchanged by what is done to `state` afterwards. */
export function snapshotOf(state: CalendarState): StateSnapshot {
  return {
    settings: structuredClone(state.settings),
    extras: structuredClone(state.extras),
    timezoneOverride: state.timezoneOverride,
    users: [...state.users.values()],
    events: [...state.events.values()],
    venues: [...state.venues.values()],
    organizers: [...state.organizers.values()],
    media: [...state.media.values()],
    categories: [...state.categories.values()],
    tags: [...state.tags.values()],
    revisions: [...state.revisions.values()],
  }
}

/**
 * A fresh state holding a snapshot's records, as `loadDocument` built it: each ID space starts past the largest
 * ID of its records, which is where loading leaves it (a state taken after deletes would forget their IDs).
 * Indexes are built on first use, as after a load.
 */
export function stateFrom(snapshot: StateSnapshot): CalendarState {
  const state = new CalendarState(
    structuredClone(snapshot.settings),
    structuredClone(snapshot.extras),
    snapshot.timezoneOverride,
  )
  fill(state.users, snapshot.users)
  for (const posts of [snapshot.events, snapshot.venues, snapshot.organizers, snapshot.media, snapshot.revisions]) {
    for (const post of posts) state.notePostId(post.id)
  }
  for (const terms of [snapshot.categories, snapshot.tags]) for (const term of terms) state.noteTermId(term.id)
  fill(state.media, snapshot.media)
  fill(state.categories, snapshot.categories)
  fill(state.tags, snapshot.tags)
  fill(state.venues, snapshot.venues)
  fill(state.organizers, snapshot.organizers)
  fill(state.events, snapshot.events)
  fill(state.revisions, snapshot.revisions)
  return state
}

function fill<T extends { id: number; slug?: string }>(collection: Collection<T>, records: readonly T[]): void {
  for (const record of records) collection.put(record)
}
