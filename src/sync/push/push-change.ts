import { conflictOf } from '../conflict.js'
import type { StoredRecord } from '../kinds.js'
import { differences, isPushed } from '../record-diff.js'
import { type SiteRecord, sameOnSite, storedForm } from '../site/site-records.js'
import { entryOf } from '../sync-section.js'
import { unsendable, updateBody } from './push-body.js'
import { forgetEntry, takeBack, unsentLinks } from './push-local.js'
import type { PushOp } from './push-plan.js'
import { type PushRun, readSite, settle, storeLater } from './push-run.js'

const reportOf = (op: PushOp) => ({ kind: op.info.kind, id: op.id, label: op.label })

/** The conflict context: the data file's settings and clock. */
const contextOf = (run: PushRun) => ({ settings: run.calendar.state.settings, now: run.calendar.now() })

/**
 * Sends the record `op.id` where it differs from the site's `site` (the whole record as `updateBody` builds it, as
 * TEC's update clears what it is not sent), then stores the site's answer. A record that differs only in what the
 * site's API cannot write is skipped, and stays a change to push; one that differs in nothing (but `modified`)
 * takes the site's version, sending nothing, unless `resend`: a post a cut-off push made may be half-saved (TEC
 * writes the post, then its meta, then its occurrence tables, and a request cut off between them leaves an event
 * that reads whole but is missing from every list), so it is sent whole again, which saves it to the end.
 */
export async function sendChanges(run: PushRun, op: PushOp, site: SiteRecord, resend = false): Promise<void> {
  const { calendar } = run
  const record = op.info.collection(calendar.state).get(op.id) as StoredRecord
  const found = differences(op.info, record, storedForm(op.info, site, calendar.state.settings, calendar.now()))
  const sent = found.filter((difference) => isPushed(op.info, difference)).map((difference) => difference.field)
  if (sent.length === 0 && found.length > 0) {
    const fields = found.map((difference) => difference.field).join(', ')
    run.report.skipped.push({
      ...reportOf(op),
      reason: `differs from the site only in what its API cannot write: ${fields}`,
    })
    return
  }
  const cannot = unsendable(op.info, record, sent)
  if (cannot.length > 0) {
    run.report.skipped.push({
      ...reportOf(op),
      reason: `TEC's API cannot empty or unset ${cannot.join(', ')}: change it on the site, or undo it here`,
    })
    return
  }
  const waiting = unsentLinks(calendar.state, op.info, record, run.planned)
  if (waiting.length > 0) {
    run.report.skipped.push({ ...reportOf(op), reason: `links to ${waiting.join(', ')}, which the site lacks` })
    return
  }
  if (run.dryRun) {
    if (sent.length > 0) run.report.updated.push({ ...reportOf(op), fields: sent })
    return
  }
  const answer =
    sent.length === 0 && !(resend && !op.info.isTerm)
      ? site
      : ((
          await run.site.request(`${op.info.route}/${op.id}`, {
            method: 'POST',
            body: updateBody(op.info, record, sent),
          })
        ).body as SiteRecord)
  storeLater(
    run,
    op,
    (state) => takeBack(state, op.info, answer, calendar.now()),
    () => {
      if (sent.length > 0) run.report.updated.push({ ...reportOf(op), fields: sent })
    },
  )
}

/**
 * Updates on the site a record changed here: reads the site's record first, and when it changed there since the
 * last pull or push (its `modified_utc`, a term's fields) and differs from the data file's, reports a conflict and
 * sends nothing; when it is gone from the site, likewise. A site record that changed but reads as the data file's
 * is this push's own change, landed before a push was cut off: it is taken as it is.
 */
async function pushUpdate(run: PushRun, op: PushOp): Promise<void> {
  const { state } = run.calendar
  const record = op.info.collection(state).get(op.id)
  const entry = entryOf(state, op.info.route, op.id)
  if (record === undefined || entry === undefined) return
  const site = await readSite(run, op)
  if (site === undefined) {
    run.report.conflicts.push(conflictOf(op.info, op.id, 'deleted-on-site', record, undefined, contextOf(run)))
    return
  }
  if (!sameOnSite(op.info, entry, site)) {
    const conflict = conflictOf(op.info, op.id, 'changed-both', record, site, contextOf(run))
    if (conflict.differences.length > 0) {
      run.report.conflicts.push(conflict)
      return
    }
  }
  await sendChanges(run, op, site)
}

/**
 * Deletes on the site a record deleted or trashed here: events, venues and organizers go to the site's trash,
 * categories and tags are deleted for good (CONTRACT §5). The site's record is read first: one changed there since
 * is a conflict, and stays; one already gone needs nothing. A record trashed here then stores the site's trashed
 * version; the entry of one deleted here is dropped.
 */
async function pushDelete(run: PushRun, op: PushOp): Promise<void> {
  const { calendar } = run
  const entry = entryOf(calendar.state, op.info.route, op.id)
  if (entry === undefined) return
  const site = await readSite(run, op)
  const here = op.info.collection(calendar.state).get(op.id)
  if (site !== undefined && !sameOnSite(op.info, entry, site)) {
    run.report.conflicts.push(conflictOf(op.info, op.id, 'deleted-here', here, site, contextOf(run)))
    return
  }
  if (run.dryRun) {
    run.report.deleted.push({ ...reportOf(op), fields: [] })
    return
  }
  const answer =
    site === undefined
      ? undefined
      : ((await run.site.request(`${op.info.route}/${op.id}`, { method: 'DELETE' })).body as SiteRecord)
  storeLater(
    run,
    op,
    (state) => {
      const trashed = op.info.collection(state).get(op.id)
      if (trashed !== undefined && answer !== undefined && !op.info.isTerm)
        takeBack(state, op.info, answer, calendar.now())
      else forgetEntry(state, op.info, op.id)
    },
    () => run.report.deleted.push({ ...reportOf(op), fields: [] }),
  )
}

/** Runs the update or delete `op`, its failure in the report. */
export function change(run: PushRun, op: PushOp): Promise<void> {
  return settle(run, op, () => (op.action === 'delete' ? pushDelete(run, op) : pushUpdate(run, op)))
}
