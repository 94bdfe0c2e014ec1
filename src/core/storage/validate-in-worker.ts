import { statSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { ValidatedTexts } from '../cache/validated-texts.js'

/**
 * Validates the data file `file` in a worker thread, while this thread loads what it needs and the file itself
 * (a first start: validation is about a quarter of it), and resolves to the key of the text the worker found
 * valid (`ValidatedTexts.keyOf`), or undefined when it found it invalid, could not read it, or failed. A load
 * given that key (`CalendarOptions.validation`) skips validating a text of the same key, and validates any other
 * text (one saved meanwhile) itself, so nothing is served before the file is known valid. It resolves to undefined
 * at once when this build's cache of validated texts was written after the file was last saved (a restart: the load
 * finds the text there itself, at the cost of a hash). Worth it only with cores to spare (`coresToSpare`).
 *
 * @param timezone the zone that overrides the file's (`--timezone`), unchecked: the load checks it
 * @example
 * const validation = validateInWorker('data/calendar.json', undefined)
 * const calendar = await openCalendar('data/calendar.json', { validation })
 */
export function validateInWorker(file: string, timezone: string | undefined): Promise<string | undefined> {
  if (likelyKnown(file, timezone)) return Promise.resolve(undefined)
  return new Promise((resolve) => {
    const worker = workerOf({ file, timezone })
    worker.unref()
    worker.once('message', (key: string | undefined) => {
      resolve(key)
      void worker.terminate()
    })
    worker.once('error', () => resolve(undefined))
    worker.once('exit', () => resolve(undefined))
  })
}

/**
 * Whether a worker thread beside a start has cores to itself: 4 or more. The worker reads, decodes and parses the
 * file again, and both threads' garbage collectors and the disk's threads run meanwhile; on 2 cores that cost more
 * than it saved (`calfile serve` of a file never seen, spawn to first 200, alternating runs with and without the
 * worker: 814 against 790 ms at 10,000 events, 2,738 against 2,233 ms at 100,000).
 *
 * @example
 * const validation = coresToSpare() ? validateInWorker(file, undefined) : undefined
 */
export function coresToSpare(): boolean {
  return availableParallelism() >= 4
}

/**
 * The worker thread running validate-worker: dist/ holds it as .js; src/ (run by tsx, or by vitest) as .ts, which
 * a worker can load only once it has registered tsx's loader itself (Node 20 applies no `--import` hook to a
 * worker's entry).
 */
function workerOf(workerData: { file: string; timezone: string | undefined }): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./validate-worker.js', import.meta.url), { workerData })
  const script = JSON.stringify(new URL('./validate-worker.ts', import.meta.url).href)
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${script}) })`
  return new Worker(boot, { eval: true, workerData })
}

/** Whether the cache's entry for `file` was written by this build after the file was last saved. */
function likelyKnown(file: string, timezone: string | undefined): boolean {
  try {
    return new ValidatedTexts(file, timezone).writtenSince(statSync(file).mtimeMs)
  } catch {
    return false
  }
}
