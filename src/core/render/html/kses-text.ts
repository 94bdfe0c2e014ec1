/**
 * The steps of `wp_kses()` (src/core/render/html/kses.ts) that work on text rather than tags, and the PHP and PCRE
 * readings of characters they rest on: control characters out (`wp_kses_no_null()`), entities normalized
 * (`wp_kses_normalize_entities()`), `_wp_specialchars()`, a lone `<` escaped (`wp_pre_kses_less_than()`), comments
 * closed by `--->` mended (`filter_block_content()`). Linear in time on any input.
 */

import type { WordPressRelease } from '../../resources/tec-versions.js'

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

/**
 * `$allowedentitynames` of kses.php (the HTML 4.01 entities, `&apos;` for `&#39;`), each with the code point HTML5
 * gives it (`html5-named-character-references.php`, from https://html.spec.whatwg.org/entities.json; `&lang;` and
 * `&rang;` are U+27E8 and U+27E9 there), which WordPress 7.0's attribute decoding reads them as.
 */
const ENTITIES: ReadonlyMap<string, string> = new Map(
  Array.from(
    `nbsp a0 iexcl a1 cent a2 pound a3 curren a4 yen a5 brvbar a6 sect a7 uml a8 copy a9 ordf aa laquo ab not ac shy ad
  reg ae macr af deg b0 plusmn b1 acute b4 micro b5 para b6 middot b7 cedil b8 ordm ba raquo bb iquest bf Agrave c0
  Aacute c1 Acirc c2 Atilde c3 Auml c4 Aring c5 AElig c6 Ccedil c7 Egrave c8 Eacute c9 Ecirc ca Euml cb Igrave cc
  Iacute cd Icirc ce Iuml cf ETH d0 Ntilde d1 Ograve d2 Oacute d3 Ocirc d4 Otilde d5 Ouml d6 times d7 Oslash d8
  Ugrave d9 Uacute da Ucirc db Uuml dc Yacute dd THORN de szlig df agrave e0 aacute e1 acirc e2 atilde e3 auml e4
  aring e5 aelig e6 ccedil e7 egrave e8 eacute e9 ecirc ea euml eb igrave ec iacute ed icirc ee iuml ef eth f0
  ntilde f1 ograve f2 oacute f3 ocirc f4 otilde f5 ouml f6 divide f7 oslash f8 ugrave f9 uacute fa ucirc fb uuml fc
  yacute fd thorn fe yuml ff quot 22 amp 26 lt 3c gt 3e apos 27 OElig 152 oelig 153 Scaron 160 scaron 161 Yuml 178
  circ 2c6 tilde 2dc ensp 2002 emsp 2003 thinsp 2009 zwnj 200c zwj 200d lrm 200e rlm 200f ndash 2013 mdash 2014
  lsquo 2018 rsquo 2019 sbquo 201a ldquo 201c rdquo 201d bdquo 201e dagger 2020 Dagger 2021 permil 2030 lsaquo 2039
  rsaquo 203a euro 20ac fnof 192 Alpha 391 Beta 392 Gamma 393 Delta 394 Epsilon 395 Zeta 396 Eta 397 Theta 398
  Iota 399 Kappa 39a Lambda 39b Mu 39c Nu 39d Xi 39e Omicron 39f Pi 3a0 Rho 3a1 Sigma 3a3 Tau 3a4 Upsilon 3a5
  Phi 3a6 Chi 3a7 Psi 3a8 Omega 3a9 alpha 3b1 beta 3b2 gamma 3b3 delta 3b4 epsilon 3b5 zeta 3b6 eta 3b7 theta 3b8
  iota 3b9 kappa 3ba lambda 3bb mu 3bc nu 3bd xi 3be omicron 3bf pi 3c0 rho 3c1 sigmaf 3c2 sigma 3c3 tau 3c4
  upsilon 3c5 phi 3c6 chi 3c7 psi 3c8 omega 3c9 thetasym 3d1 upsih 3d2 piv 3d6 bull 2022 hellip 2026 prime 2032
  Prime 2033 oline 203e frasl 2044 weierp 2118 image 2111 real 211c trade 2122 alefsym 2135 larr 2190 uarr 2191
  rarr 2192 darr 2193 harr 2194 crarr 21b5 lArr 21d0 uArr 21d1 rArr 21d2 dArr 21d3 hArr 21d4 forall 2200 part 2202
  exist 2203 empty 2205 nabla 2207 isin 2208 notin 2209 ni 220b prod 220f sum 2211 minus 2212 lowast 2217 radic 221a
  prop 221d infin 221e ang 2220 and 2227 or 2228 cap 2229 cup 222a int 222b sim 223c cong 2245 asymp 2248 ne 2260
  equiv 2261 le 2264 ge 2265 sub 2282 sup 2283 nsub 2284 sube 2286 supe 2287 oplus 2295 otimes 2297 perp 22a5
  sdot 22c5 lceil 2308 rceil 2309 lfloor 230a rfloor 230b lang 27e8 rang 27e9 loz 25ca spades 2660 clubs 2663
  hearts 2665 diams 2666 sup1 b9 sup2 b2 sup3 b3 frac14 bc frac12 bd frac34 be there4 2234`.matchAll(
      /(\w+) ([\da-f]+)/gu,
    ),
    ([, name, code]) => [name!, String.fromCodePoint(Number.parseInt(code!, 16))] as const,
  ),
)

