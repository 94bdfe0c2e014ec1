/**
 * Validation in a worker thread beside a first start (src/core/storage/validate-in-worker.ts): the key of a valid
 * text, trusted by the load for that text only; an invalid file, or one saved again after the worker read it, is
 * validated by the load itself and refused as ever. The load builds the state while the worker validates
 * (`loadDocumentBeside`), and answers only once the verdict is in.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { serializeState } from '../../src/core/cache/record-text.js'
import { ValidatedTexts } from '../../src/core/cache/validated-texts.js'
import { openCalendar } from '../../src/core/calendar.js'
import { DocumentError } from '../../src/core/document/error.js'
import { loadDocumentBeside } from '../../src/core/document/load.js'
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

it('a restart is left to the load; an entry another build of calfile wrote is not', async () => {
  const file = join(folder, 'calendar.json')
  await writeFile(file, TEXT)
  const texts = new ValidatedTexts(file, undefined)
  texts.add(texts.keyOf(TEXT))
  expect(await validateInWorker(file, undefined), 'this build knows the text: nothing to run beside').toBeUndefined()
  // An upgrade: the entry names a key of another build's rules, which this build's keys never match.
  const entry = JSON.parse(await readFile(texts.entry, 'utf8'))
  await writeFile(texts.entry, JSON.stringify({ ...entry, build: 'another build' }))
  expect(await validateInWorker(file, undefined)).toBe(texts.keyOf(TEXT))
})

it('a missing file: no key', async () => {
  expect(await validateInWorker(join(folder, 'missing.json'), undefined)).toBeUndefined()
})

it('the load builds the state while the verdict is awaited, and answers only after it', async () => {
  const file = join(folder, 'calendar.json')
  const texts = new ValidatedTexts(file, undefined)
  let give: (key: string | undefined) => void = () => undefined
  const verdict = new Promise<string | undefined>((resolve) => (give = resolve))
  let answered = false
  const loading = loadDocumentBeside(TEXT, { file, now: () => '2026-07-01 08:00:00', validated: texts }, verdict)
  void loading.then(() => (answered = true))
  await new Promise((resolve) => setTimeout(resolve, 20))
  expect(answered).toBe(false)
  give(texts.keyOf(TEXT))
  expect((await loading).events.size).toBeGreaterThan(0)
  expect(texts.has(texts.keyOf(TEXT))).toBe(true)
})

it('a file the build cannot read is refused with its problems, not the build error', async () => {
  const file = join(folder, 'calendar.json')
  const options = { file, now: () => '2026-07-01 08:00:00', validated: new ValidatedTexts(file, undefined) }
  const load = loadDocumentBeside('{"events": [null, 7]}', options, Promise.resolve(undefined))
  await expect(load).rejects.toBeInstanceOf(DocumentError)
  await expect(load).rejects.toThrow(/events/u)
})
