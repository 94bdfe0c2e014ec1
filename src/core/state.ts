import { Collection } from './collection.js'
import { IdSpace } from './id-space.js'
import { EventIndex } from './index/event-index.js'
import { Journal } from './journal.js'
import type {
  EventRecord,
  MediaRecord,
  OrganizerRecord,
  PostKind,
  Settings,
  Taxonomy,
  TermRecord,
  UserRecord,
  VenueRecord,
} from './records.js'
import { TermCounts } from './term-counts.js'

/**
 * Everything the data file holds, in memory, with its indexes: one object that a load builds and a reload swaps
 * in whole. Posts (events, venues, organizers, media) share one ID space and terms (categories, tags) another
 * (CONTRACT §1). Changes to it are recorded in `journal` while one is open, so they can be rolled back.
 */
export class CalendarState {
  readonly journal = new Journal()
  /** Published events per term, kept up to date with `events` (CONTRACT §2.4 `count`). */
  readonly termCounts = new TermCounts()
  /** The indexes lists read (issue 11, "Lists"), built on first use and kept up to date with `events`. */
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
  readonly #postIds = new IdSpace(this.journal)
  readonly #termIds = new IdSpace(this.journal)

  constructor(
    readonly settings: Settings,
    /** Top-level keys of the file beyond the contract's, written back as they were. */
    readonly extras: Record<string, unknown> = {},
    /** The `--timezone` flag: wins over `settings.timezone` without being written to the file. */
    readonly timezoneOverride?: string,
  ) {}

  /** The site time zone (CONTRACT §3 "timezone", §8 `--timezone`). */
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

  /** A fresh post ID: 1 + the largest seen (CONTRACT §1). */
  nextPostId(): number {
    return this.#postIds.next()
  }

  nextTermId(): number {
    return this.#termIds.next()
  }
}
