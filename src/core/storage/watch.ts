import { basename, dirname } from 'node:path'
import { watch } from 'chokidar'

/** How long after an event the file is looked at once more (see `watchFile`). */
const AGAIN_MS = 250

/**
 * Calls `changed` once someone has saved `file`, however it was saved (docs/data-file.md: hand edits show up at
 * once): in place, by renaming a new file over it, by deleting and creating it, by way of editors' backup files.
 * - chokidar watches the folder, filtered to the file's name: a watch on the file itself follows its inode, which a
 *   rename or a delete replaces, and lost the file for good after a delete + create. Editors' swap and
 *   temporary files (`.x.swp`, `x~`, `x___jb_tmp___`) and calfile's own are ignored until renamed onto the file.
 * - `awaitWriteFinish` waits until the file's size holds still for 40 ms, so a half-written save is not read.
 * - After any event the file is looked at once more, a moment later: a save that follows another within chokidar's
 *   wait (a delete + create right after calfile's own write) can come with no event of its own.
 * - A save chokidar misses all the same is caught by the store's `freshen` before the next read.
 *
 * Resolves once the watch is ready (a save before that has no event: the caller checks the file once then), with
 * the function that stops watching. `failed` hears of a watch that stopped working.
 */
export async function watchFile(
  file: string,
  changed: () => void,
  failed: (error: Error) => void,
): Promise<() => Promise<void>> {
  const folder = dirname(file)
  const name = basename(file)
  const watcher = watch(folder, {
    ignoreInitial: true,
    depth: 0,
    ignored: (path: string) => path !== folder && basename(path) !== name,
    awaitWriteFinish: { stabilityThreshold: 40, pollInterval: 10 },
  })
  let again: NodeJS.Timeout | undefined
  const seen = (now: boolean) => () => {
    if (now) changed()
    clearTimeout(again)
    again = setTimeout(changed, AGAIN_MS)
  }
  watcher.on('add', seen(true))
  watcher.on('change', seen(true))
  watcher.on('unlink', seen(false))
  watcher.on('error', (error) => failed(error instanceof Error ? error : new Error(String(error))))
  await new Promise<void>((resolve) => watcher.once('ready', resolve))
  return () => {
    clearTimeout(again)
    return watcher.close()
  }
}
