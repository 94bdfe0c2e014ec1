import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import {
  cleanFolders,
  dataFile,
  folder,
  freePort,
  getJson,
  killAll,
  newEvent,
  positionOf,
  postJson,
  runCli,
  sleep,
  startServe,
  validate,
  waitFor,
  watcherArmed,
} from './store-helpers.js'

afterEach(killAll)
afterAll(cleanFolders)

function edited(edit: (document: any) => void): string {
  const document = JSON.parse(dataFile(3))
  edit(document)
  return `${JSON.stringify(document, null, 2)}\n`
}

interface Breakage {
  name: string
  text: string
  problem: { path: string; message: string; line: number; column: number }
}

const valid = dataFile(3)
const syntax = valid.replace('"title": "Event 1",', '"title": "Event 1"')
const badDate = edited((d) => (d.events[1].start_date = 'next tuesday'))
const duplicate = edited((d) => (d.events[2].id = 1000))
const dangling = edited((d) => (d.events[1].venue = 999))

const BREAKAGES: Breakage[] = [
  {
    name: 'a JSON syntax error (a missing comma)',
    text: syntax,
    problem: {
      path: '',
      message: 'JSON syntax error: comma expected',
      ...positionOf(syntax, '"description": "<p>Description of event 1'),
    },
  },
  {
    name: 'a schema error (start_date "next tuesday")',
    text: badDate,
    problem: {
      path: 'events[1].start_date',
      message: 'expected "YYYY-MM-DD HH:MM:SS", got "next tuesday"',
      ...positionOf(badDate, '"next tuesday"'),
    },
  },
  {
    name: 'a duplicate ID',
    text: duplicate,
    problem: {
      path: 'events[2].id',
      message: 'duplicate ID 1000 (also events[0])',
      ...positionOf(duplicate, '"id": 1000', 1, 6),
    },
  },
  {
    name: 'a dangling venue reference',
    text: dangling,
    problem: {
      path: 'events[1].venue',
      message: 'venue 999 does not exist',
      ...positionOf(dangling, '"venue": 999', 0, 9),
    },
  },
]

describe('an invalid data file on disk (real server, real watcher)', () => {
  it.each(BREAKAGES)(
    '$name: never overwritten, writes 503 with the location, reads keep working, the fix is picked up',
    async ({ text, problem }) => {
      expect(() => validate(text)).toThrow(problem.message)
      const file = join(await folder(), 'calendar.json')
      await writeFile(file, valid)
      const server = await startServe(file)
      await watcherArmed(server, file)
      expect((await getJson(`${server.base}/events/1000`)).body.title).toBe('Event 0')

      // The person saves a broken file; a write that comes right after (before the watcher) is refused too.
      await writeFile(file, text)
      const refused = await postJson(`${server.base}/events`, newEvent('Refused'))
      expect(refused.status).toBe(503)
      expect(refused.body.code).toBe('store-file-invalid')
      expect(refused.body.data.status).toBe(503)
      expect(refused.body.data.problems[0]).toEqual(problem)
      expect(await waitFor(() => server.output().includes(`(line ${problem.line}, col ${problem.column})`))).toBe(true)
      expect(server.output()).toMatch(/is invalid/u)

      for (const [method, path, body] of [
        ['POST', '/events', newEvent('Refused again')],
        ['PUT', '/events/1000', { title: 'Refused update' }],
        ['POST', '/venues', { venue: 'Refused venue' }],
        ['DELETE', '/events/1001', undefined],
      ] as const) {
        const response = await fetch(`${server.base}${path}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
        const answer = await response.json()
        expect([method, path, response.status, answer.code]).toEqual([method, path, 503, 'store-file-invalid'])
        expect(answer.data.problems[0]).toEqual(problem)
      }

      // Reads serve the last valid state.
      const list = await getJson(`${server.base}/events?per_page=50&start_date=2026-01-01`)
      expect(list.status).toBe(200)
      expect(list.body.events.map((e: { id: number; title: string }) => [e.id, e.title])).toEqual([
        [1000, 'Event 0'],
        [1001, 'Event 1'],
        [1002, 'Event 2'],
      ])
      expect((await getJson(`${server.base}/venues/11`)).status).toBe(200)

      // Byte for byte as the person left it, also a while later.
      await sleep(300)
      expect(await readFile(file, 'utf8')).toBe(text)

      // Fixed by hand: loaded by itself, without a write.
      const fixed = edited((d) => (d.events[0].title = 'Fixed by hand'))
      await writeFile(file, fixed)
      expect(
        await waitFor(async () => (await getJson(`${server.base}/events/1000`)).body.title === 'Fixed by hand'),
      ).toBe(true)
      expect(await readFile(file, 'utf8')).toBe(fixed)
      const accepted = await postJson(`${server.base}/events`, newEvent('After the fix'))
      expect(accepted.status).toBe(201)
      const onDisk = JSON.parse(await readFile(file, 'utf8'))
      expect(onDisk.events.map((e: { title: string }) => e.title)).toEqual([
        'Fixed by hand',
        'Event 1',
        'Event 2',
        'After the fix',
      ])
    },
  )

  it('the same bad text saved twice is reported once, and a still-broken second edit is reported again', async () => {
    const file = join(await folder(), 'calendar.json')
    await writeFile(file, valid)
    const server = await startServe(file)
    await watcherArmed(server, file)
    await writeFile(file, badDate)
    expect(await waitFor(() => /is invalid/u.test(server.output()))).toBe(true)
    await writeFile(file, badDate)
    await sleep(300)
    expect(server.output().match(/is invalid/gu)).toHaveLength(1)
    await writeFile(file, dangling)
    expect(await waitFor(() => (server.output().match(/is invalid/gu) ?? []).length === 2)).toBe(true)
    expect(server.output()).toContain('events[1].venue: venue 999 does not exist')
    expect((await postJson(`${server.base}/events`, newEvent('Refused'))).body.data.problems[0].path).toBe(
      'events[1].venue',
    )
    expect(await readFile(file, 'utf8')).toBe(dangling)
  })

  it('a server does not start on an invalid file, and calfile validate names every problem with line and column', async () => {
    const dir = await folder()
    const results = await Promise.all(
      BREAKAGES.map(async ({ text }, i) => {
        const file = join(dir, `broken-${i}.json`)
        await writeFile(file, text)
        return runCli(['validate', file])
      }),
    )
    results.forEach((result, i) => {
      const { path, message, line, column } = (BREAKAGES[i] as Breakage).problem
      expect(result.code).toBe(1)
      expect(result.stdout).toContain(`${path ? `${path}: ` : ''}${message} (line ${line}, col ${column})`)
    })
    const file = join(dir, 'broken-0.json')
    const serve = await runCli(['serve', file, '--port', String(await freePort()), '--quiet'])
    expect(serve.code).toBe(1)
    expect(serve.stderr + serve.stdout).toContain('JSON syntax error: comma expected')
    expect(await readFile(file, 'utf8')).toBe(syntax)
    expect(existsSync(`${file}.lock`)).toBe(false)
  })
})
