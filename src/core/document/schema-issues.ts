import * as v from 'valibot'
import { DocumentFileSchema } from '../model/records.js'
import type { JsonPath } from './locate.js'

/** One problem the data file's valibot schema finds: where, and what. */
export interface SchemaIssue {
  path: JsonPath
  message: string
}

type AnySchema = v.GenericSchema

/** Each record list of the data file (`events`, `venues`, …) with the schema of one record, in the file schema's order. */
const RECORD_LISTS: ReadonlyArray<readonly [string, AnySchema]> = Object.entries(DocumentFileSchema.entries).flatMap(
  ([key, entry]) => {
    const inner = (entry.type === 'optional' ? (entry as { wrapped: AnySchema }).wrapped : entry) as AnySchema
    return inner.type === 'array' ? [[key, (inner as unknown as { item: AnySchema }).item] as const] : []
  },
)

/** The schema's keys in order, for sorting issues as one parse of the whole file lists them. */
const KEY_ORDER = new Map(Object.keys(DocumentFileSchema.entries).map((key, index) => [key, index]))

function issuesOf(result: v.SafeParseResult<AnySchema>, prefix: JsonPath): SchemaIssue[] {
  return (result.issues ?? []).map((issue) => ({
    path: [...prefix, ...(issue.path ?? []).map((item) => item.key as string | number)],
    message: issue.message,
  }))
}

/**
 * The problems `DocumentFileSchema` finds in a parsed data file, in the order one parse of the whole file gives them,
 * and whether it passes. The record lists are parsed one record at a time: valibot builds a copy of what it parses,
 * and a copy of one record is garbage at once, where a copy of the whole file lives until its last record is read
 * (at 10,000 events, most of the time a first start spends validating went to the garbage collector). The rest of
 * the file is parsed with its lists emptied.
 *
 * @example
 * schemaIssues({ events: [{ title: 'Jazz' }] })
 * // { success: false, issues: [{ path: ['events', 0, 'start_date'], message: … }, …] }
 */
export function schemaIssues(file: unknown): { success: boolean; issues: SchemaIssue[] } {
  if (typeof file !== 'object' || file === null || Array.isArray(file)) {
    const result = v.safeParse(DocumentFileSchema, file, { abortEarly: false })
    return { success: result.success, issues: issuesOf(result, []) }
  }
  const record = file as Record<string, unknown>
  const shell: Record<string, unknown> = { ...record }
  const issues: SchemaIssue[] = []
  for (const [key, schema] of RECORD_LISTS) {
    const items = record[key]
    if (!Array.isArray(items)) continue
    shell[key] = []
    for (let index = 0; index < items.length; index++) {
      const result = v.safeParse(schema, items[index], { abortEarly: false })
      if (!result.success) issues.push(...issuesOf(result, [key, index]))
    }
  }
  issues.push(...issuesOf(v.safeParse(DocumentFileSchema, shell, { abortEarly: false }), []))
  // Stable: within one key, issues keep the order of their records.
  const rank = (issue: SchemaIssue) => KEY_ORDER.get(String(issue.path[0])) ?? KEY_ORDER.size
  issues.sort((a, b) => rank(a) - rank(b))
  return { success: issues.length === 0, issues }
}
