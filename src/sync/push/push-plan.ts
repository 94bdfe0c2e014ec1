import type { CalendarState } from '../../core/model/state.js'
import { KINDS, type KindInfo, recordLabel, type StoredRecord } from '../kinds.js'
import { recordHash } from '../record-hash.js'
import { entryOfLine, type SyncSection } from '../sync-section.js'

/** One record to send: made here (`create`), changed here (`update`), or deleted or trashed here (`delete`). */
export interface PushOp {
  action: 'create' | 'update' | 'delete'
  info: KindInfo
  /** The record's ID in the data file: for a create, a local one the site replaces. */
  id: number
  label: string
}

/**
 * A push's work in the order it must go: each step's operations may run together, and a step begins when the one
 * before has ended. Creates go in dependency order (categories before their children, terms, venues and organizers
 * before the events that link to them: `KINDS`), then updates, then deletes (events before what they link to).
 */
export interface PushPlan {
  steps: PushOp[][]
}

const op = (action: PushOp['action'], info: KindInfo, record: StoredRecord | undefined, id: number): PushOp => ({
  action,
  info,
  id,
  label: recordLabel(info, record, id),
})

/** How many of the new categories `fresh` stand above `category`: its step among the creates. */
function depthOf(category: StoredRecord, fresh: ReadonlyMap<number, StoredRecord>): number {
  let depth = 0
  const seen = new Set<number>()
  for (let parent = category.parent; typeof parent === 'number' && fresh.has(parent) && !seen.has(parent); depth++) {
    seen.add(parent)
    parent = fresh.get(parent)?.parent
  }
  return depth
}

/** The records of `info` made here (no entry), but those already in the trash: nothing of them is sent. */
function freshOps(state: CalendarState, section: SyncSection, info: KindInfo): PushOp[] {
  const entries = section.records[info.route]
  return [...info.collection(state).values()]
    .filter((record) => entries[record.id] === undefined && record.status !== 'trash')
    .map((record) => op('create', info, record, record.id))
}

/** The creates, step by step: categories by depth (tags with the first), then venues and organizers, then events. */
function createSteps(state: CalendarState, section: SyncSection): PushOp[][] {
  const [categories = [], tags = [], venues = [], organizers = [], events = []] = KINDS.map((info) =>
    freshOps(state, section, info),
  )
  const fresh = new Map(categories.map((created) => [created.id, state.categories.get(created.id) as StoredRecord]))
  const terms: PushOp[][] = [tags]
  for (const created of categories) {
    const depth = depthOf(fresh.get(created.id) as StoredRecord, fresh)
    while (terms.length <= depth) terms.push([])
    terms[depth]?.push(created)
  }
  return [...terms, [...venues, ...organizers], events]
}

/** Records the site has that changed here, and those deleted or trashed here. */
function changedAndGone(state: CalendarState, section: SyncSection): { updates: PushOp[]; deletes: PushOp[][] } {
  const updates: PushOp[] = []
  const deletes = new Map<KindInfo, PushOp[]>(KINDS.map((info) => [info, []]))
  for (const info of KINDS) {
    const collection = info.collection(state)
    for (const [text, line] of Object.entries(section.records[info.route])) {
      const id = Number(text)
      const record = collection.get(id)
      if (record !== undefined && recordHash(record) === entryOfLine(line).hash) continue
      const gone = record === undefined || record.status === 'trash'
      if (gone) deletes.get(info)?.push(op('delete', info, record, id))
      else updates.push(op('update', info, record, id))
    }
  }
  // Events first, so that no event links to a venue, organizer or term by the time it goes.
  const [categories, tags, venues, organizers, events] = KINDS.map((info) => deletes.get(info) ?? [])
  return {
    updates,
    deletes: [events ?? [], [...(venues ?? []), ...(organizers ?? [])], [...(categories ?? []), ...(tags ?? [])]],
  }
}

/**
 * What a push of `state` to the site of `section` has to send: the records without an entry in `section` are
 * created, those whose `recordHash` differs from their entry's are updated (or deleted, when trashed here), and
 * the entries whose record is gone are deleted. A record made here and trashed here is nothing to send.
 */
export function planPush(state: CalendarState, section: SyncSection): PushPlan {
  const { updates, deletes } = changedAndGone(state, section)
  return { steps: [...createSteps(state, section), updates, ...deletes].filter((step) => step.length > 0) }
}
