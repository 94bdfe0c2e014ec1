/**
 * Issue 14, export: the content of a feed. Each VEVENT has TEC's fields (its iCal class; the real TEC exports in
 * /work/shared/data/ics/tec_*.ics) equal to the event's REST values: UID `<id>-<start>-<end>@<host>`, DTSTART/DTEND
 * with TZID (dates for all-day events, the end exclusive), DTSTAMP, CREATED, LAST-MODIFIED, SUMMARY, DESCRIPTION and
 * X-ALT-DESC, URL, LOCATION, GEO, CATEGORIES, ORGANIZER, ATTACH; the calendar has PRODID, X-WR-CALNAME,
 * X-ORIGINAL-URL, X-WR-TIMEZONE, REFRESH-INTERVAL. Each zone used has a VTIMEZONE that gives the zone's offset at
 * every instant of the span, across DST changes of both hemispheres. The library calls give the text HTTP sends.
 */
import { readFileSync } from 'node:fs'
import { getTimezoneOffset } from 'date-fns-tz'
import type { H3 } from 'h3'
import ICAL from 'ical.js'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Calendar } from '../../src/core/calendar.js'
import { eventToICalendar, toICalendar } from '../../src/ical/export/export-calendar.js'
import { hostName, tecUid } from '../../src/ical/export/export-vevent.js'
import { fixture, P } from '../helpers.js'
import { feedApp, icalJsCalendar, instants, nodeIcalRead, rfc5545Problems } from './export-helpers.js'

type Json = Record<string, any>

const TEC_EXPORTS = ['tec_clihtf_ecp6.4.0.1.ics', 'tec_glwa_ecp4.6.11.1.ics']
const tecExport = (name: string) => readFileSync(`/work/shared/data/ics/${name}`, 'utf8')

/** All-day, multi-day, zero-length, and times in five zones, two of them across a DST change. */
const ZONED = {
  settings: { timezone: 'America/New_York', site_url: 'https://events.example.org:8443' },
  media: [{ id: 40, url: 'https://img.example.org/stage.JPG' }],
  venues: [
    {
      id: 5,
      venue: 'Opera &amp; Hall',
      address: '1 Macquarie St',
      city: 'Sydney',
      province: 'NSW',
      zip: '2000',
      country: 'Australia',
      geo_lat: -33.8568,
      geo_lng: 151.2153,
    },
  ],
  organizers: [{ id: 6, organizer: 'The "Big" Band', email: 'band@example.org' }],
  categories: [{ id: 3, name: 'Arts &amp; Culture' }],
  events: [
    { id: 10, title: 'Fair', all_day: true, start_date: '2026-07-04 00:00:00', end_date: '2026-07-04 23:59:59' },
    { id: 11, title: 'Festival', all_day: true, start_date: '2026-07-10 00:00:00', end_date: '2026-07-12 23:59:59' },
    {
      id: 12,
      title: 'Opera &#8211; night',
      description: '<p>Act one.</p>\n<p>Act&nbsp;two &amp; <em>three</em>.<br>Encore</p>',
      timezone: 'Australia/Sydney',
      // Sydney moves to daylight time at 02:00 on 2026-10-04.
      start_date: '2026-10-03 19:00:00',
      end_date: '2026-10-04 03:30:00',
      venue: 5,
      organizer: [6],
      categories: [3],
      image: 40,
    },
    {
      id: 13,
      title: 'Berlin night',
      timezone: 'Europe/Berlin',
      // Berlin goes back to standard time at 03:00 on 2026-10-25.
      start_date: '2026-10-24 22:00:00',
      end_date: '2026-10-25 04:00:00',
    },
    {
      id: 14,
      title: 'Delhi talk',
      timezone: 'Asia/Kolkata',
      start_date: '2026-07-06 09:00:00',
      end_date: '2026-07-06 10:00:00',
    },
    {
      id: 15,
      title: 'Kathmandu',
      timezone: 'Asia/Kathmandu',
      start_date: '2027-01-02 09:00:00',
      end_date: '2027-01-02 10:00:00',
    },
    { id: 16, title: 'New York gala', start_date: '2027-03-13 22:00:00', end_date: '2027-03-14 04:00:00' },
    { id: 17, title: 'Deadline', start_date: '2026-08-01 17:00:00', end_date: '2026-08-01 17:00:00' },
    {
      id: 18,
      title: 'Offset talk',
      timezone: 'UTC+5:30',
      start_date: '2026-08-02 09:00:00',
      end_date: '2026-08-02 10:00:00',
    },
    { id: 19, title: 'UTC talk', timezone: 'UTC', start_date: '2026-08-03 09:00:00', end_date: '2026-08-03 10:00:00' },
  ],
}

