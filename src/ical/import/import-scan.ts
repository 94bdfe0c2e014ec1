import { type ContentLine, type ContentParts, joinContentLine, splitContentLine, unfoldLines } from './import-lines.js'
import { isEmptyDateList, splitMisquoted, withDateValue, withoutRuleSpaces } from './import-repairs.js'
import { clip, type ImportNote, invalidICal } from './import-report.js'

/** Where a VEVENT starts in its file, and where each of its own properties does, by upper-case name, in order. */
export interface EventLines {
  begin: number
  props: Map<string, number[]>
}

/**
 * An iCalendar text checked for its structure: the content lines to hand to ical.js (unfolded and put right,
 * each with the line of the file it starts on), the places of the VEVENTs of each VCALENDAR in file order, and
 * what was put right.
 */
export interface Scan {
  lines: ContentLine[]
  calendars: EventLines[][]
  notes: ImportNote[]
}

/** The components open at a line, outermost first, with the line each began on. */
interface Walk {
  path: string
  open: Array<{ name: string; line: number }>
  calendars: EventLines[][]
  event: EventLines | undefined
}

/**
 * Checks that `source` is iCalendar (RFC 5545 §3.1, §3.4, §3.6): content lines, VCALENDAR objects only at the top,
 * every BEGIN closed by its END. Exchange's misquoted TZID, dates written as date-times, whitespace inside a
 * recurrence rule, empty EXDATEs and lines after the last VCALENDAR are put right or left out (`import-repairs.ts`),
 * each noted with its line.
 *
 * @throws CalendarError 400 `import-invalid-ical` naming `path` and the line: `events.ics:1: not iCalendar: expected
 *   BEGIN:VCALENDAR, found "{"events": []}"`.
 */
export function scanICalendar(path: string, source: string): Scan {
  const lines = unfoldLines(source)
  if (lines.length === 0) throw invalidICal({ path, line: 1 }, 'not iCalendar: the file is empty')
  const walk: Walk = { path, open: [], calendars: [], event: undefined }
  const notes: ImportNote[] = []
  const dated: number[] = []
  const read: ContentLine[] = []
  for (const line of lines) {
    const parts = readLine(path, line, notes)
    const left = leftOut(walk, parts)
    if (left) {
      notes.push({ path, line: line.line, message: `${left}, left out: "${clip(line.text)}"` })
      continue
    }
    const spaced = withoutRuleSpaces(parts)
    if (spaced) notes.push({ path, line: line.line, message: `${parts.name}: whitespace inside the rule left out` })
    const dates = withDateValue(spaced ?? parts)
    if (dates) dated.push(line.line)
    const repaired = dates ?? spaced ?? parts
    follow(walk, repaired, line)
    read.push({ text: joinContentLine(repaired), line: line.line })
  }
  const unclosed = walk.open.at(-1)
  if (unclosed) throw invalidICal({ path, line: unclosed.line }, `BEGIN:${unclosed.name} is never closed by its END`)
  if (dated.length > 0) notes.push(datedNote(path, dated))
  return { lines: read, calendars: walk.calendars, notes }
}

function readLine(path: string, { text, line }: ContentLine, notes: ImportNote[]): ContentParts {
  const parts = splitContentLine(text)
  if (parts) return parts
  const misquoted = splitMisquoted(text)
  if (misquoted) {
    notes.push({ path, line, message: `${misquoted.name}: the closing quote of a parameter read as before its value` })
    return misquoted
  }
  const what = line === 1 ? 'not iCalendar' : 'not an iCalendar content line (NAME;PARAM=...:VALUE)'
  throw invalidICal({ path, line }, `${what}: "${clip(text)}"`)
}

/**
 * Why a line is left out, if it is: it follows the last VCALENDAR's END (Podio appends an `X-COMMENT`), or it is an
 * EXDATE or RDATE without a value (`isEmptyDateList`).
 */
function leftOut(walk: Walk, parts: ContentParts): string | undefined {
  const opens = parts.name === 'BEGIN' && parts.value.toUpperCase() === 'VCALENDAR'
  if (walk.open.length === 0 && walk.calendars.length > 0 && !opens) return 'after the end of the VCALENDAR'
  if (isEmptyDateList(parts)) return `${parts.name} without a value`
  return undefined
}

function datedNote(path: string, lines: number[]): ImportNote {
  const message =
    lines.length === 1
      ? 'a date-time value without a time read as a date (VALUE=DATE)'
      : `${lines.length} date-time values without a time read as dates (VALUE=DATE)`
  return { path, line: lines[0] as number, message }
}

/** Follows BEGIN and END, and notes where the VEVENTs of each VCALENDAR and their own properties are. */
function follow(walk: Walk, { name, value }: ContentParts, { text, line }: ContentLine): void {
  const place = { path: walk.path, line }
  const component = value.toUpperCase()
  const depth = walk.open.length
  if (depth === 0 && !(name === 'BEGIN' && component === 'VCALENDAR'))
    throw invalidICal(place, `not iCalendar: expected BEGIN:VCALENDAR, found "${clip(text)}"`)
  if (name === 'BEGIN') {
    walk.open.push({ name: component, line })
    if (depth === 0) walk.calendars.push([])
    if (depth === 1 && component === 'VEVENT') {
      walk.event = { begin: line, props: new Map() }
      walk.calendars.at(-1)?.push(walk.event)
    }
  } else if (name === 'END') {
    const open = walk.open.pop()
    if (open?.name !== component)
      throw invalidICal(place, `END:${component} does not close BEGIN:${open?.name} of line ${open?.line}`)
    if (depth === 2 && component === 'VEVENT') walk.event = undefined
  } else if (depth === 2 && walk.event) {
    walk.event.props.set(name, [...(walk.event.props.get(name) ?? []), line])
  }
}
