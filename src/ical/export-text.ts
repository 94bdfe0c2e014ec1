/**
 * Plain text of the HTML that TEC and calfile store in titles, descriptions and names, for iCalendar's TEXT values
 * (RFC 5545 §3.3.11). TEC runs `wp_strip_all_tags` and `html_entity_decode` (its iCal class, `replace`); calfile
 * also keeps the breaks between blocks, which TEC turns into spaces.
 */

/** The named entities WordPress writes (`wptexturize`, the editors) besides the XML five. */
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  laquo: '\u00ab',
  raquo: '\u00bb',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  euro: '\u20ac',
  pound: '\u00a3',
  middot: '\u00b7',
  bull: '\u2022',
}

/**
 * Text with HTML character references decoded: decimal and hex numeric ones, and the named ones WordPress
 * writes. An unknown name or a code point out of range is left as written.
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[\da-f]+|[a-z]+\d*);/giu, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? whole
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}

/** Tags that end a line of text: block ends and line breaks. */
const BREAK = /<\/(?:p|div|li|h[1-6]|blockquote|pre|tr|ul|ol|table)\s*>|<br\s*\/?>/giu

/**
 * Plain text of HTML: scripts and styles dropped with their content, block ends and `<br>` as line breaks, every
 * other tag removed, entities decoded, runs of spaces and of blank lines collapsed, ends trimmed.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/giu, '')
    .replace(BREAK, '\n')
    .replace(/<[^>]*>/gu, '')
  return decodeEntities(text)
    .replace(/\r\n?/gu, '\n')
    .replace(/[ \t\u00a0]+/gu, ' ')
    .replace(/ *\n */gu, '\n')
    .replace(/\n{3,}/gu, '\n\n')
    .trim()
}
