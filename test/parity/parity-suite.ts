/**
 * The parity suite: every scenario (scenarios/) of a release sent to the real TEC (`../shared/realtec`) of that
 * release and to calfile set to answer as it (`settings.tec_version`), on the same fresh state, answers compared
 * after normalise.ts. Prints the three figures (statuses, body keys, headers) of each section (TEC's REST v1, tec/v1,
 * the WordPress routes: scenario.ts `Section`), writes every difference to
 * `test/parity/.output/report-<version>.txt`, and fails when a figure falls below the section's line of
 * `floor.json`: the floor only ever rises, as differences are closed. A section without a line is reported, not
 * held to one. Each release's test file calls it, so that vitest runs the two at once.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, inject, it } from 'vitest'
import type { TecVersion } from '../../src/core/resources/tec-versions.js'
import type { Realtec } from '../realtec/oracle.js'
import { type Comparison, type Figures, figures } from './compare.js'
import { runScenario } from './run.js'
import type { Scenario, Section } from './scenario.js'
import { SCENARIOS } from './scenarios/index.js'

const OUTPUT = new URL('./.output/', import.meta.url)

type Floor = Record<'statuses' | 'leaves' | 'headers', number>

/** Each section's title in the report. */
const SECTIONS: Record<Section, string> = {
  'rest-v1': 'REST v1 (/wp-json/tribe/events/v1)',
  'tec-v1': 'tec/v1 (/wp-json/tec/v1)',
  wordpress: 'the WordPress routes (/wp-json/, wp/v2/users/me, wp/v2/settings)',
  'wp-v2':
    "WordPress's REST API over TEC's content (/wp-json/wp/v2/tribe_events, tribe_venue, tribe_organizer, tribe_events_cat, tags)",
}

/** The suite against the oracle of `version`: a test per scenario of the release, then one per section's figures. */
export function paritySuite(version: TecVersion): void {
  const realtec = inject('realtec')?.[version]
  const floors = (
    JSON.parse(readFileSync(new URL('./floor.json', import.meta.url), 'utf8')) as Record<
      TecVersion,
      Partial<Record<Section, Floor>>
    >
  )[version]
  const scenarios = SCENARIOS.filter((scenario) => !scenario.releases || scenario.releases.includes(version))
  describe.skipIf(!realtec)(`parity with the real TEC ${version}`, () => {
    suite(realtec as NonNullable<typeof realtec>, scenarios, floors)
  })
}

function suite(realtec: Realtec, scenarios: Scenario[], floors: Partial<Record<Section, Floor>>): void {
  const all = new Map<Section, Comparison[]>(Object.keys(SECTIONS).map((section) => [section as Section, []]))
  const sectionOf = (scenario: Scenario): Section => scenario.section ?? 'rest-v1'

  for (const scenario of scenarios) {
    it(scenario.name, { timeout: 120_000 }, async () => {
      const comparisons = await runScenario(realtec, scenario)
      all.get(sectionOf(scenario))?.push(...comparisons)
      expect(comparisons).toHaveLength(scenario.steps.length)
    })
  }

  it('meets the floor on every figure of every section', () => {
    report(all, realtec.version)
    for (const [section, comparisons] of all) {
      const steps = scenarios.filter((s) => sectionOf(s) === section).reduce((n, s) => n + s.steps.length, 0)
      expect(comparisons.length, section).toBe(steps)
      const floor = floors[section]
      if (!floor) continue
      const figure = figures(comparisons)
      expect(ratio(figure.statuses), `${section} statuses`).toBeGreaterThanOrEqual(floor.statuses)
      expect(ratio(figure.leaves), `${section} body keys`).toBeGreaterThanOrEqual(floor.leaves)
      expect(ratio(figure.headers), `${section} headers`).toBeGreaterThanOrEqual(floor.headers)
    }
  })
}

function ratio({ equal, total }: { equal: number; total: number }): number {
  return total === 0 ? 1 : equal / total
}

function percent(part: { equal: number; total: number }): string {
  return `${part.equal} / ${part.total} (${(ratio(part) * 100).toFixed(1)}%)`
}

function summary(title: string, figure: Figures): string[] {
  return [
    `${title}, parity with the real TEC over ${figure.requests} requests:`,
    `  statuses equal   ${percent(figure.statuses)}`,
    `  body keys equal  ${percent(figure.leaves)}`,
    `  headers equal    ${percent(figure.headers)}`,
  ]
}

function report(all: Map<Section, Comparison[]>, version: TecVersion): void {
  const sections = [...all].filter(([, comparisons]) => comparisons.length > 0)
  const lines = [
    `TEC ${version}:`,
    ...sections.flatMap(([section, comparisons]) => summary(SECTIONS[section], figures(comparisons))),
  ]
  console.log(lines.join('\n'))
  const detail = [...lines]
  for (const [section, comparisons] of sections) {
    detail.push('', `# ${SECTIONS[section]}`, '')
    for (const c of comparisons) {
      const same = c.status.tec === c.status.calfile
      if (same && c.leaves.differences.length === 0 && c.headers.differences.length === 0) continue
      detail.push(`## ${c.request}`, `status tec ${c.status.tec} calfile ${c.status.calfile}${same ? '' : '  ≠'}`)
      for (const d of [
        ...c.headers.differences.map((h) => ({ ...h, where: `header ${h.where}` })),
        ...c.leaves.differences,
      ])
        detail.push(`  ${d.where}\n    tec     ${JSON.stringify(d.tec)}\n    calfile ${JSON.stringify(d.calfile)}`)
      detail.push('')
    }
  }
  mkdirSync(OUTPUT, { recursive: true })
  writeFileSync(new URL(`report-${version}.txt`, OUTPUT), detail.join('\n'))
  writeFileSync(new URL(`report-${version}.json`, OUTPUT), JSON.stringify(Object.fromEntries(sections), null, 1))
}
