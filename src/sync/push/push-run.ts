import type { Calendar } from '../../core/calendar.js'
import type { CalendarState } from '../../core/model/state.js'
import { SiteError } from '../errors.js'
import type { SiteClient } from '../site/site-client.js'
import { readRecord, type SiteRecord } from '../site/site-records.js'
import type { PushOp } from './push-plan.js'
import { emptyReport, type PushReport } from './push-report.js'

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
  run.pending.push(run.calendar.write(change).then(then, (error: unknown) => fail(run, op, error)))
}

/** Waits for the writes `storeLater` queued: before a step that reads what they change. */
export async function drain(run: PushRun): Promise<void> {
  while (run.pending.length > 0) await Promise.all(run.pending.splice(0))
}
