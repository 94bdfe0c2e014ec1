import * as v from 'valibot'
import { parseDateInput } from '../dates/zoned.js'
import { STATUSES } from '../model/records.js'
import { holdsWellFormedText, ILL_FORMED, illFormedReason, isWellFormed } from '../well-formed.js'

/**
 * Request field schemas shared by every resource (docs/writes.md, docs/lists.md): they accept what JSON bodies, form
 * bodies (PHP brackets) and query strings carry, and turn it into one type. Each has a `description` for the root
 * route and the OpenAPI document.
 */

const TRUE = new Set(['true', '1', 'yes', 'on'])
const FALSE = new Set(['false', '0', 'no', 'off'])

/** `true/false`, `1/0`, `"true"/"false"`, `"yes"/"no"`, `"on"/"off"` → boolean (docs/writes.md). */
export const boolField = (description: string) =>
  v.pipe(
    v.union([v.boolean(), v.number(), v.string()], 'must be a boolean'),
    v.check(
      (value) =>
        typeof value === 'boolean' || TRUE.has(String(value).toLowerCase()) || FALSE.has(String(value).toLowerCase()),
      'must be a boolean',
    ),
    v.transform((value) => value === true || TRUE.has(String(value).toLowerCase())),
    v.description(description),
    v.metadata({ type: 'boolean' }),
  )

/**
 * Refuses a text with a lone UTF-16 surrogate, which could be neither stored nor served (src/core/well-formed.ts):
 * only a library call can send one, as a request body that writes one is refused before it is read.
 */
const wellFormed = () =>
  v.check(
    (text: string) => isWellFormed(text),
    (issue) => illFormedReason(issue.input) ?? '',
  )

/** Refuses a value of any shape that holds a lone UTF-16 surrogate in a text or a key (see `wellFormed`). */
export const wellFormedValue = <T>() => v.check((value: T) => holdsWellFormedText(value), ILL_FORMED)

/** A string; numbers are taken as their text (form bodies and numbers typed by people). */
export const textField = (description: string) =>
  v.pipe(
    v.union([v.string(), v.number()], 'must be a string'),
    v.transform((value) => String(value)),
    wellFormed(),
    v.description(description),
    v.metadata({ type: 'string' }),
  )

/** The Unix epoch as a UTC wall time: what PHP's `strtotime` reads as 0 in WordPress's UTC. */
const EPOCH = '1970-01-01 00:00:00'

/**
 * Whether `value` is a date TEC takes (`Tribe__Validator__Base::is_time`): one PHP's `strtotime` reads, but not as 0,
 * which is refused like a date it cannot read (`1970-01-01`, `1970-01-01T00:00:00Z`). Read with two clocks, so that
 * a relative date (`today`) that happens to give the epoch at one of them is not refused.
 */
function isTecTime(value: string | number): boolean {
  const wall = parseDateInput(value, 'UTC', 0)
  return wall !== null && (wall !== EPOCH || parseDateInput(value, 'UTC', 86_400_000) !== EPOCH)
}

/**
 * A date in any form of docs/writes.md. Whether it is a date does not depend on the zone or the clock, so it is
 * checked here, with the parameters; it is read later against the right zone and clock.
 */
export const dateField = (description: string) =>
  v.pipe(
    v.union([v.string(), v.number()], 'must be a date'),
    v.check(
      (value) => value === '' || isTecTime(value),
      (issue) => `not a date: ${JSON.stringify(issue.input)}`,
    ),
    v.description(description),
    v.metadata({ type: 'string' }),
  )

const HTTP_URL = /^https?:\/\/[^\s/]+/iu

/** An absolute http(s) URL (docs/writes.md `website`, `image`). */
export function isHttpUrl(value: string): boolean {
  return HTTP_URL.test(value)
}

/** An absolute http(s) URL, or empty to clear it (docs/writes.md `website`). */
export const urlField = (description: string) =>
  v.pipe(
    v.string('must be a string'),
    wellFormed(),
    v.check((value) => value === '' || isHttpUrl(value), 'must be an absolute http(s) URL or empty'),
    v.description(description),
    v.metadata({ type: 'string' }),
  )

/** Post statuses as a list (CSV or array); an unknown one is a 400 (docs/auth.md). */
export const statusListField = (description: string) =>
  v.pipe(
    v.unknown(),
    v.check(
      (value) => listItems(value).every((item) => (STATUSES as readonly string[]).includes(String(item).toLowerCase())),
      `must be one of ${STATUSES.join(', ')}`,
    ),
    v.description(description),
    v.metadata({ type: 'array', items: 'string' }),
  )

const DIGITS = /^\d+$/u

/** A positive integer given as a number or digits (`page`, `per_page`, an ID). */
export const positiveIntField = (description: string) =>
  v.pipe(
    v.union([v.number(), v.string()], 'must be a positive integer'),
    v.check(
      (value) => (typeof value === 'number' ? Number.isInteger(value) : DIGITS.test(value.trim())),
      'must be a positive integer',
    ),
    v.transform((value) => Number(value)),
    v.minValue(1, 'must be a positive integer'),
    v.description(description),
    v.metadata({ type: 'integer' }),
  )

/** Items of a list given as an array, CSV (`1,2`) or one value (docs/lists.md). */
export function listItems(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap((item) => (typeof item === 'string' ? splitCsv(item) : [item]))
  if (value && typeof value === 'object') return Object.values(value)
  if (typeof value === 'string') return splitCsv(value)
  return value === undefined || value === null ? [] : [value]
}

function splitCsv(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
}

/** A list of positive IDs: array, CSV or one (docs/lists.md). */
export const idListField = (description: string) =>
  v.pipe(
    v.unknown(),
    v.transform(listItems),
    v.array(positiveIntField('ID'), 'must be a list of IDs'),
    v.description(description),
    v.metadata({ type: 'array', items: 'integer' }),
  )

/** A list of IDs or slugs: array, CSV or one. */
export const refListField = (description: string) =>
  v.pipe(
    v.unknown(),
    v.transform(listItems),
    v.array(
      v.pipe(
        v.union([v.number(), v.string()], 'must be IDs or slugs'),
        wellFormedValue<string | number>(),
        v.transform((item) => (typeof item === 'number' || DIGITS.test(item) ? Number(item) : item)),
      ),
      'must be IDs or slugs',
    ),
    v.description(description),
    v.metadata({ type: 'array', items: 'string' }),
  )

/** A list of strings: array, CSV or one. */
export const stringListField = (description: string) =>
  v.pipe(
    v.unknown(),
    v.transform(listItems),
    v.array(v.pipe(v.union([v.string(), v.number()]), v.transform(String), wellFormed()), 'must be a list of strings'),
    v.description(description),
    v.metadata({ type: 'array', items: 'string' }),
  )

/** Runs a request schema; every failing field becomes one entry of a 400 `rest_invalid_param`. */
export function firstIssuesByField(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const params: Record<string, string> = {}
  for (const issue of issues) {
    const key = String(issue.path?.[0]?.key ?? 'body')
    params[key] ??= issue.message
  }
  return params
}
