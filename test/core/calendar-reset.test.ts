import { describe, expect, it } from 'vitest'
import { fixture, open } from '../helpers.js'

describe('calendar.reset', () => {
  it('puts back the document as opened, dropping every change since', async () => {
    const { calendar, request } = await open(fixture('small.json'))
    const created = await request('POST', '/events', {
      title: 'Temp',
      start_date: '2026-07-02 10:00:00',
      end_date: '2026-07-02 11:00:00',
    })
    expect(created.status).toBe(201)
    await calendar.events.delete(10, { force: true })
    expect(calendar.state.events.size).toBe(1)
    await calendar.reset()
    expect([...calendar.state.events.values()].map((e) => e.id)).toEqual([10])
    expect((await request('GET', '/events/10')).status).toBe(200)
    expect((await request('GET', `/events/${created.body.id}`)).status).toBe(404)
  })
})
