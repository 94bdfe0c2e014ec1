import lockfile from 'proper-lockfile'
import { CalendarError } from '../errors.js'

/**
 * Takes the one-writer lock of a data file (`<file>.lock`, proper-lockfile): steno-style atomic writes are only
 * atomic within one process, so a second writer must be refused. A lock left by a killed process goes stale
 * after 10 s without updates and is then taken over. Returns the function that releases it.
 *
 * @throws CalendarError 409 `store-locked` when another live process holds it.
 */
export async function lockDataFile(file: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(file, { realpath: false, stale: 10_000, update: 2_000, retries: 0 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error
    throw new CalendarError('store-locked', 409, `${file} is in use by another calfile process (lock ${file}.lock); serve it read-only with --read-only, or stop the other one`)
  }
}
