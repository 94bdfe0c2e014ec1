/**
 * src/core/dates/zoned.ts on date-fns-tz and date-fns (issue 10): the places where those libraries need care — years
 * 0000–0099 (Date's two-digit-year rule, Intl's years BC), instants before 1800 and at the ends of Date's range,
 * zone names in any casing, the locales of the abbreviations — and the per-day offset cache, which must answer the
 * same whatever order it is filled in.
 */
import { describe, expect, it, vi } from 'vitest'
import {
  addToWall,
  dayEnd,
  dayStart,
  instantToWall,
  isWallTime,
  isZone,
  offsetOf,
  parseDateInput,
  wallInZone,
  wallOutOfRange,
  wallToInstant,
  wallToIso,
  zoneAbbr,
} from '../../src/core/dates/zoned.js'

const NY = 'America/New_York'
const DAY = 86_400_000
/** 0000-01-01 00:00:00 UTC. */
const YEAR_0 = -62_167_219_200_000
/** The last instant calfile converts: Date's range less a day. */
const LAST = 8.64e15 - DAY

describe('years 0000–0099', () => {
  it('keeps them four-digit years, not 1900–1999', () => {
    expect(wallToInstant('0000-01-01 00:00:00', 'UTC')).toBe(YEAR_0)
    expect(wallToInstant('0099-12-31 23:59:59', 'UTC')).toBe(Date.parse('0099-12-31T23:59:59Z'))
    expect(instantToWall(YEAR_0, 'UTC')).toBe('0000-01-01 00:00:00')
    expect(instantToWall(Date.parse('0050-06-01T12:00:00Z'), 'UTC+5:30')).toBe('0050-06-01 17:30:00')
  })

  it('reads year 0 as a leap year and 0100 as none (proleptic Gregorian)', () => {
    expect(isWallTime('0000-02-29 00:00:00')).toBe(true)
    expect(isWallTime('0004-02-29 00:00:00')).toBe(true)
    expect(isWallTime('0100-02-29 00:00:00')).toBe(false)
    expect(addToWall('0000-02-28 10:00:00', 1, 'day')).toBe('0000-02-29 10:00:00')
  })

  it('does calendar arithmetic across them', () => {
    expect(addToWall('0099-12-31 23:30:00', 1, 'hour')).toBe('0100-01-01 00:30:00')
    expect(addToWall('0004-01-31 10:00:00', 1, 'month')).toBe('0004-02-29 10:00:00')
    expect(addToWall('0001-03-31 10:00:00', -1, 'year')).toBe('0000-03-31 10:00:00')
    expect(addToWall('0000-12-31 23:59:59', 1, 'minute')).toBe('0001-01-01 00:00:59')
    expect(() => addToWall('0000-01-01 00:00:00', -1, 'minute')).toThrow(RangeError)
    expect(dayStart('0000-01-01 10:00:00')).toBe('0000-01-01 00:00:00')
    expect(dayEnd('0099-12-31 10:00:00')).toBe('0099-12-31 23:59:59')
  })

  it('converts them in IANA zones on the local mean time of 1800', () => {
    // New York was on LMT -4:56:02 until 1883, Kolkata on +5:53:28 until 1854.
    expect(instantToWall(YEAR_0 + DAY, NY)).toBe('0000-01-01 19:03:58')
    expect(instantToWall(YEAR_0, 'Asia/Kolkata')).toBe('0000-01-01 05:53:28')
    expect(wallToInstant('0000-01-01 19:03:58', NY)).toBe(YEAR_0 + DAY)
    expect(offsetOf(YEAR_0, 'Asia/Kolkata')).toBe('+05:53')
    expect(wallToIso('0050-07-04 12:00:00', NY)).toBe('0050-07-04T12:00:00-04:56')
    expect(parseDateInput('0050-06-01T12:00:00Z', NY, 0)).toBe('0050-06-01 07:03:58')
    expect(parseDateInput('tomorrow 9am', 'UTC', YEAR_0 + 3_600_000)).toBe('0000-01-02 09:00:00')
  })

  it('keeps the UTC range check at the first and last years', () => {
    expect(wallOutOfRange('0000-01-01 00:00:00', NY)).toBeUndefined()
    expect(wallOutOfRange('0000-01-01 00:00:00', 'Asia/Kolkata')).toMatch(/outside years 0000–9999 in UTC/)
    expect(wallOutOfRange('9999-12-31 23:59:59', NY)).toMatch(/outside years 0000–9999 in UTC/)
    expect(wallInZone('0000-01-01 03:00:00', 'UTC', NY)).toBeNull()
  })
})

