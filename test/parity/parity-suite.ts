/**
 * The parity suite: every scenario (scenarios/) sent to the real TEC (`../shared/realtec`) of one release and to
 * calfile set to answer as that release (`settings.tec_version`), on the same fresh state, answers compared after
 * normalise.ts. Prints the three figures (statuses, body keys, headers), writes every difference to
 * `test/parity/.output/report-<version>.txt`, and fails when a figure falls below the release's line of
 * `floor.json`: the floor only ever rises, as differences are closed. Each release's test file calls it, so that
 * vitest runs the two at once.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, inject, it } from 'vitest'
import type { TecVersion } from '../../src/core/resources/tec-versions.js'
import type { Realtec } from '../realtec/oracle.js'
import { type Comparison, type Figures, figures } from './compare.js'
import { runScenario } from './run.js'
import { SCENARIOS } from './scenarios/index.js'

const OUTPUT = new URL('./.output/', import.meta.url)

/** The suite against the oracle of `version`: a test per scenario, then one for the figures. */
export function paritySuite(version: TecVersion): void {
  const realtec = inject('realtec')?.[version]
  const floor = (
    JSON.parse(readFileSync(new URL('./floor.json', import.meta.url), 'utf8')) as Record<
      TecVersion,
      Record<'statuses' | 'leaves' | 'headers', number>
    >
  )[version]
  describe.skipIf(!realtec)(`parity with the real TEC ${version}`, () => {
    suite(realtec as NonNullable<typeof realtec>, floor)
  })
}

function suite(realtec: Realtec, floor: Record<'statuses' | 'leaves' | 'headers', number>): void {
  const all: Comparison[] = []

  for (const scenario of SCENARIOS) {
    it(scenario.name, { timeout: 120_000 }, async () => {
      const comparisons = await runScenario(realtec, scenario)
      all.push(...comparisons)
      expect(comparisons).toHaveLength(scenario.steps.length)
    })
  }

  it('meets the floor on every figure', () => {
    const figure = figures(all)
    report(all, figure, realtec.version)
    expect(all.length).toBe(SCENARIOS.reduce((n, scenario) => n + scenario.steps.length, 0))
    expect(ratio(figure.statuses)).toBeGreaterThanOrEqual(floor.statuses)
    expect(ratio(figure.leaves)).toBeGreaterThanOrEqual(floor.leaves)
    expect(ratio(figure.headers)).toBeGreaterThanOrEqual(floor.headers)
  })
}

function ratio({ equal, total }: { equal: number; total: number }): number {
  return total === 0 ? 1 : equal / total
}

function percent(part: { equal: number; total: number }): string {
  return `${part.equal} / ${part.total} (${(ratio(part) * 100).toFixed(1)}%)`
}

function report(all: Comparison[], figure: Figures, version: TecVersion): void {
  const lines = [
    `parity with the real TEC ${version} over ${figure.requests} requests:`,
    `  statuses equal   ${percent(figure.statuses)}`,
    `  body keys equal  ${percent(figure.leaves)}`,
    `  headers equal    ${percent(figure.headers)}`,
  ]
  console.log(lines.join('\n'))
  const detail = [...lines, '']
  for (const c of all) {
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
  mkdirSync(OUTPUT, { recursive: true })
  writeFileSync(new URL(`report-${version}.txt`, OUTPUT), detail.join('\n'))
  writeFileSync(new URL(`report-${version}.json`, OUTPUT), JSON.stringify(all, null, 1))
}
