import type { CalendarState } from '../core/state.js'
import { isZone } from '../core/dates.js'
import { applyPlan } from './tec-apply.js'
import { isObject, readCapture } from './tec-capture.js'
import { planImport } from './tec-plan.js'

/**
 * Import of saved responses of TEC's REST API v1 (`/wp-json/tribe/events/v1/...`) into a calendar state: the
 * capture is read loosely (extra keys allowed, `tec-schema.ts`, `tec-capture.ts`), every ID is checked before
 * anything is written (`tec-plan.ts`), then its records are upserted with their IDs, slugs and relations as stored
 * records of CONTRACT §1 (`tec-fields.ts`, `tec-apply.ts`); everything a response derives (CONTRACT §2: URLs,
 * `*_details`, `utc_*`, `cost_details`, `json_ld`, ...) is dropped.
 */

/** How many records of one kind an import added, changed, or found identical. */
export interface ImportCounts {
  added: number
  updated: number
  unchanged: number
}

/** What `importTec` did, per kind, and what it had to change in the data to store it. */
export interface ImportReport {
  events: ImportCounts
  venues: ImportCounts
  organizers: ImportCounts
  categories: ImportCounts
  tags: ImportCounts
  media: ImportCounts
  warnings: string[]
}

/** Options of `importTec`. */
export interface ImportOptions {
  /** "Now", `YYYY-MM-DD HH:MM:SS` in the site time zone: `date` of records the capture gives none. */
  now: string
}

/**
 * Upserts a saved TEC REST v1 response into `state`: a list envelope `{events: [...], rest_url, total, ...}` (or
 * `{venues: [...]}`, `{organizers: [...]}`), a single event (has `start_date`), venue (has a `venue` string) or
 * organizer (has an `organizer` string). Events come with their embedded venue, organizers, categories, tags and
 * image (→ `media`); IDs, slugs, statuses, authors and extra keys are kept; `date`/`modified` are the capture's
 * `*_utc` values in the site time zone; derived response keys are dropped (CONTRACT §1, §2, §5). A status calfile
 * lacks becomes `draft`, a category parent that is nowhere becomes 0 — both reported in `warnings`. Re-importing
 * the same capture changes nothing. The capture is checked whole before the state is touched.
 *
 * @throws CalendarError 400 `import-invalid-capture` naming the capture's JSON path
 *   (`events[2].start_date: expected "YYYY-MM-DD HH:MM:SS", got 12`);
 *   409 `import-id-conflict` when an ID is already another kind's, in the capture or the state
 *   (`events[3].venue.id: ID 54 is a venue in the capture but an event in the data file`).
 */
export function importTec(state: CalendarState, capture: unknown, options: ImportOptions): ImportReport {
  const plan = planImport(state, readCapture(capture))
  return applyPlan(plan, { state, now: options.now })
}

/**
 * The site time zone a new data file should take from a capture (for `calfile init`, CONTRACT §3 `timezone`):
 * the `timezone` of its first event when that is an IANA name, else undefined (TEC's fixed offsets such as `UTC+0`
 * say nothing about where the site is). Never throws.
 */
export function captureTimezone(capture: unknown): string | undefined {
  if (!isObject(capture)) return undefined
  const events: unknown[] = Array.isArray(capture.events) ? capture.events : 'start_date' in capture ? [capture] : []
  const first = events[0]
  const timezone = isObject(first) ? first.timezone : undefined
  if (typeof timezone !== 'string' || /^UTC[+-]/u.test(timezone) || !isZone(timezone)) return undefined
  return timezone
}
