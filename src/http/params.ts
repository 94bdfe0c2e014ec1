import qs from 'qs'

/** qs limits for query strings and form bodies: PHP-style brackets, bounded nesting and counts. */
export const QS_OPTIONS = { depth: 5, arrayLimit: 1000, parameterLimit: 2000 } as const

/** A query string with PHP brackets (`venue[]=1&venue[]=2`, `venue[venue]=Blue`) as an object (CONTRACT §4). */
export function parseQuery(url: URL): Record<string, unknown> {
  return qs.parse(url.search.slice(1), QS_OPTIONS)
}
