/**
 * Issue 9 §1: a change is all or nothing. Whatever throws while a write is applied, while its answer is shaped, or
 * while the file is written, the state is exactly as before (records, file order, slugs, the next ID) and the file
 * is untouched. A real data file in a temporary folder, through the library.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { serializeState } from '../../src/core/cache/record-text.js'
import { type Calendar, calendarCore, openCalendar } from '../../src/core/calendar.js'
import type { EventRecord } from '../../src/core/model/records.js'
import type { CalendarState } from '../../src/core/model/state.js'
import { writesFolder } from '../../src/core/storage/lock/lock.js'
import { tempDir } from '../cli/cli-helpers.js'
import { fixture, NOW } from '../helpers.js'

const opened: Calendar[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((calendar) => calendar.close()))
})

async function fileCalendar(): Promise<{ calendar: Calendar; file: string }> {
  const file = join(await tempDir(), 'calendar.json')
  await writeFile(file, fixture('resources-linked.json'))
  const calendar = await openCalendar(file, { now: () => NOW })
  opened.push(calendar)
  return { calendar, file }
}

/** What the state would write, and what the file holds: both must be unchanged by a refused change. */
async function snapshot(calendar: Calendar, file: string) {
  return { state: serializeState(calendar.state), file: await readFile(file, 'utf8') }
}

/** A copy of the state's first event under another ID, title and slug. */
function anEvent(state: CalendarState, id: number, title: string): EventRecord {
  const first = state.events.values().next().value as EventRecord
  return { ...first, id, title, slug: title.toLowerCase() }
}

describe('a change that throws half-way is undone (issue 9 §1)', () => {
  it('puts, deletes and new IDs are all taken back, file order and slugs included; the file is untouched', async () => {
    const { calendar, file } = await fileCalendar()
    const before = await snapshot(calendar, file)
    const order = [...calendar.state.events.values()].map((event) => event.id)
    const first = order[0] as number
    const firstSlug = calendar.state.events.get(first)?.slug as string
    let phantom = 0
    const failure = calendarCore(calendar).write((state) => {
      phantom = state.nextPostId()
      state.events.put(anEvent(state, phantom, 'Phantom'))
      state.events.delete(first)
      state.events.put(anEvent(state, state.nextPostId(), firstSlug))
      state.venues.delete([...state.venues.values()][0]?.id as number)
      state.nextTermId()
      throw new Error('half-way')
    })
    await expect(failure).rejects.toThrow('half-way')
    expect(await snapshot(calendar, file)).toEqual(before)
    expect([...calendar.state.events.values()].map((event) => event.id)).toEqual(order)
    expect(calendar.state.events.bySlug(firstSlug)?.id).toBe(first)
    // The IDs the failed change took are free again: the next event gets the one the phantom had.
    const created = await calendar.events.create({
      title: 'Next',
      start_date: '2026-08-01 10:00:00',
      end_date: '2026-08-01 11:00:00',
    })
    expect(created.id).toBe(phantom)
  })

  it('term counts follow the undo: they are what they were before the change', async () => {
    const { calendar } = await fileCalendar()
    const music = (await calendar.categories.create({ name: 'Music' })).id as number
    const body = {
      title: 'Counted',
      start_date: '2026-08-01 10:00:00',
      end_date: '2026-08-01 11:00:00',
      categories: [music],
    }
    const kept = (await calendar.events.create(body)).id as number
    expect(calendar.categories.get(music).count).toBe(1)
    const failure = calendarCore(calendar).write((state) => {
      const event = state.events.get(kept) as EventRecord
      state.events.put({ ...event, status: 'draft' })
      state.events.put(anEvent(state, state.nextPostId(), 'Also music'))
      state.events.put({ ...(state.events.get(kept) as EventRecord), categories: [] })
      state.events.delete(kept)
      throw new Error('refused')
    })
    await expect(failure).rejects.toThrow('refused')
    expect(calendar.categories.get(music).count).toBe(1)
    await calendar.events.update(kept, { status: 'draft' })
    expect(calendar.categories.get(music).count).toBe(0)
  })

  it('only the failing change of a group commit is undone; the others land', async () => {
    const { calendar, file } = await fileCalendar()
    const body = (title: string) => ({ title, start_date: '2026-08-01 10:00:00', end_date: '2026-08-01 11:00:00' })
    const results = await Promise.allSettled([
      calendar.events.create(body('One')),
      calendarCore(calendar).write((state) => {
        state.events.put(anEvent(state, state.nextPostId(), 'Never'))
        throw new Error('refused')
      }),
      calendar.events.create(body('Two')),
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    const titles = [...calendar.state.events.values()].map((event) => event.title)
    expect(titles).toContain('One')
    expect(titles).toContain('Two')
    expect(titles).not.toContain('Never')
    expect(await readFile(file, 'utf8')).toBe(serializeState(calendar.state))
  })

  it('an answer that cannot be shaped undoes its change (the change runs, shaping throws)', async () => {
    const { calendar, file } = await fileCalendar()
    const before = await snapshot(calendar, file)
    const failure = calendarCore(calendar).write((state) => {
      const venue = [...state.venues.values()][0]
      if (!venue) throw new Error('fixture has no venue')
      state.venues.put({ ...venue, venue: 'Renamed' })
      // What a shaper does when it meets a value it cannot show.
      throw new RangeError('instant outside years 0000–9999')
    })
    await expect(failure).rejects.toThrow(RangeError)
    expect(await snapshot(calendar, file)).toEqual(before)
  })
})

describe('a file write that fails undoes the whole group (issue 9 §1)', () => {
  it('every change of the group fails with 500 store-write-failed and the state is as before', async () => {
    const { calendar, file } = await fileCalendar()
    const before = await snapshot(calendar, file)
    // The temporary file calfile writes first, in its lock, cannot be created: a folder stands in its place.
    const blocker = join(writesFolder(file), `.${basename(file)}.tmp-${process.pid}-1`)
    await mkdir(blocker)
    const body = (title: string) => ({ title, start_date: '2026-08-01 10:00:00', end_date: '2026-08-01 11:00:00' })
    const results = await Promise.allSettled([
      calendar.events.create(body('A')),
      calendar.venues.create({ venue: 'B' }),
      calendar.tags.create({ name: 'C' }),
    ])
    for (const result of results) {
      expect(result.status).toBe('rejected')
      expect((result as PromiseRejectedResult).reason).toMatchObject({ code: 'store-write-failed', status: 500 })
    }
    expect(await snapshot(calendar, file)).toEqual(before)
    await rm(blocker, { recursive: true })
    // Nothing is stuck: the next write lands.
    await calendar.events.create(body('After'))
    expect(await readFile(file, 'utf8')).toContain('"After"')
  })
})
