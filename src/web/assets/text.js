/** Text helpers: the interface's titles and descriptions are HTML, as WordPress stores them (`Run &#8211; East`). */

/** A textarea's content is text (RCDATA): character references are decoded, and nothing else is parsed. */
const decoder = document.createElement('textarea')

/**
 * The text of an HTML fragment: tags dropped, character references decoded, white space collapsed. No element
 * of the fragment is ever made, so nothing runs, loads or asks the Content-Security-Policy for its styles.
 * @param {string | null | undefined} html
 */
export function plainText(html) {
  if (!html) return ''
  decoder.innerHTML = html.replace(/<[^>]*>/gu, ' ')
  return decoder.value.replace(/\s+/gu, ' ').trim()
}

/**
 * An element with text content and attributes, built without HTML parsing.
 * @param {string} tag
 * @param {Record<string, string>} [attributes]
 * @param {Array<Node | string>} [children]
 */
export function element(tag, attributes = {}, children = []) {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  node.append(...children)
  return node
}
