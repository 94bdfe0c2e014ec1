import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type Calendar, calendarCore, openCalendar } from '../../src/core/calendar.js'
import { tempDir } from '../cli/cli-helpers.js'

/** `calendar.reset()` on a data file: the state and the file go back to what was opened (issue 12, fast reset). */
const NOW = Date.UTC(2026, 6, 1, 12)
const OPENED = `{
  "settings": { "timezone": "America/New_York" },
  "events": [
    { "id": 10, "title": "Jazz night", "start_date": "2026-07-04 20:00:00", "end_date": "2026-07-04 23:00:00",
      "categories": [3] }
  ],
  "categories": [ { "id": 3, "name": "Music" } ]
}
`
const TEMP = { title: 'Temp', start_date: '2026-07-02 10:00:00', end_date: '2026-07-02 11:00:00' }

/** A change that deletes every event then fails, in the same group commit as the calls made with it. */
function refusedChange(calendar: Calendar): Promise<unknown> {
  return calendarCore(calendar).write((state) => {
    for (const event of [...state.events.values()]) state.events.delete(event.id)
    throw new Error('refused')
  })
}

async function openFile() {
  const file = join(await tempDir(), 'calendar.json')
  await writeFile(file, OPENED)
  return { file, calendar: await openCalendar(file, { now: () => NOW }) }
}

describe('calendar.reset on a data file', () => {
  it('writes back the text it opened, byte for byte, and the state read from it', async () => {
    const { file, calendar } = await openFile()
    try {
      await calendar.events.create(TEMP)
      await calendar.events.delete(10, { force: true })
      await calendar.categories.update(3, { name: 'Jazz' })
      expect(await readFile(file, 'utf8')).not.toBe(OPENED)
      await calendar.reset()
      expect(await readFile(file, 'utf8')).toBe(OPENED)
      expect([...calendar.state.events.values()].map((event) => event.title)).toEqual(['Jazz night'])
      expect(calendar.categories.get(3)).toMatchObject({ name: 'Music', count: 1 })
      // The file written next is made from the reset state.
      const created = await calendar.events.create(TEMP)
      expect(created.id).toBe(11)
      const written = JSON.parse(await readFile(file, 'utf8'))
      expect(written.events.map((event: { id: number }) => event.id)).toEqual([10, 11])
      expect(written.categories[0].name).toBe('Music')
    } finally {
      await calendar.close()
    }
  })

  it('grouped with changes after it, writes them on top of the opened state', async () => {
    const { file, calendar } = await openFile()
    try {
      await calendar.events.delete(10, { force: true })
      const [, created, refused] = await Promise.allSettled([
        calendar.reset(),
        calendar.events.create({ ...TEMP, title: 'After reset' }),
        refusedChange(calendar),
      ])
      expect(created.status).toBe('fulfilled')
      expect(refused.status).toBe('rejected')
      const written = JSON.parse(await readFile(file, 'utf8'))
      expect(written.events.map((event: { title: string }) => event.title)).toEqual(['Jazz night', 'After reset'])
      expect([...calendar.state.events.values()].map((event) => event.title)).toEqual(['Jazz night', 'After reset'])
    } finally {
      await calendar.close()
    }
  })

  it('last in its group, followed by a refused change, writes the opened text', async () => {
    const { file, calendar } = await openFile()
    try {
      await calendar.events.create(TEMP)
      const [reset, refused] = await Promise.allSettled([calendar.reset(), refusedChange(calendar)])
      expect(reset.status).toBe('fulfilled')
      expect(refused.status).toBe('rejected')
      expect(await readFile(file, 'utf8')).toBe(OPENED)
      expect(calendar.state.events.size).toBe(1)
    } finally {
      await calendar.close()
    }
  })

  it('is refused on a read-only calendar', async () => {
    const { file, calendar } = await openFile()
    await calendar.close()
    const reader = await openCalendar(file, { readOnly: true })
    try {
      await expect(reader.reset()).rejects.toMatchObject({ code: 'store-read-only', status: 503 })
    } finally {
      await reader.close()
    }
  })
})
