import ICAL from 'ical.js'
import type { Component, Time } from './import/import-parse.js'

type ICalEvent = InstanceType<typeof ICAL.Event>

/** The most instances one series gives: a rule such as `FREQ=MINUTELY` stops there, and the report says so. */
export const MAX_INSTANCES = 5000

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
export function tzidOf(component: Component, property: string): string | undefined {
  const tzid = component.getFirstProperty(property)?.getParameter('tzid')
  return typeof tzid === 'string' ? tzid : undefined
}

/** The TZID a VEVENT's end is written with: DTEND's, or DTSTART's when a DURATION gives the end (RFC 5545 §3.6.1). */
export function endTzidOf(component: Component): string | undefined {
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
