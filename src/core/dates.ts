/**
 * Every date and time-zone rule of calfile (CONTRACT §1, §2.1, §3, §4.1).
 *
 * Terms: a *wall time* is `YYYY-MM-DD HH:MM:SS`, a clock reading in some zone; an *instant* is epoch ms; a *zone* is
 * an IANA name, `UTC`, or a TEC fixed offset `UTC±H[:MM]`.
 *
 * Conversions go through `Intl.DateTimeFormat` directly rather than date-fns-tz: date-fns-tz re-parses the zone and
 * formats to parts on every call, and these functions run for every event at load. Offsets are cached per zone and
 * per UTC day, which assumes no zone changes its offset and back again within one UTC day (a day whose two ends
 * differ is looked up per call instead).
 */

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** 400 Gregorian years are exactly 146 097 days; shifting by them keeps Date.UTC away from its 1900 + yy rule. */
const ERA = 146_097 * DAY
/** Before 1800 every zone is on its local mean time, so the offset of 1800 stands for all earlier instants. */
const OFFSET_FLOOR = Date.UTC(1800, 0, 1)
/** Date's range less a day, so the day-wide offset probes never leave it (and Intl never throws). */
const MAX_INSTANT = 8.64e15 - DAY
/** The first and last instants whose UTC wall time has a four-digit year (0000-01-01 00:00:00, 9999-12-31 23:59:59). */
const FIRST_INSTANT = fieldsToUtc(0, 1, 1, 0, 0, 0)
const LAST_INSTANT = fieldsToUtc(9999, 12, 31, 23, 59, 59)
/** A cap on the per-zone day cache, so a long-running server asked about arbitrary dates cannot grow without bound. */
const MAX_CACHED_DAYS = 50_000
const MAX_CACHED_ZONES = 2_000

type Fields = [year: number, month: number, day: number, hour: number, minute: number, second: number]

interface FixedZone {
  readonly kind: 'fixed'
  /** Offset east of UTC in ms. */
  readonly offset: number
  /** What TEC prints as `timezone_abbr` for this zone. */
  readonly abbr: string
}

interface IanaZone {
  readonly kind: 'iana'
  readonly name: string
  readonly clock: Intl.DateTimeFormat
  /** UTC day number → offset in ms for that whole day, or NaN when the offset changes during it. */
  readonly days: Map<number, number>
  /** Offset in ms → abbreviation. */
  readonly abbrs: Map<number, string>
  /** Locale → short-zone-name formatter, made only when an abbreviation is first looked up. */
  readonly abbrFormats: Map<string, Intl.DateTimeFormat>
}

type Zone = FixedZone | IanaZone

// ---------------------------------------------------------------------------------------------------------------
// Walls

const WALL_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

function validFields(y: number, mo: number, d: number, h: number, mi: number, s: number): boolean {
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo) && h <= 23 && mi <= 59 && s <= 59
}

function parseWall(wall: string): Fields | null {
  const m = WALL_RE.exec(wall)
  if (m === null) return null
  const f: Fields = [+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +m[6]!]
  return validFields(...f) ? f : null
}

function requireWall(wall: string): Fields {
  const f = typeof wall === 'string' ? parseWall(wall) : null
  if (f === null) throw new RangeError(`not a wall time (YYYY-MM-DD HH:MM:SS): ${JSON.stringify(wall)}`)
  return f
}

/** The wall read as if it were UTC; year-safe for 0000–0099. */
function fieldsToUtc(y: number, mo: number, d: number, h: number, mi: number, s: number): number {
  return Date.UTC(y + 400, mo - 1, d, h, mi, s) - ERA
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : `${n}`
}

function pad4(n: number): string {
  return n >= 1000 ? `${n}` : `${n}`.padStart(4, '0')
}

/** Formats a wall-as-UTC number; null when the year leaves 0000–9999, which the wall format cannot hold. */
function utcToWallOrNull(t: number): string | null {
  const d = new Date(t)
  const y = d.getUTCFullYear()
  if (!(y >= 0 && y <= 9999)) return null
  return `${pad4(y)}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`
}

function utcToWall(t: number): string {
  const wall = utcToWallOrNull(t)
  if (wall === null) throw new RangeError(`instant outside years 0000–9999: ${t}`)
  return wall
}

