import { readFile } from 'node:fs/promises'
import type { CalendarBatch } from '../../core/batch.js'
import type { Calendar } from '../../core/calendar.js'
import { openCalendar } from '../../core/calendar.js'
import { addToWall, instantToWall, isWallTime, wallToInstant } from '../../core/dates/zoned.js'
import { CalendarError, invalidParam } from '../../core/errors.js'
import type { EventRecord } from '../../core/model/records.js'
import { sourcePaths } from '../../tec/files.js'
import { ICAL_KEY, type ICalKey, matchKey, type PlannedEvent } from './import-event.js'
import { type ImportSkip, type Plan, planImport } from './import-plan.js'
import { type ICalendarSource, type ImportNote, type ParsedFile, parseICalendar } from './import-read.js'

/**
 * Import of iCalendar files (RFC 5545; Google, Apple, Outlook/Exchange, TEC's own `?ical=1`, ...) into a calendar
 * (docs/cli.md), through the library calls of one `Calendar.batch`: all of it lands in the data file, or nothing
 * does. Reading: `import-read.ts` (structure, places, ical.js, dates) over `import-lines.ts` (content lines,
 * producers' known mistakes). Planning: `import-plan.ts` (UIDs, series, ical.js's recurrence engine),
 * `import-zones.ts` (TZIDs), `import-event.ts` (the event of an instance). Writing: here (`applyPlan`).
 */

// The types callers of the import name, all from its entry.
export type { ImportSkip } from './import-plan.js'
export type { ICalendarSource, ImportNote } from './import-read.js'

/**
 * What `importICalendar` did: events added, updated (their VEVENT changed since the last import, or their place
 * in a series) and unchanged, what it skipped and what it read loosely, each with its place; `until` is the last
 * day of the recurrence window, `YYYY-MM-DD` in the site time zone.
 */
export interface ICalImportReport {
  added: number
  updated: number
  unchanged: number
  skipped: ImportSkip[]
  notes: ImportNote[]
  until: string
}

/** Options of `importICalendar`. */
export interface ICalImportOptions {
  /**
   * The last day of the recurrence window, `YYYY-MM-DD` in the site time zone: the instances of a series that
   * start after it are left out (events that do not recur are imported whatever their day). Default: the day one
   * year after `calendar.now()`.
   */
  until?: string
}

/**
 * Imports iCalendar texts into `calendar`: every VEVENT an event, every instance of a series until `until` an
 * event of its own, a child of the series' first (`post_parent`) with its own slug. Each event keeps its UID and
 * RECURRENCE-ID in its `ical` key (`ICalKey`), so that importing the same texts again changes nothing, and a
 * changed VEVENT updates its events. Every text is read and checked before anything is written.
 *
 * @example
 * const report = await importICalendar(calendar, [{ path: 'team.ics', text }], { until: '2027-06-30' })
 * console.log(report.added, report.updated, report.unchanged, report.skipped)
 * @throws CalendarError 400 `import-invalid-ical` for a text that is not iCalendar or a VEVENT without DTSTART,
 *   naming the path and line (`team.ics:12: VEVENT without DTSTART`); 400 `rest_invalid_param` for a bad
 *   `until`; 503 as `Calendar.batch`. The data file is then as it was.
 */
export async function importICalendar(
  calendar: Calendar,
  sources: ICalendarSource[],
  options: ICalImportOptions = {},
): Promise<ICalImportReport> {
  checkUntil(options.until)
  return importParsed(calendar, sources.map(parseICalendar), options)
}

/**
 * The iCalendar texts at `from`: the file itself, or every `.ics` file of the folder, in name order.
 *
 * @example
 * const report = await importICalendar(calendar, await readICalendarFiles('exports/'))
 * @throws the file system's error for a path that cannot be read.
 */
export async function readICalendarFiles(from: string): Promise<ICalendarSource[]> {
  const paths = await sourcePaths(from, '.ics')
  return Promise.all(paths.map(async (path) => ({ path, text: await readFile(path, 'utf8') })))
}

/**
 * Imports the iCalendar file or folder `from` into the data file `file` (the `calfile import ics` command), as
 * `importICalendar` does. Everything is read and checked before the data file is opened, so that a bad file leaves
 * it untouched, and not even created when missing. `now`: the clock (epoch ms), for the default `until`.
 *
 * @example
 * const report = await importICalendarFile('data/calendar.json', 'team.ics', { until: '2027-06-30' })
 * @throws as `importICalendar` and `readICalendarFiles`; as `openCalendar` for the data file.
 */
export async function importICalendarFile(
  file: string,
  from: string,
  options: ICalImportOptions & { now?: () => number } = {},
): Promise<ICalImportReport> {
  checkUntil(options.until)
  const files = (await readICalendarFiles(from)).map(parseICalendar)
  const calendar = await openCalendar(file, { now: options.now })
  try {
    return await importParsed(calendar, files, options)
  } finally {
    await calendar.close()
  }
}

