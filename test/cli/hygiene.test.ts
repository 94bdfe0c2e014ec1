/**
 * docs/cli.md command-line hygiene: `calfile --version`; flags shown and taken in kebab-case (camelCase still
 * taken, silently); no colour codes when the output is not a terminal or NO_COLOR is set; citty's own errors and
 * a missing `--from` are one line on stderr with exit status 1. The CLI runs as a child process whose stdout and
 * stderr are pipes (and, where `script` exists, a pseudo-terminal).
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { fixture } from '../helpers.js'
import { cleanFolders, folder, killAll, postJson, startServe } from '../store/store-helpers.js'
import { CLI_COMMAND, runCli } from './cli-helpers.js'

/** Each CLI run is a new Node process (a second or more on a busy machine); a test runs several. */
const SLOW = { timeout: 60_000 }

afterEach(killAll)
afterAll(cleanFolders)

const VERSION = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version as string

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what is looked for
const ESCAPE = /\u001b\[/u

/** The environment of a terminal user: no NO_COLOR, and none of the variables that turn colour off by themselves. */
function colourEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const { NO_COLOR, TEST, CI, NODE_ENV, VITEST, FORCE_COLOR, ...env } = process.env
  return { ...env, TERM: 'xterm-256color', ...extra }
}

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '')

/** Every command's `--help`. */
const COMMANDS = [
  [],
  ['serve'],
  ['init'],
  ['import'],
  ['import', 'tec'],
  ['import', 'ics'],
  ['validate'],
  ['fmt'],
  ['schema'],
  ['pull'],
  ['push'],
  ['token'],
  ['token', 'add'],
  ['token', 'list'],
  ['token', 'revoke'],
]

describe('calfile --version', SLOW, () => {
  it('prints the version of package.json, and nothing else', async () => {
    for (const flag of ['--version', '-v']) {
      const result = await runCli([flag])
      expect(result.code).toBe(0)
      expect(result.stdout).toBe(`${VERSION}\n`)
      expect(result.stderr).toBe('')
    }
  })
})

describe('flags are kebab-case', SLOW, () => {
  it("every flag that --help shows is kebab-case, the contract's names among them", async () => {
    const shown = new Set<string>()
    const helps = await Promise.all(COMMANDS.map((words) => runCli([...words, '--help'])))
    helps.forEach((help, i) => {
      expect(help.code, COMMANDS[i]?.join(' ')).toBe(0)
      for (const flag of help.stdout.match(/--[A-Za-z][\w-]*/gu) ?? []) shown.add(flag)
    })
    for (const flag of shown) expect(flag).toMatch(/^--[a-z0-9]+(-[a-z0-9]+)*$/u)
    for (const flag of [
      '--read-only',
      '--cors-origin',
      '--allow-open-network',
      '--no-watch',
      '--shift-to',
      '--if-missing',
      '--user',
      '--role',
      '--into',
    ]) {
      expect(shown).toContain(flag)
    }
  })

  it('serve takes --read-only and --cors-origin (and their camelCase spelling)', async () => {
    const file = join(await folder(), 'calendar.json')
    await writeFile(file, fixture('small.json'))
    for (const flags of [
      ['--read-only', '--cors-origin', 'https://app.example'],
      ['--readOnly', '--corsOrigin=https://app.example'],
    ]) {
      const server = await startServe(file, flags)
      const refused = await postJson(`${server.base}/events`, {
        title: 'x',
        start_date: '2026-08-01 10:00:00',
        end_date: '2026-08-01 11:00:00',
      })
      expect(refused.body.code, flags.join(' ')).toBe('store-read-only')
      const allowed = await fetch(`${server.base}/events`, { headers: { origin: 'https://app.example' } })
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example')
      const other = await fetch(`${server.base}/events`, { headers: { origin: 'https://elsewhere.example' } })
      expect(other.headers.get('access-control-allow-origin')).toBeNull()
      await server.stop()
    }
  })

  it('init takes --if-missing and --shift-to', async () => {
    const file = join(await folder(), 'calendar.json')
    await writeFile(file, '{}')
    for (const flag of ['--if-missing', '--ifMissing']) {
      const skipped = await runCli(['init', file, '--from', 'fixtures/tec', flag])
      expect(skipped.code, skipped.stderr).toBe(0)
      expect(readFileSync(file, 'utf8')).toBe('{}')
    }
    const created = await runCli([
      'init',
      join(await folder(), 'new.json'),
      '--from',
      'fixtures/tec',
      '--shift-to',
      'today',
    ])
    expect(created.code, created.stderr).toBe(0)
    expect(created.stderr).toMatch(/moved by -?\d+ weeks/u)
    expect(created.stderr).toMatch(/warning/u)
  })

  it('init --quiet (what `npm start` runs) says in one line what it made, and no warning about the fixtures', async () => {
    const file = join(await folder(), 'quiet.json')
    const created = await runCli(['init', file, '--from', 'fixtures/tec', '--shift-to', 'today', '--quiet'])
    expect(created.code, created.stderr).toBe(0)
    const lines = `${created.stdout}${created.stderr}`.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/created .*quiet\.json from fixtures\/tec: 46 events, 27 venues, 11 organizers/u)
    expect(JSON.parse(readFileSync(file, 'utf8')).settings.tec_version).toBe('6.17')
  })

  it('init --tec-version writes the release to answer as, and refuses one calfile does not know', async () => {
    const file = join(await folder(), 'older.json')
    const created = await runCli(['init', file, '--from', 'fixtures/tec', '--tec-version', '6.10', '--quiet'])
    expect(created.code, created.stderr).toBe(0)
    expect(JSON.parse(readFileSync(file, 'utf8')).settings.tec_version).toBe('6.10')
    const refused = await runCli([
      'init',
      join(await folder(), 'x.json'),
      '--from',
      'fixtures/tec',
      '--tec-version',
      '5',
    ])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/--tec-version takes 6\.17 or 6\.10, got "5"/u)
  })
})