// ---------------------------------------------------------------------------------------------------------------
// Zones

const FIXED_RE = /^UTC([+-])(\d{1,2})(?::(\d{2}))?$/
const zones = new Map<string, Zone>()

function fixedZone(zone: string): FixedZone | null {
  if (zone === 'UTC') return { kind: 'fixed', offset: 0, abbr: 'UTC' }
  const m = FIXED_RE.exec(zone)
  if (m === null) return null
  const hours = +m[2]!
  const minutes = m[3] === undefined ? 0 : +m[3]
  if (hours > 14 || minutes > 59) return null
  const sign = m[1] === '-' ? -1 : 1
  // A fixed offset has no abbreviation: CONTRACT §2.1 shows the offset (`+05:30`). TEC prints the zone string
  // (`UTC+0`); the round-trip test lists that difference.
  const offset = sign * (hours * HOUR + minutes * MINUTE)
  return { kind: 'fixed', offset, abbr: formatOffset(offset) }
}

function ianaZone(zone: string): IanaZone | null {
  // Intl in newer engines also takes "+05:30"; those are not zones to TEC.
  if (!/^[A-Za-z]/.test(zone)) return null
  try {
    const clock = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    return { kind: 'iana', name: zone, clock, days: new Map(), abbrs: new Map(), abbrFormats: new Map() }
  } catch {
    return null
  }
}

function lookupZone(zone: string): Zone | null {
  const hit = zones.get(zone)
  if (hit !== undefined) return hit
  if (typeof zone !== 'string') return null
  const z = fixedZone(zone) ?? ianaZone(zone)
  // Misses are not cached, and the map is capped: zone strings come from requests, and Intl also takes any casing
  // of a name ("america/new_york"), so a flood of variants must not grow it without bound.
  if (z !== null) {
    if (zones.size >= MAX_CACHED_ZONES) zones.clear()
    zones.set(zone, z)
  }
  return z
}

function requireZone(zone: string): Zone {
  const z = lookupZone(zone)
  if (z === null) throw new RangeError(`not a time zone: ${JSON.stringify(zone)}`)
  return z
}

const CLOCK_RE = /^(\d+)\/(\d+)\/(\d+),? (\d+):(\d+):(\d+)$/

/** Offset at the instant straight from Intl (whole seconds, so local mean times stay exact). */
function rawOffset(z: IanaZone, ms: number): number {
  const t = Math.floor(Math.max(ms, OFFSET_FLOOR) / SECOND) * SECOND
  const m = CLOCK_RE.exec(z.clock.format(t))
  if (m === null) throw new RangeError(`unexpected Intl output for ${z.name}`)
  return fieldsToUtc(+m[3]!, +m[1]!, +m[2]!, +m[4]!, +m[5]!, +m[6]!) - t
}

function offsetMs(z: Zone, ms: number): number {
  if (z.kind === 'fixed') return z.offset
  const day = Math.floor(ms / DAY)
  let off = z.days.get(day)
  if (off === undefined) {
    const first = rawOffset(z, day * DAY)
    off = first === rawOffset(z, day * DAY + DAY - SECOND) ? first : Number.NaN
    if (z.days.size >= MAX_CACHED_DAYS) z.days.clear()
    z.days.set(day, off)
  }
  return Number.isNaN(off) ? rawOffset(z, ms) : off
}

function formatOffset(offset: number): string {
  const sign = offset < 0 ? '-' : '+'
  // ISO offsets have no seconds; local mean times (e.g. -04:56:02) are truncated as PHP does.
  const minutes = Math.floor(Math.abs(offset) / MINUTE)
  return `${sign}${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`
}

function inRange(ms: number): boolean {
  return typeof ms === 'number' && Math.abs(ms) <= MAX_INSTANT
}

function requireInstant(ms: number): number {
  if (!inRange(ms)) throw new RangeError(`not an instant (epoch ms): ${ms}`)
  return ms
}

/**
 * Whether `zone` is one calfile accepts: an IANA name Intl knows, `UTC`, or a TEC fixed offset `UTC±H` / `UTC±H:MM`
 * (hours 0–14, minutes 00–59). Never throws. Cached per string. CONTRACT §3 `timezone`.
 */
export function isZone(zone: string): boolean {
  return lookupZone(zone) !== null
}

