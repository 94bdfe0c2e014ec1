import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { createServer } from 'node:net'
import { median } from './median.js'

/** A free loopback port: one the system hands out, released at once for the server about to be spawned. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** A server spawned by `spawnServer`, answering by now. */
export interface Spawned {
  child: ChildProcess
  /** Milliseconds from the spawn to the first 200 of the polled URL. */
  ms: number
}

const DEADLINE_MS = 120_000

/**
 * Spawns `node ...args` and polls `url` every few milliseconds until it answers 200: issue 11's "start: spawn →
 * first 200".
 * @throws Error with the child's output when it exits first or is not answering within two minutes.
 */
export async function spawnServer(args: string[], url: string, env = process.env): Promise<Spawned> {
  const t0 = performance.now()
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  while (performance.now() - t0 < DEADLINE_MS && child.exitCode === null) {
    const status = await fetch(url).then(
      (res) => res.arrayBuffer().then(() => res.status),
      () => 0,
    )
    if (status === 200) return { child, ms: performance.now() - t0 }
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  await stopServer(child)
  throw new Error(`node ${args.join(' ')} did not answer ${url}:\n${output}`)
}

/** Sends SIGTERM and waits for the exit (calfile lets pending writes land and releases its lock). */
export function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  return exited
}

/**
 * The median start time of `runs` servers spawned one after the other, each stopped before the next.
 * `args` gets the free port each run listens on; `env(i)` the environment of run `i` (default: this process's).
 */
export async function medianStart(
  args: (port: number) => string[],
  path: string,
  runs = 3,
  env: (run: number) => NodeJS.ProcessEnv = () => process.env,
): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const port = await freePort()
    const { child, ms } = await spawnServer(args(port), `http://127.0.0.1:${port}${path}`, env(i))
    await stopServer(child)
    times.push(ms)
  }
  return median(times)
}

/**
 * The median time of `runs` commands that answer and exit (`calfile --version`), spawned one after the other:
 * milliseconds from the spawn to the exit, node's own start included.
 * @throws Error when a run fails.
 */
export function medianExit(args: string[], runs = 3): number {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const begin = performance.now()
    const out = spawnSync(process.execPath, args, { encoding: 'utf8' })
    if (out.status !== 0) throw new Error(`${args.join(' ')} failed: ${out.stderr}`)
    times.push(performance.now() - begin)
  }
  return median(times)
}
