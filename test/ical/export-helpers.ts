/**
 * Helpers of the iCalendar export tests (issue 14): a calendar with the feeds mounted, the default data file as
 * `npm start` makes it, the parsers' views of a feed, and an RFC 5545 check of a feed's structure.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ICAL from 'ical.js'
import nodeIcal from 'node-ical'
import { vi } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { createApp } from '../../src/http/app.js'
import { type ICalFeedOptions, icalFeeds } from '../../src/ical/feeds/feed-routes.js'
import { initDataFile } from '../../src/tec/init.js'
import { NOW } from '../helpers.js'

/** A memory calendar from a data file text or object, clock at NOW, and its app with the feeds mounted. */
export async function feedApp(data: string | object, options: ICalFeedOptions = {}) {
  const initial = typeof data === 'string' ? data : JSON.stringify(data)
  const calendar = await openCalendar(null, { initial, now: () => NOW })
  return { calendar, app: createApp(calendar, { extensions: [icalFeeds(options)] }) }
}

/**
 * The data file `npm start` makes (`calfile init --from fixtures/tec --shift-to today`), with today NOW: the real
 * TEC captures, each site's events moved by whole weeks to start this week.
 */
export async function defaultDataText(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'calfile-ical-export-'))
  try {
    const file = join(folder, 'calendar.json')
    await initDataFile(file, { from: 'fixtures/tec', shiftTo: '2026-07-01', now: () => NOW })
    return await readFile(file, 'utf8')
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

/** A feed's VCALENDAR through ical.js, its VTIMEZONEs registered so that times with a TZID read as instants. */
export function icalJsCalendar(text: string): ICAL.Component {
  const calendar = new ICAL.Component(ICAL.parse(text))
  ICAL.TimezoneService.reset()
  // Values are read when first asked for, so those with a TZID find their zone registered by then. ical.js's own
  // UTC stays: it converts through it, and a registered VTIMEZONE named UTC would take its place.
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone'))
    if (vtimezone.getFirstPropertyValue('tzid') !== 'UTC') ICAL.TimezoneService.register(vtimezone)
  return calendar
}

/** A VEVENT's start and end as epoch ms (dates at 00:00 UTC), read by ical.js with the feed's VTIMEZONEs. */
export function instants(vevent: ICAL.Component): { start: number; end: number } {
  const event = new ICAL.Event(vevent)
  return { start: event.startDate.toUnixTime() * 1000, end: event.endDate.toUnixTime() * 1000 }
}

/** node-ical's reading of a feed, and whatever it warned about meanwhile. */
export function nodeIcalRead(text: string): { events: nodeIcal.VEvent[]; warnings: unknown[][] } {
  const warnings: unknown[][] = []
  const warn = vi.spyOn(console, 'warn').mockImplementation((...args) => warnings.push(args))
  const error = vi.spyOn(console, 'error').mockImplementation((...args) => warnings.push(args))
  try {
    const parsed = nodeIcal.sync.parseICS(text)
    const events = Object.values(parsed).filter((entry): entry is nodeIcal.VEvent => entry?.type === 'VEVENT')
    return { events, warnings }
  } finally {
    warn.mockRestore()
    error.mockRestore()
  }
}

/** Properties a VEVENT may have once at most (RFC 5545 §3.6.1, `eventprop`). */
const VEVENT_ONCE = [
  'dtstamp',
  'uid',
  'dtstart',
  'class',
  'created',
  'description',
  'geo',
  'last-modified',
  'location',
  'organizer',
  'priority',
  'sequence',
  'status',
  'summary',
  'transp',
  'url',
  'recurrence-id',
  'dtend',
  'duration',
]

/** Properties whose values RFC 5545 wants in UTC (§3.8.7.1–3.8.7.3). */
const UTC_ONLY = ['dtstamp', 'created', 'last-modified']

/**
 * Every problem an RFC 5545 reading finds in a feed, none when it is well-formed: content lines (§3.1: CRLF, 75
 * octets at most, the last line ended too), properties before components in every component (§3.4, §3.6), the
 * VCALENDAR's required and single properties (§3.6, §3.7), each VTIMEZONE (§3.6.5: one TZID, observances with
 * DTSTART, TZOFFSETFROM and TZOFFSETTO), each VEVENT (§3.6.1: UID, DTSTAMP and DTSTART once — METHOD is set —,
 * single properties at most once, not DTEND and DURATION both, DTEND of DTSTART's value type and later; §3.8.7
 * UTC values), every TZID parameter defined by a VTIMEZONE and on no UTC value (§3.2.19), and UIDs unique.
 * ical.js has no validator of its own; this reads its component model.
 */
export function rfc5545Problems(text: string): string[] {
  return [...lineProblems(text), ...orderProblems(text), ...structureProblems(icalJsCalendar(text))]
}

function lineProblems(text: string): string[] {
  const problems = text.endsWith('\r\n') ? [] : ['the last line does not end with CRLF']
  text
    .slice(0, -2)
    .split('\r\n')
    .forEach((line, i) => {
      if (/[\r\n]/u.test(line)) problems.push(`line ${i + 1}: a CR or LF alone`)
      const octets = Buffer.byteLength(line)
      if (octets > 75) problems.push(`line ${i + 1}: ${octets} octets`)
    })
  return problems
}

function orderProblems(text: string): string[] {
  const problems: string[] = []
  const open: Array<{ name: string; hadComponent: boolean }> = []
  for (const line of text.replace(/\r\n[ \t]/gu, '').split('\r\n')) {
    const [, kind, name] = /^(BEGIN|END):(.*)$/u.exec(line) ?? []
    if (kind === 'BEGIN') {
      const parent = open.at(-1)
      if (parent) parent.hadComponent = true
      open.push({ name: name ?? '', hadComponent: false })
    } else if (kind === 'END') open.pop()
    else if (open.at(-1)?.hadComponent)
      problems.push(`${open.at(-1)?.name}: ${line.split(/[;:]/u)[0]} after a component`)
  }
  return problems
}

function structureProblems(calendar: ICAL.Component): string[] {
  const problems: string[] = []
  const count = (component: ICAL.Component, name: string) => component.getAllProperties(name).length
  if (calendar.name !== 'vcalendar') problems.push(`the root is ${calendar.name}`)
  if (calendar.getFirstPropertyValue('version') !== '2.0') problems.push('VERSION is not 2.0')
  for (const name of ['version', 'prodid']) if (count(calendar, name) !== 1) problems.push(`${name} not once`)
  for (const name of ['calscale', 'method']) if (count(calendar, name) > 1) problems.push(`${name} twice`)
  const zones = new Set<string>()
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
    const tzid = String(vtimezone.getFirstPropertyValue('tzid'))
    if (count(vtimezone, 'tzid') !== 1 || zones.has(tzid)) problems.push(`VTIMEZONE ${tzid}: TZID not once`)
    zones.add(tzid)
    const observances = [...vtimezone.getAllSubcomponents('standard'), ...vtimezone.getAllSubcomponents('daylight')]
    if (observances.length === 0) problems.push(`VTIMEZONE ${tzid}: no STANDARD or DAYLIGHT`)
    for (const observance of observances) {
      for (const name of ['dtstart', 'tzoffsetfrom', 'tzoffsetto']) {
        if (count(observance, name) !== 1) problems.push(`VTIMEZONE ${tzid}: ${name} not once`)
      }
    }
  }
  const uids = new Set<string>()
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const uid = String(vevent.getFirstPropertyValue('uid'))
    if (uids.has(uid)) problems.push(`UID ${uid} twice`)
    uids.add(uid)
    problems.push(...veventProblems(vevent, zones).map((problem) => `VEVENT ${uid}: ${problem}`))
  }
  return problems
}

