/**
 * The attributes of a tag `wp_kses()` keeps (src/core/render/html/kses.ts): parsed as `wp_kses_hair()` of each WordPress
 * release parses them, and URL values rid of protocols not allowed (`wp_kses_bad_protocol()`). Linear in time on
 * any input.
 */
import type { WordPressRelease } from '../../resources/tec-versions.js'
import { readAttributes } from './html-attributes.js'
import { atEnd, isSpace, noNull, phpTrim, skipSpaces } from './kses-text.js'

/** Attributes whose value is a URL, cleaned of protocols not allowed (`wp_kses_uri_attributes()`). */
const URI_ATTRIBUTES = new Set(
  `action archive background cite classid codebase data formaction href icon longdesc manifest poster profile src
  usemap xmlns`.split(/\s+/u),
)

/** URL protocols allowed in those (`wp_allowed_protocols()`). */
const ALLOWED_PROTOCOLS = new Set(
  `http https ftp ftps mailto news irc irc6 ircs gopher nntp feed telnet mms rtsp sms svn tel fax xmpp webcal
  urn`.split(/\s+/u),
)

/** An attribute kses read: its name as written, and how it writes it back. */
export interface Attribute {
  name: string
  /** As written back: `name="value"`, `name='value'`, or the bare name. */
  whole: string
}

/** `wp_kses_hair()` of `wordpress`: the attributes of a tag, as that release writes them back. */
export function parseAttributes(text: string, wordpress: WordPressRelease): Attribute[] {
  return wordpress === '7.0.4' ? hairHtmlApi(text) : hairPatterns(text)
}

/** What `wp_kses_hair()` of WordPress 7.0 writes for `& < > ' "` in a value it decoded. */
const SYNTAX_CHARACTERS: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&apos;',
  '"': '&quot;',
}

/**
 * WordPress 7.0.4's `wp_kses_hair()`: the attributes as the HTML API reads them (`readAttributes`: names in lower
 * case, the first of each, nothing when a quote is left open), each value decoded, rid of protocols not allowed
 * when a URL, and written back in double quotes with `& < > ' "` as entities:
 * `TITLE='a"b' href=x&amp;y` → `title="a&quot;b"`, `href="x&amp;y"`.
 */
function hairHtmlApi(text: string): Attribute[] {
  return readAttributes(text).map(({ name, value }) => {
    if (value === true) return { name, whole: name }
    const checked = URI_ATTRIBUTES.has(name) ? withoutBadProtocols(value) : value
    return { name, whole: `${name}="${checked.replace(/[&<>'"]/gu, (c) => SYNTAX_CHARACTERS[c]!)}"` }
  })
}

/**
 * WordPress 6.7.1's `wp_kses_hair()`: the attributes of a tag, the first of each name (as written) kept. Values are
 * written back in their quotes, unquoted ones in double quotes; URL values lose protocols not allowed. What does not
 * parse is skipped up to the next space outside quotes.
 */
function hairPatterns(text: string): Attribute[] {
  const found = new Map<string, Attribute>()
  const add = (name: string, whole: string) => {
    if (!found.has(name)) found.set(name, { name, whole })
  }
  let mode: 'name' | 'equals' | 'value' = 'name'
  let name = ''
  let at = 0
  while (at < text.length) {
    let next = -1
    if (mode === 'name') {
      const match = /[_a-zA-Z][-_a-zA-Z0-9:.]*/uy
      match.lastIndex = at
      if (match.test(text)) {
        name = text.slice(at, match.lastIndex)
        next = match.lastIndex
        mode = 'equals'
      }
    } else if (mode === 'equals') {
      const after = skipSpaces(text, at)
      if (text[after] === '=') {
        next = skipSpaces(text, after + 1)
        mode = 'value'
      } else if (after > at) {
        add(name, name)
        next = after
        mode = 'name'
      }
    } else {
      next = parseValue(text, at, name, add)
      if (next >= 0) mode = 'name'
    }
    if (next < 0) {
      at = skipMalformed(text, at)
      mode = 'name'
    } else {
      at = next
    }
  }
  if (mode === 'equals') add(name, name)
  return [...found.values()]
}

