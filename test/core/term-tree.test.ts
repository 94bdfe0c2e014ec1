/**
 * Unit tests of src/core/model/term-tree.ts: the category hierarchy behind the event `categories` filter
 * (docs/lists.md#other-event-filters) and the parent checks of term writes (docs/writes.md).
 */
import { describe, expect, it } from 'vitest'
import { loadDocument } from '../../src/core/document/load.js'
import type { TermRecord } from '../../src/core/model/records.js'
import type { CalendarState } from '../../src/core/model/state.js'
import { ancestorsOf, withDescendants } from '../../src/core/model/term-tree.js'

/**
 * 1 Music > 2 Jazz > 3 Bebop > 4 Hard Bop; 1 > 7 Rock; 1 > 8 Zydeco; 5 Sports; 6 Empty; 9 Bop Revival under 3.
 * Written out of order (a child before its parent) on purpose.
 */
function state(): CalendarState {
  const categories = [
    { id: 4, name: 'Hard Bop', parent: 3 },
    { id: 1, name: 'Music', parent: 0 },
    { id: 2, name: 'Jazz', parent: 1 },
    { id: 3, name: 'Bebop', parent: 2 },
    { id: 5, name: 'Sports', parent: 0 },
    { id: 6, name: 'Empty' },
    { id: 7, name: 'Rock', parent: 1 },
    { id: 8, name: 'Zydeco', parent: 1 },
    { id: 9, name: 'Bop Revival', parent: 3 },
  ]
  const tags = [{ id: 20, name: 'outdoor' }]
  return loadDocument(JSON.stringify({ categories, tags }), { file: 'tree', now: () => '2026-07-01 08:00:00' })
}

function term(id: number, parent: number): TermRecord {
  return { id, name: `T${id}`, slug: `t${id}`, description: '', parent }
}

describe('withDescendants', () => {
  it('a leaf: only itself', () => {
    expect(withDescendants(state(), 4)).toEqual(new Set([4]))
    expect(withDescendants(state(), 6)).toEqual(new Set([6]))
  })

  it('a parent: itself and its children', () => {
    expect(withDescendants(state(), 3)).toEqual(new Set([3, 4, 9]))
  })

  it('across three levels', () => {
    expect(withDescendants(state(), 2)).toEqual(new Set([2, 3, 4, 9]))
    expect(withDescendants(state(), 1)).toEqual(new Set([1, 2, 3, 4, 7, 8, 9]))
  })

  it('an unknown ID: only itself', () => {
    expect(withDescendants(state(), 999)).toEqual(new Set([999]))
  })

  it('0 (no parent) reaches every category', () => {
    expect(withDescendants(state(), 0)).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]))
  })

  it('tags are not part of the tree', () => {
    expect(withDescendants(state(), 0).has(20)).toBe(false)
    expect(withDescendants(state(), 20)).toEqual(new Set([20]))
  })

  it('follows a change of the categories (the cache is rebuilt)', () => {
    const s = state()
    expect(withDescendants(s, 5)).toEqual(new Set([5]))
    s.categories.put({ ...(s.categories.get(3) as TermRecord), parent: 5 })
    expect(withDescendants(s, 5)).toEqual(new Set([5, 3, 4, 9]))
    expect(withDescendants(s, 1)).toEqual(new Set([1, 2, 7, 8]))
    s.categories.delete(9)
    expect(withDescendants(s, 5)).toEqual(new Set([5, 3, 4]))
    s.categories.put(term(10, 4))
    expect(withDescendants(s, 5)).toEqual(new Set([5, 3, 4, 10]))
  })

  it('two states do not share their trees', () => {
    const a = state()
    const b = state()
    a.categories.put(term(10, 6))
    expect(withDescendants(a, 6)).toEqual(new Set([6, 10]))
    expect(withDescendants(b, 6)).toEqual(new Set([6]))
  })

  it('stops at a cycle instead of looping', () => {
    const s = state()
    s.categories.put(term(30, 31))
    s.categories.put(term(31, 30))
    expect(withDescendants(s, 30)).toEqual(new Set([30, 31]))
    expect(withDescendants(s, 31)).toEqual(new Set([31, 30]))
  })
})

describe('ancestorsOf', () => {
  it('nearest first, up to the root', () => {
    expect(ancestorsOf(state(), 4)).toEqual([3, 2, 1])
    expect(ancestorsOf(state(), 9)).toEqual([3, 2, 1])
    expect(ancestorsOf(state(), 7)).toEqual([1])
  })

  it('a top-level or unknown category has none', () => {
    expect(ancestorsOf(state(), 1)).toEqual([])
    expect(ancestorsOf(state(), 6)).toEqual([])
    expect(ancestorsOf(state(), 999)).toEqual([])
  })

  it('follows a change of parent', () => {
    const s = state()
    s.categories.put({ ...(s.categories.get(2) as TermRecord), parent: 5 })
    expect(ancestorsOf(s, 4)).toEqual([3, 2, 5])
  })

  it('stops at a cycle', () => {
    const s = state()
    s.categories.put(term(30, 31))
    s.categories.put(term(31, 32))
    s.categories.put(term(32, 30))
    expect(ancestorsOf(s, 30)).toEqual([31, 32])
    s.categories.put(term(40, 40))
    expect(ancestorsOf(s, 40)).toEqual([])
  })

  it('is consistent with withDescendants: every category is a descendant of each of its ancestors', () => {
    const s = state()
    for (const category of s.categories.values()) {
      for (const ancestor of ancestorsOf(s, category.id))
        expect(withDescendants(s, ancestor).has(category.id)).toBe(true)
    }
  })
})
