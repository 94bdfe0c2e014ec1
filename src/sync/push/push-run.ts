import { type Calendar, calendarCore } from '../../core/calendar.js'
import { instantToWall } from '../../core/dates/zoned.js'
import type { RecordKind } from '../../core/model/kinds.js'
import { renumber } from '../../core/model/renumber.js'
import type { CalendarState } from '../../core/model/state.js'
import { importTec } from '../../tec/tec.js'
import { SiteError, SyncError } from '../errors.js'
import { KINDS, type KindInfo, kindInfo, linksOf, type StoredRecord } from '../kinds.js'
import { recordHash } from '../record-diff.js'
import type { SiteClient } from '../site/site-client.js'
import { readRecord, type SiteRecord, siteVersion } from '../site/site-records.js'
import { entryOf, setEntry } from '../sync-section.js'
import type { PushOp } from './push-plan.js'
import { emptyReport, type PushReport } from './push-report.js'

/**
 * A push under way: its state, its failures, and its side of the data file: the writes that store each answer
 * (the site's record taken back, the site's ID given), queued so that they land together.
 */

/** One push under way: the data file, the site, and the report it fills. */
export interface PushRun {
  calendar: Calendar
  site: SiteClient
  dryRun: boolean
  /** A push before this one may have made records on the site without their answer reaching the data file. */
  resumed: boolean
  report: PushReport
  /** A create failed without a clear answer: the site may have made it, so the next push must look first. */
  unsure: boolean
  /** In a dry run, the records it would create (`event:12`): links to them would be sent by then. */
  planned: Set<string>
  /** Writes of the data file queued and not yet landed (`storeLater`). */
  pending: Array<Promise<void>>
  /**
   * Records made here that moved to another ID during the push, out of the way of an ID the site gave (`kind:id` →
   * new ID): the operations planned before name them by their old one (`localId`).
   */
  moved: Map<string, number>
}

/** The ID the record `op` planned for has in the data file now (see `PushRun.moved`). */
export function localId(run: PushRun, op: PushOp): number {
  const key = (id: number) => `${op.info.kind}:${id}`
  let id = op.id
  let next = run.moved.get(key(id))
  while (next !== undefined) {
    id = next
    next = run.moved.get(key(id))
  }
  return id
}

/** A push about to begin, with nothing done yet. */
export function newRun(calendar: Calendar, site: SiteClient, dryRun: boolean, resumed: boolean): PushRun {
  const report = emptyReport(dryRun)
  return { calendar, site, dryRun, resumed, report, unsure: false, planned: new Set(), pending: [], moved: new Map() }
}

/** The site's record `op` names, or undefined when it is gone (`readRecord`). */
export function readSite(run: PushRun, op: PushOp): Promise<SiteRecord | undefined> {
  return readRecord(run.site, op.info.route, op.id)
}

/** Runs one operation, putting its failure in the report instead of letting it stop the push. */
export async function settle(run: PushRun, op: PushOp, work: () => Promise<void>): Promise<void> {
  try {
    await work()
  } catch (error) {
    fail(run, op, error)
  }
}

function fail(run: PushRun, op: PushOp, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error)
  run.report.failed.push({ kind: op.info.kind, id: op.id, label: op.label, error: message })
  // A create the site refused is surely not made; any other failure may have come after it was.
  if (op.action === 'create' && !(error instanceof SiteError && error.status < 500)) run.unsure = true
}

/**
 * Queues `change` of the data file for what the site answered to `op`, and `then` once it has landed, without
 * waiting: the next request goes out meanwhile, and the writes that pile up land together (the store's group
 * commit), where waiting would write the whole file once per record. A push cut off before it lands has made the
 * record on the site all the same, which the next push finds (`push_started`). `drain` waits for them.
 */
export function storeLater(run: PushRun, op: PushOp, change: (state: CalendarState) => void, then: () => void): void {
  run.pending.push(
    calendarCore(run.calendar)
      .write(change)
      .then(then, (error: unknown) => fail(run, op, error)),
  )
}

/** Waits for the writes `storeLater` queued: before a step that reads what they change. */
export async function drain(run: PushRun): Promise<void> {
  while (run.pending.length > 0) await Promise.all(run.pending.splice(0))
}

