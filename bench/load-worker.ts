/**
 * The body of the `Loader` thread (bench/load.ts): for each `LoadRequest` it receives, runs autocannon and posts
 * back a `LoadResult`. It runs in its own thread so that the bench's main thread, whose event loop serves calfile
 * and the ceilings, spends no time on the load (issue 11).
 */
import { parentPort } from 'node:worker_threads'
import autocannon from 'autocannon'
import type { LoadRequest, LoadResult } from './load.js'

/** autocannon's documented `aggregateResult`, which its type declarations leave out. */
const { aggregateResult } = autocannon as unknown as {
  aggregateResult: (results: unknown[], options: autocannon.Options) => autocannon.Result
}

async function run(request: LoadRequest): Promise<LoadResult> {
  const ids: string[] = []
  const options: autocannon.Options = {
    url: request.url,
    connections: 10,
    duration: request.seconds,
    method: request.method ?? 'GET',
    ...(request.body === undefined ? {} : { body: request.body, headers: { 'content-type': 'application/json' } }),
    // Only writes need their answers read: the IDs they acknowledge, to look for in the file afterwards.
    ...(request.collectIds
      ? {
          requests: [
            {
              onResponse: (status: number, body: string) => {
                if (status < 300) ids.push(String((JSON.parse(body) as { id: unknown }).id))
              },
            },
          ],
        }
      : {}),
  }
  // Off the main thread autocannon leaves its result unaggregated (lib/run.js), as with `skipAggregateResult`.
  const result = aggregateResult([await autocannon(options)], options)
  return {
    perSecond: result.requests.total / result.duration,
    failures: result.non2xx + result.errors + result.timeouts,
    ids,
  }
}

parentPort?.on('message', (request: LoadRequest) => {
  void run(request).then((result) => parentPort?.postMessage(result))
})
