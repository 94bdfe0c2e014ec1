import { type ContentParts, splitContentLine } from './import-lines.js'

/**
 * Two mistakes real producers make that ical.js refuses outright, so that a whole file would not import for one
 * line. Each is put right the way node-ical reads it, and the import says so in its report.
 */

/**
 * A line that ends inside a quoted parameter value holding its `:` (Exchange 2010:
 * `DTSTART;TZID="W. Europe Standard Time:20200609T090000"`), split as meant: the quote closed before the last
 * `:`. Undefined for any other line that is not a content line (RFC 5545 §3.1).
 */
export function splitMisquoted(text: string): ContentParts | undefined {
  if (!text.endsWith('"')) return undefined
  const colon = text.lastIndexOf(':')
  const open = text.lastIndexOf('"', text.length - 2)
  if (open < 0 || colon < open) return undefined
  return splitContentLine(`${text.slice(0, colon)}"${text.slice(colon, -1)}`)
}

/** The properties whose default value type is DATE-TIME and that take VALUE=DATE (RFC 5545 §3.8.2, §3.8.4.4, §3.8.5). */
const DATE_TIME_PROPERTIES = new Set(['DTSTART', 'DTEND', 'DUE', 'RECURRENCE-ID', 'EXDATE', 'RDATE'])

/**
 * `parts` with `VALUE=DATE` added when a date-time property holds only dates without saying so (`EXDATE:20200116`,
 * Google's `DTSTART;TZID=America/Los_Angeles:20041225`); undefined when there is nothing to add. RFC 5545 §3.3.5:
 * a DATE-TIME value has a time, and a DATE value needs `VALUE=DATE` (§3.2.20).
 */
export function withDateValue(parts: ContentParts): ContentParts | undefined {
  if (!DATE_TIME_PROPERTIES.has(parts.name)) return undefined
  if (parts.params.some((param) => /^value=/iu.test(param))) return undefined
  if (!parts.value.split(',').every((value) => /^\d{8}$/u.test(value))) return undefined
  return { ...parts, params: [...parts.params, 'VALUE=DATE'] }
}
