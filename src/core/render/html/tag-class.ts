import { decodeAttribute, HTML_SPACE, scanAttributes, span, type WrittenAttribute } from './html-attributes.js'

/**
 * A class added to the first start tag of some names, as a block's render adds it with the HTML API's
 * `WP_HTML_Tag_Processor` (`next_tag()`, `add_class()`): WordPress 7.0's `block_core_paragraph_add_class()` on a
 * paragraph block's first `<p>`, `block_core_list_render()` on a list block's first `<ul>` or `<ol>`. Our own
 * reading of the tag processor's rules.
 */

/** Elements whose text the tokenizer reads to their closer without finding tags in it. */
const RAW_TEXT = new Set(['SCRIPT', 'TEXTAREA', 'TITLE', 'IFRAME', 'NOEMBED', 'NOFRAMES', 'STYLE', 'XMP'])

interface Tag {
  readonly name: string
  readonly closer: boolean
  readonly nameEnd: number
  /** The first attribute of each name, with where it is written. */
  readonly attributes: ReadonlyMap<string, WrittenAttribute>
  /** Just past its `>`. */
  readonly end: number
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'

/**
 * The tag whose `<` is at `at` (`<` then an ASCII letter, or `</` then one), its attributes read as
 * `parse_next_attribute()` reads them; `undefined` when the input ends before its `>`.
 */
function readTag(html: string, at: number): Tag | undefined {
  const closer = html[at + 1] === '/'
  const nameStart = at + (closer ? 2 : 1)
  const nameEnd = nameStart + span(html, nameStart, `${HTML_SPACE}/>`, true)
  const scanned = scanAttributes(html, nameEnd)
  if (scanned === undefined || scanned.end >= html.length) return undefined
  const { attributes, end } = scanned
  return { name: html.slice(nameStart, nameEnd).toUpperCase(), closer, nameEnd, attributes, end: end + 1 }
}

/** Where the text of a raw text element (`<script>`, `<textarea>`, …) ends with its closer, or -1 if never. */
function rawTextEnd(html: string, from: number, name: string): number {
  for (let at = html.indexOf('</', from); at >= 0; at = html.indexOf('</', at + 2)) {
    if (at + 2 + name.length >= html.length) return -1
    if (html.slice(at + 2, at + 2 + name.length).toUpperCase() !== name) continue
    if (!`${HTML_SPACE}/>`.includes(html[at + 2 + name.length]!)) continue
    const closer = readTag(html, at)
    return closer === undefined ? -1 : closer.end
  }
  return -1
}

/** Where the comment, doctype or bogus comment starting `<!` or `<?` at `at` ends, or -1 if it never does. */
function commentEnd(html: string, at: number): number {
  if (html.startsWith('--', at + 2)) {
    const dashes = at + 4
    if (dashes >= html.length) return -1
    const run = span(html, dashes, '-')
    if (html[dashes + run] === '>') return dashes + run + 1
    for (let close = html.indexOf('--', dashes); close >= 0; close = html.indexOf('--', close + 1)) {
      if (html[close + 2] === '>') return close + 3
      if (html[close + 2] === '!' && html[close + 3] === '>') return close + 4
    }
    return -1
  }
  const gt = html.indexOf('>', at + 2)
  return gt < 0 ? -1 : gt + 1
}

/**
 * The first start tag of `html` named one of `names` (upper case) as the tokenizer reads it, or `undefined` (none,
 * or the input ends first).
 */
function firstTag(html: string, names: ReadonlySet<string>): Tag | undefined {
  let at = html.indexOf('<')
  while (at >= 0) {
    const closer = html[at + 1] === '/'
    // The character after `<`, or after `</`.
    const next = html[closer ? at + 2 : at + 1]
    let end: number
    if (next === undefined) {
      return undefined
    } else if (LETTERS.includes(next)) {
      const tag = readTag(html, at)
      if (tag === undefined) return undefined
      if (!tag.closer && names.has(tag.name)) return tag
      if (!tag.closer && tag.name === 'PLAINTEXT') return undefined
      end = !tag.closer && RAW_TEXT.has(tag.name) ? rawTextEnd(html, tag.end, tag.name) : tag.end
    } else if (next === '>') {
      end = closer ? at + 3 : at + 1
    } else if (closer) {
      const gt = html.indexOf('>', at + 3)
      end = gt < 0 ? -1 : gt + 1
    } else if (next === '!') {
      end = commentEnd(html, at)
    } else if (next === '?') {
      const gt = html.indexOf('>', at + 2)
      end = gt < 0 ? -1 : gt + 1
    } else {
      end = at + 1
    }
    if (end < 0) return undefined
    at = html.indexOf('<', end)
  }
  return undefined
}

/**
 * `html` with `className` added to the class of its first tag named one of `names` (upper case): appended to the
 * classes it has (each kept once, the spaces between them kept), or as `class="…"` after the tag's name. The
 * attribute is written back in double quotes with `<`, `>`, `&`, `"` and `'` escaped; unchanged when the class is
 * already there or when no such tag is found before the input ends inside a tag, comment or raw text element.
 * `('<p id=a class="b  b c">x</p>', {'P'}, 'wp-block-paragraph')` → `'<p id=a class="b c wp-block-paragraph">x</p>'`.
 */
export function addClassToFirstTag(html: string, names: ReadonlySet<string>, className: string): string {
  const tag = firstTag(html, names)
  if (tag === undefined) return html
  const existing = tag.attributes.get('class')
  const value = existing === undefined || existing.value === true ? '' : decodeAttribute(existing.value)
  let kept = ''
  const seen = new Set<string>()
  for (const match of value.matchAll(/([ \t\f\r\n]*)([^ \t\f\r\n]+)/gu)) {
    const name = match[2]!
    if (seen.has(name)) continue
    seen.add(name)
    kept += (kept === '' ? '' : match[1]) + name
  }
  if (seen.has(className)) return html
  const classes = kept === '' ? className : `${kept} ${className}`
  const written = `class="${classes.replace(/[<>&"']/gu, (c) => ESCAPES[c]!)}"`
  return existing === undefined
    ? `${html.slice(0, tag.nameEnd)} ${written}${html.slice(tag.nameEnd)}`
    : html.slice(0, existing.start) + written + html.slice(existing.end)
}

const ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' }
