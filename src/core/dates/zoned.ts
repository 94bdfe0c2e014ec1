/**
 * Every date and time-zone rule of calfile (docs/data-file.md, docs/responses.md#event, docs/writes.md,
 * docs/lists.md#event-list-dates). The modules behind it are in ./dates/.
 *
 * Terms: a *wall time* is `YYYY-MM-DD HH:MM:SS`, a clock reading in some zone; an *instant* is epoch ms; a *zone* is
 * an IANA name, `UTC`, or a TEC fixed offset `UTC±H[:MM]`.
 *
 * The engine is date-fns-tz for zone offsets (its toZonedTime, cached per zone and UTC day: every event's dates are
 * converted when the calendar is indexed) and date-fns for calendar arithmetic. calfile's own is what no library does:
 * TEC's fixed-offset zones, its abbreviations, its date input words, and the wall format itself (./dates/wall.ts says
 * why). No answer depends on the server's own time zone (TZ).
 */
import { abbrAt } from './abbr.js'
import { addToWallMs, endOfWallDay, isWallUnit, startOfWallDay, type WallUnit } from './calendar.js'
import { instantToWallIn, isInstant, wallToInstantIn } from './convert.js'
import { parseInputString } from './input.js'
import { formatOffset, offsetAt } from './offsets.js'
import { formatWall, formatWallOrNull, parseWall, requireWall, SECOND, wallMs } from './wall.js'
import { lookupZone, requireZone } from './zones.js'

export type { WallUnit } from './calendar.js'

/** The first and last instants whose UTC wall time has a four-digit year (0000-01-01 00:00:00, 9999-12-31 23:59:59). */
const FIRST_INSTANT = wallMs(0, 1, 1, 0, 0, 0)
const LAST_INSTANT = wallMs(9999, 12, 31, 23, 59, 59)

function requireInstant(ms: number): number {
  if (!isInstant(ms)) throw new RangeError(`not an instant (epoch ms): ${ms}`)
  return ms
}

/**
 * Whether `zone` is one calfile accepts: an IANA name Intl knows, `UTC`, or a TEC fixed offset `UTC±H` / `UTC±H:MM`
 * (hours 0–14, minutes 00–59). Never throws. Cached per string. docs/writes.md `timezone`.
 */
export function isZone(zone: string): boolean {
  return lookupZone(zone) !== null
}

/**
 * Whether `s` is exactly `YYYY-MM-DD HH:MM:SS` with a real calendar date (no Feb 30) and hours 00–23, minutes and
 * seconds 00–59. Never throws. docs/data-file.md.
 */
export function isWallTime(s: string): boolean {
  return typeof s === 'string' && parseWall(s) !== null
}

/**
 * Wall time in `zone` → instant (epoch ms). In a DST gap the wall moves forward by the gap (2026-03-08 02:30:00
 * America/New_York → 03:30 EDT); in an overlap the earlier instant wins. Fixed offsets are exact.
 * Throws RangeError on a bad wall or zone. docs/data-file.md, docs/lists.md#event-list-dates.
 */
export function wallToInstant(wall: string, zone: string): number {
  const local = requireWall(wall)
  return wallToInstantIn(local, requireZone(zone))
}

/**
 * Instant (epoch ms; sub-second part dropped) → wall time in `zone`. Throws RangeError on a bad zone, an instant
 * outside Date's range, or a result outside years 0000–9999. docs/responses.md#event.
 */
export function instantToWall(ms: number, zone: string): string {
  const z = requireZone(zone)
  requireInstant(ms)
  return formatWall(ms + offsetAt(z, ms))
}

/**
 * Splits a wall time into `{year, month, day, hour, minutes, seconds}`, each a zero-padded string, keys in that
 * order. Throws RangeError on a bad wall. docs/responses.md#event `*_details`.
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
 * The zone abbreviation in force at the instant, as PHP `date('T')` prints it for the common zones (`EDT`, `CEST`,
 * `IST`, `AEST`, `JST`); the offset such as `+05:30` where ICU knows no abbreviation; a TEC fixed-offset zone as
 * it is written (`UTC+5:30`), as TEC prints it, and `UTC` for UTC. Throws RangeError on a bad zone or instant.
 * docs/responses.md#event `timezone_abbr`.
 */
export function zoneAbbr(ms: number, zone: string): string {
  const z = requireZone(zone)
  requireInstant(ms)
  return z.kind === 'fixed' ? zone : abbrAt(z, ms)
}

/**
 * Why a wall time in `zone` cannot be stored, or undefined when it can. calfile shows every stored date in UTC too
 * (`utc_start_date`, `date_utc`, …) in the same `YYYY-MM-DD HH:MM:SS` form, so the instant must fall within years
 * 0000–9999 in UTC as well as in its zone: `9999-12-31 23:59:59` in America/New_York is year 10000 in UTC.
 * `wall` is a checked wall time: it is converted (and a bad one throws RangeError, as a bad zone does) only in the
 * years 0000 and 9999, the others being always in range. docs/data-file.md, docs/responses.md#event, docs/writes.md.
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
 * there or in UTC. Throws RangeError on a bad wall or zone. docs/writes.md `date_utc`.
 */
export function wallInZone(wall: string, from: string, to: string): string | null {
  const moved = instantToWallIn(wallToInstant(wall, from), requireZone(to))
  return moved === null || wallOutOfRange(moved, to) !== undefined ? null : moved
}

