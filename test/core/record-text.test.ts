/**
 * Issue 11, "Writes": the data file made from cached per-record texts (src/core/cache/record-text.ts) is byte for
 * byte the text that one `JSON.stringify` of the whole document gave, for the fixtures, after changes, and for
 * generated states (fast-check) with odd keys, unicode, extras, empty and missing collections.
 * `CALFILE_PROPERTY_RUNS` raises the number of runs per property (default 250).
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { serializeState, statePieces } from '../../src/core/cache/record-text.js'
import { openCalendar } from '../../src/core/calendar.js'
import { loadDocument } from '../../src/core/document/load.js'
import type { Collection } from '../../src/core/model/collection.js'
import type { EventRecord, Settings } from '../../src/core/model/records.js'
import { CalendarState } from '../../src/core/model/state.js'
import { tempDir } from '../cli/cli-helpers.js'
import { fixture, NOW, open } from '../helpers.js'

const RUNS = Number(process.env.CALFILE_PROPERTY_RUNS ?? 250)

/**
 * The oracle: the whole-document serialisation calfile used before issue 11 (`serializeDocument`), kept here
 * verbatim so that the comparison does not depend on the code under test.
 */
function reference(state: CalendarState): string {
  const document: Record<string, unknown> = {
    settings: state.settings,
    users: [...state.users.values()],
    events: [...state.events.values()],
    venues: [...state.venues.values()],
    organizers: [...state.organizers.values()],
    categories: [...state.categories.values()],
    tags: [...state.tags.values()],
  }
  if (state.media.size > 0) document.media = [...state.media.values()]
  if (state.revisions.size > 0) document.revisions = [...state.revisions.values()]
  return `${JSON.stringify({ ...document, ...state.extras }, null, 2)}\n`
}

/** Both ways of making the text, the pieces in the smallest slices so that every slice boundary is crossed. */
async function expectSame(state: CalendarState): Promise<void> {
  const expected = reference(state)
  expect(serializeState(state)).toBe(expected)
  expect(Buffer.concat(await statePieces(state, 0)).toString()).toBe(expected)
}

const load = (text: string) => loadDocument(text, { file: 'test', now: () => '2026-07-01 08:00:00' })

describe('the data file from per-record texts', () => {
  it.each([
    'small.json',
    'events-rich.json',
    'events-dates.json',
    'events-filters.json',
    'resources-linked.json',
    'resources-terms.json',
    'auth-roles.json',
  ])('is the whole-document text for %s', async (name) => {
    await expectSame(load(fixture(name)))
  })

  it('is the whole-document text of an empty store, with media, and with extra top-level keys', async () => {
    await expectSame(load(''))
    const odd = {
      '10': 'integer-like keys go first',
      'é "q" \\ \n': [{ nested: { deep: [1, null, 'x'] } }, []],
      __proto__: { not: 'a prototype' },
      empty: {},
      media: [{ id: 7, url: 'https://example.org/a.png' }],
    }
    await expectSame(load(JSON.stringify(odd)))
  })

  it('follows creates, updates and deletes, the unchanged records from the cache', async () => {
    const { calendar } = await open(fixture('resources-linked.json'))
    await expectSame(calendar.state)
    const created = await calendar.events.create({
      title: 'Jazz \u{1F3B7} night',
      start_date: '2026-08-01 20:00:00',
      end_date: '2026-08-01 23:00:00',
    })
    await expectSame(calendar.state)
    await calendar.events.update(created.id as number, { title: 'Late jazz' })
    await expectSame(calendar.state)
    await calendar.events.delete(created.id as number, { force: true })
    await expectSame(calendar.state)
    await calendar.close()
  })

  it('is what the store writes to its file, written in chunks', async () => {
    const file = join(await tempDir(), 'calendar.json')
    await writeFile(file, fixture('events-rich.json'))
    const calendar = await openCalendar(file, { now: () => NOW })
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        calendar.events.create({
          title: `Ünïcode ${i} \u{1F3B7}`,
          start_date: '2026-08-01 20:00',
          end_date: '2026-08-01 21:00',
        }),
      ),
    )
    expect(await readFile(file, 'utf8')).toBe(reference(calendar.state))
    await calendar.close()
  })
})

const COLLECTIONS = ['users', 'events', 'venues', 'organizers', 'media', 'categories', 'tags'] as const
const key = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom('0', '42', '__proto__', 'toJSON', 'settings', 'events', 'media', ''),
)
const value = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.string({ unit: 'binary' }), fc.constant(undefined))
const fields = fc.dictionary(key, value, { maxKeys: 5 })
const records = fc.array(
  fc.tuple(fc.integer({ min: 1, max: 50 }), fields).map(([id, rest]) => ({ ...rest, id })),
  { maxLength: 6 },
)

describe('generated states', () => {
  it('always give the whole-document text, before and after a record is replaced', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ settings: fields, extras: fields }),
        fc.array(records, { minLength: COLLECTIONS.length, maxLength: COLLECTIONS.length }),
        fields,
        async ({ settings, extras }, lists, replacement) => {
          const state = new CalendarState(settings as unknown as Settings, extras)
          COLLECTIONS.forEach((name, i) => {
            for (const record of lists[i] ?? []) (state[name] as unknown as Collection<{ id: number }>).put(record)
          })
          await expectSame(state)
          state.events.put({ ...replacement, id: lists[1]?.[0]?.id ?? 1 } as unknown as EventRecord)
          await expectSame(state)
        },
      ),
      { numRuns: RUNS },
    )
  })
})