function veventProblems(vevent: ICAL.Component, zones: Set<string>): string[] {
  const problems: string[] = []
  for (const name of ['uid', 'dtstamp', 'dtstart']) if (!vevent.hasProperty(name)) problems.push(`no ${name}`)
  for (const name of VEVENT_ONCE) if (vevent.getAllProperties(name).length > 1) problems.push(`${name} twice`)
  if (vevent.hasProperty('dtend') && vevent.hasProperty('duration')) problems.push('DTEND and DURATION')
  for (const name of UTC_ONLY) {
    const value = vevent.getFirstPropertyValue(name)
    if (value !== null && !String(value).endsWith('Z')) problems.push(`${name} not in UTC`)
  }
  for (const property of vevent.getAllProperties()) {
    const tzid = property.getParameter('tzid')
    if (tzid === undefined) continue
    if (!zones.has(String(tzid))) problems.push(`${property.name}: TZID ${tzid} has no VTIMEZONE`)
    if (String(property.getFirstValue()).endsWith('Z')) problems.push(`${property.name}: TZID on a UTC value`)
  }
  const start = vevent.getFirstProperty('dtstart')
  const end = vevent.getFirstProperty('dtend')
  if (start && end) {
    if (start.type !== end.type) problems.push(`DTSTART is ${start.type}, DTEND ${end.type}`)
    const { start: from, end: to } = instants(vevent)
    if (!(to > from)) problems.push('DTEND is not after DTSTART')
  }
  return problems
}
