import * as v from 'valibot'

const results = new WeakMap<object, Map<v.GenericSchema, v.SafeParseResult<v.GenericSchema>>>()
const settled = new WeakSet<object>()

/**
 * Marks an input that nobody changes any more, such as an HTTP request's query or body as parsed: `safeParseOnce`
 * keeps valibot's answers about it. A library caller's objects are never marked, since a caller may change one
 * between calls.
 */
export function markSettled(input: unknown): void {
  if (typeof input === 'object' && input !== null) settled.add(input)
}

/** Whether `input` was marked settled: nobody changes it any more. */
export function isSettled(input: object): boolean {
  return settled.has(input)
}

/**
 * `v.safeParse(schema, input)`, asked once per settled input (see `markSettled`) and schema: an HTTP request's
 * query is checked in the parameter step of docs/errors.md and read again by the resource, and valibot on a list's
 * thirty parameters was a tenth of a cached list's time. Any other input is parsed every time.
 *
 * @example
 * const parsed = safeParseOnce(eventQuerySchema('extended'), query)
 */
export function safeParseOnce<S extends v.GenericSchema>(schema: S, input: unknown): v.SafeParseResult<S> {
  if (typeof input !== 'object' || input === null || !isSettled(input)) return v.safeParse(schema, input)
  let bySchema = results.get(input)
  if (!bySchema) {
    bySchema = new Map()
    results.set(input, bySchema)
  }
  let result = bySchema.get(schema)
  if (!result) {
    result = v.safeParse(schema, input)
    bySchema.set(schema, result)
  }
  return result as v.SafeParseResult<S>
}
