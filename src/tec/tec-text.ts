import {
  htmlBlock,
  renderContent,
  renderEventWebsite,
  renderExcerpt,
  renderTermName,
  renderTitle,
} from '../core/render/fields.js'
import { TODAYS_WORDPRESS } from '../core/resources/tec-versions.js'

/**
 * Captured text back to the raw text a data file holds. A capture of a TEC site holds text as WordPress renders it
 * (`it&#8217;s`, `Music &amp; Arts`, `?a=1&amp;b=2`), while calfile stores raw text and renders it on the way out
 * (`core/render/fields.ts`). The import stores the plain text that renders to exactly the captured text; where no
 * such text is found (an entity typed by hand, a quote texturize would have curled the other way), it stores the
 * capture as it is, which rendering leaves unchanged. Either way a captured record reads back as captured, and
 * nothing is escaped twice. Descriptions and excerpts also lose the paragraphs `wpautop()` made, where that
 * reads back; a description that `wpautop()` would change as captured (a line of HTML outside a paragraph) is
 * stored as an HTML block, which WordPress shows without paragraphs.
 */

/** What `wptexturize()` and `convert_chars()` write, spaced forms first, and the plain text they come from. */
const TEXTURIZED: Array<[string, string]> = [
  [' &#8212; ', ' -- '],
  [' &#8211; ', ' - '],
  ['&#8212;', '---'],
  ['&#8211;', '--'],
  ['&#8230;', '...'],
  [' &#8482;', ' (tm)'],
  ['&#8216;', "'"],
  ['&#8217;', "'"],
  ['&#8242;', "'"],
  ['&#8220;', '"'],
  ['&#8221;', '"'],
  ['&#8243;', '"'],
  ['&#215;', 'x'],
  ['&#038;', '&'],
]

/** What `_wp_specialchars()` and `esc_html()` write, and the characters they stand for. */
const ESCAPED: Array<[string, string]> = [
  ['&lt;', '<'],
  ['&gt;', '>'],
  ['&quot;', '"'],
  ['&#039;', "'"],
  ['&amp;', '&'],
]

function replaceAll(text: string, pairs: ReadonlyArray<[string, string]>): string {
  return pairs.reduce((out, [from, to]) => out.replaceAll(from, to), text)
}

/** `candidate` when it renders to `captured`, else `captured`. */
function rawIf(captured: string, candidate: string, render: (raw: string) => string): string {
  return candidate !== captured && render(candidate) === captured ? candidate : captured
}

/** A captured post title (event, venue, organizer): `"Rock &#8216;n&#8217; Roll"` → `"Rock 'n' Roll"`. */
export function rawTitle(captured: string): string {
  return rawIf(captured, replaceAll(captured, TEXTURIZED), renderTitle)
}

/**
 * The WordPress a capture's texts are read as rendered by: today's TEC's. The releases store a term name apart only
 * for entities no one types (`&#0;`, `&amp;#65;`), and render a post's text apart only for paragraph blocks, which
 * a capture holds rendered, and smileys after a tag that spans lines; so a capture of the other reads back the same.
 */
const CAPTURED_WORDPRESS = TODAYS_WORDPRESS

/** A captured term name: `"Music &amp; Arts"` → `"Music & Arts"`. */
export function rawTermName(captured: string): string {
  return rawIf(captured, replaceAll(captured, ESCAPED), (raw) => renderTermName(raw, CAPTURED_WORDPRESS))
}

/** A captured event `website`: `"https://x.org/?a=1&amp;b=2"` → `"https://x.org/?a=1&b=2"`. */
export function rawEventWebsite(captured: string): string {
  return rawIf(captured, replaceAll(captured, ESCAPED), renderEventWebsite)
}

/** Text in the paragraphs `wpautop()` makes, without them: `<p>a</p>\n<p>b<br />\nc</p>` → `a\n\nb\nc`. */
function withoutParagraphs(html: string): string {
  return html
    .replace(/^<p>|<\/p>$/gu, '')
    .replaceAll('</p>\n<p>', '\n\n')
    .replaceAll('<br />\n', '\n')
}

/**
 * A captured description (event, venue, organizer): the plain text that reads back, else as captured, else as an
 * HTML block: `"<p>Yoga &#038; tea</p>"` → `"Yoga & tea"`.
 */
export function rawContent(captured: string): string {
  const content = (raw: string) => renderContent(raw, CAPTURED_WORDPRESS)
  const plain = rawIf(captured, replaceAll(withoutParagraphs(captured), TEXTURIZED), content)
  if (plain !== captured || content(captured) === captured.trim()) return plain
  return rawIf(captured, htmlBlock(captured), content)
}

/** A captured excerpt: the plain text that reads back through `the_excerpt`, else as captured. */
export function rawExcerpt(captured: string): string {
  return rawIf(captured, replaceAll(withoutParagraphs(captured), TEXTURIZED), (raw) =>
    renderExcerpt(raw, CAPTURED_WORDPRESS),
  )
}
