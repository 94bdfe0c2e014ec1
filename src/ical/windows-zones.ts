import { findIana } from 'windows-iana'
import { instantToWall, isZone } from '../core/dates/zoned.js'

/**
 * The IANA zone of a Windows time zone name, as Exchange and Outlook write it in a TZID (`W. Europe Standard Time`
 * → `Europe/Berlin`): the zone CLDR's windowsZones table gives for territory 001, the one Windows itself maps the
 * name to. Undefined for a name the table lacks (an IANA name among them).
 */
export function ianaOfWindowsZone(name: string): string | undefined {
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
