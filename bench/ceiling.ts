import { H3 } from 'h3'
import { toNodeHandler } from 'h3/node'
import { type Listener, listen } from 'listhen'
import { FastResponse } from 'srvx'

/** A 200 answer captured from calfile: its body text and the headers that describe it. */
export interface Answer {
  text: string
  headers: Record<string, string>
}

/** Headers the connection or the clock sets, not the answer: the ceiling's own server sets them itself. */
const TRANSPORT = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date'])

/** Fetches `url` once and keeps its answer. @throws Error when the status is not 200. */
export async function capture(url: string): Promise<Answer> {
  const res = await fetch(url)
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`)
  const headers = Object.fromEntries([...res.headers].filter(([name]) => !TRANSPORT.has(name)))
  return { text: await res.text(), headers }
}

/**
 * How a ceiling server makes its body (issue 11's two reference columns): `string` answers the captured text as it
 * is, `stringify` answers `JSON.stringify` of it parsed once, per request.
 */
export type CeilingMode = 'string' | 'stringify'

/**
 * An h3 server on a free loopback port, served as src/http/serve.ts serves calfile (listhen around `toNodeHandler`),
 * that answers every request with `answer` the fastest way h3 offers, as calfile's answers go out (srvx's
 * `FastResponse` with a plain record of headers, which srvx writes as a string with its length and no `Headers`
 * object): what h3 itself costs, so calfile's figure means something on a noisy machine.
 */
export function serveCeiling(answer: Answer, mode: CeilingMode): Promise<Listener> {
  const parsed: unknown = JSON.parse(answer.text)
  const body = mode === 'string' ? () => answer.text : () => JSON.stringify(parsed)
  const app = new H3().use(() => new FastResponse(body(), { headers: answer.headers }))
  return listen(toNodeHandler(app), {
    port: { port: 0, random: true } as never,
    hostname: '127.0.0.1',
    showURL: false,
    autoClose: false,
    isTest: false,
    public: false,
  })
}
