import ICAL from 'ical.js'
import {
  derivedUid,
  type Instance,
  type InstanceContext,
  matchKey,
  type PlannedEvent,
  plannedEvent,
} from './import-event.js'
import type { Component, ImportNote, ParsedFile, SourceEvent, SourcePlace, Time } from './import-read.js'
import { instantOf, tzidNotes, whenOf, withFileZones } from './import-zones.js'

/**
 * Planning an import: the VEVENTs of each file grouped by UID, each series expanded by ical.js's recurrence engine
 * (`expandSeries`), each instance planned as an event (`import-event.ts`), and what cannot be imported set aside
 * with its reason. Nothing is written yet.
 */

type ICalEvent = InstanceType<typeof ICAL.Event>

/**
 * What an import is to write: each series as its instances in order (the first the parent of the others,
 * docs/lists.md#other-event-filters `post_parent`), an event that does not recur as a list of one; what it leaves
 * out, and what it read loosely.
 */
export interface Plan {
  series: PlannedEvent[][]
  skipped: ImportSkip[]
  notes: ImportNote[]
}

/** A VEVENT, or an instance of one, that the import left out, and why. */
export interface ImportSkip extends SourcePlace {
  uid: string
  reason: string
}

/** Where the import places times, and the window's end: instances that start at or after it are left out. */
export interface PlanOptions {
  siteZone: string
  /** Epoch ms. */
  windowEnd: number
}

/** One planning under way: the plan it fills, and the UID/RECURRENCE-ID pairs it has placed, and where. */
interface Planning extends PlanOptions {
  plan: Plan
  seen: Map<string, SourcePlace>
}

/** The VEVENTs of one UID in a file: those without a RECURRENCE-ID (one, when the file is right) and the overrides. */
interface UidGroup {
  uid: string
  masters: SourceEvent[]
  overrides: SourceEvent[]
}

/**
 * The events that `files` give, file by file with its own VTIMEZONEs: each VEVENT that does not recur, each
 * instance of a series (`expandSeries`) that starts before the window's end, and each override whose series is
 * not in its file; a VEVENT without UID is given one (`derivedUid`), noted, and so are TZIDs read loosely
 * (`tzidNotes`). Left out, with the reason: a second VEVENT with the same UID and RECURRENCE-ID, a time that
 * cannot be placed, an override that names no instance, a series cut short.
 */
export function planImport(files: ParsedFile[], options: PlanOptions): Plan {
  const planning: Planning = { ...options, plan: { series: [], skipped: [], notes: [] }, seen: new Map() }
  for (const file of files) {
    planning.plan.notes.push(...file.notes)
    withFileZones(file.calendars, () => {
      planning.plan.notes.push(...tzidNotes(file.events))
      for (const group of byUid(file.events, planning)) planGroup(group, planning)
    })
  }
  return planning.plan
}

function byUid(events: SourceEvent[], planning: Planning): UidGroup[] {
  const groups = new Map<string, UidGroup>()
  const derived = new Map<string, number>()
  for (const event of events) {
    let uid = String(event.component.getFirstPropertyValue('uid') ?? '').trim()
    if (uid === '') {
      uid = derivedUid(event.component, derived)
      const message = `no UID (RFC 5545 §3.6.1 requires one): given ${uid}, from its SUMMARY and DTSTART`
      planning.plan.notes.push({ path: event.path, line: event.lines.begin, message })
    }
    const group = groups.get(uid) ?? { uid, masters: [], overrides: [] }
    ;(event.component.hasProperty('recurrence-id') ? group.overrides : group.masters).push(event)
    groups.set(uid, group)
  }
  return [...groups.values()]
}

function planGroup({ uid, masters, overrides }: UidGroup, planning: Planning): void {
  const [master, ...others] = masters
  for (const other of others) skip(planning, other, uid, 'a second VEVENT with this UID and no RECURRENCE-ID')
  if (!master) {
    for (const override of overrides) addSeries(planning, uid, [single(override)], true)
    return
  }
  const recurs = master.component.hasProperty('rrule') || master.component.hasProperty('rdate')
  if (!recurs) {
    addSeries(planning, uid, [single(master)], false)
    for (const override of overrides) skip(planning, override, uid, 'RECURRENCE-ID of an event that does not recur')
    return
  }
  planSeries(uid, master, overrides, planning)
}

