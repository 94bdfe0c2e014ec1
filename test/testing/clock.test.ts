import { describe, expect, it } from 'vitest'
import { TestClock } from '../../src/testing/index.js'

const START = Date.UTC(2026, 6, 1, 12, 0, 0)

describe('TestClock', () => {
  it('starts at an ISO instant, epoch ms or a Date, and stays there', () => {
    expect(new TestClock('2026-07-01T12:00:00Z').now()).toBe(START)
    expect(new TestClock('2026-07-01T08:00:00-04:00').now()).toBe(START)
    expect(new TestClock('2026-07-01').now()).toBe(Date.UTC(2026, 6, 1))
    expect(new TestClock(START).now()).toBe(START)
    const clock = new TestClock(new Date(START))
    expect(clock.now()).toBe(START)
    expect(clock.now()).toBe(START)
  })

  it('is set to any instant, forward or back', () => {
    const clock = new TestClock(START)
    clock.set('2030-01-01T00:00:00Z')
    expect(clock.now()).toBe(Date.UTC(2030, 0, 1))
    clock.set(new Date(0))
    expect(clock.now()).toBe(0)
    clock.set(START)
    expect(clock.now()).toBe(START)
  })

  it('advances by days, hours, minutes, seconds or milliseconds', () => {
    const clock = new TestClock(START)
    clock.advance('1d')
    expect(clock.now()).toBe(START + 86_400_000)
    clock.advance('2h')
    clock.advance('30m')
    clock.advance('45s')
    clock.advance(250)
    expect(clock.now()).toBe(START + 86_400_000 + 2 * 3_600_000 + 30 * 60_000 + 45_000 + 250)
    clock.advance('-1d')
    clock.advance('1.5h')
    expect(new Date(clock.now()).toISOString()).toBe('2026-07-01T16:00:45.250Z')
  })

  it('refuses what is no instant or duration, naming it', () => {
    expect(() => new TestClock('2026-07-01T12:00:00')).toThrow(/with Z or an offset: "2026-07-01T12:00:00"/)
    expect(() => new TestClock('next tuesday')).toThrow(/"next tuesday"/)
    expect(() => new TestClock(Number.NaN)).toThrow(/not an instant: NaN/)
    expect(() => new TestClock(new Date('nope'))).toThrow(/not an instant/)
    const clock = new TestClock(START)
    expect(() => clock.advance('1w' as never)).toThrow(/not a duration: "1w"/)
    expect(() => clock.set('2026-13-45T00:00:00Z')).toThrow(/not an instant/)
    expect(clock.now()).toBe(START)
  })

  it('puts back how it started: frozen at its start, or running in real time without one', () => {
    const frozen = new TestClock(START)
    frozen.advance('1d')
    frozen.reset()
    expect(frozen.now()).toBe(START)
    expect(frozen.frozen).toBe(true)

    const running = new TestClock()
    expect(running.frozen).toBe(false)
    running.advance('1d') // still running, a day ahead of real time
    expect(running.frozen).toBe(false)
    expect(running.now() - Date.now()).toBeGreaterThan(86_400_000 - 60_000)
    running.set(START)
    expect([running.frozen, running.now()]).toEqual([true, START])
    running.reset()
    expect(running.frozen).toBe(false)
    expect(Math.abs(running.now() - Date.now())).toBeLessThan(60_000)
  })
})
