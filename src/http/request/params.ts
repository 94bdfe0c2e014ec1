import { isUtf8 } from 'node:buffer'
import { createRequire } from 'node:module'
import type * as Qs from 'qs'
import { markSettled } from '../../core/cache/parsed-input.js'
import { RecentResults } from '../../core/cache/recent-results.js'

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

/**
 * A query-string-like text (a query, an urlencoded body, a multipart body's fields) read as PHP reads it, each key
 * and value decoded by `decodeComponent`. `garbled`, when given, collects the names (before any bracket) whose value
 * has octets that are not UTF-8: a body's field of that name is refused (docs/errors.md#request-bodies), while a
 * query's reads as the text it decodes to, which matches nothing, as on a site.
 */
export function parseForm(text: string, garbled?: Set<string>): Record<string, unknown> {
  qs ??= require('qs') as typeof Qs
  let key = ''
  const decoder = (part: string, _default: unknown, _charset: unknown, kind: 'key' | 'value') => {
    const { text: decoded, utf8 } = decodeComponent(part)
    if (kind === 'key') key = decoded
    else if (garbled) {
      const name = key.split('[', 1)[0] ?? key
      // A name given again without brackets keeps its last value, and so whether it is garbled.
      if (!utf8) garbled.add(name)
      else if (name === key) garbled.delete(name)
    }
    return decoded
  }
  return qs.parse(text, { ...QS_OPTIONS, decoder })
}

/** Runs of percent escapes: the octets of one or more characters. */
const ESCAPES = /(?:%[\da-f]{2})+/giu

/**
 * A key or value of a form or query as PHP's `urldecode()` reads it, as text: `+` a space, each `%XX` an octet,
 * and a `%` that starts no escape kept as it is (`100%`). Octets that are not UTF-8 (`%FF`, `%ED%A0%80`) read as
 * U+FFFD, as a browser reads them, and `utf8` is then false.
 *
 * @example
 * decodeComponent('caf%C3%A9+100%') // { text: 'café 100%', utf8: true }
 */
function decodeComponent(part: string): { text: string; utf8: boolean } {
  const plain = part.includes('+') ? part.replaceAll('+', ' ') : part
  if (!plain.includes('%')) return { text: plain, utf8: true }
  try {
    return { text: decodeURIComponent(plain), utf8: true }
  } catch {
    let utf8 = true
    const text = plain.replace(ESCAPES, (run) => {
      const octets = Buffer.from(run.replaceAll('%', ''), 'hex')
      if (!isUtf8(octets)) utf8 = false
      return octets.toString('utf8')
    })
    return { text, utf8 }
  }
}
