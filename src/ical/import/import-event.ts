import { createHash } from 'node:crypto'
import { addToWall, instantToWall, wallInZone, wallToInstant } from '../../core/dates/zoned.js'
import { isHttpUrl } from '../../core/resources/fields.js'
import type { Component, Property, SourcePlace, Time } from './import-read.js'
import { type When, whenOf } from './import-zones.js'

/**
 * The event one instance of a VEVENT becomes: its dates placed in calfile's zones, its fields, and the `ical` key
 * that finds it again on the next import.
 */

/** One instance of a VEVENT, as ical.js's recurrence engine gives it. */
export interface Instance {
  /** The instance's RECURRENCE-ID (RFC 5545 §3.8.4.4): its start as the series gives it, and the TZID of that. */
  recurrenceId: Time
  recurrenceTzid: string | undefined
  start: Time
  end: Time
  /** The TZIDs `start` and `end` were written with (ical.js drops them where no VTIMEZONE defines them). */
  startTzid: string | undefined
  endTzid: string | undefined
  /** The VEVENT the instance's fields come from: the series', or the override of this instance. */
  component: Component
}

/**
 * The extra key (docs/errors.md: kept as it is, shown after the contract's keys) by which an imported event is found
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
  /** The body of `events.create` and `events.update` (docs/writes.md), slug aside. */
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

/** The dates of an event body (docs/writes.md): `start_date`, `end_date`, `timezone`, `all_day`. */
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
function recurrenceKey(time: Time, tzid: string | undefined, siteZone: string): string {
  const when = whenOf(time, tzid, siteZone)
  const basic = (wall: string) => wall.replace(/[-:]/gu, '').replace(' ', 'T')
  if ('date' in when) return when.date.replace(/-/gu, '')
  const floating = tzid === undefined && time.zone?.tzid !== 'UTC'
  if ('problem' in when || floating) return basic(time.toString().replace('T', ' ').replace('Z', ''))
  return `${basic(instantToWall(wallToInstant(when.wall, when.zone), 'UTC'))}Z`
}

/** The title of a VEVENT without a SUMMARY: calfile needs one (docs/writes.md), and Google shows this. */
const NO_TITLE = '(no title)'

/**
 * What a VEVENT says beyond its dates, as an event body for `events.create`/`update` (docs/writes.md), and its
 * TRANSP when it is `TRANSPARENT`, which no event field holds.
 */
interface VeventFields {
  body: Record<string, unknown>
  transparent: boolean
}

/**
 * The event fields of a VEVENT (RFC 5545 §3.8):
 * - SUMMARY → `title` (`NO_TITLE` when empty); `X-ALT-DESC;FMTTYPE=text/html` → `description` as it is, else
 *   DESCRIPTION as text made HTML (`textToHtml`);
 * - STATUS:CANCELLED → `draft` (kept, not published, §3.8.1.11); CLASS PRIVATE or CONFIDENTIAL → `private`
 *   (§3.8.1.3); else `publish`;
 * - URL → `website` when an absolute http(s) URL; LOCATION → `venue` by name (found or created, docs/writes.md), with
 *   GEO's coordinates; ORGANIZER → `organizer` (CN and the mailto: address, §3.8.4.3); CATEGORIES → `categories`
 *   by name (found or created). An absent LOCATION, ORGANIZER or CATEGORIES clears them.
 */
function veventFields(vevent: Component): VeventFields {
  const text = (name: string) => String(vevent.getFirstPropertyValue(name) ?? '').trim()
  const url = text('url')
  const body: Record<string, unknown> = {
    title: text('summary') || NO_TITLE,
    description: htmlDescription(vevent) ?? textToHtml(text('description')),
    status: statusOf(text('status').toUpperCase(), text('class').toUpperCase()),
    ...(isHttpUrl(url) ? { website: url } : {}),
    venue: venueOf(text('location'), vevent.getFirstPropertyValue('geo')),
    organizer: vevent
      .getAllProperties('organizer')
      .map(organizerOf)
      .filter((organizer) => organizer.organizer !== ''),
    categories: categoriesOf(vevent),
  }
  return { body, transparent: text('transp').toUpperCase() === 'TRANSPARENT' }
}

function statusOf(status: string, access: string): string {
  if (status === 'CANCELLED') return 'draft'
  return access === 'PRIVATE' || access === 'CONFIDENTIAL' ? 'private' : 'publish'
}

/** The HTML description Outlook and TEC add beside the text one (`X-ALT-DESC;FMTTYPE=text/html`). */
function htmlDescription(vevent: Component): string | undefined {
  const html = vevent
    .getAllProperties('x-alt-desc')
    .find((property) => String(property.getParameter('fmttype')).toLowerCase() === 'text/html')
  const value = html?.getFirstValue()
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' }

/** Text as HTML: `&`, `<` and `>` escaped, a paragraph per blank-line-separated block, `<br />` at other line ends. */
function textToHtml(text: string): string {
  if (text === '') return ''
  const escaped = text.replace(/[&<>]/gu, (c) => ENTITIES[c] as string)
  return escaped
    .split(/\n[ \t]*\n\s*/u)
    .map((paragraph) => `<p>${paragraph.replace(/\n/gu, '<br />\n')}</p>`)
    .join('\n')
}

function venueOf(location: string, geo: unknown): Record<string, unknown> | null {
  if (location === '') return null
  const [lat, lng] = Array.isArray(geo) ? geo : []
  const placed = typeof lat === 'number' && typeof lng === 'number'
  return { venue: location, ...(placed ? { geo_lat: lat, geo_lng: lng } : {}) }
}

/** `ORGANIZER;CN=Jazz Society:mailto:hi@example.org` → `{ organizer: 'Jazz Society', email: 'hi@example.org' }`. */
function organizerOf(property: Property): Record<string, string> {
  const address = String(property.getFirstValue() ?? '').trim()
  const email = /^mailto:/iu.test(address) ? address.slice('mailto:'.length) : ''
  const name = String(property.getParameter('cn') ?? '').trim()
  return { organizer: name || email || address, ...(email ? { email } : {}) }
}

/** Every CATEGORIES value (the property may repeat and hold a list, §3.8.1.2), once each, in order. */
function categoriesOf(vevent: Component): string[] {
  const names = vevent
    .getAllProperties('categories')
    .flatMap((property) => property.getValues().map((value) => String(value).trim()))
  return [...new Set(names.filter((name) => name !== ''))]
}

/**
 * The UID given to a VEVENT that has none (RFC 5545 §3.6.1 requires one; Outlook, Exchange and hand-made files
 * leave it out): `calfile-` and 16 hex digits of a SHA-256 of its SUMMARY and of its DTSTART line (value and
 * parameters). The same VEVENT gets the same UID on every import, so that importing the file again finds its
 * event; DTSTAMP, which Exchange renews on every export, is left out. A second VEVENT of a file with the same
 * SUMMARY and DTSTART gets `-2` after it, a third `-3`: `seen` counts them, one map a file.
 */
export function derivedUid(component: Component, seen: Map<string, number>): string {
  const summary = String(component.getFirstPropertyValue('summary') ?? '')
  const start = component.getFirstProperty('dtstart')?.toICALString() ?? ''
  const uid = `calfile-${createHash('sha256').update(`${summary}\n${start}`).digest('hex').slice(0, 16)}`
  const count = (seen.get(uid) ?? 0) + 1
  seen.set(uid, count)
  return count === 1 ? uid : `${uid}-${count}`
}