let calendar: Calendar
let app: H3

async function feedText(path = '/events/?ical=1'): Promise<string> {
  const response = await app.request(path)
  expect(response.status).toBe(200)
  return response.text()
}

/** The REST view of an event, as the list shows it. */
async function restEvent(id: number): Promise<Json> {
  const response = await app.request(`${P}/events?include=${id}`)
  return (await response.json()).events[0]
}

function vevent(text: string, id: number): ICAL.Component {
  const found = icalJsCalendar(text)
    .getAllSubcomponents('vevent')
    .find((component) => String(component.getFirstPropertyValue('uid')).startsWith(`${id}-`))
  if (!found) throw new Error(`no VEVENT for event ${id}`)
  return found
}

/**
 * An X- property's value read as TEXT (RFC 5545 §3.3.11), as clients read X-ALT-DESC: ical.js leaves the values of
 * properties it does not know escaped.
 */
function textValue(component: ICAL.Component, name: string): string {
  return String(component.getFirstPropertyValue(name)).replace(/\\([\\;,nN])/gu, (_, char: string) =>
    char === 'n' || char === 'N' ? '\n' : char,
  )
}

/** `2026-06-02 14:30:00` (UTC) → `2026-06-02T14:30:00Z`, as ical.js prints a UTC time. */
const utcText = (wall: string) => `${wall.replace(' ', 'T')}Z`
const wallSeconds = (wall: string) => Date.parse(utcText(wall)) / 1000

