import { createHash } from 'node:crypto'
import { addToWall, instantToWall, wallInZone, wallToInstant } from '../../core/dates/zoned.js'
import type { Instance } from '../recurrence.js'
import { veventFields } from './import-fields.js'
import type { Time } from './import-parse.js'
import type { SourcePlace } from './import-report.js'
import { type When, whenOf } from './import-zones.js'

/**
 * The extra key (CONTRACT §5: kept as it is, shown after the contract's keys) by which an imported event is found
 * again: its VEVENT's UID and, for an instance of a series or an override, its RECURRENCE-ID (RFC 5545 §3.8.4.4)
 * as `YYYYMMDD` (a day), `YYYYMMDDTHHMMSSZ` (an instant) or `YYYYMMDDTHHMMSS` (a floating time); a digest of
 * what the import wrote, so that a VEVENT that did not change leaves the event, and whatever was edited in
 * calfile since, alone; and `transp: "TRANSPARENT"` for an event that does not block time (§3.8.2.7), which no
 * event field holds.
 */
export interface ICalKey {
  uid: string
  recurrence_id?: string
  digest: string
  transp?: 'TRANSPARENT'
}

/** The name of that key in the data file. */
export const ICAL_KEY = 'ical'

/** What tells an imported event from the others: its UID and RECURRENCE-ID, as one string. */
export function matchKey(ical: Pick<ICalKey, 'uid' | 'recurrence_id'>): string {
  return `${ical.uid}\n${ical.recurrence_id ?? ''}`
}

/** An event the import is to add or bring up to date. */
export interface PlannedEvent {
  ical: ICalKey
  /** The body of `events.create` and `events.update` (CONTRACT §3), slug aside. */
  body: Record<string, unknown>
  /** The slug a new instance of a series asks for: its title and day (calfile makes it unique). */
  slug?: string
  place: SourcePlace
}

/** What placing an instance needs: the site time zone and the UID of its VEVENT. */
export interface InstanceContext {
  siteZone: string
  uid: string
  place: SourcePlace
  /** Whether the instance belongs to a series (or is an override), so has a RECURRENCE-ID of its own. */
  recurring: boolean
}

/**
 * The event an instance of a VEVENT becomes (`veventFields` and its dates), or why it cannot be one: a start or
 * end that cannot be placed (`whenOf`). A DATE start makes an all-day event in the site zone whose last day is the
 * one before its exclusive end (RFC 5545 §3.6.1); timed ends in another zone than the start are moved to the
 * start's zone, at the same instant.
 */
export function plannedEvent(instance: Instance, ctx: InstanceContext): PlannedEvent | { problem: string } {
  const start = whenOf(instance.start, instance.startTzid, ctx.siteZone)
  const end = whenOf(instance.end, instance.endTzid, ctx.siteZone)
  if ('problem' in start) return start
  if ('problem' in end) return end
  const { body: fields, transparent } = veventFields(instance.component)
  const body = { ...fields, ...datesOf(start, end, ctx.siteZone) }
  const ical = icalKey(instance, ctx, JSON.stringify([body, transparent]), transparent)
  const day = String(body.start_date).slice(0, 10)
  return { ical, body, ...(ctx.recurring ? { slug: `${fields.title} ${day}` } : {}), place: ctx.place }
}

/** The key of an instance; `written` is what the import writes of it, whose digest tells a changed VEVENT. */
function icalKey(instance: Instance, ctx: InstanceContext, written: string, transparent: boolean): ICalKey {
  const { recurrenceId, recurrenceTzid } = instance
  const digest = createHash('sha256').update(written).digest('hex').slice(0, 16)
  return {
    uid: ctx.uid,
    ...(ctx.recurring ? { recurrence_id: recurrenceKey(recurrenceId, recurrenceTzid, ctx.siteZone) } : {}),
    digest,
    ...(transparent ? { transp: 'TRANSPARENT' as const } : {}),
  }
}

/** The dates of an event body (CONTRACT §3): `start_date`, `end_date`, `timezone`, `all_day`. */
function datesOf(start: When, end: When, siteZone: string): Record<string, unknown> {
  if ('date' in start) {
    const last = 'date' in end ? addToWall(`${end.date} 00:00:00`, -1, 'day').slice(0, 10) : end.wall.slice(0, 10)
    const until = last < start.date ? start.date : last
    return { all_day: true, start_date: `${start.date} 00:00:00`, end_date: `${until} 23:59:59`, timezone: siteZone }
  }
  const moved = (wall: string, zone: string) => (zone === start.zone ? wall : wallInZone(wall, zone, start.zone))
  const endWall = 'date' in end ? start.wall : (moved(end.wall, end.zone) ?? start.wall)
  return { all_day: false, start_date: start.wall, end_date: endWall, timezone: start.zone }
}

/** A RECURRENCE-ID as the import keeps it (`ICalKey.recurrence_id`): the same instant however it was written. */
export function recurrenceKey(time: Time, tzid: string | undefined, siteZone: string): string {
  const when = whenOf(time, tzid, siteZone)
  const basic = (wall: string) => wall.replace(/[-:]/gu, '').replace(' ', 'T')
  if ('date' in when) return when.date.replace(/-/gu, '')
  const floating = tzid === undefined && time.zone?.tzid !== 'UTC'
  if ('problem' in when || floating) return basic(time.toString().replace('T', ' ').replace('Z', ''))
  return `${basic(instantToWall(wallToInstant(when.wall, when.zone), 'UTC'))}Z`
}
