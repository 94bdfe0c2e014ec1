/**
 * Issue 14: importing is idempotent — the same files twice change nothing, not one byte of the data file — and a
 * changed file updates the events of the VEVENTs that changed (found by UID and RECURRENCE-ID), no others.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importICalendar, importICalendarFile } from '../../src/ical/import/import.js'
import { tempDir } from '../cli/cli-helpers.js'
import { NOW } from '../helpers.js'
import { allEvents, ICS_DIR, memoryCalendar, vcalendar, vevent } from './import-helpers.js'

const SERIES = (description: string) =>
  vevent(
    'UID:series',
    'SUMMARY:Reading group',
    `DESCRIPTION:${description}`,
    'DTSTART;TZID=Europe/Berlin:20260706T190000',
    'DTEND;TZID=Europe/Berlin:20260706T210000',
    'RRULE:FREQ=WEEKLY;COUNT=4',
  )
const SINGLE = (title: string) => vevent('UID:single', `SUMMARY:${title}`, 'DTSTART:20260710T180000Z')

async function twice(first: string, second: string) {
  const calendar = await memoryCalendar()
  const run = (text: string) => importICalendar(calendar, [{ path: 'club.ics', text }])
  const before = await run(first)
  return { calendar, before, after: await run(second) }
}

describe('the same files twice change nothing', () => {
  it('every file of fixtures/ics into a data file, twice: the second leaves the file as it was', async () => {
    const file = join(await tempDir(), 'calendar.json')
    const options = { until: '2027-06-30', now: () => NOW }
    const first = await importICalendarFile(file, ICS_DIR, options)
    const text = await readFile(file, 'utf8')
    const second = await importICalendarFile(file, ICS_DIR, options)
    expect(second).toMatchObject({ added: 0, updated: 0, unchanged: first.added, skipped: [] })
    expect(await readFile(file, 'utf8')).toBe(text)
  })

  it('an event edited in calfile since keeps its edit while its VEVENT does not change', async () => {
    const text = vcalendar(SINGLE('Talk'))
    const { calendar } = await twice(text, text)
    const [event] = allEvents(calendar)
    await calendar.events.update(event?.id as number, { title: 'My talk' })
    const again = await importICalendar(calendar, [{ path: 'club.ics', text }])
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 1 })
    expect(allEvents(calendar).map((e) => e.title)).toEqual(['My talk'])
    await calendar.close()
  })
})

describe('a changed file updates the matching events', () => {
  it('a changed VEVENT updates its events, every instance of a series; the others stay unchanged', async () => {
    const { calendar, before, after } = await twice(
      vcalendar(SERIES('Chapter 1'), SINGLE('Talk')),
      vcalendar(SERIES('Chapter 2'), SINGLE('Talk')),
    )
    expect(before).toMatchObject({ added: 5, updated: 0, unchanged: 0 })
    expect(after).toMatchObject({ added: 0, updated: 4, unchanged: 1 })
    const events = allEvents(calendar)
    expect(events).toHaveLength(5)
    expect(events.filter((e) => e.ical?.uid === 'series').map((e) => e.description)).toEqual(
      Array(4).fill('<p>Chapter 2</p>'),
    )
    await calendar.close()
  })

  it('a series that gains instances gets new events; a new first instance becomes the parent', async () => {
    const longer = SERIES('Chapter 1')
      .replace('COUNT=4', 'COUNT=6')
      .replace('END:VEVENT', 'EXDATE;TZID=Europe/Berlin:20260706T190000\r\nEND:VEVENT')
    const { calendar, after } = await twice(vcalendar(SERIES('Chapter 1')), vcalendar(longer))
    // The old first instance is no longer in the file: left as it was, not deleted.
    expect(after).toMatchObject({ added: 2, updated: 3, unchanged: 0, skipped: [] })
    const series = allEvents(calendar).slice(1)
    const [first, ...rest] = series
    expect(allEvents(calendar, { post_parent: first?.id }).map((e) => e.id)).toEqual(rest.map((e) => e.id))
    await calendar.close()
  })

  it('an event in the trash stays there, and the report says so', async () => {
    const text = vcalendar(SINGLE('Talk'))
    const { calendar } = await twice(text, text)
    const [event] = allEvents(calendar)
    await calendar.events.delete(event?.id as number)
    const again = await importICalendar(calendar, [{ path: 'club.ics', text: vcalendar(SINGLE('Talk 2')) }])
    expect(again.skipped).toEqual([
      {
        path: 'club.ics',
        line: 4,
        uid: 'single',
        reason: `event ${event?.id} is in the trash; restore it to have it imported`,
      },
    ])
    expect(allEvents(calendar)).toEqual([])
    await calendar.close()
  })
})
