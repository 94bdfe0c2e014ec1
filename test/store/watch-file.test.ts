/**
 * `watchFile` on its own (issue 10): which events reach the store, and how many calls a save makes.
 */
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { watchFile } from '../../src/core/storage/watch.js'
import { deleteCreate, jetBrains, renameOver, vim } from './editor-saves.js'
import { cleanFolders, folder, sleep } from './store-helpers.js'

/** Longer than the 40 ms a save is waited on, with room for a busy machine. */
const SETTLED = 250

const stops: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()))
})
afterAll(cleanFolders)

/** A watched file; each call records what the file held when it came. */
async function watched(): Promise<{ file: string; calls: () => number; seen: string[] }> {
  const file = join(await folder(), 'calendar.json')
  await writeFile(file, '{}\n')
  const seen: string[] = []
  const changed = () =>
    void readFile(file, 'utf8').then(
      (text) => seen.push(text),
      () => seen.push('(missing)'),
    )
  stops.push(
    await watchFile(file, changed, (error) => {
      throw error
    }),
  )
  return { file, calls: () => seen.length, seen }
}

describe('watchFile', () => {
  it('calls once a save is over, whichever way it was saved', async () => {
    const { file, calls } = await watched()
    for (const [i, save] of [writeFile, renameOver, deleteCreate, vim, jetBrains].entries()) {
      const before = calls()
      await save(file, `{"n": ${i}}\n`)
      await sleep(SETTLED)
      expect(calls(), `save ${i + 1}`).toBeGreaterThan(before)
    }
  })

  it('ignores the other files of the folder: swap, backup and temporary files, other data files', async () => {
    const { file, calls } = await watched()
    const folderOf = file.slice(0, -'calendar.json'.length)
    for (const name of [
      '.calendar.json.swp',
      'calendar.json~',
      'calendar.json___jb_tmp___',
      '.calendar.json.tmp-1',
      'other.json',
      '4913',
    ]) {
      await writeFile(join(folderOf, name), 'x')
      await rm(join(folderOf, name))
    }
    await sleep(SETTLED)
    expect(calls()).toBe(0)
  })

  it('saves in a burst end with a call after the last, which sees its content', async () => {
    const { file, seen } = await watched()
    for (let i = 0; i < 5; i++) await writeFile(file, `{"n": ${i}}\n`)
    await renameOver(file, '{"n": 5}\n')
    await sleep(SETTLED)
    expect(seen.at(-1)).toBe('{"n": 5}\n')
  })
})
