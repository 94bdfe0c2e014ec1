import ICAL from 'ical.js'
import { isWallTime } from '../../core/dates/zoned.js'
import { CalendarError } from '../../core/errors.js'
import {
  type ContentLine,
  type ContentParts,
  isEmptyDateList,
  joinContentLine,
  splitContentLine,
  splitMisquoted,
  unfoldLines,
  withDateValue,
  withoutRuleSpaces,
} from './import-lines.js'

/**
 * Reading an iCalendar file: its content lines checked for structure, producers' known mistakes put right
 * (`scanICalendar`), then read by ical.js with each VEVENT's dates checked (`parseICalendar`). Every message of the
 * import names its place in the file.
 */

/** A place in an imported file: its path as given, and a line (1-based) of the file. */
export interface SourcePlace {
  path: string
  line: number
}

/** Something the import read loosely or put right on the way (a producer's known mistake). */
export interface ImportNote extends SourcePlace {
  message: string
}

/** The error of a file that cannot be imported: 400 `import-invalid-ical`, `<path>:<line>: <message>`. */
function invalidICal(place: SourcePlace, message: string): CalendarError {
  return new CalendarError('import-invalid-ical', 400, `${place.path}:${place.line}: ${message}`)
}

/** At most 60 characters of a line of the file, for a message. */
export function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

/** ical.js's classes, as types. */
export type Component = InstanceType<typeof ICAL.Component>
export type Property = InstanceType<typeof ICAL.Property>
export type Time = InstanceType<typeof ICAL.Time>

/** An iCalendar text to import, and the path that messages name it by. */
export interface ICalendarSource {
  path: string
  text: string
}

/** A VEVENT of a file, and where it is. */
export interface SourceEvent {
  component: Component
  path: string
  lines: EventLines
}

/** An iCalendar file read: its VCALENDAR objects, their VEVENTs in file order, and what was read loosely. */
export interface ParsedFile {
  path: string
  calendars: Component[]
  events: SourceEvent[]
  notes: ImportNote[]
}

/** The properties of a VEVENT whose values are dates, checked before anything is imported, and their types. */
const DATED: Record<string, string[]> = {
  dtstart: ['date', 'date-time'],
  dtend: ['date', 'date-time'],
  'recurrence-id': ['date', 'date-time'],
  exdate: ['date', 'date-time'],
  rdate: ['date', 'date-time', 'period'],
}

/**
 * Reads an iCalendar text with ical.js, after `scanICalendar` checked its structure, and checks each VEVENT's
 * dates: every VEVENT has a DTSTART (RFC 5545 §3.6.1: required unless a METHOD says otherwise; calfile needs one
 * anyway), and every date is a real DATE or DATE-TIME (§3.3.4, §3.3.5), or an RDATE's PERIOD (§3.3.9).
 *
 * @throws CalendarError 400 `import-invalid-ical` naming the path and line: `team.ics:12: VEVENT without DTSTART`.
 */
export function parseICalendar({ path, text }: ICalendarSource): ParsedFile {
  const scan = scanICalendar(path, text)
  const calendars = readComponents(path, scan.lines)
  const events = calendars.flatMap((calendar, c) =>
    calendar.getAllSubcomponents('vevent').map((component, e): SourceEvent => {
      const lines = scan.calendars[c]?.[e]
      if (!lines) throw new Error(`${path}: ical.js and the scan disagree on the VEVENTs of VCALENDAR ${c + 1}`)
      checkDates({ component, path, lines })
      return { component, path, lines }
    }),
  )
  return { path, calendars, events, notes: scan.notes }
}

function readComponents(path: string, lines: ContentLine[]): Component[] {
  try {
    const jcal = ICAL.parse(lines.map((line) => line.text).join('\r\n'))
    return (Array.isArray(jcal[0]) ? jcal : [jcal]).map((one: unknown[]) => new ICAL.Component(one))
  } catch (error) {
    // ical.js names what it refuses by content only (a bad parameter, an RRULE it cannot read): find its line.
    const refused = lines.find((line) => !/^(BEGIN|END):/iu.test(line.text) && !readable(line.text))
    throw invalidICal({ path, line: refused?.line ?? 1 }, error instanceof Error ? error.message : String(error))
  }
}

function readable(line: string): boolean {
  try {
    ICAL.parse.property(line)
    return true
  } catch {
    return false
  }
}

function checkDates({ component, path, lines }: SourceEvent): void {
  if (!component.hasProperty('dtstart')) throw invalidICal({ path, line: lines.begin }, 'VEVENT without DTSTART')
  for (const [name, types] of Object.entries(DATED)) {
    component.getAllProperties(name).forEach((property, i) => {
      const values: unknown[] = property.toJSON().slice(3)
      if (types.includes(property.type) && values.every((value) => isDateValue(value, property.type))) return
      const line = lines.props.get(name.toUpperCase())?.[i] ?? lines.begin
      throw invalidICal({ path, line }, `${name.toUpperCase()}: not a date or date-time (RFC 5545 §3.3.4, §3.3.5)`)
    })
  }
}

/** A jCal date (`2026-07-04`), date-time (`2026-07-04T20:00:00`, `Z` allowed) or period (a date-time first). */
function isDateValue(value: unknown, type: string): boolean {
  if (type === 'period') return Array.isArray(value) && isDateValue(value[0], 'date-time')
  if (typeof value !== 'string') return false
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}:\d{2})Z?)?$/u.exec(value)
  if (!match || (type === 'date-time') !== (match[2] !== undefined)) return false
  return isWallTime(`${match[1]} ${match[2] ?? '00:00:00'}`)
}

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
interface Scan {
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
 * recurrence rule, empty EXDATEs and lines after the last VCALENDAR are put right or left out (`import-lines.ts`),
 * each noted with its line.
 *
 * @throws CalendarError 400 `import-invalid-ical` naming `path` and the line: `events.ics:1: not iCalendar: expected
 *   BEGIN:VCALENDAR, found "{"events": []}"`.
 */
function scanICalendar(path: string, source: string): Scan {
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
