/**
 * docs/lists.md#event-list-dates: the date parameters of GET /events, inclusive and strict modes, the default window,
 * include, hide_from_listings and list order. Site zone America/New_York; NOW is 2026-07-01 08:00:00 there, so the
 * default window is 2026-06-30 00:00:00 .. 2028-07-01 23:59:59.
 *
 * fixtures/events-dates.json, UTC starts: 101 Jun 29 14:00, 102 Jun 30 04:00, 103 Jul 1 13:00, 104 Jul 2 00:00,
 * 105 Jul 2 14:00, 106 (Tokyo 08:00 Jul 3) Jul 2 23:00, 107 (London 09:00) Jul 3 08:00, 108 Jul 3 09:00,
 * 109 hidden, 110/111/117 Jul 15 14:00 (dates Jan 2 / Jan 1 / Jan 3), 112/113 Jul 16 14:00 (same date),
 * 114 2028-07-01 22:00 NY, 115 2028-07-02 10:00 NY, 116 draft.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { fixture, open } from '../helpers.js'

type Json = Record<string, any>
type Request = Awaited<ReturnType<typeof open>>['request']

let request: Request

beforeAll(async () => {
  ;({ request } = await open(fixture('events-dates.json')))
})

/** IDs of a list query (all on one page). */
async function ids(query: string): Promise<number[]> {
  const response = await request('GET', `/events?per_page=50${query ? `&${query}` : ''}`)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body.events.map((event: Json) => event.id)
}

/** The query of a list's rest_url as [key, value] pairs in order. */
async function echo(query: string): Promise<Array<[string, string]>> {
  const response = await request('GET', `/events?${query}`)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return [...new URL(response.body.rest_url).searchParams.entries()]
}

const q = encodeURIComponent
const DEFAULT_LIST = [102, 103, 104, 105, 108, 106, 107, 111, 110, 117, 112, 113, 114]

describe('default window and order (CONTRACT §4.1)', () => {
  it('yesterday 00:00:00 .. 23:59:59 of the day 24 months from now; ordered by start wall time, then date, then ID', async () => {
    expect(await ids('')).toEqual(DEFAULT_LIST)
  })

  it('rest_url shows the default dates', async () => {
    const pairs = await echo('')
    expect(pairs).toEqual([
      ['page', '1'],
      ['per_page', '6'],
      ['start_date', '2026-06-30 00:00:00'],
      ['end_date', '2028-07-01 23:59:59'],
      // TEC echoes the statuses shown
      ['status', 'publish'],
    ])
  })

  it("the default window is TEC's: yesterday 23:59 UTC in the site zone, 24 months from now in UTC (Kiritimati)", async () => {
    // 2026-06-30 23:59 UTC is 2026-07-01 13:59 in Kiritimati; 2028-07-01 12:00 UTC is taken as it is.
    const { request: kiritimati } = await open(fixture('events-dates.json'), { timezone: 'Pacific/Kiritimati' })
    const response = await kiritimati('GET', '/events')
    const pairs = [...new URL(response.body.rest_url).searchParams.entries()]
    expect(pairs).toContainEqual(['start_date', '2026-07-01 00:00:00'])
    expect(pairs).toContainEqual(['end_date', '2028-07-01 23:59:59'])
  })

  it('events with hide_from_listings are never listed, but stay readable by ID', async () => {
    expect(await ids('')).not.toContain(109)
    expect(await ids('start_date=2026-07-05&end_date=2026-07-05')).toEqual([])
    const single = await request('GET', '/events/109')
    expect(single.status).toBe(200)
    expect(single.body.hide_from_listings).toBe(true)
  })

  it('events in different time zones are ordered by wall time, as TEC does (New York 05:00, Tokyo 08:00, London 09:00)', async () => {
    const list = await ids('start_date=2026-07-02&end_date=2026-07-03')
    expect(list).toEqual([105, 108, 106, 107])
  })

  it('same instant: ordered by publication date, even across zones (111, 110, then London 117)', async () => {
    expect(await ids('start_date=2026-07-15&end_date=2026-07-15')).toEqual([111, 110, 117])
  })

  it('same instant and same date: ordered by ID, whatever the file order', async () => {
    expect(await ids('start_date=2026-07-16&end_date=2026-07-16')).toEqual([112, 113])
  })
})