describe("TEC's VEVENT fields, equal to the event's REST values", () => {
  beforeEach(async () => {
    ;({ calendar, app } = await feedApp(fixture('events-rich.json')))
  })

  it('has them all for an event with venue, organizers, categories and image', async () => {
    const text = await feedText()
    const rest = await restEvent(10)
    const component = vevent(text, 10)
    const value = (name: string) => String(component.getFirstPropertyValue(name))
    const property = (name: string) => component.getFirstProperty(name) as ICAL.Property
    expect(value('uid')).toBe(`10-${wallSeconds(rest.start_date)}-${wallSeconds(rest.end_date)}@localhost`)
    expect(property('dtstart').getParameter('tzid')).toBe(rest.timezone)
    expect(value('dtstart')).toBe(rest.start_date.replace(' ', 'T'))
    expect(property('dtend').getParameter('tzid')).toBe(rest.timezone)
    expect(value('dtend')).toBe(rest.end_date.replace(' ', 'T'))
    expect(value('dtstamp')).toBe(utcText(rest.modified_utc))
    expect(value('created')).toBe(utcText(rest.date_utc))
    expect(value('last-modified')).toBe(utcText(rest.modified_utc))
    expect(value('summary')).toBe(rest.title)
    expect(value('description')).toBe('Live jazz all night')
    expect(textValue(component, 'x-alt-desc')).toBe(rest.description)
    expect(property('x-alt-desc').getParameter('fmttype')).toBe('text/html')
    expect(value('url')).toBe(rest.url)
    const venue = rest.venue
    expect(value('location')).toBe(
      [venue.venue, venue.address, venue.city, venue.stateprovince, venue.zip, venue.country].join(', '),
    )
    expect(property('geo').getFirstValue()).toEqual([venue.geo_lat, venue.geo_lng])
    expect(property('categories').getValues()).toEqual(rest.categories.map((term: Json) => term.name))
    // The first organizer, 18, has no email: TEC's ORGANIZER is the first one with one.
    expect(value('organizer')).toBe(`mailto:${rest.organizer[1].email}`)
    expect(property('organizer').getParameter('cn')).toBe(rest.organizer[1].organizer)
    expect(value('attach')).toBe(rest.image.url)
    expect(property('attach').getParameter('fmttype')).toBe('image/png')
    expect(instants(component)).toEqual({
      start: Date.parse(utcText(rest.utc_start_date)),
      end: Date.parse(utcText(rest.utc_end_date)),
    })
  })

  it("has TEC's calendar properties: PRODID, X-WR-CALNAME, X-ORIGINAL-URL, X-WR-TIMEZONE, …", async () => {
    const root = icalJsCalendar(await feedText())
    const value = (name: string) => String(root.getFirstPropertyValue(name))
    expect(value('prodid')).toBe('-//localhost//calfile//EN')
    expect(value('calscale')).toBe('GREGORIAN')
    expect(value('method')).toBe('PUBLISH')
    expect(value('x-wr-calname')).toBe('localhost')
    expect(value('x-wr-caldesc')).toBe('Events for localhost')
    expect(value('x-original-url')).toBe('http://localhost')
    expect(value('x-wr-timezone')).toBe('America/New_York')
    expect(value('refresh-interval')).toBe('PT1H')
    expect(value('x-published-ttl')).toBe('PT1H')
  })

  it('uses every property the real TEC exports use (but the X-Robots-Tag a site filter put in one)', async () => {
    const text = await feedText()
    const root = icalJsCalendar(text)
    const names = (components: ICAL.Component[]) =>
      new Set(components.flatMap((component) => component.getAllProperties().map((property) => property.name)))
    const ours = { calendar: names([root]), vevent: names(root.getAllSubcomponents('vevent')) }
    for (const file of TEC_EXPORTS) {
      const tec = new ICAL.Component(ICAL.parse(tecExport(file)))
      const theirs = { calendar: names([tec]), vevent: names(tec.getAllSubcomponents('vevent')) }
      theirs.calendar.delete('x-robots-tag')
      expect(
        [...theirs.calendar].filter((name) => !ours.calendar.has(name)),
        file,
      ).toEqual([])
      expect(
        [...theirs.vevent].filter((name) => !ours.vevent.has(name)),
        file,
      ).toEqual([])
    }
  })

  it("makes UIDs by TEC's rule: the UIDs of a real TEC export from its own events", () => {
    const tec = new ICAL.Component(ICAL.parse(tecExport('tec_glwa_ecp4.6.11.1.ics')))
    const site = String(tec.getFirstPropertyValue('x-original-url'))
    const vevents = tec.getAllSubcomponents('vevent')
    expect(vevents).toHaveLength(7)
    for (const component of vevents) {
      const uid = String(component.getFirstPropertyValue('uid'))
      const wall = (name: string) => String(component.getFirstPropertyValue(name)).replace('T', ' ')
      const event = { id: Number(uid.split('-')[0]), start_date: wall('dtstart'), end_date: wall('dtend') }
      expect(tecUid(event, site)).toBe(uid)
    }
  })

  it('is the text of the library calls: toICalendar for the list, eventToICalendar for one event', async () => {
    expect(toICalendar(calendar)).toBe(await feedText())
    expect(toICalendar(calendar, { categories: 'music' })).toBe(await feedText('/events/?ical=1&categories=music'))
    expect(eventToICalendar(calendar, { slug: 'jazz-night' })).toBe(await feedText('/event/jazz-night/?ical=1'))
    expect(eventToICalendar(calendar, 10)).toBe(await feedText('/event/jazz-night/?ical=1'))
  })
})