/**
 * Whether `s` is exactly `YYYY-MM-DD HH:MM:SS` with a real calendar date (no Feb 30) and hours 00–23, minutes and
 * seconds 00–59. Never throws. CONTRACT §1.
 */
export function isWallTime(s: string): boolean {
  return typeof s === 'string' && parseWall(s) !== null
}

/**
 * Wall time in `zone` → instant (epoch ms). In a DST gap the wall moves forward by the gap (2026-03-08 02:30:00
 * America/New_York → 03:30 EDT); in an overlap the earlier instant wins. Fixed offsets are exact.
 * Throws RangeError on a bad wall or zone. CONTRACT §1, §4.1.
 */
export function wallToInstant(wall: string, zone: string): number {
  const local = fieldsToUtc(...requireWall(wall))
  const z = requireZone(zone)
  if (z.kind === 'fixed') return local - z.offset
  // Offsets are at most ±14 h, so a day either side of the wall is safely before / after any transition near it.
  const before = offsetMs(z, local - DAY)
  const after = offsetMs(z, local + DAY)
  if (before === after) return local - before
  const early = local - before
  const late = local - after
  // In an overlap both readings hold and `early` is the first; in a gap neither holds, and the pre-transition
  // offset lands past the gap by exactly its length, which is PHP's behaviour.
  if (offsetMs(z, early) === before) return early
  return offsetMs(z, late) === after ? late : early
}

/**
 * Instant (epoch ms; sub-second part dropped) → wall time in `zone`. Throws RangeError on a bad zone, an instant
 * outside Date's range, or a result outside years 0000–9999. CONTRACT §2.1.
 */
export function instantToWall(ms: number, zone: string): string {
  const z = requireZone(zone)
  requireInstant(ms)
  return utcToWall(ms + offsetMs(z, ms))
}

/**
 * Splits a wall time into `{year, month, day, hour, minutes, seconds}`, each a zero-padded string, keys in that
 * order. Throws RangeError on a bad wall. CONTRACT §2.1 `*_details`.
 */
export function wallDetails(wall: string): {
  year: string
  month: string
  day: string
  hour: string
  minutes: string
  seconds: string
} {
  requireWall(wall)
  return {
    year: wall.slice(0, 4),
    month: wall.slice(5, 7),
    day: wall.slice(8, 10),
    hour: wall.slice(11, 13),
    minutes: wall.slice(14, 16),
    seconds: wall.slice(17, 19),
  }
}

/**
 * English locales tried in turn for a real abbreviation: ICU only prints one where it is commonly used (IST in
 * en-IN, AEST in en-AU, BST/CET in en-GB). ja-JP is last because it is the only one that prints JST.
 */
const ABBR_LOCALES = ['en-US', 'en-GB', 'en-IN', 'en-AU', 'en-NZ', 'en-IE', 'en-ZA', 'en-SG', 'en-CA', 'ja-JP']

function abbrFormat(z: IanaZone, locale: string): Intl.DateTimeFormat {
  let f = z.abbrFormats.get(locale)
  if (f === undefined) {
    f = new Intl.DateTimeFormat(locale, { timeZone: z.name, timeZoneName: 'short' })
    z.abbrFormats.set(locale, f)
  }
  return f
}

function findAbbr(z: IanaZone, ms: number, offset: number): string {
  for (const locale of ABBR_LOCALES) {
    const part = abbrFormat(z, locale).formatToParts(ms).find((p) => p.type === 'timeZoneName')
    const name = part?.value ?? ''
    // "GMT+5:30" and localized scripts are not abbreviations; bare "GMT"/"UTC" only count at offset zero.
    if (!/^[A-Za-z]{2,6}$/.test(name)) continue
    if ((name === 'GMT' || name === 'UTC') && offset !== 0) continue
    return name
  }
  return formatOffset(offset)
}

/**
 * The zone abbreviation in force at the instant, as PHP `date('T')` prints it for the common zones (`EDT`, `CEST`,
 * `IST`, `AEST`, `JST`); the offset such as `+05:30` where Intl knows no abbreviation; a TEC fixed-offset zone
 * (`UTC+5:30`) unchanged, and `UTC` for UTC. Throws RangeError on a bad zone or instant. CONTRACT §2.1
 * `timezone_abbr`.
 */
