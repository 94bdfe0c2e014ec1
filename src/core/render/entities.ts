/**
 * HTML entities as WordPress writes and reads them: the escaping of `esc_html()`, `_wp_specialchars()` and
 * `esc_js()`, and the decoding of any entity into its character for plain-text outputs (iCalendar, the page).
 */

/** An entity WordPress leaves alone when escaping: named (`&amp;`), decimal (`&#038;`) or hex (`&#x2019;`). */
const ENTITY = /&(?:[a-z][a-z\d]*|#\d+|#x[\da-f]+);/iu
const ENTITY_AHEAD = new RegExp(`(?!${ENTITY.source.slice(1)})`, 'iu')
const BARE_AMPERSAND = new RegExp(`&${ENTITY_AHEAD.source}`, 'giu')

/**
 * `&`, `<` and `>` as entities, an `&` that already starts an entity kept, quotes untouched: the base of `esc_html()`
 * and `esc_js()` below. `"Music & Arts"` → `"Music &amp; Arts"`. (Term names are stored through kses's fuller
 * `_wp_specialchars()`, `specialChars` in html/kses-text.ts, which also normalizes the entities it keeps.)
 */
export function escapeSpecialChars(text: string): string {
  return text.replace(BARE_AMPERSAND, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;')
}

/**
 * `esc_html()`: `escapeSpecialChars` and both quotes (`"` → `&quot;`, `'` → `&#039;`).
 * `"https://x.org/?a=1&b=2"` → `"https://x.org/?a=1&amp;b=2"`.
 */
export function escapeHtml(text: string): string {
  return escapeSpecialChars(text).replace(/"/gu, '&quot;').replace(/'/gu, '&#039;')
}

/**
 * `esc_js()`, which TEC applies to JSON-LD names and descriptions: `<`, `>`, `&` and `"` as entities (existing
 * entities kept), backslashes unescaped and then every `\` and `'` escaped with one, CR dropped and each LF
 * written as the two characters `\n`.
 */
export function escapeJs(text: string): string {
  return escapeSpecialChars(text)
    .replace(/"/gu, '&quot;')
    .replace(/&#0*39;?|&#x0*27;?/giu, "'")
    .replace(/\\([\s\S]?)/gu, '$1')
    .replace(/[\\']/gu, '\\$&')
    .replace(/\r/gu, '')
    .replace(/\n/gu, '\\n')
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '\u2026',
  ndash: '\u2013',
  mdash: '\u2014',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  laquo: '\u00ab',
  raquo: '\u00bb',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  times: '\u00d7',
  euro: '\u20ac',
  middot: '\u00b7',
  bull: '\u2022',
  pound: '\u00a3',
  yen: '\u00a5',
  cent: '\u00a2',
  deg: '\u00b0',
  prime: '\u2032',
  Prime: '\u2033',
}

/**
 * Every numeric entity and the named ones WordPress writes (`wptexturize()`, the editors) as their characters;
 * an unknown name or a code point out of range stays as written. For text that leaves HTML (iCalendar, the TEC
 * import): `"Yoga &#038; &#8220;Sun&#8221;"` → `"Yoga & “Sun”"`.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(/&(?:#(\d+)|#x([\da-f]+)|([a-z][a-z\d]*));/giu, (whole, dec, hex, name) => {
    if (name !== undefined) return NAMED[name] ?? NAMED[name.toLowerCase()] ?? whole
    const code = dec !== undefined ? Number(dec) : Number.parseInt(hex, 16)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}
