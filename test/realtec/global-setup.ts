/**
 * vitest global setup: brings up the real TEC (`../shared/realtec/up.sh`) for the suites that compare with it, and
 * hands its credentials to them with `provide('realtec', …)`. A clone without `../shared/realtec` runs every other
 * suite and says in one line what it left out; in CI (`CI=true`) a missing or failing oracle fails the run.
 */
import { existsSync } from 'node:fs'
import type { TestProject } from 'vitest/node'
import { isUp, REALTEC_DIR, type Realtec, readCredentials, realtecScript } from './oracle.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The running oracle, or null when this run has none (then the suites that need it are skipped). */
    realtec: Realtec | null
  }
}

let started = false

export async function setup(project: TestProject): Promise<void> {
  if (!existsSync(REALTEC_DIR)) {
    if (process.env.CI) throw new Error(`the real TEC is required in CI and ${REALTEC_DIR} is missing`)
    console.log(`[realtec] left out: the parity and real-engine sync suites (no ${REALTEC_DIR} beside this clone)`)
    project.provide('realtec', null)
    return
  }
  let realtec = readCredentials()
  if (!realtec || !(await isUp(realtec))) {
    await realtecScript('up.sh')
    started = true
    realtec = readCredentials()
    if (!realtec || !(await isUp(realtec))) throw new Error('the real TEC did not come up (../shared/realtec/up.sh)')
  }
  project.provide('realtec', realtec)
}

export async function teardown(): Promise<void> {
  // Stop only an oracle this run started; one brought up by hand or by .ci/run is left to whoever started it.
  if (started) await realtecScript('down.sh')
}