export function zoneAbbr(ms: number, zone: string): string {
  const z = requireZone(zone)
  requireInstant(ms)
  if (z.kind === 'fixed') return z.abbr
  const offset = offsetMs(z, ms)
  let abbr = z.abbrs.get(offset)
  if (abbr === undefined) {
    abbr = findAbbr(z, ms, offset)
    z.abbrs.set(offset, abbr)
  }
  return abbr
}

/**
 * Why a wall time in `zone` cannot be stored, or undefined when it can. calfile shows every stored date in UTC too
 * (`utc_start_date`, `date_utc`, …) in the same `YYYY-MM-DD HH:MM:SS` form, so the instant must fall within years
 * 0000–9999 in UTC as well as in its zone: `9999-12-31 23:59:59` in America/New_York is year 10000 in UTC.
 * `wall` is a checked wall time: it is converted (and a bad one throws RangeError, as a bad zone does) only in the
 * years 0000 and 9999, the others being always in range. Issue 9; CONTRACT §1, §2.1, §3.
 */
export function wallOutOfRange(wall: string, zone: string): string | undefined {
  // Every offset is under a day, so only a wall in the first or the last year can leave the range in UTC.
  const year = wall.slice(0, 4)
  if (year > '0000' && year < '9999') return undefined
  const instant = wallToInstant(wall, zone)
  if (instant >= FIRST_INSTANT && instant < LAST_INSTANT + SECOND) return undefined
  return `${wall} in ${zone} is outside years 0000–9999 in UTC, which calfile cannot store`
}

/**
 * A wall time in `from` → the same instant as a wall time in `to`; null when that falls outside years 0000–9999
 * there or in UTC. Throws RangeError on a bad wall or zone. CONTRACT §3 `date_utc`.
 */
export function wallInZone(wall: string, from: string, to: string): string | null {
  const moved = instantToWallOrNull(wallToInstant(wall, from), requireZone(to))
  return moved === null || wallOutOfRange(moved, to) !== undefined ? null : moved
}

/**
 * The offset of `zone` at the instant as ISO 8601 `±HH:MM` (`+05:30`, `-04:00`, `+00:00`). Throws RangeError on a
 * bad zone or instant. CONTRACT §2.1 `json_ld`.
 */
export function offsetOf(ms: number, zone: string): string {
  const z = requireZone(zone)
  return formatOffset(offsetMs(z, requireInstant(ms)))
}

/**
 * Wall time in `zone` → ISO 8601 with offset, `2018-05-11T10:00:00-05:00`. A wall in a DST gap comes out as the
 * instant it resolves to (02:30 → `03:30:00-04:00`) so the string names a real instant. Throws RangeError on a bad
 * wall or zone. CONTRACT §2.1 `json_ld` startDate/endDate.
 */
export function wallToIso(wall: string, zone: string): string {
  const z = requireZone(zone)
  const ms = wallToInstant(wall, zone)
  const offset = offsetMs(z, ms)
  return `${utcToWall(ms + offset).replace(' ', 'T')}${formatOffset(offset)}`
}

/** The same day at `00:00:00` (wall in, wall out, zone-free). Throws RangeError on a bad wall. CONTRACT §3, §4.1. */
export function dayStart(wall: string): string {
  requireWall(wall)
  return `${wall.slice(0, 10)} 00:00:00`
}

/** The same day at `23:59:59` (wall in, wall out, zone-free). Throws RangeError on a bad wall. CONTRACT §3, §4.1. */
export function dayEnd(wall: string): string {
  requireWall(wall)
  return `${wall.slice(0, 10)} 23:59:59`
}

export type WallUnit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year'

const FIXED_UNIT_MS: Record<WallUnit, number> = { minute: MINUTE, hour: HOUR, day: DAY, week: 7 * DAY, month: 0, year: 0 }

function addOrNull(f: Fields, n: number, unit: WallUnit): string | null {
  if (unit === 'month' || unit === 'year') {
    const months = f[0] * 12 + (f[1] - 1) + (unit === 'year' ? n * 12 : n)
    const y = Math.floor(months / 12)
    const mo = months - y * 12 + 1
    if (y < 0 || y > 9999) return null
    // Clamp like date-fns addMonths: Jan 31 + 1 month is Feb 28/29, not Mar 3.
    return utcToWallOrNull(fieldsToUtc(y, mo, Math.min(f[2], daysInMonth(y, mo)), f[3], f[4], f[5]))
  }
  return utcToWallOrNull(fieldsToUtc(...f) + n * FIXED_UNIT_MS[unit])
}