describe('start_date and end_date (CONTRACT §4.1)', () => {
  it('start_date keeps events that start on or after it, rounded down to 00:00:00; end_date default stays', async () => {
    expect(await ids(`start_date=${q('2026-07-01 15:00')}`)).toEqual([
      103, 104, 105, 108, 106, 107, 111, 110, 117, 112, 113, 114,
    ])
    expect(await echo(`start_date=${q('2026-07-01 15:00')}`)).toEqual([
      ['page', '1'],
      ['per_page', '6'],
      ['start_date', '2026-07-01 00:00:00'],
      ['end_date', '2028-07-01 23:59:59'],
      // TEC echoes the statuses shown
      ['status', 'publish'],
    ])
  })

  it('end_date keeps events that end on or before it, rounded up to 23:59:59; start_date default stays', async () => {
    expect(await ids('end_date=2026-07-02')).toEqual([102, 103, 104, 105])
    expect(await echo('end_date=2026-07-02')).toEqual([
      ['page', '1'],
      ['per_page', '6'],
      ['start_date', '2026-06-30 00:00:00'],
      ['end_date', '2026-07-02 23:59:59'],
      // TEC echoes the statuses shown
      ['status', 'publish'],
    ])
  })

  it('start_date reaches before the default window', async () => {
    expect(await ids('start_date=2026-06-01&end_date=2026-06-30')).toEqual([101, 102])
  })

  it('end_date reaches past the default window', async () => {
    expect(await ids('start_date=2028-07-01&end_date=2028-12-31')).toEqual([114, 115])
  })

  it('bounds are wall times: start_date=2026-07-03 keeps Tokyo 08:00 on 3 July (23:00 UTC on 2 July)', async () => {
    const list = await ids('start_date=2026-07-03&end_date=2026-07-03')
    expect(list).toEqual([108, 106, 107])
  })

  it('a bound without an offset is read in the site time zone (site in Asia/Tokyo)', async () => {
    const { request: tokyo } = await open(fixture('events-dates.json'), { timezone: 'Asia/Tokyo' })
    // 2026-07-03 00:00:00 .. 23:59:59 in Tokyo is 2026-07-02 15:00:00 .. 2026-07-03 14:59:59 UTC. Events without a
    // stored zone take the site zone too: 108 (05:00 Tokyo = 20:00 UTC on 2 July) now comes first, 105 drops out.
    const response = await tokyo('GET', '/events?start_date=2026-07-03&end_date=2026-07-03')
    expect(response.status).toBe(200)
    expect(response.body.events.map((e: Json) => e.id)).toEqual([108, 106, 107])
    const pairs = [...new URL(response.body.rest_url).searchParams.entries()]
    expect(pairs).toContainEqual(['start_date', '2026-07-03 00:00:00'])
  })

  it('a bound with an offset is that instant, as a wall time in the site zone', async () => {
    // 05:00 UTC is 01:00 in New York; 14:00 UTC is 10:00.
    expect(
      await ids(`strict_dates=true&start_date=${q('2026-07-03T08:00:00+03:00')}&end_date=2026-07-03T14:00:00Z`),
    ).toEqual([108, 106, 107])
    expect(
      await ids(`strict_dates=true&start_date=${q('2026-07-03T09:00:01+00:00')}&end_date=2026-07-03T14:00:00Z`),
    ).toEqual([106, 107])
  })

  it('a Unix timestamp bound: the day it is in UTC', async () => {
    const ts = Date.UTC(2026, 6, 3, 4, 0, 0) / 1000 // 2026-07-03 00:00 in New York
    expect(await ids(`start_date=${ts}&end_date=2026-07-03`)).toEqual([108, 106, 107])
  })

  it('word and relative bounds: tomorrow, +2 weeks, yesterday', async () => {
    expect(await echo('start_date=tomorrow')).toContainEqual(['start_date', '2026-07-02 00:00:00'])
    expect(await ids('start_date=tomorrow&end_date=2026-07-02')).toEqual([105])
    expect(await echo(`start_date=${q('+2 weeks')}`)).toContainEqual(['start_date', '2026-07-15 00:00:00'])
    expect(await ids(`start_date=${q('+2 weeks')}&end_date=2026-07-16`)).toEqual([111, 110, 117, 112, 113])
    expect(await ids('start_date=yesterday')).toEqual(DEFAULT_LIST)
  })
})

