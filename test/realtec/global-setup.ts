/**
 * vitest global setup: brings up the real TEC (`../shared/realtec/up.sh`) for the suites that compare with it, one
 * instance for the parity suite and one for the real-engine sync tests (each resets its site between scenarios, and
 * vitest runs the two files at once), and hands their credentials over with `provide`. A clone without
 * `../shared/realtec` runs every other suite and says in one line what it left out; in CI (`CI=true`) a missing or
 * failing oracle fails the run.
 */
import { existsSync } from 'node:fs'
import type { TestProject } from 'vitest/node'
import {
  type Instance,
  isUp,
  parityInstance,
  REALTEC_DIR,
  type Realtec,
  readCredentials,
  realtecScript,
  syncInstance,
} from './oracle.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The parity suite's oracle, or null when this run has none (then the suites that need it are skipped). */
    realtec: Realtec | null
    /** The real-engine sync tests' oracle, or null likewise. */
    realtecSync: Realtec | null
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
  return realtec
}

export async function setup(project: TestProject): Promise<void> {
  if (!existsSync(REALTEC_DIR)) {
    if (process.env.CI) throw new Error(`the real TEC is required in CI and ${REALTEC_DIR} is missing`)
    console.log(`[realtec] left out: the parity and real-engine sync suites (no ${REALTEC_DIR} beside this clone)`)
    project.provide('realtec', null)
    project.provide('realtecSync', null)
    return
  }
  // One after the other: a first up.sh may install PHP and MariaDB with apt, which two at once would race for.
  project.provide('realtec', await bringUp(parityInstance()))
  project.provide('realtecSync', await bringUp(syncInstance()))
}

export async function teardown(): Promise<void> {
  // Stop only what this run started; an oracle brought up by hand or by .ci/run is left to whoever started it.
  for (const instance of started.splice(0)) await realtecScript('down.sh', instance)
}
