/**
 * Issue 11, "Lists": the timeline's blocks stay in list order and count right through inserts and removes that
 * split blocks and empty them, and a list's total and pages match a scan of every entry.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { EventRecord } from '../../../src/core/model/records.js'
import { allowedKinds, compareEntries, type IndexEntry, kindOf } from '../../../src/core/search/entry.js'
import { Timeline } from '../../../src/core/search/timeline.js'

const STATUS = ['publish', 'draft', 'trash'] as const

/** An entry with only what the timeline reads; starts repeat often, so that `date` and ID order ties. */
function entry(id: number, seed: number): IndexEntry {
  const event = {
    id,
    date: `2026-0${1 + (seed % 3)}-01 10:00:00`,
    status: STATUS[seed % 3],
    featured: seed % 5 === 0,
    ticketed: false,
    hide_from_listings: seed % 7 === 0,
  } as EventRecord
  const start = (seed % 400) * 60_000
  return {
    event,
    start,
    end: start + (seed % 11 === 0 ? 10_000_000 : (seed % 13) * 60_000),
    kind: kindOf(event),
    mark: 0,
  }
}

describe('Timeline (issue 11, "Lists")', () => {
  it('keeps list order and right totals through splits and removals', () => {
    const entries = Array.from({ length: 5000 }, (_, at) => entry(at + 1, (at * 7919) % 10_007))
    const timeline = new Timeline(entries.slice(0, 300).sort(compareEntries))
    for (const added of entries.slice(300)) timeline.insert(added)
    const removed = new Set(entries.filter((_, at) => at % 3 === 0 || (at > 1000 && at < 2600)))
    for (const gone of removed) timeline.remove(gone)
    const kept = entries.filter((one) => !removed.has(one)).sort(compareEntries)
    expect(timeline.entries()).toEqual(kept)

    fc.assert(
      fc.property(
        fc.integer({ min: -10, max: 400 }),
        fc.integer({ min: 0, max: 420 }),
        fc.option(fc.integer({ min: 0, max: 600 }), { nil: undefined }),
        fc.option(fc.boolean(), { nil: undefined }),
        fc.integer({ min: 1, max: 50 }),
        (from, span, endMax, featured, perPage) => {
          const bounds = {
            start: { min: from * 60_000, max: (from + span) * 60_000 },
            end: { max: endMax === undefined ? undefined : endMax * 60_000 },
          }
          const kinds = allowedKinds({ statuses: new Set(['publish', 'draft']), featured })
          const expected = kept.filter(
            (one) =>
              one.start >= bounds.start.min &&
              one.start <= bounds.start.max &&
              (bounds.end.max === undefined || one.end <= bounds.end.max) &&
              kinds.table[one.kind] === 1,
          )
          const selected = timeline.select({ bounds, kinds })
          expect(selected.length).toBe(expected.length)
          for (const at of [0, perPage, expected.length - perPage, expected.length]) {
            const page = selected.slice(Math.max(at, 0), Math.max(at, 0) + perPage)
            expect(page).toEqual(expected.slice(Math.max(at, 0), Math.max(at, 0) + perPage).map((one) => one.event))
          }
        },
      ),
      { numRuns: 200 },
    )
  })

  it('empties and fills again', () => {
    const timeline = new Timeline([])
    const one = entry(1, 1)
    timeline.insert(one)
    timeline.remove(one)
    expect(timeline.entries()).toEqual([])
    timeline.insert(one)
    expect(
      timeline.select({ bounds: { start: {}, end: {} }, kinds: allowedKinds({ statuses: new Set(['draft']) }) }).length,
    ).toBe(1)
  })
})
