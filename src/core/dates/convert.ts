/**
 * Wall time in a zone ↔ instant, on the zone's offsets (offsets.ts), with PHP's answers where a wall is not exactly
 * one instant (docs/data-file.md, docs/lists.md#event-list-dates).
 *
 * Not date-fns-tz's fromZonedTime and formatInTimeZone themselves: fromZonedTime moves a wall in a DST gap back
 * (2026-03-08 02:30 New York → 01:30 EST) where PHP moves it forward (03:30 EDT); both read the wall through the
 * server's own zone (TZ), so under some TZ fromZonedTime picks the later instant of an overlap and formatInTimeZone
 * shows a wall an hour off; and neither is cached.
 */
import { offsetAt } from './offsets.js'
import { DAY, formatWallOrNull } from './wall.js'
import type { Zone } from './zones.js'

/** Date's range less a day, so the day-wide offset lookups never leave it. */
const MAX_INSTANT = 8.64e15 - DAY

/** Whether `ms` is an instant calfile converts: a number of epoch ms within Date's range less a day. */
export function isInstant(ms: number): boolean {
  return typeof ms === 'number' && Math.abs(ms) <= MAX_INSTANT
}

/**
 * Wall ms in `z` → instant. In a DST gap the wall moves forward by the gap, as PHP does; in an overlap the earlier
 * instant wins.
 */
export function wallToInstantIn(wall: number, z: Zone): number {
  // Offsets are at most ±14 h, so a day either side of the wall is safely before / after any transition near it.
  const before = offsetAt(z, wall - DAY)
  const after = offsetAt(z, wall + DAY)
  if (before === after) return wall - before
  const early = wall - before
  const late = wall - after
  // In an overlap both readings hold and `early` is the first; in a gap neither holds, and the pre-transition
  // offset lands past the gap by exactly its length, which is PHP's behaviour.
  if (offsetAt(z, early) === before) return early
  return offsetAt(z, late) === after ? late : early
}

/** Instant (epoch ms) → wall in `z`, or null when `ms` is no instant (isInstant) or the wall leaves years 0000–9999. */
export function instantToWallIn(ms: number, z: Zone): string | null {
  return isInstant(ms) ? formatWallOrNull(ms + offsetAt(z, ms)) : null
}