describe('instants before 1800 and at the ends of Date', () => {
  it('gives every instant before 1800 the offset of 1800 (local mean time)', () => {
    expect(instantToWall(Date.UTC(1700, 5, 1), NY)).toBe('1700-05-31 19:03:58')
    expect(offsetOf(Date.UTC(1700, 5, 1), NY)).toBe('-04:56')
    expect(offsetOf(-8.64e15 + DAY, NY)).toBe('-04:56')
    expect(zoneAbbr(Date.UTC(1700, 5, 1), NY)).toBe('-04:56')
  })

  it('answers up to the last instant it takes, with the yearly rule of 400 years earlier', () => {
    // +275760-09-12: New York on daylight time, Tokyo on JST, Sydney on standard time.
    expect(offsetOf(LAST, NY)).toBe('-04:00')
    expect(offsetOf(LAST, 'Asia/Tokyo')).toBe('+09:00')
    expect(offsetOf(LAST, 'Australia/Sydney')).toBe('+10:00')
    expect(offsetOf(LAST - 13 * 3_600_000, 'Pacific/Kiritimati')).toBe('+14:00')
    expect(() => instantToWall(LAST, 'Asia/Tokyo')).toThrow(RangeError)
    expect(() => offsetOf(LAST + 1, NY)).toThrow(RangeError)
  })
})

describe('zone names', () => {
  it('takes any casing and any alias Intl takes, with the same answers', () => {
    const summer = Date.UTC(2026, 6, 4, 12)
    for (const zone of ['america/new_york', 'AMERICA/NEW_YORK', 'US/Eastern', 'EST5EDT']) {
      expect(isZone(zone)).toBe(true)
      expect(instantToWall(summer, zone)).toBe('2026-07-04 08:00:00')
      expect(zoneAbbr(summer, zone)).toBe('EDT')
    }
    expect(instantToWall(summer, 'Asia/Calcutta')).toBe(instantToWall(summer, 'Asia/Kolkata'))
    expect(instantToWall(summer, 'utc')).toBe('2026-07-04 12:00:00')
  })

  it('takes no offset date-fns-tz would take as a zone', () => {
    for (const zone of ['Z', 'z', '+05:30', '-05', '+0530', 'UTC+5:30:00']) expect(isZone(zone)).toBe(false)
  })
})

describe('zoneAbbr locales', () => {
  const july = Date.UTC(2026, 6, 15, 12)

  it.each([
    ['Asia/Singapore', 'SGT'],
    ['Asia/Kuala_Lumpur', 'MYT'],
    ['Europe/Dublin', 'IST'],
    ['Pacific/Auckland', 'NZST'],
    ['Africa/Johannesburg', 'SAST'],
    ['America/Halifax', 'ADT'],
    ['Asia/Seoul', '+09:00'],
  ])('%s: %s in July', (zone, abbr) => {
    expect(zoneAbbr(july, zone)).toBe(abbr)
  })
})

describe('the per-day offset cache', () => {
  /** Instants around New York's and Lord Howe's 2026 changes and a Samoa day that never was. */
  const instants = [
    ...[-DAY, -3_600_000, -1000, 0, 1000, 3_600_000, DAY, 2 * DAY].map((d) => Date.UTC(2026, 2, 8, 7) + d),
    ...[-DAY, -1000, 0, 1000, DAY].map((d) => Date.UTC(2026, 10, 1, 6) + d),
    ...[-DAY, -1000, 0, 1000, DAY].map((d) => Date.UTC(2026, 9, 3, 15, 30) + d),
    Date.UTC(2011, 11, 30, 9, 59, 59),
    Date.UTC(2011, 11, 30, 10),
    Date.UTC(2011, 11, 30, 12),
  ]
  const zones = [NY, 'Australia/Lord_Howe', 'Pacific/Apia']

  /** instantToWall of every instant in every zone, asked in the order given of a fresh module (empty caches). */
  async function freshAnswers(order: number[]): Promise<string[][]> {
    vi.resetModules()
    const { instantToWall: fresh } = await import('../../src/core/dates/zoned.js')
    const answers: string[][] = []
    for (const i of order) answers[i] = zones.map((zone) => fresh(instants[i]!, zone))
    return answers
  }

  it('answers the same whatever order the days are asked in', async () => {
    const inOrder = await freshAnswers(instants.map((_, i) => i))
    expect([inOrder[2]![0], inOrder[3]![0]]).toEqual(['2026-03-08 01:59:59', '2026-03-08 03:00:00'])
    expect([inOrder[18]![2], inOrder[19]![2]]).toEqual(['2011-12-29 23:59:59', '2011-12-31 00:00:00'])
    let seed = 1
    const next = () => (seed = (seed * 48_271) % 2_147_483_647)
    for (let run = 0; run < 10; run++) {
      const order = instants.map((_, i) => i)
      for (let i = order.length - 1; i > 0; i--) {
        const j = next() % (i + 1)
        ;[order[i], order[j]] = [order[j]!, order[i]!]
      }
      expect(await freshAnswers(order)).toEqual(inOrder)
    }
  })
})
