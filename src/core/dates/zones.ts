/**
 * The time zones calfile accepts (docs/writes.md `timezone`): an IANA name, `UTC`, or a fixed offset as TEC writes
 * it, `UTC±H[:MM]`. Looked up once per string and kept, within a cap.
 */
import { HOUR, MINUTE } from './wall.js'

/**
 * `UTC`, or a TEC fixed offset (`UTC+5:30`, `UTC-5`, `UTC+0`): hours 0–14, minutes 00–59. date-fns-tz reads offsets
 * only as `±hh[:mm]`, not in TEC's form, so the offset is read here.
 */
export interface FixedZone {
  readonly kind: 'fixed'
  /** The zone as given. */
  readonly name: string
  /** Offset east of UTC in ms. */
  readonly offset: number
}

/** An IANA zone, with the caches of offsets.ts and abbr.ts. */
export interface IanaZone {
  readonly kind: 'iana'
  /** The canonical name, the one date-fns-tz is given (`America/New_York` for `america/new_york`, `US/Eastern`). */
  readonly name: string
  /** UTC day number → offset in ms from that day's 00:00:00 UTC to the next day's, or NaN when it changes. */
  readonly days: Map<number, number>
  /** Offset in ms → abbreviation. */
  readonly abbrs: Map<number, string>
  /** Locale → short-zone-name formatter, made only when an abbreviation is first looked up. */
  readonly abbrFormats: Map<string, Intl.DateTimeFormat>
}

/** A zone calfile accepts, looked up (lookupZone). */
export type Zone = FixedZone | IanaZone

/** A cap on the zone cache: zone strings come from requests. */
const MAX_CACHED_ZONES = 2_000
const FIXED_RE = /^UTC([+-])(\d{1,2})(?::(\d{2}))?$/
const zones = new Map<string, Zone>()

function fixedZone(zone: string): FixedZone | null {
  if (zone === 'UTC') return { kind: 'fixed', name: zone, offset: 0 }
  const m = FIXED_RE.exec(zone)
  if (m === null) return null
  const hours = +m[2]!
  const minutes = m[3] === undefined ? 0 : +m[3]
  if (hours > 14 || minutes > 59) return null
  return { kind: 'fixed', name: zone, offset: (m[1] === '-' ? -1 : 1) * (hours * HOUR + minutes * MINUTE) }
}

/**
 * The zone under its canonical name, or null when Intl knows no such zone. Only canonical names reach date-fns-tz:
 * it keeps a formatter for every zone string it is given, for good, and Intl takes any casing of a name, so request
 * strings passed on as they come ("america/new_york", "AMERICA/new_york", …) would grow that without bound.
 */
function ianaZone(zone: string): IanaZone | null {
  // Intl in newer engines also takes "+05:30"; those are not zones to TEC.
  if (!/^[A-Za-z]/.test(zone)) return null
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone
    return { kind: 'iana', name, days: new Map(), abbrs: new Map(), abbrFormats: new Map() }
  } catch {
    return null
  }
}

/** The zone named by `zone`, or null when it is none (non-strings included). Never throws. */
export function lookupZone(zone: string): Zone | null {
  const hit = zones.get(zone)
  if (hit !== undefined) return hit
  if (typeof zone !== 'string') return null
  const z = fixedZone(zone) ?? ianaZone(zone)
  // Misses are not cached, and the map is capped, so a flood of variants cannot grow it without bound.
  if (z !== null) {
    if (zones.size >= MAX_CACHED_ZONES) zones.clear()
    zones.set(zone, z)
  }
  return z
}

/** As lookupZone, throwing RangeError where that gives null. */
export function requireZone(zone: string): Zone {
  const z = lookupZone(zone)
  if (z === null) throw new RangeError(`not a time zone: ${JSON.stringify(zone)}`)
  return z
}
