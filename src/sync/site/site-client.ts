import { setTimeout as sleep } from 'node:timers/promises'
import pRetry from 'p-retry'
import { isLoopback } from '../../http/loopback.js'
import { TEC_PREFIX } from '../../http/prefixes.js'
import { SiteError, SyncError } from '../errors.js'

/**
 * All that pull and push send goes through `SiteClient`: below it, where a site is (`siteAddress`) and the client's
 * patience (`RetryPolicy`: which failures are tried again, and after how long).
 */

/** How to reach a site: credentials, and how patient to be. */
export interface SiteOptions {
  /** WordPress user name (or ID) of an application password; none reads as an anonymous visitor. */
  user?: string
  /** The application password (WordPress → Users → Profile → Application Passwords), sent as HTTP Basic. */
  password?: string
  /** Send credentials over plain http to a host beyond loopback too. */
  insecure?: boolean
  retry?: Partial<RetryPolicy>
  /** How long one request may take before it counts as a network error, ms (default 60,000). */
  timeoutMs?: number
  /** Hears of each retry before its wait: to tell a person why nothing moves. */
  onRetry?: (notice: RetryNotice) => void
}

/** One retry about to happen. */
export interface RetryNotice {
  method: string
  url: string
  /** 1 for the first retry. */
  retry: number
  /** The wait before it, ms: the site's `Retry-After`, or the backoff. */
  delayMs: number
  /** `429`, `503`, … or the network error's code. */
  reason: string
}

/** A site's answer: its status, headers and parsed JSON body. */
export interface SiteResponse {
  status: number
  headers: Headers
  body: unknown
  url: string
}

/** One request to send. */
export interface SiteRequest {
  method?: 'GET' | 'POST' | 'DELETE'
  /** Query parameters, added to those the path already carries. */
  query?: Record<string, string>
  /** A JSON body. */
  body?: unknown
  /** Statuses to answer with rather than throw (a read that may find nothing: 404…). */
  accept?: readonly number[]
  /** Whether sending it twice is harmless; default: all but POST. */
  repeatable?: boolean
}

/** An answer worth waiting for again, or the error that ended the request. */
type Attempt = { response: Response } | { error: unknown }

/** What a try throws to p-retry to be tried again: the attempt, and the wait its `Retry-After` asks for, ms. */
class TryAgain extends Error {
  constructor(
    readonly attempt: Attempt,
    readonly askedMs?: number,
  ) {
    super('try again')
  }
}

/**
 * The client of one TEC site's REST API v1: JSON in and out, WordPress application passwords as HTTP Basic, and
 * patience (see `RetryPolicy`): 429, 5xx and network errors are tried again with exponential backoff, honouring the
 * site's `Retry-After`. Redirects are not followed, so that credentials never go where they were not meant to.
 * Counts the requests it sends (`requests`), retries included.
 *
 * @example
 * const site = new SiteClient('https://events.example.org', { user: 'admin', password: 'abcd efgh …' })
 * const { body } = await site.request('events', { query: { per_page: '50' } })
 */
export class SiteClient {
  readonly site: SiteAddress
  readonly #authorization: string | undefined
  readonly #policy: RetryPolicy
  readonly #options: SiteOptions
  #requests = 0

  /** @throws SyncError `site-url` (see `siteAddress`). */
  constructor(siteUrl: string, options: SiteOptions = {}) {
    const credentials = options.user !== undefined && options.password !== undefined
    this.site = siteAddress(siteUrl, { credentials, insecure: options.insecure })
    this.#authorization = credentials
      ? `Basic ${Buffer.from(`${options.user}:${options.password}`).toString('base64')}`
      : undefined
    this.#policy = { ...DEFAULT_RETRY, ...options.retry }
    this.#options = options
  }

  /** Whether requests carry credentials. */
  get authenticated(): boolean {
    return this.#authorization !== undefined
  }

  /** Requests sent so far, retries included. */
  get requests(): number {
    return this.#requests
  }

