import { type ChildProcess, spawn } from 'node:child_process'
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const ROOT = new URL('../..', import.meta.url).pathname
const CLI = join(ROOT, 'src/cli/main.ts')

/** The command line that runs the CLI from source, for a shell: `${CLI_COMMAND} token list`. */
export const CLI_COMMAND = `'${process.execPath}' --import tsx '${CLI}'`

/** `node`'s arguments before the CLI's own: the CLI from source under tsx, or as installed (the built bundle). */
export type CliBuild = 'source' | 'bundle'
function nodeArgs(build: CliBuild): string[] {
  return build === 'source' ? ['--import', 'tsx', CLI] : [join(ROOT, 'bin/calfile.js')]
}

const made: string[] = []

/** A fresh temporary folder; test/setup.ts removes it once its test file is done. */
export async function tempDir(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'calfile-test-'))
  made.push(folder)
  return folder
}

/** Removes every folder `tempDir` made for this test file (a server still running in one is no obstacle). */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(made.splice(0).map((folder) => rm(folder, { recursive: true, force: true })))
}

/** A TCP port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * Runs the CLI (from source unless `build` says otherwise) to completion, its stdout and stderr pipes: exit code,
 * stdout and stderr. `env` replaces the environment (default: this process's, with NO_COLOR=1).
 */
export function runCli(
  args: string[],
  cwd = ROOT,
  env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' },
  build: CliBuild = 'source',
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...nodeArgs(build), ...args], { cwd, env })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/**
 * Starts `calfile serve` (from source unless `build` says otherwise) and resolves once it answers HTTP; stop it with
 * `child.kill()`. `env` is added to this process's environment.
 */
export async function startServer(
  args: string[],
  build: CliBuild = 'source',
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [...nodeArgs(build), 'serve', ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', ...env },
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  await new Promise<void>((resolve, reject) => {
    // Generous: under the full suite on two cores, starting from source has taken over 15 s.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 45_000)
    const check = () => {
      if (/serving/u.test(output)) {
        clearTimeout(timer)
        resolve()
      } else if (child.exitCode !== null) {
        clearTimeout(timer)
        reject(new Error(`server exited ${child.exitCode}:\n${output}`))
      } else setTimeout(check, 50)
    }
    check()
  })
  return { child, output: () => output }
}

/**
 * `calfile serve --test-admin` on a copy of fixtures/small.json, the clock frozen at 2026-07-01T12:00:00Z, on a free
 * port: its origin, its data file, and how to stop it.
 */
export async function startTestAdminServer(): Promise<{ base: string; file: string; stop: () => void }> {
  const file = join(await tempDir(), 'calendar.json')
  await copyFile(join(ROOT, 'fixtures/small.json'), file)
  const port = await freePort()
  const server = await startServer([file, '--port', String(port), '--now', '2026-07-01T12:00:00Z', '--test-admin'])
  return { base: `http://127.0.0.1:${port}`, file, stop: () => server.child.kill('SIGTERM') }
}
