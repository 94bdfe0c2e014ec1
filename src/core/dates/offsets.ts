/**
 * The offset of a zone at an instant, and its ISO 8601 form. For IANA zones date-fns-tz is asked (library-offset.ts)
 * about once per zone and UTC day, and the answer kept for the day.
 */
import { libraryOffset } from './library-offset.js'
import { DAY, MINUTE, pad2 } from './wall.js'
import type { IanaZone, Zone } from './zones.js'

/** A cap on each zone's day cache, so a long-running server asked about any dates cannot grow it without bound. */
const MAX_CACHED_DAYS = 50_000

/** A cached day's offset when it holds for the whole day, else undefined. */
function whole(offset: number | undefined): number | undefined {
  return offset === undefined || Number.isNaN(offset) ? undefined : offset
}

/**
 * The offset of `z` from `day`'s 00:00:00 UTC to the next day's, or NaN when it differs at the two. This assumes that
 * no zone changes its offset and back again within a day. A neighbour day known whole gives the shared end, so a run of
 * days costs one library call a day.
 */
function dayOffset(z: IanaZone, day: number): number {
  const start = whole(z.days.get(day - 1)) ?? libraryOffset(z.name, day * DAY)
  const end = whole(z.days.get(day + 1)) ?? libraryOffset(z.name, (day + 1) * DAY)
  return start === end ? start : Number.NaN
}

/** The offset of `z` at instant `ms` (epoch ms in Date's range), in ms east of UTC: whole seconds. */
export function offsetAt(z: Zone, ms: number): number {
  if (z.kind === 'fixed') return z.offset
  const day = Math.floor(ms / DAY)
  let offset = z.days.get(day)
  if (offset === undefined) {
    offset = dayOffset(z, day)
    if (z.days.size >= MAX_CACHED_DAYS) z.days.clear()
    z.days.set(day, offset)
  }
  // On a day when the offset changes, each instant is asked about.
  return Number.isNaN(offset) ? libraryOffset(z.name, ms) : offset
}

/** An offset (ms east of UTC) as ISO 8601 `±HH:MM`; local mean times' seconds (-04:56:02) are dropped, as PHP does. */
export function formatOffset(offset: number): string {
  const sign = offset < 0 ? '-' : '+'
  const minutes = Math.floor(Math.abs(offset) / MINUTE)
  return `${sign}${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`
}
