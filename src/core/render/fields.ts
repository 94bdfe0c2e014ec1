import type { WordPressRelease } from '../resources/tec-versions.js'
import { autop } from './autop.js'
import { doBlocks } from './blocks.js'
import { escapeHtml, escapeJs } from './entities.js'
import { ALLOWED_TAGS, kses, TERM_DESCRIPTION_TAGS } from './html/kses.js'
import { escapeLoneLessThan, phpTrim, specialChars } from './html/kses-text.js'
import { convertSmilies } from './smilies.js'
import { capitalP, convertChars, texturize } from './texturize.js'

/**
 * What WordPress and TEC do to a stored text on its way into an API answer. Records hold raw text, as WordPress's
 * database does (`"Yoga & \"Sun\""`, paragraphs as blank lines); these give what TEC's REST API shows for it.
 * Each is idempotent — rendered text passes through unchanged (`&#038;`, `&#8217;` and `<p>` are kept) — which is
 * what lets the TEC importer store text it could not trace back to raw text as it was captured.
 */

/** Texts kept per function: a record is shaped again for each view and after each change, mostly with the same texts. */
const REMEMBERED = 2000

/** `render` with its last results kept by raw text (all forgotten at once when `REMEMBERED` are kept). */
function remembered(render: (raw: string) => string): (raw: string) => string {
  const kept = new Map<string, string>()
  return (raw) => {
    let out = kept.get(raw)
    if (out === undefined) {
      out = render(raw)
      if (kept.size >= REMEMBERED) kept.clear()
      kept.set(raw, out)
    }
    return out
  }
}

/** `render` remembered apart for each WordPress release, whose renderings of the same raw text may differ. */
function rememberedPerRelease(
  render: (raw: string, wordpress: WordPressRelease) => string,
): (raw: string, wordpress: WordPressRelease) => string {
  const releases: Record<WordPressRelease, (raw: string) => string> = {
    '7.0.4': remembered((raw) => render(raw, '7.0.4')),
    '6.7.1': remembered((raw) => render(raw, '6.7.1')),
  }
  return (raw, wordpress) => releases[wordpress](raw)
}

/** A post title (`the_title`: `wptexturize()`, `convert_chars()`, `trim()`, `capital_P_dangit()`). */
export const renderTitle = remembered((raw) => capitalP(convertChars(texturize(raw)).trim(), 'title'))

/**
 * A post's content (`the_content`: `do_blocks()`, `wptexturize()`, `wpautop()`, `capital_P_dangit()`,
 * `convert_smilies()`), trimmed as TEC does, as `wordpress` renders it. Content with blocks (`<!-- wp:` in it) has
 * them rendered (`doBlocks`: their comments out, 7.0.4's `wp-block-paragraph` class in) and is not put in
 * paragraphs, as `do_blocks()` takes `wpautop()` off.
 */
export const renderContent = rememberedPerRelease((raw, wordpress) => {
  const blocks = raw.includes('<!-- wp:')
  const text = texturize(blocks ? doBlocks(raw, wordpress) : raw)
  return convertSmilies(capitalP(blocks ? text : autop(text), 'content'), wordpress).trim()
})

/** Content as an HTML block (`core/html`), which `renderContent` shows as written, without paragraphs. */
export function htmlBlock(html: string): string {
  return `<!-- wp:html -->${html}<!-- /wp:html -->`
}

/**
 * A post's excerpt (`the_excerpt`: `wptexturize()`, `convert_smilies()`, `convert_chars()`, `wpautop()`), trimmed
 * as TEC does, as `wordpress` renders it (its smileys: `convertSmilies`).
 */
export const renderExcerpt = rememberedPerRelease((raw, wordpress) =>
  autop(convertChars(convertSmilies(texturize(raw), wordpress))).trim(),
)

/**
 * A post's excerpt as WordPress's REST API shows it on a TEC site (`the_excerpt` of `get_the_excerpt()`): the
 * excerpt, or, without one, the content's first 30 words with ` [&hellip;]` (`wp_trim_excerpt()`; TEC's views set
 * `excerpt_length` to 30 for their default list view, `Excerpt::maybe_filter_excerpt_length()`), through
 * `the_excerpt`'s filters, with the line break `wpautop()` ends a paragraph with. `("", "One two")` →
 * `"<p>One two</p>\n"`.
 */
