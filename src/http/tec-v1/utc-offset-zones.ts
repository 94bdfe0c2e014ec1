import { phpFloat } from '../php/type-juggling.js'

/**
 * The zone TEC's event repository stores for a time zone given as a UTC offset (`UTC+2`, `UTC-3:30`):
 * `Tribe__Timezones::generate_timezone_string_from_utc_offset()`, which asks PHP's `timezone_name_from_abbr( '',
 * $seconds, 0 )`, then the first zone of PHP's abbreviation list without daylight saving at that offset, else `UTC`.
 * The offsets PHP 8.2 names, read off it once (in seconds east of UTC; none between those listed).
 */
const NAMED_OFFSETS: ReadonlyMap<number, string> = new Map([
  [-39600, 'Pacific/Apia'],
  [-37800, 'Pacific/Honolulu'],
  [-36000, 'Pacific/Honolulu'],
  [-32400, 'America/Anchorage'],
  [-28800, 'America/Los_Angeles'],
  [-25200, 'America/Denver'],
  [-21600, 'America/Chicago'],
  [-18000, 'America/New_York'],
  [-16200, 'America/Caracas'],
  [-14400, 'America/Halifax'],
  [-12600, 'America/St_Johns'],
  [-10800, 'America/Sao_Paulo'],
  [-3600, 'Atlantic/Azores'],
  [0, 'Europe/London'],
  [3600, 'Europe/Paris'],
  [5400, 'Africa/Johannesburg'],
  [7200, 'Europe/Helsinki'],
  [10800, 'Europe/Moscow'],
  [14400, 'Asia/Dubai'],
  [18000, 'Asia/Karachi'],
  [19800, 'Asia/Kolkata'],
  [20700, 'Asia/Katmandu'],
  [25200, 'Asia/Krasnoyarsk'],
  [28800, 'Asia/Shanghai'],
  [30600, 'Asia/Hong_Kong'],
  [32400, 'Asia/Tokyo'],
  [34200, 'Australia/Adelaide'],
  [36000, 'Australia/Melbourne'],
  [41400, 'Pacific/Auckland'],
  [43200, 'Pacific/Auckland'],
])

/**
 * The zone TEC 6.17.2 stores for `zone` when it is a UTC offset (`UTC` followed by anything); `zone` itself
 * otherwise. As TEC reads the offset, its minutes always add: `UTC-4:30` is −4 h + 30 min (PHP's
 * `-4 * 3600 + 30 * 60`), so −3:30, `America/St_Johns`.
 *
 * @example
 * zoneForUtcOffset('UTC+2') // 'Europe/Helsinki'
 * zoneForUtcOffset('UTC+1:15') // 'UTC'
 * zoneForUtcOffset('Europe/Paris') // 'Europe/Paris'
 */
export function zoneForUtcOffset(zone: string): string {
  const text = zone.trim()
  if (!text.startsWith('UTC') || text.length <= 3) return zone
  const [hours = '', minutes = '0'] = (text.includes(':') ? text : `${text}:00`).slice(3).split(':')
  const seconds = phpFloat(hours) * 3600 + phpFloat(minutes) * 60
  return NAMED_OFFSETS.get(seconds) ?? 'UTC'
}
