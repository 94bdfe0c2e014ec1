/**
 * TEC's own MCP server (github.com/the-events-calendar/mcp-server at 4fcf794, v0.1.6), vendored in
 * `.tec-mcp-server/` (its PROVENANCE.md): built from its own lockfile and its own build, then run as an MCP client
 * runs it, a child process spoken to over stdio with the MCP SDK's client (the copy its own install brings).
 */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'

/** The vendored server's folder. */
export const SERVER_DIR = new URL('./.tec-mcp-server/', import.meta.url).pathname

/** Its three tools (its src/tools/index.ts). */
export const TOOLS = {
  read: 'tec-calendar-read-entities',
  write: 'tec-calendar-create-update-entities',
  delete: 'tec-calendar-delete-entities',
} as const

export type Tool = (typeof TOOLS)[keyof typeof TOOLS]

/** What a tool call gives back: the MCP result's `isError` and the texts of its content, in order. */
export interface ToolResult {
  isError: boolean
  texts: string[]
}

/** A running MCP server and the client connected to it. */
export interface McpSession {
  /** The names of the tools it lists. */
  tools(): Promise<string[]>
  call(tool: Tool, args: Record<string, unknown>): Promise<ToolResult>
  close(): Promise<void>
}

/** The site the server manages, as its README configures it: `WP_URL`, `WP_USERNAME`, `WP_APP_PASSWORD`. */
export interface Site {
  url: string
  user: string
  password: string
}

/** The user's environment, without vitest's (NODE_ENV=test, VITEST*), for the build and the server. */
function userEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST')),
  )
}

/** Installs and builds the server when a clean clone has not yet (build-server.sh; in CI, .ci/run has). */
export async function buildServer(): Promise<void> {
  await promisify(execFile)('bash', [new URL('./build-server.sh', import.meta.url).pathname], {
    env: userEnv(),
    timeout: 600_000,
  })
}

/** The parts of the MCP SDK's client this test uses (its client/index.js and client/stdio.js). */
interface SdkClient {
  connect(transport: unknown): Promise<void>
  listTools(): Promise<{ tools: { name: string }[] }>
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<{
    isError?: boolean
    content: { type: string; text?: string }[]
  }>
  close(): Promise<void>
}
interface SdkModules {
  Client: new (info: { name: string; version: string }) => SdkClient
  StdioClientTransport: new (parameters: {
    command: string
    args: string[]
    env: Record<string, string>
    cwd: string
    stderr: 'pipe'
  }) => { stderr: NodeJS.ReadableStream | null }
}

/** The SDK's client, from the server's own install (imported by path: calfile does not depend on it). */
async function sdk(): Promise<SdkModules> {
  const module = (path: string) =>
    import(pathToFileURL(join(SERVER_DIR, 'node_modules/@modelcontextprotocol/sdk/dist/esm', path)).href)
  const [{ Client }, { StdioClientTransport }] = await Promise.all([
    module('client/index.js'),
    module('client/stdio.js'),
  ])
  return { Client, StdioClientTransport }
}

/**
 * Starts the server for `site` (in `cwd`, where it would read a `.env`) and connects a client to it. The server
 * checks the site before it answers (`GET /wp-json/`, `/wp-json/wp/v2/users/me`, `/wp-json/wp/v2/settings`, its
 * ApiClient.getSiteInfo) and exits when that fails; the error then carries what it printed.
 */
export async function connect(site: Site, cwd: string): Promise<McpSession> {
  const { Client, StdioClientTransport } = await sdk()
  const env = Object.fromEntries(
    Object.entries({ ...userEnv(), WP_URL: site.url, WP_USERNAME: site.user, WP_APP_PASSWORD: site.password }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  )
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(SERVER_DIR, 'dist/index.js')],
    env,
    cwd,
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (chunk) => (stderr += chunk))
  const client = new Client({ name: 'calfile-mcp-test', version: '1.0.0' })
  try {
    await client.connect(transport)
  } catch (error) {
    throw new Error(`TEC's MCP server did not start against ${site.url}: ${String(error)}\n${stderr}`)
  }
  return {
    tools: async () => (await client.listTools()).tools.map((tool) => tool.name),
    async call(tool, args) {
      const result = await client.callTool({ name: tool, arguments: args })
      return { isError: result.isError === true, texts: result.content.map((part) => part.text ?? '') }
    },
    close: () => client.close(),
  }
}