describe('dates, zones and text', () => {
  let text: string

  beforeEach(async () => {
    ;({ calendar, app } = await feedApp(ZONED))
    text = await feedText('/events/?ical=1&start_date=2026-07-01&end_date=2027-12-31')
  })

  it('passes the RFC 5545 check and parses with node-ical without a warning', () => {
    expect(rfc5545Problems(text)).toEqual([])
    const { events, warnings } = nodeIcalRead(text)
    expect(warnings).toEqual([])
    expect(events).toHaveLength(ZONED.events.length)
  })

  it('writes all-day events as dates with no zone, the end the day after the last (exclusive)', () => {
    for (const [id, start, end] of [
      [10, '2026-07-04', '2026-07-05'],
      [11, '2026-07-10', '2026-07-13'],
    ] as const) {
      const component = vevent(text, id)
      for (const [name, date] of [
        ['dtstart', start],
        ['dtend', end],
      ]) {
        const property = component.getFirstProperty(name) as ICAL.Property
        expect(property.type).toBe('date')
        expect(String(property.getFirstValue())).toBe(date)
        expect(property.getParameter('tzid')).toBeUndefined()
      }
    }
    const fair = nodeIcalRead(text).events.find((event) => event.uid.startsWith('10-'))
    expect(fair?.datetype).toBe('date')
  })

  it('gives each zone its times use one VTIMEZONE, UTC and fixed offsets included (TEC writes TZID=UTC), none for all-day', () => {
    const zones = icalJsCalendar(text)
      .getAllSubcomponents('vtimezone')
      .map((component) => String(component.getFirstPropertyValue('tzid')))
    expect(zones.sort()).toEqual([
      'America/New_York',
      'Asia/Kathmandu',
      'Asia/Kolkata',
      'Australia/Sydney',
      'Europe/Berlin',
      'UTC',
      'UTC+5:30',
    ])
    expect(text).toContain('DTSTART;TZID="UTC+5:30":20260802T090000\r\n')
    expect(text).toMatch(
      /TZID:UTC\+5:30\r\nBEGIN:STANDARD\r\nDTSTART:\d{8}T\d{6}\r\nTZOFFSETFROM:\+0530\r\nTZOFFSETTO:\+0530\r\n/u,
    )
    // UTC itself goes out as UTC times (RFC 5545 §3.3.5 form #2), which every reader takes as they are.
    expect(text).toContain('DTSTART:20260803T090000Z\r\n')
  })

  it('reads every timed event, across DST changes, at the instants of the REST list', async () => {
    for (const id of [12, 13, 14, 15, 16, 18, 19]) {
      const rest = await restEvent(id)
      expect(instants(vevent(text, id)), `event ${id}`).toEqual({
        start: Date.parse(utcText(rest.utc_start_date)),
        end: Date.parse(utcText(rest.utc_end_date)),
      })
    }
  })

  it("has VTIMEZONEs that give the zone's offset at every instant of the events' years and one more each side", () => {
    const root = icalJsCalendar(text)
    for (const component of root.getAllSubcomponents('vtimezone')) {
      const zone = String(component.getFirstPropertyValue('tzid'))
      // UTC and TEC's fixed offsets have one observance, checked by the test above; date-fns-tz knows IANA zones only.
      if (zone.startsWith('UTC')) continue
      const timezone = new ICAL.Timezone(component)
      const years = root
        .getAllSubcomponents('vevent')
        .filter((event) => event.getFirstProperty('dtstart')?.getParameter('tzid') === zone)
        .map((event) => Number(String(event.getFirstPropertyValue('dtstart')).slice(0, 4)))
      const [from, to] = [Date.UTC(Math.min(...years) - 1, 0, 1), Date.UTC(Math.max(...years) + 2, 0, 1)]
      for (let ms = from; ms < to; ms += 3 * 3_600_000) {
        const local = ICAL.Time.fromJSDate(new Date(ms), true).convertToZone(timezone)
        const expected = new Date(ms + getTimezoneOffset(zone, new Date(ms))).toISOString().slice(0, 19)
        expect(local.toString(), `${zone} at ${new Date(ms).toISOString()}`).toBe(expected)
      }
    }
  })

  it('names the observances as calfile names the zone (timezone_abbr), at the right local times', () => {
    const sydney = icalJsCalendar(text)
      .getAllSubcomponents('vtimezone')
      .find((component) => component.getFirstPropertyValue('tzid') === 'Australia/Sydney') as ICAL.Component
    const change = sydney
      .getAllSubcomponents('daylight')
      .find((observance) => String(observance.getFirstPropertyValue('dtstart')) === '2026-10-04T02:00:00')
    expect(change?.getFirstPropertyValue('tzname')).toBe('AEDT')
    expect(String(change?.getFirstPropertyValue('tzoffsetfrom'))).toBe('+10:00')
    expect(String(change?.getFirstPropertyValue('tzoffsetto'))).toBe('+11:00')
  })

  it('writes an event that ends as it starts without DTEND', () => {
    const deadline = vevent(text, 17)
    expect(deadline.hasProperty('dtend')).toBe(false)
    expect(String(deadline.getFirstPropertyValue('dtstart'))).toBe('2026-08-01T17:00:00')
  })

  it('writes text without HTML and with entities decoded; a DQUOTE in a name as an apostrophe', async () => {
    const opera = vevent(text, 12)
    expect(opera.getFirstPropertyValue('summary')).toBe('Opera – night')
    expect(opera.getFirstPropertyValue('description')).toBe('Act one.\n\nAct two & three.\nEncore')
    expect(textValue(opera, 'x-alt-desc')).toBe((await restEvent(12)).description)
    expect(opera.getFirstPropertyValue('location')).toBe('Opera & Hall, 1 Macquarie St, Sydney, NSW, 2000, Australia')
    expect(opera.getFirstProperty('geo')?.getFirstValue()).toEqual([-33.8568, 151.2153])
    expect(opera.getFirstProperty('categories')?.getValues()).toEqual(['Arts & Culture'])
    expect(opera.getFirstProperty('organizer')?.getParameter('cn')).toBe("The 'Big' Band")
    expect(opera.getFirstProperty('attach')?.getParameter('fmttype')).toBe('image/jpeg')
  })

  it("takes the UIDs' host from the site URL, without its port, a site URL without a scheme too", () => {
    expect(String(vevent(text, 14).getFirstPropertyValue('uid'))).toBe(
      `14-${wallSeconds('2026-07-06 09:00:00')}-${wallSeconds('2026-07-06 10:00:00')}@events.example.org`,
    )
    for (const site of ['https://events.example.org:8443/blog', 'events.example.org:8443/blog', 'events.example.org']) {
      expect(hostName(site), site).toBe('events.example.org')
    }
  })
})

