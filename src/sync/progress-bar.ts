import cliProgress from 'cli-progress'
import type { PullProgress } from './pull/pull-fetch.js'

/** A pull's progress on a terminal: one bar per list, its records and pages; `stop` clears the way for the summary. */
export interface ProgressBar {
  onProgress: (progress: PullProgress) => void
  stop: () => void
}

/**
 * Progress bars of a pull on `stream`, one per list (events, venues…) as its first page comes: records read of the
 * site's total, and pages. Silent when `stream` is not a terminal (a pipe, a file, CI), so that logs stay clean.
 */
export function progressBar(stream: NodeJS.WriteStream): ProgressBar {
  if (!stream.isTTY) return { onProgress: () => undefined, stop: () => undefined }
  const bars = new cliProgress.MultiBar(
    {
      stream,
      format: '{route} {bar} {value}/{total} records, page {page}/{pages}',
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  )
  const byRoute = new Map<string, cliProgress.SingleBar>()
  return {
    onProgress({ route, page, pages, records, total }) {
      const payload = { route: route.padEnd(10), page, pages }
      const bar = byRoute.get(route) ?? bars.create(total, 0, payload)
      byRoute.set(route, bar)
      bar.setTotal(Math.max(total, records))
      bar.update(records, payload)
    },
    stop: () => bars.stop(),
  }
}