// TEC reads a strict date in UTC and moves it into the site zone (Tribe__Timezones::localize_date): in July,
// 13:00 is 09:00 in New York.
describe('strict_dates=true (CONTRACT §4.1)', () => {
  it('start_date at its exact time, read in UTC, inclusive (≥)', async () => {
    expect((await ids(`strict_dates=true&start_date=${q('2026-07-01 13:00:00')}`))[0]).toBe(103)
    expect((await ids(`strict_dates=true&start_date=${q('2026-07-01 13:00:01')}`))[0]).toBe(104)
  })

  it('end_date at its exact time, inclusive (≤); the default start_date is read once more in UTC (15:59 yesterday)', async () => {
    expect(await ids(`strict_dates=true&end_date=${q('2026-07-02 16:00:00')}`)).toEqual([103, 104, 105])
    expect(await ids(`strict_dates=true&end_date=${q('2026-07-02 15:59:59')}`)).toEqual([103, 104])
    expect(await echo(`strict_dates=true&end_date=${q('2026-07-02 16:00:00')}`)).toContainEqual([
      'start_date',
      '2026-06-30 15:59:00',
    ])
  })

  it('rest_url shows the dates in the site zone', async () => {
    const pairs = await echo(
      `strict_dates=true&start_date=${q('2026-07-01 13:30:00')}&end_date=${q('2026-07-02 15:00:00')}`,
    )
    expect(pairs).toContainEqual(['start_date', '2026-07-01 09:30:00'])
    expect(pairs).toContainEqual(['end_date', '2026-07-02 11:00:00'])
  })

  it('without strict_dates the same values are rounded to whole days', async () => {
    expect(await ids(`start_date=${q('2026-07-01 09:00:01')}&end_date=${q('2026-07-02 11:59:59')}`)).toEqual([
      103, 104, 105,
    ])
  })

  it.each(['false', '0', 'no'])('strict_dates=%s rounds', async (value) => {
    expect(await echo(`strict_dates=${value}&start_date=${q('2026-07-01 15:00:00')}`)).toContainEqual([
      'start_date',
      '2026-07-01 00:00:00',
    ])
  })
})

describe('starts_before, starts_after, ends_before, ends_after (CONTRACT §4.1)', () => {
  it('starts_before: start < value (rounded up to 23:59:59); both defaults dropped', async () => {
    expect(await ids('starts_before=2026-07-01')).toEqual([101, 102, 103, 104])
    const pairs = await echo('starts_before=2026-07-01')
    expect(pairs).toContainEqual(['starts_before', '2026-07-01 23:59:59'])
    expect(pairs.map(([key]) => key)).not.toContain('start_date')
    expect(pairs.map(([key]) => key)).not.toContain('end_date')
  })

  it('starts_after: start > value (rounded up to 23:59:59); the end default is dropped', async () => {
    expect(await ids('starts_after=2028-07-01')).toEqual([115])
    expect(await echo('starts_after=2028-07-01')).toContainEqual(['starts_after', '2028-07-01 23:59:59'])
  })

  it('ends_before: end < value; the start default is dropped', async () => {
    expect(await ids('ends_before=2026-06-30')).toEqual([101, 102])
    expect(await ids('ends_before=2026-07-01')).toEqual([101, 102, 103])
  })

  it('ends_after: end > value; the end default is dropped', async () => {
    expect(await ids('ends_after=2028-07-01')).toEqual([115])
    expect(await echo('ends_after=2028-07-01')).toContainEqual(['ends_after', '2028-07-01 23:59:59'])
  })

  // Strict values are read in UTC: 13:00 is 09:00 in New York (see strict_dates above).
  it('strict: starts_after is exclusive', async () => {
    expect((await ids(`strict_dates=true&starts_after=${q('2026-07-01 13:00:00')}`))[0]).toBe(104)
    expect((await ids(`strict_dates=true&starts_after=${q('2026-07-01 12:59:59')}`))[0]).toBe(103)
  })

  it('strict: starts_before is exclusive', async () => {
    expect(await ids(`strict_dates=true&starts_before=${q('2026-07-01 13:00:00')}`)).toEqual([101, 102])
    expect(await ids(`strict_dates=true&starts_before=${q('2026-07-01 13:00:01')}`)).toEqual([101, 102, 103])
  })

  it('strict: ends_before is exclusive', async () => {
    expect(await ids(`strict_dates=true&ends_before=${q('2026-07-01 14:00:00')}`)).toEqual([101, 102])
    expect(await ids(`strict_dates=true&ends_before=${q('2026-07-01 14:00:01')}`)).toEqual([101, 102, 103])
  })

  it('strict: ends_after is exclusive', async () => {
    expect((await ids(`strict_dates=true&ends_after=${q('2026-07-01 14:00:00')}`))[0]).toBe(104)
    expect((await ids(`strict_dates=true&ends_after=${q('2026-07-01 13:59:59')}`))[0]).toBe(103)
  })

  it('everything overlapping a window: ends_after=<from>&starts_before=<to>', async () => {
    expect(
      await ids(`strict_dates=true&ends_after=${q('2026-07-02 01:00:00')}&starts_before=${q('2026-07-02 02:00:00')}`),
    ).toEqual([104])
    expect(
      await ids(`strict_dates=true&ends_after=${q('2026-07-01 13:30:00')}&starts_before=${q('2026-07-02 00:30:00')}`),
    ).toEqual([103, 104])
  })

  it('a start_date given with starts_before is kept; only the end default is dropped', async () => {
    expect(await ids('start_date=2026-06-29&starts_before=2026-07-01')).toEqual([101, 102, 103, 104])
    expect(await ids('start_date=2026-06-30&starts_before=2026-07-01')).toEqual([102, 103, 104])
    const keys = (await echo('start_date=2026-06-30&starts_before=2026-07-01')).map(([key]) => key)
    expect(keys).toContain('start_date')
    expect(keys).not.toContain('end_date')
  })

  it('an end_date given with ends_after is kept; only the start default is dropped', async () => {
    expect(await ids('end_date=2026-07-01&ends_after=2026-06-29')).toEqual([102, 103])
    expect(await ids('end_date=2026-06-30&ends_after=2026-06-28')).toEqual([101, 102])
  })

  it("bounds compare with each event's own wall times: Tokyo breakfast (08:00–09:00) ends between 07:30 and 09:30 New York time", async () => {
    expect(
      await ids(`strict_dates=true&ends_after=${q('2026-07-03 11:30:00')}&ends_before=${q('2026-07-03 13:30:00')}`),
    ).toEqual([106])
  })
})

