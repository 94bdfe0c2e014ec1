/**
 * A save that lands over calfile's file before its writers are answered is taken in, and the writers are answered
 * only when it holds what they wrote (src/core/storage/overwritten.ts): that compares a record as the store keeps
 * it with the same record loaded from the file written, as JSON, so the two must be equal for every record.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type Calendar, openCalendar } from '../../../src/core/calendar.js'
import { loadDocument } from '../../../src/core/document/load.js'
import type { CalendarState } from '../../../src/core/model/state.js'
import { overwrittenBy } from '../../../src/core/storage/overwritten.js'
import { tempDir } from '../../cli/cli-helpers.js'

const NOW = Date.UTC(2026, 6, 1, 12, 0, 0)
const COLLECTIONS = ['users', 'events', 'venues', 'organizers', 'media', 'categories', 'tags'] as const
const calendars: Calendar[] = []
afterEach(async () => {
  await Promise.all(calendars.splice(0).map((calendar) => calendar.close()))
})

async function written(): Promise<{ file: string; calendar: Calendar; id: number }> {
  const file = join(await tempDir(), 'calendar.json')
  copyFileSync(new URL('../../../fixtures/events-rich.json', import.meta.url), file)
  const calendar = await openCalendar(file, { now: () => NOW, watch: false })
  calendars.push(calendar)
  const created = (await calendar.events.create({
    title: 'Jazz <b>night</b> & more',
    description: '<p>Bring a friend</p>',
    start_date: '2026-07-20 19:00:00',
    end_date: '2026-07-20 22:30:00',
    all_day: false,
    cost: '10',
    venue: { venue: 'The Blue Room', city: 'Portland' },
    organizer: [{ organizer: 'Jazz Society', email: 'jazz@example.org' }],
    categories: ['Music'],
    tags: ['late night'],
  })) as { id: number }
  await calendar.events.update(created.id, { title: 'Jazz night, updated', cost: '10-25' })
  return { file, calendar, id: created.id }
}

function reload(file: string): CalendarState {
  return loadDocument(readFileSync(file, 'utf8'), { file, now: () => '2026-07-01 08:00:00' })
}

describe('a record written and loaded again', () => {
  it('is the same JSON as the store keeps, in every collection', async () => {
    const { file, calendar } = await written()
    const loaded = reload(file)
    for (const name of COLLECTIONS) {
      const kept = [...calendar.state[name].values()].map((record) => JSON.stringify(record))
      expect(
        [...loaded[name].values()].map((record) => JSON.stringify(record)),
        name,
      ).toEqual(kept)
    }
    expect(JSON.stringify(loaded.settings)).toBe(JSON.stringify(calendar.state.settings))
    expect(JSON.stringify(loaded.extras)).toBe(JSON.stringify(calendar.state.extras))
  })

  it('holds what was written until a hand edit changes that record, the settings or a top-level key', async () => {
    const { file, calendar, id } = await written()
    const event = calendar.state.events.get(id)
    const what = {
      records: [{ collection: 'events' as const, id, json: JSON.stringify(event) }],
      settings: JSON.stringify(calendar.state.settings),
      extras: JSON.stringify(calendar.state.extras),
    }
    expect(overwrittenBy(reload(file), what)).toBe(true)
    // Another record edited by hand: what was written is still there.
    const document = JSON.parse(readFileSync(file, 'utf8'))
    document.events[0].title = 'Edited by hand'
    writeFileSync(file, JSON.stringify(document))
    expect(overwrittenBy(reload(file), what)).toBe(true)
    // The record written edited, or removed, by hand: it is not.
    const mine = document.events.find((record: { id: number }) => record.id === id)
    mine.title = 'Not what calfile wrote'
    writeFileSync(file, JSON.stringify(document))
    expect(overwrittenBy(reload(file), what)).toBe(false)
    document.events = document.events.filter((record: { id: number }) => record.id !== id)
    writeFileSync(file, JSON.stringify(document))
    expect(overwrittenBy(reload(file), what)).toBe(false)
    // A deletion written holds where the record is absent; a whole state swapped (a reset) never does.
    expect(overwrittenBy(reload(file), { ...what, records: [{ collection: 'events', id, json: undefined }] })).toBe(
      true,
    )
    expect(overwrittenBy(reload(file), { ...what, records: null })).toBe(false)
  })
})
