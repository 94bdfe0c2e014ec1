import { describe, expect, it } from 'vitest'
import { ShapedTextCache } from '../../src/core/cache/shaped-text.js'
import { CalendarState } from '../../src/core/model/state.js'

const state = () => new CalendarState({ timezone: 'America/New_York' } as never)
/** A shape that reads nothing besides its record's ID. */
const none = () => []

describe('ShapedTextCache', () => {
  it('shapes once while the inputs are the same objects, and again when one is replaced', () => {
    const cache = new ShapedTextCache()
    const s = state()
    const record = { id: 1 }
    let shaped = 0
    const shape = () => `"${++shaped}"`
    // A record is replaced only by a change to a collection, which `changes` counts.
    const replaced = () => s.users.put({ id: 9, name: `user ${shaped}`, role: 'author' } as never)
    expect(String(cache.json(s, 'g', 1, () => [record, 3], shape))).toBe('"1"')
    replaced()
    expect(String(cache.json(s, 'g', 1, () => [record, 3], shape))).toBe('"1"')
    replaced()
    expect(String(cache.json(s, 'g', 1, () => [{ id: 1 }, 3], shape))).toBe('"2"')
    replaced()
    expect(String(cache.json(s, 'g', 1, () => [{ id: 1 }, 3], shape))).toBe('"3"')
    replaced()
    expect(String(cache.json(s, 'g', 1, () => [record, 4], shape))).toBe('"4"')
  })

  it('gathers the inputs again only once a collection or the site zone changed', () => {
    const cache = new ShapedTextCache()
    const s = state()
    let gathered = 0
    const inputs = () => {
      gathered++
      return [1]
    }
    cache.json(s, 'g', 1, inputs, () => '"x"')
    cache.json(s, 'g', 1, inputs, () => '"y"')
    expect(gathered).toBe(1)
    s.users.put({ id: 9, name: 'someone', role: 'author' } as never)
    expect(String(cache.json(s, 'g', 1, inputs, () => '"y"'))).toBe('"x"')
    expect(gathered).toBe(2)
    s.settings.timezone = 'Europe/Paris'
    cache.json(s, 'g', 1, inputs, () => '"y"')
    cache.json(s, 'g', 1, inputs, () => '"y"')
    expect(gathered).toBe(3)
  })

  it('forgets everything when another state is read (a reload)', () => {
    const cache = new ShapedTextCache()
    const record = { id: 1 }
    const inputs = () => [record]
    cache.json(state(), 'g', 1, inputs, () => 'old')
    expect(String(cache.json(state(), 'g', 1, inputs, () => 'new'))).toBe('new')
    expect(cache.bytes).toBe(3 + 200)
  })

  it('keeps within its budget, dropping the least recently read first', () => {
    const cache = new ShapedTextCache(3 * 210)
    const s = state()
    for (const id of [1, 2, 3]) cache.json(s, 'g', id, none, () => '0123456789')
    cache.json(s, 'g', 1, none, () => 'reshaped')
    cache.json(s, 'other group', 4, none, () => '0123456789')
    expect(cache.bytes).toBeLessThanOrEqual(3 * 210)
    expect(String(cache.json(s, 'g', 1, none, () => 'reshaped'))).toBe('0123456789')
    expect(String(cache.json(s, 'g', 2, none, () => 'reshaped'))).toBe('reshaped')
  })

  it('keeps nothing with a budget of 0', () => {
    const cache = new ShapedTextCache(0)
    const s = state()
    cache.json(s, 'g', 1, none, () => 'x')
    expect(String(cache.json(s, 'g', 1, none, () => 'y'))).toBe('y')
    expect(cache.bytes).toBe(0)
  })
})