describe('invalid dates (CONTRACT §4.1, §5)', () => {
  it.each(['start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after'])(
    '%s=next%20week is a 400 rest_invalid_param',
    async (key) => {
      const response = await request('GET', `/events?${key}=${q('next week')}`)
      expect(response.status).toBe(400)
      expect(response.body.code).toBe('rest_invalid_param')
      expect(Object.keys(response.body.data.params)).toContain(key)
    },
  )

  it('an impossible calendar date is a 400', async () => {
    const response = await request('GET', '/events?start_date=2026-02-30')
    expect(response.status).toBe(400)
    expect(response.body.data.params).toHaveProperty('start_date')
  })
})

// TEC drops the start_date and end_date given with include, and takes its own defaults as they are: from
// yesterday 23:59 UTC in the site zone (2026-06-30 19:59:00) to 24 months from now in UTC (2028-07-01 12:00:00).
describe('include (CONTRACT §4.1)', () => {
  it("only those events in TEC's default window, by publication date then ID", async () => {
    expect(await ids('include=104,103')).toEqual([103, 104])
    expect(await ids('include=104,102')).toEqual([104])
  })

  it('as an array with brackets', async () => {
    expect(await ids('include[]=105&include[]=103')).toEqual([103, 105])
  })

  it('the start_date and end_date given are ignored; a relative bound replaces the default window', async () => {
    expect(await ids('include=115,103&start_date=2026-07-01&end_date=2026-07-02')).toEqual([103])
    expect(await ids('include=101,115&starts_after=2020-01-01&strict_dates=true')).toEqual([101, 115])
  })

  it('by publication date, then ID, whatever the start', async () => {
    expect(await ids('include=113,112,111,110')).toEqual([111, 112, 113, 110])
  })

  it('hide_from_listings events are not listed even when included', async () => {
    expect(await ids('include=109,103')).toEqual([103])
  })

  it('statuses still apply: a draft is not listed in open mode without status', async () => {
    expect(await ids('include=116,103')).toEqual([103])
  })

  it("TEC's default dates in rest_url, as they are", async () => {
    const pairs = await echo('include=103')
    expect(pairs).toContainEqual(['include', '103'])
    expect(pairs).toContainEqual(['start_date', '2026-06-30 19:59:00'])
    expect(pairs).toContainEqual(['end_date', '2028-07-01 12:00:00'])
  })
})
