/**
 * The kinds of record calfile serves and the collection of each, named once: a collection's name is its key in the
 * data file, its route (`/venues`) and the key of its lists' items, and everything that names a kind or a
 * collection takes it from here. Imports nothing, so that any module may import it.
 */

/**
 * The kinds of record other records link to by ID, and the collection (and data file key) of each
 * (docs/data-file.md).
 */
export const COLLECTION_OF = {
  event: 'events',
  venue: 'venues',
  organizer: 'organizers',
  category: 'categories',
  tag: 'tags',
} as const

/** A kind of record the API serves: `event`, `venue`, `organizer`, `category` or `tag`. */
export type RecordKind = keyof typeof COLLECTION_OF

/** The collection of the records of kind `K`: `CollectionOf<'venue'>` is `'venues'`. */
export type CollectionOf<K extends RecordKind> = (typeof COLLECTION_OF)[K]

/** A collection the API serves: its data file key, its route and its lists' key (`events`, …, `tags`). */
export type CollectionName = CollectionOf<RecordKind>

/**
 * Every collection the API serves, in the order of `COLLECTION_OF`: the data file's and the spec's
 * (docs/http.md#routes).
 */
export const COLLECTIONS = Object.values(COLLECTION_OF)

/**
 * Every list of records a data file holds, in its order (docs/data-file.md): the collections the API serves, and
 * the users and media beside them.
 */
export const RECORD_LISTS = [
  'users',
  'events',
  'venues',
  'organizers',
  'media',
  'categories',
  'tags',
  'revisions',
] as const

/** The kind of the records of each collection: `KIND_OF.venues` is `'venue'`. */
export const KIND_OF = Object.fromEntries(
  Object.entries(COLLECTION_OF).map(([kind, collection]) => [collection, kind]),
) as { readonly [K in RecordKind as CollectionOf<K>]: K }

/**
 * The kinds of post an event links to by ID (docs/writes.md `venue`, `organizer`): TEC's "linked posts". Nothing
 * else is called linked here.
 */
export type LinkedPostKind = Extract<RecordKind, 'venue' | 'organizer'>

/** The kinds of post the API serves: events and their linked posts. */
export type ServedPostKind = Extract<RecordKind, 'event'> | LinkedPostKind

/**
 * The kinds that share the post ID space (docs/data-file.md): the served ones, and media, which the file holds only.
 */
export type PostKind = ServedPostKind | 'media'

/** The two term taxonomies; they share the term ID space. */
export type Taxonomy = Extract<RecordKind, 'category' | 'tag'>

/** The field that holds a post's title, by kind: an event's `title`, a venue's `venue`, an organizer's `organizer`. */
export const TITLE_KEY_OF = { event: 'title', venue: 'venue', organizer: 'organizer' } as const satisfies Record<
  ServedPostKind,
  string
>
