import * as v from 'valibot'
import { invalidParams } from '../core/errors.js'
import { PREFIX, TEC_PREFIX } from '../http/prefixes.js'
import { TEC_V1_PREFIX } from '../http/tec-v1/mount.js'

/**
 * What a fault does to a request it matches: answers an error status (with `Retry-After`, in seconds, when given),
 * makes it wait `delay` ms before it is served as usual, or closes its connection with no answer.
 */
export type FaultAction = { status: number; retry_after?: number } | { delay: number } | { close: true }

/**
 * A fault as `POST /_calfile/faults` takes it. `path` is matched against the path without its query and without
 * either prefix of the interface (`/calendar/events/v1`, `/wp-json/tribe/events/v1`), which may be written or
 * left out: `/events`, `/wp-json/tribe/events/v1/events` and `/calendar/events/v1/events` are the same pattern. A
 * `*` stands for any run of characters, `/` included (`/events/*`, `*`). `method` is an HTTP method, or any when
 * left out. `times`: how many requests it answers before it goes away (default: all until removed). `percent`:
 * the chance, 0–100, that a matching request is answered by it (default 100); a request it spares is not counted.
 */
export type FaultRule = { method?: string; path: string; times?: number; percent?: number } & FaultAction

/** A fault in the list: its rule, its id, and what it has done. */
export type Fault = FaultRule & {
  id: string
  method: string
  percent: number
  /** Requests it answered so far. */
  answered: number
}

const PREFIXES = [PREFIX, TEC_PREFIX, TEC_V1_PREFIX]
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', '*']

const Common = {
  method: v.optional(v.picklist(METHODS)),
  path: v.pipe(v.string(), v.regex(/^[/*]/u)),
  times: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  percent: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100))),
}
const Action = {
  status: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)),
  retry_after: v.pipe(v.number(), v.integer(), v.minValue(0)),
  delay: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(600_000)),
  close: v.literal(true),
}
const FaultRuleSchema = v.union([
  v.strictObject({ ...Common, status: Action.status, retry_after: v.optional(Action.retry_after) }),
  v.strictObject({ ...Common, delay: Action.delay }),
  v.strictObject({ ...Common, close: Action.close }),
])
/** Every field alone, to name the wrong ones of a refused body. */
const FieldsSchema = v.partial(v.strictObject({ ...Common, ...Action }))

const HINTS: Record<string, string> = {
  method: `one of ${METHODS.join(', ')}; any when left out`,
  path: 'a path such as /events or /wp-json/tribe/events/v1/events/*, where * stands for any characters',
  times: 'a whole number from 1',
  percent: 'a number from 0 to 100',
  status: 'a whole number from 400 to 599',
  retry_after: 'whole seconds from 0, with a status',
  delay: 'whole ms from 0 to 600000',
  close: 'true',
}
const ACTION_HINT = 'send exactly one of status, delay or close'

/**
 * The faults a test suite injects into the interface, in the order they were added: the first matching fault that
 * fires decides what happens to a request. Random draws (for `percent`) come from `random`, a source of numbers in
 * [0, 1), so that a test can make them certain.
 *
 * @example
 * const faults = new FaultRules()
 * faults.add({ method: 'GET', path: '/events', status: 503, retry_after: 1, times: 2 })
 * faults.decide('GET', '/calendar/events/v1/events') // the fault: answer 503 (once more after this)
 */
export class FaultRules {
  readonly #random: () => number
  #faults: Fault[] = []
  #lastId = 0

  constructor(random: () => number = Math.random) {
    this.#random = random
  }

  /**
   * Adds a fault from a request body (or a test's call).
   * @throws CalendarError 400 `rest_invalid_param` naming each field that is wrong, for a body that is no fault.
   */
  add(body: unknown): Fault {
    const parsed = v.safeParse(FaultRuleSchema, body)
    if (!parsed.success) throw invalidParams(problemsOf(body))
    const rule = parsed.output
    const fault: Fault = {
      ...rule,
      id: String(++this.#lastId),
      method: rule.method ?? '*',
      percent: rule.percent ?? 100,
      answered: 0,
    }
    this.#faults.push(fault)
    return { ...fault }
  }

  /** The faults in force, oldest first (copies). */
  list(): Fault[] {
    return this.#faults.map((fault) => ({ ...fault }))
  }

  /** Removes a fault, and returns it as it was; undefined when there is none by that id. */
  remove(id: string): Fault | undefined {
    const fault = this.#faults.find((f) => f.id === id)
    this.#faults = this.#faults.filter((f) => f !== fault)
    return fault
  }

  clear(): void {
    this.#faults = []
  }

  /**
   * The fault that answers a request, counted as such (a fault whose `times` are spent goes away), or undefined
   * when none matches or fires. `path` is the path as routed, query left out.
   */
  decide(method: string, path: string): Fault | undefined {
    const route = withoutPrefix(path)
    for (const fault of this.#faults) {
      if (fault.method !== '*' && fault.method !== method) continue
      if (!patternOf(fault.path).test(route)) continue
      if (fault.percent < 100 && this.#random() * 100 >= fault.percent) continue
      fault.answered++
      if (fault.times !== undefined && fault.answered >= fault.times) this.remove(fault.id)
      return { ...fault }
    }
    return undefined
  }
}

/** The path under the interface's prefix: `/calendar/events/v1/events/12` → `/events/12`, a prefix alone → ``. */
function withoutPrefix(path: string): string {
  const prefix = PREFIXES.find((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}*`))
  return prefix === undefined ? path : path.slice(prefix.length)
}

const patterns = new Map<string, RegExp>()

/** A path pattern as a regular expression: `*` any characters, everything else literal. */
function patternOf(path: string): RegExp {
  let pattern = patterns.get(path)
  if (!pattern) {
    const parts = withoutPrefix(path)
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/gu, '\\$&'))
    pattern = new RegExp(`^${parts.join('.*')}$`, 'u')
    patterns.set(path, pattern)
  }
  return pattern
}

/** Each field of a refused fault body with what it takes, or the actions when the body names none or several. */
function problemsOf(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return { path: HINTS.path ?? '', status: ACTION_HINT }
  const fields = body as Record<string, unknown>
  const actions = ['status', 'delay', 'close'].filter((key) => key in fields)
  const problems: Record<string, string> = {}
  for (const key of Object.keys(fields)) {
    if (!v.safeParse(FieldsSchema, { [key]: fields[key] }).success)
      problems[key] = HINTS[key] ?? 'not a field of a fault'
  }
  if (!('path' in fields)) problems.path = HINTS.path ?? ''
  if (actions.length !== 1) problems[actions[1] ?? 'status'] = ACTION_HINT
  if ('retry_after' in fields && !('status' in fields)) problems.retry_after = HINTS.retry_after ?? ''
  return problems
}
