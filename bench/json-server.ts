import { spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { createWriteStream, existsSync, readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { finished } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'
import type { Calendar } from '../src/core/calendar.js'

/**
 * bench/json-server/: a package of its own holding json-server v1, installed by `ensureJsonServer` rather than by
 * the project's `npm install`, because json-server declares Node >=22.12 and calfile Node >=20.19.
 */
const HOME = fileURLToPath(new URL('./json-server/', import.meta.url))

/** The json-server version bench/json-server/package.json pins. */
const PINNED = (
  JSON.parse(readFileSync(join(HOME, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
).dependencies['json-server']

/** json-server's package.json as installed in bench/json-server/node_modules (it may be missing). */
const INSTALLED = join(HOME, 'node_modules/json-server/package.json')

/**
 * Installs json-server v1 in bench/json-server/ (`npm ci` from its package-lock.json) when it is missing there or
 * not the version bench/json-server/package.json pins; the bench's json-server rows run that copy. On a Node older
 * than 22.12 npm warns that json-server declares a newer engine: the bench runs it on this Node, as it runs calfile.
 * @throws Error when `npm ci` fails.
 */
export function ensureJsonServer(): void {
  if (existsSync(INSTALLED) && JSON.parse(readFileSync(INSTALLED, 'utf8')).version === PINNED) return
  console.log(`json-server ${PINNED} is not installed in bench/json-server/: npm ci there`)
  const install = spawnSync('npm', ['ci', '--prefix', HOME, '--no-audit', '--no-fund'], { stdio: 'inherit' })
  if (install.status !== 0) throw new Error(`npm ci in bench/json-server exited ${install.status}`)
}

/**
 * The arguments of `node` that serve `db` with json-server v1's CLI script (its package's `bin`) on `port` of the
 * loopback address.
 */
export function jsonServerArgs(db: string, port: number): string[] {
  return [join(dirname(INSTALLED), 'lib/bin.js'), db, '--port', String(port), '--host', '127.0.0.1']
}

/** The collections of a data file json-server is given when it starts on the same records as calfile. */
const RECORD_COLLECTIONS = ['events', 'venues', 'organizers', 'categories', 'tags'] as const

/**
 * Writes json-server's data file holding the same records as the calfile data file `text` (its events, venues,
 * organizers, categories and tags as stored, without `settings` and `users`), for the start rows: what each tool
 * takes to start on the same data. Resolves with the file's size in bytes.
 */
export async function writeJsonServerRecords(text: string, db: string): Promise<number> {
  const data = JSON.parse(text) as Record<string, unknown>
  const records = Object.fromEntries(RECORD_COLLECTIONS.map((name) => [name, data[name] ?? []]))
  const out = JSON.stringify(records)
  await writeFile(db, out)
  return Buffer.byteLength(out)
}

/** A list window holding every event: the default end is 24 months from now (docs/lists.md#event-list-dates). */
const EVERY_DATE = { start_date: '1000-01-01', end_date: '9999-12-01' }

/**
 * Writes json-server's data file: `{"events":[...]}` holding every event as calfile answers it in its lists
 * (TEC-shaped, venue, organizers and terms embedded), read page by page from the library (years 1000 to 9999) and
 * written page by page: at 100,000 events the whole text would come close to V8's longest string. Resolves with the
 * file's size in bytes.
 * @throws Error when the pages do not hold every event of the calendar.
 */
export async function writeJsonServerDb(calendar: Calendar, db: string): Promise<number> {
  const perPage = calendar.state.settings.max_per_page
  const out = createWriteStream(db)
  let listed = 0
  out.write('{"events":[')
  for (let page = 1, pages = 1; page <= pages; page++) {
    const { body, headers } = calendar.events.list({ ...EVERY_DATE, per_page: perPage, page })
    const text = body.events.map((event) => JSON.stringify(event)).join(',')
    if (!out.write(listed === 0 ? text : `,${text}`)) await once(out, 'drain')
    listed += body.events.length
    pages = Number(headers['X-TEC-TotalPages'])
  }
  out.end(']}')
  await finished(out)
  if (listed !== calendar.state.events.size)
    throw new Error(`json-server db: ${listed} events listed of ${calendar.state.events.size}`)
  return out.bytesWritten
}

/**
 * json-server v1's nearest equivalent of each request of the table, in its own query syntax (json-server's
 * lib/app.js and lib/parse-where.js), and what it does to answer it.
 */
export const JSON_SERVER_ROWS = {
  get: (id: number) => ({ path: `/events/${id}`, does: 'Array.find on id' }),
  list: { path: '/events?_page=1&_per_page=6', does: 'its first page: filters nothing, slices the array' },
  startDate: {
    path: '/events?start_date:gte=2027-01-01&_sort=start_date&_page=1&_per_page=6',
    does: 'string >= on start_date over every event, sorts the matches by start_date (sort-on), slices a page',
  },
  search: {
    path: '/events?title:contains=jazz&_page=1&_per_page=6',
    does: 'case-insensitive substring of title over every event (its `contains`), slices a page',
  },
  post: { path: '/events', does: 'pushes the body with a random id, then lowdb rewrites the whole file' },
}
