/**
 * When the site client tries a request again: on 429 and 5xx answers and network errors, after a delay that doubles
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
export const DEFAULT_RETRY: RetryPolicy = { retries: 5, baseDelayMs: 500, maxDelayMs: 60_000 }

/** The backoff before try number `retry` (1 for the first retry), ms. */
export function backoffMs(retry: number, policy: RetryPolicy): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1))
}

/**
 * The wait a `Retry-After` header asks for, ms (0 for a date already past); undefined when there is none or it is
 * neither a whole number of seconds nor an HTTP date.
 */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined
  const value = header.trim()
  if (/^\d+$/u.test(value)) return Number(value) * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** Whether an answer with this status is worth trying again; `repeatable`: the request may be sent twice. */
export function retriesStatus(status: number, repeatable: boolean): boolean {
  if (status === 429 || status === 503) return true
  return repeatable && status >= 500
}

/** Node's codes for a connection that was refused before any byte was sent. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'])

/** Whether a network error (what `fetch` rejects with) is worth trying again; `repeatable` as `retriesStatus`. */
export function retriesError(error: unknown, repeatable: boolean): boolean {
  if (repeatable) return true
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause
  return cause?.code !== undefined && NOT_SENT.has(cause.code)
}
