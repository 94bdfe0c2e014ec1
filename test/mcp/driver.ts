/**
 * What the operations of operations.ts drive: an MCP session whose every tool call is kept with the HTTP exchanges
 * it made (through the recorder), and the IDs of the records the operations created, for the later ones to name.
 */
import type { Exchange, Recorder } from './recorder.js'
import type { McpSession, Tool, ToolResult } from './tec-mcp-server.js'

/** One tool call: what was asked, what the MCP server answered, and the requests it sent the site to answer it. */
export interface Call {
  tool: Tool
  args: Record<string, unknown>
  result: ToolResult
  http: Exchange[]
}

/** The records the operations created, by kind (the MCP server's post types). */
export type Kind = 'venue' | 'organizer' | 'event'

/** A tool's answer: `isError`, its texts, and its second text (the record or the list) parsed when it is JSON. */
export interface Answer extends ToolResult {
  /** The summary line (`Successfully created venue with ID: 4`, `Found 1 event`, `Error 404: …`). */
  summary: string
  json: any
}

export class Driver {
  /** IDs of the records created so far. */
  readonly ids: Partial<Record<Kind, number>> = {}
  /** The calls of the operation under way. */
  calls: Call[] = []

  constructor(
    private readonly session: McpSession,
    private readonly recorder: Recorder,
  ) {}

  /** Calls a tool; keeps the call and the requests it made. */
  async call(tool: Tool, args: Record<string, unknown>): Promise<Answer> {
    this.recorder.take()
    const result = await this.session.call(tool, args)
    this.calls.push({ tool, args, result, http: this.recorder.take() })
    return { ...result, summary: result.texts[0] ?? '', json: parsed(result.texts[1]) }
  }

  /** The ID of a record an earlier operation created. */
  id(kind: Kind): number {
    const id = this.ids[kind]
    if (id === undefined) throw new Error(`no ${kind} was created before this operation`)
    return id
  }
}

function parsed(text: string | undefined): unknown {
  if (text === undefined) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
