import { COLLECTIONS, type CollectionName } from '../core/model/kinds.js'
import type { CalendarState } from '../core/model/state.js'

/** The collections of the interface whose changes the change stream names (docs/responses.md). */
const RESOURCES = COLLECTIONS

/** What a diff reads of a collection (collection.ts): its records, and the version every put or delete moves. */
interface Records {
  readonly version: number
  values(): IterableIterator<{ id: number }>
}

/** The IDs of one collection's records that were added, changed or removed between two states. */
export interface RecordChanges {
  created: number[]
  updated: number[]
  deleted: number[]
}

/** What changed between two snapshots: the collections that did (`settings` included), and their records. */
export interface StateDiff {
  collections: Array<CollectionName | 'settings'>
  records: Partial<Record<CollectionName, RecordChanges>>
}

/**
 * The records of a state at one moment, by ID, and what tells whether a collection may have changed since: the
 * collection object (a reload brings new ones) and its version (every put or delete moves it).
 */
export interface Snapshot {
  records: Record<CollectionName, Map<number, object>>
  sources: Record<CollectionName, { collection: Records; version: number }>
  settings: string
}

/** A snapshot of `state`: a map of references per collection, made in one pass over each. */
export function snapshotOf(state: CalendarState): Snapshot {
  const records = {} as Snapshot['records']
  const sources = {} as Snapshot['sources']
  for (const resource of RESOURCES) {
    records[resource] = recordsOf(state[resource])
    sources[resource] = sourceOf(state[resource])
  }
  return { records, sources, settings: settingsText(state) }
}

/**
 * What changed from `before` to `state`, and the snapshot of `state` to diff the next change against. Records
 * are never mutated once stored (collection.ts), so a record still the same object is unchanged; one that is a
 * new object is compared by its JSON, because a reload makes every record anew and only some of them differ.
 * A collection whose object and version are the ones of `before` is kept without a look at its records.
 */
export function diffSince(before: Snapshot, state: CalendarState): { diff: StateDiff; after: Snapshot } {
  const after: Snapshot = {
    records: { ...before.records },
    sources: { ...before.sources },
    settings: settingsText(state),
  }
  const diff: StateDiff = { collections: [], records: {} }
  for (const resource of RESOURCES) {
    const collection = state[resource]
    const was = before.sources[resource]
    if (was.collection === collection && was.version === collection.version) continue
    after.records[resource] = recordsOf(collection)
    after.sources[resource] = sourceOf(collection)
    const changes = recordChanges(before.records[resource], after.records[resource])
    if (changes.created.length + changes.updated.length + changes.deleted.length === 0) continue
    diff.collections.push(resource)
    diff.records[resource] = changes
  }
  if (after.settings !== before.settings) diff.collections.push('settings')
  return { diff, after }
}

function recordsOf(collection: Records): Map<number, object> {
  return new Map([...collection.values()].map((record) => [record.id, record]))
}

function sourceOf(collection: Records): Snapshot['sources'][CollectionName] {
  return { collection, version: collection.version }
}

function recordChanges(before: Map<number, object>, after: Map<number, object>): RecordChanges {
  const changes: RecordChanges = { created: [], updated: [], deleted: [] }
  for (const [id, record] of after) {
    const old = before.get(id)
    if (old === undefined) changes.created.push(id)
    else if (old !== record && JSON.stringify(old) !== JSON.stringify(record)) changes.updated.push(id)
  }
  for (const id of before.keys()) if (!after.has(id)) changes.deleted.push(id)
  return changes
}

/** The settings as the page sees them: the stored ones, and the site zone in force (`--timezone` wins). */
function settingsText(state: CalendarState): string {
  return JSON.stringify([state.settings, state.siteTimezone])
}
