import { CalendarError } from '../../core/errors.js'

/** A place in an imported file: its path as given, and a line (1-based) of the file. */
export interface SourcePlace {
  path: string
  line: number
}

/** A VEVENT, or an instance of one, that the import left out, and why. */
export interface ImportSkip extends SourcePlace {
  uid: string
  reason: string
}

/** Something the import read loosely or put right on the way (a producer's known mistake). */
export interface ImportNote extends SourcePlace {
  message: string
}

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

/** The error of a file that cannot be imported: 400 `import-invalid-ical`, `<path>:<line>: <message>`. */
export function invalidICal(place: SourcePlace, message: string): CalendarError {
  return new CalendarError('import-invalid-ical', 400, `${place.path}:${place.line}: ${message}`)
}

/** At most 60 characters of a line of the file, for a message. */
export function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}
