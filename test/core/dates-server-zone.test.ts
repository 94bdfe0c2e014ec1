/**
 * src/core/dates/zoned.ts answers the same whatever the server's own time zone (TZ). date-fns-tz and date-fns read walls
 * through a Date's local fields, which a DST gap of TZ moves; each case below puts a wall into such a gap (Paris,
 * New York and Havana in March 2026, Samoa's skipped 2011-12-30). Each TZ runs in a child process, because TZ is the
 * whole process's.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const NY = 'America/New_York'
const LONDON = 'Europe/London'

/** [function, ...arguments] → expected result. */
const CASES: Array<[[string, ...unknown[]], unknown]> = [
  [['instantToWall', Date.UTC(2026, 2, 29, 1, 30), LONDON], '2026-03-29 02:30:00'],
  [['instantToWall', Date.UTC(2026, 2, 8, 6, 30), 'America/Havana'], '2026-03-08 02:30:00'],
  [['instantToWall', Date.UTC(2026, 2, 8, 5, 30), NY], '2026-03-08 00:30:00'],
  [['instantToWall', Date.UTC(2011, 11, 30, 12), 'Etc/UTC'], '2011-12-30 12:00:00'],
  [['instantToWall', Date.UTC(2011, 11, 30, 12), LONDON], '2011-12-30 12:00:00'],
  [['instantToWall', Date.UTC(1850, 0, 1), NY], '1849-12-31 19:03:58'],
  [['wallToInstant', '2026-11-01 01:30:00', NY], Date.UTC(2026, 10, 1, 5, 30)],
  [['wallToInstant', '2026-03-08 02:30:00', NY], Date.UTC(2026, 2, 8, 7, 30)],
  [['wallToInstant', '2026-03-29 01:30:00', LONDON], Date.UTC(2026, 2, 29, 1, 30)],
  [['wallToIso', '2026-03-29 02:30:00', LONDON], '2026-03-29T02:30:00+01:00'],
  [['offsetOf', Date.UTC(2026, 2, 29, 1, 30), LONDON], '+01:00'],
  [['zoneAbbr', Date.UTC(2026, 2, 29, 1, 30), LONDON], 'BST'],
  [['addToWall', '2026-03-07 02:30:00', 1, 'day'], '2026-03-08 02:30:00'],
  [['addToWall', '2026-03-29 01:30:00', 1, 'hour'], '2026-03-29 02:30:00'],
  [['addToWall', '2026-02-08 00:30:00', 1, 'month'], '2026-03-08 00:30:00'],
  [['dayStart', '2026-03-08 10:00:00'], '2026-03-08 00:00:00'],
  [['dayEnd', '2026-03-08 10:00:00'], '2026-03-08 23:59:59'],
  [['parseDateInput', 'tomorrow 2:30am', 'UTC', Date.UTC(2026, 2, 7, 12)], '2026-03-08 02:30:00'],
  [['parseDateInput', '+1 month', 'UTC', Date.UTC(2026, 1, 8, 2, 30)], '2026-03-08 02:30:00'],
]

const SERVER_ZONES = ['UTC', 'Europe/Paris', NY, 'America/Havana', 'Pacific/Apia', 'Asia/Tokyo', 'Australia/Lord_Howe']

/** Every case run in a fresh Node process whose zone is `tz`: the results, in order. */
async function runUnder(tz: string): Promise<unknown[]> {
  const dates = pathToFileURL(fileURLToPath(new URL('../../src/core/dates/zoned.ts', import.meta.url))).href
  const code = `const d = await import(${JSON.stringify(dates)})
console.log(JSON.stringify(${JSON.stringify(CASES.map(([call]) => call))}.map(([f, ...a]) => d[f](...a))))`
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', code],
    {
      env: { ...process.env, TZ: tz },
    },
  )
  return JSON.parse(stdout) as unknown[]
}

describe('the server time zone', () => {
  it.each(SERVER_ZONES)('changes nothing under TZ=%s', async (tz) => {
    expect(await runUnder(tz)).toEqual(CASES.map(([, expected]) => expected))
  })
})
