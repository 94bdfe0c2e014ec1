import { isIP } from 'node:net'

/**
 * The checks TEC's tec/v1 argument types make of a value, as WordPress and PHP define them: `is_serialized()` and
 * `is_email()` (wp-includes/functions.php, formatting.php), `filter_var()` with `FILTER_VALIDATE_URL` and
 * `FILTER_VALIDATE_IP` (PHP's ext/filter/logical_filters.c).
 */

/** WordPress's `is_serialized( $data )` (strict): a string PHP's `unserialize()` would read (`b:0;`, `a:1:{…}`). */
export function isSerialized(data: unknown): boolean {
  if (typeof data !== 'string') return false
  const text = data.trim()
  if (text === 'N;') return true
  if (text.length < 4 || text[1] !== ':') return false
  const last = text.at(-1)
  if (last !== ';' && last !== '}') return false
  switch (text[0]) {
    case 's':
      if (text.at(-2) !== '"') return false
      return /^s:[0-9]+:/su.test(text)
    case 'a':
    case 'O':
    case 'E':
      return new RegExp(`^${text[0]}:[0-9]+:`, 'su').test(text)
    case 'b':
    case 'i':
    case 'd':
      return new RegExp(`^${text[0]}:[0-9.E+-]+;$`, 'u').test(text)
    default:
      return false
  }
}

/** PHP's `trim()` of the characters `is_email()` names. */
function trimmed(text: string, extra: string): string {
  const strip = new Set([' ', '\t', '\n', '\r', '\0', '\v', ...extra])
  let from = 0
  let to = text.length
  while (from < to && strip.has(text[from]!)) from++
  while (to > from && strip.has(text[to - 1]!)) to--
  return text.slice(from, to)
}

/**
 * WordPress's `is_email()`: six characters at least, an `@` after the first, a local part of the allowed characters,
 * a domain of two or more dot-separated labels of letters, digits and hyphens (no hyphen at either end, no `..`).
 */
export function isEmail(email: unknown): boolean {
  if (typeof email !== 'string' && typeof email !== 'number') return false
  const text = String(email)
  if (text.length < 6 || text.indexOf('@', 1) < 0) return false
  const at = text.indexOf('@')
  const local = text.slice(0, at)
  const domain = text.slice(at + 1)
  if (!/^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+$/u.test(local)) return false
  if (/\.{2,}/u.test(domain) || trimmed(domain, '.') !== domain) return false
  const subs = domain.split('.')
  return subs.length >= 2 && subs.every((sub) => trimmed(sub, '-') === sub && /^[a-z0-9-]+$/iu.test(sub))
}

