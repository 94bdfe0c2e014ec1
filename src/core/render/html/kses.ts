/**
 * WordPress's `wp_kses()`: HTML cut down to a list of elements and attributes, as WordPress stores a term
 * description (`wp_filter_kses` on `pre_term_description`, for every user) and a term name. Our own reading of the
 * rules of `wp-includes/kses.php` and the `pre_kses` hooks of WordPress 6.7.1 and 7.0.4 (`WordPressRelease`),
 * checked against a live TEC 6.10 and 6.17 and each release's filters (test/core/kses.test.ts). In order:
 * - control characters out, but tab, LF and CR (`wp_kses_no_null()`);
 * - entities normalized (`wp_kses_normalize_entities()`): a bare `&` as `&amp;`, named entities kept when
 *   WordPress knows them (`&copy;`; `&foo;` → `&amp;foo;`), numeric ones kept when they name a character
 *   (`&#39;` → `&#039;`, `&#x0041;` → `&#x41;`, `&#99999999;` → `&amp;#99999999;`), in an order that differs by
 *   release (kses-text.ts);
 * - a `<` that no `>` closes before the next `<` escaped with what follows it (`wp_pre_kses_less_than()`):
 *   `1 < "2"` → `1 &lt; &quot;2&quot;`;
 * - a comment closed by `--->` closed by `-->` (`filter_block_content()`);
 * - every tag, comment and stray `>` fixed (`wp_kses_split()`): elements not listed dropped with their attributes
 *   (their text stays), attributes not listed dropped, values of URL attributes rid of protocols not allowed
 *   (`javascript:alert(1)` → `alert(1)`), a stray `>` as `&gt;`, comments kept with their text cleaned. The
 *   attributes are read by patterns in 6.7.1 and by the HTML API in 7.0.4, which decodes and re-encodes their values
 *   and writes their names in lower case (kses-attributes.ts).
 *
 * The steps on text live in kses-text.ts, the attributes of kept tags in kses-attributes.ts; this file splits the text
 * into tags and fixes each. The parsing is WordPress's, with its quirks (PCRE's `$` also matches before a final newline, `\s` is ASCII
 * only), not a browser's. Not done: `filter_block_content()` re-serializing block delimiters (`<!-- wp:x {…} -->`;
 * WordPress rewrites `wp:core/x` as `wp:x`, their JSON attributes and spacing, and closes an open block), so
 * descriptions with blocks keep their delimiters as written. Linear in time on any input; never throws.
 */

import type { WordPressRelease } from '../../resources/tec-versions.js'
import { parseAttributes } from './kses-attributes.js'
import { closeBlockComments, escapeLoneLessThan, isLetter, noNull, normalizeEntities, skipSpaces } from './kses-text.js'

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
 * What each WordPress release keeps in a term description (`wp_kses_allowed_html( 'pre_term_description' )`):
 * `$allowedtags` in 6.7.1 (TEC 6.10); 7.0 (TEC 6.17) also keeps `rel` and `target` on `a` there.
 */
export const TERM_DESCRIPTION_TAGS: Readonly<Record<WordPressRelease, AllowedTags>> = {
  '7.0.4': { ...ALLOWED_TAGS, a: [...(ALLOWED_TAGS.a ?? []), 'rel', 'target'] },
  '6.7.1': ALLOWED_TAGS,
}

/**
 * How deep comments are cleaned inside comments. WordPress cleans a comment's text with `wp_kses()` again, and a
 * comment can only hold another one made by removing delimiters (`<!<!----` → `<!--`); past this depth such a comment
 * is dropped, which keeps hostile input linear.
 */
const MAX_COMMENT_DEPTH = 4

/** Rounds of "clean until it stops changing" (WordPress has no bound; two are enough for any text seen). */
const MAX_ROUNDS = 8

/**
 * `wp_kses( text, allowed )` as `wordpress` runs it: `text` with only `allowed` elements and attributes, entities
 * normalized, stray `<` and `>` escaped. `"Kids & parents <p>x</p> <b class=c>y</b>"` → `"Kids &amp; parents x <b>y</b>"`. A second
 * pass changes nothing, but where WordPress's changes it too: an unquoted attribute value ending in `\` (`\"` is then
 * read as a quote) and a comment left holding a tag (its `<!--` is then escaped). Never throws; linear in the length
 * of `text`.
 */
export function kses(text: string, allowed: AllowedTags, wordpress: WordPressRelease): string {
  return ksesAt(text, { allowed, wordpress }, 0)
}

/** What one `wp_kses()` call keeps, and the release whose reading it follows. */
interface Kses {
  readonly allowed: AllowedTags
  readonly wordpress: WordPressRelease
}

function ksesAt(text: string, rules: Kses, depth: number): string {
  const normalized = normalizeEntities(noNull(text, false), rules.wordpress)
  return split(closeBlockComments(escapeLoneLessThan(normalized, rules.wordpress)), rules, depth)
}

/** `text` cleaned again until it stops changing, as WordPress cleans a comment's text. */
function stable(text: string, rules: Kses, depth: number): string {
  let out = text
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const next = ksesAt(out, rules, depth)
    if (next === out) break
    out = next
  }
  return out
}

/**
 * `wp_kses_split()`: every tag-like span fixed by `fixToken`, the text between kept. A span is a comment (`<!--`
 * to `-->` on one line, or to the end), a closing tag with a bad name (`</3>`), a declaration (`<!x>`), any other
 * `<` to the next `>` (or the end), or a lone `>`.
 */
function split(text: string, rules: Kses, depth: number): string {
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
    out += text.slice(done, at) + fixToken(text.slice(at, end), rules, depth)
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
function fixToken(raw: string, rules: Kses, depth: number): string {
  const token = raw.replaceAll('\\"', '"')
  if (!token.startsWith('<')) return '&gt;'
  if (BOGUS_COMMENT.test(token)) return `<${token[1]}${stable(token.slice(2, -1), rules, depth + 1)}>`
  if (token.startsWith('<!--')) return fixComment(token, rules, depth)

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
  const kept = Object.hasOwn(rules.allowed, lower) ? rules.allowed[lower] : undefined
  if (kept === undefined) return ''
  if (closing) return `</${element}>`
  return fixElement(element, attributes, kept, rules.wordpress)
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
function fixComment(token: string, rules: Kses, depth: number): string {
  if (depth >= MAX_COMMENT_DEPTH) return ''
  const inner = stable(token.replaceAll('<!--', '').replaceAll('-->', ''), rules, depth + 1)
  if (inner === '') return ''
  const text = inner.replace(/--+/gu, '-')
  const trimmed = text.endsWith('-') ? text.slice(0, -1) : text.endsWith('-\n') ? `${text.slice(0, -2)}\n` : text
  return `<!--${trimmed}-->`
}

/**
 * `wp_kses_attr()`: an allowed element with the attributes it keeps, and ` /` when it closed itself (`<b/>` →
 * `<b />`). The element's name keeps its case (`<B>` stays `<B>`); the attributes' names keep theirs in 6.7.1.
 */
function fixElement(element: string, attributes: string, kept: readonly string[], wordpress: WordPressRelease): string {
  const slash = /\/[ \t\n\r\f\v]*$/u.test(attributes) ? ' /' : ''
  if (kept.length === 0) return `<${element}${slash}>`
  let list = ''
  for (const attribute of parseAttributes(attributes, wordpress)) {
    if (kept.includes(attribute.name.toLowerCase())) list += ` ${attribute.whole}`
  }
  return `<${element}${list.replace(/[<>]/gu, '')}${slash}>`
}
