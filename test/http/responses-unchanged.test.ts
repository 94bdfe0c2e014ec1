/**
 * Issue 11, done when: "responses stay byte-for-byte what they are today". 465 responses, recorded with the code
 * of the commit before issue 11's work (3637dc3), are asked again through `createApp(calendar).request(…)` in
 * process, and each must come back with the same status, the same body text to the byte, and the same
 * `content-type`, `x-tec-total`, `x-tec-totalpages`, `link` and `location` headers. The scenarios
 * (responses-unchanged/scenarios.ts) are the real TEC captures of fixtures/tec/ and a generated calendar of
 * 1,500 events, read anonymously, with tokens and in open mode under both route prefixes, changed by short
 * sequences of writes each followed by the reads they affect, and read again as the clock moves on. A failure
 * names each request that differs and shows where its body first differs, with some context.
 *
 * Re-record only when a response is meant to change (a contract change, never a speed change), and say why in the
 * commit: `CALFILE_RECORD=1 npx vitest run test/http/responses-unchanged.test.ts` writes
 * responses-unchanged/responses.json.gz (gzip of one JSON file: scenario → [{ request, status, headers, body }])
 * instead of comparing. To record what an older commit answers, without touching the working tree:
 *   mkdir /tmp/base && git archive <commit> | tar -x -C /tmp/base && ln -s "$PWD/node_modules" /tmp/base/
 *   cp -r test/http/responses-unchanged.test.ts test/http/responses-unchanged /tmp/base/test/http/
 *   (cd /tmp/base && CALFILE_RECORD=1 npx vitest run test/http/responses-unchanged.test.ts)
 *   cp /tmp/base/test/http/responses-unchanged/responses.json.gz test/http/responses-unchanged/
 */
import { afterAll, assert, describe, it } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import { createApp } from '../../src/http/app.js'
import { NOW } from '../helpers.js'
import {
  difference,
  type Recorded,
  type Recording,
  readRecording,
  recordedOf,
  writeRecording,
} from './responses-unchanged/recording.js'
import { SCENARIOS, type Scenario } from './responses-unchanged/scenarios.js'
import { label, send } from './responses-unchanged/steps.js'

const FILE = new URL('./responses-unchanged/responses.json.gz', import.meta.url)
const RECORDING = process.env.CALFILE_RECORD === '1'
/** Differences shown in one failure message; the count says how many there are in all. */
const SHOWN = 10

const recorded = readRecording(FILE)
const answered: Recording = {}

afterAll(() => {
  if (!RECORDING) return
  // A run filtered to some scenarios (`-t`) keeps the others' recordings; scenarios that no longer exist go.
  writeRecording(FILE, Object.fromEntries(SCENARIOS.map(({ name }) => [name, answered[name] ?? recorded[name] ?? []])))
})

/** Every response of the scenario, asked in order of a fresh calendar. */
async function answersOf(scenario: Scenario): Promise<Recorded[]> {
  let now = NOW
  const calendar = await openCalendar(null, { initial: await scenario.data(), now: () => now })
  const app = createApp(calendar)
  const answers: Recorded[] = []
  for (const step of scenario.steps) {
    now = NOW + (step.at ?? 0)
    answers.push(await recordedOf(label(step), await send(app, step)))
  }
  await calendar.close()
  return answers
}

function differences(expected: Recorded[], answers: Recorded[]): string[] {
  const found = answers.map((answer, k) => difference(expected[k], answer)).filter((text) => text !== undefined)
  const unasked = expected.length - answers.length
  return unasked > 0 ? [...found, `${unasked} recorded requests were not asked: the list changed, re-record`] : found
}

describe('responses stay byte for byte what they were before issue 11', () => {
  it.each(SCENARIOS)('$name', async (scenario) => {
    const answers = await answersOf(scenario)
    if (RECORDING) {
      answered[scenario.name] = answers
      return
    }
    const found = differences(recorded[scenario.name] ?? [], answers)
    if (found.length === 0) return
    const more = found.length > SHOWN ? `\n\n… and ${found.length - SHOWN} more` : ''
    const shown = found.slice(0, SHOWN).join('\n\n')
    // The hint is for whoever meant the change: the top comment says when and how to re-record.
    assert.fail(
      `${found.length} of ${answers.length} responses differ (re-record: see the test's top comment):\n\n${shown}${more}`,
    )
  })
})
