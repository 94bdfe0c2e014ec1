import { readFile } from 'node:fs/promises'
import type { Calendar } from '../../core/calendar.js'
import { openCalendar } from '../../core/calendar.js'
import { addToWall, instantToWall, isWallTime, wallToInstant } from '../../core/dates/zoned.js'
import { invalidParam } from '../../core/errors.js'
import { sourcePaths } from '../../tec/files.js'
import { applyPlan } from './import-apply.js'
import { type ICalendarSource, type ParsedFile, parseICalendar } from './import-parse.js'
import { planImport } from './import-plan.js'
import type { ICalImportReport } from './import-report.js'

/**
 * Import of iCalendar files (RFC 5545; Google, Apple, Outlook/Exchange, TEC's own `?ical=1`, ...) into a calendar
 * (issue 14), through the library calls of one `Calendar.batch`: all of it lands in the data file, or nothing
 * does. Reading: `import-scan.ts` (structure, places, producers' known mistakes), `import-parse.ts` (ical.js, dates).
 * Planning: `import-plan.ts` (UIDs, series), `recurrence.ts` (ical.js's recurrence engine), `import-zones.ts` and
 * `windows-zones.ts` (TZIDs), `import-instance.ts` and `import-fields.ts` (the event of an instance). Writing:
 * `import-apply.ts`.
 */

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