function planSeries(uid: string, master: SourceEvent, overrides: SourceEvent[], planning: Planning): void {
  const first = new ICAL.Event(master.component).startDate
  const start = whenOf(first, tzidOf(master.component, 'dtstart'), planning.siteZone)
  if ('problem' in start) {
    for (const event of [master, ...overrides]) skip(planning, event, uid, start.problem)
    return
  }
  const components = overrides.map((override) => override.component)
  const { instances, stopped, unmatched } = expandSeries(master.component, components, windowOf(planning))
  const sourceOf = (component: Component) => overrides.find((o) => o.component === component) ?? master
  const placed = instances.map((instance) => ({ instance, source: sourceOf(instance.component) }))
  addSeries(planning, uid, placed, true)
  if (stopped) skip(planning, master, uid, stopped)
  for (const component of unmatched)
    skip(planning, sourceOf(component), uid, 'its RECURRENCE-ID names no instance of its series')
}

/** Whether a time, placed as `whenOf` places it, starts before the window's end. */
function windowOf({ siteZone, windowEnd }: PlanOptions): Within {
  return (time, tzid) => {
    const when = whenOf(time, tzid, siteZone)
    return !('problem' in when) && instantOf(when, siteZone) < windowEnd
  }
}

/** A VEVENT as the one instance of itself. */
function single(source: SourceEvent): { instance: Instance; source: SourceEvent } {
  const { component } = source
  const event = new ICAL.Event(component)
  const overrides = component.hasProperty('recurrence-id')
  const instance: Instance = {
    recurrenceId: overrides ? (component.getFirstPropertyValue('recurrence-id') as Time) : event.startDate,
    recurrenceTzid: tzidOf(component, overrides ? 'recurrence-id' : 'dtstart'),
    start: event.startDate,
    end: event.endDate,
    startTzid: tzidOf(component, 'dtstart'),
    endTzid: endTzidOf(component),
    component,
  }
  return { instance, source }
}

function addSeries(
  planning: Planning,
  uid: string,
  instances: Array<{ instance: Instance; source: SourceEvent }>,
  recurring: boolean,
): void {
  const series: PlannedEvent[] = []
  for (const { instance, source } of instances) {
    const place = { path: source.path, line: source.lines.begin }
    const ctx: InstanceContext = { siteZone: planning.siteZone, uid, place, recurring }
    const planned = plannedEvent(instance, ctx)
    if ('problem' in planned) {
      skip(planning, source, uid, planned.problem)
      continue
    }
    const key = matchKey(planned.ical)
    const earlier = planning.seen.get(key)
    if (earlier) skip(planning, source, uid, `the same UID and RECURRENCE-ID as ${earlier.path}:${earlier.line}`)
    else series.push(planned)
    planning.seen.set(key, earlier ?? place)
  }
  if (series.length > 0) planning.plan.series.push(series)
}

function skip(planning: Planning, source: SourceEvent, uid: string, reason: string): void {
  planning.plan.skipped.push({ path: source.path, line: source.lines.begin, uid, reason })
}

/** The most instances one series gives: a rule such as `FREQ=MINUTELY` stops there, and the report says so. */
export const MAX_INSTANCES = 5000

/** What a series gives before the window's end. */
export interface Expansion {
  instances: Instance[]
  /** Overrides whose RECURRENCE-ID falls before the window's end but names no instance of the series. */
  unmatched: Component[]
  /** Why the expansion stopped before the window's end, when it did. */
  stopped?: string
}

/** Whether an instance starting at `time` (written with `tzid`) is before the window's end. */
export type Within = (time: Time, tzid: string | undefined) => boolean

/** The TZID parameter of a VEVENT's property, if any. */
function tzidOf(component: Component, property: string): string | undefined {
  const tzid = component.getFirstProperty(property)?.getParameter('tzid')
  return typeof tzid === 'string' ? tzid : undefined
}

/** The TZID a VEVENT's end is written with: DTEND's, or DTSTART's when a DURATION gives the end (RFC 5545 §3.6.1). */
function endTzidOf(component: Component): string | undefined {
  return tzidOf(component, component.hasProperty('dtend') ? 'dtend' : 'dtstart')
}

/**
 * The instances of the recurring VEVENT `series` that start before the window's end, in order, with ical.js's
 * recurrence engine (`ICAL.Event.iterator`): RRULE (COUNT, UNTIL, BYDAY, ... RFC 5545 §3.3.10, §3.8.5.3), RDATE
 * (§3.8.5.2) and EXDATE (§3.8.5.1), each instance replaced by its override (same UID, its RECURRENCE-ID,
 * §3.8.4.4; RANGE=THISANDFUTURE included). The series starts at its DTSTART and stops at the window's end, or
 * after `MAX_INSTANCES`: never unbounded. RDATE periods (VALUE=PERIOD), which ical.js's engine cannot expand, are
 * expanded as their starts, each instance ending where its period does (on a copy: `series` stays as it is). An
 * override of an all-day series whose RECURRENCE-ID is a date-time (Google writes `20030425T000000Z`) is read as
 * naming that day (§3.8.4.4: the RECURRENCE-ID has DTSTART's value type); the override is changed so.
 */
