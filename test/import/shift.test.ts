import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { addToWall, wallToInstant } from '../../src/core/dates/zoned.js'
import { loadDocument } from '../../src/core/document/load.js'
import type { EventRecord } from '../../src/core/model/records.js'
import type { CalendarState } from '../../src/core/model/state.js'
import { shiftToDate } from '../../src/tec/shift.js'
import { importTec } from '../../src/tec/tec.js'

const NOW = '2026-11-22 10:00:00'
const DAY = 24 * 60 * 60 * 1000

interface Spec {
  id: number
  start: string
  end: string
  zone: string
}

function stateWith(siteZone: string, specs: Spec[]): CalendarState {
  const events = specs.map(({ id, start, end, zone }) => ({
    id,
    title: `e${id}`,
    start_date: start,
    end_date: end,
    timezone: zone,
  }))
  return loadDocument(JSON.stringify({ settings: { timezone: siteZone }, events }), { file: 'mem', now: () => NOW })
}

/** The wall read as UTC: weekday and wall-clock differences without any zone. */
const asUtc = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}Z`)
const weekday = (wall: string) => new Date(asUtc(wall)).getUTCDay()
const clock = (wall: string) => wall.slice(11)
const span = (event: EventRecord) => asUtc(event.end_date) - asUtc(event.start_date)
const startOf = (event: EventRecord) => wallToInstant(event.start_date, event.timezone)

function snapshot(state: CalendarState): EventRecord[] {
  return [...state.events.values()]
}

/** Everything shiftToDate promises, checked against the events as they were. */
function expectShifted(state: CalendarState, before: EventRecord[], day: string, weeks: number): void {
  const after = snapshot(state)
  expect(after.map((e) => e.id)).toEqual(before.map((e) => e.id))
  after.forEach((event, i) => {
    const old = before[i]!
    expect(event.start_date).toBe(addToWall(old.start_date, 7 * weeks, 'day'))
    expect(event.end_date).toBe(addToWall(old.end_date, 7 * weeks, 'day'))
    expect(weekday(event.start_date)).toBe(weekday(old.start_date))
    expect(clock(event.start_date)).toBe(clock(old.start_date))
    expect(clock(event.end_date)).toBe(clock(old.end_date))
    expect(span(event)).toBe(span(old))
    expect(event.timezone).toBe(old.timezone)
  })
  const from = wallToInstant(`${day} 00:00:00`, state.siteTimezone)
  const to = wallToInstant(`${addToWall(`${day} 00:00:00`, 7, 'day')}`, state.siteTimezone)
  const earliest = Math.min(...after.map(startOf))
  expect(earliest).toBeGreaterThanOrEqual(from)
  expect(earliest).toBeLessThan(to)
}

const MIXED: Spec[] = [
  { id: 1, start: '2022-08-10 08:30:00', end: '2022-08-10 10:00:00', zone: 'America/New_York' },
  { id: 2, start: '2022-08-11 18:15:00', end: '2022-08-11 20:30:00', zone: 'UTC+0' },
  { id: 3, start: '2022-08-12 09:00:00', end: '2022-08-14 17:00:00', zone: 'Asia/Kolkata' },
  { id: 4, start: '2022-08-13 19:00:00', end: '2022-08-13 21:00:00', zone: 'Australia/Sydney' },
  { id: 5, start: '2022-08-20 11:00:00', end: '2022-08-20 12:00:00', zone: 'UTC+5:30' },
]

describe('shiftToDate', () => {
  it('moves events in different zones by whole weeks, keeping weekdays, times and durations', () => {
    const state = stateWith('America/New_York', MIXED)
    const before = snapshot(state)
    const weeks = shiftToDate(state, '2026-11-23')
    expect(weeks).toBeGreaterThan(0)
    expectShifted(state, before, '2026-11-23', weeks)
  })

  it('moves back with a negative number of weeks', () => {
    const state = stateWith('UTC', MIXED)
    const before = snapshot(state)
    const weeks = shiftToDate(state, '2020-01-01')
    expect(weeks).toBeLessThan(0)
    expectShifted(state, before, '2020-01-01', weeks)
  })

  it('answers 0 while the earliest start is in the week, and moves once the week starts after it', () => {
    const state = stateWith('America/New_York', MIXED)
    const versions = state.events.version
    // Earliest: event 1, 2022-08-10 08:30 New York (a Wednesday); the week may begin 6 days before it.
    expect(shiftToDate(state, '2022-08-04')).toBe(0)
    expect(shiftToDate(state, '2022-08-10')).toBe(0)
    expect(state.events.version).toBe(versions)
    expect(shiftToDate(state, '2022-08-11')).toBe(1)
    expect(shiftToDate(state, '2022-08-11')).toBe(0)
    expect(state.events.get(1)!.start_date).toBe('2022-08-17 08:30:00')
  })

  it('lands exactly on the day when the earliest start is at midnight of that weekday', () => {
    const state = stateWith('UTC', [{ id: 1, start: '2026-01-05 00:00:00', end: '2026-01-05 01:00:00', zone: 'UTC' }])
    expect(shiftToDate(state, '2026-01-19')).toBe(2)
    expect(state.events.get(1)!.start_date).toBe('2026-01-19 00:00:00')
  })

  it('finds the earliest start by UTC instant, not by wall time', () => {
    // The wall of 2 is earlier, but 1 starts first: 2026-03-01 19:30 UTC against 2026-03-02 01:00 UTC.
    const state = stateWith('UTC', [
      { id: 1, start: '2026-03-02 01:00:00', end: '2026-03-02 02:00:00', zone: 'Asia/Kolkata' },
      { id: 2, start: '2026-03-01 20:00:00', end: '2026-03-01 21:00:00', zone: 'America/New_York' },
    ])
    const before = snapshot(state)
    expect(shiftToDate(state, '2026-03-02')).toBe(1)
    expectShifted(state, before, '2026-03-02', 1)
  })

  it('keeps the wall clock across a DST change', () => {
    const state = stateWith('America/New_York', [
      { id: 1, start: '2026-02-20 10:00:00', end: '2026-02-20 11:30:00', zone: 'America/New_York' },
    ])
    const before = snapshot(state)
    const weeks = shiftToDate(state, '2026-03-09')
    expect(weeks).toBe(3)
    expect(state.events.get(1)!.start_date).toBe('2026-03-13 10:00:00')
    expectShifted(state, before, '2026-03-09', weeks)
  })

  it('replaces records instead of changing them', () => {
    const state = stateWith('UTC', MIXED)
    const old = state.events.get(1)!
    const copy = structuredClone(old)
    shiftToDate(state, '2026-11-23')
    expect(old).toEqual(copy)
    expect(state.events.get(1)).not.toBe(old)
    expect({ ...state.events.get(1), start_date: old.start_date, end_date: old.end_date }).toEqual(old)
  })

  it('answers 0 for an empty calendar', () => {
    const state = stateWith('UTC', [])
    expect(shiftToDate(state, '2026-11-23')).toBe(0)
  })

  it('shifts every imported capture together', () => {
    const dir = new URL('../../fixtures/tec/', import.meta.url)
    const state = stateWith('America/New_York', [])
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort()) {
      importTec(state, JSON.parse(readFileSync(new URL(name, dir), 'utf8')), { now: NOW })
    }
    const before = snapshot(state)
    const weeks = shiftToDate(state, '2026-11-23')
    expectShifted(state, before, '2026-11-23', weeks)
    // The earliest capture event is hacc 2644 (2018-05-11 10:00 Chicago, a Friday).
    expect(state.events.get(2644)!.start_date).toBe('2026-11-27 10:00:00')
    expect(weeks * 7 * DAY).toBe(asUtc('2026-11-27 10:00:00') - asUtc('2018-05-11 10:00:00'))
  })
})
