/**
 * `npm run bench`, after building dist/ if it is older than src/: calfile beside json-server v1 and two
 * h3 "ceiling" servers, in one run on the same machine, on the generated calendar of bench/calendar-data.ts
 * (`BENCH_EVENTS`, default 10,000 events). Load is autocannon with 10 connections for `BENCH_SECONDS` (default 5)
 * per figure, in a worker thread, so that the main thread's event loop belongs to the servers it measures: calfile
 * (`openCalendar` + `serve`, watching its file as `calfile serve` does) and the ceilings; json-server runs as its
 * CLI in a child process, from bench/json-server/ (installed there on the first run). Prints:
 * - the data file's size, the cold open (`JSON.parse` of the file text against `openCalendar` and the first
 *   `events.list`, and their ratio), and the heap after open;
 * - the heap after the GET runs; the longest event-loop stall (max and p99, ms; targets p99 ≤ 5 ms, max ≤ 20 ms) in
 *   calfile's thread during its POST run, which follows a warm-up of POSTs (whose stalls are printed too); whether every acknowledged
 *   POST is in each server's file;
 * - a Markdown table, one row per request, in requests per second: calfile, its ratio to the precomputed-string
 *   ceiling, json-server, an h3 app answering a precomputed copy of calfile's very answer (same body and headers),
 *   and an h3 app answering `JSON.stringify` of that body, parsed once, per request (calfile and the two h3 apps
 *   take turns, `BENCH_ROUNDS` slices each; see `inTurns`); then POST /events (answered
 *   once in the file) and the start times of each CLI (spawn → first 200 of an event by ID, median of 5: a new
 *   file, and the same file again; targets ≤ 1.25× and ≤ 0.8× json-server's), `calfile --version` from spawn to
 *   exit (target ≤ 150 ms), where calfile's start goes, step by step, and what any start on the same file pays
 *   before calfile's own code (bench/start-floor.ts); then what each json-server row does.
 *   A json-server figure says how many of its requests failed, if any (non-2xx, error or timeout); calfile's may
 *   not fail;
 * - how long calfile/testing's `reset()` takes for 200 and 10,000 events (bench/reset.ts);
 * - the window a hand save can still fall into while calfile replaces the file, on each path (bench/save-window.ts).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { type Calendar, openCalendar } from '../src/core/calendar.js'
import { serve } from '../src/http/serve.js'
import { ensureBuilt } from './build.js'
import { EVENTS, FIRST_EVENT_ID, FIRST_VENUE_ID, generate, NOW, ORGANIZERS, TERMS, VENUES } from './calendar-data.js'
import { capture, serveCeiling } from './ceiling.js'
import {
  ensureJsonServer,
  JSON_SERVER_ROWS,
  jsonServerArgs,
  writeJsonServerDb,
  writeJsonServerRecords,
} from './json-server.js'
import { Loader, type LoadRequest, type LoadResult } from './load.js'
import { median } from './median.js'
import { printResetFigures } from './reset.js'
import { printSaveWindows } from './save-window.js'
import { freePort, medianExit, medianStart, type Spawned, spawnServer, stopServer } from './start.js'
import { startFloor } from './start-floor.js'
import { startSteps } from './start-steps.js'
import { markdownTable, perSecond } from './table.js'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
/** Starts timed per start figure (the median of them); start-steps takes at most 3. */
const START_RUNS = Number(process.env.BENCH_START_RUNS ?? 5)
const PREFIX = '/calendar/events/v1'
const CALFILE_BIN = fileURLToPath(new URL('../bin/calfile.js', import.meta.url))
const EVENT_ID = FIRST_EVENT_ID + Math.floor(EVENTS / 2)
const POST_BODY = JSON.stringify({
  title: 'Bench',
  start_date: '2026-08-01 10:00:00',
  end_date: '2026-08-01 11:00:00',
  venue: FIRST_VENUE_ID + 1,
  categories: [3],
})
const loader = new Loader()