export function expandSeries(source: Component, overrides: Component[], within: Within): Expansion {
  const series = new ICAL.Component(structuredClone(source.toJSON()))
  const periodEnds = takePeriods(series)
  if (series.getFirstProperty('dtstart')?.type === 'date') overrides.forEach(namingDay)
  const event = new ICAL.Event(series, { exceptions: overrides, strictExceptions: true })
  const { instances, stopped } = instancesOf(event, periodEnds, within)
  const used = new Set(instances.map((instance) => instance.component))
  const unmatched = overrides.filter(
    (o) => !used.has(o) && within(o.getFirstPropertyValue('recurrence-id') as Time, tzidOf(o, 'recurrence-id')),
  )
  return stopped === undefined ? { instances, unmatched } : { instances, unmatched, stopped }
}

/** Runs ical.js's iterator over `event` to the window's end, or to `MAX_INSTANCES`, or to what it cannot expand. */
function instancesOf(event: ICalEvent, periodEnds: Map<string, Time>, within: Within) {
  const instances: Instance[] = []
  try {
    const iterator = event.iterator()
    for (let time = iterator.next(); time && within(time, seriesTzid(event, time)); time = iterator.next()) {
      if (instances.length === MAX_INSTANCES)
        return {
          instances,
          stopped: `more than ${MAX_INSTANCES} instances before the window's end; the rest are left out`,
        }
      instances.push(instanceAt(event, time, periodEnds.get(time.toString())))
    }
    return { instances }
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    return { instances, stopped: `ical.js cannot expand its recurrence: ${why}` }
  }
}

/** The instance of `event` at `time`: its override's, or the series' with `periodEnd` as its end when given. */
function instanceAt(event: ICalEvent, time: Time, periodEnd: Time | undefined): Instance {
  const details = event.getOccurrenceDetails(time)
  const { recurrenceId, startDate: start, endDate } = details
  const recurrence = { recurrenceId, recurrenceTzid: seriesTzid(event, recurrenceId) }
  if (details.item !== event) {
    const override = details.item.component
    const [startTzid, endTzid] = [tzidOf(override, 'dtstart'), endTzidOf(override)]
    return { ...recurrence, start, end: endDate, startTzid, endTzid, component: override }
  }
  const end = periodEnd ?? endDate
  const tzid = (of: Time) => seriesTzid(event, of)
  return { ...recurrence, start, end, startTzid: tzid(start), endTzid: tzid(end), component: event.component }
}

/**
 * The TZID an instance of the series `event` was written with: DTSTART's, unless an RDATE gave it another zone
 * ical.js knows (UTC, a VTIMEZONE of the file). A TZID that no VTIMEZONE defines is lost to ical.js; its instances
 * then read as DTSTART's.
 */
function seriesTzid(event: ICalEvent, time: Time): string | undefined {
  const zone = time.zone?.tzid
  if (time.zone === event.startDate.zone || zone === undefined || zone === 'floating')
    return tzidOf(event.component, 'dtstart')
  return zone === 'UTC' ? undefined : zone
}

/** Makes a date-time RECURRENCE-ID name its day, in the zone it is written in. */
function namingDay(override: Component): void {
  const property = override.getFirstProperty('recurrence-id')
  const time = property?.getFirstValue() as Time | undefined
  if (!property || !time || time.isDate) return
  property.resetType('date')
  property.setValue(ICAL.Time.fromData({ year: time.year, month: time.month, day: time.day, isDate: true }))
}

/**
 * Replaces the RDATE periods of `series` by RDATEs of their starts (keeping their TZID), and returns where each
 * period ends, by its start as ical.js writes it.
 */
function takePeriods(series: Component): Map<string, Time> {
  const ends = new Map<string, Time>()
  const periods = series.getAllProperties('rdate').filter((property) => property.type === 'period')
  for (const property of periods) {
    const starts = property.getValues().map((period: InstanceType<typeof ICAL.Period>) => {
      ends.set(period.start.toString(), period.getEnd())
      return period.start
    })
    const replacement = new ICAL.Property('rdate', series)
    const tzid = property.getParameter('tzid')
    if (typeof tzid === 'string') replacement.setParameter('tzid', tzid)
    replacement.setValues(starts)
    series.removeProperty(property)
    series.addProperty(replacement)
  }
  return ends
}
