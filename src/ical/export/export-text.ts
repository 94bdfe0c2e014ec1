/**
 * Plain text of the HTML that TEC and calfile store in titles, descriptions and names, for iCalendar's TEXT values
 * (RFC 5545 §3.3.11). TEC runs `wp_strip_all_tags` and `html_entity_decode` (its iCal class, `replace`); calfile
 * also keeps the breaks between blocks, which TEC turns into spaces.
 */
import { decodeEntities } from '../../core/render/entities.js'

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
