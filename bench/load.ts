import { Worker } from 'node:worker_threads'

/** One load run: 10 connections on one URL for `seconds` (autocannon). */
export interface LoadRequest {
  url: string
  seconds: number
  method?: 'GET' | 'POST'
  /** A JSON body, sent with `content-type: application/json`. */
  body?: string
  /** Keep the `id` of every 2xx answer (a JSON object with an `id`). */
  collectIds?: boolean
}

/** What a load run measured. */
export interface LoadResult {
  /** Answers received per second of the run, all statuses. */
  perSecond: number
  /** Non-2xx answers, connection errors and timeouts. */
  failures: number
  /** The `id` of each 2xx answer, as text, when `collectIds`. */
  ids: string[]
}

// Node 20 does not run a worker's TypeScript entry through tsx's hooks, so the worker starts from this bootstrap,
// which loads load-worker.ts with tsx's own import.
const WORKER = new URL('./load-worker.ts', import.meta.url).href
const BOOTSTRAP = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => tsx.tsImport(${JSON.stringify(WORKER)}, ${JSON.stringify(WORKER)}))`

/**
 * Runs autocannon in a worker thread, so that the calling thread's event loop is left to the server it measures.
 * One thread for every run, started once: starting it takes longer than a short run.
 */
export class Loader {
  readonly #worker = new Worker(BOOTSTRAP, { eval: true })

  /** One run; runs go one at a time (await each). Failed requests are counted, not thrown. */
  run(request: LoadRequest): Promise<LoadResult> {
    return new Promise((resolve, reject) => {
      this.#worker.once('error', reject)
      this.#worker.once('message', (result: LoadResult) => {
        this.#worker.off('error', reject)
        resolve(result)
      })
      this.#worker.postMessage(request)
    })
  }

  /** Stops the thread. */
  async close(): Promise<void> {
    await this.#worker.terminate()
  }
}
