import { watch } from 'chokidar'

/**
 * Calls `changed` when the file is written or created by someone (CONTRACT §1: hand edits show up at once).
 * `awaitWriteFinish` waits until the size holds still for 40 ms, so a half-saved file is not read. Resolves once
 * the watcher is ready (edits before that have no event: the caller checks the file once then), with the function
 * that stops watching.
 */
export async function watchFile(file: string, changed: () => void): Promise<() => Promise<void>> {
  const watcher = watch(file, {
    ignoreInitial: true,
    awaitWriteFinish: { stabilityThreshold: 40, pollInterval: 10 },
  })
  watcher.on('add', changed)
  watcher.on('change', changed)
  await new Promise<void>((resolve) => watcher.once('ready', resolve))
  return () => watcher.close()
}
