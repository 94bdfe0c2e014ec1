import ICAL from 'ical.js'
import { instantToWall, isZone, wallToInstant } from '../core/dates.js'
import type { Component, Time } from './import-parse.js'
import { ianaOfWindowsZone } from './windows-zones.js'

/**
 * A start or end as calfile stores it (CONTRACT §1): a whole day `YYYY-MM-DD` (an all-day event), or a wall time
 * `YYYY-MM-DD HH:MM:SS` in an IANA zone.
 */
export type When = { date: string } | { wall: string; zone: string }

/**
 * Runs `read` with the VTIMEZONEs of `calendars` known to ical.js, whose zone table is global: expanding a series
 * and matching its RECURRENCE-IDs needs their offsets. They are forgotten afterwards, so that another file's zone
 * of the same name is read as that file defines it. A zone ical.js knows already (UTC) is left as it is; a
 * VTIMEZONE it cannot read is left out, and the times that name it are placed by `whenOf` as any TZID.
 */
export function withFileZones<T>(calendars: Component[], read: () => T): T {
  const added: string[] = []
  for (const vtimezone of calendars.flatMap((calendar) => calendar.getAllSubcomponents('vtimezone'))) {
    const tzid = vtimezone.getFirstPropertyValue('tzid')
    // `get` rather than `has`: it fills the table with UTC on first use, so a file's own "UTC" never replaces it.
    if (typeof tzid !== 'string' || ICAL.TimezoneService.get(tzid) !== undefined) continue
    try {
      ICAL.TimezoneService.register(vtimezone)
      added.push(tzid)
    } catch {}
  }
  try {
    return read()
  } finally {
    for (const tzid of added) ICAL.TimezoneService.remove(tzid)
  }
}

/**
 * The IANA zone a TZID names: an IANA name or link (`US/Central`), a Windows name as Exchange and Outlook write
 * (`W. Europe Standard Time` → `Europe/Berlin`), or an IANA name behind a vendor prefix, as old Mozilla and
 * Evolution files write (`/mozilla.org/20050126_1/America/New_York`). Undefined for any other name.
 */
export function ianaZone(tzid: string): string | undefined {
  // Every instance of a series asks again, and a name Intl does not know is slow to refuse.
  if (!known.has(tzid)) known.set(tzid, lookUpZone(tzid))
  return known.get(tzid)
}

const known = new Map<string, string | undefined>()

function lookUpZone(tzid: string): string | undefined {
  if (isZone(tzid)) return tzid
  const windows = ianaOfWindowsZone(tzid)
  if (windows) return windows
  const parts = tzid.split('/')
  for (let i = 1; i < parts.length; i++) {
    const tail = parts.slice(i).join('/')
    if (tail.includes('/') && isZone(tail)) return tail
  }
  return undefined
}

/**
 * Where `time` goes in calfile, `tzid` being the TZID it was written with (ical.js forgets it in the instances of
 * a series that no VTIMEZONE defines):
 * - a DATE value is a whole day (RFC 5545 §3.3.4);
 * - a time with a TZID keeps its wall time, in the IANA zone the TZID names (`ianaZone`); a TZID that names none
 *   but has a VTIMEZONE in the file is placed by it, as the same instant in the site zone;
 * - a UTC time (`Z`, §3.3.5 form #2) is the same instant in the site zone; a floating time (form #1), the same wall
 *   time in the site zone.
 * @returns the place, or why there is none: a TZID nothing defines, an instant beyond years 0000–9999 in the site zone.
 */
export function whenOf(time: Time, tzid: string | undefined, siteZone: string): When | { problem: string } {
  if (time.isDate) return { date: wallOf(time).slice(0, 10) }
  if (tzid === undefined)
    return time.zone?.tzid === 'UTC' ? inZone(time, siteZone) : { wall: wallOf(time), zone: siteZone }
  const zone = ianaZone(tzid)
  if (zone) return { wall: wallOf(time), zone }
  if (time.zone?.tzid === tzid) return inZone(time, siteZone)
  return { problem: `unknown time zone "${tzid}": no VTIMEZONE defines it, and it is no IANA or Windows name` }
}

/** The instant (epoch ms) a place starts at: a whole day at its midnight in the site zone. */
export function instantOf(when: When, siteZone: string): number {
  return 'date' in when ? wallToInstant(`${when.date} 00:00:00`, siteZone) : wallToInstant(when.wall, when.zone)
}

/** The instant of `time` (in a zone ical.js knows) as a wall time in `zone`. */
function inZone(time: Time, zone: string): When | { problem: string } {
  try {
    return { wall: instantToWall(time.toUnixTime() * 1000, zone), zone }
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) }
  }
}

/** `time`'s fields as `YYYY-MM-DD HH:MM:SS`, whatever its zone. */
function wallOf(time: Time): string {
  const two = (n: number) => String(n).padStart(2, '0')
  const date = `${String(time.year).padStart(4, '0')}-${two(time.month)}-${two(time.day)}`
  return `${date} ${two(time.hour)}:${two(time.minute)}:${two(time.second)}`
}
