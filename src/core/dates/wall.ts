/**
 * The wall time format of docs/data-file.md, `YYYY-MM-DD HH:MM:SS`, and its numeric form, the *wall ms*: the wall
 * read as if it were UTC (epoch ms). Offsets are added to wall ms, and date-fns does its arithmetic on them
 * (calendar.ts).
 *
 * Reading and writing the format stay ours: they run for every event at load and in every response, where date-fns's
 * `format` costs about ten times as much (4 µs against 0.3), and date-fns gets year 0 wrong twice: `yyyy` prints the
 * year of the era (`0001` for year 0), and `isExists` reads years 0–99 as 1900–1999 (Date's two-digit-year rule).
 */

/** A second, minute, hour and day in ms (a UTC day, or a wall day: always 24 hours). */
export const SECOND = 1000
/** @see SECOND */
export const MINUTE = 60 * SECOND
/** @see SECOND */
export const HOUR = 60 * MINUTE
/** @see SECOND */
export const DAY = 24 * HOUR
/** 400 Gregorian years are exactly 146 097 days (and 20 871 weeks): the calendar repeats after them. */
export const ERA = 146_097 * DAY

const WALL_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/

/** Wall ms from its fields (month 1–12). Shifting by an era keeps Date.UTC away from its 1900 + yy rule for 0–99. */
export function wallMs(y: number, mo: number, d: number, h: number, mi: number, s: number): number {
  return Date.UTC(y + 400, mo - 1, d, h, mi, s) - ERA
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/** Whether the fields name a real clock reading: a calendar date (no Feb 30), hours 0–23, minutes and seconds 0–59. */
export function validFields(y: number, mo: number, d: number, h: number, mi: number, s: number): boolean {
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo) && h <= 23 && mi <= 59 && s <= 59
}

/** `YYYY-MM-DD HH:MM:SS` → wall ms, or null when it is not exactly that form with valid fields. */
export function parseWall(wall: string): number | null {
  const m = WALL_RE.exec(wall)
  if (m === null) return null
  const f = [+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +m[6]!] as const
  return validFields(...f) ? wallMs(...f) : null
}

/** As parseWall, for a wall the caller vouches for. Throws RangeError on anything else (non-strings too). */
export function requireWall(wall: string): number {
  const ms = typeof wall === 'string' ? parseWall(wall) : null
  if (ms === null) throw new RangeError(`not a wall time (YYYY-MM-DD HH:MM:SS): ${JSON.stringify(wall)}`)
  return ms
}

/** A number 0–99 as two digits. */
export function pad2(n: number): string {
  return n < 10 ? `0${n}` : `${n}`
}

/** Wall ms → `YYYY-MM-DD HH:MM:SS` (sub-second part dropped); null outside years 0000–9999, which it cannot hold. */
export function formatWallOrNull(ms: number): string | null {
  const d = new Date(ms)
  const y = d.getUTCFullYear()
  if (!(y >= 0 && y <= 9999)) return null
  const year = y >= 1000 ? `${y}` : `${y}`.padStart(4, '0')
  return `${year}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`
}

/** As formatWallOrNull, throwing RangeError where that gives null. */
export function formatWall(ms: number): string {
  const wall = formatWallOrNull(ms)
  if (wall === null) throw new RangeError(`instant outside years 0000–9999: ${ms}`)
  return wall
}
