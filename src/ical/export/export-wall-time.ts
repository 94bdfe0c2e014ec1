import type {
  ICalTemporalInstantStub,
  ICalTemporalPlainDateStub,
  ICalTemporalPlainDateTimeStub,
  ICalTemporalZonedDateTimeStub,
} from 'ical-generator'
import { instantToWall, wallToInstant } from '../../core/dates/zoned.js'

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
