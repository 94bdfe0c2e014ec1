import { afterEach, describe, expect, it } from 'vitest'
import { createTestCalendar, FaultRules, type TestCalendar } from '../../src/testing/index.js'

const P = '/calendar/events/v1'

describe('FaultRules', () => {
  it('matches by method and a * pattern, with or without either prefix', () => {
    const rules = new FaultRules()
    rules.add({ method: 'DELETE', path: '/wp-json/tribe/events/v1/events/*', status: 500 })
    expect(rules.decide('DELETE', `${P}/events/10`)).toMatchObject({ status: 500 })
    expect(rules.decide('GET', `${P}/events/10`)).toBeUndefined()
    expect(rules.decide('DELETE', `${P}/events`)).toBeUndefined()
    expect(rules.decide('DELETE', `${P}/venues/10`)).toBeUndefined()
    rules.add({ path: '*', delay: 5 })
    expect(rules.decide('GET', P)).toMatchObject({ delay: 5, method: '*' })
  })

  it('counts the requests it answers, and goes away once its times are spent', () => {
    const rules = new FaultRules()
    const { id } = rules.add({ path: '/events', close: true, times: 2 })
    expect(rules.decide('GET', `${P}/events`)).toMatchObject({ id, answered: 1 })
    expect(rules.list()).toMatchObject([{ id, answered: 1 }])
    expect(rules.decide('POST', `${P}/events`)).toMatchObject({ id, answered: 2 })
    expect(rules.list()).toEqual([])
    expect(rules.decide('GET', `${P}/events`)).toBeUndefined()
  })

  it('fires for percent of matching requests by its random source, and counts only those', () => {
    const draws = [0.1, 0.5, 0.29]
    const rules = new FaultRules(() => draws.shift() ?? 0)
    rules.add({ path: '/events', status: 503, percent: 30 })
    expect(rules.decide('GET', `${P}/events`)).toBeDefined()
    expect(rules.decide('GET', `${P}/events`)).toBeUndefined()
    expect(rules.decide('GET', `${P}/events`)).toBeDefined()
    expect(rules.list()[0]?.answered).toBe(2)
  })

  it('lets the first matching fault that fires decide', () => {
    const rules = new FaultRules(() => 0.99)
    rules.add({ path: '/events', status: 500, percent: 50 })
    const second = rules.add({ path: '/events', status: 502 })
    expect(rules.decide('GET', `${P}/events`)?.id).toBe(second.id)
  })
})

describe('createTestCalendar: faults', () => {
  let cal: TestCalendar | undefined
  afterEach(async () => {
    await cal?.close()
    cal = undefined
  })

  it('answers in-process requests with the fault, and never runs the write', async () => {
    cal = await createTestCalendar('fixtures/small.json', { now: '2026-07-01T12:00:00Z' })
    const fault = cal.faults.add({ method: 'POST', path: '/events', status: 429, retry_after: 3, times: 1 })
    const body = JSON.stringify({
      title: 'Not made',
      start_date: '2026-07-10 10:00:00',
      end_date: '2026-07-10 11:00:00',
    })
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body }
    const refused = await cal.fetch(`${P}/events`, init)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('3')
    expect(await refused.json()).toEqual({
      code: 'calfile_injected_fault',
      message: expect.stringContaining(`Fault ${fault.id}`),
      data: { status: 429 },
    })
    expect([...cal.calendar.state.events.values()].map((e) => e.title)).toEqual(['Jazz night'])
    expect((await cal.fetch(`${P}/events`, init)).status).toBe(201)
  })

  it("reaches WordPress's wp/v2 routes by their full path, as it reaches the interface's", async () => {
    cal = await createTestCalendar('fixtures/small.json', { now: '2026-07-01T12:00:00Z' })
    cal.faults.add({ method: 'GET', path: '/wp-json/wp/v2/tribe_events*', status: 503, times: 1 })
    expect((await cal.fetch('/wp-json/wp/v2/tribe_events?per_page=1')).status).toBe(503)
    const listed = await cal.fetch('/wp-json/wp/v2/tribe_events?per_page=1')
    expect([listed.status, listed.headers.get('x-wp-totalpages')]).toEqual([200, expect.any(String)])
  })

  it('closes the connection: fetch rejects with a TypeError, in-process and over url()', async () => {
    cal = await createTestCalendar('fixtures/small.json', { now: '2026-07-01T12:00:00Z' })
    cal.faults.add({ path: '/events/*', close: true })
    await expect(cal.fetch(`${P}/events/10`)).rejects.toThrow(TypeError)
    await expect(fetch(await cal.url(`${P}/events/10`))).rejects.toThrow(TypeError)
    expect((await cal.fetch(`${P}/events`)).status).toBe(200)
  })

  it('lists, removes and clears faults; reset removes them too', async () => {
    cal = await createTestCalendar('fixtures/small.json', { now: '2026-07-01T12:00:00Z' })
    const a = cal.faults.add({ path: '/events', status: 500 })
    cal.faults.add({ path: '/venues', delay: 1 })
    expect(cal.faults.remove(a.id)).toMatchObject({ id: a.id })
    expect(cal.faults.remove(a.id)).toBeUndefined()
    expect(cal.faults.list().map((f) => f.path)).toEqual(['/venues'])
    cal.faults.clear()
    expect(cal.faults.list()).toEqual([])
    cal.faults.add({ path: '/events', status: 500 })
    await cal.reset()
    expect((await cal.fetch(`${P}/events`)).status).toBe(200)
  })

  it('refuses a rule that is no fault, naming the field', async () => {
    cal = await createTestCalendar('fixtures/small.json')
    expect(() => cal?.faults.add({ path: '/events', status: 302 })).toThrow(
      expect.objectContaining({
        code: 'rest_invalid_param',
        data: expect.objectContaining({ params: { status: expect.any(String) } }),
      }),
    )
  })
})
