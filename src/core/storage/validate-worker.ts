/**
 * The worker thread of `validateInWorker`: reads the data file, and answers the key of its text
 * (`ValidatedTexts.keyOf`) when it is valid, from the cache of validated texts or by validating it
 * (`isValidDocument`), else undefined. It remembers a text it validated, as a load does.
 */
import { readFile, realpath } from 'node:fs/promises'
import { parentPort, workerData } from 'node:worker_threads'
import { ValidatedTexts } from '../cache/validated-texts.js'
import { isValidDocument } from '../document/checks.js'

const { file, timezone } = workerData as { file: string; timezone?: string }

async function validate(): Promise<string | undefined> {
  const path = await realpath(file)
  const bytes = await readFile(path)
  const texts = new ValidatedTexts(path, timezone)
  // The key of the bytes, as the load takes it (`loadDocumentBeside`).
  const key = texts.keyOf(bytes)
  if (texts.has(key)) return key
  if (!isValidDocument(bytes.toString('utf8'), { timezone })) return undefined
  texts.add(key)
  return key
}

parentPort?.postMessage(await validate().catch(() => undefined))
