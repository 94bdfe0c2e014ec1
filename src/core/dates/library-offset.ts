/**
 * The offset of an IANA zone at an instant, from date-fns-tz: ms east of UTC, to the second (local mean times such as
 * New York's -4:56:02 before 1883 included). offsets.ts caches it.
 */
import { toZonedTime } from 'date-fns-tz/toZonedTime'
import { DAY, ERA, HOUR, SECOND } from './wall.js'

/**
 * Before 1800 every zone is on its local mean time, so the offset of 1800 stands for all earlier instants. This also
 * keeps date-fns-tz away from the years before 1 AD, which Intl writes as years BC and date-fns-tz misreads.
 */
const FIRST_PROBE = Date.UTC(1800, 0, 1)
/**
 * In Date's last days (it ends at +275760-09-13) the wall date-fns-tz builds would leave Date's range. Past tzdata's
 * last listed change every zone follows a yearly rule, which repeats with the Gregorian calendar every 400 years, so
 * the same instant 400 years earlier has the same offset.
 */
const LAST_PROBE = 8.64e15 - 2 * DAY
const LONG_OFFSET_RE = /^GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/

/** The instant whose offset stands for `ms`: whole seconds, in the years date-fns-tz reads. */
function probeInstant(ms: number): number {
  const t = Math.floor(ms / SECOND) * SECOND
  return t < FIRST_PROBE ? FIRST_PROBE : t > LAST_PROBE ? t - ERA : t
}

/** A Date's local fields (the server's clock) read as UTC, in ms. */
function localFields(date: Date): number {
  return Date.UTC(
    date.getFullYear(),
    date.getMonth(),
    date.getDate(),
    date.getHours(),
    date.getMinutes(),
    date.getSeconds(),
  )
}

/**
 * Whether the server's own zone moved its clocks forward in the 25 hours up to `date`: its offset west of UTC
 * (`getTimezoneOffset`) is smaller at `date` than 25 hours before.
 */
function serverJumpedForward(date: Date): boolean {
  return new Date(date.getTime() - 25 * HOUR).getTimezoneOffset() > date.getTimezoneOffset()
}

/** The offset Intl gives for the instant itself (`GMT-04:56:02`), in ms east of UTC. */
function intlOffset(name: string, t: number): number {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: name, timeZoneName: 'longOffset' })
  const text = format.formatToParts(t).find((part) => part.type === 'timeZoneName')?.value ?? ''
  const m = LONG_OFFSET_RE.exec(text)
  if (m === null) throw new RangeError(`unexpected Intl offset for ${name}: ${text}`)
  const seconds = m[1] === undefined ? 0 : +m[2]! * 3600 + +m[3]! * 60 + +(m[4] ?? 0)
  return (m[1] === '-' ? -seconds : seconds) * SECOND
}

/**
 * The offset of zone `name` (a canonical IANA name) at instant `ms` (in Date's range), in ms east of UTC.
 *
 * date-fns-tz's toZonedTime hands the wall at the instant back as a Date's *local* fields, that is through the server's
 * own zone (TZ): where TZ skips that wall in a DST gap, Date moves it forward by the gap. So within a day after TZ
 * moved its clocks forward (25 hours: the longest gap is a skipped day), Intl is asked for the offset at the instant
 * directly, which no date-fns-tz function gives to the second without going through TZ. Under TZ=UTC that never
 * happens.
 */
export function libraryOffset(name: string, ms: number): number {
  const t = probeInstant(ms)
  const wall = toZonedTime(t, name)
  return serverJumpedForward(wall) ? intlOffset(name, t) : localFields(wall) - t
}
