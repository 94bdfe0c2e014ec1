import { NO_GMT_DATE } from '../../core/model/records.js'
import type { CalendarState } from '../../core/model/state.js'
import { KINDS, type KindInfo, recordLabel, type StoredRecord } from '../kinds.js'
import { recordHash } from '../record-diff.js'
import { entryOfLine, type SyncSection } from '../sync-section.js'

/**
 * What a push sends: which records, in which order (`planPush`), and what of each, in the form TEC's API takes
 * (`createBody`, `updateBody`).
 */

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

/**
 * The body that creates `record` on the site: every field a push sends (`info.pushed`) that the record has but
 * "none" (null), which a new record has anyway, in the types TEC's form takes (`bodyOf`); links as the IDs stored,
 * which must be the site's.
 */
export function createBody(info: KindInfo, record: StoredRecord): Record<string, unknown> {
  return bodyOf(
    info,
    record,
    info.pushed.filter((field) => record[field] !== null),
  )
}

/**
 * The body that updates `record` on the site so that `fields` take the record's values: for events, venues and
 * organizers the whole record, as TEC's update clears what it is not sent (`Single_Event::prepare_postarr()` turns
 * a missing flag into false, a missing website, image or organizer list into none, a missing status into
 * `publish`, a missing post date into now); for terms `fields` alone, as TEC's term update keeps the rest.
 */
export function updateBody(info: KindInfo, record: StoredRecord, fields: readonly string[]): Record<string, unknown> {
  return bodyOf(info, record, info.isTerm ? fields : info.pushed)
}

/**
 * Texts TEC refuses empty (`Tribe__Validator__Base::is_string()`) and keeps when not sent: an empty one is left out,
 * so one cannot be emptied by a push.
 */
const KEPT_TEXTS = new Set(['title', 'description', 'excerpt', 'slug', 'name'])

/**
 * The fields of `fields` whose value in `record` TEC's API cannot take: an empty title, description, excerpt, slug
 * or name (kept as it was when left out), and a category moved to the top (parent 0, refused; kept when left out).
 * A push that sent the rest would then store the site's old value over the change here.
 */
export function unsendable(info: KindInfo, record: StoredRecord, fields: readonly string[]): string[] {
  return fields.filter(
    (field) =>
      (KEPT_TEXTS.has(field) && record[field] === '') ||
      (info.kind === 'category' && field === 'parent' && !record[field]),
  )
}

/**
 * `fields` of `record` as TEC's form takes them (docs/writes.md):
 * - "none" (null) is `""`, which TEC reads as clearing a venue, organizer list, website or coordinate; an image is
 *   left out instead (`is_image()` refuses `""`; TEC then removes the featured image), as is a category's parent
 *   (`is_event_category()` refuses 0; a new category is then top-level);
 * - a post date WordPress has not set (a draft's `date_utc` `0000-00-00 00:00:00`) is left out with its `date`, so
 *   that the draft stays undated; a GMT date of a post's own goes with its `date`, as TEC stores the two as sent
 *   (`wp_insert_post()`), and one worked out from the `date` is not stored, so not sent;
 * - a venue's map flags are texts, as TEC's venue routes refuse a JSON boolean;
 * - an event's cost carries its currency: TEC reads the symbol and its side from the cost's text
 *   (`Tribe__Cost_Utils::parse_currency_symbol()`), so one stored apart is written around each price.
 */
function bodyOf(info: KindInfo, record: StoredRecord, fields: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  const undated = record.date_utc === NO_GMT_DATE
  for (const field of fields) {
    if (!(field in record) || !info.pushed.includes(field)) continue
    const value = record[field]
    if (KEPT_TEXTS.has(field) && value === '') continue
    if ((field === 'image' && value === null) || (field === 'parent' && !value)) continue
    if ((field === 'date_utc' || field === 'date') && undated) continue
    if (info.kind === 'venue' && typeof value === 'boolean') body[field] = value ? '1' : 'false'
    else if (info.kind === 'event' && field === 'cost') body[field] = costText(record)
    else body[field] = value === null ? '' : value
  }
  return body
}

/** An event's cost as one text TEC parses back to the same prices and currency: `"10"` with `€` postfix → `"10€"`. */
function costText(record: StoredRecord): unknown {
  const { cost, currency_symbol: symbol, currency_position: position } = record
  if (typeof symbol !== 'string' || symbol === '') return cost
  const priced = (text: string) =>
    !/\d/u.test(text) || text.includes(symbol) ? text : position === 'postfix' ? `${text}${symbol}` : `${symbol}${text}`
  return Array.isArray(cost) ? cost.map((text) => priced(String(text))) : typeof cost === 'string' ? priced(cost) : cost
}
