import { describe, expect, test } from 'vitest'
import { calendarFixture, calendarTest } from '../../src/testing/index.js'

const P = '/calendar/events/v1'
const NOW = '2026-07-01T12:00:00Z'

describe('calendarTest', () => {
  const it = calendarTest(test, 'fixtures/small.json', { now: NOW })
  let served: string | undefined

  it('gives a test its own calendar from the fixture, clock frozen', async ({ cal }) => {
    expect(cal.clock.now()).toBe(Date.parse(NOW))
    // @ts-expect-error: `cal` is typed as a TestCalendar, which has no `nope`
    expect(cal.nope).toBeUndefined()
    const res = await cal.fetch(`${P}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Mine', start_date: '2026-07-02 10:00:00', end_date: '2026-07-02 11:00:00' }),
    })
    expect(res.status).toBe(201)
    expect((await cal.fetch(`${P}/events`)).headers.get('X-TEC-Total')).toBe('2')
    cal.clock.advance('30d')
    const url = await cal.url(`${P}/events`)
    expect((await fetch(url)).status).toBe(200)
    served = url
  })

  it('and the next test a fresh one: no change, clock and server left over', async ({ cal }) => {
    expect(cal.clock.now()).toBe(Date.parse(NOW))
    expect((await cal.fetch(`${P}/events`)).headers.get('X-TEC-Total')).toBe('1')
    // The calendar of the test before was closed after it, its server with it.
    await expect(fetch(served as string)).rejects.toThrow()
  })
})

describe('calendarFixture', () => {
  const it = test.extend({ calendar: calendarFixture('fixtures/tec', { now: '2022-08-10T12:00:00Z' }) })
  let first: unknown

  it('names the fixture as the test wants, typed by vitest', async ({ calendar }) => {
    // @ts-expect-error: `calendar` is a TestCalendar, which has no `nope`
    expect(calendar.nope).toBeUndefined()
    const event = await (await calendar.fetch(`${P}/events/61638`)).json()
    expect(event.start_date).toBe('2022-08-10 08:30:00')
    expect((await calendar.fetch(`${P}/events/61638?force=true`, { method: 'DELETE' })).status).toBe(200)
    first = calendar
  })

  it('opens each test a new calendar of the same fixture', async ({ calendar }) => {
    expect(calendar).not.toBe(first)
    expect(calendar.calendar.state.events.size).toBe(46)
    expect((await calendar.fetch(`${P}/events/61638`)).status).toBe(200)
  })
})
