import { instantToWall, wallToInstant } from '../core/dates/zoned.js'
import type { CalendarState } from '../core/model/state.js'
import { settleSiteZone } from './site-zone.js'
import { applyPlan, type ImportKind, type ImportReport } from './tec-apply.js'
import { readCapture } from './tec-capture.js'
import { planImport } from './tec-plan.js'
import { shownZone } from './tec-zone.js'

/**
 * Import of saved responses of TEC's REST API v1 (`/wp-json/tribe/events/v1/...`) into a calendar state: the
 * capture is read loosely (extra keys allowed, `tec-schema.ts`, `tec-capture.ts`), every ID is checked before
 * anything is written (`tec-plan.ts`), then its records are upserted with their IDs, slugs and relations as stored
 * records of docs/data-file.md (`tec-fields.ts`, `tec-apply.ts`); everything a response derives (docs/responses.md:
 * URLs, `*_details`, `utc_*`, `cost_details`, `json_ld`, ...) is dropped. The site time zone the capture's dates show
 * (`tec-zone.ts`) is recorded or checked (`site-zone.ts`).
 */

// The report is defined where it is filled (tec-apply.ts, which so needs nothing of this file); callers of
// `importTec` name it from here.
export type { ImportCounts, ImportKind, ImportReport } from './tec-apply.js'

/** Options of `importTec`. */
export interface ImportOptions {
  /** "Now", `YYYY-MM-DD HH:MM:SS` in the site time zone: `date` of records the capture gives none. */
  now: string
  /**
   * The data file names no site time zone (it is UTC only by default): take the one the capture's dates show, so
   * that `date` and `modified` read back as the site showed them. Default false: the state's zone is kept.
   */
  adoptTimezone?: boolean
  /**
   * The records the import leaves as the data file has them, or absent when it lacks them, by kind and ID, though
   * the capture holds them (`calfile pull` keeps what was changed locally; `calfile push` takes back one record).
   * Links to them are stored as the capture has them: links to a kept record the data file lacks are the caller's
   * to remove (`forgetPost`, `forgetTerm`), or the file would not load. Default: none.
   */
  keep?: (kind: ImportKind, id: number) => boolean
}

/**
 * Upserts a saved TEC REST v1 response into `state`: a list envelope `{events: [...], rest_url, total, ...}` (or
 * `{venues: [...]}`, `{organizers: [...]}`), a single event (has `start_date`), venue (has a `venue` string) or
 * organizer (has an `organizer` string). Events come with their embedded venue, organizers, categories, tags and
 * image (→ `media`); IDs, slugs, statuses, authors and extra keys are kept, and an event's `url` path where it is
 * not calfile's `/event/<slug>/` (→ `permalink`, docs/responses.md#event); `date`/`modified` are the capture's
 * `*_utc` values in the site time zone, which is the zone the capture shows when `adoptTimezone` (with the stored
 * posts' dates moved to keep their instants); derived response keys are dropped (docs/data-file.md,
 * docs/responses.md, docs/errors.md). A status calfile lacks becomes `draft`, a category parent that is nowhere
 * becomes 0, a date the site zone does not give back as captured is stored from its UTC twin — all reported in
 * `warnings`, site zone ones first. Re-importing the same capture changes nothing. The capture is checked whole
 * before the state is touched; a date calfile cannot store throws mid-way, so run it inside a journal
 * (`calendarCore(calendar).write`) to have that undone.
 *
 * @example
 * const report = importTec(state, JSON.parse(text), { now: '2026-07-01 12:00:00' })
 * @throws CalendarError 400 `import-invalid-capture` naming the capture's JSON path
 *   (`events[2].start_date: expected "YYYY-MM-DD HH:MM:SS", got 12`);
 *   409 `import-id-conflict` when an ID is already another kind's, in the capture or the state
 *   (`events[3].venue.id: ID 54 is a venue in the capture but an event in the data file`).
 */
export function importTec(state: CalendarState, capture: unknown, options: ImportOptions): ImportReport {
  const read = readCapture(capture)
  const plan = planImport(state, read)
  const before = state.siteTimezone
  const zone = settleSiteZone(state, read, options.adoptTimezone ?? false)
  // "Now" was given in the zone in force when the import began.
  const now = instantToWall(wallToInstant(options.now, before), state.siteTimezone)
  const report = applyPlan(plan, { state, now }, options.keep)
  report.warnings = [...zone.warnings, ...report.warnings]
  if (zone.timezone !== undefined) report.timezone = zone.timezone
  return report
}

/**
 * The site time zone a capture's dates show (for `calfile init`; `tec-zone.ts`): the zone whose offset matches
 * every `date`/`date_utc` and `modified`/`modified_utc` pair, the events' own zones tried first, then UTC, then
 * every IANA zone (a fixed offset such as `UTC+0` when that is what the events use). Undefined when the capture
 * has no such pair (an empty list).
 *
 * @throws CalendarError 400 `import-invalid-capture` as `importTec`, for a capture it could not import either.
 */
export function captureTimezone(capture: unknown): string | undefined {
  return shownZone(readCapture(capture))?.zone
}