/**
 * A value at `at` (`"x"`, `'x'` or `x`, then spaces, or `/` and the end): recorded with `add`, and where parsing
 * goes on, or -1 when none is there. A quoted value followed by `/` is recorded but not passed, as WordPress's
 * removal does not match there; what follows is then skipped as malformed.
 */
function parseValue(text: string, at: number, name: string, add: (name: string, whole: string) => void): number {
  const quote = text[at]
  const quoted = quote === '"' || quote === "'"
  const valueEnd = quoted ? text.indexOf(quote, at + 1) : unquotedEnd(text, at)
  if (valueEnd < 0 || (!quoted && valueEnd === at)) return -1
  const after = quoted ? valueEnd + 1 : valueEnd
  const spaced = isSpace(text[after])
  if (!spaced && !atEnd(text, after) && !(text[after] === '/' && atEnd(text, after + 1))) return -1
  const raw = text.slice(quoted ? at + 1 : at, valueEnd)
  const value = URI_ATTRIBUTES.has(name.toLowerCase()) ? withoutBadProtocols(raw) : raw
  add(name, quote === "'" ? `${name}='${value}'` : `${name}="${value}"`)
  if (spaced) return skipSpaces(text, after)
  return atEnd(text, after) ? text.length : at
}

/** The end of an unquoted value: the run of characters that are neither spaces nor quotes. */
function unquotedEnd(text: string, at: number): number {
  let end = at
  while (end < text.length && !isSpace(text[end]) && text[end] !== '"' && text[end] !== "'") end++
  return end
}

/** `wp_kses_html_error()`: past quoted strings and other characters up to a space, then past the spaces. */
function skipMalformed(text: string, at: number): number {
  let end = at
  while (end < text.length && !isSpace(text[end])) {
    const c = text[end]
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, end + 1)
      end = close < 0 ? text.length : close + 1
    } else {
      end++
    }
  }
  return skipSpaces(text, end)
}

/**
 * `wp_kses_bad_protocol()`: a URL with each protocol not allowed taken off its front, at most six times (then
 * nothing is left): `javascript:alert(1)` → `alert(1)`, `HTTP://x` → `http://x`. Protocols are read through
 * numeric entities and spaces (`java&#115;cript:`); `feed:` may wrap two more.
 */
function withoutBadProtocols(url: string): string {
  let text = noNull(url, true)
  if (text.startsWith('https://') || text.startsWith('http://')) return text
  for (let round = 0; round < 6; round++) {
    const next = protocolOnce(text, 1)
    if (next === text) return text
    text = next
  }
  return ''
}

/** `wp_kses_bad_protocol_once()`: the first protocol checked; a `/?` before the first colon means there is none. */
function protocolOnce(url: string, count: number): string {
  const text = url.replace(/(&#0*58(?![;0-9])|&#x0*3a(?![;a-f0-9]))/giu, '$1;')
  const colon = /:|&#0*58;|&#x0*3a;|&colon;/iu.exec(text)
  if (colon === null) return text
  const scheme = text.slice(0, colon.index)
  if (scheme.includes('/?')) return text
  let rest = phpTrim(text.slice(colon.index + colon[0].length))
  const protocol = allowedProtocol(scheme)
  if (protocol === 'feed:') {
    if (count > 2) return ''
    rest = protocolOnce(rest, count + 1)
    // PHP's empty(): "0" counts as empty too.
    if (rest === '' || rest === '0') return rest
  }
  return protocol + rest
}

/**
 * `wp_kses_bad_protocol_once2()`: the scheme with numeric entities decoded as PHP's `chr()` does (code modulo 256),
 * spaces and control characters out, in lower case, and `:`; or nothing when not allowed.
 */
function allowedProtocol(scheme: string): string {
  const decoded = scheme
    .replace(/&#([0-9]+);/gu, (_, code: string) => String.fromCharCode(Number(code) % 256))
    .replace(/&#[Xx]([0-9A-Fa-f]+);/gu, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16) % 256))
  const name = noNull(decoded.replace(/[ \t\n\r\f\v]/gu, ''), true).replace(/[A-Z]/gu, (c) => c.toLowerCase())
  return ALLOWED_PROTOCOLS.has(name) ? `${name}:` : ''
}
