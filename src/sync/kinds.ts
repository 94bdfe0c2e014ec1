import type { Collection } from '../core/model/collection.js'
import { COLLECTION_OF, type CollectionName, type RecordKind } from '../core/model/kinds.js'
import type { CalendarState } from '../core/model/state.js'
import { EVENT_KEYS } from '../core/resources/events/event-record.js'
import { ORGANIZER_KEYS, VENUE_KEYS } from '../core/resources/linked-posts/venue-record.js'
import { TERM_KEYS } from '../core/resources/terms/term-record.js'

/** A stored record of any kind sync handles, as the data file holds it (docs/data-file.md). */
export type StoredRecord = { id: number; slug?: string; [key: string]: unknown }

/**
 * Everything sync needs to know of one kind. Sync mirrors every kind of TEC's REST API v1 (`RecordKind`), each with
 * its own route: its collection (`CollectionName`), which is also its list key and its key in the `sync` section.
 */
export interface KindInfo {
  kind: RecordKind
  route: CollectionName
  /** Categories and tags: no status, no `modified`, deleted for good rather than trashed (docs/errors.md). */
  isTerm: boolean
  /** The field that names a record: `title`, `venue`, `organizer`, `name`. */
  nameKey: string
  collection(state: CalendarState): Collection<StoredRecord>
  /**
   * The stored keys a push sends, as the API writes them (docs/writes.md). Left out: what the site sets itself (`id`,
   * `author`, `modified`, `modified_utc`, a term's `term_taxonomy_id`), what its API cannot write (`permalink`,
   * `post_parent`, `custom_fields`, and any key beyond the contract's). An event's currency is sent inside its
   * `cost` (`push-plan.ts`).
   */
  pushed: readonly string[]
  /** The stored keys that link to other records, and the kind they link to. */
  links: ReadonlyArray<readonly [string, RecordKind]>
}

const NOT_PUSHED = new Set([
  'id',
  'author',
  'modified',
  'modified_utc',
  'term_taxonomy_id',
  'permalink',
  'post_parent',
  'custom_fields',
])
const pushed = (keys: ReadonlySet<string>, without: readonly string[] = []) =>
  [...keys].filter((key) => !NOT_PUSHED.has(key) && !without.includes(key))

/** A kind's entry: its route and collection are core's (`COLLECTION_OF`). */
const entry = (kind: RecordKind, rest: Omit<KindInfo, 'kind' | 'route' | 'collection'>): KindInfo => ({
  kind,
  route: COLLECTION_OF[kind],
  collection: (state) => state[COLLECTION_OF[kind]] as unknown as Collection<StoredRecord>,
  ...rest,
})

/** The kinds in the order creates must go: terms, then venues and organizers, then the events that link to them. */
export const KINDS: readonly KindInfo[] = [
  entry('category', {
    isTerm: true,
    nameKey: 'name',
    pushed: pushed(TERM_KEYS),
    links: [['parent', 'category']],
  }),
  entry('tag', {
    isTerm: true,
    nameKey: 'name',
    pushed: pushed(TERM_KEYS, ['parent']),
    links: [],
  }),
  entry('venue', {
    isTerm: false,
    nameKey: 'venue',
    pushed: pushed(VENUE_KEYS),
    links: [],
  }),
  entry('organizer', {
    isTerm: false,
    nameKey: 'organizer',
    pushed: pushed(ORGANIZER_KEYS),
    links: [],
  }),
  entry('event', {
    isTerm: false,
    nameKey: 'title',
    pushed: pushed(EVENT_KEYS),
    links: [
      ['venue', 'venue'],
      ['organizer', 'organizer'],
      ['categories', 'category'],
      ['tags', 'tag'],
    ],
  }),
]

/** The entry of `KINDS` for a kind. */
export function kindInfo(kind: RecordKind): KindInfo {
  return KINDS.find((info) => info.kind === kind) as KindInfo
}

/** How reports name a record: `event 66358 "Jazz night"`. */
export function recordLabel(info: KindInfo, record: StoredRecord | undefined, id: number): string {
  const name = record?.[info.nameKey]
  return typeof name === 'string' && name !== '' ? `${info.kind} ${id} "${name}"` : `${info.kind} ${id}`
}

/** The IDs `record` links to, with their kind: an event's venue, organizers and terms, a category's parent. */
export function linksOf(info: KindInfo, record: StoredRecord): Array<{ kind: RecordKind; id: number }> {
  return info.links.flatMap(([key, kind]) => {
    const value = record[key]
    const ids = Array.isArray(value) ? value : [value]
    return ids.filter((id): id is number => typeof id === 'number' && id > 0).map((id) => ({ kind, id }))
  })
}
