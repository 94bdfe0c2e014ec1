/**
 * The sync bench: `calfile pull` and `calfile push` against a site on loopback, one of two kinds.
 *
 * A calfile "site" (default): a `calfile serve` of its own (a child process, from source) holding the bench's
 * generated calendar of `BENCH_EVENTS` events (default 5,000; bench/calendar-data.ts: 1,000 venues, 500
 * organizers, 500 terms) and one admin token.
 * - pull: into an empty data file, every list page by page (50 records a page), all statuses;
 * - push: as many new events made in the pulled file (each linking one of the site's venues, organizers and
 *   terms), created on the site one POST each, their answers stored in the file as they come.
 *
 * The real TEC (`BENCH_SITE=realtec`): WordPress 7.0.4 + TEC 6.17.2 (the default `tec_version`) from `../shared/realtec` (the sync tests'
 * instance, brought up when it is not running, reset first), seeded with 20 venues, 10 organizers and 12 terms.
 * - push: `BENCH_EVENTS` (default 2,000) new events made in a file pulled from it, one POST each;
 * - pull: all of them, into an empty data file.
 *
 * Prints, for each, the records, seconds, requests and requests per second.
 *
 *   npm run bench:sync                            # 5,000 events, a calfile site
 *   BENCH_EVENTS=1000 npm run bench:sync
 *   BENCH_SITE=realtec npm run bench:sync         # 2,000 events, the real TEC
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { tokenHash } from '../src/core/model/users.js'
import { DEFAULT_TEC_VERSION } from '../src/core/resources/tec-versions.js'
import { pull, pullSummary } from '../src/sync/pull/pull.js'
import { push } from '../src/sync/push/push.js'
import type { PushReport } from '../src/sync/push/push-report.js'
import { isUp, oracleInstance, readCredentials, realtecScript, resetOracle } from '../test/realtec/oracle.js'
import { freePort, spawnServer, stopServer } from './start.js'
import { markdownTable } from './table.js'

const REAL = process.env.BENCH_SITE === 'realtec'
process.env.BENCH_EVENTS ??= REAL ? '2000' : '5000'
const { EVENTS, FIRST_ORGANIZER_ID, FIRST_VENUE_ID, ORGANIZERS, TERMS, VENUES, generate } = await import(
  './calendar-data.js'
)
const CLI = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url))

/** The generated calendar with an administrator whose token is `token` (only its SHA-256 is stored). */
function siteText(token: string): string {
  const data = JSON.parse(generate()) as Record<string, unknown>
  const token_sha256 = tokenHash(token)
  return JSON.stringify({ ...data, users: [{ id: 1, name: 'admin', role: 'administrator', token_sha256 }] }, null, 2)
}

/**
 * `count` new events in the data file at `file`, after its largest post ID, each with the links (and more fields)
 * `fields(i)` gives, which must be the site's records.
 */
async function addEvents(file: string, count: number, fields: (i: number) => Record<string, unknown>): Promise<void> {
  const data = JSON.parse(await readFile(file, 'utf8')) as { events: Array<{ id: number }>; [key: string]: unknown }
  const posts = ['events', 'venues', 'organizers'].flatMap((key) =>
    (data[key] as Array<{ id: number }>).map((r) => r.id),
  )
  const first = Math.max(0, ...posts) + 1
  const events = Array.from({ length: count }, (_, i) => ({
    id: first + i,
    title: `Local event ${i}`,
    start_date: '2026-09-01 19:00:00',
    end_date: '2026-09-01 21:00:00',
    ...fields(i),
  }))
  await writeFile(file, JSON.stringify({ ...data, events: [...data.events, ...events] }, null, 2))
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const start = performance.now()
  const result = await work()
  return { result, seconds: (performance.now() - start) / 1000 }
}

const row = (label: string, records: number, seconds: number, requests: number) => [
  label,
  records.toLocaleString('en'),
  seconds.toFixed(1),
  requests.toLocaleString('en'),
  Math.round(requests / seconds).toLocaleString('en'),
]

/** A run's table: the push and pull rows. */
function printTable(pullRow: string[], pushRow: string[]): void {
  console.log(markdownTable(['run', 'records', 's', 'requests', 'req/s'], [pullRow, pushRow]))
}