/** The GET rows: calfile's path under PREFIX and json-server's equivalent. */
const GET_ROWS = [
  { label: 'GET /events/{id}', calfile: `/events/${EVENT_ID}`, jsonServer: JSON_SERVER_ROWS.get(EVENT_ID) },
  { label: 'GET /events (default window, 6 per page)', calfile: '/events', jsonServer: JSON_SERVER_ROWS.list },
  {
    label: 'GET /events?start_date=2027-01-01&per_page=6',
    calfile: '/events?start_date=2027-01-01&per_page=6',
    jsonServer: JSON_SERVER_ROWS.startDate,
  },
  {
    label: 'GET /events?search=jazz&per_page=6',
    calfile: '/events?search=jazz&per_page=6',
    jsonServer: JSON_SERVER_ROWS.search,
  },
]

/** Heap in use, in MB, after a full collection when node runs with `--expose-gc` (as `npm run bench` does). */
function heapMB(): string {
  ;(globalThis as { gc?: () => void }).gc?.()
  return `${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`
}

function elapsed(f: () => unknown): number {
  const t0 = performance.now()
  f()
  return performance.now() - t0
}

/**
 * Opens the served calendar, timing it against `JSON.parse` of the same text (median of 3). The text is read here
 * and dropped on return, so that the heap figures are the calendar's.
 */
async function coldOpen(file: string): Promise<Calendar> {
  const text = await readFile(file, 'utf8')
  const parse = median([0, 1, 2].map(() => elapsed(() => JSON.parse(text))))
  const t0 = performance.now()
  const calendar = await openCalendar(file, { now: () => NOW, watch: true })
  calendar.events.list({})
  const open = performance.now() - t0
  console.log(
    `cold open: JSON.parse ${parse.toFixed(0)} ms; openCalendar + first events.list ${open.toFixed(0)} ms: ${(open / parse).toFixed(1)}×`,
  )
  console.log(`heap after open: ${heapMB()}`)
  return calendar
}

/** Seconds of load before a GET figure is measured, so that each server is measured with its code compiled. */
const WARM_UP = Math.max(0.2, SECONDS / 5)

/** A run after a warm-up, for GETs (a POST run would grow the file it measures). */
async function warmRun(request: LoadRequest): Promise<LoadResult> {
  if (request.method === undefined) await loader.run({ ...request, seconds: WARM_UP })
  return loader.run(request)
}

/** A run against calfile or a ceiling, which must answer every request with a 2xx. @throws Error otherwise. */
async function strictRun(request: LoadRequest): Promise<LoadResult> {
  const result = await warmRun(request)
  if (result.failures > 0) throw new Error(`${request.method ?? 'GET'} ${request.url}: ${result.failures} failed`)
  return result
}

/** A json-server figure, with its failed requests when there were any. */
function tolerated(result: LoadResult): string {
  return result.failures === 0
    ? perSecond(result.perSecond)
    : `${perSecond(result.perSecond)} (${result.failures} failed)`
}

/** Rounds of a GET row (`BENCH_ROUNDS`, default 5): calfile and its two ceilings take turns, a slice of each. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)

/** A GET row's figures: requests per second of calfile and of each ceiling, and calfile's ratio to the string one. */
interface InTurns {
  ours: number
  string: number
  stringify: number
  /** The median of `rounds`. */
  ratio: number
  /** Calfile ÷ the string ceiling, round by round. */
  rounds: number[]
}

/**
 * Calfile and the two ceilings answering `url`'s answer, measured in turns: after a warm-up of each, `ROUNDS`
 * rounds in which each server takes a slice of `SECONDS / ROUNDS` s. Each figure is the median of its slices, and
 * the ratio the median of the rounds' ratios (calfile ÷ the string ceiling of the same round). This machine's speed
 * drifts by ±30% within a minute: two figures taken 10 s apart once gave 0.71× for a read by ID, where alternating
 * runs of the same build gave 0.78× to 0.79×.
 * @throws Error when calfile or a ceiling fails a request.
 */
