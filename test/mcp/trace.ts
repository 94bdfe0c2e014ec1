/**
 * An operation's calls in a form two sites can be compared on, and in a form a person reads: the comparison keeps
 * what the assistant sees and what the MCP server sent (the summary line, whether it is an error, the requests and
 * their statuses, the fields of the record returned), with the records' IDs replaced by their kind, as the two
 * sites number their posts differently.
 */
import type { Call, Kind } from './driver.js'

/** One tool call, as compared across sites. */
export interface Outcome {
  tool: string
  isError: boolean
  /** The summary line, IDs replaced (`Successfully created venue with ID: <venue>`). */
  summary: string
  /** `METHOD path → status` of each request it sent, IDs replaced. */
  requests: string[]
  /** The top-level fields of the record it returned (for a list, of its records), sorted. */
  fields: string[]
}

/** The calls of one operation, comparable across sites; `ids` are that site's IDs of the records created. */
export function outcomes(calls: Call[], ids: Partial<Record<Kind, number>>): Outcome[] {
  const kindOf = new Map(Object.entries(ids).map(([kind, id]) => [String(id), `<${kind}>`]))
  const named = (id: string) => kindOf.get(id) ?? id
  return calls.map((call) => ({
    tool: call.tool,
    isError: call.result.isError,
    summary: (call.result.texts[0] ?? '').replace(/(ID:? )(\d+)/gu, (_, before, id) => before + named(id)),
    requests: call.http.map(
      (exchange) =>
        `${exchange.method} ${exchange.path.replace(/\/(\d+)(?=[/?]|$)/gu, (_, id) => `/${named(id)}`)} → ${exchange.status}`,
    ),
    fields: fieldsOf(call.result.texts[1]),
  }))
}

function fieldsOf(text: string | undefined): string[] {
  let value: unknown
  try {
    value = JSON.parse(text ?? '')
  } catch {
    return []
  }
  const records = Array.isArray(value) ? value : [value]
  const fields = new Set(
    records.flatMap((record) => (record && typeof record === 'object' ? Object.keys(record as object) : [])),
  )
  return [...fields].sort()
}

/** Each call of an operation in full, for the report: arguments, answer, and every request with its answer. */
export function describeCalls(calls: Call[]): string {
  const clip = (text: string) => (text.length > 3000 ? `${text.slice(0, 3000)}… (${text.length} characters)` : text)
  return calls
    .map((call) =>
      [
        `  ${call.tool} ${JSON.stringify(call.args)}`,
        `    → ${call.result.isError ? 'isError ' : ''}${clip(call.result.texts[0] ?? '')}`,
        ...call.http.flatMap((exchange) => [
          `    ${exchange.method} ${exchange.path}${exchange.request ? ` ${clip(exchange.request)}` : ''}`,
          `      ${exchange.status} ${clip(exchange.answer)}`,
        ]),
      ].join('\n'),
    )
    .join('\n')
}
