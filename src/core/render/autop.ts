/**
 * `wpautop()`: WordPress's paragraphs. Our own reading of its rules (`wp-includes/formatting.php`), checked
 * against a live WordPress 6.7: blank lines part paragraphs (`<p>…</p>`), a single newline is a `<br />`, block
 * elements are not wrapped, `<pre>` is kept as written. Its special cases for `<option>`, `<object>`, media
 * `<source>`/`<track>` and `<figcaption>` whitespace are not reproduced.
 */

const BLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)'
const g = (source: string, flags = 'gu') => new RegExp(source, flags)

const NEWLINE_IN_TAG = ' <!-- wpnl --> '
const HTML_PIECE = /(<!--[\s\S]*?(?:-->|$)|<[^>]*>?)/u

/**
 * `text` in paragraphs: `"Yoga at dawn\n\nBring a mat.\nLine two"` →
 * `"<p>Yoga at dawn</p>\n<p>Bring a mat.<br />\nLine two</p>\n"`; `""` for blank text.
 */
export function autop(input: string): string {
  if (input.trim() === '') return ''
  const pres = new Map<string, string>()
  let text = keepPres(`${input}\n`, pres)
  text = text
    .replace(/<br\s*\/?>\s*<br\s*\/?>/gu, '\n\n')
    .replace(g(`(<${BLOCKS}[\\s/>])`), '\n\n$1')
    .replace(g(`(</${BLOCKS}>)`), '$1\n\n')
    .replace(/(<hr\s*?\/?>)/gu, '$1\n\n')
    .replace(/\r\n?/gu, '\n')
  text = newlinesInTags(text).replace(/\n\n+/gu, '\n\n')
  text = text
    .split(/\n\s*\n/u)
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${paragraph.replace(/^\n+|\n+$/gu, '')}</p>\n`)
    .join('')
  text = text
    .replace(/<p>\s*<\/p>/gu, '')
    .replace(/<p>([^<]+)<\/(div|address|form)>/gu, '<p>$1</p></$2>')
    .replace(g(`<p>\\s*(</?${BLOCKS}[^>]*>)\\s*</p>`), '$1')
    .replace(/<p>(<li.+?)<\/p>/gu, '$1')
    .replace(/<p><blockquote([^>]*)>/giu, '<blockquote$1><p>')
    .replaceAll('</blockquote></p>', '</p></blockquote>')
    .replace(g(`<p>\\s*(</?${BLOCKS}[^>]*>)`), '$1')
    .replace(g(`(</?${BLOCKS}[^>]*>)\\s*</p>`), '$1')
    .replace(/<(script|style|svg|math)[\s\S]*?<\/\1>/gu, (element) =>
      element.replace(/\r\n|\n/gu, '<WPPreserveNewline />'),
    )
    .replace(/<br>|<br\/>/gu, '<br />')
    .replace(/(?<!<br \/>)\s*\n/gu, '<br />\n')
    .replaceAll('<WPPreserveNewline />', '\n')
    .replace(g(`(</?${BLOCKS}[^>]*>)\\s*<br />`), '$1')
    .replace(/<br \/>(\s*<\/?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)/gu, '$1')
    .replace(/\n<\/p>$/u, '</p>')
  for (const [name, pre] of pres) text = text.replaceAll(name, pre)
  return text.replaceAll(NEWLINE_IN_TAG, '\n').replaceAll('<!-- wpnl -->', '\n')
}

/** Each `<pre>…</pre>` swapped for a placeholder element, so that nothing inside it changes. */
function keepPres(text: string, pres: Map<string, string>): string {
  if (!text.includes('<pre')) return text
  const parts = text.split('</pre>')
  const last = parts.pop() ?? ''
  let out = ''
  for (const part of parts) {
    const start = part.indexOf('<pre')
    if (start < 0) {
      out += part
      continue
    }
    const name = `<pre wp-pre-tag-${pres.size}></pre>`
    pres.set(name, `${part.slice(start)}</pre>`)
    out += part.slice(0, start) + name
  }
  return out + last
}

/** A newline inside a tag or comment is marked, so that it makes no paragraph or `<br />`. */
function newlinesInTags(text: string): string {
  return text
    .split(HTML_PIECE)
    .map((piece) => (piece.startsWith('<') ? piece.replaceAll('\n', NEWLINE_IN_TAG) : piece))
    .join('')
}
