import { formatInTimeZone, fromZonedTime } from 'date-fns-tz'
import { describe, expect, it } from 'vitest'
import {
  addToWall,
  dayEnd,
  dayStart,
  instantToWall,
  isWallTime,
  isZone,
  offsetOf,
  parseDateInput,
  wallDetails,
  wallToInstant,
  wallToIso,
  zoneAbbr,
} from '../../src/core/dates/zoned.js'

const NY = 'America/New_York'
const utc = (iso: string): number => Date.parse(iso)
/** The frozen clock: 2026-07-04 12:00:00 UTC = 08:00:00 EDT. */
const NOW = Date.UTC(2026, 6, 4, 12, 0, 0)

/** Deterministic pseudo-random numbers (mulberry32) for the cross-checks. */
function random(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('isZone', () => {
  it.each([
    NY,
    'Asia/Kolkata',
    'Europe/London',
    'Etc/UTC',
    'UTC',
    'UTC+0',
    'UTC-0',
    'UTC-5',
    'UTC+5:30',
    'UTC+05:30',
    'UTC+14',
    'UTC-12',
    'UTC+5:45',
    'UTC+9:59',
  ])('accepts %s', (zone) => {
    expect(isZone(zone)).toBe(true)
  })

  it.each([
    '',
    'Mars/Olympus',
    'America/Nowhere',
    'UTC+15',
    'UTC+5:60',
    'UTC-9.5',
    'UTC+5:3',
    'UTC+123',
    'UTC+',
    'UTC5',
    '+05:30',
    '-05:00',
    'utc+5',
    'GMT+5:30',
    ' UTC',
  ])('rejects %j', (zone) => {
    expect(isZone(zone)).toBe(false)
  })

  it('answers the same from its cache', () => {
    expect(isZone('Asia/Tokyo')).toBe(true)
    expect(isZone('Asia/Tokyo')).toBe(true)
    expect(isZone('Nope/Nope')).toBe(false)
    expect(isZone('Nope/Nope')).toBe(false)
  })
})

describe('isWallTime', () => {
  it.each([
    '2026-07-04 20:00:00',
    '2024-02-29 00:00:00',
    '2000-02-29 23:59:59',
    '1900-01-01 00:00:00',
    '0001-01-01 00:00:00',
    '9999-12-31 23:59:59',
  ])('accepts %s', (s) => {
    expect(isWallTime(s)).toBe(true)
  })

  it.each([
    '2026-02-29 00:00:00',
    '1900-02-29 00:00:00',
    '2026-02-30 10:00:00',
    '2026-04-31 10:00:00',
    '2026-13-01 10:00:00',
    '2026-00-10 10:00:00',
    '2026-07-00 10:00:00',
    '2026-07-04 24:00:00',
    '2026-07-04 23:60:00',
    '2026-07-04 23:59:60',
    '2026-07-04T20:00:00',
    '2026-07-04 20:00',
    '2026-07-04',
    '2026-07-04 20:00:00 ',
    ' 2026-07-04 20:00:00',
    '2026-7-4 20:00:00',
    '26-07-04 20:00:00',
    '2026-07-04 20:00:00Z',
    '',
  ])('rejects %j', (s) => {
    expect(isWallTime(s)).toBe(false)
  })

  it('rejects non-strings without throwing', () => {
    expect(isWallTime(20260704 as unknown as string)).toBe(false)
    expect(isWallTime(undefined as unknown as string)).toBe(false)
  })
})

describe('wallToInstant', () => {
  it('reads a wall in standard and daylight time', () => {
    expect(wallToInstant('2026-01-15 12:00:00', NY)).toBe(utc('2026-01-15T17:00:00Z'))
    expect(wallToInstant('2026-07-04 20:00:00', NY)).toBe(utc('2026-07-05T00:00:00Z'))
    expect(wallToInstant('2026-07-04 20:00:00', 'Asia/Kolkata')).toBe(utc('2026-07-04T14:30:00Z'))
    expect(wallToInstant('2026-07-04 20:00:00', 'UTC')).toBe(utc('2026-07-04T20:00:00Z'))
    expect(wallToInstant('2026-07-04 20:00:00', 'Etc/UTC')).toBe(utc('2026-07-04T20:00:00Z'))
  })

  it('moves a wall in the spring-forward gap forward by the gap (2026-03-08)', () => {
    expect(wallToInstant('2026-03-08 01:59:59', NY)).toBe(utc('2026-03-08T06:59:59Z'))
    expect(wallToInstant('2026-03-08 02:00:00', NY)).toBe(utc('2026-03-08T07:00:00Z'))
    expect(wallToInstant('2026-03-08 02:30:00', NY)).toBe(utc('2026-03-08T07:30:00Z'))
    expect(instantToWall(wallToInstant('2026-03-08 02:30:00', NY), NY)).toBe('2026-03-08 03:30:00')
    expect(wallToInstant('2026-03-08 03:00:00', NY)).toBe(utc('2026-03-08T07:00:00Z'))
    expect(wallToInstant('2026-03-08 03:30:00', NY)).toBe(utc('2026-03-08T07:30:00Z'))
  })

  it('picks the first occurrence in the fall-back overlap (2026-11-01)', () => {
    expect(wallToInstant('2026-11-01 00:59:59', NY)).toBe(utc('2026-11-01T04:59:59Z'))
    expect(wallToInstant('2026-11-01 01:00:00', NY)).toBe(utc('2026-11-01T05:00:00Z'))
    expect(wallToInstant('2026-11-01 01:30:00', NY)).toBe(utc('2026-11-01T05:30:00Z'))
    expect(wallToInstant('2026-11-01 01:59:59', NY)).toBe(utc('2026-11-01T05:59:59Z'))
    expect(wallToInstant('2026-11-01 02:00:00', NY)).toBe(utc('2026-11-01T07:00:00Z'))
  })

  it('handles a 30-minute DST shift (Australia/Lord_Howe) and a skipped day (Pacific/Apia 2011)', () => {
    // Lord Howe springs from +10:30 to +11:00 at 02:00 on 2026-10-04.
    expect(instantToWall(wallToInstant('2026-10-04 02:15:00', 'Australia/Lord_Howe'), 'Australia/Lord_Howe')).toBe(
      '2026-10-04 02:45:00',
    )
    // Samoa jumped from -10:00 to +14:00, skipping 2011-12-30 entirely.
    expect(instantToWall(wallToInstant('2011-12-30 12:00:00', 'Pacific/Apia'), 'Pacific/Apia')).toBe(
      '2011-12-31 12:00:00',
    )
  })

  it('is exact for TEC fixed offsets', () => {
    expect(wallToInstant('2026-07-04 20:00:00', 'UTC+5:30')).toBe(utc('2026-07-04T14:30:00Z'))
    expect(wallToInstant('2026-07-04 20:00:00', 'UTC+05:30')).toBe(utc('2026-07-04T14:30:00Z'))
    expect(wallToInstant('2026-07-04 20:00:00', 'UTC-5')).toBe(utc('2026-07-05T01:00:00Z'))
    expect(wallToInstant('2026-03-08 02:30:00', 'UTC-5')).toBe(utc('2026-03-08T07:30:00Z'))
    expect(wallToInstant('2026-07-04 20:00:00', 'UTC+0')).toBe(utc('2026-07-04T20:00:00Z'))
    expect(wallToInstant('2026-07-04 20:00:00', 'UTC+14')).toBe(utc('2026-07-04T06:00:00Z'))
  })

  it('handles years before 1970 and before 0100', () => {
    expect(wallToInstant('1969-12-31 19:00:00', NY)).toBe(0)
    expect(wallToInstant('0050-01-01 00:00:00', 'UTC')).toBe(Date.parse('0050-01-01T00:00:00Z'))
  })

  it('throws RangeError on a bad wall or zone', () => {
    expect(() => wallToInstant('2026-02-30 10:00:00', NY)).toThrow(RangeError)
    expect(() => wallToInstant('2026-07-04', NY)).toThrow(RangeError)
    expect(() => wallToInstant('2026-07-04 10:00:00', 'Mars/Olympus')).toThrow(RangeError)
  })

  it('agrees with date-fns-tz outside gaps and overlaps', () => {
    const next = random(42)
    const zones = [NY, 'Europe/Paris', 'Asia/Kolkata', 'Australia/Sydney', 'America/Sao_Paulo', 'Asia/Kathmandu']
    for (let i = 0; i < 600; i++) {
      const zone = zones[i % zones.length]!
      const ms = Math.floor((next() * 80 - 30) * 365.25 * 86_400) * 1000 + Date.UTC(2000, 0, 1)
      const wall = formatInTimeZone(ms, zone, 'yyyy-MM-dd HH:mm:ss')
      expect(instantToWall(ms, zone)).toBe(wall)
      // Away from transitions the wall names exactly one instant.
      if (instantToWall(ms + 3 * 3_600_000, zone) === addToWall(wall, 3, 'hour')) {
        expect(wallToInstant(wall, zone)).toBe(ms)
        expect(wallToInstant(wall, zone)).toBe(fromZonedTime(wall, zone).getTime())
      }
    }
  })
})

describe('instantToWall', () => {
  it('formats the instant in the zone', () => {
    expect(instantToWall(utc('2026-07-05T00:00:00Z'), NY)).toBe('2026-07-04 20:00:00')
    expect(instantToWall(utc('2026-01-15T17:00:00Z'), NY)).toBe('2026-01-15 12:00:00')
    expect(instantToWall(utc('2026-07-04T14:30:00Z'), 'Asia/Kolkata')).toBe('2026-07-04 20:00:00')
    expect(instantToWall(utc('2026-07-04T14:30:00Z'), 'UTC')).toBe('2026-07-04 14:30:00')
    expect(instantToWall(utc('2026-07-04T14:30:00Z'), 'UTC+5:30')).toBe('2026-07-04 20:00:00')
    expect(instantToWall(utc('2026-07-05T01:00:00Z'), 'UTC-5')).toBe('2026-07-04 20:00:00')
  })

  it('shows both passes through the overlap', () => {
    expect(instantToWall(utc('2026-11-01T05:30:00Z'), NY)).toBe('2026-11-01 01:30:00')
    expect(instantToWall(utc('2026-11-01T06:30:00Z'), NY)).toBe('2026-11-01 01:30:00')
    expect(instantToWall(utc('2026-03-08T06:59:59Z'), NY)).toBe('2026-03-08 01:59:59')
    expect(instantToWall(utc('2026-03-08T07:00:00Z'), NY)).toBe('2026-03-08 03:00:00')
  })

  it('drops milliseconds, also before 1970', () => {
    expect(instantToWall(utc('2026-07-04T14:30:00.999Z'), 'UTC')).toBe('2026-07-04 14:30:00')
    expect(instantToWall(-1, 'UTC')).toBe('1969-12-31 23:59:59')
    expect(instantToWall(0, NY)).toBe('1969-12-31 19:00:00')
  })

  it('keeps local mean time to the second', () => {
    // New York was on LMT -4:56:02 until 1883.
    expect(instantToWall(Date.UTC(1850, 0, 1), NY)).toBe('1849-12-31 19:03:58')
    expect(wallToInstant('1849-12-31 19:03:58', NY)).toBe(Date.UTC(1850, 0, 1))
  })

  it('throws RangeError on a bad zone or instant', () => {
    expect(() => instantToWall(0, 'Nope/Nope')).toThrow(RangeError)
    expect(() => instantToWall(Number.NaN, NY)).toThrow(RangeError)
    expect(() => instantToWall(1e20, NY)).toThrow(RangeError)
    expect(() => instantToWall(Date.UTC(10000, 0, 1), 'UTC')).toThrow(RangeError)
  })
})

describe('wallDetails', () => {
  it('splits into zero-padded strings in TEC key order', () => {
    const details = wallDetails('2026-03-08 02:05:09')
    expect(details).toEqual({ year: '2026', month: '03', day: '08', hour: '02', minutes: '05', seconds: '09' })
    expect(Object.keys(details)).toEqual(['year', 'month', 'day', 'hour', 'minutes', 'seconds'])
  })

  it('throws RangeError on a bad wall', () => {
    expect(() => wallDetails('2026-03-08')).toThrow(RangeError)
  })
})

describe('zoneAbbr', () => {
  const winter = utc('2026-01-15T12:00:00Z')
  const summer = utc('2026-07-15T12:00:00Z')

  it.each([
    [NY, 'EST', 'EDT'],
    ['America/Chicago', 'CST', 'CDT'],
    ['UTC', 'UTC', 'UTC'],
    ['Etc/UTC', 'UTC', 'UTC'],
    ['Europe/London', 'GMT', 'BST'],
    ['Europe/Paris', 'CET', 'CEST'],
    ['Asia/Kolkata', 'IST', 'IST'],
    ['Australia/Sydney', 'AEDT', 'AEST'],
    ['Asia/Tokyo', 'JST', 'JST'],
    ['America/Sao_Paulo', '-03:00', '-03:00'],
    ['Asia/Kathmandu', '+05:45', '+05:45'],
    ['Etc/GMT+5', '-05:00', '-05:00'],
  ])('%s: %s in January, %s in July', (zone, jan, jul) => {
    expect(zoneAbbr(winter, zone)).toBe(jan)
    expect(zoneAbbr(summer, zone)).toBe(jul)
    // Again, from the cache.
    expect(zoneAbbr(winter, zone)).toBe(jan)
    expect(zoneAbbr(summer, zone)).toBe(jul)
  })

  it('shows a fixed-offset zone as it is written, as TEC prints it', () => {
    expect(zoneAbbr(summer, 'UTC+0')).toBe('UTC+0')
    expect(zoneAbbr(summer, 'UTC+5:30')).toBe('UTC+5:30')
    expect(zoneAbbr(summer, 'UTC-5')).toBe('UTC-5')
    expect(zoneAbbr(summer, 'UTC')).toBe('UTC')
  })

  it('switches at the transition instant', () => {
    expect(zoneAbbr(utc('2026-03-08T06:59:59Z'), NY)).toBe('EST')
    expect(zoneAbbr(utc('2026-03-08T07:00:00Z'), NY)).toBe('EDT')
    expect(zoneAbbr(utc('2026-11-01T05:59:59Z'), NY)).toBe('EDT')
    expect(zoneAbbr(utc('2026-11-01T06:00:00Z'), NY)).toBe('EST')
  })

  it('throws RangeError on a bad zone', () => {
    expect(() => zoneAbbr(0, 'Nope/Nope')).toThrow(RangeError)
  })
})

describe('offsetOf', () => {
  it('gives ISO offsets', () => {
    expect(offsetOf(utc('2026-07-15T12:00:00Z'), NY)).toBe('-04:00')
    expect(offsetOf(utc('2026-01-15T12:00:00Z'), NY)).toBe('-05:00')
    expect(offsetOf(0, 'Asia/Kolkata')).toBe('+05:30')
    expect(offsetOf(0, 'Asia/Kathmandu')).toBe('+05:30') // Nepal moved to +05:45 in 1986
    expect(offsetOf(utc('2026-07-15T12:00:00Z'), 'Asia/Kathmandu')).toBe('+05:45')
    expect(offsetOf(0, 'UTC')).toBe('+00:00')
    expect(offsetOf(0, 'UTC+0')).toBe('+00:00')
    expect(offsetOf(0, 'UTC+5:30')).toBe('+05:30')
    expect(offsetOf(0, 'UTC-5')).toBe('-05:00')
    expect(offsetOf(0, 'America/St_Johns')).toBe('-03:30')
  })

  it('truncates local mean time seconds', () => {
    expect(offsetOf(Date.UTC(1850, 0, 1), NY)).toBe('-04:56')
  })
})

describe('wallToIso', () => {
  it('formats ISO 8601 with the offset in force', () => {
    expect(wallToIso('2018-05-11 10:00:00', 'America/Chicago')).toBe('2018-05-11T10:00:00-05:00')
    expect(wallToIso('2026-01-15 10:00:00', NY)).toBe('2026-01-15T10:00:00-05:00')
    expect(wallToIso('2026-07-04 20:00:00', 'UTC')).toBe('2026-07-04T20:00:00+00:00')
    expect(wallToIso('2026-07-04 20:00:00', 'UTC+5:30')).toBe('2026-07-04T20:00:00+05:30')
    expect(wallToIso('2026-07-04 20:00:00', 'UTC-5')).toBe('2026-07-04T20:00:00-05:00')
  })

  it('names the real instant for a wall in a gap, the first for an overlap', () => {
    expect(wallToIso('2026-03-08 02:30:00', NY)).toBe('2026-03-08T03:30:00-04:00')
    expect(wallToIso('2026-11-01 01:30:00', NY)).toBe('2026-11-01T01:30:00-04:00')
  })
})

describe('dayStart / dayEnd', () => {
  it('moves to the ends of the same day', () => {
    expect(dayStart('2026-07-04 20:15:00')).toBe('2026-07-04 00:00:00')
    expect(dayEnd('2026-07-04 20:15:00')).toBe('2026-07-04 23:59:59')
    expect(dayStart('2026-03-08 02:30:00')).toBe('2026-03-08 00:00:00')
  })

  it('throws RangeError on a bad wall', () => {
    expect(() => dayStart('2026-07-04')).toThrow(RangeError)
    expect(() => dayEnd('2026-02-30 00:00:00')).toThrow(RangeError)
  })
})

describe('addToWall', () => {
  const w = '2026-01-31 22:30:00'

  it.each([
    [1, 'minute', '2026-01-31 22:31:00'],
    [90, 'minute', '2026-02-01 00:00:00'],
    [2, 'hour', '2026-02-01 00:30:00'],
    [-23, 'hour', '2026-01-30 23:30:00'],
    [1, 'day', '2026-02-01 22:30:00'],
    [-31, 'day', '2025-12-31 22:30:00'],
    [2, 'week', '2026-02-14 22:30:00'],
    [1, 'month', '2026-02-28 22:30:00'],
    [-2, 'month', '2025-11-30 22:30:00'],
    [13, 'month', '2027-02-28 22:30:00'],
    [24, 'month', '2028-01-31 22:30:00'],
    [-1, 'year', '2025-01-31 22:30:00'],
    [0, 'day', w],
  ] as const)('%i %s', (n, unit, expected) => {
    expect(addToWall(w, n, unit)).toBe(expected)
  })

  it('clamps leap days and ignores DST', () => {
    expect(addToWall('2024-02-29 10:00:00', 1, 'year')).toBe('2025-02-28 10:00:00')
    expect(addToWall('2024-02-29 10:00:00', 4, 'year')).toBe('2028-02-29 10:00:00')
    expect(addToWall('2026-03-07 02:30:00', 1, 'day')).toBe('2026-03-08 02:30:00')
    expect(addToWall('2026-03-08 01:30:00', 1, 'hour')).toBe('2026-03-08 02:30:00')
  })

  it('throws RangeError on bad input', () => {
    expect(() => addToWall(w, 1.5, 'day')).toThrow(RangeError)
    expect(() => addToWall(w, Number.NaN, 'day')).toThrow(RangeError)
    expect(() => addToWall(w, 1, 'fortnight' as 'day')).toThrow(RangeError)
    expect(() => addToWall('2026-01-31', 1, 'day')).toThrow(RangeError)
    expect(() => addToWall('9999-12-31 23:59:59', 1, 'minute')).toThrow(RangeError)
    expect(() => addToWall('0000-01-01 00:00:00', -1, 'month')).toThrow(RangeError)
  })
})

describe('parseDateInput', () => {
  const p = (input: string | number, zone = NY, now = NOW) => parseDateInput(input, zone, now)

  describe('calendar forms', () => {
    it.each([
      ['2026-07-04', '2026-07-04 00:00:00'],
      ['2024-02-29', '2024-02-29 00:00:00'],
      ['2026-07-04 20:00', '2026-07-04 20:00:00'],
      ['2026-07-04 20:00:15', '2026-07-04 20:00:15'],
      ['2026-07-04T20:00', '2026-07-04 20:00:00'],
      ['2026-07-04T20:00:15', '2026-07-04 20:00:15'],
      ['2026-07-04t20:00:15', '2026-07-04 20:00:15'],
      ['  2026-07-04 20:00  ', '2026-07-04 20:00:00'],
      // A wall in the zone's gap is kept as written; wallToInstant resolves it.
      ['2026-03-08 02:30', '2026-03-08 02:30:00'],
    ])('%j → %s', (input, expected) => {
      expect(p(input)).toBe(expected)
    })

    it('reads walls in the zone given, not converting them', () => {
      expect(p('2026-07-04 20:00', 'Asia/Kolkata')).toBe('2026-07-04 20:00:00')
      expect(p('2026-07-04 20:00', 'UTC+5:30')).toBe('2026-07-04 20:00:00')
    })
  })

  describe('ISO 8601 with an offset', () => {
    it.each([
      ['2026-07-04T20:00:00Z', NY, '2026-07-04 16:00:00'],
      ['2026-07-04T20:00:00z', NY, '2026-07-04 16:00:00'],
      ['2026-07-04T20:00:00Z', 'UTC', '2026-07-04 20:00:00'],
      ['2026-07-04T20:00:00+02:00', NY, '2026-07-04 14:00:00'],
      ['2026-07-04T20:00:00+02:00', 'Asia/Kolkata', '2026-07-04 23:30:00'],
      ['2026-07-04 20:00:00-0500', NY, '2026-07-04 21:00:00'],
      ['2026-07-04 20:00:00-05', NY, '2026-07-04 21:00:00'],
      ['2026-07-04T20:00Z', NY, '2026-07-04 16:00:00'],
      ['2026-07-04T20:00:00.123456Z', NY, '2026-07-04 16:00:00'],
      ['2026-07-04T20:00:00,5+00:00', 'UTC', '2026-07-04 20:00:00'],
      ['2026-07-04T20:00:00+05:30', 'UTC+5:30', '2026-07-04 20:00:00'],
      ['2026-07-04T20:00:00Z', 'UTC-5', '2026-07-04 15:00:00'],
      ['2026-11-01T05:30:00Z', NY, '2026-11-01 01:30:00'],
      ['2026-11-01T06:30:00Z', NY, '2026-11-01 01:30:00'],
    ])('%j in %s → %s', (input, zone, expected) => {
      expect(p(input, zone)).toBe(expected)
    })
  })

  describe('Unix timestamps in seconds', () => {
    it.each([
      [1783166400, '2026-07-04 08:00:00'],
      ['1783166400', '2026-07-04 08:00:00'],
      [' 1783166400 ', '2026-07-04 08:00:00'],
      [0, '1969-12-31 19:00:00'],
      [1783166400.9, '2026-07-04 08:00:00'],
      ['999999999', '2001-09-08 21:46:39'],
      ['10000000000', '2286-11-20 12:46:40'],
      ['-86400', '1969-12-30 19:00:00'],
      [-86400, '1969-12-30 19:00:00'],
    ] as const)('%j → %s', (input, expected) => {
      expect(p(input)).toBe(expected)
    })

    it('converts into the zone given', () => {
      expect(p(1783166400, 'UTC')).toBe('2026-07-04 12:00:00')
      expect(p('1783166400', 'Asia/Kolkata')).toBe('2026-07-04 17:30:00')
      expect(p(1783166400, 'UTC+5:30')).toBe('2026-07-04 17:30:00')
    })

    it.each(['20260704', '12345', '0', '123456789012', '-123456789012', '1783166400.5', '+1783166400'])(
      'does not take %j as a timestamp',
      (input) => {
        expect(p(input)).toBeNull()
      },
    )

    it.each([Number.NaN, Number.POSITIVE_INFINITY, 1e20, 1e15])('rejects the number %d', (input) => {
      expect(p(input)).toBeNull()
    })
  })

  describe('words', () => {
    it.each([
      ['now', '2026-07-04 08:00:00'],
      ['NOW', '2026-07-04 08:00:00'],
      ['today', '2026-07-04 00:00:00'],
      ['Today', '2026-07-04 00:00:00'],
      ['tomorrow', '2026-07-05 00:00:00'],
      ['yesterday', '2026-07-03 00:00:00'],
      ['tomorrow 9am', '2026-07-05 09:00:00'],
      ['tomorrow 9 am', '2026-07-05 09:00:00'],
      ['tomorrow 9AM', '2026-07-05 09:00:00'],
      ['today 9:30pm', '2026-07-04 21:30:00'],
      ['today 9:30 p.m.', '2026-07-04 21:30:00'],
      ['today 12am', '2026-07-04 00:00:00'],
      ['today 12pm', '2026-07-04 12:00:00'],
      ['today 12:30am', '2026-07-04 00:30:00'],
      ['today 14:30', '2026-07-04 14:30:00'],
      ['today 14:30:15', '2026-07-04 14:30:15'],
      ['today 0:05', '2026-07-04 00:05:00'],
      ['yesterday at 14:30', '2026-07-03 14:30:00'],
      ['Tomorrow AT 9pm', '2026-07-05 21:00:00'],
    ])('%j → %s', (input, expected) => {
      expect(p(input)).toBe(expected)
    })

    it('keeps the seconds of now', () => {
      expect(p('now', NY, NOW + 7_250)).toBe('2026-07-04 08:00:07')
    })

    it('takes the day in the zone, not in UTC', () => {
      // 02:00 UTC on July 4 is still July 3 in New York and already the morning of July 4 in Kolkata.
      const early = Date.UTC(2026, 6, 4, 2, 0, 0)
      expect(p('today', NY, early)).toBe('2026-07-03 00:00:00')
      expect(p('tomorrow 9am', NY, early)).toBe('2026-07-04 09:00:00')
      expect(p('today', 'Asia/Kolkata', early)).toBe('2026-07-04 00:00:00')
      expect(p('yesterday', 'UTC-5', early)).toBe('2026-07-02 00:00:00')
      expect(p('now', 'UTC+5:30', early)).toBe('2026-07-04 07:30:00')
    })

    it('crosses month and year ends', () => {
      expect(p('tomorrow', 'UTC', Date.UTC(2026, 11, 31, 10))).toBe('2027-01-01 00:00:00')
      expect(p('yesterday', 'UTC', Date.UTC(2024, 2, 1, 10))).toBe('2024-02-29 00:00:00')
    })

    it.each([
      'today 13pm',
      'today 0am',
      'today 24:00',
      'today 9',
      'today 9:60',
      'today at',
      'today noon',
      'todayx',
      'tomorrow 9am extra',
      'now 9am',
    ])('rejects %j', (input) => {
      expect(p(input)).toBeNull()
    })
  })

  describe('relative forms', () => {
    it.each([
      ['+1 day', '2026-07-05 08:00:00'],
      ['-1 day', '2026-07-03 08:00:00'],
      ['+2 days', '2026-07-06 08:00:00'],
      ['+1 week', '2026-07-11 08:00:00'],
      ['-3 weeks', '2026-06-13 08:00:00'],
      ['+1 month', '2026-08-04 08:00:00'],
      ['+6 months', '2027-01-04 08:00:00'],
      ['-1 year', '2025-07-04 08:00:00'],
      ['+2 YEARS', '2028-07-04 08:00:00'],
      ['+1 hour', '2026-07-04 09:00:00'],
      ['-36 hours', '2026-07-02 20:00:00'],
      ['+90 minutes', '2026-07-04 09:30:00'],
      ['+1 minute', '2026-07-04 08:01:00'],
      ['+1 day +2 hours', '2026-07-05 10:00:00'],
      ['+1 week -1 day +30 minutes', '2026-07-10 08:30:00'],
      ['+1day', '2026-07-05 08:00:00'],
      ['+ 1 day', '2026-07-05 08:00:00'],
      ['+0 days', '2026-07-04 08:00:00'],
      ['1 day', '2026-07-05 08:00:00'],
      ['1 month', '2026-08-04 08:00:00'],
      ['+1 day 2 hours', '2026-07-05 10:00:00'],
    ])('%j → %s', (input, expected) => {
      expect(p(input)).toBe(expected)
    })

    it('adds days on the wall clock and hours on the instant across DST', () => {
      const beforeSpring = utc('2026-03-07T17:00:00Z') // 12:00 EST
      expect(p('+1 day', NY, beforeSpring)).toBe('2026-03-08 12:00:00')
      expect(p('+24 hours', NY, beforeSpring)).toBe('2026-03-08 13:00:00')
      // A day later lands in the gap and moves forward by it.
      expect(p('+1 day', NY, utc('2026-03-07T07:30:00Z'))).toBe('2026-03-08 03:30:00')
      const beforeFall = utc('2026-10-31T16:00:00Z') // 12:00 EDT
      expect(p('+1 day', NY, beforeFall)).toBe('2026-11-01 12:00:00')
      expect(p('+24 hours', NY, beforeFall)).toBe('2026-11-01 11:00:00')
    })

    it('clamps months to the last day', () => {
      expect(p('+1 month', 'UTC', Date.UTC(2026, 0, 31, 10))).toBe('2026-02-28 10:00:00')
      expect(p('+1 year', 'UTC', Date.UTC(2024, 1, 29, 10))).toBe('2025-02-28 10:00:00')
    })

    it('works in fixed-offset zones', () => {
      expect(p('+1 day', 'UTC+5:30')).toBe('2026-07-05 17:30:00')
      expect(p('-2 hours', 'UTC-5')).toBe('2026-07-04 05:00:00')
    })

    it.each(['1', '+1', '+day', '+1 days ago', '+1 fortnight', '+1 dayss', '+1 mins', '+1.5 days', '+99999999 years'])(
      'rejects %j',
      (input) => {
        expect(p(input)).toBeNull()
      },
    )
  })

  describe("strtotime's weekdays, at midnight", () => {
    it.each([
      ['tuesday', 'a Tuesday today or after'],
      ['next tuesday', 'strictly after today'],
      ['last tuesday', 'strictly before today'],
    ])('%j is %s', (input) => {
      const wall = p(input)
      expect(wall).toMatch(/ 00:00:00$/u)
      expect(new Date(`${(wall as string).slice(0, 10)}T00:00:00Z`).getUTCDay()).toBe(2)
    })
  })

  describe('invalid input', () => {
    it.each([
      '',
      '   ',
      '2026-02-30',
      '2026-02-29',
      '2026-13-01',
      '2026-07-04 25:00',
      '2026-07-04 24:00:00',
      '2026-07-04 23:60',
      '2026-07-04T20:00:00+25:00',
      '2026-07-04T20:00:00+05:60',
      '25:00',
      'next blursday',
      'garbage',
      '2026/07/04',
      '07/04/2026',
      '2026-7-4',
      'July 4, 2026',
      '2026-07-04 20',
      '2026-07-04 20:00:00 EST',
      'nowish',
    ])('%j → null', (input) => {
      expect(p(input)).toBeNull()
    })

    it('rejects values that are neither strings nor numbers', () => {
      expect(p(null as unknown as string)).toBeNull()
      expect(p(['2026-07-04'] as unknown as string)).toBeNull()
    })

    it('throws RangeError on a bad zone or clock (caller bugs)', () => {
      expect(() => p('now', 'Nope/Nope')).toThrow(RangeError)
      expect(() => p('now', NY, Number.NaN)).toThrow(RangeError)
    })
  })
})
