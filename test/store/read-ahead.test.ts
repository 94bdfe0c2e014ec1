/**
 * The data file read before the store opens it (`readBytes`, `CalendarOptions.readAhead`), as `calfile serve` does
 * while its modules load: the store takes those bytes only when the file still has the fingerprint they were read
 * with once it is locked; a file saved since, a read that failed or one that resolved undefined is read again.
 */
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeEach, expect, it } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { type FileBytes, fingerprint, readBytes } from '../../src/core/storage/atomic-file/file-bytes.js'
import { tempDir } from '../cli/cli-helpers.js'
import { fixture, NOW } from '../helpers.js'

const TEXT = fixture('events-rich.json')
let file: string

beforeEach(async () => {
  file = join(await tempDir(), 'calendar.json')
  await writeFile(file, TEXT)
})

const open = (readAhead: Promise<FileBytes | undefined>) =>
  openCalendar(file, { now: () => NOW, watch: false, readAhead })

it('reads the whole file with the fingerprint of what it read, and null for a missing file', async () => {
  const read = await readBytes(file)
  expect(read.bytes?.toString('utf8')).toBe(TEXT)
  expect(read.fingerprint).toBe(await fingerprint(file))
  await rm(file)
  expect(await readBytes(file)).toEqual({ bytes: null, fingerprint: 'missing' })
})

it('takes the bytes read ahead while the file is as they were read', async () => {
  const read = await readBytes(file)
  // Bytes the file does not hold, under the file's own fingerprint: only a store that takes them shows them.
  const ahead = { bytes: Buffer.from(TEXT.replace('"title": "', '"title": "Ahead ')), fingerprint: read.fingerprint }
  const calendar = await open(Promise.resolve(ahead))
  expect([...calendar.state.events.values()][0]?.title).toMatch(/^Ahead /u)
  await calendar.close()
})

it('reads the file again when it was saved after the read ahead', async () => {
  const ahead = await readBytes(file)
  const saved = TEXT.replace('"title": "', '"title": "Saved ')
  await writeFile(file, saved)
  const calendar = await open(Promise.resolve(ahead))
  expect([...calendar.state.events.values()][0]?.title).toMatch(/^Saved /u)
  expect(await readFile(file, 'utf8')).toBe(saved)
  await calendar.close()
})

it('reads the file itself when the read ahead failed or gave nothing', async () => {
  for (const ahead of [Promise.reject(new Error('EACCES')), Promise.resolve(undefined)]) {
    const calendar = await open(ahead)
    expect(calendar.state.events.size).toBeGreaterThan(0)
    await calendar.close()
  }
})
