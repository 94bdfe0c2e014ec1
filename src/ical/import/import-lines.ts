/**
 * Content lines of an iCalendar text (RFC 5545 §3.1) with the line of the file each starts on: ical.js parses
 * without locations, and an import's errors and skips name the line.
 */

/** One content line, unfolded, and the line of the file (1-based) it starts on. */
export interface ContentLine {
  text: string
  line: number
}

/** A content line taken apart: `NAME;PARAM=value;...:VALUE` (RFC 5545 §3.1), parameters as written. */
export interface ContentParts {
  name: string
  params: string[]
  value: string
}

/**
 * The content lines of `text`: CRLF, LF or CR line ends, a line that starts with a space or tab continuing the one
 * before (RFC 5545 §3.1 folding), blank lines and a byte order mark left out.
 */
export function unfoldLines(text: string): ContentLine[] {
  const lines: ContentLine[] = []
  text
    .replace(/^\uFEFF/u, '')
    .split(/\r\n|\n|\r/u)
    .forEach((physical, index) => {
      const last = lines.at(-1)
      if (last !== undefined && (physical.startsWith(' ') || physical.startsWith('\t'))) last.text += physical.slice(1)
      else if (physical.trim() !== '') lines.push({ text: physical, line: index + 1 })
    })
  return lines
}

const NAME = /^[A-Za-z0-9-]+$/u

/**
 * `text` taken apart at the first `;` and the first `:` outside double quotes (RFC 5545 §3.1: a quoted parameter
 * value may hold both); undefined when it is not a content line: no `:`, or a name beyond letters, digits and `-`.
 */
export function splitContentLine(text: string): ContentParts | undefined {
  const cuts: number[] = []
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '"') quoted = !quoted
    else if (!quoted && c === ';') cuts.push(i)
    else if (!quoted && c === ':') return partsAt(text, cuts, i)
  }
  return undefined
}

function partsAt(text: string, cuts: number[], colon: number): ContentParts | undefined {
  const ends = [...cuts, colon]
  const name = text.slice(0, ends[0])
  if (!NAME.test(name)) return undefined
  const params = cuts.map((cut, i) => text.slice(cut + 1, ends[i + 1]))
  return { name: name.toUpperCase(), params, value: text.slice(colon + 1) }
}

/** `parts` written back as one content line. */
export function joinContentLine(parts: ContentParts): string {
  return `${[parts.name, ...parts.params].join(';')}:${parts.value}`
}

/**
 * Mistakes real producers make that ical.js refuses outright or misreads, so that a whole file would not import
 * for one line. Each is put right the way node-ical or ical4j's relaxed parsing reads it, and the import says so
 * in its report.
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
 * `parts` with `VALUE=DATE` when a date-time property holds only dates without saying so (`EXDATE:20200116`,
 * Google's `DTSTART;TZID=America/Los_Angeles:20041225`) or while saying `VALUE=DATE-TIME` (Evolution 2.x);
 * undefined when there is nothing to put right. RFC 5545 §3.3.5: a DATE-TIME value has a time, and a DATE value
 * needs `VALUE=DATE` (§3.2.20).
 */
export function withDateValue(parts: ContentParts): ContentParts | undefined {
  if (!DATE_TIME_PROPERTIES.has(parts.name)) return undefined
  const value = parts.params.find((param) => /^value=/iu.test(param))
  if (value !== undefined && value.toUpperCase() !== 'VALUE=DATE-TIME') return undefined
  if (!parts.value.split(',').every((date) => /^\d{8}$/u.test(date))) return undefined
  return { ...parts, params: [...parts.params.filter((param) => param !== value), 'VALUE=DATE'] }
}

/** The recurrence rules, whose values (RFC 5545 §3.3.10) hold no whitespace anywhere. */
const RULES = new Set(['RRULE', 'EXRULE'])

/**
 * `parts` without the whitespace a recurrence rule holds (Exchange's CDO: `BYDAY=MO, TU`; PHP iCalendar:
 * `BYDAY=1MO `), which ical.js refuses; undefined for another property or a rule without any. RFC 5545 §3.3.10
 * has no whitespace in a RECUR value, so none carries meaning.
 */
export function withoutRuleSpaces(parts: ContentParts): ContentParts | undefined {
  if (!RULES.has(parts.name) || !/\s/u.test(parts.value)) return undefined
  return { ...parts, value: parts.value.replace(/\s+/gu, '') }
}

/**
 * Whether a line says nothing and may be left out: an EXDATE or RDATE without a value (Google: `EXDATE;VALUE=DATE:`),
 * which excludes or adds no instance, and which ical.js reads as a date it cannot place.
 */
export function isEmptyDateList(parts: ContentParts): boolean {
  return (parts.name === 'EXDATE' || parts.name === 'RDATE') && parts.value.trim() === ''
}
