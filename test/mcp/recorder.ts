/**
 * A recording proxy between TEC's MCP server and the site it talks to (the real TEC or calfile): every request the
 * MCP server sends and every answer it gets, in order, so that a test can say which HTTP exchanges an MCP tool call
 * made and compare them across the two sites.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request of the MCP server and the site's answer. */
export interface Exchange {
  method: string
  /** Path and query, as the MCP server sent them (`/wp-json/tec/v1/events/12?force=true`). */
  path: string
  /** The request body, or '' for none. */
  request: string
  status: number
  /** The answer's body as text. */
  answer: string
}

/** The proxy: its origin (the MCP server's `WP_URL`), the exchanges since the last `take`, and how to stop it. */
export interface Recorder {
  origin: string
  /** The exchanges recorded since the previous call, oldest first. */
  take(): Exchange[]
  close(): Promise<void>
}

/** Headers not passed on: hop-by-hop ones, and those fetch sets itself or that no longer hold once it decodes the body. */
const DROPPED = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'content-encoding', 'keep-alive'])

/** Starts a proxy on a free loopback port that passes every request on to `target` (an origin) and records it. */
export async function startRecorder(target: string): Promise<Recorder> {
  let exchanges: Exchange[] = []
  const server: Server = createServer(async (incoming, outgoing) => {
    const request = await bodyOf(incoming)
    const method = incoming.method ?? 'GET'
    const path = incoming.url ?? '/'
    try {
      const answer = await fetch(target + path, {
        method,
        headers: passed(Object.entries(incoming.headers)),
        body: request === '' ? undefined : request,
        redirect: 'manual',
      })
      const text = await answer.text()
      exchanges.push({ method, path, request, status: answer.status, answer: text })
      outgoing.writeHead(answer.status, Object.fromEntries(passed([...answer.headers])))
      outgoing.end(text)
    } catch (error) {
      exchanges.push({ method, path, request, status: 502, answer: String(error) })
      outgoing.writeHead(502).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    take() {
      const taken = exchanges
      exchanges = []
      return taken
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

function passed(headers: [string, string | string[] | undefined][]): [string, string][] {
  return headers
    .filter(([name, value]) => value !== undefined && !DROPPED.has(name.toLowerCase()))
    .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value as string)])
}

async function bodyOf(incoming: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of incoming) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
