import { createRequire } from 'node:module'
import type * as Qs from 'qs'
import { markSettled } from '../core/cache/parsed-input.js'
import { RecentResults } from '../core/cache/recent-results.js'

/**
 * qs options that read query strings and form bodies as PHP fills `$_GET` and `$_POST` (docs/writes.md,
 * docs/lists.md): bracket arrays and objects, and a key given twice without brackets keeps its last value
 * (`per_page=2&per_page=3` is 3, `venue=1&venue=2` is 2), while `venue[]=1&venue[]=2` still collects both. Nesting
 * and counts are bounded.
 */
const QS_OPTIONS = { depth: 5, arrayLimit: 1000, parameterLimit: 2000, duplicates: 'last' } as const

// qs, with the side-channel packages under it, is loaded by the first query string or form body: a server's start
// does not wait for it, and an answer by ID, often its first, needs none. Its package is CommonJS, so `require`
// loads it synchronously.
const require = createRequire(import.meta.url)
let qs: typeof Qs | undefined

/**
 * The queries of recent requests by their text: clients ask the same lists again and again (a page polled, the
 * next page of a walk), and a kept query is a settled input, so valibot's answer about it is kept too.
 */
const recentQueries = new RecentResults<string, Record<string, unknown>>(1024)

/**
 * A query string with PHP brackets (`venue[]=1&venue[]=2`, `venue[venue]=Blue`) as an object (docs/lists.md). The
 * object is shared between requests with the same query and frozen: nobody may change it (`markSettled`).
 */
export function parseQuery(url: URL): Record<string, unknown> {
  return recentQueries.get(url.search, () => {
    const parsed = deepFreeze(url.search.length <= 1 ? {} : parseForm(url.search.slice(1)))
    markSettled(parsed)
    return parsed
  })
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

/** A query-string-like text (a query, an urlencoded body, a multipart body's fields) read as PHP reads it. */
export function parseForm(text: string): Record<string, unknown> {
  qs ??= require('qs') as typeof Qs
  return qs.parse(text, QS_OPTIONS)
}