async function inTurns(url: string): Promise<InTurns> {
  const answer = await capture(url)
  const ceilings = [await serveCeiling(answer, 'string'), await serveCeiling(answer, 'stringify')]
  try {
    const urls = [url, ...ceilings.map((listener) => listener.url)]
    for (const each of urls) await loader.run({ url: each, seconds: WARM_UP })
    const rates: number[][] = urls.map(() => [])
    for (let round = 0; round < ROUNDS; round++)
      for (const [i, each] of urls.entries()) {
        const result = await loader.run({ url: each, seconds: SECONDS / ROUNDS })
        if (result.failures > 0) throw new Error(`GET ${each}: ${result.failures} failed`)
        rates[i]?.push(result.perSecond)
      }
    const [ours = [], string = [], stringify = []] = rates
    const rounds = ours.map((rate, round) => rate / (string[round] as number))
    return { ours: median(ours), string: median(string), stringify: median(stringify), ratio: median(rounds), rounds }
  } finally {
    for (const listener of ceilings) await listener.close()
  }
}

/** One table row per GET: calfile, its ratio to the string ceiling, json-server, the two ceilings. */
async function getRows(calfile: string, jsonServer: string): Promise<string[][]> {
  const rows: string[][] = []
  for (const row of GET_ROWS) {
    const { ours, string, stringify, ratio, rounds } = await inTurns(`${calfile}${PREFIX}${row.calfile}`)
    console.log(`${row.label}: calfile ÷ ceiling, round by round: ${rounds.map((r) => r.toFixed(2)).join(', ')}`)
    const theirs = await warmRun({ url: `${jsonServer}${row.jsonServer.path}`, seconds: SECONDS })
    rows.push([
      `\`${row.label}\``,
      perSecond(ours),
      `${ratio.toFixed(2)}×`,
      tolerated(theirs),
      perSecond(string),
      perSecond(stringify),
    ])
  }
  return rows
}

/** A POST run that keeps the acknowledged IDs. */
function posts(url: string): LoadRequest {
  return { url, seconds: SECONDS, method: 'POST', body: POST_BODY, collectIds: true }
}

/**
 * Seconds of POSTs before the POST figure is measured: three times a GET row's warm-up. The write path is more
 * code than a read's, and V8 was still optimising it (212 TurboFan compilations, `--trace-opt`) in the 5 s after a
 * warm-up of one second, on a background thread that shares the 2 cores with the server and the load.
 */
const POST_WARM_UP = 3 * WARM_UP

/**
 * Calfile's POST run, with the event-loop delay of this thread (the server's) meanwhile, 1 ms resolution: first a
 * warm-up (`POST_WARM_UP`), its stalls printed apart (the first writes compile the write path and make every
 * record's file text), then the measured run. Both runs' IDs are returned, to be looked for in the file.
 */
async function calfilePosts(url: string): Promise<LoadResult> {
  const warmUp = await stalls({ ...posts(url), seconds: POST_WARM_UP })
  const measured = await stalls(posts(url))
  const ms = (ns: number) => (ns / 1e6).toFixed(1)
  const stall = ({ delay }: { delay: IntervalHistogram }) =>
    `max ${ms(delay.max)} ms, p99 ${ms(delay.percentile(99))} ms`
  console.log(
    `event-loop delay in calfile's thread during its POST run: ${stall(measured)} (targets p99 ≤ 5 ms, max ≤ 20 ms); during the ${POST_WARM_UP} s of warm-up before it (the first writes): ${stall(warmUp)}`,
  )
  return { ...measured.result, ids: [...warmUp.result.ids, ...measured.result.ids] }
}

/** A run that must answer every request with a 2xx, and the event-loop delay of this thread meanwhile. */
async function stalls(request: LoadRequest): Promise<{ result: LoadResult; delay: IntervalHistogram }> {
  const delay = monitorEventLoopDelay({ resolution: 1 })
  delay.enable()
  const result = await strictRun(request)
  delay.disable()
  return { result, delay }
}

