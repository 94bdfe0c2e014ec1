/**
 * WordPress's `wp_kses()`: HTML cut down to a list of elements and attributes, as WordPress stores a term
 * description (`wp_filter_kses` on `pre_term_description`, for every user) and a term name. Our own reading of the
 * rules of `wp-includes/kses.php` and the `pre_kses` hooks of WordPress 6.7.1, checked against a live TEC 6.10
 * (test/core/kses.test.ts). In order:
 * - control characters out, but tab, LF and CR (`wp_kses_no_null()`);
 * - entities normalized (`wp_kses_normalize_entities()`): a bare `&` as `&amp;`, named entities kept when
 *   WordPress knows them (`&copy;`; `&foo;` → `&amp;foo;`), numeric ones kept when they name a character
 *   (`&#39;` → `&#039;`, `&#x0041;` → `&#x41;`, `&#99999999;` → `&amp;#99999999;`);
 * - a `<` that no `>` closes before the next `<` escaped with what follows it (`wp_pre_kses_less_than()`):
 *   `1 < "2"` → `1 &lt; &quot;2&quot;`;
 * - a comment closed by `--->` closed by `-->` (`filter_block_content()`);
 * - every tag, comment and stray `>` fixed (`wp_kses_split()`): elements not listed dropped with their attributes
 *   (their text stays), attributes not listed dropped, values of URL attributes rid of protocols not allowed
 *   (`javascript:alert(1)` → `alert(1)`), a stray `>` as `&gt;`, comments kept with their text cleaned.
 *
 * The parsing is WordPress's, with its quirks (PCRE's `$` also matches before a final newline, `\s` is ASCII
 * only), not a browser's. Not done: `filter_block_content()` re-serializing block delimiters (`<!-- wp:x {…} -->`;
 * WordPress rewrites `wp:core/x` as `wp:x`, their JSON attributes and spacing, and closes an open block), so
 * descriptions with blocks keep their delimiters as written. Linear in time on any input; never throws.
 */

/** Elements kses keeps, each with the attributes it keeps on it (lower case). */
export type AllowedTags = Readonly<Record<string, readonly string[]>>

/** `$allowedtags` of kses.php: what WordPress keeps in a term name, and (in 6.7.1) in a term description. */
export const ALLOWED_TAGS: AllowedTags = {
  a: ['href', 'title'],
  abbr: ['title'],
  acronym: ['title'],
  b: [],
  blockquote: ['cite'],
  cite: [],
  code: [],
  del: ['datetime'],
  em: [],
  i: [],
  q: ['cite'],
  s: [],
  strike: [],
  strong: [],
}

/**
 * What WordPress keeps in a term description (`wp_kses_allowed_html( 'pre_term_description' )`): `$allowedtags`
 * in WordPress 6.7.1 (TEC 6.10). WordPress 7.0 (TEC 6.17) also keeps `rel` and `target` on `a` there.
 */
export const TERM_DESCRIPTION_TAGS: AllowedTags = ALLOWED_TAGS

/** `$allowedentitynames` of kses.php: the HTML 4.01 entities, `&apos;` for `&#39;`. */
const ENTITY_NAMES = new Set(
  `nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn acute micro para
  middot cedil ordm raquo iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave
  Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN
  szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth
  ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml quot amp lt gt
  apos OElig oelig Scaron scaron Yuml circ tilde ensp emsp thinsp zwnj zwj lrm rlm ndash mdash lsquo rsquo sbquo
  ldquo rdquo bdquo dagger Dagger permil lsaquo rsaquo euro fnof Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota
  Kappa Lambda Mu Nu Xi Omicron Pi Rho Sigma Tau Upsilon Phi Chi Psi Omega alpha beta gamma delta epsilon zeta eta
  theta iota kappa lambda mu nu xi omicron pi rho sigmaf sigma tau upsilon phi chi psi omega thetasym upsih piv bull
  hellip prime Prime oline frasl weierp image real trade alefsym larr uarr rarr darr harr crarr lArr uArr rArr dArr
  hArr forall part exist empty nabla isin notin ni prod sum minus lowast radic prop infin ang and or cap cup int sim
  cong asymp ne equiv le ge sub sup nsub sube supe oplus otimes perp sdot lceil rceil lfloor rfloor lang rang loz
  spades clubs hearts diams sup1 sup2 sup3 frac14 frac12 frac34 there4`.split(/\s+/u),
)

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

/**
 * How deep comments are cleaned inside comments. WordPress cleans a comment's text with `wp_kses()` again, and a
 * comment can only hold another one made by removing delimiters (`<!<!----` → `<!--`); past this depth such a comment
 * is dropped, which keeps hostile input linear.
 */
