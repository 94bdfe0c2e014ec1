import ICAL from 'ical.js'
import type {
  ICalTemporalInstantStub,
  ICalTemporalPlainDateStub,
  ICalTemporalPlainDateTimeStub,
  ICalTemporalZonedDateTimeStub,
} from 'ical-generator'
import { instantToWall, wallToInstant, zoneAbbr } from '../../core/dates/zoned.js'

/**
 * Time zones in a feed: the VTIMEZONE of each zone its times use, and those times as the zoned values
 * ical-generator writes with their TZID.
 */

/**
 * VTIMEZONE components (RFC 5545 §3.6.5) from the IANA zone data the runtime carries (Intl, through core's date
 * functions): one observance per offset change within the years a feed's times fall in, each a year wider on both
 * sides, as TEC's iCal class does since 6.15.6 (`get_timezones`), so that every time in the feed, and a client's
 * recurrence or alarm near it, reads with the offset the zone had.
 */

const DAY = 86_400_000
const SECOND = 1000

/** Inclusive ranges of years, `[from, to]`, sorted and not touching one another. */
export type YearRanges = Array<[number, number]>

/**
 * The years of each zone's times, widened by one year each side and merged: what `vtimezone` covers. `times`
 * are wall times `YYYY-MM-DD HH:MM:SS` with their zone.
 */
export function zoneYears(times: Iterable<{ zone: string; wall: string }>): Map<string, YearRanges> {
  const years = new Map<string, number[]>()
  for (const { zone, wall } of times) {
    const list = years.get(zone) ?? []
    list.push(Number(wall.slice(0, 4)))
    years.set(zone, list)
  }
  return new Map([...years].map(([zone, list]) => [zone, mergedRanges(list)]))
}

/**
 * Each year widened to `[year - 1, year + 1]`, kept within 0001–9998 (core reads instants of years 0000–9999 only,
 * and the scan looks a day before a range and past it), overlapping or adjacent ranges merged.
 */
function mergedRanges(years: number[]): YearRanges {
  const ranges: YearRanges = []
  for (const year of [...new Set(years)].sort((a, b) => a - b)) {
    const [from, to] = [Math.max(1, year - 1), Math.min(9998, year + 1)]
    const last = ranges.at(-1)
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to)
    else ranges.push([from, to])
  }
  return ranges
}

/** The offset of `zone` from UTC at an instant, in seconds (east positive). */
function offsetAt(zone: string, ms: number): number {
  return (Date.parse(`${instantToWall(ms, zone).replace(' ', 'T')}Z`) - ms) / SECOND
}

/** A change of offset: its instant (epoch ms, whole seconds) and the offsets before and after, in seconds. */
interface Transition {
  at: number
  from: number
  to: number
}

/**
 * The changes of offset in `[start, end)` (epoch ms, whole days), found by comparing the offset a day apart and
 * bisecting to the second; the first entry is the offset in force at `start`. Zones change their offset months
 * apart, never twice within a day.
 */
function transitions(zone: string, start: number, end: number): Transition[] {
  const first = { at: start, from: offsetAt(zone, start - SECOND), to: offsetAt(zone, start) }
  const found: Transition[] = [first]
  let before = first.to
  for (let day = start + DAY; day <= end; day += DAY) {
    const offset = offsetAt(zone, day)
    if (offset === before) continue
    found.push({ at: firstSecondWith(zone, day - DAY, day, offset), from: before, to: offset })
    before = offset
  }
  return found
}

/** The first second in `(low, high]` at which `zone` has `offset`, which it has at `high` and not at `low`. */
function firstSecondWith(zone: string, low: number, high: number, offset: number): number {
  let [lo, hi] = [low, high]
  while (hi - lo > SECOND) {
    const mid = lo + Math.floor((hi - lo) / 2 / SECOND) * SECOND
    if (offsetAt(zone, mid) === offset) hi = mid
    else lo = mid
  }
  return hi
}

/** A zone's standard offset in a year: the lesser of January's and July's, whichever hemisphere it is in. */
function standardOffset(zone: string, year: number): number {
  return Math.min(offsetAt(zone, utcDay(year, 0)), offsetAt(zone, utcDay(year, 6)))
}

/** 00:00 UTC on the first of a month (0–11), epoch ms; `Date.UTC` would read years 0–99 as 1900–1999. */
function utcDay(year: number, month: number): number {
  return new Date(0).setUTCFullYear(year, month, 1)
}

/**
 * One observance: DAYLIGHT when its offset is above the year's standard one, else STANDARD. Its DTSTART is the
 * local time of the change in the offset before it (RFC 5545 §3.6.5: `20071104T020000` for the end of US daylight
 * time), TZNAME the abbreviation calfile shows as `timezone_abbr`.
 */
