import { CalendarError } from '../errors.js'
import { COLLECTION_OF, type RecordKind } from './kinds.js'
import type { EventRecord } from './records.js'
import type { CalendarState } from './state.js'

/**
 * Gives the record `from` of `kind` (any of the posts and terms that other records link to by ID: docs/data-file.md)
 * the ID `to`, and every link to it the new ID: an event's `venue`, `organizer`, `categories`, `tags` and
 * `post_parent`, a category's `parent`, a revision's `parent`; a revision that held `to` moves off it
 * (`moveRevisionOff`). The record keeps its fields and slug, and moves to the end of its
 * collection (the file's order). For a copy that took another ID elsewhere, such as a record that a site stored
 * under the ID it chose (`calfile push`). Journaled like any change: run it inside `calendarCore(calendar).write`.
 *
 * @throws CalendarError 404 `record-not-found` when there is no such record; 409 `id-taken` when `to` names a record
 *   of its ID space already (posts, or terms: docs/data-file.md). Nothing is changed then.
 */
export function renumber(state: CalendarState, kind: RecordKind, from: number, to: number): void {
  if (from === to) return
  const collection = state[COLLECTION_OF[kind]]
  const record = collection.get(from)
  if (record === undefined) throw new CalendarError('record-not-found', 404, `No ${kind} has the ID ${from}.`)
  const isTerm = kind === 'category' || kind === 'tag'
  if (!isTerm) moveRevisionOff(state, to)
  const holder = isTerm ? state.termTaxonomy(to) : state.postKind(to)
  if (holder !== undefined) throw new CalendarError('id-taken', 409, `ID ${to} is taken by a ${holder}.`, { id: to })
  collection.delete(from)
  // The collection's type is a union of record types; the record is of the one it came from.
  ;(collection.put as (record: object) => void)({ ...record, id: to })
  if (isTerm) state.noteTermId(to)
  else state.notePostId(to)
  relink(state, kind, from, to)
}

/**
 * Gives the revision that holds post ID `id`, if one does, a fresh ID, so that a record which must take `id` (one a
 * site or a capture numbered: `calfile pull`, `push`, `import`) can. Nothing links to a revision by its ID (a post's
 * `predecessor-version` is read from its revisions), so the move loses nothing. Inside a write, like any change.
 *
 * @example
 * moveRevisionOff(state, 59) // state.revisions.get(59) === undefined
 */
export function moveRevisionOff(state: CalendarState, id: number): void {
  const revision = state.revisions.get(id)
  if (revision === undefined) return
  state.revisions.delete(id)
  state.revisions.put({ ...revision, id: state.nextPostId() })
}

/** Rewrites the links to `from` as links to `to`; only the events that have one are replaced. */
function relink(state: CalendarState, kind: RecordKind, from: number, to: number): void {
  for (const event of [...state.events.values()]) {
    const links = linksOf(event, kind)
    if (links.includes(from)) state.events.put(relinked(event, kind, from, to))
  }
  if (kind === 'event' || kind === 'venue' || kind === 'organizer')
    for (const revision of state.revisionsOf(from)) state.revisions.put({ ...revision, parent: to })
  if (kind !== 'category') return
  for (const category of [...state.categories.values()])
    if (category.parent === from) state.categories.put({ ...category, parent: to })
}

/** The IDs of `kind` that `event` links to. */
function linksOf(event: EventRecord, kind: RecordKind): readonly (number | null)[] {
  if (kind === 'venue') return [event.venue]
  if (kind === 'organizer') return event.organizer
  if (kind === 'category') return event.categories
  if (kind === 'tag') return event.tags
  return [event.post_parent]
}

function relinked(event: EventRecord, kind: RecordKind, from: number, to: number): EventRecord {
  const swap = (ids: number[]) => ids.map((id) => (id === from ? to : id))
  if (kind === 'venue') return { ...event, venue: to }
  if (kind === 'organizer') return { ...event, organizer: swap(event.organizer) }
  if (kind === 'category') return { ...event, categories: swap(event.categories) }
  if (kind === 'tag') return { ...event, tags: swap(event.tags) }
  return { ...event, post_parent: to }
}