/**
 * The offset of `zone` at the instant as ISO 8601 `±HH:MM` (`+05:30`, `-04:00`, `+00:00`). Throws RangeError on a
 * bad zone or instant. docs/responses.md#event `json_ld`.
 */
export function offsetOf(ms: number, zone: string): string {
  const z = requireZone(zone)
  return formatOffset(offsetAt(z, requireInstant(ms)))
}

/**
 * Wall time in `zone` → ISO 8601 with offset, `2018-05-11T10:00:00-05:00`. A wall in a DST gap comes out as the
 * instant it resolves to (02:30 → `03:30:00-04:00`) so the string names a real instant. Throws RangeError on a bad
 * wall or zone. docs/responses.md#event `json_ld` startDate/endDate.
 */
export function wallToIso(wall: string, zone: string): string {
  const z = requireZone(zone)
  const ms = wallToInstant(wall, zone)
  const offset = offsetAt(z, ms)
  return `${formatWall(ms + offset).replace(' ', 'T')}${formatOffset(offset)}`
}

/**
 * A wall time as the number lists order and compare event dates by: its fields read as if in UTC (epoch ms), so
 * that two wall times compare as their texts do, whatever their zones. TEC's lists compare each event's own wall
 * times (`_EventStartDate`, `_EventEndDate`) with bounds in the site zone (Tribe__Events__Repositories__Event::
 * filter_by_starts_on_or_after and its siblings), so an event at 09:00 in Paris sorts and filters as 09:00 on a New
 * York site. Throws RangeError on a bad wall.
 *
 * @example
 * wallTimeMs('1970-01-02 00:00:00') // 86_400_000
 */
export function wallTimeMs(wall: string): number {
  return requireWall(wall)
}

/**
 * The same day at `00:00:00` (wall in, wall out, zone-free). Throws RangeError on a bad wall. docs/writes.md,
 * docs/lists.md#event-list-dates.
 */
export function dayStart(wall: string): string {
  return formatWall(startOfWallDay(requireWall(wall)))
}

/**
 * The same day at `23:59:59` (wall in, wall out, zone-free). Throws RangeError on a bad wall. docs/writes.md,
 * docs/lists.md#event-list-dates.
 */
export function dayEnd(wall: string): string {
  return formatWall(endOfWallDay(requireWall(wall)))
}

/**
 * Calendar arithmetic on a wall clock (zone-free: a day is always 24 wall hours): `n` (an integer, may be negative)
 * units added; months and years clamp to the month's last day like date-fns addMonths. Throws RangeError on a bad
 * wall, unit, a non-integer `n` or a result outside 0000–9999. docs/writes.md, docs/lists.md#event-list-dates
 * (defaults: −1 day, +24 months).
 */
export function addToWall(wall: string, n: number, unit: WallUnit): string {
  const local = requireWall(wall)
  if (!Number.isInteger(n)) throw new RangeError(`not an integer amount: ${n}`)
  if (!isWallUnit(unit)) throw new RangeError(`not a unit: ${JSON.stringify(unit)}`)
  const out = formatWallOrNull(addToWallMs(local, n, unit))
  if (out === null) throw new RangeError(`${wall} + ${n} ${unit} leaves years 0000–9999`)
  return out
}

/**
 * A date input (docs/writes.md) → wall time in `zone`, or null when it is none of the accepted forms:
 * `YYYY-MM-DD` (→ 00:00:00), `YYYY-MM-DD HH:MM[:SS]` or with `T` (read in `zone`), ISO 8601 with `Z`/offset
 * (fraction dropped), a Unix timestamp in seconds (any finite number; a string of 9–11 digits or `-` and up to 11),
 * `now`, `today`/`tomorrow`/`yesterday` optionally with a time (`9am`, `12pm`, `14:30`, `at 14:30:15`), and chained
 * `[±]N unit[s]` (minute … year; no sign adds). Words are case-insensitive; input is trimmed. `now` is epoch ms.
 * Throws RangeError only on a bad zone or non-finite `now` (caller bugs, not user input).
 */
export function parseDateInput(input: string | number, zone: string, now: number): string | null {
  const z = requireZone(zone)
  requireInstant(now)
  if (typeof input === 'number') return instantToWallIn(Math.floor(input * SECOND), z)
  if (typeof input !== 'string') return null
  const s = input.trim()
  return s === '' ? null : parseInputString(s, z, now)
}

/** A date input read for storing or comparing: its wall time, or why it cannot be used (a 400's reason). */
export type DateReading = { wall: string; problem?: undefined } | { wall?: undefined; problem: string }

/**
 * A date input (docs/writes.md) read in `zone` as `parseDateInput` does, and checked against what calfile can store
 * (`wallOutOfRange`): `{ wall }`, or `{ problem }` saying whether it is no date at all or one out of range.
 * Throws RangeError only on a bad zone or `now`.
 */
export function readDateInput(input: string | number, zone: string, now: number): DateReading {
  const wall = parseDateInput(input, zone, now)
  if (wall === null) {
    // Read at the two extreme offsets, an instant that is a date anywhere is a date in one of them.
    const anywhere = parseDateInput(input, 'UTC-14', now) ?? parseDateInput(input, 'UTC+14', now)
    return {
      problem:
        anywhere === null
          ? `not a date: ${JSON.stringify(input)}`
          : `${JSON.stringify(input)} is outside years 0000–9999 in ${zone}, which calfile cannot store`,
    }
  }
  const problem = wallOutOfRange(wall, zone)
  return problem === undefined ? { wall } : { problem }
}
