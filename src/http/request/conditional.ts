/**
 * Whether an `If-None-Match` header names `etag`, a strong tag as sent in `ETag` (`"abc"`): `*`, or a list of
 * tags compared weakly, as RFC 9110 §13.1.2 wants for this header (§8.8.3.2: `W/"abc"` matches `"abc"`). A match
 * is answered 304 without a body.
 *
 * @example
 * namesTag('"x", W/"abc"', '"abc"') // true
 * namesTag(null, '"abc"') // false
 */
export function namesTag(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//u, '') === etag)
}
