/**
 * `npm run bench`: calfile's speed on a generated calendar of 10,000 events, 1,000 venues, 500 organizers and
 * 500 terms. Prints cold open time, writes per second through the library with group commit against one write
 * per call, then requests per second through a real port (autocannon) for the default event list, a search, a
 * single event, a venue search, a category list, and creates that write the file.
 */
import { watch } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { type Calendar, openCalendar } from '../src/core/calendar.js'
import { serve } from '../src/http/serve.js'
import { EVENTS, generate, NOW, ORGANIZERS, TERMS, VENUES } from './calendar-data.js'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)

async function load(url: string, options: Partial<autocannon.Options> = {}): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: SECONDS, ...options })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return Math.round(result.requests.average)
}

const CREATES = 100

/**
 * `CREATES` creates through the library, all at once (they share file writes: group commit) or each awaited
 * before the next (one file write each): creates per second, and the file writes seen (renames onto the file).
 */
async function createRate(calendar: Calendar, together: boolean): Promise<{ perSecond: number; writes: number }> {
  let writes = 0
  const watcher = watch(folder, (type, name) => {
    if (type === 'rename' && name === 'calendar.json') writes++
  })
  const body = {
    title: 'Bench',
    start_date: '2026-08-01 10:00:00',
    end_date: '2026-08-01 11:00:00',
    venue: 100_001,
    categories: [3],
  }
  const t0 = performance.now()
  if (together) await Promise.all(Array.from({ length: CREATES }, () => calendar.events.create(body)))
  else for (let i = 0; i < CREATES; i++) await calendar.events.create(body)
  const seconds = (performance.now() - t0) / 1000
  await new Promise((resolve) => setTimeout(resolve, 100))
  watcher.close()
  return { perSecond: Math.round(CREATES / seconds), writes }
}

const folder = await mkdtemp(join(tmpdir(), 'calfile-bench-'))
const file = join(folder, 'calendar.json')
try {
  const text = generate()
  await writeFile(file, text)
  console.log(
    `data file: ${EVENTS} events, ${VENUES} venues, ${ORGANIZERS} organizers, ${TERMS} terms, ${(text.length / 1e6).toFixed(1)} MB`,
  )
  const t0 = performance.now()
  const calendar = await openCalendar(file, { now: () => NOW })
  const opened = performance.now() - t0
  calendar.events.list({})
  const firstList = performance.now() - t0
  console.log(`cold open: ${opened.toFixed(0)} ms (validate + index); with the first list: ${firstList.toFixed(0)} ms`)
  console.log(`heap after open: ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`)
  const grouped = await createRate(calendar, true)
  console.log(
    `events.create x${CREATES} at once (group commit): ${grouped.perSecond} writes/s, ${grouped.writes} file writes`,
  )
  const single = await createRate(calendar, false)
  console.log(
    `events.create x${CREATES} one by one (a file write each): ${single.perSecond} writes/s, ${single.writes} file writes`,
  )
  const listener = await serve(calendar, { port: 0, host: '127.0.0.1' })
  const base = `${listener.url.replace(/\/$/u, '')}/calendar/events/v1`
  console.log(`GET /events (default window): ${await load(`${base}/events`)} req/s`)
  console.log(`GET /events?per_page=50&search=jazz: ${await load(`${base}/events?per_page=50&search=jazz`)} req/s`)
  console.log(`GET /events/{id}: ${await load(`${base}/events/5000`)} req/s`)
  console.log(`GET /venues?search=city+7: ${await load(`${base}/venues?search=city+7`)} req/s`)
  console.log(
    `GET /categories?per_page=50&orderby=count&order=desc: ${await load(`${base}/categories?per_page=50&orderby=count&order=desc`)} req/s`,
  )
  const body = JSON.stringify({
    title: 'Bench',
    start_date: '2026-08-01 10:00:00',
    end_date: '2026-08-01 11:00:00',
    venue: 100_001,
    categories: [3],
  })
  const posts = await load(`${base}/events`, { method: 'POST', body, headers: { 'content-type': 'application/json' } })
  console.log(
    `POST /events (answered after the file write, grouped): ${posts} req/s, ${calendar.state.events.size} events now`,
  )
  await listener.close()
  await calendar.close()
} finally {
  await rm(folder, { recursive: true, force: true })
}
