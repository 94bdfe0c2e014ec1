/**
 * The cache of validated texts (src/core/cache/validated-texts.ts): a restart of the same file skips validation
 * and serves the state a start without the cache serves; a changed byte, a truncated entry, an entry from another
 * version and one written for another file are each ignored (the text is validated, an invalid one refused as
 * ever) and the entry is written anew, with no error.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { serializeState } from '../../src/core/cache/record-text.js'
import { ValidatedTexts } from '../../src/core/cache/validated-texts.js'
import { openCalendar } from '../../src/core/calendar.js'
import { DocumentError } from '../../src/core/document/error.js'
import { tempDir } from '../cli/cli-helpers.js'
import { fixture, NOW } from '../helpers.js'

const TEXT = fixture('events-rich.json')
let folder: string
let cache: string
let saved: string | undefined

beforeEach(async () => {
  folder = await tempDir()
  cache = join(folder, 'cache')
  saved = process.env.CALFILE_CACHE_DIR
  process.env.CALFILE_CACHE_DIR = cache
})
afterEach(() => {
  process.env.CALFILE_CACHE_DIR = saved
})

/** A data file holding `text`, its path. */
async function dataFile(text: string, name = 'calendar.json'): Promise<string> {
  const file = join(folder, name)
  await writeFile(file, text)
  return file
}

/** The state a start of `file` serves, as the data file would hold it. */
async function served(file: string): Promise<string> {
  const calendar = await openCalendar(file, { now: () => NOW, watch: false, lock: false })
  try {
    return serializeState(calendar.state)
  } finally {
    await calendar.close()
  }
}

/** `file`'s entry in the cache, and whether it names `text` as valid. */
async function entryFor(file: string, text: string): Promise<{ path: string; names: boolean }> {
  const texts = new ValidatedTexts(file, undefined, cache)
  return { path: texts.entry, names: texts.has(texts.keyOf(text)) }
}

/** Opening `file` fails as an invalid file does. */
async function refused(file: string): Promise<void> {
  await expect(openCalendar(file, { now: () => NOW, watch: false, lock: false })).rejects.toBeInstanceOf(DocumentError)
}

const INVALID = TEXT.replace('"start_date": "', '"start_date": "not a date ')

describe('the cache of validated texts', () => {
  it('a first start writes the entry; a restart serves the very state a start without the cache serves', async () => {
    const file = await dataFile(TEXT)
    const first = await served(file)
    expect((await entryFor(file, TEXT)).names).toBe(true)
    const again = await served(file)
    expect(again).toBe(first)
    process.env.CALFILE_CACHE_DIR = join(folder, 'empty')
    expect(await served(file)).toBe(first)
  })

  it('a changed byte is validated again: an invalid one refused, a valid one taken and remembered', async () => {
    const file = await dataFile(TEXT)
    await served(file)
    expect(INVALID).not.toBe(TEXT)
    await writeFile(file, INVALID)
    await refused(file)
    const edited = TEXT.replace('"title": "', '"title": "Edited ')
    await writeFile(file, edited)
    await served(file)
    expect((await entryFor(file, edited)).names).toBe(true)
  })

  it('a truncated entry is ignored, then written anew', async () => {
    const file = await dataFile(TEXT)
    await served(file)
    const { path } = await entryFor(file, TEXT)
    await writeFile(path, (await readFile(path, 'utf8')).slice(0, 20))
    const fromTruncated = await served(file)
    expect((await entryFor(file, TEXT)).names).toBe(true)
    await writeFile(path, '')
    await writeFile(file, INVALID)
    await refused(file)
    await writeFile(file, TEXT)
    expect(await served(file)).toBe(fromTruncated)
  })

  it('an entry made under another salt (another version, other rules, another zone) is ignored', async () => {
    const file = await dataFile(INVALID)
    const { path } = await entryFor(file, INVALID)
    // The key of the same text under another salt: here another zone, which enters the salt as the version does.
    const other = new ValidatedTexts(file, 'Europe/Paris', cache)
    await mkdir(join(path, '..'), { recursive: true })
    await writeFile(path, JSON.stringify({ key: other.keyOf(INVALID) }))
    await refused(file)
  })

  it('an entry written for another file is ignored', async () => {
    const valid = await dataFile(TEXT, 'valid.json')
    await served(valid)
    const invalid = await dataFile(INVALID, 'invalid.json')
    await copyFile((await entryFor(valid, TEXT)).path, (await entryFor(invalid, INVALID)).path)
    await refused(invalid)
  })

  it('a zone given to the start (--timezone) is part of the key', async () => {
    const file = await dataFile(TEXT)
    await served(file)
    const zoned = new ValidatedTexts(file, 'Europe/Paris', cache)
    expect(zoned.has(zoned.keyOf(TEXT))).toBe(false)
  })
})
