/**
 * `npx tsx bench/cold-open.ts [runs]`: the cost of opening the bench's calendar (`BENCH_EVENTS`, default 10,000)
 * without the rest of `npm run bench`, for comparing changes to the date engine on a noisy machine.
 *
 * Each measurement is a fresh process, so the date caches start empty as in a real cold open; module loading is not
 * timed. Prints every run and the median of:
 * - `loadDocument` on the data file (parse, validate, defaults);
 * - `openCalendar` then the first `events.list`, as `npm run bench` times them: the list builds the time index,
 *   which converts every event's start and end (two `wallToInstant` calls an event);
 * - those `wallToInstant` calls alone, with empty caches and again with warm ones, and `instantToWall` back.
 */
import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { EVENTS, generate, NOW } from './calendar-data.js'
import { median } from './median.js'

function elapsed(f: () => unknown): number {
  const t0 = performance.now()
  f()
  return performance.now() - t0
}

/** One measurement in this fresh process, printed as JSON for the parent: milliseconds per phase. */
async function measure(mode: string, file: string): Promise<Record<string, number>> {
  const text = await readFile(file, 'utf8')
  if (mode === 'load') {
    const { loadDocument } = await import('../src/core/document/load.js')
    const { instantToWall } = await import('../src/core/dates/zoned.js')
    return { load: elapsed(() => loadDocument(text, { file, now: (zone) => instantToWall(NOW, zone) })) }
  }
  if (mode === 'open') {
    const { openCalendar } = await import('../src/core/calendar.js')
    const t0 = performance.now()
    const calendar = await openCalendar(null, { initial: text, now: () => NOW })
    const open = performance.now() - t0
    const firstList = elapsed(() => calendar.events.list({}))
    await calendar.close()
    return { open, firstList, openAndList: open + firstList }
  }
  const { instantToWall, wallToInstant } = await import('../src/core/dates/zoned.js')
  const events = (JSON.parse(text) as { events: Array<{ start_date: string; end_date: string; timezone: string }> })
    .events
  const walls = events.flatMap(
    (e) =>
      [
        [e.start_date, e.timezone],
        [e.end_date, e.timezone],
      ] as const,
  )
  let instants: number[] = []
  return {
    convertCold: elapsed(() => {
      instants = walls.map(([wall, zone]) => wallToInstant(wall, zone))
    }),
    convertWarm: elapsed(() => walls.map(([wall, zone]) => wallToInstant(wall, zone))),
    formatWarm: elapsed(() => walls.map(([, zone], i) => instantToWall(instants[i]!, zone))),
  }
}

function run(mode: string, file: string): Record<string, number> {
  const script = fileURLToPath(import.meta.url)
  const out = spawnSync(process.execPath, [...process.execArgv, script, mode, file], { encoding: 'utf8' })
  if (out.status !== 0) throw new Error(`${mode} run failed: ${out.stderr}`)
  return JSON.parse(out.stdout.trim().split('\n').at(-1)!) as Record<string, number>
}

async function main(runs: number): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'calfile-cold-open-'))
  const file = join(folder, 'calendar.json')
  try {
    await writeFile(file, generate())
    const results: Array<Record<string, number>> = []
    for (let i = 0; i < runs; i++) results.push({ ...run('load', file), ...run('open', file), ...run('convert', file) })
    const ms = (key: string) => results.map((r) => r[key]!)
    const line = (label: string, key: string) =>
      console.log(
        `${label}: ${ms(key)
          .map((t) => t.toFixed(0))
          .join(' ')} ms; median ${median(ms(key)).toFixed(0)} ms`,
      )
    const perCall = (label: string, key: string) =>
      console.log(`${label}: median ${((median(ms(key)) / (2 * EVENTS)) * 1000).toFixed(2)} µs per call`)
    console.log(`${EVENTS} events, ${runs} fresh processes each`)
    line('loadDocument', 'load')
    line('openCalendar + first events.list', 'openAndList')
    line(`  of which the first list (time index: ${2 * EVENTS} conversions)`, 'firstList')
    perCall('wallToInstant, empty caches', 'convertCold')
    perCall('wallToInstant, warm caches', 'convertWarm')
    perCall('instantToWall, warm caches', 'formatWarm')
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

const [mode, file] = process.argv.slice(2)
if (file !== undefined) console.log(JSON.stringify(await measure(mode!, file)))
else await main(Number(mode ?? 8))
