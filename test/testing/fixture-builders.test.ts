import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { DocumentFileSchema, EventFileSchema } from '../../src/core/model/records.js'
import { createTestCalendar, fixture } from '../../src/testing/index.js'

const P = '/calendar/events/v1'

describe('fixture builders', () => {
  it('fill in what the data file requires, and keep what is given', () => {
    expect(fixture.event()).toEqual({
      title: 'Test event',
      start_date: '2026-07-01 10:00:00',
      end_date: '2026-07-01 11:00:00',
    })
    expect(fixture.event({ start_date: '2026-12-31 23:30:00', featured: true, custom: 'kept' })).toEqual({
      title: 'Test event',
      start_date: '2026-12-31 23:30:00',
      end_date: '2027-01-01 00:30:00',
      featured: true,
      custom: 'kept',
    })
    expect(fixture.event({ end_date: '2026-07-02 09:00:00' }).end_date).toBe('2026-07-02 09:00:00')
    expect(fixture.venue({ id: 11, city: 'Boston' })).toEqual({ venue: 'Test venue', id: 11, city: 'Boston' })
    expect(fixture.organizer()).toEqual({ organizer: 'Test organizer' })
    expect(fixture.category({ id: 3, name: 'Music' })).toEqual({ name: 'Music', id: 3 })
    expect(fixture.tag()).toEqual({ name: 'Test tag' })
    expect(v.is(EventFileSchema, fixture.event())).toBe(true)
  })

  it('build a data file whose records load into a calendar, related by ID', async () => {
    const data = fixture.dataFile({
      settings: { timezone: 'America/New_York' },
      venues: [fixture.venue({ id: 11, venue: 'Blue Room' })],
      organizers: [{ id: 12 }],
      categories: [{ id: 3, name: 'Music' }],
      tags: [{ id: 4 }],
      events: [
        { id: 20, title: 'Jazz night', start_date: '2026-07-04 20:00:00', venue: 11, organizer: [12], categories: [3] },
        { tags: [4] },
      ],
    })
    expect(v.is(DocumentFileSchema, data)).toBe(true)
    const cal = await createTestCalendar(data, { now: '2026-07-01T12:00:00Z' })
    try {
      const event = await (await cal.fetch(`${P}/events/20`)).json()
      expect(event).toMatchObject({
        title: 'Jazz night',
        end_date: '2026-07-04 21:00:00',
        venue: { id: 11, venue: 'Blue Room' },
        organizer: [{ id: 12, organizer: 'Test organizer' }],
        categories: [{ id: 3, name: 'Music' }],
      })
      const { events } = await (await cal.fetch(`${P}/events?tags=4`)).json()
      expect(events).toMatchObject([{ id: 21, title: 'Test event', tags: [{ id: 4, name: 'Test tag' }] }])
    } finally {
      await cal.close()
    }
  })

  it('throw a valibot error naming each field of the wrong form', () => {
    const wrong = (build: () => unknown) => {
      try {
        build()
      } catch (error) {
        expect(error).toBeInstanceOf(v.ValiError)
        return (error as Error).message
      }
      throw new Error('no error')
    }
    expect(wrong(() => fixture.event({ start_date: 'tomorrow 20:00' }))).toBe(
      'fixture.event: start_date: expected "YYYY-MM-DD HH:MM:SS", got "tomorrow 20:00"',
    )
    expect(wrong(() => fixture.venue({ geo_lat: 'north' as never, show_map: 'yes' as never }))).toBe(
      'fixture.venue: geo_lat: expected a number, got "north"; show_map: expected true or false, got "yes"',
    )
    expect(wrong(() => fixture.category({ name: '' }))).toBe(
      'fixture.category: name: expected a non-empty name, got ""',
    )
    expect(wrong(() => fixture.tag({ id: 0 }))).toBe('fixture.tag: id: expected a positive integer ID, got 0')
    expect(wrong(() => fixture.organizer({ organizer: 7 as never }))).toBe(
      'fixture.organizer: organizer: expected a string, got 7',
    )
    expect(wrong(() => fixture.dataFile({ events: [{}, { venue: 'Blue Room' as never }] }))).toBe(
      'fixture.dataFile: events[1].venue: expected a positive integer ID, got "Blue Room"',
    )
  })
})
