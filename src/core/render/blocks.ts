import type { WordPressRelease } from '../resources/tec-versions.js'
import { isWellFormed } from '../well-formed.js'
import { addClassToFirstTag } from './html/tag-class.js'

/**
 * `do_blocks()` as `the_content` runs it: the block comments of a post's content parsed as `WP_Block_Parser` parses
 * them (`wp-includes/class-wp-block-parser.php`), and each block rendered as the HTML between its comments with its
 * inner blocks in their places (`WP_Block::render()`). Our own reading of those rules; of the blocks that render on
 * the server only the list's class is added (others keep their stored HTML), and no block support (layout classes)
 * is applied.
 */

/** A parsed block: `name` null for the HTML between blocks (a freeform block). */
interface ParsedBlock {
  readonly name: string | null
  /** The JSON of its comment's attributes, as written; `undefined` when it has none. */
  readonly attrs?: string | undefined
  /** The HTML pieces between the block's comments; `null` where an inner block sits. */
  readonly innerContent: Array<string | null>
  readonly innerBlocks: ParsedBlock[]
}

/** A block opened and not yet closed, as the parser keeps it on its stack (`WP_Block_Parser_Frame`). */
interface Frame {
  readonly block: ParsedBlock
  readonly tokenStart: number
  readonly tokenLength: number
  /** Where the block's HTML not yet taken in starts. */
  prevOffset: number
  /** Where HTML before the block's opener starts, when some is there and the block sits at the top. */
  readonly leadingHtmlStart: number | undefined
}

/**
 * A block comment: `<!-- wp:name -->`, `<!-- /wp:ns/name -->`, `<!-- wp:name {"a":1} /-->`. PHP's `\s` (no Unicode
 * spaces), and its possessive attribute group written as a look-ahead read back, which no backtracking re-enters.
 */
const SPACE = '[ \\t\\n\\v\\f\\r]'
const DELIMITER = new RegExp(
  `<!--${SPACE}+(\\/)?wp:((?:[a-z][a-z\\d_-]*\\/)?)([a-z][a-z\\d_-]*)${SPACE}+` +
    `(?:\\{(?=((?:[^}]+|\\}+(?=\\})|(?!\\}${SPACE}+\\/?-->)[\\s\\S])*))\\4\\}${SPACE}+)?(\\/)?-->`,
  'gu',
)

/** PHP's `empty()` of a string: `""` and `"0"`. */
function phpEmpty(text: string): boolean {
  return text === '' || text === '0'
}

function freeform(html: string): ParsedBlock {
  return { name: null, innerContent: [html], innerBlocks: [] }
}

/**
 * The most text that blocks left open inside each other may copy (each holds all that follows its opener): past it
 * they are closed inside their parents instead. WordPress copies it all (a thousand such openers in 30 kB make
 * 20 MB, and run out of memory when 7.0.4 parses them again); calfile keeps its answers to a size it can send.
 */
const MAX_COPIED = 1 << 20

/** How much text the blocks left open copy when the parse ends with them: what follows each one's last piece. */
function copiedAtEnd(stack: readonly Frame[], length: number): number {
  return stack.length < 2 ? 0 : stack.reduce((sum, frame) => sum + length - frame.prevOffset, 0)
}

/**
 * `parse_blocks()`: the top-level blocks of `document`. A block left open is closed at the end; blocks left open
 * inside another are each put at the top level, the outer one holding all that follows its opener (comments
 * included; up to `MAX_COPIED`); a closer with no block open ends the parse, the rest of the document kept as HTML.
 */
function parseBlocks(document: string): ParsedBlock[] {
  const output: ParsedBlock[] = []
  const stack: Frame[] = []
  let offset = 0

  const addInnerBlock = (block: ParsedBlock, tokenStart: number, tokenLength: number, lastOffset?: number) => {
    const parent = stack[stack.length - 1]!
    parent.block.innerBlocks.push(block)
    const html = document.slice(parent.prevOffset, tokenStart)
    if (!phpEmpty(html)) parent.block.innerContent.push(html)
    parent.block.innerContent.push(null)
    parent.prevOffset = lastOffset ?? tokenStart + tokenLength
  }
  const addBlockFromStack = (endOffset?: number) => {
    const top = stack.pop()!
    const html = document.slice(top.prevOffset, endOffset)
    if (!phpEmpty(html)) top.block.innerContent.push(html)
    if (top.leadingHtmlStart !== undefined) {
      output.push(freeform(document.slice(top.leadingHtmlStart, top.tokenStart)))
    }
    output.push(top.block)
  }
  const addFreeform = () => {
    if (offset < document.length) output.push(freeform(document.slice(offset)))
  }

  for (;;) {
    DELIMITER.lastIndex = offset
    const token = DELIMITER.exec(document)
    if (token === null) {
      if (stack.length === 0) addFreeform()
      if (copiedAtEnd(stack, document.length) > MAX_COPIED) {
        // Each block left open is closed at the end inside its parent, so that the text is kept once.
        while (stack.length > 1) {
          const top = stack.pop()!
          top.block.innerContent.push(document.slice(top.prevOffset))
          addInnerBlock(top.block, top.tokenStart, top.tokenLength, document.length)
        }
      }
      while (stack.length > 0) addBlockFromStack()
      return output
    }
    const start = token.index
    const length = token[0].length
    const leadingHtmlStart = start > offset ? offset : undefined
    const name = `${token[2] || 'core/'}${token[3]}`
    const attrs = token[4] === undefined ? undefined : `{${token[4]}}`
    if (token[5] !== undefined) {
      const block: ParsedBlock = { name, attrs, innerContent: [], innerBlocks: [] }
      if (stack.length === 0) {
        if (leadingHtmlStart !== undefined) output.push(freeform(document.slice(leadingHtmlStart, start)))
        output.push(block)
      } else {
        addInnerBlock(block, start, length)
      }
    } else if (token[1] === undefined) {
      const block: ParsedBlock = { name, attrs, innerContent: [], innerBlocks: [] }
      stack.push({ block, tokenStart: start, tokenLength: length, prevOffset: start + length, leadingHtmlStart })
    } else if (stack.length === 0) {
      addFreeform()
      return output
    } else if (stack.length === 1) {
      addBlockFromStack(start)
    } else {
      const top = stack.pop()!
      top.block.innerContent.push(document.slice(top.prevOffset, start))
      top.prevOffset = start + length
      addInnerBlock(top.block, top.tokenStart, top.tokenLength, start + length)
    }
    offset = start + length
  }
}

