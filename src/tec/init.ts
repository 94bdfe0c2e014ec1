import { existsSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import { calendarCore, openCalendar } from '../core/calendar.js'
import { instantToWall } from '../core/dates/zoned.js'
import { CalendarError } from '../core/errors.js'
import { DEFAULT_TEC_VERSION, type TecVersion } from '../core/resources/tec-versions.js'
import { schemaReference } from '../edit/schema-location.js'
import { readCaptures } from './files.js'
import { shiftToDate } from './shift.js'
import { captureTimezone, type ImportReport, importTec } from './tec.js'

/** Options of `initDataFile`. */
export interface InitOptions {
  /** A capture file or a folder of them. */
  from: string
  /** `today` or `YYYY-MM-DD` (site time zone): move events by whole weeks to start on or after it. */
  shiftTo?: string
  /** Site time zone; default the one the first capture's dates show (`captureTimezone`), else UTC. */
  timezone?: string
  /** The TEC release the file answers as (`settings.tec_version`); default today's, `DEFAULT_TEC_VERSION`. */
  tecVersion?: TecVersion
  /** The clock, epoch ms. */
  now?: () => number
}

/** What `initDataFile` did, per capture: its import report and the weeks its events were moved. */
export type InitResult = Array<{ path: string; report: ImportReport; weeksShifted: number }>

/**
 * Builds a new data file from TEC captures (the `calfile init` command): imports each, then optionally moves the
 * events of each capture by whole weeks so that its earliest starts on or after `shiftTo` (site time zone), so
 * weekdays, times of day and durations stay real. The site time zone is `options.timezone`, else the one the
 * first capture that has dates shows, so that its `date` and `modified` read back as the site showed them; a
 * capture that shows another gets a warning in its report. The file names calfile's JSON Schema in `"$schema"`
 * (`schemaReference`), so that editors check and complete hand edits of it.
 *
 * @example
 * const result = await initDataFile('data/calendar.json', { from: 'fixtures/tec', shiftTo: 'today' })
 * @throws CalendarError 409 `file-exists` when `file` exists; import errors as `importTec` (before the file is
 *   made when a capture is not one).
 */
export async function initDataFile(file: string, options: InitOptions): Promise<InitResult> {
  if (existsSync(file)) throw new CalendarError('file-exists', 409, `${file} already exists`)
  const captures = await readCaptures(options.from)
  const timezone = options.timezone ?? captures.map((c) => captureTimezone(c.capture)).find(Boolean) ?? 'UTC'
  const settings = { timezone, tec_version: options.tecVersion ?? DEFAULT_TEC_VERSION }
  const initial = JSON.stringify({ $schema: schemaReference(file), settings })
  const calendar = await openCalendar(file, { initial, now: options.now })
  const now = calendar.now()
  const build = calendarCore(calendar).write((state) => {
    const wall = instantToWall(now, state.siteTimezone)
    const day = options.shiftTo === undefined ? undefined : shiftDay(options.shiftTo, now, state.siteTimezone)
    return captures.map(({ path, capture }) => {
      const ids = () => [...state.events.values()].map((event) => event.id)
      const before = new Set(ids())
      const report = importTec(state, capture, { now: wall })
      const added = new Set(ids().filter((id) => !before.has(id)))
      // Each capture moves on its own, so that every site's events start at `day`, not only the oldest site's.
      return { path, report, weeksShifted: day === undefined ? 0 : shiftToDate(state, day, added) }
    })
  })
  // A half-built file would make the next `init --if-missing` skip: leave none behind.
  try {
    return await build
  } catch (error) {
    await rm(file, { force: true })
    throw error
  } finally {
    await calendar.close()
  }
}

/**
 * Whether the data file names a site time zone. Read from the text because the loaded state fills in UTC for a
 * file that names none. A missing, unreadable or unparsable file names none here; opening it says what is wrong.
 */
async function namesTimezone(file: string): Promise<boolean> {
  const text = await readFile(file, 'utf8').catch(() => '')
  try {
    const settings = (JSON.parse(text) as { settings?: { timezone?: unknown } } | null)?.settings
    return settings?.timezone !== undefined
  } catch {
    return false
  }
}

/**
 * Adds the events of TEC captures to an existing (or new) data file (the `calfile import tec` command).
 * Re-importing the same capture changes nothing. A file that names no site time zone takes the one the first
 * capture with dates shows (`importTec`'s `adoptTimezone`; the report's `timezone` says so); one that names a
 * zone keeps it, with a warning for each capture that shows another.
 *
 * @example
 * const reports = await importIntoFile('data/calendar.json', 'captures/events.json')
 */
export async function importIntoFile(
  file: string,
  from: string,
  now?: () => number,
): Promise<Array<{ path: string; report: ImportReport }>> {
  const captures = await readCaptures(from)
  const named = await namesTimezone(file)
  const calendar = await openCalendar(file, { now })
  try {
    return await calendarCore(calendar).write((state) => {
      // Local to the change: the store may run it again on a reloaded state.
      let adoptTimezone = !named
      return captures.map(({ path, capture }) => {
        const wall = instantToWall(calendar.now(), state.siteTimezone)
        const report = importTec(state, capture, { now: wall, adoptTimezone })
        if (report.timezone !== undefined) adoptTimezone = false
        return { path, report }
      })
    })
  } finally {
    await calendar.close()
  }
}

function shiftDay(shiftTo: string, now: number, zone: string): string {
  if (shiftTo === 'today') return instantToWall(now, zone).slice(0, 10)
  if (/^\d{4}-\d{2}-\d{2}$/u.test(shiftTo)) return shiftTo
  throw new CalendarError('rest_invalid_param', 400, `--shift-to takes "today" or YYYY-MM-DD, got "${shiftTo}"`)
}
