/**
 * Where `calfile serve`'s start goes, step by step, each measured in a fresh process running the built package
 * (dist/) as `calfile serve` runs it: node's own start, loading the modules serve loads, reading the data file,
 * `JSON.parse`, validating (the valibot schema and the checks across records), the rest of `openCalendar`
 * (defaults, the records' store, the watcher), the first list (its indexes), and listening (listhen).
 *
 *   npx tsx bench/start-steps.ts <data file> [runs]     # first start and restart, medians of 3 runs by default
 *
 * `npm run bench` prints the same line for its 10,000-event file.
 */
import { spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { median } from './median.js'

const DIST = new URL('../dist/', import.meta.url)

/** The steps, in the order they run, with their labels. */
const STEPS = [
  ['node', 'node'],
  ['modules', 'modules'],
  ['read', 'read'],
  ['parse', 'parse'],
  ['validate', 'validate'],
  ['open', 'defaults and store'],
  ['index', 'first list'],
  ['listen', 'listen'],
] as const

type Step = (typeof STEPS)[number][0]

/**
 * One start, in a fresh `node` (no tsx, whose loader would slow every import): the script below, run with the data
 * file as its argument, prints milliseconds per step as JSON. Validating is skipped, as `openCalendar` skips it,
 * when the cache of validated texts knows the text (a restart). openCalendar reads, parses and validates again:
 * those steps' times are taken off its own.
 */
const MEASURE = `
const times = { node: performance.now() }
let mark = performance.now()
const step = (name) => { const now = performance.now(); times[name] = now - mark; mark = now }
const [, dist, file] = process.argv
const load = (path) => import(new URL(path, dist).href)
const { readFile } = await import('node:fs/promises')
const [{ openCalendar }, { serve }, { icalFeeds }, { webPage }, { documentProblems }, { ValidatedTexts }] =
  await Promise.all(['core/calendar.js', 'http/serve.js', 'ical/feeds/feed-routes.js', 'web/web-page.js',
    'core/document/checks.js', 'core/cache/validated-texts.js'].map(load))
step('modules')
const text = await readFile(file, 'utf8')
step('read')
const parsed = JSON.parse(text)
step('parse')
const texts = new ValidatedTexts(file, undefined)
if (!texts.has(texts.keyOf(text))) documentProblems(parsed, text, undefined)
step('validate')
const calendar = await openCalendar(file, { watch: true })
step('open')
times.open -= times.read + times.parse + times.validate
calendar.events.list({})
step('index')
const listener = await serve(calendar, { port: 0, host: '127.0.0.1', extensions: [icalFeeds(), webPage()] })
step('listen')
await listener.close()
await calendar.close()
console.log(JSON.stringify(times))
`

/**
 * The median of each step over `runs` fresh processes, as one line: `node 112, modules 354, …; total 1,039 ms`.
 * `restart`: the same file started again, its text in the cache of validated texts; else each start is the first
 * of a file never seen (an empty cache folder).
 * @throws Error when a run fails.
 */
export async function startSteps(file: string, runs: number, restart: boolean): Promise<string> {
  const results: Array<Record<Step, number>> = []
  const folders: string[] = []
  const cacheFolder = async () => {
    folders.push(await mkdtemp(join(tmpdir(), 'calfile-bench-cache-')))
    return folders.at(-1) as string
  }
  try {
    const warm = restart ? await cacheFolder() : undefined
    for (let i = restart ? -1 : 0; i < runs; i++) {
      const env = { ...process.env, CALFILE_CACHE_DIR: warm ?? (await cacheFolder()) }
      const args = ['--input-type=module', '-e', MEASURE, DIST.href, file]
      const out = spawnSync(process.execPath, args, { encoding: 'utf8', cwd: fileURLToPath(new URL('..', DIST)), env })
      if (out.status !== 0) throw new Error(`start-steps run failed: ${out.stderr}`)
      // The first run of a restart only fills the cache.
      if (i >= 0) results.push(JSON.parse(out.stdout.trim().split('\n').at(-1) as string) as Record<Step, number>)
    }
  } finally {
    for (const folder of folders) await rm(folder, { recursive: true, force: true })
  }
  const medians = STEPS.map(([key, label]) => [label, median(results.map((r) => r[key]))] as const)
  const total = medians.reduce((sum, [, ms]) => sum + ms, 0)
  return `${medians.map(([label, ms]) => `${label} ${ms.toFixed(0)}`).join(', ')}; total ${total.toFixed(0)} ms`
}

const [file, runs] = process.argv.slice(2)
if (file !== undefined && process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`first start: ${await startSteps(file, Number(runs ?? 3), false)}`)
  console.log(`restart:     ${await startSteps(file, Number(runs ?? 3), true)}`)
}
