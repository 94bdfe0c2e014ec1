import { watch } from 'chokidar'

/**
 * Calls `changed` when the file is written or created by someone (CONTRACT §1: hand edits show up at once).
 * `awaitWriteFinish` waits until the size holds still for 40 ms, so a half-saved file is not read.
 * Returns the function that stops watching.
 */
export function watchFile(file: string, changed: () => void): () => Promise<void> {
  const watcher = watch(file, {
    ignoreInitial: true,
    awaitWriteFinish: { stabilityThreshold: 40, pollInterval: 10 },
  })
  watcher.on('add', changed)
  watcher.on('change', changed)
  return () => watcher.close()
}
