/**
 * Validation in a worker thread beside a first start (src/core/storage/validate-in-worker.ts): the key of a valid
 * text, trusted by the load for that text only; an invalid file, or one saved again after the worker read it, is
 * validated by the load itself and refused as ever.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { serializeState } from '../../src/core/cache/record-text.js'
import { ValidatedTexts } from '../../src/core/cache/validated-texts.js'
import { openCalendar } from '../../src/core/calendar.js'
import { DocumentError } from '../../src/core/document/error.js'
import { validateInWorker } from '../../src/core/storage/validate-in-worker.js'
import { tempDir } from '../cli/cli-helpers.js'
import { fixture, NOW } from '../helpers.js'

const TEXT = fixture('events-rich.json')
const INVALID = TEXT.replace('"start_date": "', '"start_date": "not a date ')
let folder: string
let saved: string | undefined

beforeEach(async () => {
  folder = await tempDir()
  saved = process.env.CALFILE_CACHE_DIR
  process.env.CALFILE_CACHE_DIR = join(folder, 'cache')
})
afterEach(() => {
  process.env.CALFILE_CACHE_DIR = saved
})

const open = (file: string, validation?: Promise<string | undefined>) =>
  openCalendar(file, { now: () => NOW, watch: false, lock: false, validation })

it('a valid file: the key of its text, and the state a load without the worker gives', async () => {
  const file = join(folder, 'calendar.json')
  await writeFile(file, TEXT)
  const validation = validateInWorker(file, undefined)
  expect(await validation).toBe(new ValidatedTexts(file, undefined).keyOf(TEXT))
  const beside = await open(file, validation)
  const state = serializeState(beside.state)
  await beside.close()
  process.env.CALFILE_CACHE_DIR = join(folder, 'empty')
  const alone = await open(file)
  expect(serializeState(alone.state)).toBe(state)
  await alone.close()
})

it('an invalid file: no key, and the load refuses it', async () => {
  const file = join(folder, 'calendar.json')
  await writeFile(file, INVALID)
  const validation = validateInWorker(file, undefined)
  expect(await validation).toBeUndefined()
  await expect(open(file, validation)).rejects.toBeInstanceOf(DocumentError)
})

it('a file saved again after the worker read it is validated by the load', async () => {
  const file = join(folder, 'calendar.json')
  await writeFile(file, TEXT)
  const validation = validateInWorker(file, undefined)
  await validation
  await writeFile(file, INVALID)
  await expect(open(file, validation)).rejects.toBeInstanceOf(DocumentError)
})

it('a missing file: no key', async () => {
  expect(await validateInWorker(join(folder, 'missing.json'), undefined)).toBeUndefined()
})