export function renderPostExcerpt(excerpt: string, content: string, wordpress: WordPressRelease): string {
  const text = excerpt !== '' ? excerpt : trimWords(dropShortcodes(content), TEC_LIST_EXCERPT_WORDS)
  const rendered = renderExcerpt(text, wordpress)
  return rendered === '' ? '' : `${rendered}\n`
}

/**
 * WordPress's `sanitize_text_field()` (`_sanitize_text_fields()` without kept line breaks), as `wordpress` does it:
 * a `<` that no `>` closes escaped, tags out, whitespace runs one space, trimmed, escaped octets out.
 * `"<b>Hi</b>\n there %41"` → `"Hi there"`.
 */
export function sanitizeTextField(raw: string, wordpress: WordPressRelease): string {
  // A `<` left before a line break is escaped, so that joining the lines cannot make a tag of it.
  const stripped = raw.includes('<')
    ? stripAllTags(escapeLoneLessThan(raw, wordpress)).replaceAll('<\n', '&lt;\n')
    : raw
  return withoutOctets(phpTrim(stripped.replace(/[\r\n\t ]+/gu, ' ')))
}

/**
 * A term name as WordPress stores and serves it (`pre_term_name`): `sanitizeTextField()`, then `wp_filter_kses()`
 * (entities normalized, control characters out) and `_wp_specialchars()` (`&`, `<`, `>`).
 * `"A <b>bold</b> tag & co"` → `"A bold tag &amp; co"`, `"1 < 2 &foo;"` → `"1 &lt; 2 &amp;foo;"`. As `wordpress`
 * does it: the releases normalize entities apart (`&#0;` is removed by 6.7.1, kept escaped by 7.0.4).
 */
export const renderTermName = rememberedPerRelease((raw, wordpress) =>
  specialChars(kses(sanitizeTextField(raw, wordpress), ALLOWED_TAGS, wordpress), false, wordpress),
)

/**
 * `wp_strip_all_tags()` as `sanitize_text_field()` calls it: scripts and styles with their text out, then tags as
 * PHP's `strip_tags()` finds them — comments whole (to the first `>` after two dashes, the opening's own: `<!-->`),
 * a `>` inside quotes passed over, a `<` before a space kept as text — and trimmed.
 */
