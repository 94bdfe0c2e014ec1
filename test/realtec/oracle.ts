/**
 * The real WordPress + The Events Calendar beside the repository (`../shared/realtec`, its README): where it is,
 * how to start and reset it, and its credentials. The parity suite and the sync tests against the real engine read
 * it through here; `global-setup.ts` starts one instance for each once per run, as each resets its site at will.
 */
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { asTecVersion, type TecVersion } from '../../src/core/resources/tec-versions.js'

const run = promisify(execFile)

/** `../shared/realtec` beside the checkout. */
export const REALTEC_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/realtec')

/**
 * One instance of the oracle: where up.sh keeps its site, database and `run/credentials.env` (its README:
 * `REALTEC_ROOT`), its port (`REALTEC_PORT`), and the TEC release it installs (`REALTEC_VERSION`).
 */
export interface Instance {
  root: string
  port: number
  version: TecVersion
}

/** What an instance is for: the parity suite, or the real-engine sync tests (each resets its site at will). */
export type Role = 'parity' | 'sync'

/**
 * The instance for a role and a release, four side by side from one root and port (up.sh's defaults, or
 * `REALTEC_ROOT` / `REALTEC_PORT`): TEC 6.10's parity instance at the root and port themselves, its sync instance
 * at `<root>-sync` and port + 1, TEC 6.17's at `<root>-6.17` and port + 2 and `<root>-6.17-sync` and port + 3.
 *
 * @example
 * oracleInstance('sync', '6.17') // { root: '/tmp/calfile-realtec-6.17-sync', port: 8092, version: '6.17' }
 */
export function oracleInstance(role: Role, version: TecVersion): Instance {
  const root = process.env.REALTEC_ROOT ?? join(process.env.TMPDIR ?? '/tmp', 'calfile-realtec')
  const port = Number(process.env.REALTEC_PORT ?? 8089)
  const newer = version === '6.10' ? 0 : 1
  const sync = role === 'sync' ? 1 : 0
  return {
    root: `${root}${newer ? `-${version}` : ''}${sync ? '-sync' : ''}`,
    port: port + 2 * newer + sync,
    version,
  }
}

/** What a test needs to talk to the oracle: `base` `http://127.0.0.1:8089`, `api` its TEC prefix, Basic login. */
export interface Realtec {
  base: string
  api: string
  user: string
  password: string
  /** The folder holding `reset.sh` (the oracle's scripts). */
  dir: string
  /** `REALTEC_ROOT` of this instance. */
  root: string
  /** The TEC release it runs, as `settings.tec_version` names it (read from the installed plugin's header). */
  version: TecVersion
}

/** The credentials `up.sh` wrote for `instance`, or undefined when it has not run. */
export function readCredentials({ root }: Pick<Instance, 'root'>): Realtec | undefined {
  const file = join(root, 'run', 'credentials.env')
  if (!existsSync(file)) return undefined
  const values = Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => /^(\w+)=(.*)$/u.exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .map(([, key, value]) => [key, (value as string).replace(/^'(.*)'$/u, '$1')]),
  )
  return {
    base: values.REALTEC_BASE as string,
    api: values.REALTEC_API as string,
    user: values.REALTEC_USER as string,
    password: values.REALTEC_APP_PASSWORD as string,
    dir: REALTEC_DIR,
    root,
    version: installedVersion(root),
  }
}

/** `6.17` for TEC 6.17.2: the `Version:` header of the plugin up.sh unpacked under `root`. */
function installedVersion(root: string): TecVersion {
  const main = join(root, 'wp', 'wp-content', 'plugins', 'the-events-calendar', 'the-events-calendar.php')
  const release = /^\s*\*\s*Version:\s*(\d+\.\d+)/mu.exec(readFileSync(main, 'utf8'))?.[1]
  const version = asTecVersion(release)
  if (!version) throw new Error(`${main} holds TEC ${release ?? '(no version)'}, which calfile does not answer as`)
  return version
}

/** True when the oracle answers its events list. */
export async function isUp(realtec: Realtec): Promise<boolean> {
  try {
    const response = await fetch(`${realtec.api}/events`, { signal: AbortSignal.timeout(10_000) })
    await response.arrayBuffer()
    return response.status === 200
  } catch {
    return false
  }
}

/**
 * Runs one of the oracle's scripts (`up.sh`, `reset.sh`, `down.sh`) for `instance`. `up.sh` runs again when a run
 * fails, up to `UP_TRIES` times, waiting longer each time: under `pipefail`, its check for PHP's `mysqli`
 * (`php -m | grep -qx mysqli`) fails now and then when `grep` stops reading first, and it then runs apt although PHP
 * is there, which fails while another instance's `up.sh` holds apt's lock, until that apt run ends.
 */
export async function realtecScript(name: 'up.sh' | 'reset.sh' | 'down.sh', instance: Instance): Promise<string> {
  if (name !== 'up.sh') return runScript(name, instance)
  for (let attempt = 1; ; attempt++) {
    try {
      return await runScript(name, instance)
    } catch (error) {
      if (attempt === UP_TRIES) throw error
      const wait = UP_WAIT_MS * attempt
      console.warn(
        `[realtec] up.sh failed for ${instance.root}; running it again in ${wait / 1000} s: ${(error as Error).message}`,
      )
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
}

/** How many times `up.sh` runs before a failure is final, and the wait before the second run (doubled before the third). */
const UP_TRIES = 3
const UP_WAIT_MS = 15_000

async function runScript(name: 'up.sh' | 'reset.sh' | 'down.sh', instance: Instance): Promise<string> {
  const { stdout } = await run('bash', [join(REALTEC_DIR, name)], {
    env: {
      ...process.env,
      REALTEC_ROOT: instance.root,
      REALTEC_PORT: String(instance.port),
      REALTEC_VERSION: instance.version,
    },
    maxBuffer: 16 * 1024 * 1024,
    timeout: 600_000,
  })
  return stdout
}

/** Back to the freshly installed site: no events, venues, organizers or terms; same credentials. */
export async function resetOracle(realtec: Realtec): Promise<void> {
  await realtecScript('reset.sh', {
    root: realtec.root,
    port: Number(new URL(realtec.base).port),
    version: realtec.version,
  })
}
