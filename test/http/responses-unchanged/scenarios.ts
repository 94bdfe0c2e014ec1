/**
 * The scenarios of the responses-unchanged test: a data file text and the requests asked of it, in order, on a
 * memory calendar of its own whose clock is frozen at NOW (test/helpers.ts), or at the time a step names, so that
 * the default window and the `date` of new records are the same on every run.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { initDataFile } from '../../../src/tec/init.js'
import { tempDir } from '../../cli/cli-helpers.js'
import { NOW } from '../../helpers.js'
import { generatedCalendar } from './generated-calendar.js'
import { GENERATED_READS, SITE_URL_READS } from './generated-reads.js'
import { CLOCK_STEPS } from './moving-clock.js'
import { REAL_READS } from './real-reads.js'
import type { Step } from './steps.js'
import { GENERATED_WRITES, REAL_WRITES } from './write-sequences.js'

/** A data file text and the requests asked of it. */
export interface Scenario {
  name: string
  data: () => Promise<string>
  steps: Step[]
}

const CAPTURES = fileURLToPath(new URL('../../../fixtures/tec/', import.meta.url))

/** The data file `calfile init <file> --from fixtures/tec --shift-to today` writes when today is NOW's day. */
async function realCalendar(): Promise<string> {
  const file = join(await tempDir(), 'calendar.json')
  await initDataFile(file, { from: CAPTURES, shiftTo: 'today', now: () => NOW })
  return readFile(file, 'utf8')
}

/** `make`, run once: scenarios that start from the same data share its text. */
function once(make: () => Promise<string>): () => Promise<string> {
  let text: Promise<string> | undefined
  return () => {
    text ??= make()
    return text
  }
}

const real = once(realCalendar)
const generated = once(async () => generatedCalendar())
const SITE_URLS = { site_url: 'https://www.example.org/site/', base_url: 'https://api.example.org' }

/** Every scenario, each on a fresh calendar. */
export const SCENARIOS: Scenario[] = [
  { name: 'real captures, reads', data: real, steps: REAL_READS },
  { name: 'real captures, writes', data: real, steps: REAL_WRITES },
  { name: 'generated, reads', data: generated, steps: GENERATED_READS },
  { name: 'generated, base_url and site_url', data: async () => generatedCalendar(SITE_URLS), steps: SITE_URL_READS },
  { name: 'generated, writes', data: generated, steps: GENERATED_WRITES },
  { name: 'generated, the clock moves on', data: generated, steps: CLOCK_STEPS },
]
