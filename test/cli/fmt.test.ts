/**
 * `calfile fmt` (issue 12): a data file rewritten in calfile's layout with its meaning kept, `--check`, and the
 * files it refuses: an invalid one, one a server holds, a missing one.
 */
import { readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { lstat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { instantToWall } from '../../src/core/dates/zoned.js'
import { formatDataFile, formattedText } from '../../src/edit/format-file.js'
import { initDataFile } from '../../src/tec/init.js'
import { fixture, NOW, open } from '../helpers.js'
import { fixtureDataFiles } from '../schema/schema-helpers.js'
import { killAll, startServe } from '../store/store-helpers.js'
import { runCli, tempDir } from './cli-helpers.js'

afterEach(killAll)

const FROZEN = { file: 'test.json', now: (zone: string) => instantToWall(NOW, zone) }

/** A copy of `text` in a new temporary folder. */
async function copyOf(text: string, name = 'calendar.json'): Promise<string> {
  const file = join(await tempDir(), name)
  writeFileSync(file, text)
  return file
}

/**
 * What a client sees of a data file text, on a calendar with the frozen clock: the root route and every list, events
 * of every status where the file is in open mode (anonymous requests of a file with tokens see published ones).
 */
async function served(text: string): Promise<unknown[]> {
  const { request } = await open(text)
  const window = 'per_page=50&start_date=1900-01-01&end_date=9999-01-01'
  const paths = ['/', `/events?${window}`, `/events?${window}&status=publish,future,draft,pending,private`]
  for (const list of ['venues', 'organizers', 'categories', 'tags']) paths.push(`/${list}?per_page=50&hide_empty=0`)
  return Promise.all(paths.map(async (path) => (await request('GET', path)).body))
}

describe('the layout', () => {
  it.each(fixtureDataFiles())(
    'fixtures/$name: the same state and answers, formatted once for all',
    async ({ text }) => {
      const formatted = formattedText(text, FROZEN)
      expect(formatted).not.toBe(text)
      // The state the formatted text loads as is written as the same text: the same state as the original's.
      expect(formattedText(formatted, FROZEN)).toBe(formatted)
      expect(await served(formatted)).toEqual(await served(text))
    },
  )

  it('is 2-space JSON, keys in a stable order, "$schema" and unknown keys kept with their values', () => {
    const text = JSON.stringify({
      x_site_note: 'kept',
      events: [{ end_date: '2026-07-04 23:00:00', x_ticket: 'kept', title: 'Jazz', start_date: '2026-07-04 20:00:00' }],
      $schema: './schema/calendar.schema.json',
      settings: { timezone: 'America/New_York' },
    })
    const formatted = formattedText(text, FROZEN)
    expect(formatted).toBe(`${JSON.stringify(JSON.parse(formatted), null, 2)}\n`)
    const document = JSON.parse(formatted)
    const known = Object.keys(document).filter((key) => key !== '$schema' && !key.startsWith('x_'))
    expect(known).toEqual(['settings', 'users', 'events', 'venues', 'organizers', 'categories', 'tags'])
    expect(document.$schema).toBe('./schema/calendar.schema.json')
    expect(document.x_site_note).toBe('kept')
    expect(Object.keys(document.events[0]).slice(0, 2)).toEqual(['id', 'title'])
    expect(document.events[0].x_ticket).toBe('kept')
  })
})

describe('calfile fmt', () => {
  it('rewrites a file once; --check then passes, and a second fmt writes nothing', async () => {
    const file = await copyOf(fixture('small.json'))
    const first = await runCli(['fmt', file])
    expect(first.code, first.stderr).toBe(0)
    expect(first.stderr).toMatch(/formatted .*calendar\.json/u)
    const text = readFileSync(file, 'utf8')
    expect(JSON.parse(text).events[0].title).toBe('Jazz night')
    const { mtimeMs, ino } = statSync(file)
    const check = await runCli(['fmt', file, '--check'])
    expect(check.code, check.stderr).toBe(0)
    expect(check.stderr).toMatch(/is in calfile's layout/u)
    const again = await runCli(['fmt', file])
    expect(again.code).toBe(0)
    expect(statSync(file)).toMatchObject({ mtimeMs, ino })
  })

  it('--check: exit 1 and says so for a file in another layout, and writes nothing', async () => {
    const file = await copyOf(fixture('small.json'))
    const before = statSync(file)
    const { code, stdout, stderr } = await runCli(['fmt', file, '--check'])
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toMatch(/^error: .*calendar\.json is not in calfile's layout; "calfile fmt .*" rewrites it\n$/u)
    expect(readFileSync(file, 'utf8')).toBe(fixture('small.json'))
    expect(statSync(file).mtimeMs).toBe(before.mtimeMs)
  })

  it('refuses an invalid file with every problem located, and leaves it as it is', async () => {
    const broken = fixture('small.json')
      .replace('"2026-07-04 20:00:00"', '"next tuesday"')
      .replace('"venue": 11', '"venue": 99')
    const file = await copyOf(broken)
    for (const args of [
      ['fmt', file],
      ['fmt', file, '--check'],
    ]) {
      const { code, stderr } = await runCli(args)
      expect(code).toBe(1)
      expect(stderr).toContain('is invalid (2 problems):')
      expect(stderr).toContain('events[0].start_date: expected "YYYY-MM-DD HH:MM:SS", got "next tuesday" (line 7')
      expect(stderr).toContain('events[0].venue: venue 99 does not exist (line 8')
    }
    expect(readFileSync(file, 'utf8')).toBe(broken)
  })

  it('refuses a file a server holds (its lock), leaving it alone; --check reads it beside the server', async () => {
    const file = await copyOf(fixture('small.json'))
    const server = await startServe(file)
    const { code, stderr } = await runCli(['fmt', file])
    expect(code).toBe(1)
    expect(stderr).toMatch(/is in use by a calfile server \(lock .*\.lock\); stop it, then run calfile fmt again/u)
    expect(readFileSync(file, 'utf8')).toBe(fixture('small.json'))
    expect((await runCli(['fmt', file, '--check'])).code).toBe(1)
    await server.stop()
    expect((await runCli(['fmt', file])).code).toBe(0)
  })

  it('follows a symbolic link: the target is formatted, the link stays a link', async () => {
    const target = await copyOf(fixture('small.json'))
    const link = join(await tempDir(), 'link.json')
    symlinkSync(target, link)
    expect(await formatDataFile(link)).toEqual({ canonical: false })
    expect((await lstat(link)).isSymbolicLink()).toBe(true)
    expect(await formatDataFile(target, { check: true })).toEqual({ canonical: true })
  })

  it('finds the files calfile writes in its layout: `init` output passes --check as it is', async () => {
    const file = join(await tempDir(), 'calendar.json')
    await initDataFile(file, { from: new URL('../../fixtures/tec', import.meta.url).pathname, shiftTo: 'today' })
    expect(await formatDataFile(file, { check: true })).toEqual({ canonical: true })
  })

  it('a missing file is an error, and is not created', async () => {
    const file = join(await tempDir(), 'missing.json')
    const { code, stderr } = await runCli(['fmt', file])
    expect(code).toBe(1)
    expect(stderr).toBe(`error: ${file} does not exist\n`)
    expect(() => statSync(file)).toThrow()
  })
})

describe('--help', () => {
  it('calfile lists fmt and schema; fmt shows --check; validate shows --watch', async () => {
    const [all, fmt, validate] = await Promise.all([
      runCli(['--help']),
      runCli(['fmt', '--help']),
      runCli(['validate', '--help']),
    ])
    expect(all.stdout).toMatch(/^ +fmt +Rewrite a data file in calfile's layout/mu)
    expect(all.stdout).toMatch(/^ +schema +Print the JSON Schema of data files/mu)
    expect(fmt.stdout).toMatch(/USAGE calfile fmt \[OPTIONS\] \[FILE\]/u)
    expect(fmt.stdout).toMatch(/--check +Write nothing; exit 1 when the file is not in calfile's layout/u)
    expect(validate.stdout).toMatch(/--watch +Check again after every save, until Ctrl-C/u)
  })
})
