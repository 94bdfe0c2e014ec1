import ICAL from 'ical.js'
import { findIana } from 'windows-iana'
import { instantToWall, isZone, wallToInstant } from '../../core/dates/zoned.js'
import { type Component, clip, type ImportNote, type SourceEvent, type Time } from './import-read.js'

/**
 * The time zones of an import: the IANA zone a TZID names, however a producer wrote it (an IANA name or link, a
 * Windows ID or display name, a vendor's prefix), and where each time goes in calfile (`whenOf`).
 */

/**
 * A start or end as calfile stores it (docs/data-file.md): a whole day `YYYY-MM-DD` (an all-day event), or a wall
 * time `YYYY-MM-DD HH:MM:SS` in an IANA zone.
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

/**
 * The IANA zone of a Windows time zone name, as Exchange and Outlook write it in a TZID (`W. Europe Standard Time`
 * → `Europe/Berlin`): the zone CLDR's windowsZones table gives for territory 001, the one Windows itself maps the
 * name to. Undefined for a name the table lacks (an IANA name among them).
 */
function ianaOfWindowsZone(name: string): string | undefined {
  return findIana(name)[0]
}

/** `(UTC+01:00) Amsterdam, Berlin, ...`: the standard offset Windows shows, then the places it names. */
const DISPLAY_NAME = /^\((?:UTC|GMT)(?:([+-])(\d{1,2}):?(\d{2}))?\)\s*(.+)$/u

/**
 * The IANA zone of a Windows time zone *display name*, which Outlook writes as a TZID instead of the zone's ID
 * (`(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna` → `Europe/Amsterdam`, `(UTC-05:00) Eastern Time
 * (US and Canada)` → `America/New_York`), or a bare list of its places (`Amsterdam, Belgrade, Berlin, ...`).
 * Windows has no table of these names outside its registry, so they are read as Windows builds them: a
 * description whose ID is the same words with `Standard Time` (`Eastern Time` → `Eastern Standard Time`, through
 * CLDR's windowsZones table as `ianaOfWindowsZone`), or places that are the last part of IANA zone IDs (the
 * runtime's `Intl.supportedValuesOf('timeZone')`). A zone is taken only when its standard offset (the lesser of
 * January's and July's in `REFERENCE_YEAR`) is the one the name shows, when it shows one. Undefined for any
 * other name.
 */
export function ianaOfWindowsDisplayName(name: string): string | undefined {
  const match = DISPLAY_NAME.exec(name.trim())
  if (!match && !name.includes(',')) return undefined
  const places = match ? (match[4] as string) : name
  const offset = match ? displayedOffset(match) : undefined
  return [...describedZones(places), ...placeZones(places)].find(
    (zone) => offset === undefined || standardOffset(zone) === offset,
  )
}

/** The offset a display name shows, in minutes east of UTC; `(UTC)` is 0. */
function displayedOffset(match: RegExpExecArray): number {
  const [, sign, hours, minutes] = match
  if (sign === undefined) return 0
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes))
}

/** The zones of a description read as a Windows ID: `Eastern Time (US & Canada)` → `Eastern Standard Time`. */
function describedZones(places: string): string[] {
  const description =
    places
      .replace(/\([^)]*\)/gu, '')
      .split(/[,:]/u)[0]
      ?.trim() ?? ''
  const base = description.replace(/\s+Time$/u, '')
  // Hawaii and Alaska are named by adjective in their IDs: `Hawaiian Standard Time`, `Alaskan Standard Time`.
  return [description, `${base} Standard Time`, `${base}an Standard Time`].flatMap((id) => findIana(id).slice(0, 1))
}

/**
 * The zones whose IDs end in one of the places named: `Amsterdam` → `Europe/Amsterdam`; a place that is only a
 * link's name (`Kolkata`, where the runtime lists `Asia/Calcutta`) is tried in each region.
 */
function placeZones(places: string): string[] {
  return places
    .split(/[,:&()]|\band\b/u)
    .map((place) => place.trim().replace(/\s+/gu, '_'))
    .filter((place) => place !== '')
    .flatMap((place) => zonesByPlace().get(place.toLowerCase()) ?? linkedZones(place))
}

const REGIONS = ['Africa', 'America', 'Antarctica', 'Asia', 'Atlantic', 'Australia', 'Europe', 'Indian', 'Pacific']

function linkedZones(place: string): string[] {
  return REGIONS.map((region) => `${region}/${place}`).filter(isZone)
}

let byPlace: Map<string, string[]> | undefined

/** The runtime's IANA zones by the last part of their IDs, lower case: `amsterdam` → `[Europe/Amsterdam]`. */
function zonesByPlace(): Map<string, string[]> {
  if (byPlace) return byPlace
  byPlace = new Map()
  for (const zone of Intl.supportedValuesOf('timeZone')) {
    const place = zone.split('/').at(-1)?.toLowerCase() ?? ''
    byPlace.set(place, [...(byPlace.get(place) ?? []), zone])
  }
  return byPlace
}

/** The year whose offsets a display name is checked against: names show today's standard offset, not history's. */
const REFERENCE_YEAR = 2025

/** A zone's standard offset in `REFERENCE_YEAR`, in minutes east of UTC: the lesser of January's and July's. */
function standardOffset(zone: string): number {
  const offsetAt = (ms: number) => (Date.parse(`${instantToWall(ms, zone).replace(' ', 'T')}Z`) - ms) / 60_000
  return Math.min(offsetAt(Date.UTC(REFERENCE_YEAR, 0, 1)), offsetAt(Date.UTC(REFERENCE_YEAR, 6, 1)))
}