describe('the RFC 5545 check', () => {
  it('refuses what the real TEC exports get wrong: DTSTAMP not in UTC, TZIDs without or sharing a VTIMEZONE', () => {
    const clihtf = rfc5545Problems(tecExport('tec_clihtf_ecp6.4.0.1.ics'))
    expect(clihtf).toContain('VTIMEZONE UTC: TZID not once')
    expect(clihtf.some((problem) => problem.endsWith('dtstamp not in UTC'))).toBe(true)
    expect(clihtf.some((problem) => problem.includes('TZID America/Chicago has no VTIMEZONE'))).toBe(true)
    const glwa = rfc5545Problems(tecExport('tec_glwa_ecp4.6.11.1.ics'))
    expect(glwa.some((problem) => problem.includes('TZID America/Detroit has no VTIMEZONE'))).toBe(true)
    expect(glwa).toContain('the last line does not end with CRLF')
  })

  it('refuses calendar properties after a component, as ical-generator alone writes them', async () => {
    const { default: ical } = await import('ical-generator')
    const feed = ical({ name: 'x', x: [['X-ORIGINAL-URL', 'https://example.org']] })
    feed.createEvent({ id: 'a@example.org', start: new Date(0), end: new Date(3_600_000), summary: 'a' })
    expect(rfc5545Problems(`${feed.toString()}\r\n`)).toEqual(['VCALENDAR: X-ORIGINAL-URL after a component'])
  })
})
