/**
 * What a start pays on this machine before any of calfile's own code runs, each part measured in a fresh `node`
 * with nothing else loaded: node's own start (spawn → exit of `node -e 0`), undici (Node's `Headers`, `Request`
 * and `Response`, which Node loads on first use and srvx's Node adapter, under h3, reads when it is imported), the
 * first time zone (ICU's zone data and the `Intl.DateTimeFormat` date-fns-tz makes for the data file's zone), and
 * reading, decoding and parsing the data file (which json-server does to the same records). A start that needs
 * them all cannot take less than their sum, whatever calfile does.
 *
 *   npx tsx bench/start-floor.ts <data file> [runs]     # medians of 5 runs by default
 *
 * `npm run bench` prints the same line beside its start rows.
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { median } from './median.js'
import { medianExit } from './start.js'

/** The parts timed inside a fresh node, in the order they run, with their labels. */
const PARTS = [
  ['undici', 'undici'],
  ['zone', 'the first time zone'],
  ['file', 'reading and parsing the file'],
] as const

type Part = (typeof PARTS)[number][0]

/**
 * One run: the script below, with the data file as its argument, prints milliseconds per part as JSON. The zone
 * part makes the two `Intl.DateTimeFormat`s date-fns-tz makes (`tzTokenizeDate`): the test format it runs when
 * it is imported, in America/New_York, and the one for the file's site zone (`settings.timezone`, read from the
 * file's first bytes before the timing starts).
 */
const MEASURE = `
const { openSync, readSync, readFileSync } = await import('node:fs')
const file = process.argv[1]
const head = Buffer.alloc(4096)
const zone = /"timezone"\\s*:\\s*"([^"]+)"/u.exec(head.toString('latin1', 0, readSync(openSync(file), head)))?.[1] ?? 'UTC'
let mark = performance.now()
const took = () => { const now = performance.now(); const ms = now - mark; mark = now; return ms }
globalThis.Response
const undici = took()
const fields = { year: 'numeric', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }
new Intl.DateTimeFormat('en-US', { hourCycle: 'h23', timeZone: 'America/New_York', ...fields, month: '2-digit' })
  .format(new Date('2014-06-25T04:00:00.123Z'))
new Intl.DateTimeFormat('en-US', { hourCycle: 'h23', timeZone: zone, ...fields, month: 'numeric' })
  .formatToParts(new Date())
const zoneMs = took()
JSON.parse(readFileSync(file, 'utf8'))
console.log(JSON.stringify({ undici, zone: zoneMs, file: took() }))
`

/**
 * The floor of a start on `file`, medians of `runs` fresh processes, as one line:
 * `node's own start 122, undici 40, …; 330 ms before calfile's own code`.
 * @throws Error when a run fails.
 */
export function startFloor(file: string, runs: number): string {
  const node = medianExit(['-e', '0'], runs)
  const results: Array<Record<Part, number>> = []
  for (let i = 0; i < runs; i++) {
    const out = spawnSync(process.execPath, ['--input-type=module', '-e', MEASURE, file], { encoding: 'utf8' })
    if (out.status !== 0) throw new Error(`start-floor run failed: ${out.stderr}`)
    results.push(JSON.parse(out.stdout) as Record<Part, number>)
  }
  const parts = PARTS.map(([key, label]) => [label, median(results.map((result) => result[key]))] as const)
  const total = parts.reduce((sum, [, ms]) => sum + ms, node)
  const listed = [["node's own start", node] as const, ...parts].map(([label, ms]) => `${label} ${ms.toFixed(0)}`)
  return `${listed.join(', ')}; ${total.toFixed(0)} ms before calfile's own code`
}

const [file, runs] = process.argv.slice(2)
if (file !== undefined && process.argv[1] === fileURLToPath(import.meta.url))
  console.log(`start floor: ${startFloor(file, Number(runs ?? 5))}`)
