/**
 * Compares the two sides' answers to one request after normalising (normalise.ts): the status, the body leaf by
 * leaf (every path to a scalar, an empty array or an empty object), and the headers clients read. Adds up the
 * three figures the parity suite reports.
 */

import { COMPARED_HEADERS, type IdLabels, inScope, normaliseBody, normaliseHeader, trimmedSpace } from './normalise.js'
import type { Step } from './scenario.js'
import type { Answer } from './sides.js'

export interface Difference {
  where: string
  tec: unknown
  calfile: unknown
}

export interface Comparison {
  request: string
  status: { tec: number; calfile: number }
  leaves: { equal: number; total: number; differences: Difference[] }
  headers: { equal: number; total: number; differences: Difference[] }
}

export interface Figures {
  requests: number
  statuses: { equal: number; total: number }
  leaves: { equal: number; total: number }
  headers: { equal: number; total: number }
}

const MISSING = '(missing)'

export interface Sided {
  answer: Answer
  labels: IdLabels
  origin: string
}

/**
 * One request's comparison. The step says which body keys count: with `superset`, only TEC's (calfile may answer
 * more); under `/wp-json/`'s index, only the namespaces calfile serves (`inScope`).
 */
export function compare(
  request: string,
  tec: Sided,
  calfile: Sided,
  step: Pick<Step, 'path' | 'superset'> = { path: '' },
): Comparison {
  const tecLeaves = leaves(inScope(step.path, bodyOf(tec, step.path)))
  const calfileLeaves = leaves(inScope(step.path, bodyOf(calfile, step.path)))
  const leafDifferences: Difference[] = []
  let leafEqual = 0
  const wheres = step.superset ? tecLeaves.keys() : new Set([...tecLeaves.keys(), ...calfileLeaves.keys()])
  for (const where of wheres) {
    const a = tecLeaves.has(where) ? tecLeaves.get(where) : MISSING
    const b = calfileLeaves.has(where) ? calfileLeaves.get(where) : MISSING
    if (Object.is(a, b)) leafEqual++
    else leafDifferences.push({ where, tec: a, calfile: b })
  }
  const headerDifferences: Difference[] = []
  let headerEqual = 0
  let headerTotal = 0
  for (const name of COMPARED_HEADERS) {
    const a = headerOf(tec, name)
    const b = headerOf(calfile, name)
    if (a === undefined && b === undefined) continue
    headerTotal++
    if (a === b) headerEqual++
    else headerDifferences.push({ where: name, tec: a ?? MISSING, calfile: b ?? MISSING })
  }
  return {
    request,
    status: { tec: tec.answer.status, calfile: calfile.answer.status },
    leaves: { equal: leafEqual, total: leafEqual + leafDifferences.length, differences: leafDifferences },
    headers: { equal: headerEqual, total: headerTotal, differences: headerDifferences },
  }
}

/** The three figures over many comparisons. */
export function figures(comparisons: Comparison[]): Figures {
  const sum = (pick: (c: Comparison) => { equal: number; total: number }) =>
    comparisons.reduce((total, c) => ({ equal: total.equal + pick(c).equal, total: total.total + pick(c).total }), {
      equal: 0,
      total: 0,
    })
  return {
    requests: comparisons.length,
    statuses: {
      equal: comparisons.filter((c) => c.status.tec === c.status.calfile).length,
      total: comparisons.length,
    },
    leaves: sum((c) => c.leaves),
    headers: sum((c) => c.headers),
  }
}

/** WordPress's JSONP answer: `/**\/<callback>(<json>)`. */
const JSONP = /^\/\*\*\/([\w.]+)\(([\s\S]*)\)$/u

/**
 * The body as compared: JSON normalised (normalise.ts), JSONP as its callback and the JSON it is called with, an
 * answer trimmed by `_fields` with its `id`s named by creation order though nothing else says whose they are.
 */
function bodyOf({ answer, labels, origin }: Sided, path: string): unknown {
  if (answer.text === '') return undefined
  const trimmed = trimmedSpace(path)
  try {
    const jsonp = JSONP.exec(answer.text)
    if (jsonp)
      return {
        '(callback)': jsonp[1],
        '(json)': normaliseBody(JSON.parse(jsonp[2] as string), labels, origin, trimmed),
      }
    return normaliseBody(JSON.parse(answer.text), labels, origin, trimmed)
  } catch {
    return { '(text)': answer.text.split(origin).join('{origin}') }
  }
}

function headerOf({ answer, labels, origin }: Sided, name: string): string | undefined {
  const value = answer.headers.get(name)
  return value === null ? undefined : normaliseHeader(value, labels, origin)
}

/** `{a: {b: [1]}}` → `a.b[0]` → 1; empty arrays and objects are leaves of their own. */
function leaves(body: unknown): Map<string, unknown> {
  const found = new Map<string, unknown>()
  const walk = (value: unknown, where: string) => {
    if (Array.isArray(value)) {
      if (value.length === 0) found.set(where, '[]')
      for (const [index, item] of value.entries()) walk(item, `${where}[${index}]`)
    } else if (value && typeof value === 'object') {
      const entries = Object.entries(value)
      if (entries.length === 0) found.set(where, '{}')
      for (const [key, item] of entries) walk(item, where ? `${where}.${key}` : key)
    } else found.set(where || '(body)', value)
  }
  if (body !== undefined) walk(body, '')
  return found
}
