import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { applyEdits, modify } from 'jsonc-parser'
import { serializeState } from '../cache/record-text.js'
import { instantToWall } from '../dates/zoned.js'
import { DocumentError } from '../document/error.js'
import { type LoadOptions, loadDocument } from '../document/load.js'
import type { CalendarState } from '../model/state.js'
import { AtomicTextFile } from './atomic-file/atomic-text-file.js'
import { realDataPath } from './real-path.js'

/** How long an edit keeps starting again from a file that changes under it before it gives up. */
const PATIENCE_MS = 10_000

/** How long after its rename an edit looks whether a write already under way replaced it (see `undone`). */
const SETTLE_MS = 100

/**
 * Each changed user's record as it was before the change (undefined: created), by ID, as JSON, and the name it
 * has after it.
 */
type Replaced = Map<number, { before: string | undefined; name: string }>

/**
 * Reads and validates a data file (docs/data-file.md) without locking it or creating it: for commands that only look.
 *
 * @throws Error when the file does not exist; DocumentError for an invalid file.
 */
export async function readDataFile(file: string): Promise<CalendarState> {
  const { text } = await new AtomicTextFile(await realDataPath(file)).readWithFingerprint()
  if (text === null) throw new Error(`${file} does not exist`)
  return loadDocument(text, loadOptions(file))
}

/**
 * Changes the `users` of a data file from another process than its server (the `calfile token` commands), the
 * way a careful hand edit does, so that it works while `calfile serve` holds the file's one-writer lock
 * (docs/cli.md) and the server's watcher picks the change up at once (docs/data-file.md):
 * - read the file (a symbolic link is followed, as the server does) and run `change` on its state;
 * - put the new `users` in place of the old in the text as read, leaving every other byte alone (a missing or
 *   empty file becomes a whole new document), and validate the result: a file the server would refuse is never
 *   written;
 * - write it to a temporary file beside it and put that in place of the file, but only if the file is unchanged
 *   since it was read (inode, size, mtime), as the server saves (`AtomicTextFile.save`); otherwise start again from
 *   the new file, running `change` again. A server write is thus not overwritten, and the server reloads this edit
 *   before its own next write;
 * - a moment later, start again as well if the changed users are back as they were: where no exchange of names
 *   exists, a server write that had passed its own look when this one was renamed landed over it
 *   (docs/data-file.md#saves-that-land-during-a-write).
 * Nothing is written when `change` leaves the users as they were.
 *
 * @returns what `change` returned on the attempt that was written.
 * @throws DocumentError for an invalid file (it is left alone), whatever `change` throws, and an Error when the
 * file kept changing for 10 s.
 */
export async function editUsers<T>(file: string, change: (state: CalendarState) => T): Promise<T> {
  const path = await realDataPath(file)
  // No fsync: it would widen the window in which a busy server's writes make the edit start again.
  const disk = new AtomicTextFile(path)
  for (const end = Date.now() + PATIENCE_MS; Date.now() < end; ) {
    const { text, fingerprint: read } = await disk.readWithFingerprint()
    const state = loadDocument(text ?? '', loadOptions(file))
    const before = usersById(state)
    const result = change(state)
    const replaced = replacedUsers(before, usersById(state))
    if (replaced.size === 0) return result
    const next = withUsers(text, state)
    loadDocument(next, loadOptions(file))
    if ((await writeIfUnchanged(disk, path, next, read)) && !(await undone(path, file, replaced))) return result
  }
  throw new Error(`${file} kept changing while its users were edited; try again`)
}

function loadOptions(file: string): LoadOptions {
  return { file, now: (zone) => instantToWall(Date.now(), zone) }
}

function usersById(state: CalendarState): Map<number, string> {
  return new Map([...state.users.values()].map((user) => [user.id, JSON.stringify(user)]))
}

function replacedUsers(before: Map<number, string>, after: Map<number, string>): Replaced {
  return new Map(
    [...after]
      .filter(([id, json]) => before.get(id) !== json)
      .map(([id, json]) => [id, { before: before.get(id), name: nameOf(json) }]),
  )
}

function nameOf(json: string): string {
  return (JSON.parse(json) as { name: string }).name
}

/**
 * `text` with its `users` replaced by the state's, formatted like calfile writes (2-space indent); the rest of the
 * text is kept as it is, hand formatting included. Writing the state's users, not only the one changed, keeps
 * the file's meaning: a file without `users` has user 1 as administrator, which must stay so once others exist.
 */
function withUsers(text: string | null, state: CalendarState): string {
  if (text === null || text.trim() === '') return serializeState(state)
  const formattingOptions = { insertSpaces: true, tabSize: 2, eol: '\n' }
  return applyEdits(text, modify(text, ['users'], [...state.users.values()], { formattingOptions }))
}

/**
 * Writes `text` atomically unless the file's fingerprint moved on from `read`.
 * @returns false when the file changed (nothing written), or when a server starting up removed the temporary
 * file as a leftover of a crash: either way, the edit starts again.
 */
async function writeIfUnchanged(disk: AtomicTextFile, path: string, text: string, read: string): Promise<boolean> {
  if (read === 'missing') await mkdir(dirname(path), { recursive: true })
  try {
    return (await disk.save([Buffer.from(text)], read)) !== undefined
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
}

/**
 * True when, a moment after the rename, a changed user is back as it was before the change, or a user this edit
 * created has its ID held by another name. A server without the exchange of names looks at the file just before
 * its own rename; a rename of this edit between that look and its rename is replaced by the server's file, which
 * lacks it, and the server would never learn of it. Meanwhile another edit that started from the server's file may
 * have created its own user under the same next ID. A user changed again since (another token for the same user)
 * is a later edit, not this one undone. A file made invalid meanwhile is someone's edit under way: whether it
 * holds this change cannot be told, so it is left alone.
 */
async function undone(path: string, file: string, replaced: Replaced): Promise<boolean> {
  await sleep(SETTLE_MS)
  const { text } = await new AtomicTextFile(path).readWithFingerprint()
  let now: Map<number, string>
  try {
    now = usersById(loadDocument(text ?? '', loadOptions(file)))
  } catch (error) {
    if (error instanceof DocumentError) return false
    throw error
  }
  return [...replaced].some(([id, { before, name }]) => {
    const json = now.get(id)
    return json === before || (before === undefined && json !== undefined && nameOf(json) !== name)
  })
}
