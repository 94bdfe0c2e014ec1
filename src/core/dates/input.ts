/**
 * Date input (docs/writes.md): the forms TEC's REST API takes, read in a zone. Ours because no library reads this
 * set: PHP strtotime's words (`today`, `tomorrow 9am`, `+1 week`), Unix timestamps in seconds, and ISO 8601 only as
 * far as TEC documents it. The arithmetic is date-fns's (calendar.ts), the conversions those of convert.ts.
 */
import { addToWallMs, atTimeOfDay, type WallUnit } from './calendar.js'
import { instantToWallIn, wallToInstantIn } from './convert.js'
import { formatWallOrNull, HOUR, MINUTE, pad2, requireWall, SECOND, validFields, wallMs } from './wall.js'
import type { Zone } from './zones.js'

const DATE_ONLY_RE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(?:\s*(Z|[+-]\d{2}(?::?\d{2})?))?$/i
const TIMESTAMP_RE = /^(?:\d{9,11}|-\d{1,11})$/
const DAY_WORD_RE = /^(today|tomorrow|yesterday)(?:\s+(?:at\s+)?(.+))?$/i
const WEEKDAY_RE = /^(?:(next|last|this)\s+)?(sun|mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?)(?:day)?$/i
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']
const TIME_12_RE = /^(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*([ap])\.?m\.?$/i
const TIME_24_RE = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/
const RELATIVE_RE = /\s*([+-]?)\s*(\d+)\s*(minute|hour|day|week|month|year)s?/iy
const RELATIVE_START_RE = /^[+-]?\s*\d+\s*[a-z]/i

/** `+02:00`, `+0200`, `+02` or `Z` → ms east of UTC; null past 23:59. */
function parseIsoOffset(s: string): number | null {
  if (s === 'Z' || s === 'z') return 0
  const sign = s[0] === '-' ? -1 : 1
  const hours = +s.slice(1, 3)
  const minutes = s.length > 3 ? +s.slice(-2) : 0
  if (hours > 23 || minutes > 59) return null
  return sign * (hours * HOUR + minutes * MINUTE)
}

/** A match of DATE_TIME_RE → wall in `z`: as written without an offset, else the instant it names, moved into `z`. */
function parseDateTime(m: RegExpExecArray, z: Zone): string | null {
  const f = [+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, m[6] === undefined ? 0 : +m[6]] as const
  if (!validFields(...f)) return null
  if (m[7] === undefined) return `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${pad2(f[5])}`
  const offset = parseIsoOffset(m[7])
  return offset === null ? null : instantToWallIn(wallMs(...f) - offset, z)
}

/** `9am`, `9:30 pm`, `12am`, `14:30`, `14:30:15` → [hours, minutes, seconds], or null. */
function parseClock(s: string): [number, number, number] | null {
  let m = TIME_12_RE.exec(s)
  if (m !== null) {
    const h = +m[1]!
    const mi = m[2] === undefined ? 0 : +m[2]
    const sec = m[3] === undefined ? 0 : +m[3]
    if (h < 1 || h > 12 || mi > 59 || sec > 59) return null
    const pm = m[4]!.toLowerCase() === 'p'
    return [(h % 12) + (pm ? 12 : 0), mi, sec]
  }
  m = TIME_24_RE.exec(s)
  if (m === null) return null
  const h = +m[1]!
  const mi = +m[2]!
  const sec = m[3] === undefined ? 0 : +m[3]
  return h > 23 || mi > 59 || sec > 59 ? null : [h, mi, sec]
}

/** A match of DAY_WORD_RE → that day in `z` (as of `now`), at the time given or at midnight. */
function parseDayWord(m: RegExpExecArray, z: Zone, now: number): string | null {
  const today = instantToWallIn(now, z)
  if (today === null) return null
  const word = m[1]!.toLowerCase()
  const shift = word === 'tomorrow' ? 1 : word === 'yesterday' ? -1 : 0
  const clock = m[2] === undefined ? ([0, 0, 0] as [number, number, number]) : parseClock(m[2].trim())
  if (clock === null) return null
  return formatWallOrNull(atTimeOfDay(addToWallMs(requireWall(today), shift, 'day'), ...clock))
}

/**
 * A match of WEEKDAY_RE → midnight of that weekday in `z`, as PHP strtotime reads it: `tuesday` (or `this tuesday`)
 * today or the next one, `next tuesday` strictly after today, `last tuesday` strictly before.
 */
function parseWeekday(m: RegExpExecArray, z: Zone, now: number): string | null {
  const today = instantToWallIn(now, z)
  if (today === null) return null
  const wanted = WEEKDAYS.indexOf(m[2]!.slice(0, 3).toLowerCase())
  const midnight = atTimeOfDay(requireWall(today), 0, 0, 0)
  const current = new Date(midnight).getUTCDay()
  const ahead = (wanted - current + 7) % 7
  const word = m[1]?.toLowerCase()
  const shift = word === 'last' ? (ahead === 0 ? -7 : ahead - 7) : word === 'next' && ahead === 0 ? 7 : ahead
  return formatWallOrNull(addToWallMs(midnight, shift, 'day'))
}

/**
 * `now`'s wall in `z` moved by whole months, then by whole days, as an instant; null when a step leaves years
 * 0000–9999.
 */
function calendarShift(now: number, z: Zone, months: number, days: number): number | null {
  const start = instantToWallIn(now, z)
  const moved = start === null ? null : formatWallOrNull(addToWallMs(requireWall(start), months, 'month'))
  const wall = moved === null ? null : formatWallOrNull(addToWallMs(requireWall(moved), days, 'day'))
  return wall === null ? null : wallToInstantIn(requireWall(wall), z)
}

/**
 * Chained `[±]N unit` (a term without a sign adds, as in strtotime's `1 month`, which is also what `+1 month` becomes
 * in a query string whose `+` was read as a space): calendar units go on now's wall clock (as PHP strtotime does, so `+1 day` across a DST change
 * keeps the clock time), then minutes and hours go on the instant (so `+1 hour` is always 60 real minutes).
 */
function parseRelative(s: string, z: Zone, now: number): string | null {
  const sums: Record<WallUnit, number> = { minute: 0, hour: 0, day: 0, week: 0, month: 0, year: 0 }
  RELATIVE_RE.lastIndex = 0
  let pos = 0
  while (pos < s.length) {
    const m = RELATIVE_RE.exec(s)
    if (m === null) return null
    sums[m[3]!.toLowerCase() as WallUnit] += (m[1] === '-' ? -1 : 1) * +m[2]!
    pos = RELATIVE_RE.lastIndex
  }
  const calendar = sums.year !== 0 || sums.month !== 0 || sums.week !== 0 || sums.day !== 0
  const ms = calendar ? calendarShift(now, z, sums.year * 12 + sums.month, sums.week * 7 + sums.day) : now
  return ms === null ? null : instantToWallIn(ms + sums.hour * HOUR + sums.minute * MINUTE, z)
}

/** A trimmed, non-empty date input string → wall in `z`, or null (docs/writes.md, see parseDateInput). */
export function parseInputString(s: string, z: Zone, now: number): string | null {
  if (TIMESTAMP_RE.test(s)) return instantToWallIn(+s * SECOND, z)
  let m = DATE_ONLY_RE.exec(s)
  if (m !== null) return validFields(+m[1]!, +m[2]!, +m[3]!, 0, 0, 0) ? `${s} 00:00:00` : null
  m = DATE_TIME_RE.exec(s)
  if (m !== null) return parseDateTime(m, z)
  if (s.toLowerCase() === 'now') return instantToWallIn(now, z)
  m = DAY_WORD_RE.exec(s)
  if (m !== null) return parseDayWord(m, z, now)
  m = WEEKDAY_RE.exec(s)
  if (m !== null) return parseWeekday(m, z, now)
  if (RELATIVE_START_RE.test(s)) return parseRelative(s, z, now)
  return null
}
