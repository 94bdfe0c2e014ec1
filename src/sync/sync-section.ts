import * as v from 'valibot'
import type { CollectionName } from '../core/model/kinds.js'
import type { CalendarState } from '../core/model/state.js'
import { SyncError } from './errors.js'
import { KINDS } from './kinds.js'

/**
 * The data file's `sync` section: which site the file mirrors and, per record pulled from it or pushed to it, what
 * tells a change on either side. It is a top-level key of the data file that calfile keeps as it is (docs/errors.md),
 * never part of the records, so that every record stays as the site has it. One line per record, since calfile
 * writes the whole section again on every write of the file:
 *
 * ```json
 * "sync": {
 *   "origin": "https://events.example.org",
 *   "records": {
 *     "events": { "10": "9f2c41d07a8e3b65 2026-07-01 12:00:00" },
 *     "venues": {}, "organizers": {},
 *     "categories": { "3": "0c77e1b2a9d45f30 #51aa09c3e2f4d871" },
 *     "tags": {}
 *   }
 * }
 * ```
 *
 * Each record's line is `<hash> <site version>` (`SyncEntry`): the `recordHash` of the stored record as last pulled
 * or pushed, then the site's `modified_utc` then (`YYYY-MM-DD HH:MM:SS`, UTC), or for a category or tag `#` and the
 * `siteTermHash` of the site's term then.
 */
export interface SyncSection {
  /** The site's home URL (`SiteAddress.home`). */
  origin: string
  /**
   * When a push began that may not have finished (ISO 8601, UTC): the next push first looks each create up on the
   * site, where that push may have made it. Absent otherwise.
   */
  push_started?: string
  /** Per route (`events`, `venues`, `organizers`, `categories`, `tags`), per record ID: its entry's line. */
  records: Record<CollectionName, Record<string, string>>
}

/** What sync knows of one record the site has. */
export interface SyncEntry {
  /** `recordHash` of the stored record as last pulled or pushed: another value here is a change in the data file. */
  hash: string
  /**
   * Events, venues and organizers: the site's `modified_utc` (`YYYY-MM-DD HH:MM:SS`, UTC) as last pulled or pushed:
   * another value on the site is a change there (WordPress sets it on every save).
   */
  modified_utc?: string
  /** Categories and tags, which have no `modified`: `siteTermHash` of the site's term as last pulled or pushed. */
  site_hash?: string
}

const ENTRY = /^([0-9a-f]{16}) (?:#([0-9a-f]{16})|(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d))$/u

const SectionSchema = v.object({
  origin: v.string(),
  push_started: v.optional(v.string()),
  records: v.object(
    Object.fromEntries(
      KINDS.map(({ route }) => [
        route,
        v.optional(v.record(v.pipe(v.string(), v.regex(/^\d+$/u)), v.pipe(v.string(), v.regex(ENTRY))), {}),
      ]),
    ),
  ),
})

/** An entry's line in the section. */
export function entryLine(entry: SyncEntry): string {
  return `${entry.hash} ${entry.site_hash === undefined ? entry.modified_utc : `#${entry.site_hash}`}`
}

/** The entry a line of the section holds (one `readSection` checked). */
export function entryOfLine(line: string): SyncEntry {
  const [, hash = '', site_hash, modified_utc] = ENTRY.exec(line) ?? []
  return site_hash === undefined ? { hash, modified_utc } : { hash, site_hash }
}

/** A section for a first pull from `origin`: no records yet. */
export function emptySection(origin: string): SyncSection {
  return { origin, records: { events: {}, venues: {}, organizers: {}, categories: {}, tags: {} } }
}

/**
 * The state's `sync` section, a copy the caller may change; undefined when the file has none.
 * @throws SyncError `sync-invalid` when it is not in the shape above.
 */
export function readSection(state: CalendarState): SyncSection | undefined {
  const raw = state.extras.sync
  if (raw === undefined) return undefined
  const parsed = v.safeParse(SectionSchema, raw)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    const path = (issue.path ?? []).map((item) => String(item.key)).join('.')
    throw new SyncError('sync-invalid', `the data file's sync.${path}: ${issue.message}`)
  }
  return parsed.output as SyncSection
}

/** Puts `section` in the state in place of the one there, undoably (inside `calendarCore(calendar).write`). */
export function writeSection(state: CalendarState, section: SyncSection): void {
  const { extras } = state
  const before = extras.sync
  state.journal.record(() => restore(extras, 'sync', before))
  extras.sync = section
}

/**
 * The section's records of `route` in the state, to read or change one entry at a time during a push: checked
 * only as far as that, since `readSection` checked it whole when the push began (a hand edit may be loaded since).
 * @throws SyncError `sync-invalid` when the file has no section, or no records for `route`.
 */
function liveRecords(state: CalendarState, route: CollectionName): Record<string, string> {
  const records = (state.extras.sync as Partial<SyncSection> | undefined)?.records?.[route]
  if (typeof records !== 'object' || records === null)
    throw new SyncError('sync-invalid', `the data file's sync.records.${route} is missing`)
  return records
}

/** The entry of record `id` of `route` in the state, if the site has it as far as sync knows. */
export function entryOf(state: CalendarState, route: CollectionName, id: number): SyncEntry | undefined {
  const line = liveRecords(state, route)[id]
  return line === undefined ? undefined : entryOfLine(line)
}

/**
 * Sets (or with undefined removes) the entry of record `id` of `route`, undoably (inside
 * `calendarCore(calendar).write`).
 */
export function setEntry(state: CalendarState, route: CollectionName, id: number, entry: SyncEntry | undefined): void {
  const records = liveRecords(state, route)
  const key = String(id)
  const before = records[key]
  state.journal.record(() => restore(records, key, before))
  restore(records, key, entry && entryLine(entry))
}

/** Sets (or with undefined removes) the section's `push_started`, undoably (inside `calendarCore(calendar).write`). */
export function setPushStarted(state: CalendarState, started: string | undefined): void {
  const section = state.extras.sync as Record<string, unknown>
  const before = section.push_started
  state.journal.record(() => restore(section, 'push_started', before))
  restore(section, 'push_started', started)
}

function restore(target: Record<string, unknown>, key: string, value: unknown): void {
  if (value === undefined) delete target[key]
  else target[key] = value
}
