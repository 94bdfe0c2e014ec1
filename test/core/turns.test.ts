import { afterEach, describe, expect, it, vi } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { turn } from '../../src/core/turns.js'

/** Keeps the thread busy for `ms`, as a waiter's synchronous work does. */
function work(ms: number): void {
  const end = performance.now() + ms
  while (performance.now() < end) {
    // busy
  }
}

/** Resolves after the next turn of the event loop has reached its timers phase. */
function timerTick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

describe('turn(): shares of the event loop', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('serves waiters first come, first served', async () => {
    const order: number[] = []
    await Promise.all([0, 1, 2, 3, 4].map((i) => turn().then(() => order.push(i))))
    expect(order).toEqual([0, 1, 2, 3, 4])
  })

  it('lets a timer run between waiters whose work together is over the budget', async () => {
    // Started from a timer, so that the waiters' first turn comes before the next timers phase.
    await timerTick()
    const log: string[] = []
    // A timer due at once, set before the burst: without shares it would run only after all ten.
    const timer = timerTick().then(() => log.push('timer'))
    const slow = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) =>
      turn().then(() => {
        work(0.6)
        log.push(`slow ${i}`)
      }),
    )
    await Promise.all([...slow, timer])
    expect(log.indexOf('timer')).toBeGreaterThan(0)
    expect(log.indexOf('timer')).toBeLessThan(log.length - 1)
  })

  it("leaves test runners' fake timers alone: a calendar's write resolves while they are installed", async () => {
    const calendar = await openCalendar(null)
    vi.useFakeTimers()
    try {
      const created = await calendar.events.create({
        title: 'Under fake timers',
        start_date: '2026-08-01 10:00:00',
        end_date: '2026-08-01 11:00:00',
      })
      expect(created.title).toBe('Under fake timers')
    } finally {
      vi.useRealTimers()
      await calendar.close()
    }
  })
})