/**
 * Stores the site's answer for one record in place of the data file's (inside `calendarCore(calendar).write`), through
 * the TEC importer, so that the two read the same (the site's `modified`, `date`, slug…), and records its entry: what
 * the site has now, and the record as stored. Only that record (and a media entry of its image) is taken: the venue or
 * terms an event embeds stay as the data file has them, which may be changes still to push, but for their
 * `term_taxonomy_id` (`takeTaxonomyIds`).
 *
 * @param now epoch ms: "now" for the importer.
 */
export function takeBack(state: CalendarState, info: KindInfo, site: SiteRecord, now: number): void {
  const keep = (kind: string, id: number) => kind !== 'media' && !(kind === info.kind && id === site.id)
  importTec(state, { [info.route]: [site] }, { now: instantToWall(now, state.siteTimezone), keep })
  const stored = info.collection(state).get(site.id) as StoredRecord
  setEntry(state, info.route, site.id, { ...siteVersion(info, site), hash: recordHash(stored) })
  if (info.kind === 'event') takeTaxonomyIds(state, site)
}

/**
 * The `term_taxonomy_id` of each term an event's answer embeds, stored where WordPress numbered it apart from the
 * term (terms of two taxonomies made at once, as a push makes them): TEC's own term answers do not show it, so the
 * push that made the term could not store it. It is no change here: the entry of a term unchanged since it was
 * synced is hashed again with it.
 */
function takeTaxonomyIds(state: CalendarState, site: SiteRecord): void {
  for (const info of KINDS.filter((kind) => kind.isTerm))
    for (const embedded of (site[info.route] ?? []) as SiteRecord[]) {
      const taxonomyId = embedded.term_taxonomy_id
      const stored = info.collection(state).get(embedded.id)
      const entry = entryOf(state, info.route, embedded.id)
      if (!Number.isInteger(taxonomyId) || taxonomyId === embedded.id || stored === undefined || entry === undefined)
        continue
      if (stored.term_taxonomy_id === taxonomyId) continue
      const record = { ...stored, term_taxonomy_id: taxonomyId }
      const unchanged = entry.hash === recordHash(stored)
      info.collection(state).put(record)
      // A term changed here since stays changed: its entry keeps the hash of what was last synced.
      if (unchanged) setEntry(state, info.route, embedded.id, { ...entry, hash: recordHash(record) })
    }
}

/** Drops the entry of record `id` of `info` (inside `calendarCore(calendar).write`): the site no longer has it. */
export function forgetEntry(state: CalendarState, info: KindInfo, id: number): void {
  setEntry(state, info.route, id, undefined)
}

/**
 * Gives the record made here as `from` the ID `to` the site gave it, links included (`renumber`; inside
 * `calendarCore(calendar).write`). A record made here that holds `to` already moves to a fresh ID first: that move is
 * returned, for the operations that still name it by its old ID.
 *
 * @throws SyncError `sync-invalid` when `to` is the ID of a record the site has as another one.
 */
export function takeSiteId(
  state: CalendarState,
  info: KindInfo,
  from: number,
  to: number,
): { kind: RecordKind; from: number; to: number } | undefined {
  if (from === to) return undefined
  const holder = KINDS.find((other) => other.isTerm === info.isTerm && other.collection(state).get(to) !== undefined)
  let moved: { kind: RecordKind; from: number; to: number } | undefined
  if (holder !== undefined) {
    if (entryOf(state, holder.route, to) !== undefined)
      throw new SyncError('sync-invalid', `the site gave ID ${to}, which the data file has as its ${holder.kind} ${to}`)
    moved = { kind: holder.kind, from: to, to: holder.isTerm ? state.nextTermId() : state.nextPostId() }
    renumber(state, holder.kind, moved.from, moved.to)
  }
  renumber(state, info.kind, from, to)
  return moved
}

/**
 * The links of `record` to records the site lacks (no entry, and not in `planned`, `kind:id` keys of records a dry
 * run would create first): it cannot be sent before they are.
 */
export function unsentLinks(
  state: CalendarState,
  info: KindInfo,
  record: StoredRecord,
  planned: ReadonlySet<string>,
): string[] {
  return linksOf(info, record)
    .filter((link) => entryOf(state, kindInfo(link.kind).route, link.id) === undefined)
    .filter((link) => !planned.has(`${link.kind}:${link.id}`))
    .map((link) => `${link.kind} ${link.id}`)
}
