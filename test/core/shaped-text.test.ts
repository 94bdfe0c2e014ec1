import { describe, expect, it } from 'vitest'
import { ShapedTextCache } from '../../src/core/cache/shaped-text.js'
import { CalendarState } from '../../src/core/model/state.js'

const state = () => new CalendarState({} as never)

describe('ShapedTextCache', () => {
  it('shapes once while the inputs are the same objects, and again when one is replaced', () => {
    const cache = new ShapedTextCache()
    const s = state()
    const record = { id: 1 }
    let shaped = 0
    const shape = () => `"${++shaped}"`
    expect(String(cache.json(s, 'g', 1, [record, 3], shape))).toBe('"1"')
    expect(String(cache.json(s, 'g', 1, [record, 3], shape))).toBe('"1"')
    expect(String(cache.json(s, 'g', 1, [{ id: 1 }, 3], shape))).toBe('"2"')
    expect(String(cache.json(s, 'g', 1, [{ id: 1 }, 3], shape))).toBe('"3"')
    expect(String(cache.json(s, 'g', 1, [record, 4], shape))).toBe('"4"')
  })

  it('forgets everything when another state is read (a reload)', () => {
    const cache = new ShapedTextCache()
    const record = { id: 1 }
    cache.json(state(), 'g', 1, [record], () => 'old')
    expect(String(cache.json(state(), 'g', 1, [record], () => 'new'))).toBe('new')
    expect(cache.bytes).toBe(3 + 200)
  })

  it('keeps within its budget, dropping the least recently read first', () => {
    const cache = new ShapedTextCache(3 * 210)
    const s = state()
    for (const id of [1, 2, 3]) cache.json(s, 'g', id, [], () => '0123456789')
    cache.json(s, 'g', 1, [], () => 'reshaped')
    cache.json(s, 'other group', 4, [], () => '0123456789')
    expect(cache.bytes).toBeLessThanOrEqual(3 * 210)
    expect(String(cache.json(s, 'g', 1, [], () => 'reshaped'))).toBe('0123456789')
    expect(String(cache.json(s, 'g', 2, [], () => 'reshaped'))).toBe('reshaped')
  })

  it('keeps nothing with a budget of 0', () => {
    const cache = new ShapedTextCache(0)
    const s = state()
    cache.json(s, 'g', 1, [], () => 'x')
    expect(String(cache.json(s, 'g', 1, [], () => 'y'))).toBe('y')
    expect(cache.bytes).toBe(0)
  })
})