function stripAllTags(html: string): string {
  const tag = /<!--(?:>|->|[\s\S]*?-->|[\s\S]*$)|<(?![ \t\n\r\f\v])(?:"[^"]*(?:"|$)|'[^']*(?:'|$)|[^>"'])*(?:>|$)/gu
  return phpTrim(withoutScripts(html).replace(tag, ''))
}

/**
 * `<script …>…</script>` and `<style …>…</style>` (either case) out with their text; an opening never closed stays.
 * The next closing of each is looked up once per opening past it, which keeps many unclosed openings linear.
 */
function withoutScripts(html: string): string {
  const opening = /<(script|style)[^>]*>/giu
  const closing = { script: { from: -1, at: -1 }, style: { from: -1, at: -1 } }
  let out = ''
  let done = 0
  for (let match = opening.exec(html); match; match = opening.exec(html)) {
    const name = match[1]!.toLowerCase() as keyof typeof closing
    const next = closing[name]
    const after = match.index + match[0].length
    if (next.from < 0 || after < next.from || (next.at >= 0 && next.at < after)) {
      const close = new RegExp(`</${name}>`, 'giu')
      close.lastIndex = after
      next.at = close.exec(html)?.index ?? -1
    }
    next.from = after
    if (next.at < 0) {
      opening.lastIndex = match.index + 1
      continue
    }
    out += html.slice(done, match.index)
    done = next.at + name.length + 3
    opening.lastIndex = done
  }
  return out + html.slice(done)
}

/**
 * `sanitize_text_field()`'s removal of escaped octets (`%41`), again until none is left (`%%4141` → ``), then runs of
 * spaces one space, trimmed. In one pass: an octet is removed as soon as its last digit is read.
 */
function withoutOctets(text: string): string {
  if (!text.includes('%')) return text
  const hex = (c: string | undefined) => c !== undefined && /^[a-f\d]$/iu.test(c)
  const kept: string[] = []
  let found = false
  for (const c of text) {
    kept.push(c)
    const n = kept.length
    if (kept[n - 3] === '%' && hex(kept[n - 2]) && hex(c)) {
      kept.length = n - 3
      found = true
    }
  }
  return found ? phpTrim(kept.join('').replace(/ +/gu, ' ')) : text
}

/**
 * A term description as WordPress stores and serves it, for every user (`wp_filter_kses()` on
 * `pre_term_description`): `kses()` with `TERM_DESCRIPTION_TAGS`, as `wordpress` does it. `"Kids & parents <p>x</p> 1 < 2"` →
 * `"Kids &amp; parents x 1 &lt; 2"`. Idempotent but where WordPress is not either: an unquoted attribute value
 * ending in `\` (`<a href=x\>` → `<a href="x\">`, then `<a href="x">`) and a comment left holding a tag
 * (`<!-->x<b>y</b>-->` → `<!--&gt;x<b>y</b>-->`, then `&lt;!--&gt;x<b>y</b>--&gt;`).
 */
export const renderTermDescription = rememberedPerRelease((raw, wordpress) =>
  kses(raw, TERM_DESCRIPTION_TAGS[wordpress], wordpress),
)

/** An event's `website` (`esc_html()` of `_EventURL` in `Tribe__Events__REST__V1__Post_Repository`). */
export function renderEventWebsite(raw: string): string {
  return escapeHtml(raw)
}

/** A URL as `esc_url()` shows it in HTML: each `&` as `&#038;`, as TEC's organizer JSON-LD has it. */
export function renderUrl(raw: string): string {
  return raw.replace(/&(?!#038;)/gu, '&#038;')
}

/** Tags TEC keeps in an excerpt (`tribe_events_get_the_excerpt()`); every other tag is stripped. */
const EXCERPT_TAGS = new Set(['a', 'b', 'strong', 'em', 'span', 'ul', 'li', 'ol'])
const EXCERPT_WORDS = 55

/** `excerpt_length` under TEC's views in their default list view (`Excerpt::maybe_filter_excerpt_length()`). */
const TEC_LIST_EXCERPT_WORDS = 30

/**
 * The `description` of TEC's JSON-LD (`esc_js( tribe_events_get_the_excerpt() )`): the excerpt with only the
 * simple inline tags kept, or, without one, the content's first 55 words (tags stripped, then ` [&hellip;]`), in
 * paragraphs, then escaped for a script: `"A small room\n\nUpstairs"` → `"&lt;p&gt;A small room Upstairs&lt;/p&gt;\\n"`.
 */
export function jsonLdDescription(excerpt: string, content: string): string {
  const text = excerpt !== '' ? keepTags(dropShortcodes(excerpt), EXCERPT_TAGS) : trimWords(dropShortcodes(content))
  return escapeJs(autop(text))
}

/** A rendered title as TEC's JSON-LD `name` (`esc_js( get_the_title() )`). */
export function jsonLdName(rendered: string): string {
  return escapeJs(rendered)
}

function dropShortcodes(text: string): string {
  return text.replace(/\[.+?\]/gu, '')
}

function keepTags(html: string, keep: ReadonlySet<string>): string {
  return html.replace(/<\/?([a-z][a-z\d]*)\b[^>]*>/giu, (tag, name: string) =>
    keep.has(name.toLowerCase()) ? tag : '',
  )
}

/** `wp_trim_words()`: tags (and script and style contents) out, the first `count` words joined by spaces. */
function trimWords(html: string, count = EXCERPT_WORDS): string {
  const text = html.replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/giu, '').replace(/<[^>]*>/gu, '')
  const words = text.split(/[\n\r\t ]+/u).filter((word) => word !== '')
  if (words.length <= count) return words.join(' ')
  return `${words.slice(0, count).join(' ')} [&hellip;]`
}
