/**
 * The sync bench (issue 15): `calfile pull` and `calfile push` of `BENCH_EVENTS` events (default 5,000) against a
 * calfile "site" on loopback, a `calfile serve` of its own (a child process, from source) holding the bench's
 * generated calendar (bench/calendar-data.ts: 1,000 venues, 500 organizers, 500 terms) and one admin token.
 * - pull: into an empty data file, every list page by page (50 records a page), all statuses;
 * - push: as many new events made in the pulled file (each linking one of the site's venues, organizers and
 *   terms), created on the site one POST each, their answers stored in the file as they come.
 * Prints, for each, the records, seconds, requests and requests per second; the target is 60 s each.
 *
 *   npx tsx bench/sync.ts                       # 5,000 events
 *   BENCH_EVENTS=1000 npx tsx bench/sync.ts
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { tokenHash } from '../src/core/users.js'
import { pull, pullSummary } from '../src/sync/pull.js'
import { push } from '../src/sync/push.js'
import { freePort, spawnServer, stopServer } from './start.js'
import { markdownTable } from './table.js'

process.env.BENCH_EVENTS ??= '5000'
const { EVENTS, FIRST_ORGANIZER_ID, FIRST_VENUE_ID, ORGANIZERS, TERMS, VENUES, generate } = await import(
  './calendar-data.js'
)
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url))

/** The generated calendar with an administrator whose token is `token` (only its SHA-256 is stored). */
function siteText(token: string): string {
  const data = JSON.parse(generate()) as Record<string, unknown>
  const token_sha256 = tokenHash(token)
  return JSON.stringify({ ...data, users: [{ id: 1, name: 'admin', role: 'administrator', token_sha256 }] }, null, 2)
}

/** `count` new events in the data file at `file`, after its largest post ID, each linking records the site has. */
async function addEvents(file: string, count: number): Promise<void> {
  const data = JSON.parse(await readFile(file, 'utf8')) as { events: Array<{ id: number }>; [key: string]: unknown }
  const posts = ['events', 'venues', 'organizers'].flatMap((key) =>
    (data[key] as Array<{ id: number }>).map((r) => r.id),
  )
  const first = Math.max(...posts) + 1
  const events = Array.from({ length: count }, (_, i) => ({
    id: first + i,
    title: `Local event ${i}`,
    start_date: '2026-09-01 19:00:00',
    end_date: '2026-09-01 21:00:00',
    venue: FIRST_VENUE_ID + (i % VENUES),
    organizer: [FIRST_ORGANIZER_ID + (i % ORGANIZERS)],
    // Categories are the first half of the terms (calendar-data.ts).
    categories: [(i % (TERMS / 2)) + 1],
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

const folder = await mkdtemp(join(tmpdir(), 'calfile-bench-sync-'))
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
  await addEvents(file, EVENTS)
  const pushed = await timed(() => push(siteUrl, { from: file, ...credentials }))
  const report = pushed.result
  console.log(`push: ${report.created.length} created, ${report.failed.length} failed`)
  for (const failure of report.failed.slice(0, 3)) console.log(`  ${failure.label}: ${failure.error}`)
  console.log(
    markdownTable(
      ['run', 'records', 's', 'requests', 'req/s'],
      [
        row(
          `pull (${EVENTS.toLocaleString('en')} events and their venues, organizers, terms)`,
          records,
          pulled.seconds,
          pulled.result.requests,
        ),
        row(
          `push (${EVENTS.toLocaleString('en')} new events, one POST each)`,
          report.created.length,
          pushed.seconds,
          report.requests,
        ),
      ],
    ),
  )
} finally {
  await stopServer(site.child)
  await rm(folder, { recursive: true, force: true })
}
