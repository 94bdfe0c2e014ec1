import { wallTimeMs } from '../dates/zoned.js'
import { type EventRecord, STATUSES } from '../model/records.js'

/**
 * One event as the indexes hold it: its wall times and its "kind" (status and flags packed in a small number, so
 * that a block of the timeline counts each kind and a list total adds counts instead of testing events). An entry
 * belongs to one record object; a put replaces the record, and with it the entry.
 */
export interface IndexEntry {
  readonly event: EventRecord
  /** Start and end as `wallTimeMs` of the event's own wall times: TEC orders and filters by them, not by instants. */
  readonly start: number
  readonly end: number
  /** `kindOf(event)`. */
  readonly kind: number
  /** The last union that took this entry (see `uniqueSorted`): dedups without a Set. */
  mark: number
  /** Title, excerpt and description in lower case, as the search rule reads them; computed on first search. */
  lower?: string
}

/** Number of distinct kinds: every status × hidden from listings × featured × ticketed. */
export const KINDS = STATUSES.length * 8

const HIDDEN = 4
const FEATURED = 2
const TICKETED = 1

/** The kind of an event: its status and the three flags lists filter on (docs/lists.md#other-event-filters). */
export function kindOf(event: EventRecord): number {
  return (
    STATUSES.indexOf(event.status) * 8 +
    (event.hide_from_listings ? HIDDEN : 0) +
    (event.featured ? FEATURED : 0) +
    (event.ticketed ? TICKETED : 0)
  )
}

/** What a list keeps of the kinds: listed statuses, never hidden, `featured`/`ticketed` when asked. */
export interface KindFilter {
  statuses: ReadonlySet<string>
  featured?: boolean | undefined
  ticketed?: boolean | undefined
}

/** The kinds a list shows, as a table by kind and as a list (to add a block's counts). */
export function allowedKinds(filter: KindFilter): { table: Uint8Array; list: number[] } {
  const table = new Uint8Array(KINDS)
  const list: number[] = []
  STATUSES.forEach((status, index) => {
    if (!filter.statuses.has(status)) return
    for (const flags of [0, 1, 2, 3]) {
      if (filter.featured !== undefined && Boolean(flags & FEATURED) !== filter.featured) continue
      if (filter.ticketed !== undefined && Boolean(flags & TICKETED) !== filter.ticketed) continue
      table[index * 8 + flags] = 1
      list.push(index * 8 + flags)
    }
  })
  return { table, list }
}

/** The entry of a record. */
export function makeEntry(event: EventRecord): IndexEntry {
  const start = wallTimeMs(event.start_date)
  return { event, start, end: wallTimeMs(event.end_date), kind: kindOf(event), mark: 0 }
}

/**
 * List order (docs/lists.md#event-list-dates): start wall time whatever the zone (TEC's `_EventStartDate`), then
 * `comparePosts`.
 */
export function compareEntries(a: IndexEntry, b: IndexEntry): number {
  return a.start - b.start || comparePosts(a, b)
}

/** Publication `date`, then ID: the order of WordPress's `orderby => [date, ID]`, which TEC's `include` lists use. */
export function comparePosts(a: IndexEntry, b: IndexEntry): number {
  return compareText(a.event.date, b.event.date) || a.event.id - b.event.id
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * The lower-case words of a search, each of which must be in a record's text (docs/lists.md#other-event-filters,
 * WordPress's `s`: split on whitespace); none for no search.
 *
 * @example
 * searchWords(' Jazz  Night ') // ['jazz', 'night']
 */
export function searchWords(search: string | undefined): string[] {
  if (search === undefined || search.trim() === '') return []
  return search.toLowerCase().split(/\s+/u).filter(Boolean)
}

/** The search rule's text of an entry (TEC: title, excerpt, description, case-insensitive). */
export function lowerText(entry: IndexEntry): string {
  entry.lower ??= `${entry.event.title}\n${entry.event.excerpt}\n${entry.event.description}`.toLowerCase()
  return entry.lower
}