/** Says whether every acknowledged ID is in the `events` array of the JSON file. @throws Error when not. */
async function checkAcknowledged(server: string, file: string, acked: string[]): Promise<void> {
  // Nothing to look for (json-server may answer no write at 100,000 events), and no file text to read then.
  if (acked.length === 0) return console.log(`${server}: no POST acknowledged`)
  const { events } = JSON.parse(await readFile(file, 'utf8')) as { events: Array<{ id: unknown }> }
  const ids = new Set(events.map((record) => String(record.id)))
  const missing = acked.filter((id) => !ids.has(id))
  console.log(`${server}: ${acked.length} POSTs acknowledged, ${missing.length} of them missing from its file`)
  if (missing.length > 0) throw new Error(`${server} lost acknowledged events: ${missing.slice(0, 10).join(', ')}`)
}

/** Writes the generated calendar to each of `files` and describes it. */
async function writeCalendars(files: string[]): Promise<void> {
  const text = generate()
  await Promise.all(files.map((file) => writeFile(file, text)))
  console.log(
    `data file: ${EVENTS} events, ${VENUES} venues, ${ORGANIZERS} organizers, ${TERMS} terms, ${(text.length / 1e6).toFixed(1)} MB; ${SECONDS} s a figure, 10 connections`,
  )
}

/** A folder of its own under `root` holding `name`, so that no server watches another's file. */
async function fileIn(root: string, folder: string, name: string): Promise<string> {
  await mkdir(join(root, folder))
  return join(root, folder, name)
}

/**
 * The start rows: `calfile serve` and json-server's CLI, spawn → first 200 of an event by ID, median of
 * `BENCH_START_RUNS` (default 5). The first start of a file calfile has never seen (each run with an empty cache
 * folder), and a restart of the same file (its text in calfile's cache of validated texts), each against json-server
 * given the same records (`records`: the data file's events, venues, organizers and terms) and, as before, given
 * calfile's rendered lists (`lists`: about three times the bytes, to parse); json-server keeps nothing between
 * starts. Then an empty data file's first 200 (a list), where calfile's start goes, step by step
 * (bench/start-steps.ts), and `calfile --version` from spawn to exit.
 */
async function startRows(started: string, records: string, lists: string): Promise<string[][]> {
  const now = new Date(NOW).toISOString()
  const serveArgs = (file: string) => (port: number) => [
    CALFILE_BIN,
    'serve',
    file,
    '--port',
    String(port),
    '--now',
    now,
    '--quiet',
  ]
  const path = `${PREFIX}/events/${EVENT_ID}`
  const cache = await mkdtemp(join(tmpdir(), 'calfile-bench-cache-'))
  try {
    const fresh = (i: number) => ({ ...process.env, CALFILE_CACHE_DIR: join(cache, `first-${i}`) })
    const first = await medianStart(serveArgs(started), path, START_RUNS, fresh)
    const warm = () => ({ ...process.env, CALFILE_CACHE_DIR: join(cache, 'restart') })
    await medianStart(serveArgs(started), path, 1, warm)
    const restart = await medianStart(serveArgs(started), path, START_RUNS, warm)
    const jsonServerOf = (db: string) =>
      medianStart((port) => jsonServerArgs(db, port), JSON_SERVER_ROWS.get(EVENT_ID).path, START_RUNS)
    const sameRecords = await jsonServerOf(records)
    const renderedLists = await jsonServerOf(lists)
    const empty = await medianStart(
      (port) => serveArgs(join(cache, `empty-${port}`, 'calendar.json'))(port),
      `${PREFIX}/events`,
      START_RUNS,
      fresh,
    )
    const ratio = (ms: number, of: number) => `${(ms / of).toFixed(2)}× json-server's`
    const stepRuns = Math.min(3, START_RUNS)
    console.log(`start, first: ${await startSteps(started, stepRuns, false)}`)
    console.log(`start, again: ${await startSteps(started, stepRuns, true)}`)
    console.log(`start floor: ${startFloor(started, START_RUNS)}`)
    const version = medianExit([CALFILE_BIN, '--version'], START_RUNS)
    const ms = (value: number) => `${value.toFixed(0)} ms`
    return [
      [
        'start of a new file: spawn → first 200',
        ms(first),
        ratio(first, sameRecords),
        `${ms(sameRecords)}, same records`,
      ],
      ['start of the same file again', ms(restart), ratio(restart, sameRecords), `${ms(sameRecords)}, same records`],
      [
        'start of a new file, json-server given the lists',
        ms(first),
        ratio(first, renderedLists),
        `${ms(renderedLists)}, rendered lists`,
      ],
      ['start of an empty file: spawn → first 200 of a list (target ≤ 250 ms)', ms(empty), '', ''],
      ['`calfile --version`: spawn → exit (target ≤ 150 ms)', ms(version), '', ''],
    ].map((row) => [...row, '', ''])
  } finally {
    await rm(cache, { recursive: true, force: true })
  }
}

