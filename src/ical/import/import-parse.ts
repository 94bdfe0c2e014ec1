import ICAL from 'ical.js'
import { isWallTime } from '../../core/dates/zoned.js'
import type { ContentLine } from './import-lines.js'
import { type ImportNote, invalidICal } from './import-report.js'
import { type EventLines, scanICalendar } from './import-scan.js'

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
