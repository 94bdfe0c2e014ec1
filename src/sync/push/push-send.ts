import { calendarCore } from '../../core/calendar.js'
import type { CalendarState } from '../../core/model/state.js'
import { conflictOf } from '../conflict.js'
import { type KindInfo, recordLabel, type StoredRecord } from '../kinds.js'
import { differences, isPushed, sameContent } from '../record-diff.js'
import { type SiteRecord, sameOnSite, storedForm } from '../site/site-records.js'
import { entryOf } from '../sync-section.js'
import { createBody, type PushOp, unsendable, updateBody } from './push-plan.js'
import {
  forgetEntry,
  localId,
  type PushRun,
  readSite,
  settle,
  storeLater,
  takeBack,
  takeSiteId,
  unsentLinks,
} from './push-run.js'

/**
 * What a push sends for one record, and what it stores of the answer: a create (after a cut-off push, the record
 * it may have made found first), an update (the site's record read first: a conflict sends nothing), a delete.
 * Each operation reports its own failure (`settle`), so that one record's trouble stops no other.
 */

const reportOf = (op: PushOp) => ({ kind: op.info.kind, id: op.id, label: op.label })

/**
 * The site's record that a cut-off push may have made for `record`: the one with its slug, that sync does not know
 * (no entry) and that has its name. TEC's slug routes find events, venues and organizers; terms are listed by slug.
 */
async function findMade(run: PushRun, info: KindInfo, record: StoredRecord): Promise<SiteRecord | undefined> {
  const slug = record.slug
  if (typeof slug !== 'string' || slug === '') return undefined
  const found = info.isTerm
    ? await termBySlug(run, info, slug)
    : await run.site
        // TEC answers an unknown slug with 400 `rest_invalid_param`.
        .request(`${info.route}/by-slug/${encodeURIComponent(slug)}`, { accept: [400, 403, 404, 410] })
        .then(({ status, body }) => (status === 200 ? (body as SiteRecord) : undefined))
  if (found === undefined || entryOf(run.calendar.state, info.route, found.id) !== undefined) return undefined
  return sameContent(found[info.nameKey], record[info.nameKey]) ? found : undefined
}

async function termBySlug(run: PushRun, info: KindInfo, slug: string): Promise<SiteRecord | undefined> {
  const { body } = await run.site.request(info.route, { query: { slug, hide_empty: 'false' } })
  const terms = (body as Record<string, unknown>)[info.route]
  return Array.isArray(terms) ? (terms as SiteRecord[]).find((term) => term.slug === slug) : undefined
}

/**
 * Creates a record made here on the site (POST), then gives it the site's ID in the data file, links included, and
 * stores the site's answer, in one write, as soon as the answer comes (`storeLater`). After a cut-off push
 * (`run.resumed`) it first looks for the record on the site (`findMade`), and takes one it finds rather than
 * making it twice, sending what differs. Records that link to a record the site lacks wait (skipped).
 */
async function pushCreate(run: PushRun, planned: PushOp): Promise<void> {
  const op = { ...planned, id: localId(run, planned) }
  const record = op.info.collection(run.calendar.state).get(op.id)
  if (record === undefined) {
    run.report.skipped.push({ ...reportOf(op), reason: 'no longer in the data file' })
    return
  }
  const waiting = unsentLinks(run.calendar.state, op.info, record, run.planned)
  if (waiting.length > 0) {
    run.report.skipped.push({ ...reportOf(op), reason: `links to ${waiting.join(', ')}, which the site lacks` })
    return
  }
  const found = run.resumed ? await findMade(run, op.info, record) : undefined
  if (found !== undefined) return takeFound(run, op, found)
  const body = createBody(op.info, record)
  const fields = Object.keys(body)
  if (run.dryRun) {
    run.report.created.push({ ...reportOf(op), fields })
    run.planned.add(`${op.info.kind}:${op.id}`)
    return
  }
  const { body: made } = await run.site.request(op.info.route, { method: 'POST', body })
  const site = made as SiteRecord
  const label = recordLabel(op.info, record, site.id)
  storeLater(
    run,
    op,
    (state) => {
      giveSiteId(run, planned, site.id)(state)
      takeBack(state, op.info, site, run.calendar.now())
    },
    () => run.report.created.push({ ...reportOf(op), id: site.id, localId: op.id, label, fields }),
  )
}

/**
 * The change that gives the record `planned` names its site ID `to` (`takeSiteId`), noting the record it moved out
 * of the way, if any, for the operations that name that one by its old ID.
 */
function giveSiteId(run: PushRun, planned: PushOp, to: number): (state: CalendarState) => void {
  return (state) => {
    const moved = takeSiteId(state, planned.info, localId(run, planned), to)
    if (moved !== undefined) run.moved.set(`${moved.kind}:${moved.from}`, moved.to)
  }
}

/** Takes a record a cut-off push made as this one (`op`, by its ID now), then sends it again (`sendChanges`). */
async function takeFound(run: PushRun, op: PushOp, found: SiteRecord): Promise<void> {
  if (!run.dryRun) await calendarCore(run.calendar).write(giveSiteId(run, op, found.id))
  const id = run.dryRun ? op.id : found.id
  const label = recordLabel(op.info, found, id)
  run.report.created.push({ ...reportOf(op), id, localId: op.id, label, fields: [], found: true })
  await sendChanges(run, { ...op, id, action: 'update' }, found, true)
}

/** Runs the create `op`, its failure in the report. */
export function create(run: PushRun, op: PushOp): Promise<void> {
  return settle(run, op, () => pushCreate(run, op))
}

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
async function sendChanges(run: PushRun, op: PushOp, site: SiteRecord, resend = false): Promise<void> {
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
 * categories and tags are deleted for good (docs/errors.md). The site's record is read first: one changed there since
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