/**
 * Everything measured while both servers serve: the GET rows, then the POST row, then the look for every
 * acknowledged POST in each file (an answered write is in the file already: no need to stop the server first).
 */
async function loadRows(calendar: Calendar, file: string, db: string): Promise<string[][]> {
  const listener = await serve(calendar, { port: 0, host: '127.0.0.1' })
  const calfile = listener.url.replace(/\/$/u, '')
  const port = await freePort()
  const jsonServer = `http://127.0.0.1:${port}`
  let spawned: Spawned | undefined
  try {
    spawned = await spawnServer(jsonServerArgs(db, port), `${jsonServer}${JSON_SERVER_ROWS.list.path}`)
    const rows = await getRows(calfile, jsonServer)
    console.log(`heap after the GET runs: ${heapMB()}`)
    const ours = await calfilePosts(`${calfile}${PREFIX}/events`)
    const theirs = await loader.run(posts(`${jsonServer}${JSON_SERVER_ROWS.post.path}`))
    await checkAcknowledged('calfile', file, ours.ids)
    await checkAcknowledged('json-server', db, theirs.ids)
    return [...rows, ['`POST /events` (durable)', perSecond(ours.perSecond), '', tolerated(theirs), '', '']]
  } finally {
    if (spawned) await stopServer(spawned.child)
    await listener.close()
  }
}

/** The whole run on the files under `root`; prints as it goes, then the table. */
async function bench(root: string): Promise<void> {
  const file = await fileIn(root, 'served', 'calendar.json')
  const started = await fileIn(root, 'started', 'calendar.json')
  const db = await fileIn(root, 'json-server', 'db.json')
  await writeCalendars([file, started])
  const calendar = await coldOpen(file)
  try {
    const dbBytes = await writeJsonServerDb(calendar, db)
    console.log(`json-server's file: the same events as calfile lists them, ${(dbBytes / 1e6).toFixed(1)} MB`)
    const records = await fileIn(root, 'json-server-records', 'db.json')
    const recordBytes = await writeJsonServerRecords(await readFile(started, 'utf8'), records)
    console.log(`json-server's file for the start rows: the data file's records, ${(recordBytes / 1e6).toFixed(1)} MB`)
    const start = await startRows(started, records, db)
    const rows = [...(await loadRows(calendar, file, db)), ...start]
    const header = [
      'request',
      'calfile',
      '÷ ceiling',
      'json-server v1',
      'h3 precomputed string',
      'h3 `JSON.stringify` per request',
    ]
    console.log(`\n${markdownTable(header, rows)}\n\njson-server's requests:`)
    for (const { label, jsonServer } of [...GET_ROWS, { label: 'POST /events', jsonServer: JSON_SERVER_ROWS.post }])
      console.log(`- ${label}: ${jsonServer.path}: ${jsonServer.does}`)
  } finally {
    await calendar.close()
  }
}

ensureBuilt()
ensureJsonServer()
const root = await mkdtemp(join(tmpdir(), 'calfile-bench-'))
try {
  await bench(root)
  await printResetFigures()
  printSaveWindows()
} finally {
  await loader.close()
  await rm(root, { recursive: true, force: true })
}
