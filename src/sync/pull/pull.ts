import { existsSync } from 'node:fs'
import { type Calendar, calendarCore, openCalendar } from '../../core/calendar.js'
import { schemaReference } from '../../edit/schema-location.js'
import { SiteClient, type SiteOptions } from '../site/site-client.js'
import { readSection } from '../sync-section.js'
import { applyPull, checkMirror, type PullOutcome } from './pull-apply.js'
import { addUnlisted, fetchSite, type PullProgress, siteSettings } from './pull-fetch.js'

/** Options of `pull`. */
export interface PullOptions extends SiteOptions {
  /** The data file to mirror the site in: created when missing. */
  into: string
  /** Hears of each page read (a progress bar). */
  onProgress?: (progress: PullProgress) => void
  /** The clock, epoch ms (default `Date.now`). */
  now?: () => number
}

/** What `pull` did: `PullOutcome`'s counts and conflicts, and what it cost. */
export interface PullReport extends Omit<PullOutcome, 'touched'> {
  file: string
  /** Whether the data file was written: not when the site had nothing new. */
  written: boolean
  /** HTTP requests sent, retries included. */
  requests: number
}

/** Thrown inside a write that would change nothing, so that the store leaves the file untouched. */
class Unchanged extends Error {
  constructor(readonly outcome: PullOutcome) {
    super('unchanged')
  }
}

/**
 * Mirrors a TEC site (REST API v1 under `<siteUrl>/wp-json/tribe/events/v1`) in the data file `into`: every event
 * (from year 1 on), venue, organizer, category and tag the credentials may read, any status but `trash` (published
 * ones only without credentials), stored by the TEC importer with the site's IDs, slugs, dates and extra keys, so
 * that calfile serves them as the site did (but for the host in the API's own links). The first pull takes the
 * site's settings: its time zone (the one WordPress names, else the one the events' dates show), its page size and
 * its address as `site_url`, so that records' `url`s are the site's. A second pull writes only what changed, and
 * not the file at all when nothing did; records changed here since the last pull or push are kept (a conflict when
 * the site changed them too), and a record is removed only once the site says it is gone (`addUnlisted`,
 * `applyPull`). The site is read first and the file written once, all or nothing; a new file is made only once the
 * site has been read. The file is locked meanwhile: a `calfile serve` on it must be stopped first.
 *
 * @example
 * const report = await pull('https://events.example.org', { into: 'data/calendar.json', user: 'admin', password })
 * console.log(pullSummary(report)) // +12 ~3 =840 -1
 * @throws SyncError (`site-url`, `site-unreachable`, `site-redirect`, `sync-origin`, `sync-push-unfinished`,
 *   `sync-invalid`), SiteError; CalendarError 409 `store-locked` when another process writes the file;
 *   DocumentError for an invalid file.
 */
export async function pull(siteUrl: string, options: PullOptions): Promise<PullReport> {
  const site = new SiteClient(siteUrl, options)
  const origin = site.site.home
  let calendar: Calendar | undefined
  try {
    if (existsSync(options.into)) {
      calendar = await openCalendar(options.into, { now: options.now })
      checkMirror(calendar.state, origin)
    }
    const [pulled, settings] = await Promise.all([fetchSite(site, options.onProgress), siteSettings(site)])
    const section = calendar && readSection(calendar.state)
    if (section) await addUnlisted(site, section, pulled)
    calendar ??= await openCalendar(options.into, {
      now: options.now,
      initial: JSON.stringify({ $schema: schemaReference(options.into) }),
    })
    const { outcome, written } = await store(calendar, (state, now) => applyPull(state, pulled, origin, now, settings))
    const { touched: _, ...counts } = outcome
    return { ...counts, file: options.into, written, requests: site.requests }
  } finally {
    await calendar?.close()
  }
}

/** Runs a pull's change as one write, or none when it would change nothing. */
async function store(
  calendar: Calendar,
  change: (state: Calendar['state'], now: number) => PullOutcome,
): Promise<{ outcome: PullOutcome; written: boolean }> {
  try {
    const outcome = await calendarCore(calendar).write((state) => {
      const result = change(state, calendar.now())
      if (!result.touched) throw new Unchanged(result)
      return result
    })
    return { outcome, written: true }
  } catch (error) {
    if (error instanceof Unchanged) return { outcome: error.outcome, written: false }
    throw error
  }
}

/** A pull's counts as one line: `+12 ~3 =840 -1` (added, changed, unchanged, removed). */
export function pullSummary(report: Pick<PullReport, 'added' | 'changed' | 'unchanged' | 'removed'>): string {
  return `+${report.added} ~${report.changed} =${report.unchanged} -${report.removed}`
}