/**
 * Calendar arithmetic on a wall clock (zone-free: a day is always 24 wall hours): `n` (an integer, may be negative)
 * units added; months and years clamp to the month's last day like date-fns addMonths. Throws RangeError on a bad
 * wall, unit, a non-integer `n` or a result outside 0000–9999. CONTRACT §3, §4.1 (defaults: −1 day, +24 months).
 */
export function addToWall(wall: string, n: number, unit: WallUnit): string {
  const f = requireWall(wall)
  if (!Number.isInteger(n)) throw new RangeError(`not an integer amount: ${n}`)
  if (!Object.hasOwn(FIXED_UNIT_MS, unit)) throw new RangeError(`not a unit: ${JSON.stringify(unit)}`)
  const out = addOrNull(f, n, unit)
  if (out === null) throw new RangeError(`${wall} + ${n} ${unit} leaves years 0000–9999`)
  return out
}

// ---------------------------------------------------------------------------------------------------------------
// Date input (CONTRACT §3)

const DATE_ONLY_RE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(?:\s*(Z|[+-]\d{2}(?::?\d{2})?))?$/i
const TIMESTAMP_RE = /^(?:\d{9,11}|-\d{1,11})$/
const DAY_WORD_RE = /^(today|tomorrow|yesterday)(?:\s+(?:at\s+)?(.+))?$/i
const TIME_12_RE = /^(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*([ap])\.?m\.?$/i
const TIME_24_RE = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/
const RELATIVE_RE = /\s*([+-])\s*(\d+)\s*(minute|hour|day|week|month|year)s?/iy

function instantToWallOrNull(ms: number, z: Zone): string | null {
  return inRange(ms) ? utcToWallOrNull(ms + offsetMs(z, ms)) : null
}

/** `+02:00`, `+0200`, `+02` or `Z` → ms east of UTC. */
function parseIsoOffset(s: string): number | null {
  if (s === 'Z' || s === 'z') return 0
  const sign = s[0] === '-' ? -1 : 1
  const hours = +s.slice(1, 3)
  const minutes = s.length > 3 ? +s.slice(-2) : 0
  if (hours > 23 || minutes > 59) return null
  return sign * (hours * HOUR + minutes * MINUTE)
}

function parseDateTime(m: RegExpExecArray, z: Zone): string | null {
  const f: Fields = [+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, m[6] === undefined ? 0 : +m[6]]
  if (!validFields(...f)) return null
  if (m[7] === undefined) return `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${pad2(f[5])}`
  const offset = parseIsoOffset(m[7])
  return offset === null ? null : instantToWallOrNull(fieldsToUtc(...f) - offset, z)
}

/** `9am`, `9:30 pm`, `12am`, `14:30`, `14:30:15` → seconds since midnight. */
function parseClock(s: string): number | null {
  let m = TIME_12_RE.exec(s)
  if (m !== null) {
    const h = +m[1]!
    const mi = m[2] === undefined ? 0 : +m[2]
    const sec = m[3] === undefined ? 0 : +m[3]
    if (h < 1 || h > 12 || mi > 59 || sec > 59) return null
    const pm = m[4]!.toLowerCase() === 'p'
    return ((h % 12) + (pm ? 12 : 0)) * 3600 + mi * 60 + sec
  }
  m = TIME_24_RE.exec(s)
  if (m === null) return null
  const h = +m[1]!
  const mi = +m[2]!
  const sec = m[3] === undefined ? 0 : +m[3]
  return h > 23 || mi > 59 || sec > 59 ? null : h * 3600 + mi * 60 + sec
}

function parseDayWord(m: RegExpExecArray, z: Zone, now: number): string | null {
  const today = instantToWallOrNull(now, z)
  if (today === null) return null
  const word = m[1]!.toLowerCase()
  const shift = word === 'tomorrow' ? 1 : word === 'yesterday' ? -1 : 0
  const clock = m[2] === undefined ? 0 : parseClock(m[2].trim())
  if (clock === null) return null
  const midnight = fieldsToUtc(+today.slice(0, 4), +today.slice(5, 7), +today.slice(8, 10), 0, 0, 0)
  return utcToWallOrNull(midnight + shift * DAY + clock * SECOND)
}

/**
 * Chained `+N unit`: calendar units go on now's wall clock (as PHP strtotime does, so `+1 day` across a DST change
 * keeps the clock time), then minutes and hours go on the instant (so `+1 hour` is always 60 real minutes).
 */
function parseRelative(s: string, z: Zone, zone: string, now: number): string | null {
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
  let ms = now
  if (calendar) {
    const start = instantToWallOrNull(now, z)
    const fields = start === null ? null : parseWall(start)
    if (fields === null) return null
    const moved = addOrNull(fields, sums.year * 12 + sums.month, 'month')
    const movedFields = moved === null ? null : parseWall(moved)
    if (movedFields === null) return null
    const wall = addOrNull(movedFields, sums.week * 7 + sums.day, 'day')
    if (wall === null) return null
    ms = wallToInstant(wall, zone)
  }
  return instantToWallOrNull(ms + sums.hour * HOUR + sums.minute * MINUTE, z)
}

function parseStringInput(s: string, z: Zone, zone: string, now: number): string | null {
  if (TIMESTAMP_RE.test(s)) return instantToWallOrNull(+s * SECOND, z)
  let m = DATE_ONLY_RE.exec(s)
  if (m !== null) return validFields(+m[1]!, +m[2]!, +m[3]!, 0, 0, 0) ? `${s} 00:00:00` : null
  m = DATE_TIME_RE.exec(s)
  if (m !== null) return parseDateTime(m, z)
  const lower = s.toLowerCase()
  if (lower === 'now') return instantToWallOrNull(now, z)
  m = DAY_WORD_RE.exec(s)
  if (m !== null) return parseDayWord(m, z, now)
  if (s[0] === '+' || s[0] === '-') return parseRelative(s, z, zone, now)
  return null
}

/**
 * A date input (CONTRACT §3) → wall time in `zone`, or null when it is none of the accepted forms:
 * `YYYY-MM-DD` (→ 00:00:00), `YYYY-MM-DD HH:MM[:SS]` or with `T` (read in `zone`), ISO 8601 with `Z`/offset
 * (fraction dropped), a Unix timestamp in seconds (any finite number; a string of 9–11 digits or `-` and up to 11),
 * `now`, `today`/`tomorrow`/`yesterday` optionally with a time (`9am`, `12pm`, `14:30`, `at 14:30:15`), and chained
 * `±N unit[s]` (minute … year). Words are case-insensitive; input is trimmed. `now` is epoch ms.
 * Throws RangeError only on a bad zone or non-finite `now` (caller bugs, not user input).
 */
export function parseDateInput(input: string | number, zone: string, now: number): string | null {
  const z = requireZone(zone)
  requireInstant(now)
  if (typeof input === 'number') return instantToWallOrNull(Math.floor(input * SECOND), z)
  if (typeof input !== 'string') return null
  const s = input.trim()
  return s === '' ? null : parseStringInput(s, z, zone, now)
}

/** A date input read for storing or comparing: its wall time, or why it cannot be used (a 400's reason). */
export type DateReading = { wall: string; problem?: undefined } | { wall?: undefined; problem: string }

/**
 * A date input (CONTRACT §3) read in `zone` as `parseDateInput` does, and checked against what calfile can store
 * (`wallOutOfRange`): `{ wall }`, or `{ problem }` saying whether it is no date at all or one out of range.
 * Throws RangeError only on a bad zone or `now`.
 */
export function readDateInput(input: string | number, zone: string, now: number): DateReading {
  const wall = parseDateInput(input, zone, now)
  if (wall === null) {
    // Read at the two extreme offsets, an instant that is a date anywhere is a date in one of them.
    const anywhere = parseDateInput(input, 'UTC-14', now) ?? parseDateInput(input, 'UTC+14', now)
    return { problem: anywhere === null ? `not a date: ${JSON.stringify(input)}` : `${JSON.stringify(input)} is outside years 0000–9999 in ${zone}, which calfile cannot store` }
  }
  const problem = wallOutOfRange(wall, zone)
  return problem === undefined ? { wall } : { problem }
}
