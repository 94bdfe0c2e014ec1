import { createRequire } from 'node:module'
import type * as JsoncParser from 'jsonc-parser'
import type { Node, ParseError } from 'jsonc-parser'
import { escapeLoneSurrogates } from '../well-formed.js'

// jsonc-parser is loaded on the first question, which only an invalid file asks: a server's start does not wait for
// it. Its package is CommonJS (UMD), so `require` loads it synchronously, as loading must be.
const require = createRequire(import.meta.url)
let loaded: typeof JsoncParser | undefined
function jsonc(): typeof JsoncParser {
  loaded ??= require('jsonc-parser') as typeof JsoncParser
  return loaded
}

/** A place in a JSON text: 1-based line and column. */
export interface TextPosition {
  line: number
  column: number
}

/** A path into a JSON value, as valibot and jsonc-parser write it: `['events', 3, 'start_date']`. */
export type JsonPath = Array<string | number>

/**
 * Finds where JSON values live in a text, to point people at the line they must fix (docs/data-file.md).
 * Parses the text once, lazily, on the first question: a valid file never pays for it, nor for loading the parser.
 *
 * @example
 * new JsonLocator(text).locate(['events', 3, 'start_date']) // { line: 41, column: 21 }
 */
export class JsonLocator {
  readonly #text: string
  #root: Node | undefined
  #lineStarts: number[] | undefined

  constructor(text: string) {
    this.#text = text
  }

  /** Position of the value at `path`, or of its nearest existing ancestor when the key is missing. */
  locate(path: JsonPath): TextPosition | undefined {
    this.#root ??= jsonc().parseTree(this.#text, [], { disallowComments: true }) ?? undefined
    if (!this.#root) return undefined
    for (let depth = path.length; depth >= 0; depth--) {
      const node = jsonc().findNodeAtLocation(this.#root, path.slice(0, depth))
      if (node) return this.position(node.offset)
    }
    return undefined
  }

  /** The first syntax error of a text that `JSON.parse` refused, with its position. */
  syntaxError(): { message: string; position: TextPosition } {
    const errors: ParseError[] = []
    jsonc().parseTree(this.#text, errors, { disallowComments: true, allowTrailingComma: false })
    const first = errors[0]
    if (!first) return { message: 'invalid JSON', position: this.position(0) }
    return { message: describeParseError(first), position: this.position(first.offset) }
  }

  /** 1-based line and column of a character offset. */
  position(offset: number): TextPosition {
    this.#lineStarts ??= lineStarts(this.#text)
    const starts = this.#lineStarts
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const mid = (low + high + 1) >> 1
      if ((starts[mid] ?? 0) <= offset) low = mid
      else high = mid - 1
    }
    return { line: low + 1, column: offset - (starts[low] ?? 0) + 1 }
  }
}

function lineStarts(text: string): number[] {
  const starts = [0]
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  return starts
}

function describeParseError(error: ParseError): string {
  const words = jsonc()
    .printParseErrorCode(error.error)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
  return `JSON syntax error: ${words}`
}

/**
 * `['events', 3, 'start_date']` → `events[3].start_date` (the form docs/data-file.md shows); a key's lone
 * surrogate as its JSON escape, so that the path can be printed (src/core/well-formed.ts).
 */
export function formatPath(path: JsonPath): string {
  return escapeLoneSurrogates(
    path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${key}` : key), ''),
  )
}
