import { existsSync } from 'node:fs'
import pLimit from 'p-limit'
import { calendarCore, openCalendar } from '../../core/calendar.js'
import { SyncError } from '../errors.js'
import { SiteClient, type SiteOptions } from '../site/site-client.js'
import { readSection, setPushStarted } from '../sync-section.js'
import { planPush } from './push-plan.js'
import type { PushReport } from './push-report.js'
import { drain, newRun } from './push-run.js'
import { change, create } from './push-send.js'

/** Options of `push`. */
export interface PushOptions extends SiteOptions {
  /** The data file pulled from the site. */
  from: string
  /** Read the site and report what would be sent, sending and writing nothing. */
  dryRun?: boolean
  /** Requests under way at once (default 8). */
  concurrency?: number
  /** The clock, epoch ms (default `Date.now`). */
  now?: () => number
}

/**
 * Sends to a TEC site what changed in the data file `from` since it was pulled from that site (or last pushed):
 * records made here are created (POST) in dependency order, then take the site's ID, links included; records
 * changed here are updated, sending only the fields that differ; records deleted or trashed here are trashed on
 * the site (terms deleted). Before an update or delete the site's record is read, and one changed there since is
 * a conflict: nothing is sent for it, and the report lists both versions of the fields that differ. Each answer is
 * stored in the data file as it comes (the site's `modified`, slug…, and the record's `sync` entry), so a push cut
 * off half-way can be run again: it sends what is left, and first looks up on the site, by slug, each record it
 * might have created already (`sync.push_started`). The file is locked meanwhile: a `calfile serve` on it must be
 * stopped first.
 *
 * @example
 * const report = await push('https://events.example.org', { from: 'data/calendar.json', user: 'admin', password })
 * for (const line of pushLines(report)) console.log(line)
 * @throws SyncError `sync-origin` when the file is missing or was not pulled from this site, and as `SiteClient`; CalendarError
 *   409 `store-locked`. A record's own failure does not stop the push: it is in the report (`failed`).
 */
export async function push(siteUrl: string, options: PushOptions): Promise<PushReport> {
  const site = new SiteClient(siteUrl, options)
  if (!existsSync(options.from)) throw new SyncError('sync-origin', `${options.from}: no such data file`)
  const calendar = await openCalendar(options.from, { now: options.now })
  try {
    const section = readSection(calendar.state)
    if (section?.origin !== site.site.home)
      throw new SyncError(
        'sync-origin',
        section === undefined
          ? `${options.from} was not pulled from a site: "calfile pull ${site.site.home} --into ${options.from}" first`
          : `${options.from} mirrors ${section.origin}, not ${site.site.home}`,
      )
    const plan = planPush(calendar.state, section)
    const dryRun = options.dryRun ?? false
    const run = newRun(calendar, site, dryRun, section.push_started !== undefined)
    const creates = plan.steps.some((step) => step.some((op) => op.action === 'create'))
    if (creates && !dryRun && !run.resumed)
      await calendarCore(calendar).write((state) => setPushStarted(state, new Date(calendar.now()).toISOString()))
    // As many at once as asked, at least one. No operation rejects (each reports its own failure), so a step ends
    // once all of its operations have.
    const limit = pLimit(Math.max(1, Math.floor(options.concurrency ?? 8)))
    for (const step of plan.steps) {
      await limit.map(step, (op) => (op.action === 'create' ? create(run, op) : change(run, op)))
      await drain(run)
    }
    if (!dryRun && (creates || run.resumed) && !run.unsure)
      await calendarCore(calendar).write((state) => setPushStarted(state, undefined))
    run.report.requests = site.requests
    return run.report
  } finally {
    await calendar.close()
  }
}