const MAX_COMMENT_DEPTH = 4

/** Rounds of "clean until it stops changing" (WordPress has no bound; two are enough for any text seen). */
const MAX_ROUNDS = 8

/**
 * `wp_kses( text, allowed )`: `text` with only `allowed` elements and attributes, entities normalized, stray `<`
 * and `>` escaped. `"Kids & parents <p>x</p> <b class=c>y</b>"` → `"Kids &amp; parents x <b>y</b>"`. A second
 * pass changes nothing, but where WordPress's changes it too: an unquoted attribute value ending in `\` (`\"` is then
 * read as a quote) and a comment left holding a tag (its `<!--` is then escaped). Never throws; linear in the length
 * of `text`.
 */
export function kses(text: string, allowed: AllowedTags): string {
  return ksesAt(text, allowed, 0)
}

function ksesAt(text: string, allowed: AllowedTags, depth: number): string {
  const normalized = normalizeEntities(noNull(text, false))
  return split(closeBlockComments(escapeLoneLessThan(normalized)), allowed, depth)
}

/** `text` cleaned again until it stops changing, as WordPress cleans a comment's text. */
function stable(text: string, allowed: AllowedTags, depth: number): string {
  let out = text
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const next = ksesAt(out, allowed, depth)
    if (next === out) break
    out = next
  }
  return out
}

// ---------------------------------------------------------------------------------------------------------------
// Characters, as PCRE reads them without the `u` flag.

/** `\s` of PCRE: ASCII whitespace only (a no-break space is not one). */
function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v'
}

function isLetter(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
}

/** PCRE's `$`: the end, or just before a newline that ends the text. */
function atEnd(text: string, at: number): boolean {
  return at === text.length || (at === text.length - 1 && text[at] === '\n')
}

/** The index after the run of spaces at `from`. */
function skipSpaces(text: string, from: number): number {
  let at = from
  while (isSpace(text[at])) at++
  return at
}

/** `wp_kses_no_null()`: control characters out but tab, LF and CR; with `slashZero`, also backslashes before zeros. */
function noNull(text: string, slashZero: boolean): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const out = text.replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/gu, '')
  return slashZero && out.includes('\\') ? withoutSlashZeros(out) : out
}

/** Each run of backslashes followed by zeros removed with the zeros (`/\\+0+/`, scanned once, not backtracked). */
function withoutSlashZeros(text: string): string {
  let out = ''
  let done = 0
  for (let at = text.indexOf('\\'); at >= 0; ) {
    let end = at
    while (text[end] === '\\') end++
    if (text[end] === '0') {
      out += text.slice(done, at)
      while (text[end] === '0') end++
      done = end
    }
    at = text.indexOf('\\', end)
  }
  return out + text.slice(done)
}

/** `text` without the characters `trimmed` accepts at its end. */
function trimEnd(text: string, trimmed: (c: string) => boolean): string {
  let end = text.length
  while (end > 0 && trimmed(text[end - 1]!)) end--
  return text.slice(0, end)
}

/** PHP's `trim()`: spaces, tab, LF, CR, NUL and vertical tab off both ends (a no-break space stays). */
export function phpTrim(text: string): string {
  const trimmed = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\0' || c === '\v'
  let start = 0
  while (start < text.length && trimmed(text[start]!)) start++
  return trimEnd(text.slice(start), trimmed)
}

// ---------------------------------------------------------------------------------------------------------------
// Entities.

/** `valid_unicode()`: a code point XML allows. */
function validUnicode(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  )
}

/**
 * `wp_kses_normalize_entities()`: every `&` as `&amp;`, then named, decimal and hex entities given back in three
 * passes over the result, as WordPress does. So `&amp;#65;`, whose `&amp;` the first pass gives back, is read as
 * `&#65;` by the second: `&amp;#65;` → `&#065;`. `&#0;` and `&#x0;` are removed.
 */
function normalizeEntities(text: string): string {
  if (!text.includes('&')) return text
  return text
    .replaceAll('&', '&amp;')
    .replace(/&amp;([A-Za-z]{2,8}[0-9]{0,2});/gu, (_, name: string) =>
      ENTITY_NAMES.has(name) ? `&${name};` : `&amp;${name};`,
    )
    .replace(/&amp;#(0*[0-9]{1,7});/gu, (_, digits: string) => {
      if (digits === '0') return ''
      if (!validUnicode(Number(digits))) return `&amp;#${digits};`
      return `&#${digits.replace(/^0+/u, '').padStart(3, '0')};`
    })
    .replace(/&amp;#[Xx](0*[0-9A-Fa-f]{1,6});/gu, (_, digits: string) => {
      if (digits === '0') return ''
      if (!validUnicode(Number.parseInt(digits, 16))) return `&amp;#x${digits};`
      return `&#x${digits.replace(/^0+/u, '')};`
    })
}

