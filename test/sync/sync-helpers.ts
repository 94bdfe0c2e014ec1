import { type ChildProcess, spawn } from 'node:child_process'
import { copyFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect } from 'vitest'
import { freePort, runCli, startServer, tempDir } from '../cli/cli-helpers.js'

/**
 * Test sites for sync (issue 15): a "site" is a `calfile serve` of the real TEC captures (`fixtures/tec/`, built by
 * `calfile init`) with a token for `admin`, requests logged on its stdout. Real processes, real HTTP.
 */

const ROOT = new URL('../..', import.meta.url).pathname
const CLI = join(ROOT, 'src/cli/main.ts')
export const API = '/wp-json/tribe/events/v1'

/** Every status a list shows to an administrator, as sync pulls them. */
export const ALL = 'status=publish,future,draft,pending,private'

/** The lists sync reads, each whole. */
export const LISTS: Record<string, string> = {
  events: `events?per_page=50&start_date=0001-01-01&end_date=9999-01-01&${ALL}`,
  venues: `venues?per_page=50&${ALL}`,
  organizers: `organizers?per_page=50&${ALL}`,
  categories: 'categories?per_page=50&hide_empty=false',
  tags: 'tags?per_page=50&hide_empty=false',
}

const running: ChildProcess[] = []

/** Stops every server and CLI these helpers started (afterEach). */
export function stopAll(): void {
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill()
}

/** A site file: `calfile init --from fixtures/tec` and `calfile token add --user admin`; its folder and token. */
export async function makeSiteFile(): Promise<{ file: string; token: string }> {
  const file = join(await tempDir(), 'site.json')
  const init = await runCli(['init', file, '--from', join(ROOT, 'fixtures/tec')])
  expect(init.code, init.stderr).toBe(0)
  const token = await runCli(['token', 'add', file, '--user', 'admin'])
  expect(token.code, token.stderr).toBe(0)
  return { file, token: token.stdout.trim() }
}

/** A running site: its URL, its Basic credentials, and its output so far (the request log). */
export interface Site {
  url: string
  token: string
  file: string
  auth: { authorization: string }
  output: () => string
}

/** Starts a site on a copy of `source` (`makeSiteFile`), logging requests; `args` go to `calfile serve`. */
export async function startSite(source: { file: string; token: string }, args: string[] = []): Promise<Site> {
  const file = join(await tempDir(), 'site.json')
  await copyFile(source.file, file)
  const port = await freePort()
  const { child, output } = await startServer([file, '--port', String(port), ...args])
  running.push(child)
  const auth = { authorization: `Basic ${Buffer.from(`admin:${source.token}`).toString('base64')}` }
  return { url: `http://127.0.0.1:${port}`, token: source.token, file, auth, output }
}

/** Starts `calfile serve` on a local data file (open mode: no token); its URL. */
export async function startLocal(file: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort()
  const { child } = await startServer([file, '--port', String(port), '--quiet'])
  running.push(child)
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  return { url: `http://127.0.0.1:${port}`, stop }
}

/** Runs `calfile <args>` to its end with the site's token as `CALFILE_PASSWORD`. */
export function sync(args: string[], site: Site) {
  return runCli(args, ROOT, { ...process.env, NO_COLOR: '1', CALFILE_PASSWORD: site.token })
}

/** Spawns `calfile <args>` with the site's token, and leaves it running: for a push to kill half-way. */
export function spawnSync(args: string[], site: Site): ChildProcess {
  return spawnCli(args, site.token)
}

/** Spawns `calfile <args>` with `password` as `CALFILE_PASSWORD`, and leaves it running (stopped by `stopAll`). */
export function spawnCli(args: string[], password: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', CALFILE_PASSWORD: password },
  })
  running.push(child)
  return child
}

/** A request to the site with its credentials, parsed. */
export async function siteJson(site: Site, path: string, init: RequestInit = {}): Promise<any> {
  const response = await fetch(`${site.url}${API}/${path}`, {
    ...init,
    headers: { ...site.auth, 'content-type': 'application/json', ...init.headers },
  })
  return response.json()
}

/** A body with the hosts of its links replaced: two servers' answers compare "links aside". */
const hostless = (text: string) => text.replace(/127\.0\.0\.1:\d+/gu, 'HOST')

/** Every page of a list, as the raw texts: the records' order, the envelopes and the links all count. */
async function pages(base: string, query: string, headers: Record<string, string>): Promise<string[]> {
  const texts: string[] = []
  let next: string | undefined = `${base}${API}/${query}`
  while (next !== undefined) {
    const text: string = await (await fetch(next, { headers })).text()
    texts.push(hostless(text))
    const link = (JSON.parse(text) as { next_rest_url?: string }).next_rest_url
    next = link === undefined ? undefined : `${base}${new URL(link).pathname}${new URL(link).search}`
  }
  return texts
}

/**
 * Every list of sync and every record in them, as `a` and `b` answer (`{ base, headers }`): the paths whose
 * answers differ other than in their links' host, and how many records were compared.
 */
export async function differences(
  a: { base: string; headers: Record<string, string> },
  b: { base: string; headers: Record<string, string> },
): Promise<{ differ: string[]; records: number }> {
  const differ: string[] = []
  let records = 0
  for (const [route, query] of Object.entries(LISTS)) {
    const [left, right] = await Promise.all([pages(a.base, query, a.headers), pages(b.base, query, b.headers)])
    if (left.join('\n') !== right.join('\n')) differ.push(query)
    const ids = left.flatMap((text) => (JSON.parse(text) as Record<string, Array<{ id: number }>>)[route] ?? [])
    for (const { id } of ids) {
      records++
      const path = `${API}/${route}/${id}`
      const [one, two] = await Promise.all([
        fetch(`${a.base}${path}`, { headers: a.headers }).then((r) => r.text()),
        fetch(`${b.base}${path}`, { headers: b.headers }).then((r) => r.text()),
      ])
      if (hostless(one) !== hostless(two)) differ.push(path)
    }
  }
  return { differ, records }
}
