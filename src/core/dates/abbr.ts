/**
 * TEC's `timezone_abbr` (docs/responses.md#event): the abbreviation PHP's `date('T')` prints for the common zones
 * (EDT, CEST, IST, AEST, JST), and the offset (`+05:30`) where there is none. Ours because no library gives PHP's
 * abbreviations: ICU prints one only in the locales where it is in common use (IST in en-IN, AEST in en-AU, BST and
 * CET in en-GB), so English locales are tried in turn, and Japanese last, the only one with JST.
 *
 * Intl is asked directly: date-fns-tz's `formatInTimeZone(…, 'zzz')` gives the same names in the same locales
 * (compared over every zone Intl knows, 1850–2040), but date-fns has no Singapore English locale (SGT, MYT), and
 * formatInTimeZone loads the whole of date-fns (over 100 ms at start-up) and makes a new Intl formatter per call.
 */
import { formatOffset, offsetAt } from './offsets.js'
import type { IanaZone } from './zones.js'

const ABBR_LOCALES = ['en-US', 'en-GB', 'en-IN', 'en-AU', 'en-NZ', 'en-IE', 'en-ZA', 'en-SG', 'en-CA', 'ja-JP']

function abbrFormat(z: IanaZone, locale: string): Intl.DateTimeFormat {
  let format = z.abbrFormats.get(locale)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { timeZone: z.name, timeZoneName: 'short' })
    z.abbrFormats.set(locale, format)
  }
  return format
}

function findAbbr(z: IanaZone, ms: number, offset: number): string {
  for (const locale of ABBR_LOCALES) {
    const abbr =
      abbrFormat(z, locale)
        .formatToParts(ms)
        .find((part) => part.type === 'timeZoneName')?.value ?? ''
    // "GMT+5:30" and names in other scripts are no abbreviations; bare GMT and UTC only count at offset zero.
    if (/^[A-Za-z]{2,6}$/.test(abbr) && (offset === 0 || (abbr !== 'GMT' && abbr !== 'UTC'))) return abbr
  }
  return formatOffset(offset)
}

/**
 * The abbreviation of the IANA zone `z` at instant `ms` (epoch ms in Date's range). Cached per zone and offset.
 */
export function abbrAt(z: IanaZone, ms: number): string {
  const offset = offsetAt(z, ms)
  let abbr = z.abbrs.get(offset)
  if (abbr === undefined) {
    abbr = findAbbr(z, ms, offset)
    z.abbrs.set(offset, abbr)
  }
  return abbr
}
