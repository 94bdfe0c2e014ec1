/**
 * The steps of `wp_kses()` (src/core/render/kses.ts) that work on text rather than tags, and the PHP and PCRE
 * readings of characters they rest on: control characters out (`wp_kses_no_null()`), entities normalized
 * (`wp_kses_normalize_entities()`), `_wp_specialchars()`, a lone `<` escaped (`wp_pre_kses_less_than()`), comments
 * closed by `--->` mended (`filter_block_content()`). Linear in time on any input.
 */

// Characters, as PCRE reads them without the `u` flag.

/** `\s` of PCRE: ASCII whitespace only (a no-break space is not one). */
export function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v'
}

/** An ASCII letter, as PCRE's `[a-zA-Z]` reads one. */
export function isLetter(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
}

/** PCRE's `$`: the end, or just before a newline that ends the text. */
export function atEnd(text: string, at: number): boolean {
  return at === text.length || (at === text.length - 1 && text[at] === '\n')
}

/** The index after the run of spaces at `from`. */
export function skipSpaces(text: string, from: number): number {
  let at = from
  while (isSpace(text[at])) at++
  return at
}

/** `wp_kses_no_null()`: control characters out but tab, LF and CR; with `slashZero`, also backslashes before zeros. */
export function noNull(text: string, slashZero: boolean): string {
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

// Entities and stray `<`.

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
export function normalizeEntities(text: string): string {
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
export function closeBlockComments(text: string): string {
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
