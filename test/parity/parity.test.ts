/**
 * The parity suite: every scenario (scenarios/) sent to the real TEC (`../shared/realtec`) and to calfile on the
 * same fresh state, answers compared after normalise.ts. Prints the three figures (statuses, body keys, headers),
 * writes every difference to `test/parity/.output/report.txt`, and fails when a figure falls below `floor.json`:
 * the floor only ever rises, as differences are closed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, inject, it } from 'vitest'
import { type Comparison, type Figures, figures } from './compare.js'
import { runScenario } from './run.js'
import { SCENARIOS } from './scenarios/index.js'

const realtec = inject('realtec')
const OUTPUT = new URL('./.output/', import.meta.url)
const floor = JSON.parse(readFileSync(new URL('./floor.json', import.meta.url), 'utf8')) as Record<
  'statuses' | 'leaves' | 'headers',
  number
>

describe.skipIf(!realtec)('parity with the real TEC', () => {
  const all: Comparison[] = []

  for (const scenario of SCENARIOS) {
    it(scenario.name, { timeout: 120_000 }, async () => {
      const comparisons = await runScenario(realtec as NonNullable<typeof realtec>, scenario)
      all.push(...comparisons)
      expect(comparisons).toHaveLength(scenario.steps.length)
    })
  }

  it('meets the floor on every figure', () => {
    const figure = figures(all)
    report(all, figure)
    expect(all.length).toBe(SCENARIOS.reduce((n, scenario) => n + scenario.steps.length, 0))
    expect(ratio(figure.statuses)).toBeGreaterThanOrEqual(floor.statuses)
    expect(ratio(figure.leaves)).toBeGreaterThanOrEqual(floor.leaves)
    expect(ratio(figure.headers)).toBeGreaterThanOrEqual(floor.headers)
  })
})

function ratio({ equal, total }: { equal: number; total: number }): number {
  return total === 0 ? 1 : equal / total
}

function percent(part: { equal: number; total: number }): string {
  return `${part.equal} / ${part.total} (${(ratio(part) * 100).toFixed(1)}%)`
}

function report(all: Comparison[], figure: Figures): void {
  const lines = [
    `parity with the real TEC over ${figure.requests} requests:`,
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
  writeFileSync(new URL('report.txt', OUTPUT), detail.join('\n'))
  writeFileSync(new URL('report.json', OUTPUT), JSON.stringify(all, null, 1))
}