/** Pull a calfile site of `EVENTS` events, then push as many new ones to it. */
async function calfileSite(folder: string): Promise<void> {
  const token = randomBytes(16).toString('hex')
  const port = await freePort()
  const siteUrl = `http://127.0.0.1:${port}`
  await writeFile(join(folder, 'site.json'), siteText(token))
  const site = await spawnServer(
    ['--import', 'tsx', CLI, 'serve', join(folder, 'site.json'), '--port', String(port), '--quiet'],
    `${siteUrl}/wp-json/tribe/events/v1/events?per_page=1`,
  )
  try {
    const file = join(folder, 'local.json')
    const credentials = { user: 'admin', password: token }
    const pulled = await timed(() => pull(siteUrl, { into: file, ...credentials }))
    const records = pulled.result.added + pulled.result.changed + pulled.result.unchanged
    console.log(`pull: ${pullSummary(pulled.result)}`)
    await addEvents(file, EVENTS, (i) => ({
      venue: FIRST_VENUE_ID + (i % VENUES),
      organizer: [FIRST_ORGANIZER_ID + (i % ORGANIZERS)],
      // Categories are the first half of the terms (calendar-data.ts).
      categories: [(i % (TERMS / 2)) + 1],
    }))
    const pushed = await timed(() => push(siteUrl, { from: file, ...credentials }))
    reportFailures(pushed.result)
    const events = EVENTS.toLocaleString('en')
    printTable(
      row(
        `pull (${events} events and their venues, organizers, terms)`,
        records,
        pulled.seconds,
        pulled.result.requests,
      ),
      row(
        `push (${events} new events, one POST each)`,
        pushed.result.created.length,
        pushed.seconds,
        pushed.result.requests,
      ),
    )
  } finally {
    await stopServer(site.child)
  }
}

/** Push `EVENTS` new events to the real TEC, then pull them all into a new file. */
async function realSite(folder: string): Promise<void> {
  const instance = oracleInstance('sync', DEFAULT_TEC_VERSION)
  let realtec = readCredentials(instance)
  if (!realtec || !(await isUp(realtec))) {
    await realtecScript('up.sh', instance)
    realtec = readCredentials(instance)
  }
  if (!realtec) throw new Error(`the real TEC did not come up in ${instance.root}`)
  await resetOracle(realtec)
  const credentials = { user: realtec.user, password: realtec.password }
  const auth = `Basic ${Buffer.from(`${realtec.user}:${realtec.password}`).toString('base64')}`
  const made = async (route: string, body: object): Promise<number> => {
    const response = await fetch(`${realtec.api}/${route}`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return ((await response.json()) as { id: number }).id
  }
  const venues = await Promise.all(Array.from({ length: 20 }, (_, i) => made('venues', { venue: `Venue ${i}` })))
  const organizers = await Promise.all(
    Array.from({ length: 10 }, (_, i) => made('organizers', { organizer: `Organizer ${i}` })),
  )
  const categories = await Promise.all(Array.from({ length: 6 }, (_, i) => made('categories', { name: `Cat ${i}` })))
  const tags = await Promise.all(Array.from({ length: 6 }, (_, i) => made('tags', { name: `tag${i}` })))

  const file = join(folder, 'local.json')
  await pull(realtec.base, { into: file, ...credentials })
  await addEvents(file, EVENTS, (i) => ({
    venue: venues[i % venues.length],
    organizer: [organizers[i % organizers.length]],
    categories: [categories[i % categories.length]],
    tags: [tags[i % tags.length]],
    cost: i % 2 ? '$10' : 'Free',
  }))
  const pushed = await timed(() => push(realtec.base, { from: file, ...credentials }))
  reportFailures(pushed.result)
  const fresh = join(folder, 'pulled.json')
  const pulled = await timed(() => pull(realtec.base, { into: fresh, ...credentials }))
  console.log(`pull: ${pullSummary(pulled.result)}`)
  const records = pulled.result.added + pulled.result.changed + pulled.result.unchanged
  const events = EVENTS.toLocaleString('en')
  printTable(
    row(
      `pull from TEC ${realtec.version} (${events} events and 42 linked records)`,
      records,
      pulled.seconds,
      pulled.result.requests,
    ),
    row(
      `push to TEC ${realtec.version} (${events} new events, one POST each)`,
      pushed.result.created.length,
      pushed.seconds,
      pushed.result.requests,
    ),
  )
}

function reportFailures(report: PushReport): void {
  console.log(`push: ${report.created.length} created, ${report.failed.length} failed`)
  for (const failure of report.failed.slice(0, 3)) console.log(`  ${failure.label}: ${failure.error}`)
}

const folder = await mkdtemp(join(tmpdir(), 'calfile-bench-sync-'))
try {
  await (REAL ? realSite(folder) : calfileSite(folder))
} finally {
  await rm(folder, { recursive: true, force: true })
}