function checkUntil(until: string | undefined): void {
  if (until !== undefined && !(/^\d{4}-\d{2}-\d{2}$/u.test(until) && isWallTime(`${until} 00:00:00`)))
    throw invalidParam('until', `expected a day as YYYY-MM-DD, got "${until}"`)
}

function importParsed(calendar: Calendar, files: ParsedFile[], options: ICalImportOptions): Promise<ICalImportReport> {
  return calendar.batch(async (batch) => {
    const siteZone = batch.siteTimezone
    const until = options.until ?? addToWall(instantToWall(calendar.now(), siteZone), 1, 'year').slice(0, 10)
    // The end of `until` in the site zone, exclusive; a second after its last one, so that 9999-12-31 works too.
    const windowEnd = wallToInstant(`${until} 23:59:59`, siteZone) + 1000
    const plan = planImport(files, { siteZone, windowEnd })
    const { added, updated, unchanged, skipped } = await applyPlan(batch, plan)
    const byPlace = (a: { path: string; line: number }, b: { path: string; line: number }) =>
      a.path.localeCompare(b.path) || a.line - b.line
    const notes = [...plan.notes].sort(byPlace)
    return { added, updated, unchanged, skipped: [...plan.skipped, ...skipped].sort(byPlace), notes, until }
  })
}

/** What writing a plan did. */
interface Applied {
  added: number
  updated: number
  unchanged: number
  skipped: ImportSkip[]
}

/** An event an earlier import wrote, with its key. */
type Found = EventRecord & { [ICAL_KEY]: ICalKey }

/** The events an earlier import wrote, by UID and RECURRENCE-ID (`ICalKey`). */
type Imported = Map<string, Found>

/**
 * Writes `plan` through the library calls of one batch (`Calendar.batch`): an event the data file does not hold
 * yet is created; one an earlier import wrote (found by its `ICalKey`) is updated when its VEVENT changed (another
 * digest) and left alone otherwise; then its `ical` key and `post_parent` are set (each instance of a series a
 * child of the first, docs/lists.md#other-event-filters), which counts as an update when either changed. An event in
 * the trash stays there, and one the calendar refuses (a 400, docs/errors.md) is left out; both are reported as
 * skipped.
 * @throws whatever else a call throws; the batch then undoes everything.
 */
async function applyPlan(batch: CalendarBatch, plan: Plan): Promise<Applied> {
  const applied: Applied = { added: 0, updated: 0, unchanged: 0, skipped: [] }
  const imported = importedEvents(batch)
  for (const series of plan.series) {
    let parent: number | undefined
    for (const planned of series) {
      const id = await applyOne(batch, planned, imported.get(matchKey(planned.ical)), parent ?? 0, applied)
      parent ??= id
    }
  }
  return applied
}

function importedEvents(batch: CalendarBatch): Imported {
  const imported: Imported = new Map()
  for (const event of batch.storedEvents()) {
    const ical = (event as Record<string, unknown>)[ICAL_KEY] as Partial<ICalKey> | undefined
    if (typeof ical?.uid !== 'string') continue
    const key = matchKey(ical as ICalKey)
    if (!imported.has(key)) imported.set(key, event as Found)
  }
  return imported
}

/** Writes one planned event; returns its ID, or undefined when it was skipped. */
async function applyOne(
  batch: CalendarBatch,
  planned: PlannedEvent,
  found: Found | undefined,
  parent: number,
  applied: Applied,
): Promise<number | undefined> {
  const skip = (reason: string) => void applied.skipped.push({ ...planned.place, uid: planned.ical.uid, reason })
  if (found?.status === 'trash') return skip(`event ${found.id} is in the trash; restore it to have it imported`)
  try {
    const id = found ? await refresh(batch, planned, found, parent, applied) : await create(batch, planned, applied)
    batch.setEventFields(id, { [ICAL_KEY]: planned.ical, post_parent: parent })
    return id
  } catch (error) {
    if (error instanceof CalendarError && error.status === 400) return skip(refusal(error))
    throw error
  }
}

async function create(batch: CalendarBatch, planned: PlannedEvent, applied: Applied): Promise<number> {
  const slug = planned.slug === undefined ? {} : { slug: planned.slug }
  const { id } = await batch.events.create({ ...planned.body, ...slug })
  applied.added++
  return id as number
}

/** Brings an event an earlier import wrote up to date: its fields when its VEVENT changed, its key and parent. */
async function refresh(batch: CalendarBatch, planned: PlannedEvent, found: Found, parent: number, applied: Applied) {
  const changed = found[ICAL_KEY].digest !== planned.ical.digest
  if (changed) await batch.events.update(found.id, planned.body)
  const moved = found.post_parent !== parent || JSON.stringify(found[ICAL_KEY]) !== JSON.stringify(planned.ical)
  if (changed || moved) applied.updated++
  else applied.unchanged++
  return found.id
}

/** A refusal as one line: `Invalid parameter(s): end_date (end_date: 2026-07-04 19:00:00 is before ...)`. */
function refusal(error: CalendarError): string {
  const params = error.data.params
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return error.message
  return `${error.message} (${Object.entries(params)
    .map(([name, why]) => `${name}: ${String(why)}`)
    .join('; ')})`
}
