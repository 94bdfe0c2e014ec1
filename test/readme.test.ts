/**
 * README runs as written (issue 10): every code block, in order, the way a new user would run it, in a temporary
 * folder holding a fresh copy of the repository (`calfile/`, as a clone) and an empty project beside it
 * (`my-app/`), where README's own commands pack and install calfile. Shell blocks run with bash, JS blocks with
 * node, TS blocks with tsx, JSON blocks are data files checked with `calfile validate`; see test/readme-blocks.ts
 * for the markers that say where a block runs.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from './cli/cli-helpers.js'
import { type Block, readmeBlocks } from './readme-blocks.js'

const ROOT = new URL('..', import.meta.url).pathname
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href
const blocks = readmeBlocks(join(ROOT, 'README.md'))

let folder = ''
const servers: ChildProcess[] = []

/**
 * The repository's files, copied into `to`: what `git clone` gives in CI, and, in a working tree, with the files
 * not committed yet (but not the ignored ones: node_modules, dist, data).
 */
function copyRepository(to: string): void {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
  const files = listed.split('\0').filter((file) => file !== '' && existsSync(join(ROOT, file)))
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true })
    cpSync(join(ROOT, file), join(to, file))
  }
}

/** A user's shell: vitest's NODE_ENV=test and its VITEST* variables (which a nested vitest would read) are not theirs. */
const ENV = Object.fromEntries(
  Object.entries({ ...process.env, NO_COLOR: '1' }).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST')),
)

/**
 * The environment a block runs in: the README's `npm run bench` block runs as written, but for half a second a
 * figure (`BENCH_SECONDS`, 5 by default) and one start a start figure (`BENCH_START_RUNS`), so that CI stays
 * short; its figures are not looked at here.
 */
function envOf(block: Block): NodeJS.ProcessEnv {
  return isBench(block) ? { ...ENV, BENCH_SECONDS: '0.5', BENCH_START_RUNS: '1' } : ENV
}

function isBench(block: Block): boolean {
  return /npm run bench/u.test(block.code)
}

/**
 * How long a block may run, in ms. The bench, even at half a second a figure, times a dozen server starts, builds
 * json-server's 29 MB file and resets 10,000 events 20 times: about 110 s on an idle 2-core machine, and longer
 * beside the rest of the suite.
 */
function timeoutOf(block: Block): number {
  return isBench(block) ? 300_000 : 120_000
}

/** Runs a finished block; resolves with its output, rejects with it when the exit status is not 0. */
function run(block: Block, cwd: string, index: number): string {
  const extension = block.vitest ? 'test.ts' : block.language === 'js' ? 'mjs' : block.language
  const file = join(cwd, `readme-block-${index}.${extension}`)
  if (block.language !== 'sh') writeFileSync(file, `${block.code}\n`)
  const [command, args]: [string, string[]] = block.vitest
    ? ['npx', ['vitest', 'run', file]]
    : block.language === 'sh'
      ? ['bash', ['-euo', 'pipefail', '-c', block.code]]
      : block.language === 'js'
        ? ['node', [file]]
        : block.language === 'ts'
          ? ['node', ['--import', TSX, file]]
          : ['npx', ['calfile', 'validate', file]]
  try {
    const timeout = timeoutOf(block)
    return execFileSync(command, args, { cwd, env: envOf(block), encoding: 'utf8', stdio: 'pipe', timeout })
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string }
    throw new Error(
      `README.md:${block.line} exited ${failed.status}\n${block.code}\n--- stdout\n${failed.stdout}\n--- stderr\n${failed.stderr}`,
    )
  }
}

/** A warning line of npm (`npm warn …`: an engine a package does not fit, unreviewed install scripts) or of Node. */
const WARNING = /^(npm warn |\(node:\d+\) )/imu

/**
 * Starts a block that keeps running and resolves once it says it is serving, having printed no warning on the way:
 * the quick start's `npm install && npm start` in a fresh clone is a newcomer's first command.
 */
async function start(block: Block, cwd: string): Promise<void> {
  const child = spawn('bash', ['-euo', 'pipefail', '-c', block.code], { cwd, env: ENV, detached: true })
  servers.push(child)
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const deadline = Date.now() + 180_000
  while (!/serving/u.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`README.md:${block.line} did not start serving:\n${block.code}\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (WARNING.test(output)) throw new Error(`README.md:${block.line} printed a warning:\n${block.code}\n${output}`)
}

beforeAll(async () => {
  folder = await tempDir()
  copyRepository(join(folder, 'calfile'))
  mkdirSync(join(folder, 'my-app'))
  writeFileSync(
    join(folder, 'my-app', 'package.json'),
    `${JSON.stringify({ name: 'my-app', private: true, type: 'module' }, null, 2)}\n`,
  )
})

afterAll(async () => {
  for (const server of servers) if (server.exitCode === null && server.pid) process.kill(-server.pid, 'SIGTERM')
  await Promise.all(
    servers.map((server) =>
      server.exitCode === null ? new Promise((resolve) => server.once('exit', resolve)) : undefined,
    ),
  )
  await rm(folder, { recursive: true, force: true })
})

describe('README runs as written', () => {
  it('has blocks, each in a language the test runs', () => {
    expect(blocks.length).toBeGreaterThan(5)
  })

  it('the blocks CI runs by itself are what .ci/run runs', () => {
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8')
    for (const block of blocks.filter((b) => b.ci)) {
      for (const command of block.code
        .split('\n')
        .map((line) => line.replace(/#.*$/u, '').trim())
        .filter(Boolean)) {
        for (const part of command.split('&&').map((p) => p.trim().replace(/^npm install$/u, 'npm ci')))
          expect(ci, `README.md:${block.line}: ${part}`).toContain(part)
      }
    }
  })

  it('every other block runs, in order, and exits 0', async () => {
    for (const [index, block] of blocks.entries()) {
      if (block.ci || block.language === 'text') continue
      const cwd = join(folder, block.clone ? 'calfile' : 'my-app')
      if (block.background) await start(block, cwd)
      else run(block, cwd, index)
    }
  }, 600_000)
})
