/**
 * Issue 11, "Lists": the search index finds every entry whose lower-case text holds a word (TEC's rule,
 * docs/lists.md#other-event-filters), short words and words across punctuation included, and forgets removed entries.
 */
import { describe, expect, it } from 'vitest'
import type { EventRecord } from '../../../src/core/model/records.js'
import { compareEntries, type IndexEntry, kindOf } from '../../../src/core/search/entry.js'
import { TextSearch } from '../../../src/core/search/text-search.js'

function entry(id: number, title: string, description = ''): IndexEntry {
  const event = { id, date: '', title, excerpt: '', description, status: 'publish' } as EventRecord
  return { event, start: id, end: id, kind: kindOf(event), mark: 0 }
}

/** The IDs the index gives for a word, every range merged. */
function found(search: TextSearch, word: string, start = {}): number[] {
  const ids = search.holding(word, start).flatMap(({ list, from, to }) => list.slice(from, to).map((e) => e.event.id))
  return [...new Set(ids)].sort((a, b) => a - b)
}

describe('TextSearch (issue 11, "Lists")', () => {
  const entries = [
    entry(1, 'Jazz Night', '<p>Blue Room</p>'),
    entry(2, 'Talk', 'jazzy, über-cool'),
    entry(3, 'STRASSE', 'Straße fest'),
    entry(4, 'a-b pi'),
  ].sort(compareEntries)
  const search = new TextSearch(entries)

  it('finds a word inside tokens, across punctuation, short or long', () => {
    expect(found(search, 'jazz')).toEqual([1, 2])
    expect(found(search, 'zz')).toEqual([1, 2])
    expect(found(search, 'p>blue')).toEqual([1])
    expect(found(search, 'room</p>')).toEqual([1])
    expect(found(search, 'über-c')).toEqual([2])
    expect(found(search, 'straße')).toEqual([3])
    expect(found(search, 'ss')).toEqual([3])
    expect(found(search, 'a-b')).toEqual([4])
    expect(found(search, 'nothing')).toEqual([])
  })

  it('keeps to the start bounds', () => {
    expect(found(search, 'jazz', { min: 2 })).toEqual([2])
    expect(found(search, 'jazz', { before: 2 })).toEqual([1])
  })

  it('forgets removed entries and learns new ones', () => {
    const changing = new TextSearch(entries)
    changing.remove(entries[0] as IndexEntry)
    expect(found(changing, 'jazz')).toEqual([2])
    changing.add(entry(5, 'Jazz again'))
    expect(found(changing, 'jazz')).toEqual([2, 5])
    expect(found(changing, 'again')).toEqual([5])
  })
})
