import type { CalendarState } from '../../core/model/state.js'
import { type KindInfo, recordLabel, type StoredRecord } from '../kinds.js'
import { sameContent } from '../record-hash.js'
import type { SiteRecord } from '../site/site-records.js'
import { entryOf } from '../sync-section.js'
import { createBody } from './push-body.js'
import { sendChanges } from './push-change.js'
import { takeBack, takeSiteId, unsentLinks } from './push-local.js'
import type { PushOp } from './push-plan.js'
import { localId, type PushRun, settle, storeLater } from './push-run.js'

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
  if (!run.dryRun) await run.calendar.write(giveSiteId(run, op, found.id))
  const id = run.dryRun ? op.id : found.id
  const label = recordLabel(op.info, found, id)
  run.report.created.push({ ...reportOf(op), id, localId: op.id, label, fields: [], found: true })
  await sendChanges(run, { ...op, id, action: 'update' }, found, true)
}

function reportOf(op: PushOp) {
  return { kind: op.info.kind, id: op.id, label: op.label }
}

/** Runs the create `op`, its failure in the report. */
export function create(run: PushRun, op: PushOp): Promise<void> {
  return settle(run, op, () => pushCreate(run, op))
}
