/**
 * The requests of the responses-unchanged test, as data: a method, a path under a route prefix, who asks, and a
 * body for writes. `send` turns one into an in-process `app.request` (no socket).
 */
import type { H3 } from 'h3'
import { PREFIX, TEC_PREFIX } from '../../../src/http/prefixes.js'
import { TOKENS } from './generated-calendar.js'

/** Who sends a request: nobody (anonymous, or anyone in open mode), a user by token, or a token no user has. */
export type Who = 'anonymous' | keyof typeof TOKENS | 'wrong token'

/** One request. `body`: a string is sent as a form (`application/x-www-form-urlencoded`), anything else as JSON. */
export interface Step {
  method: string
  /** The full path, prefix and query included. */
  path: string
  who: Who
  body?: unknown
  /** When it is asked: ms after NOW (test/helpers.ts), default 0; time-dependent answers must follow the clock. */
  at?: number
}

/** GET steps for `paths` (each under `prefix`). */
export function gets(prefix: string, paths: string[], who: Who = 'anonymous'): Step[] {
  return paths.map((path) => ({ method: 'GET', path: prefix + path, who }))
}

/** GET steps for `paths` under calfile's prefix and then under TEC's (docs/errors.md). */
export function getsOnBothPrefixes(paths: string[], who: Who = 'anonymous'): Step[] {
  return [...gets(PREFIX, paths, who), ...gets(TEC_PREFIX, paths, who)]
}

/** A write (or any request with a body) under calfile's prefix. */
export function write(method: string, path: string, who: Who, body?: unknown): Step {
  return { method, path: PREFIX + path, who, body }
}

const HOUR = 3_600_000

/** The steps, asked `hours` after NOW. */
export function at(hours: number, steps: Step[]): Step[] {
  return steps.map((step) => ({ ...step, at: hours * HOUR }))
}

/** The step as one line, for the recording and failure messages: `POST /path as admin {"title":…} at NOW+26h`. */
export function label(step: Step): string {
  const who = step.who === 'anonymous' ? '' : ` as ${step.who}`
  const body =
    step.body === undefined ? '' : ` ${typeof step.body === 'string' ? step.body : JSON.stringify(step.body)}`
  const at = step.at ? ` at NOW+${step.at / HOUR}h` : ''
  return `${step.method} ${step.path}${who}${body}${at}`
}

/** Sends the step to the app in process. */
export function send(app: H3, step: Step): Promise<Response> {
  const headers: Record<string, string> = {}
  if (step.who === 'wrong token') headers.authorization = 'Bearer tok-nobody'
  else if (step.who !== 'anonymous') headers.authorization = `Bearer ${TOKENS[step.who]}`
  let body: string | undefined
  if (typeof step.body === 'string') {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = step.body
  } else if (step.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(step.body)
  }
  return Promise.resolve(app.request(step.path, { method: step.method, headers, body }))
}
