/**
 * Runs a scenario on both sides, step by step in lockstep (the oracle first, then calfile at the oracle's time),
 * and compares each answer (compare.ts). Each side keeps
 * its own names (`save`) and its own ID labels, so a step's `{name}` becomes that side's ID.
 */

import type { Realtec } from '../realtec/oracle.js'
import { type Comparison, compare } from './compare.js'
import { IdLabels, trimmedSpace } from './normalise.js'
import type { Scenario, Step } from './scenario.js'
import { type Answer, calfileSide, type Side, tecSide } from './sides.js'

interface SideRun {
  side: Side
  names: Map<string, unknown>
  labels: IdLabels
}

/** The comparisons of one scenario's steps, each named `<scenario> #<n> <METHOD> <path>`. */
export async function runScenario(realtec: Realtec, scenario: Scenario): Promise<Comparison[]> {
  const sideRun = (side: Side): SideRun => ({ side, names: new Map(), labels: new IdLabels() })
  const a = sideRun(await tecSide(realtec))
  const b = sideRun(await calfileSide(realtec))
  const comparisons: Comparison[] = []
  for (const [index, step] of scenario.steps.entries()) {
    const tec = await send(a, step)
    b.side.clock.now = oracleTime(step, tec)
    const calfile = await send(b, step)
    const request = `${scenario.name} #${index + 1} ${step.method ?? 'GET'} ${step.path}${step.as ? ` (${step.as})` : ''}`
    comparisons.push(
      compare(
        request,
        { answer: tec, labels: a.labels, origin: a.side.origin },
        { answer: calfile, labels: b.labels, origin: b.side.origin },
        step,
      ),
    )
  }
  return comparisons
}

/**
 * When the oracle did a step, to the second: the modification time in UTC of the post a write answers with
 * (WordPress's clock while it wrote: REST v1's `modified_utc`, tec/v1's `modified_gmt`), else its `Date` header.
 */
function oracleTime(step: Step, answer: Answer): number {
  const write = (step.method ?? 'GET') !== 'GET'
  const written = write
    ? /"modified_(?:utc|gmt)":"(\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d)"/u.exec(answer.text)?.[1]
    : undefined
  const at = written ? Date.parse(`${written.replace(' ', 'T')}Z`) : Number.NaN
  const date = answer.headers.get('date')
  const told = date ? Date.parse(date) : Date.now()
  // A draft's `0000-00-00 00:00:00` (WordPress's "not set") is no time, and a post given its own publication date
  // (tec/v1's `date`, which TEC also stores as its modification time) was not written then.
  return !Number.isNaN(at) && Math.abs(at - told) < MINUTE ? at : told
}

const MINUTE = 60_000

async function send(run: SideRun, step: Step): Promise<Answer> {
  const path = fill(step.path, run.names, (value) => encodeURIComponent(String(value)))
  const body = typeof step.body === 'string' ? fill(step.body, run.names, String) : fillBody(step.body, run.names)
  const answer = await run.side.send(step, path, body)
  let parsed: unknown
  try {
    // A JSONP answer is the JSON it calls back with (`/**\/cb({…})`).
    const json = /^\/\*\*\/[\w.]+\(([\s\S]*)\)$/u.exec(answer.text)?.[1] ?? answer.text
    parsed = json ? JSON.parse(json) : undefined
  } catch {
    parsed = undefined
  }
  // A post's revisions are posts WordPress makes on its own, first seen in their list.
  const write = (step.method ?? 'GET') !== 'GET' || /\/revisions(?:\?|$)/u.test(step.path)
  if (write && answer.status < 300) run.labels.learn(parsed, trimmedSpace(step.path))
  for (const [name, where] of Object.entries(step.save ?? {})) {
    const value = where
      .split('.')
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], parsed)
    if (value !== undefined) run.names.set(name, value)
  }
  return answer
}

function fill(text: string, names: Map<string, unknown>, encode: (value: unknown) => string): string {
  return text.replace(/\{(\w+)\}/gu, (whole, name) => (names.has(name) ? encode(names.get(name)) : whole))
}

/** `"{jazz}"` alone becomes the saved value itself (a number stays a number); inside a text, its text. */
function fillBody(body: unknown, names: Map<string, unknown>): unknown {
  if (typeof body === 'string') {
    const whole = /^\{(\w+)\}$/u.exec(body)
    if (whole && names.has(whole[1] as string)) return names.get(whole[1] as string)
    return fill(body, names, (value) => String(value))
  }
  if (Array.isArray(body)) return body.map((item) => fillBody(item, names))
  if (body && typeof body === 'object')
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, fillBody(value, names)]))
  return body
}