/**
 * `serialize_blocks()`: the blocks written back as comments and HTML, every block closed (one whose content is
 * empty or `"0"` as a void `<!-- wp:name /-->`), `core/` left out of names, attributes as
 * `serialize_block_attributes()` writes them (`blockAttributes`).
 */
function serializeBlocks(blocks: readonly ParsedBlock[]): string {
  return blocks.map(serializeBlock).join('')
}

function serializeBlock(block: ParsedBlock): string {
  let index = 0
  const content = block.innerContent.map((chunk) => chunk ?? serializeBlock(block.innerBlocks[index++]!)).join('')
  if (block.name === null) return content
  const name = block.name.startsWith('core/') ? block.name.slice(5) : block.name
  const attrs = blockAttributes(block.attrs)
  const opener = `<!-- wp:${name} ${attrs === '' ? '' : `${attrs} `}`
  return phpEmpty(content) ? `${opener}/-->` : `${opener}-->${content}<!-- /wp:${name} -->`
}

/**
 * A block comment's attributes as `serialize_block_attributes()` writes them back: decoded as `json_decode()`
 * decodes them (`""` when that fails or gives no attribute), encoded as `json_encode()` encodes a PHP array (an empty
 * object, or one keyed 0, 1, …, as a list), then `\\`, `--`, `<`, `>`, `&` and `\"` as `\u` escapes.
 */
function blockAttributes(json: string | undefined): string {
  if (json === undefined) return ''
  let decoded: unknown
  try {
    decoded = JSON.parse(json)
  } catch {
    return ''
  }
  const encoded = phpJsonEncode(decoded)
  if (encoded === undefined || encoded === '[]') return ''
  return encoded.replace(/\\\\|--|<|>|&|\\"/gu, (s) => ATTRIBUTE_ESCAPES[s]!)
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '\\\\': '\\u005c',
  '--': '\\u002d\\u002d',
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\\"': '\\u0022',
}

/**
 * `json_encode()` with `JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE` of what `json_decode()` gives for a decoded
 * JSON value; `undefined` where `json_decode()` fails (a lone surrogate).
 */
function phpJsonEncode(value: unknown): string | undefined {
  if (typeof value === 'string') return phpJsonString(value)
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value)
  const list = entries.every(([key], i) => key === String(i))
  const parts: string[] = []
  for (const [key, item] of entries) {
    const encodedItem = phpJsonEncode(item)
    const encodedKey = phpJsonString(key)
    if (encodedItem === undefined || encodedKey === undefined) return undefined
    parts.push(list ? encodedItem : `${encodedKey}:${encodedItem}`)
  }
  return list ? `[${parts.join(',')}]` : `{${parts.join(',')}}`
}

function phpJsonString(text: string): string | undefined {
  if (!isWellFormed(text)) return undefined
  return JSON.stringify(text).replace(/[\u2028\u2029]/gu, (c) => `\\u${c.charCodeAt(0).toString(16)}`)
}

/** The first `<ul>` or `<ol>` of a list block gets `wp-block-list` (`block_core_list_render()`, both releases). */
const LIST_TAGS: ReadonlySet<string> = new Set(['UL', 'OL'])
/** WordPress 7.0's `block_core_paragraph_add_class()`: a paragraph block's first `<p>` gets `wp-block-paragraph`. */
const PARAGRAPH_TAGS: ReadonlySet<string> = new Set(['P'])

function renderBlock(block: ParsedBlock, wordpress: WordPressRelease): string {
  let index = 0
  const content = block.innerContent
    .map((chunk) => chunk ?? renderBlock(block.innerBlocks[index++]!, wordpress))
    .join('')
  if (phpEmpty(content)) return content
  if (block.name === 'core/list') return addClassToFirstTag(content, LIST_TAGS, 'wp-block-list')
  if (block.name === 'core/paragraph' && wordpress === '7.0.4') {
    return addClassToFirstTag(content, PARAGRAPH_TAGS, 'wp-block-paragraph')
  }
  return content
}

/**
 * `do_blocks()` of `content` in `the_content`, as `wordpress` runs it. 7.0.4 first parses and writes back the
 * blocks (`apply_block_hooks_to_content_from_post_object()`, before `do_blocks()`, which closes every block left
 * open) and gives each paragraph block's first `<p>` the class `wp-block-paragraph`.
 * `'<!-- wp:paragraph --><p>x</p><!-- /wp:paragraph -->'` → `'<p class="wp-block-paragraph">x</p>'` (7.0.4),
 * `'<p>x</p>'` (6.7.1).
 */
export function doBlocks(content: string, wordpress: WordPressRelease): string {
  const document = wordpress === '7.0.4' ? serializeBlocks(parseBlocks(content)) : content
  return parseBlocks(document)
    .map((block) => renderBlock(block, wordpress))
    .join('')
}