function observance(zone: string, change: Transition): ICAL.Component {
  const year = new Date(change.at).getUTCFullYear()
  const kind = change.to > standardOffset(zone, year) ? 'daylight' : 'standard'
  const component = new ICAL.Component(kind)
  const local = new Date(change.at + change.from * SECOND)
  const dtstart = ICAL.Time.fromData({
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  })
  component.addPropertyWithValue('dtstart', dtstart)
  component.addPropertyWithValue('tzoffsetfrom', ICAL.UtcOffset.fromSeconds(change.from))
  component.addPropertyWithValue('tzoffsetto', ICAL.UtcOffset.fromSeconds(change.to))
  component.addPropertyWithValue('tzname', zoneAbbr(change.at, zone))
  return component
}

/**
 * The VTIMEZONE of an IANA zone over ranges of years (`zoneYears`): the offset in force at the start of each range,
 * then every change within it. Each range starts a day early: clients find the observance of a UTC time by reading
 * it as a local one (ical.js does), which near the first observance would fall before it.
 * @throws RangeError for a zone the runtime does not know.
 */
export function vtimezone(zone: string, ranges: YearRanges): ICAL.Component {
  const component = new ICAL.Component('vtimezone')
  component.addPropertyWithValue('tzid', zone)
  for (const [from, to] of ranges) {
    for (const change of transitions(zone, utcDay(from, 0) - DAY, utcDay(to + 1, 0))) {
      component.addSubcomponent(observance(zone, change))
    }
  }
  return component
}

/**
 * Wall times in the shapes ical-generator reads as Temporal values (its `ICalTemporal…Stub` types). ical-generator
 * writes `DTSTART;TZID=<zone>:<wall>` from a ZonedDateTime's fields as they are; a native Date it would read in
 * the process's own zone, which is no zone of the calendar's.
 */

/** A wall time `YYYY-MM-DD HH:MM:SS` and its fields as numbers, as Temporal values carry them. */
abstract class WallFields {
  readonly year: number
  readonly month: number
  readonly day: number
  readonly hour: number
  readonly minute: number
  readonly second: number

  /** @param wall `YYYY-MM-DD HH:MM:SS`. */
  constructor(readonly wall: string) {
    const n = (from: number, to: number) => Number(wall.slice(from, to))
    this.year = n(0, 4)
    this.month = n(5, 7)
    this.day = n(8, 10)
    this.hour = n(11, 13)
    this.minute = n(14, 16)
    this.second = n(17, 19)
  }
}

/** `YYYY-MM-DD HH:MM:SS` → ISO 8601 without offset, as Temporal prints plain values. */
const iso = (wall: string) => wall.replace(' ', 'T')

/**
 * A wall time in an IANA zone and the instant it names, as ical-generator's `ICalTemporalZonedDateTimeStub`.
 * Built from a REST event's `start_date` (wall time in its `timezone`) and `utc_start_date`, so that no offset is
 * computed for the common case.
 */
export class ZonedWall extends WallFields implements ICalTemporalZonedDateTimeStub {
  /**
   * @param wall `YYYY-MM-DD HH:MM:SS` in `timeZoneId`.
   * @param epochMilliseconds the instant it names, epoch ms.
   */
  constructor(
    wall: string,
    readonly timeZoneId: string,
    readonly epochMilliseconds: number,
  ) {
    super(wall)
  }

  /** The same instant as a wall time in `zone`. @throws RangeError for a zone calfile does not know. */
  withTimeZone(zone: string): ZonedWall {
    return new ZonedWall(instantToWall(this.epochMilliseconds, zone), zone, this.epochMilliseconds)
  }

  toPlainDateTime(): PlainWall {
    return new PlainWall(this.wall)
  }

  toInstant(): ICalTemporalInstantStub {
    const ms = this.epochMilliseconds
    const text = new Date(ms).toISOString()
    return {
      epochMilliseconds: ms,
      toJSON: () => text,
      toString: () => text,
      toZonedDateTimeISO: (zone: string) => new ZonedWall(instantToWall(ms, zone), zone, ms),
    }
  }

  toJSON(): string {
    return this.toString()
  }

  override toString(): string {
    return `${iso(this.wall)}[${this.timeZoneId}]`
  }
}

/** A wall time in no zone, as ical-generator's `ICalTemporalPlainDateTimeStub`. */
export class PlainWall extends WallFields implements ICalTemporalPlainDateTimeStub {
  /** This wall time in `zone` (a wall time in a DST gap names the instant core resolves it to). */
  toZonedDateTime(zone: string): ZonedWall {
    return new ZonedWall(this.wall, zone, wallToInstant(this.wall, zone))
  }

  toPlainDate(): ICalTemporalPlainDateStub {
    const date = this.wall.slice(0, 10)
    return { year: this.year, month: this.month, day: this.day, toJSON: () => date, toString: () => date }
  }

  toJSON(): string {
    return iso(this.wall)
  }

  override toString(): string {
    return iso(this.wall)
  }
}
