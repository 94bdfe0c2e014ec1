/**
 * The recorded responses of the responses-unchanged test: one gzip-compressed JSON file (node:zlib), read to
 * compare and written when re-recording, and the comparison of one response with its recording.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { gunzipSync, gzipSync } from 'node:zlib'

/** The headers compared, lower case; an absent one is recorded as null. */
const HEADERS = ['content-type', 'x-tec-total', 'x-tec-totalpages', 'link', 'location'] as const

/** One response as recorded: the request that asked for it, its status, the compared headers, the body text. */
export interface Recorded {
  request: string
  status: number
  headers: Record<string, string | null>
  body: string
}

/** Scenario name → its responses, in the order they were asked for. */
export type Recording = Record<string, Recorded[]>

/** The recording file, or an empty recording when there is none yet. */
export function readRecording(file: URL): Recording {
  return existsSync(file) ? (JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as Recording) : {}
}

/** Writes the recording file (gzip at the highest level: it is read far more often than it is written). */
export function writeRecording(file: URL, recording: Recording): void {
  writeFileSync(file, gzipSync(JSON.stringify(recording), { level: 9 }))
}

/** A fetch Response as recorded. */
export async function recordedOf(request: string, response: Response): Promise<Recorded> {
  const headers = Object.fromEntries(HEADERS.map((name) => [name, response.headers.get(name)]))
  return { request, status: response.status, headers, body: await response.text() }
}

/** How `actual` differs from `expected` (the request, then each difference), or undefined when it is the same. */
export function difference(expected: Recorded | undefined, actual: Recorded): string | undefined {
  if (expected === undefined) return `${actual.request}\n  not in the recording`
  if (expected.request !== actual.request) {
    return `${actual.request}\n  the recording has ${expected.request} here: the request list changed, re-record`
  }
  const lines = [
    ...(expected.status === actual.status ? [] : [`status ${actual.status}, recorded ${expected.status}`]),
    ...HEADERS.filter((name) => expected.headers[name] !== actual.headers[name]).map(
      (name) => `${name}: ${JSON.stringify(actual.headers[name])}, recorded ${JSON.stringify(expected.headers[name])}`,
    ),
    ...(expected.body === actual.body ? [] : [bodyDifference(expected.body, actual.body)]),
  ]
  return lines.length === 0
    ? undefined
    : [actual.request, ...lines].map((line, k) => (k ? `  ${line}` : line)).join('\n')
}

const CONTEXT = 80

/** Where two texts first differ, with CONTEXT characters of each around that place and a caret under it. */
function bodyDifference(expected: string, actual: string): string {
  let at = 0
  while (at < expected.length && at < actual.length && expected[at] === actual[at]) at++
  const from = Math.max(0, at - CONTEXT)
  const around = (text: string) => text.slice(from, at + CONTEXT)
  return [
    `body differs at character ${at} (length ${actual.length}, recorded ${expected.length}):`,
    `    now:      ${around(actual)}`,
    `    recorded: ${around(expected)}`,
    `              ${' '.repeat(at - from)}^`,
  ].join('\n')
}
