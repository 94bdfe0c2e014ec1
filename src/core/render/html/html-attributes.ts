/**
 * The attributes of a start tag as WordPress 7.0's HTML API reads them (`WP_HTML_Tag_Processor`, the tokenizer of
 * the HTML standard's "before attribute name" to "after attribute value" states), with their values decoded
 * (`WP_HTML_Decoder::decode_attribute()`). kses (WordPress 7.0.4's `wp_kses_hair()`) reads a kept tag's attributes
 * with it. Linear in time on any input.
 */
import { entityCharacter } from './kses-text.js'

/** An attribute as the HTML API reads it: its name in lower case, and its decoded value, or `true` when it has none. */
export interface HtmlAttribute {
  name: string
  value: string | true
}

/** Whitespace of the HTML standard's tokenizer (no vertical tab, unlike PCRE's `\s`). */
export const HTML_SPACE = ' \t\f\r\n'

/** How many characters from `at` are among `chars` (or, with `not`, are not). */
export function span(text: string, at: number, chars: string, not = false): number {
  let end = at
  while (end < text.length && chars.includes(text[end]!) !== not) end++
  return end - at
}

/** An attribute where it is written: from its name to the end of its value, the value as written, or `true`. */
export interface WrittenAttribute {
  readonly start: number
  readonly end: number
  readonly value: string | true
}

/**
 * The attributes of a start tag from `at`, read as the HTML API's `parse_next_attribute()` reads them, up to the
 * `>` that ends the tag or the end of `text`: each name (lower case) once, its first value kept, in the order
 * written. An attribute starts after spaces and slashes; its name runs to `=`, `/`, `>`, a space or the end (a
 * leading `=` is part of it); a value follows `=` (spaces around it allowed), quoted to the same quote or unquoted
 * to a space or `>`. `end` is where that `>` is, or `text.length`; undefined when a quote is left open, which leaves
 * the tag unfinished.
 */
export function scanAttributes(
  text: string,
  at: number,
): { attributes: Map<string, WrittenAttribute>; end: number } | undefined {
  const attributes = new Map<string, WrittenAttribute>()
  let pos = at
  for (;;) {
    pos += span(text, pos, `${HTML_SPACE}/`)
    if (pos >= text.length || text[pos] === '>') return { attributes, end: pos }
    const start = pos
    const nameStart = text[pos] === '=' ? pos + 1 : pos
    pos = nameStart + span(text, nameStart, `=/>${HTML_SPACE}`, true)
    const name = text.slice(start, pos).toLowerCase()
    let end = pos
    let value: string | true = true
    pos += span(text, pos, HTML_SPACE)
    if (text[pos] === '=') {
      pos += 1 + span(text, pos + 1, HTML_SPACE)
      const quote = text[pos]
      if (quote === '"' || quote === "'") {
        const close = text.indexOf(quote, pos + 1)
        if (close < 0) return undefined
        value = text.slice(pos + 1, close)
        end = close + 1
      } else {
        end = pos + span(text, pos, `>${HTML_SPACE}`, true)
        value = text.slice(pos, end)
      }
      pos = end
    }
    if (!attributes.has(name)) attributes.set(name, { start, end, value })
  }
}

/**
 * The attributes of `<x{text}>`, where `text` holds no `>` (`scanAttributes`), their values decoded: a quote left
 * open gives none. `' title=t href = "x" TITLE=u inert'` → title `t`, href `x`, inert `true`.
 */
export function readAttributes(text: string): HtmlAttribute[] {
  const scanned = scanAttributes(text, 0)
  if (scanned === undefined) return []
  return [...scanned.attributes].map(([name, { value }]) => ({
    name,
    value: value === true ? true : decodeAttribute(value),
  }))
}

/**
 * What the HTML standard's numeric character reference end state makes of code points 0x80–0x9F: the
 * windows-1252 characters (`&#150;` is `–`), but for the five that windows-1252 leaves undefined.
 */
const WINDOWS_1252 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
]

/** A numeric reference's character: U+FFFD for zero, a surrogate or past U+10FFFF. */
function codePointCharacter(code: number): string {
  if (code === 0 || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) return '\ufffd'
  return String.fromCodePoint(code >= 0x80 && code <= 0x9f ? WINDOWS_1252[code - 0x80]! : code)
}

const DIGITS = '0123456789'
const HEX_DIGITS = '0123456789abcdefABCDEF'

/**
 * `WP_HTML_Decoder::decode_attribute()` on a value kses normalized: numeric references (`&#065;`, `&#x41;`, the `;`
 * optional; only zeros, or more than 7 decimal or 6 hex digits past them, give U+FFFD) and the named ones kses
 * keeps, which after `wp_kses_normalize_entities()` are the only ones left (every other `&` is `&amp;`), as their
 * characters. `a&amp;b &#039;&hellip;` → `a&b '…`.
 */
export function decodeAttribute(value: string): string {
  let out = ''
  let done = 0
  for (let at = value.indexOf('&'); at >= 0; at = value.indexOf('&', at + 1)) {
    let decoded: string | undefined
    let end = at
    if (value[at + 1] === '#') {
      const hex = value[at + 2] === 'x' || value[at + 2] === 'X'
      const from = at + (hex ? 3 : 2)
      const zeros = span(value, from, '0')
      const digits = span(value, from + zeros, hex ? HEX_DIGITS : DIGITS)
      if (zeros + digits === 0) continue
      end = from + zeros + digits
      if (value[end] === ';') end++
      const code =
        digits === 0 || digits > (hex ? 6 : 7)
          ? 0
          : Number.parseInt(value.slice(from, from + zeros + digits), hex ? 16 : 10)
      decoded = codePointCharacter(code)
    } else {
      const name = /^([A-Za-z]{2,8}[0-9]{0,2});/u.exec(value.slice(at + 1, at + 12))?.[1]
      decoded = name === undefined ? undefined : entityCharacter(name)
      if (decoded === undefined) continue
      end = at + name!.length + 2
    }
    out += value.slice(done, at) + decoded
    done = end
    at = end - 1
  }
  return done === 0 ? value : out + value.slice(done)
}
