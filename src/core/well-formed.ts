/**
 * Well-formed text: no lone UTF-16 surrogate (a high one, `\ud800`–`\udbff`, without a low one after it, or a low
 * one, `\udc00`–`\udfff`, without a high one before it). A lone surrogate is no character: UTF-8, in which the data
 * file is written and WordPress stores text, has no bytes for it, and PHP's `json_decode()` refuses the JSON escape
 * that writes one (docs/errors.md#request-bodies). JavaScript strings can hold one all the same (`JSON.parse` of
 * `"\ud800"`, a library caller's string), so calfile refuses it where text comes in: in the data file
 * (docs/data-file.md#validation), in request bodies and in library calls (docs/errors.md#request-bodies).
 */

/** Every lone surrogate: with the `u` flag a pair is one code point, so only a lone one is of category `Cs`. */
const LONE_SURROGATES = /\p{Cs}/gu

/**
 * Whether `text` holds no lone surrogate: `String.prototype.isWellFormed()` (ES2024, in every Node calfile runs on;
 * TypeScript's ES2022 library does not declare it).
 */
export function isWellFormed(text: string): boolean {
  return (text as unknown as { isWellFormed(): boolean }).isWellFormed()
}

/** Why a text with a lone surrogate is refused, in the data file and in library calls alike. */
export const ILL_FORMED = 'holds a lone UTF-16 surrogate, which is no character'

/**
 * Why `text` is refused, naming its first lone surrogate as JSON writes it; undefined for a well-formed text.
 *
 * @example
 * illFormedReason('a\ud800b') // 'holds a lone UTF-16 surrogate (\\ud800), which is no character'
 */
export function illFormedReason(text: string): string | undefined {
  if (isWellFormed(text)) return undefined
  return ILL_FORMED.replace(',', ` (${escapeLoneSurrogates(text.match(/\p{Cs}/u)?.[0] ?? '')}),`)
}

/** Whether `value`'s every text is well-formed: a string, or the keys and values of arrays and objects within. */
export function holdsWellFormedText(value: unknown): boolean {
  if (typeof value === 'string') return isWellFormed(value)
  if (typeof value !== 'object' || value === null) return true
  if (Array.isArray(value)) return value.every(holdsWellFormedText)
  for (const [key, inner] of Object.entries(value)) if (!isWellFormed(key) || !holdsWellFormedText(inner)) return false
  return true
}

/** `text` with each lone surrogate written as its JSON escape (`\ud800`), so that it can be shown and printed. */
export function escapeLoneSurrogates(text: string): string {
  return isWellFormed(text) ? text : text.replace(LONE_SURROGATES, (unit) => `\\u${unit.charCodeAt(0).toString(16)}`)
}

/** `text` without its lone surrogates: what `wp_check_invalid_utf8( $text, true )` does to what is not UTF-8. */
export function withoutLoneSurrogates(text: string): string {
  return isWellFormed(text) ? text : text.replace(LONE_SURROGATES, '')
}
