import type { CollectionName } from '../model/kinds.js'
import type { EventRecord } from '../model/records.js'
import { compareEntries, type IndexEntry, makeEntry } from './entry.js'
import { Postings } from './postings.js'
import { TextSearch } from './text-search.js'
import { Timeline } from './timeline.js'

/** The collections an event links to, whose IDs a list can filter on: every one but the events'. */
export type Relation = Exclude<CollectionName, 'events'>

/** The parts of the index, built together. */
interface Parts {
  byId: Map<number, IndexEntry>
  timeline: Timeline
  venues: Postings
  organizers: Postings
  categories: Postings
  tags: Postings
}

/**
 * The indexes of the events collection that lists read, over the events in lists (`inLists`): the start-sorted
 * timeline with kind counts, the events of each venue, organizer, category and tag, and the search index. Built on
 * first use, then kept up to date by `replace`, which the collection's `changed` callback calls for every put,
 * delete and undo; the search index is built on the first search only.
 *
 * @example
 * const index = new EventIndex(() => state.events.values())
 * index.timeline.select({ bounds, kinds })
 */
export class EventIndex {
  readonly #records: () => Iterable<EventRecord>
  #parts: Parts | undefined
  #search: TextSearch | undefined

  /** `records()`: every event, read once at the first use. */
  constructor(records: () => Iterable<EventRecord>) {
    this.#records = records
  }

  /** An event changed from `previous` to `next` (either undefined: added or removed). */
  replace(previous: EventRecord | undefined, next: EventRecord | undefined): void {
    const parts = this.#parts
    if (!parts) return
    const old = previous === undefined ? undefined : parts.byId.get(previous.id)
    if (old) this.#remove(parts, old)
    if (next && inLists(next)) this.#add(parts, makeEntry(next))
  }

  /** The entry of an event ID, if it is an event. */
  entry(id: number): IndexEntry | undefined {
    return this.#built().byId.get(id)
  }

  get timeline(): Timeline {
    return this.#built().timeline
  }

  /**
   * The events linked to each ID of a relation (docs/lists.md#other-event-filters `venue`, `organizer`, `categories`,
   * `tags`).
   */
  relation(kind: Relation): Postings {
    return this.#built()[kind]
  }

  get search(): TextSearch {
    this.#search ??= new TextSearch(this.timeline.entries())
    return this.#search
  }

  #built(): Parts {
    this.#parts ??= build(this.#records())
    return this.#parts
  }

  #add(parts: Parts, entry: IndexEntry): void {
    parts.byId.set(entry.event.id, entry)
    parts.timeline.insert(entry)
    for (const postings of [parts.venues, parts.organizers, parts.categories, parts.tags]) postings.add(entry)
    this.#search?.add(entry)
  }

  #remove(parts: Parts, entry: IndexEntry): void {
    parts.byId.delete(entry.event.id)
    parts.timeline.remove(entry)
    for (const postings of [parts.venues, parts.organizers, parts.categories, parts.tags]) postings.remove(entry)
    this.#search?.remove(entry)
  }
}

/**
 * Whether an event is in lists at all: not when TEC stored no UTC dates for it (`EventRecord.utc_start_date`
 * `null`), as TEC's lists read its occurrences, which such an event has none of; it still reads by ID.
 *
 * @example
 * inLists({ …, utc_start_date: null }) // false
 */
export function inLists(event: EventRecord): boolean {
  return event.utc_start_date !== null
}

function build(records: Iterable<EventRecord>): Parts {
  const sorted = Array.from(records, (event) => (inLists(event) ? [makeEntry(event)] : []))
    .flat()
    .sort(compareEntries)
  const parts: Parts = {
    byId: new Map(sorted.map((entry) => [entry.event.id, entry])),
    timeline: new Timeline(sorted),
    venues: new Postings((event) => (event.venue === null ? [] : [event.venue])),
    organizers: new Postings((event) => event.organizer),
    categories: new Postings((event) => event.categories),
    tags: new Postings((event) => event.tags),
  }
  for (const entry of sorted) {
    for (const postings of [parts.venues, parts.organizers, parts.categories, parts.tags]) postings.add(entry, true)
  }
  return parts
}