  /**
   * Sends a request to `path` under the API base (`events/12`), or to an absolute URL the site gave (a
   * `next_rest_url`: it is sent to this site's scheme and host whatever host it names, since a site behind a proxy
   * may name its inner one), and resolves with the parsed answer.
   *
   * @throws SiteError `site-answer` for a status outside 2xx and `accept` once retries are spent, or a body that is
   *   not JSON; SyncError `site-unreachable` when the network fails every time, `site-redirect` for a 3xx.
   */
  async request(path: string, request: SiteRequest = {}): Promise<SiteResponse> {
    const url = this.#url(path, request.query)
    const method = request.method ?? 'GET'
    const repeatable = request.repeatable ?? method !== 'POST'
    const attempt = await pRetry(
      async () => {
        const attempt = await this.#send(url, method, request.body)
        const retry = this.#retryOf(attempt, repeatable)
        if (retry === undefined) return attempt
        throw retry
      },
      {
        retries: this.#policy.retries,
        // p-retry waits nothing itself: the wait is the site's Retry-After or the backoff, taken below.
        minTimeout: 0,
        onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
          // The last failure is the answer: no notice, and its body is still to read.
          if (retriesLeft === 0 || !(error instanceof TryAgain)) return
          const delayMs = error.askedMs ?? backoffMs(attemptNumber, this.#policy)
          this.#options.onRetry?.({ method, url, retry: attemptNumber, delayMs, reason: reasonOf(error.attempt) })
          if ('response' in error.attempt) await error.attempt.response.body?.cancel()
          await sleep(delayMs)
        },
      },
    ).catch((error: unknown) => {
      if (error instanceof TryAgain) return error.attempt
      throw error
    })
    return this.#answer(url, attempt, request.accept ?? [])
  }

  #url(path: string, query: Record<string, string> = {}): string {
    const url = /^https?:\/\//u.test(path) ? this.#onSite(new URL(path)) : new URL(`${this.site.api}/${path}`)
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
    return url.toString()
  }

  #onSite(url: URL): URL {
    const home = new URL(this.site.home)
    url.protocol = home.protocol
    url.host = home.host
    return url
  }

  async #send(url: string, method: string, body: unknown): Promise<Attempt> {
    this.#requests++
    const headers: Record<string, string> = { accept: 'application/json' }
    if (this.#authorization) headers.authorization = this.#authorization
    if (body !== undefined) headers['content-type'] = 'application/json'
    try {
      const response = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.#options.timeoutMs ?? 60_000),
      })
      return { response }
    } catch (error) {
      return { error }
    }
  }

  /** Whether to try `attempt` again, and after what the site asked; undefined when it is the answer. */
  #retryOf(attempt: Attempt, repeatable: boolean): TryAgain | undefined {
    if ('error' in attempt) return retriesError(attempt.error, repeatable) ? new TryAgain(attempt) : undefined
    const { response } = attempt
    if (!retriesStatus(response.status, repeatable)) return undefined
    const asked = retryAfterMs(response.headers.get('retry-after'), Date.now())
    if (asked !== undefined && asked > this.#policy.maxDelayMs) return undefined
    return new TryAgain(attempt, asked)
  }

  async #answer(url: string, attempt: Attempt, accept: readonly number[]): Promise<SiteResponse> {
    if ('error' in attempt) throw new SyncError('site-unreachable', `${url}: ${reasonOf(attempt)}`)
    const { response } = attempt
    const text = await response.text()
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location') ?? '(no location)'
      throw new SyncError('site-redirect', `${url} redirects to ${location}: give the address it redirects to`)
    }
    const body = parseJson(text)
    const ok = (response.status >= 200 && response.status < 300) || accept.includes(response.status)
    if (!ok) throw siteError(url, response, body, text)
    if (body === undefined) throw new SiteError(response.status, url, `${url}: the answer is not JSON`)
    return { status: response.status, headers: response.headers, body, url }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The site's error as one line: `POST …/events: 400 rest_invalid_param: Invalid parameter(s): end_date`. */
function siteError(url: string, response: Response, body: unknown, text: string): SiteError {
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown }
  const said =
    typeof code === 'string' ? `${code}: ${String(message)}` : text.replace(/\s+/gu, ' ').trim().slice(0, 200)
  const retryAfter = response.headers.get('retry-after')
  const wait = response.status === 429 || response.status === 503 ? ` (Retry-After: ${retryAfter ?? 'none'})` : ''
  return new SiteError(
    response.status,
    url,
    `${url}: ${response.status} ${said}${wait}`,
    typeof code === 'string' ? code : undefined,
  )
}

