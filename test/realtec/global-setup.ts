/**
 * vitest global setup: brings up the real TEC (`../shared/realtec/up.sh`) for the suites that compare with it, in
 * both releases calfile answers as (TEC 6.17.2 and 6.10.0, `settings.tec_version`): for each, one instance for the
 * parity suite and one for the real-engine sync tests (each resets its site between scenarios, and vitest runs the
 * files at once), and hands their credentials over with `provide`. A clone without `../shared/realtec` runs every
 * other suite and says in one line what it left out; in CI (`CI=true`) a missing or failing oracle fails the run.
 */
import { existsSync } from 'node:fs'
import type { TestProject } from 'vitest/node'
import { TEC_VERSIONS, type TecVersion } from '../../src/core/resources/tec-versions.js'
import {
  type Instance,
  isUp,
  oracleInstance,
  REALTEC_DIR,
  type Realtec,
  type Role,
  readCredentials,
  realtecScript,
} from './oracle.js'

/** One oracle per TEC release. */
export type Oracles = Record<TecVersion, Realtec>

declare module 'vitest' {
  export interface ProvidedContext {
    /** The parity suite's oracles, or null when this run has none (then the suites that need them are skipped). */
    realtec: Oracles | null
    /** The real-engine sync tests' oracles, or null likewise. */
    realtecSync: Oracles | null
  }
}

/** The instances this run started, to stop at its end. */
const started: Instance[] = []

/** `instance` running, started when it is not; its credentials. */
async function bringUp(instance: Instance): Promise<Realtec> {
  let realtec = readCredentials(instance)
  if (!realtec || !(await isUp(realtec))) {
    await realtecScript('up.sh', instance)
    started.push(instance)
    realtec = readCredentials(instance)
    if (!realtec || !(await isUp(realtec)))
      throw new Error(`the real TEC did not come up in ${instance.root} (../shared/realtec/up.sh)`)
  }
  if (realtec.version !== instance.version)
    throw new Error(
      `${instance.root} runs TEC ${realtec.version}, not ${instance.version}: give it another REALTEC_ROOT`,
    )
  return realtec
}

/**
 * Every instance up, `first` alone before the others; when one fails, the ones this run started are stopped before
 * the failure is thrown, as vitest runs no teardown after a failed setup.
 */
async function bringAllUp(first: Instance, rest: Instance[]): Promise<Realtec[]> {
  const outcomes = await Promise.allSettled([bringUp(first)])
  if (outcomes[0]?.status === 'fulfilled') outcomes.push(...(await Promise.allSettled(rest.map(bringUp))))
  const failed = outcomes.find((outcome) => outcome.status === 'rejected')
  if (failed) {
    await teardown()
    throw failed.reason
  }
  return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<Realtec>).value)
}

export async function setup(project: TestProject): Promise<void> {
  if (!existsSync(REALTEC_DIR)) {
    if (process.env.CI) throw new Error(`the real TEC is required in CI and ${REALTEC_DIR} is missing`)
    console.log(`[realtec] left out: the parity and real-engine sync suites (no ${REALTEC_DIR} beside this clone)`)
    project.provide('realtec', null)
    project.provide('realtecSync', null)
    return
  }
  // The first alone: a first up.sh may install PHP and MariaDB with apt, which two at once would race for.
  const [first, ...rest] = (['parity', 'sync'] as Role[]).flatMap((role) =>
    TEC_VERSIONS.map((version) => oracleInstance(role, version)),
  )
  const up = await bringAllUp(first as Instance, rest)
  const of = (role: Role) =>
    Object.fromEntries(
      TEC_VERSIONS.map((version) => [version, up.find((r) => r.root === oracleInstance(role, version).root)]),
    ) as Oracles
  project.provide('realtec', of('parity'))
  project.provide('realtecSync', of('sync'))
}

export async function teardown(): Promise<void> {
  // Stop only what this run started; an oracle brought up by hand or by .ci/run is left to whoever started it.
  await Promise.all(started.splice(0).map((instance) => realtecScript('down.sh', instance)))
}
