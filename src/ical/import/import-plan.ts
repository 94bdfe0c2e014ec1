import ICAL from 'ical.js'
import { endTzidOf, expandSeries, type Instance, tzidOf, type Within } from '../recurrence.js'
import { type InstanceContext, matchKey, type PlannedEvent, plannedEvent } from './import-instance.js'
import type { Component, ParsedFile, SourceEvent, Time } from './import-parse.js'
import type { ImportNote, ImportSkip, SourcePlace } from './import-report.js'
import { derivedUid } from './import-uid.js'
import { instantOf, tzidNotes, whenOf, withFileZones } from './import-zones.js'

/**
 * What an import is to write: each series as its instances in order (the first the parent of the others, CONTRACT
 * §4.2 `post_parent`), an event that does not recur as a list of one; what it leaves out, and what it read loosely.
 */
export interface Plan {
  series: PlannedEvent[][]
  skipped: ImportSkip[]
  notes: ImportNote[]
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
