import qs from 'qs'
import { markSettled } from '../core/cache/parsed-input.js'

/**
 * qs options that read query strings and form bodies as PHP fills `$_GET` and `$_POST` (CONTRACT §3–§4): bracket
 * arrays and objects, and a key given twice without brackets keeps its last value (`per_page=2&per_page=3` is 3,
 * `venue=1&venue=2` is 2), while `venue[]=1&venue[]=2` still collects both. Nesting and counts are bounded.
 */
const QS_OPTIONS = { depth: 5, arrayLimit: 1000, parameterLimit: 2000, duplicates: 'last' } as const

const parsedQueries = new WeakMap<URL, Record<string, unknown>>()

/**
 * A query string with PHP brackets (`venue[]=1&venue[]=2`, `venue[venue]=Blue`) as an object (CONTRACT §4). Read
 * once per request URL: the parameter step and the handler both ask, and neither changes it (so valibot's answer
 * about it is kept too: `markSettled`).
 */
export function parseQuery(url: URL): Record<string, unknown> {
  let parsed = parsedQueries.get(url)
  if (parsed === undefined) {
    parsed = url.search.length <= 1 ? {} : parseForm(url.search.slice(1))
    parsedQueries.set(url, parsed)
    markSettled(parsed)
  }
  return parsed
}

/** A query-string-like text (a query, an urlencoded body, a multipart body's fields) read as PHP reads it. */
export function parseForm(text: string): Record<string, unknown> {
  return qs.parse(text, QS_OPTIONS)
}