/**
 * `_wp_specialchars()` without double encoding, with `quotes` as `esc_html()` calls it: entities normalized as kses
 * does, then `<` and `>` (and with `quotes`, `"` and `'`) as entities. Of the entities kept, `&apos;` is encoded
 * again, as `htmlspecialchars()` keeps only names HTML 4.01 has:
 * `"a < 'b' &apos;"` → `"a &lt; &#039;b&#039; &amp;apos;"`.
 */
export function specialChars(text: string, quotes: boolean): string {
  const out = normalizeEntities(text).replaceAll('&apos;', '&amp;apos;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
  return quotes ? out.replaceAll('"', '&quot;').replaceAll("'", '&#039;') : out
}

/**
 * `wp_pre_kses_less_than()`: each `<` whose text up to the next `<` (or the end) holds no `>` is escaped with that
 * text. `a <b c <i>x</i>` → `a &lt;b c <i>x</i>`.
 */
export function escapeLoneLessThan(text: string): string {
  let out = ''
  let done = 0
  let at = text.indexOf('<')
  while (at >= 0) {
    let end = at + 1
    while (end < text.length && text[end] !== '<' && text[end] !== '>') end++
    if (text[end] === '>') {
      at = text.indexOf('<', end + 1)
      continue
    }
    out += text.slice(done, at) + specialChars(text.slice(at, end), true)
    done = end
    at = end < text.length ? end : -1
  }
  return done === 0 ? text : out + text.slice(done)
}

/**
 * `filter_block_content()`'s repair of comments closed by `--->`: `<!--x--->` → `<!--x-->` (on one line, the
 * nearest close). Linear: the next `--->` and the next line end are looked up once each as the scan moves on.
 */
function closeBlockComments(text: string): string {
  if (!text.includes('<!--') || !text.includes('--->')) return text
  let out = ''
  let done = 0
  let close = -2
  let lineEnd = -2
  for (let at = text.indexOf('<!--'); at >= 0; at = text.indexOf('<!--', Math.max(at + 1, done))) {
    if (close !== -1 && close < at + 4) close = text.indexOf('--->', at + 4)
    if (close === -1) break
    if (lineEnd !== -1 && lineEnd < at + 4) lineEnd = text.indexOf('\n', at + 4)
    if (lineEnd !== -1 && lineEnd < close) continue
    out += `${text.slice(done, at)}<!--${trimEnd(text.slice(at + 4, close), (c) => c === '-')}-->`
    done = close + 4
  }
  return done === 0 ? text : out + text.slice(done)
}

// ---------------------------------------------------------------------------------------------------------------
// Tags.

/**
 * `wp_kses_split()`: every tag-like span fixed by `fixToken`, the text between kept. A span is a comment (`<!--`
 * to `-->` on one line, or to the end), a closing tag with a bad name (`</3>`), a declaration (`<!x>`), any other
 * `<` to the next `>` (or the end), or a lone `>`.
 */
function split(text: string, allowed: AllowedTags, depth: number): string {
  if (!text.includes('<') && !text.includes('>')) return text
  const commentEnds = new NextIndex(text, '-->')
  const lineEnds = new NextIndex(text, '\n')
  let out = ''
  let done = 0
  for (let at = 0; at < text.length; ) {
    const c = text[at]
    if (c !== '<' && c !== '>') {
      at++
      continue
    }
    const end = c === '>' ? at + 1 : tokenEnd(text, at, commentEnds, lineEnds)
    out += text.slice(done, at) + fixToken(text.slice(at, end), allowed, depth)
    done = end
    at = end
  }
  return out + text.slice(done)
}

/** Where the tag-like span starting with the `<` at `at` ends (exclusive). */
function tokenEnd(text: string, at: number, commentEnds: NextIndex, lineEnds: NextIndex): number {
  if (text.startsWith('<!--', at)) {
    const close = commentEnds.from(at + 4)
    const line = lineEnds.from(at + 4)
    if (close >= 0 && (line < 0 || close < line)) return close + 3
    if (line < 0) return text.length
    if (line === text.length - 1) return line
  }
  const next = text[at + 1]
  if (next === '/' && at + 2 < text.length && !isLetter(text[at + 2])) {
    const close = text.indexOf('>', at + 3)
    if (close >= 0) return close + 1
  }
  if (next === '!') {
    const close = text.indexOf('>', at + 2)
    if (close >= 0) return close + 1
  }
  const close = text.indexOf('>', at + 1)
  return close >= 0 ? close + 1 : text.length
}

/** The next index of `needle` at or after a position, remembered while the positions asked for only grow. */
class NextIndex {
  private asked = -1
  private found = -1
  constructor(
    private readonly text: string,
    private readonly needle: string,
  ) {}

  from(position: number): number {
    if (this.asked < 0 || position < this.asked || (this.found >= 0 && this.found < position)) {
      this.found = this.text.indexOf(this.needle, position)
    }
    this.asked = position
    return this.found
  }
}

/** A closing tag with a bad name (`</3>`) or a declaration (`<!x>`), which browsers read as a comment. */
const BOGUS_COMMENT = /^(?:<\/[^a-zA-Z][^>]*>|<![a-z][^>]*>)$/u

/** `wp_kses_split2()`: one tag-like span as kses leaves it. */
function fixToken(raw: string, allowed: AllowedTags, depth: number): string {
  const token = raw.replaceAll('\\"', '"')
  if (!token.startsWith('<')) return '&gt;'
  if (BOGUS_COMMENT.test(token)) return `<${token[1]}${stable(token.slice(2, -1), allowed, depth + 1)}>`
  if (token.startsWith('<!--')) return fixComment(token, allowed, depth)

  let at = skipSpaces(token, 1)
  let closing = false
  if (token[at] === '/') {
    closing = true
    at = skipSpaces(token, at + 1)
  }
  const nameStart = at
  while (at < token.length && /[a-zA-Z0-9-]/u.test(token[at]!)) at++
  if (at === nameStart) return ''
  const element = token.slice(nameStart, at)
  const attributes = attributeText(token, at)
  if (attributes === undefined) return ''

  const lower = element.toLowerCase()
  const kept = Object.hasOwn(allowed, lower) ? allowed[lower] : undefined
  if (kept === undefined) return ''
  if (closing) return `</${element}>`
  return fixElement(element, attributes, kept)
}

/** The attributes of a tag from `at`, without the closing `>`; `undefined` when a `>` stands elsewhere. */
function attributeText(token: string, at: number): string | undefined {
  const close = token.indexOf('>', at)
  if (close < 0) return token.slice(at)
  if (close === token.length - 1 || (close === token.length - 2 && token[close + 1] === '\n')) {
    return token.slice(at, close)
  }
  return undefined
}

/**
 * A comment with its text cleaned until it stops changing, runs of `-` as one and a final `-` dropped, so that the
 * text cannot close it early; an empty comment goes.
 */
function fixComment(token: string, allowed: AllowedTags, depth: number): string {
  if (depth >= MAX_COMMENT_DEPTH) return ''
  const inner = stable(token.replaceAll('<!--', '').replaceAll('-->', ''), allowed, depth + 1)
  if (inner === '') return ''
  const text = inner.replace(/--+/gu, '-')
  const trimmed = text.endsWith('-') ? text.slice(0, -1) : text.endsWith('-\n') ? `${text.slice(0, -2)}\n` : text
  return `<!--${trimmed}-->`
}

/**
 * `wp_kses_attr()`: an allowed element with the attributes it keeps, and ` /` when it closed itself (`<b/>` →
 * `<b />`). The element's name keeps its case (`<B>` stays `<B>`), as do the attributes' names.
 */
function fixElement(element: string, attributes: string, kept: readonly string[]): string {
  const slash = /\/[ \t\n\r\f\v]*$/u.test(attributes) ? ' /' : ''
  if (kept.length === 0) return `<${element}${slash}>`
  let list = ''
  for (const attribute of parseAttributes(attributes)) {
    if (kept.includes(attribute.name.toLowerCase())) list += ` ${attribute.whole}`
  }
  return `<${element}${list.replace(/[<>]/gu, '')}${slash}>`
}

interface Attribute {
  name: string
  /** As written back: `name="value"`, `name='value'`, or the bare name. */
  whole: string
}

/**
 * `wp_kses_hair()`: the attributes of a tag, the first of each name (as written) kept. Values are written back in
 * their quotes, unquoted ones in double quotes; URL values lose protocols not allowed. What does not parse is
 * skipped up to the next space outside quotes.
 */
function parseAttributes(text: string): Attribute[] {
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

// ---------------------------------------------------------------------------------------------------------------
// Protocols.

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