function reasonOf(attempt: Attempt): string {
  if ('response' in attempt) return String(attempt.response.status)
  const error = attempt.error as { name?: string; message?: string; cause?: { code?: string; message?: string } }
  if (error?.name === 'TimeoutError') return 'timed out'
  return error?.cause?.code ?? error?.cause?.message ?? error?.message ?? String(attempt.error)
}

/** Where a TEC site lives, as pull and push use it. */
export interface SiteAddress {
  /** The site's home URL without a trailing slash (`https://events.example.org`, `https://example.org/blog`). */
  home: string
  /** The base of TEC's REST API v1 on it: `<home>/wp-json/tribe/events/v1`. */
  api: string
}

/**
 * The site at `siteUrl`: its home URL (a URL that already names TEC's API, `…/wp-json/tribe/events/v1`, is taken
 * back to the site it is on) and its API base. Credentials go as HTTP Basic, which anyone on the path reads over
 * plain http: with `credentials`, plain http is refused unless the host is loopback or `insecure` says so.
 *
 * @throws SyncError `site-url` for an address that is not absolute http(s), or plain http that is refused.
 */
function siteAddress(siteUrl: string, options: { credentials: boolean; insecure?: boolean }): SiteAddress {
  let url: URL
  try {
    url = new URL(siteUrl)
  } catch {
    throw new SyncError('site-url', `${siteUrl} is not a site address: expected https://… or http://…`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new SyncError('site-url', `${siteUrl} is not a site address: expected https://… or http://…`)
  if (url.protocol === 'http:' && options.credentials && !options.insecure && !isLoopback(url.hostname))
    throw new SyncError(
      'site-url',
      `refusing to send credentials over plain http to ${url.host}: use https, or --insecure if the network is trusted`,
    )
  const path = url.pathname.replace(/\/+$/u, '')
  const at = path.indexOf(TEC_PREFIX)
  const home = `${url.origin}${at === -1 ? path : path.slice(0, at)}`
  return { home, api: `${home}${TEC_PREFIX}` }
}

/*
 * Patience. The client tries a request again on 429 and 5xx answers and network errors, after a delay that doubles
 * from `baseDelayMs` on each attempt (capped at `maxDelayMs`), or the delay the site's `Retry-After` asks for
 * (RFC 9110 §10.2.3: seconds, or an HTTP date). A request that may not be sent twice (a create) is tried again only
 * when the site surely did not act on it: 429 and 503 (refused before any work) and a refused connection.
 */

/** How often and how long to try a request again. */
export interface RetryPolicy {
  /** Tries after the first one (default 5). */
  retries: number
  /** The first backoff, ms (default 500): then 1 s, 2 s, 4 s… */
  baseDelayMs: number
  /** The longest wait, ms (default 60,000): a `Retry-After` asking more gives up at once. */
  maxDelayMs: number
}

/** The policy pull and push use unless told otherwise. */
const DEFAULT_RETRY: RetryPolicy = { retries: 5, baseDelayMs: 500, maxDelayMs: 60_000 }

/** The backoff before try number `retry` (1 for the first retry), ms. */
function backoffMs(retry: number, policy: RetryPolicy): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1))
}

/**
 * The wait a `Retry-After` header asks for, ms (0 for a date already past); undefined when there is none or it is
 * neither a whole number of seconds nor an HTTP date.
 */
function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined
  const value = header.trim()
  if (/^\d+$/u.test(value)) return Number(value) * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** Whether an answer with this status is worth trying again; `repeatable`: the request may be sent twice. */
function retriesStatus(status: number, repeatable: boolean): boolean {
  if (status === 429 || status === 503) return true
  return repeatable && status >= 500
}

/** Node's codes for a connection that was refused before any byte was sent. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'])

/** Whether a network error (what `fetch` rejects with) is worth trying again; `repeatable` as `retriesStatus`. */
function retriesError(error: unknown, repeatable: boolean): boolean {
  if (repeatable) return true
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause
  return cause?.code !== undefined && NOT_SENT.has(cause.code)
}
