/**
 * Content lines of an iCalendar text (RFC 5545 §3.1) with the line of the file each starts on: ical.js parses
 * without locations, and an import's errors and skips name the line.
 */

/** One content line, unfolded, and the line of the file (1-based) it starts on. */
export interface ContentLine {
  text: string
  line: number
}

/** A content line taken apart: `NAME;PARAM=value;...:VALUE` (RFC 5545 §3.1), parameters as written. */
export interface ContentParts {
  name: string
  params: string[]
  value: string
}

/**
 * The content lines of `text`: CRLF, LF or CR line ends, a line that starts with a space or tab continuing the one
 * before (RFC 5545 §3.1 folding), blank lines and a byte order mark left out.
 */
export function unfoldLines(text: string): ContentLine[] {
  const lines: ContentLine[] = []
  text
    .replace(/^\uFEFF/u, '')
    .split(/\r\n|\n|\r/u)
    .forEach((physical, index) => {
      const last = lines.at(-1)
      if (last !== undefined && (physical.startsWith(' ') || physical.startsWith('\t'))) last.text += physical.slice(1)
      else if (physical.trim() !== '') lines.push({ text: physical, line: index + 1 })
    })
  return lines
}

const NAME = /^[A-Za-z0-9-]+$/u

/**
 * `text` taken apart at the first `;` and the first `:` outside double quotes (RFC 5545 §3.1: a quoted parameter
 * value may hold both); undefined when it is not a content line: no `:`, or a name beyond letters, digits and `-`.
 */
export function splitContentLine(text: string): ContentParts | undefined {
  const cuts: number[] = []
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '"') quoted = !quoted
    else if (!quoted && c === ';') cuts.push(i)
    else if (!quoted && c === ':') return partsAt(text, cuts, i)
  }
  return undefined
}

function partsAt(text: string, cuts: number[], colon: number): ContentParts | undefined {
  const ends = [...cuts, colon]
  const name = text.slice(0, ends[0])
  if (!NAME.test(name)) return undefined
  const params = cuts.map((cut, i) => text.slice(cut + 1, ends[i + 1]))
  return { name: name.toUpperCase(), params, value: text.slice(colon + 1) }
}

/** `parts` written back as one content line. */
export function joinContentLine(parts: ContentParts): string {
  return `${[parts.name, ...parts.params].join(';')}:${parts.value}`
}
