import { findIana } from 'windows-iana'

/**
 * The IANA zone of a Windows time zone name, as Exchange and Outlook write it in a TZID (`W. Europe Standard Time`
 * → `Europe/Berlin`): the zone CLDR's windowsZones table gives for territory 001, the one Windows itself maps the
 * name to. Undefined for a name the table lacks (an IANA name among them).
 */
export function ianaOfWindowsZone(name: string): string | undefined {
  return findIana(name)[0]
}
