import { describe, expect, it } from 'vitest'
import { ShapedTextCache } from '../../src/core/cache/shaped-text.js'
import { CalendarState } from '../../src/core/state.js'

const state = () => new CalendarState({} as never)

describe('ShapedTextCache', () => {
  it('shapes once while the inputs are the same objects, and again when one is replaced', () => {
    const cache = new ShapedTextCache()
    const s = state()
    const record = { id: 1 }
    let shaped = 0
    const shape = () => `"${++shaped}"`
    expect(cache.text(s, 'a', [record, 3], shape)).toBe('"1"')
    expect(cache.text(s, 'a', [record, 3], shape)).toBe('"1"')
    expect(cache.text(s, 'a', [{ id: 1 }, 3], shape)).toBe('"2"')
    expect(cache.text(s, 'a', [{ id: 1 }, 3], shape)).toBe('"3"')
    expect(cache.text(s, 'a', [record, 4], shape)).toBe('"4"')
  })

  it('forgets everything when another state is read (a reload)', () => {
    const cache = new ShapedTextCache()
    const record = { id: 1 }
    cache.text(state(), 'a', [record], () => 'old')
    expect(cache.text(state(), 'a', [record], () => 'new')).toBe('new')
    expect(cache.bytes).toBe(3 + 200)
  })

  it('keeps within its budget, dropping the least recently read first', () => {
    const cache = new ShapedTextCache(3 * 210)
    const s = state()
    for (const key of ['a', 'b', 'c']) cache.text(s, key, [], () => '0123456789')
    cache.text(s, 'a', [], () => 'reshaped')
    cache.text(s, 'd', [], () => '0123456789')
    expect(cache.bytes).toBeLessThanOrEqual(3 * 210)
    expect(cache.text(s, 'a', [], () => 'reshaped')).toBe('0123456789')
    expect(cache.text(s, 'b', [], () => 'reshaped')).toBe('reshaped')
  })

  it('keeps nothing with a budget of 0', () => {
    const cache = new ShapedTextCache(0)
    const s = state()
    cache.text(s, 'a', [], () => 'x')
    expect(cache.text(s, 'a', [], () => 'y')).toBe('y')
    expect(cache.bytes).toBe(0)
  })
})