/** The characters `FILTER_SANITIZE_URL` keeps: a URL with any other fails `FILTER_VALIDATE_URL`. */
const URL_CHARACTERS = /^[a-zA-Z0-9$\-_.+!*'(),{}|\\^~[\]`<>#%";/?:@&=]*$/u
/** `parse_url()`'s pieces: scheme, then `//` authority (user info, host, port), then the rest. */
const URL_PARTS = /^([a-zA-Z][a-zA-Z0-9+.-]*):(?:\/\/([^/?#]*))?/u
const USER_INFO = /^(?:[a-zA-Z0-9\-._~!$&'()*+,;=:]|%[0-9a-fA-F]{2})*$/u

/**
 * `_php_filter_validate_domain()` with `FILTER_FLAG_HOSTNAME`: at most 253 characters (a final dot aside), labels of
 * 1 to 63 letters, digits and inner hyphens.
 */
function isHostname(host: string): boolean {
  const name = host.endsWith('.') ? host.slice(0, -1) : host
  if (name.length === 0 || name.length > 253) return false
  return name.split('.').every((label) => label.length <= 63 && /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/iu.test(label))
}

/**
 * PHP's `filter_var( $value, FILTER_VALIDATE_URL )`: URL characters only, a scheme, and a host but for `mailto:`,
 * `news:` and `file:`; an `http(s)` host a hostname or a bracketed IPv6 address; a port up to 65535.
 */
export function isValidUrl(value: unknown): boolean {
  if (typeof value !== 'string' && typeof value !== 'number') return false
  const text = String(value)
  if (!URL_CHARACTERS.test(text)) return false
  const parts = URL_PARTS.exec(text)
  // `name:80` or `name:80/path` is a host and its port to `parse_url()`, so no scheme.
  if (!parts || /^\d{1,5}(?:\/|$)/u.test(text.slice(parts[0].length))) return false
  const scheme = parts[1]!
  const authority = parts[2]
  if (authority === undefined || authority === '') return ['mailto', 'news', 'file'].includes(scheme)
  const at = authority.lastIndexOf('@')
  const userInfo = at < 0 ? undefined : authority.slice(0, at)
  const hostPort = authority.slice(at + 1)
  const port = /:(\d*)$/u.exec(hostPort)
  if (port && (port[1] === '' ? false : Number(port[1]) > 65535)) return false
  const host = port ? hostPort.slice(0, port.index) : hostPort
  if (host === '') return false
  if (/^https?$/iu.test(scheme)) {
    const bracketed = /^\[(.*)\]$/u.exec(host)
    if (bracketed ? isIP(bracketed[1]!) !== 6 : !isHostname(host)) return false
  }
  if (userInfo === undefined) return true
  const colon = userInfo.indexOf(':')
  const user = colon < 0 ? userInfo : userInfo.slice(0, colon)
  const pass = colon < 0 ? '' : userInfo.slice(colon + 1)
  return USER_INFO.test(user) && USER_INFO.test(pass)
}

/** PHP's `filter_var( $value, FILTER_VALIDATE_IP )`: a dotted IPv4 address (no leading zeros) or an IPv6 address. */
export function isValidIp(value: unknown): boolean {
  if (typeof value !== 'string' && typeof value !== 'number') return false
  const text = String(value)
  // Node takes an IPv6 zone (`fe80::1%eth0`), which PHP refuses.
  return !text.includes('%') && isIP(text) !== 0
}

/** `wp_allowed_protocols()`: the schemes `esc_url()` keeps. */
const ALLOWED_PROTOCOLS = new Set(
  'http https ftp ftps mailto news irc irc6 ircs gopher nntp feed telnet mms rtsp sms svn tel fax xmpp webcal urn'.split(
    ' ',
  ),
)

/**
 * WordPress's `esc_url_raw()`, how a `uri` argument is stored: spaces as `%20`, characters a URL may not hold
 * dropped, line breaks' escapes (`%0a`, `%0d`) removed but from `mailto:`, `http://` before a text with no scheme
 * that is not relative (`/`, `#`, `?`) nor a PHP file, and nothing at all for a scheme not allowed
 * (`wp_kses_bad_protocol()`).
 *
 * @example
 * escUrlRaw('not a url') // 'http://not%20a%20url'
 * escUrlRaw('javascript:alert(1)') // ''
 */
export function escUrlRaw(url: string): string {
  // `ltrim()`: spaces, tabs, line breaks, NUL and vertical tab.
  let start = 0
  while (start < url.length && ' \t\n\r\v\u0000'.includes(url[start] as string)) start += 1
  let text = url.slice(start).replaceAll(' ', '%20')
  text = text.replace(/[^a-z0-9\-~+_.?#=!&;,/:%@$|*'()[\]\x80-\uffff]/giu, '')
  if (text === '') return text
  if (!/^mailto:/iu.test(text)) while (/%0[ad]/iu.test(text)) text = text.replace(/%0[ad]/giu, '')
  text = text.replaceAll(';//', '://')
  if (!text.includes(':') && !['/', '#', '?'].includes(text[0] as string) && !/^[a-z0-9-]+?\.php/iu.test(text))
    text = `http://${text}`
  if (text.startsWith('/')) return text
  const scheme = /^([^:/?#]+):/u.exec(text)?.[1]
  return scheme === undefined || ALLOWED_PROTOCOLS.has(scheme.toLowerCase()) ? text : ''
}