/** The character a named entity kses keeps stands for (`copy` → `©`), or `undefined` for a name it does not keep. */
export function entityCharacter(name: string): string | undefined {
  return ENTITIES.get(name)
}

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

/** A numeric entity kses keeps, given back as WordPress writes it (`&#39;` → `&#039;`), or left escaped. */
function decimalEntity(digits: string): string {
  if (!validUnicode(Number(digits))) return `&amp;#${digits};`
  return `&#${digits.replace(/^0+/u, '').padStart(3, '0')};`
}

function hexEntity(digits: string): string {
  if (!validUnicode(Number.parseInt(digits, 16))) return `&amp;#x${digits};`
  return `&#x${digits.replace(/^0+/u, '')};`
}

function namedEntity(_: string, name: string): string {
  return ENTITIES.has(name) ? `&${name};` : `&amp;${name};`
}

/**
 * `wp_kses_normalize_entities()`: every `&` as `&amp;`, then named, decimal and hex entities given back by passes
 * over the result, in an order that differs by release:
 * - WordPress 6.7.1: named first, then decimal and hex. So `&amp;#65;`, whose `&amp;` the named pass gives back, is
 *   read as `&#65;` by the next: `&amp;#65;` → `&#065;`; and `&#0;` and `&#x0;` are removed.
 * - WordPress 7.0.4: numeric first, then named, so `&amp;#65;` stays; a numeric entity needs a digit that is not
 *   zero (`&#0;` → `&amp;#0;`).
 */
export function normalizeEntities(text: string, wordpress: WordPressRelease): string {
  if (!text.includes('&')) return text
  const escaped = text.replaceAll('&', '&amp;')
  const named = (html: string) => html.replace(/&amp;([A-Za-z]{2,8}[0-9]{0,2});/gu, namedEntity)
  if (wordpress === '7.0.4') {
    return named(
      escaped
        .replace(/&amp;#(0*[1-9][0-9]{0,6});/gu, (_, digits: string) => decimalEntity(digits))
        .replace(/&amp;#[Xx](0*[1-9A-Fa-f][0-9A-Fa-f]{0,5});/gu, (_, digits: string) => hexEntity(digits)),
    )
  }
  return named(escaped)
    .replace(/&amp;#(0*[0-9]{1,7});/gu, (_, digits: string) => (digits === '0' ? '' : decimalEntity(digits)))
    .replace(/&amp;#[Xx](0*[0-9A-Fa-f]{1,6});/gu, (_, digits: string) => (digits === '0' ? '' : hexEntity(digits)))
}

/**
 * `_wp_specialchars()` without double encoding, with `quotes` as `esc_html()` calls it: entities normalized as kses
 * does, then `<` and `>` (and with `quotes`, `"` and `'`) as entities. Of the entities kept, `&apos;` is encoded
 * again, as `htmlspecialchars()` keeps only names HTML 4.01 has:
 * `"a < 'b' &apos;"` → `"a &lt; &#039;b&#039; &amp;apos;"`.
 */
export function specialChars(text: string, quotes: boolean, wordpress: WordPressRelease): string {
  const out = normalizeEntities(text, wordpress)
    .replaceAll('&apos;', '&amp;apos;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
  return quotes ? out.replaceAll('"', '&quot;').replaceAll("'", '&#039;') : out
}

/**
 * `wp_pre_kses_less_than()`: each `<` whose text up to the next `<` (or the end) holds no `>` is escaped with that
 * text (`esc_html()`). `a <b c <i>x</i>` → `a &lt;b c <i>x</i>`.
 */
export function escapeLoneLessThan(text: string, wordpress: WordPressRelease): string {
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
    out += text.slice(done, at) + specialChars(text.slice(at, end), true, wordpress)
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
