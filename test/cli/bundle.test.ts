/**
 * The CLI as installed: `bin/calfile.js` runs the bundle `npm run build` makes (`scripts/bundle-cli.mjs`, in
 * `dist/bin/`), not the sources the other CLI tests run under tsx. What a bundle can get wrong is what it finds
 * beside itself at run time: package.json, the page's assets, the validating worker, the modules it leaves out
 * (jsonc-parser) or loads late (node-forge, for `--https`), and the stamp that keys the cache of validated texts.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { copyFile, readdir } from 'node:fs/promises'
import { get } from 'node:https'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt } from '../../bench/build.js'
import { freePort, runCli, startServer, tempDir } from './cli-helpers.js'

const ROOT = new URL('../..', import.meta.url).pathname
const EVENT = '/calendar/events/v1/events/10'

/** `calfile serve <file>` from the bundle on `port`: the answers for an event, the page's script and the feed. */
async function served(file: string, cache: string, port: number) {
  const base = `http://127.0.0.1:${port}`
  const server = await startServer(
    [file, '--port', String(port), '--now', '2026-07-01T12:00:00Z', '--quiet'],
    'bundle',
    {
      CALFILE_CACHE_DIR: cache,
    },
  )
  try {
    const event = await fetch(`${base}${EVENT}`)
    const script = await fetch(`${base}/_calfile/ui/app.js`)
    const feed = await fetch(`${base}/events/?ical=1`)
    return {
      event: { status: event.status, body: await event.text() },
      script: { status: script.status, type: script.headers.get('content-type') },
      feed: { status: feed.status, text: await feed.text() },
    }
  } finally {
    server.child.kill('SIGTERM')
  }
}

beforeAll(() => ensureBuilt(), 120_000)

describe('the bundled CLI', () => {
  it('answers --version from package.json', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
    const { code, stdout } = await runCli(['--version'], ROOT, process.env, 'bundle')
    expect(code).toBe(0)
    expect(stdout.trim()).toBe(version)
  })

  it('serves a file never seen (validated in its worker), then again from the cache, the same', async () => {
    const folder = await tempDir()
    const file = join(folder, 'calendar.json')
    const cache = join(folder, 'cache')
    await copyFile(join(ROOT, 'fixtures/small.json'), file)
    const port = await freePort()
    const first = await served(file, cache, port)
    expect(first.event.status).toBe(200)
    expect(JSON.parse(first.event.body)).toMatchObject({ id: 10, title: 'Jazz night' })
    expect(first.script).toEqual({ status: 200, type: expect.stringContaining('javascript') })
    expect(first.feed.status).toBe(200)
    expect(first.feed.text).toContain('SUMMARY:Jazz night')
    expect(await readdir(join(cache, 'validated'))).toHaveLength(1)
    expect(await served(file, cache, port)).toEqual(first)
  }, 60_000)

  it('lists a broken file’s problems with their lines (jsonc-parser, left out of the bundle)', async () => {
    const file = join(await tempDir(), 'broken.json')
    writeFileSync(file, '{"events": [{"id": 1, "title": 3}]}\n')
    const { code, stderr, stdout } = await runCli(['validate', file], ROOT, { ...process.env, NO_COLOR: '1' }, 'bundle')
    expect(code).toBe(1)
    expect(stdout + stderr).toContain('events[0].title: expected a string, got 3 (line 1, col 32)')
  })

  it('serves --https with a self-signed certificate (node-forge, loaded on first use)', async () => {
    const file = join(await tempDir(), 'calendar.json')
    await copyFile(join(ROOT, 'fixtures/small.json'), file)
    const port = await freePort()
    const server = await startServer([file, '--port', String(port), '--https', '--quiet'], 'bundle')
    try {
      const status = await new Promise<number | undefined>((resolve, reject) =>
        get(`https://127.0.0.1:${port}${EVENT}`, { rejectUnauthorized: false }, (response) => {
          response.resume()
          resolve(response.statusCode)
        }).on('error', reject),
      )
      expect(status).toBe(200)
    } finally {
      server.child.kill('SIGTERM')
    }
  }, 60_000)
})
