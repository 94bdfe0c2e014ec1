import { readFile, writeFile } from 'node:fs/promises'
import { get } from 'node:https'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { fixture, NOW } from '../helpers.js'
import { freePort, runCli, startServer, tempDir } from './cli-helpers.js'

const stops: Array<() => void> = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

describe('calfile serve (real file, real port)', () => {
  it('serves a data file, writes creates to it, and logs each request', async () => {
    const dir = await tempDir()
    const file = join(dir, 'calendar.json')
    await writeFile(file, fixture('small.json'))
    const port = await freePort()
    const server = await startServer([file, '--port', String(port), '--now', '2026-07-01T12:00:00Z'])
    stops.push(() => server.child.kill())
    const base = `http://127.0.0.1:${port}/calendar/events/v1`

    const list = await fetch(`${base}/events`)
    expect(list.status).toBe(200)
    expect((await list.json()).events.map((e: { id: number }) => e.id)).toEqual([10])

    const created = await fetch(`${base}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Written', start_date: 'tomorrow 9am', end_date: 'tomorrow 10am' }),
    })
    expect(created.status).toBe(201)
    const body = await created.json()
    expect(body.start_date).toBe('2026-07-02 09:00:00')
    // TEC's event endpoint sends no `Location`.
    expect(created.headers.get('location')).toBeNull()

    const onDisk = JSON.parse(await readFile(file, 'utf8'))
    expect(onDisk.events.map((e: { title: string }) => e.title)).toEqual(['Jazz night', 'Written'])
    expect(onDisk.events[1].date).toBe('2026-07-01 08:00:00')
    expect(server.output()).toMatch(/POST \/calendar\/events\/v1\/events 201 \d+\.\dms/u)
  })

  it('creates an empty store for a missing file', async () => {
    const dir = await tempDir()
    const file = join(dir, 'new.json')
    const port = await freePort()
    const server = await startServer([file, '--port', String(port), '--quiet'])
    stops.push(() => server.child.kill())
    const response = await fetch(`http://127.0.0.1:${port}/calendar/events/v1/events`)
    expect(await response.json()).toMatchObject({ events: [], total: 0, total_pages: 0 })
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      events: [],
      venues: [],
      settings: { timezone: 'UTC' },
    })
    expect(server.output()).not.toMatch(/GET \//u)
  })

  it('serves HTTPS with a self-signed certificate (--https)', async () => {
    const dir = await tempDir()
    const file = join(dir, 'calendar.json')
    await writeFile(file, fixture('small.json'))
    const port = await freePort()
    const server = await startServer([
      file,
      '--port',
      String(port),
      '--https',
      '--now',
      '2026-07-01T12:00:00Z',
      '--quiet',
    ])
    stops.push(() => server.child.kill())
    const body = await new Promise<string>((resolve, reject) => {
      get(`https://127.0.0.1:${port}/calendar/events/v1/events/10`, { rejectUnauthorized: false }, (res) => {
        let text = ''
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () => resolve(text))
      }).on('error', reject)
    })
    expect(JSON.parse(body)).toMatchObject({
      id: 10,
      rest_url: `https://127.0.0.1:${port}/calendar/events/v1/events/10`,
    })
  })

  it('refuses a busy port with one line and exit status 1', async () => {
    const blocker = createServer()
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)),
    )
    stops.push(() => blocker.close())
    const dir = await tempDir()
    const result = await runCli(['serve', join(dir, 'c.json'), '--port', String(port)])
    expect(result.code).toBe(1)
    expect(result.stderr + result.stdout).toMatch(new RegExp(`port ${port}`, 'u'))
  })

  it('refuses an invalid data file, naming each problem with its line and column', async () => {
    const dir = await tempDir()
    const file = join(dir, 'bad.json')
    await writeFile(
      file,
      '{\n  "events": [\n    { "title": "x", "start_date": "next tuesday", "end_date": "2026-01-01 10:00:00" }\n  ]\n}\n',
    )
    const result = await runCli(['serve', file, '--port', String(await freePort())])
    expect(result.code).toBe(1)
    expect(result.stderr + result.stdout).toContain(
      'events[0].start_date: expected "YYYY-MM-DD HH:MM:SS", got "next tuesday" (line 3, col 35)',
    )
  })

  it('rejects an unknown flag and a bad --now', async () => {
    const unknown = await runCli(['serve', '--prot', '3000'])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr + unknown.stdout).toContain('unknown flag --prot')
    const badNow = await runCli(['serve', '--now', 'yesterday-ish'])
    expect(badNow.code).toBe(1)
    expect(badNow.stderr + badNow.stdout).toContain('--now takes an ISO 8601 instant')
    const badCache = await runCli(['serve', '--cache-mb', 'lots'])
    expect(badCache.code).toBe(1)
    expect(badCache.stderr + badCache.stdout).toContain('--cache-mb takes a size in MiB')
  })

  it('--delay makes the interface wait, not the page; a bad one is refused', async () => {
    const bad = await runCli(['serve', '--delay', '800-100'])
    expect(bad.code).toBe(1)
    expect(bad.stderr + bad.stdout).toContain('--delay takes milliseconds or a range of them')
    const file = join(await tempDir(), 'calendar.json')
    await writeFile(file, fixture('events-rich.json'))
    const port = await freePort()
    const server = await startServer([file, '--port', String(port), '--quiet', '--delay', '1500-1600'])
    stops.push(() => server.child.kill())
    const timed = async (path: string) => {
      const begin = performance.now()
      const response = await fetch(`http://127.0.0.1:${port}${path}`)
      await response.arrayBuffer()
      return { status: response.status, ms: performance.now() - begin }
    }
    await timed('/') // the page's first answer builds it
    const page = await timed('/')
    expect(page.status).toBe(200)
    expect(page.ms).toBeLessThan(1500)
    for (const path of ['/calendar/events/v1/events', '/wp-json/tribe/events/v1/venues']) {
      const api = await timed(path)
      expect(api.status).toBe(200)
      expect(api.ms).toBeGreaterThanOrEqual(1499)
    }
  })

  it('serves with no shaped records kept (--cache-mb 0)', async () => {
    const NOW_ISO = new Date(NOW).toISOString()
    const file = join(await tempDir(), 'calendar.json')
    await writeFile(file, fixture('events-rich.json'))
    const port = await freePort()
    const server = await startServer([file, '--port', String(port), '--quiet', '--cache-mb', '0', '--now', NOW_ISO])
    stops.push(() => server.child.kill())
    const url = `http://127.0.0.1:${port}/calendar/events/v1/events`
    const [first, second] = [await (await fetch(url)).text(), await (await fetch(url)).text()]
    expect(first).toBe(second)
    expect(JSON.parse(first).total).toBeGreaterThan(0)
  })
})

describe('calfile validate', () => {
  it('prints a summary and exits 0 for a valid file', async () => {
    const dir = await tempDir()
    const file = join(dir, 'ok.json')
    await writeFile(file, fixture('small.json'))
    const result = await runCli(['validate', file])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('ok: 1 events, 1 venues, 1 organizers, 1 categories, 0 tags')
  })

  it('prints every problem and exits 1', async () => {
    const dir = await tempDir()
    const file = join(dir, 'bad.json')
    await writeFile(
      file,
      JSON.stringify(
        {
          events: [{ id: 1, title: 'a', start_date: '2026-01-01 10:00:00', end_date: '2026-01-01 11:00:00', venue: 5 }],
          venues: [{ id: 1, venue: 'dup' }],
        },
        null,
        2,
      ),
    )
    const result = await runCli(['validate', file])
    expect(result.code).toBe(1)
    expect(result.stdout).toContain('venues[0].id: duplicate ID 1 (also events[0])')
    expect(result.stdout).toContain('events[0].venue: venue 5 does not exist')
  })
})
