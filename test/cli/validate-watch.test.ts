/**
 * `calfile validate` and `calfile validate --watch` (issue 12): a process that checks the file at start and after
 * every save, however the editor saves, prints one result a save, and stops on Ctrl-C (SIGINT).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { fixture } from '../helpers.js'
import { deleteCreate, inPlace, renameOver, vim } from '../store/editor-saves.js'
import { sleep, waitFor } from '../store/store-helpers.js'
import { runCli, tempDir } from './cli-helpers.js'

const CLI = new URL('../../src/cli/main.ts', import.meta.url).pathname
const GOOD = fixture('small.json')
const BAD = GOOD.replace('"2026-07-04 20:00:00"', '"next tuesday"')
const PROBLEM = 'events[0].start_date: expected "YYYY-MM-DD HH:MM:SS", got "next tuesday" (line 7, col 54)'
/** Longer than a save's settling (40 ms) and the watcher's second look (250 ms), with room for a busy machine. */
const SETTLED = 700

const running: ChildProcess[] = []
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL')
})

/** `calfile validate <file> --watch`, once it says it is watching: its output so far, and how it ended. */
async function watching(file: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'validate', file, '--watch'], {
    env: { ...process.env, NO_COLOR: '1' },
  })
  running.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  if (!(await waitFor(() => /watching .* for saves/u.test(stderr), 15_000, 20)))
    throw new Error(`validate --watch did not start:\n${stderr}`)
  /** The results printed so far: `ok` or the count of problems, each under its heading. */
  const results = () => [...stdout.matchAll(/^\[\d\d:\d\d:\d\d\] (ok|.*: \d+ problems?)/gmu)].map((m) => m[1])
  return { child, stdout: () => stdout, stderr: () => stderr, exited, results }
}

describe('calfile validate --watch', () => {
  it('prints a result at start and one after each save, whichever way it was saved, until SIGINT', async () => {
    const file = join(await tempDir(), 'calendar.json')
    writeFileSync(file, GOOD)
    const watch = await watching(file)
    expect(watch.stdout()).toMatch(/^\[\d\d:\d\d:\d\d\] ok: 1 events, 1 venues, 1 organizers, 1 categories, 0 tags\n$/u)
    const saves = [inPlace, renameOver, deleteCreate, vim]
    for (const [i, save] of saves.entries()) {
      await save(file, i % 2 === 0 ? BAD : GOOD)
      const expected = 2 + i
      expect(await waitFor(() => watch.results().length >= expected, 5000, 20), watch.stdout()).toBe(true)
      await sleep(SETTLED)
      expect(watch.results()).toHaveLength(expected)
    }
    expect(watch.results().map((r) => (r === 'ok' ? 'ok' : 'bad'))).toEqual(['ok', 'bad', 'ok', 'bad', 'ok'])
    expect(watch.stdout()).toContain(`${file}: 1 problem\n${PROBLEM}\n`)
    watch.child.kill('SIGINT')
    expect(await watch.exited).toBe(0)
  })

  it('says when the file is gone, and goes on watching', async () => {
    const file = join(await tempDir(), 'calendar.json')
    writeFileSync(file, GOOD)
    const watch = await watching(file)
    await rm(file)
    expect(await waitFor(() => watch.stdout().includes(`${file} does not exist`), 5000, 20), watch.stdout()).toBe(true)
    writeFileSync(file, GOOD)
    expect(await waitFor(() => watch.results().at(-1) === 'ok', 5000, 20), watch.stdout()).toBe(true)
    watch.child.kill('SIGINT')
    expect(await watch.exited).toBe(0)
  })

  it('a missing file is an error at start, exit 1', async () => {
    const file = join(await tempDir(), 'missing.json')
    const { code, stderr } = await runCli(['validate', file, '--watch'])
    expect(code).toBe(1)
    expect(stderr).toBe(`error: ${file} does not exist\n`)
  })
})

describe('calfile validate', () => {
  it('prints the summary, or every problem and exit 1', async () => {
    const file = join(await tempDir(), 'calendar.json')
    writeFileSync(file, GOOD)
    expect(await runCli(['validate', file])).toMatchObject({
      code: 0,
      stdout: 'ok: 1 events, 1 venues, 1 organizers, 1 categories, 0 tags\n',
    })
    writeFileSync(file, BAD)
    expect(await runCli(['validate', file])).toMatchObject({ code: 1, stdout: `${PROBLEM}\n` })
  })
})
