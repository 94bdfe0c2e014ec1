import ICAL from 'ical.js'
import { instantToWall, isZone, wallToInstant } from '../../core/dates/zoned.js'
import { ianaOfWindowsDisplayName, ianaOfWindowsZone } from '../windows-zones.js'
import type { Component, SourceEvent, Time } from './import-parse.js'
import { clip, type ImportNote } from './import-report.js'

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
 * (`W. Europe Standard Time` → `Europe/Berlin`), an IANA name behind a vendor prefix, as old Mozilla and
 * Evolution files write (`/mozilla.org/20050126_1/America/New_York`), or a Windows display name as Outlook writes
 * (`(UTC+01:00) Amsterdam, Berlin, ...`, `ianaOfWindowsDisplayName`). Undefined for any other name.
 */
export function ianaZone(tzid: string): string | undefined {
  return zoneOf(tzid).zone
}

/** The zone a TZID names, and whether it was only guessed from a Windows display name. */
interface NamedZone {
  zone?: string
  displayed?: boolean
}

/** Every instance of a series asks again, and a name Intl does not know is slow to refuse. */
const known = new Map<string, NamedZone>()

function zoneOf(tzid: string): NamedZone {
  const found = known.get(tzid) ?? lookUpZone(tzid)
  known.set(tzid, found)
  return found
}

function lookUpZone(tzid: string): NamedZone {
  if (isZone(tzid)) return { zone: tzid }
  const windows = ianaOfWindowsZone(tzid)
  if (windows) return { zone: windows }
  const parts = tzid.split('/')
  for (let i = 1; i < parts.length; i++) {
    const tail = parts.slice(i).join('/')
    if (tail.includes('/') && isZone(tail)) return { zone: tail }
  }
  const displayed = ianaOfWindowsDisplayName(tzid)
  return displayed ? { zone: displayed, displayed: true } : {}
}

/**
 * Where `time` goes in calfile, `tzid` being the TZID it was written with (ical.js forgets it in the instances of
 * a series that no VTIMEZONE defines):
 * - a DATE value is a whole day (RFC 5545 §3.3.4);
 * - a time with a TZID keeps its wall time, in the IANA zone the TZID names (`ianaZone`); a TZID that names none
 *   but has a VTIMEZONE in the file is placed by it, as the same instant in the site zone, and so is a time whose
 *   zone was guessed from a Windows display name where the file's VTIMEZONE of that name gives another instant;
 * - a UTC time (`Z`, §3.3.5 form #2) is the same instant in the site zone; a floating time (form #1), and a time
 *   whose TZID nothing defines (§3.2.19 requires a VTIMEZONE; ical.js reads such a time as floating), the same
 *   wall time in the site zone (`tzidNotes` reports the latter).
 * @returns the place, or why there is none: an instant beyond years 0000–9999 in the site zone.
 */
export function whenOf(time: Time, tzid: string | undefined, siteZone: string): When | { problem: string } {
  if (time.isDate) return { date: wallOf(time).slice(0, 10) }
  if (tzid === undefined)
    return time.zone?.tzid === 'UTC' ? inZone(time, siteZone) : { wall: wallOf(time), zone: siteZone }
  const { zone, displayed } = zoneOf(tzid)
  const defined = time.zone?.tzid === tzid
  if (zone && !(displayed && defined && wallToInstant(wallOf(time), zone) !== time.toUnixTime() * 1000))
    return { wall: wallOf(time), zone }
  if (defined) return inZone(time, siteZone)
  return { wall: wallOf(time), zone: siteZone }
}

/** The properties of a VEVENT whose values may carry a TZID (RFC 5545 §3.2.19). */
const ZONED = ['dtstart', 'dtend', 'due', 'recurrence-id', 'exdate', 'rdate']

/**
 * What the import reads loosely in the TZIDs of `events`, once per TZID, at the line it first appears on: a
 * Windows display name (read as the zone `ianaZone` gives), and a TZID that neither names a zone nor has a
 * VTIMEZONE (read as floating, as `whenOf` does). Must run inside `withFileZones`, which tells the file's
 * VTIMEZONEs.
 */
export function tzidNotes(events: SourceEvent[]): ImportNote[] {
  const notes = new Map<string, ImportNote>()
  for (const { component, path, lines } of events) {
    for (const name of ZONED) {
      component.getAllProperties(name).forEach((property, i) => {
        const tzid = property.getParameter('tzid')
        if (typeof tzid !== 'string' || notes.has(tzid)) return
        const message = tzidMessage(tzid)
        const line = lines.props.get(name.toUpperCase())?.[i] ?? lines.begin
        if (message) notes.set(tzid, { path, line, message })
      })
    }
  }
  return [...notes.values()]
}

function tzidMessage(tzid: string): string | undefined {
  const { zone, displayed } = zoneOf(tzid)
  const checked = ICAL.TimezoneService.has(tzid) ? ', where its VTIMEZONE agrees' : ''
  if (displayed) return `TZID "${clip(tzid)}" is a Windows display name, not a zone ID: read as ${zone}${checked}`
  if (zone || ICAL.TimezoneService.has(tzid)) return undefined
  return `TZID "${clip(tzid)}": no VTIMEZONE defines it, and it names no IANA or Windows zone: read as floating time, in the site time zone`
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
