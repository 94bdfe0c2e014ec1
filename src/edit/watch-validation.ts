import { fingerprint } from '../core/storage/atomic-file/file-bytes.js'
import { realDataPath } from '../core/storage/real-path.js'
import { watchFile } from '../core/storage/watch.js'
import { type Validation, validateDataFile } from './validate-file.js'

/**
 * Checks a data file now and after every save (the `calfile validate --watch` command), however the editor saves
 * (`watchFile`), and hands each result to `report`, in order. A result comes once a save: the watcher's second
 * look a moment after an event, and any event that brings no new save, find the file's fingerprint (inode, size,
 * mtime) unchanged and report nothing. A file deleted or unreadable meanwhile (an editor between its delete and
 * its create) is a result with that one problem; the watch goes on. `failed` hears of a watch that stopped working.
 *
 * Resolves, once the file has been checked and the watch is ready, with the function that stops watching.
 * @example
 * const stop = await watchValidation('data/calendar.json', (result) => console.log(result.ok))
 * process.once('SIGINT', () => void stop().then(() => process.exit(0)))
 */
export async function watchValidation(
  file: string,
  report: (result: Validation) => void,
  failed: (error: Error) => void = () => undefined,
): Promise<() => Promise<void>> {
  const path = await realDataPath(file)
  let reported: string | undefined
  let queue = Promise.resolve()
  // Checks run one after another, so that results come in the order of the saves.
  const check = () => {
    queue = queue.then(async () => {
      const now = await fingerprint(path)
      if (now === reported) return
      reported = now
      report(await validationOf(file))
    })
  }
  const stop = await watchFile(path, check, failed)
  // Checked once the watch is ready: a save made before that has no event of its own.
  check()
  await queue
  return async () => {
    await stop()
    await queue
  }
}

/** `validateDataFile`, with a file that cannot be read as a problem of the whole file. */
async function validationOf(file: string): Promise<Validation> {
  try {
    return await validateDataFile(file)
  } catch (error) {
    return { ok: false, problems: [{ path: '', message: error instanceof Error ? error.message : String(error) }] }
  }
}
