/**
 * Calendar arithmetic on wall times, by date-fns (docs/writes.md, docs/lists.md#event-list-dates). Walls are
 * zone-free clocks: a day is always 24 wall hours, and months and years clamp to the month's last day as date-fns's
 * addMonths does (Jan 31 + 1 month is Feb 28/29). Values are wall ms (wall.ts); a result past Date's range is NaN,
 * and years 0000–9999 are the caller's to check.
 */
import { addDays } from 'date-fns/addDays'
import { addHours } from 'date-fns/addHours'
import { addMinutes } from 'date-fns/addMinutes'
import { addMonths } from 'date-fns/addMonths'
import { addWeeks } from 'date-fns/addWeeks'
import { addYears } from 'date-fns/addYears'
import { endOfDay } from 'date-fns/endOfDay'
import { set } from 'date-fns/set'
import { startOfDay } from 'date-fns/startOfDay'

/**
 * A Date whose local fields are its UTC fields. date-fns reads and writes a Date's local fields, that is the clock of
 * the server's own zone (TZ), whose DST gaps would move a wall (02:30 on a spring-forward day becomes 03:30); walls
 * belong to no zone, so date-fns gets them as WallDates (what @date-fns/utc's UTCDate does).
 */
class WallDate extends Date {
  override getFullYear(): number {
    return this.getUTCFullYear()
  }
  override getMonth(): number {
    return this.getUTCMonth()
  }
  override getDate(): number {
    return this.getUTCDate()
  }
  override getDay(): number {
    return this.getUTCDay()
  }
  override getHours(): number {
    return this.getUTCHours()
  }
  override getMinutes(): number {
    return this.getUTCMinutes()
  }
  override getSeconds(): number {
    return this.getUTCSeconds()
  }
  override getMilliseconds(): number {
    return this.getUTCMilliseconds()
  }
  override getTimezoneOffset(): number {
    return 0
  }
  override setFullYear(...fields: Parameters<Date['setUTCFullYear']>): number {
    return this.setUTCFullYear(...fields)
  }
  override setMonth(...fields: Parameters<Date['setUTCMonth']>): number {
    return this.setUTCMonth(...fields)
  }
  override setDate(date: number): number {
    return this.setUTCDate(date)
  }
  override setHours(...fields: Parameters<Date['setUTCHours']>): number {
    return this.setUTCHours(...fields)
  }
  override setMinutes(...fields: Parameters<Date['setUTCMinutes']>): number {
    return this.setUTCMinutes(...fields)
  }
  override setSeconds(...fields: Parameters<Date['setUTCSeconds']>): number {
    return this.setUTCSeconds(...fields)
  }
  override setMilliseconds(ms: number): number {
    return this.setUTCMilliseconds(ms)
  }
}

/** The units of wall arithmetic, as the relative date input of docs/writes.md names them. */
export type WallUnit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year'

const ADD: Record<WallUnit, (date: WallDate, amount: number) => WallDate> = {
  minute: addMinutes,
  hour: addHours,
  day: addDays,
  week: addWeeks,
  month: addMonths,
  year: addYears,
}

/** Whether `unit` is a WallUnit (own keys only: `__proto__` is none). */
export function isWallUnit(unit: string): unit is WallUnit {
  return Object.hasOwn(ADD, unit)
}

/** `n` (an integer) units added to wall ms. */
export function addToWallMs(wall: number, n: number, unit: WallUnit): number {
  return ADD[unit](new WallDate(wall), n).getTime()
}

/** 00:00:00 of the wall's day. */
export function startOfWallDay(wall: number): number {
  return startOfDay(new WallDate(wall)).getTime()
}

/** The last wall ms of the wall's day (23:59:59.999, shown as 23:59:59: walls hold whole seconds). */
export function endOfWallDay(wall: number): number {
  return endOfDay(new WallDate(wall)).getTime()
}

/** The wall's day at the time of day given (hours 0–23, minutes and seconds 0–59). */
export function atTimeOfDay(wall: number, hours: number, minutes: number, seconds: number): number {
  return set(new WallDate(wall), { hours, minutes, seconds, milliseconds: 0 }).getTime()
}