describe('no colour codes when the output is not a terminal', SLOW, () => {
  const CASES: Array<[string, string[]]> = [
    ['--help', ['--help']],
    ['serve --help', ['serve', '--help']],
    ['token add --help', ['token', 'add', '--help']],
    ['no command', []],
    ['an unknown command', ['frobnicate']],
    ['a missing required flag', ['token', 'add']],
    ['an unknown flag', ['serve', '--prot', '3000']],
    ['a missing --from', ['init', 'x.json', '--from', 'no/such/capture.json']],
  ]

  for (const [what, args] of CASES) {
    it(what, async () => {
      const result = await runCli(args, undefined, colourEnv())
      expect(result.stdout + result.stderr).not.toMatch(ESCAPE)
      expect(result.stdout + result.stderr).not.toBe('')
    })
  }
})

describe("citty's errors and a missing --from: one line on stderr, exit status 1", SLOW, () => {
  it('an unknown command', async () => {
    const result = await runCli(['frobnicate'], undefined, colourEnv())
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(lines(result.stderr)).toEqual(['error: Unknown command frobnicate (see calfile --help)'])
  })

  it("a missing required flag names the command's help", async () => {
    const result = await runCli(['token', 'revoke'])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(lines(result.stderr)).toEqual(['error: Missing required argument: --user (see calfile token revoke --help)'])
  })

  it('init --from a missing path', async () => {
    const target = join(await folder(), 'calendar.json')
    const result = await runCli(['init', target, '--from', 'no/such/capture.json'])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(lines(result.stderr)).toEqual(['error: --from no/such/capture.json: no such file or folder'])
  })

  it('no command at all: the usage, then the error, on stderr', async () => {
    const result = await runCli([])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/USAGE calfile serve\|init\|import\|validate\|token/u)
    expect(result.stderr).toMatch(/error: No command specified\.\n$/u)
  })
})

const script = await promisify(execFile)('script', ['--version']).then(
  () => true,
  () => false,
)

describe.skipIf(!script)('on a terminal (a pseudo-terminal from `script`)', SLOW, () => {
  /** Runs the CLI with stdout and stderr on a pseudo-terminal; what it printed. */
  async function onTerminal(args: string, extra: NodeJS.ProcessEnv = {}): Promise<string> {
    const root = new URL('../..', import.meta.url).pathname
    const { stdout } = await promisify(execFile)('script', ['-qec', `${CLI_COMMAND} ${args}`, '/dev/null'], {
      cwd: root,
      env: colourEnv(extra),
    }).catch((error) => error)
    return stdout as string
  }

  it('colours the usage and errors, unless NO_COLOR is set', async () => {
    expect(await onTerminal('--help')).toMatch(ESCAPE)
    expect(await onTerminal('--help', { NO_COLOR: '1' })).not.toMatch(ESCAPE)
    expect(await onTerminal('frobnicate', { NO_COLOR: 'true' })).not.toMatch(ESCAPE)
    expect(await onTerminal('frobnicate', { NO_COLOR: 'true' })).toMatch(/Unknown command frobnicate/u)
  })
})
