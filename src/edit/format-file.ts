import { existsSync } from 'node:fs'
import { serializeState } from '../core/cache/record-text.js'
import { instantToWall } from '../core/dates/zoned.js'
import { type LoadOptions, loadDocument } from '../core/document/load.js'
import { CalendarError } from '../core/errors.js'
import { AtomicTextFile } from '../core/storage/atomic-file/atomic-text-file.js'
import { lockDataFile } from '../core/storage/lock/lock.js'
import { realDataPath } from '../core/storage/real-path.js'

/** What `formatDataFile` found. */
export interface FormatResult {
  /** Whether the file was in calfile's layout already (then nothing was written). */
  canonical: boolean
}

/**
 * Puts a data file in calfile's own layout (the `calfile fmt` command): the text calfile writes for the state
 * the file loads as (`serializeState`: top-level keys and each record's keys in a stable order, 2-space indent,
 * defaults filled in, a final newline). The meaning stays: loading the new text gives the same state, and serving
 * it the same answers; a record without an ID or a `date` gets the one loading gives it, as at a server's first
 * write. A symbolic link is followed.
 * - The file is written atomically, and only when its text changes, so that a server or an editor watching it is
 *   not woken for nothing.
 * - It takes the file's one-writer lock: it refuses to run beside `calfile serve` on the file, whose writes are
 *   made from its own state and would race this one; and an editor's save between the read and the write makes
 *   it write nothing (the file's fingerprint is compared just before the rename).
 * - `check`: only tells whether the file is in calfile's layout; writes nothing and takes no lock.
 *
 * @throws DocumentError for an invalid file (left as it is); Error when it does not exist or was saved meanwhile;
 *   CalendarError 409 `store-locked` when a server holds it.
 * @example
 * const { canonical } = await formatDataFile('data/calendar.json') // canonical false: it was rewritten
 */
export async function formatDataFile(file: string, { check = false } = {}): Promise<FormatResult> {
  const path = await realDataPath(file)
  if (!existsSync(path)) throw new Error(`${file} does not exist`)
  if (check) return { canonical: (await readLayout(file, path)).canonical }
  const release = await lock(file, path)
  try {
    const { canonical, text, read } = await readLayout(file, path)
    if (!canonical) await writeUnlessSaved(file, path, text, read)
    return { canonical }
  } finally {
    await release()
  }
}

/**
 * A data file text in calfile's layout: the text calfile writes for the state it loads as. `options.now` gives
 * records without a `date` theirs, as loading does.
 *
 * @throws DocumentError for an invalid text.
 * @example
 * formattedText('{"events":[]}', { file: 'x.json', now: () => '2026-07-01 12:00:00' }) // '{\n  "settings": {…'
 */
export function formattedText(text: string, options: LoadOptions): string {
  return serializeState(loadDocument(text, options))
}

/** The file's text in calfile's layout, whether the file already is, and the fingerprint of the text read. */
async function readLayout(file: string, path: string): Promise<{ canonical: boolean; text: string; read: string }> {
  const { text, fingerprint: read } = await new AtomicTextFile(path).readWithFingerprint()
  if (text === null) throw new Error(`${file} does not exist`)
  const formatted = formattedText(text, { file, now: (zone) => instantToWall(Date.now(), zone) })
  return { canonical: formatted === text, text: formatted, read }
}

/** The file's lock, with what to do when a server holds it. */
async function lock(file: string, path: string): Promise<() => Promise<void>> {
  try {
    return await lockDataFile(path)
  } catch (error) {
    if (!(error instanceof CalendarError) || error.code !== 'store-locked') throw error
    throw new CalendarError(
      'store-locked',
      409,
      `${file} is in use by a calfile server (lock ${path}.lock); stop it, then run calfile fmt again`,
    )
  }
}

/** Writes `text` over the file unless someone saved it since it was read (fingerprint `read`). */
async function writeUnlessSaved(file: string, path: string, text: string, read: string): Promise<void> {
  if ((await new AtomicTextFile(path).save([Buffer.from(text)], read)) === undefined)
    throw new Error(`${file} was saved while it was being formatted; nothing was written, run calfile fmt again`)
}
