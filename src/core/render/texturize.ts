/**
 * WordPress's typography on output: `wptexturize()` (curly quotes, apostrophes, primes, dashes, ellipsis, ×, and
 * a bare `&` as `&#038;`), `convert_chars()` and `capital_P_dangit()`. Our own reading of the rules of
 * `wp-includes/formatting.php`, checked against a live WordPress 6.7; shortcodes are not recognised (calfile
 * runs none), so a `[code]` block is texturized like text.
 */

const APOS = '&#8217;'
const OPEN_SINGLE = '&#8216;'
const CLOSE_SINGLE = '&#8217;'
const OPEN_DOUBLE = '&#8220;'
const CLOSE_DOUBLE = '&#8221;'
const PRIME = '&#8242;'
const DOUBLE_PRIME = '&#8243;'
const EN_DASH = '&#8211;'
const EM_DASH = '&#8212;'

// Markers for quotes decided early and written out last, so that later rules do not read them as quotes.
const APOS_FLAG = '<!--apos-->'
const OPEN_SINGLE_FLAG = '<!--osq-->'
const OPEN_DOUBLE_FLAG = '<!--oq-->'
const PRIME_FLAG = '<!--wp-prime-or-quote-->'

/** What WordPress counts as a space around quotes and dashes. */
const SP = '[\\r\\n\\t \\u00a0]|&nbsp;'
/** Where a closing quote may stand: the end, punctuation, `&gt;` or a space. */
const CLOSER = `(?=\\n?$|[.,:;!?)}\\-\\]]|&gt;|${SP})`

/** Plain replacements, applied in this order: `...` → `…`, ``` `` ``` and `''` → curly doubles, ` (tm)` → ™. */
const STATIC: Array<[string, string]> = [
  ['...', '&#8230;'],
  ['``', OPEN_DOUBLE],
  ["''", CLOSE_DOUBLE],
  [' (tm)', ' &#8482;'],
  ...["'tain't", "'twere", "'twas", "'tis", "'twill", "'til", "'bout", "'nuff", "'round", "'cause", "'em"].map(
    (word): [string, string] => [word, word.replaceAll("'", APOS)],
  ),
]

const r = (source: string) => new RegExp(source, 'gu')

/** Single quotes: years (`'99`), quoted numbers, openings after a space or bracket, apostrophes inside words. */
const SINGLE_RULES: Array<[RegExp, string]> = [
  [r(`'(\\d\\d)'${CLOSER}`), `${APOS_FLAG}$1${CLOSE_SINGLE}`],
  [r(`'(\\d\\d)"${CLOSER}`), `${APOS_FLAG}$1${CLOSE_DOUBLE}`],
  [r(`'(?=\\d\\d(?:\\n?$|(?![%\\d]|[.,]\\d)))`), APOS_FLAG],
  [r(`(?<=^|${SP})'(\\d[.,\\d]*)'`), `${OPEN_SINGLE_FLAG}$1${CLOSE_SINGLE}`],
  [r(`(?<=^|[(\\[{"\\-]|&lt;|${SP})'`), OPEN_SINGLE_FLAG],
  [r(`(?<!${SP})'(?!\\n?$|[.,:;!?"'(){}[\\]\\-]|&[lg]t;|${SP})`), APOS_FLAG],
]

/** Double quotes: quoted numbers, and an opening after a space or bracket that is not followed by a space. */
const DOUBLE_RULES: Array<[RegExp, string]> = [
  [r(`(?<=^|${SP})"(\\d[.,\\d]*)"`), `${OPEN_DOUBLE_FLAG}$1${CLOSE_DOUBLE}`],
  [r(`(?<=^|[(\\[{\\-]|&lt;|${SP})"(?!${SP})`), OPEN_DOUBLE_FLAG],
]

/** `---` and a spaced `--` are em dashes; another `--` (not in punycode `xn--`) and a spaced `-` are en dashes. */
const DASH_RULES: Array<[RegExp, string]> = [
  [/---/gu, EM_DASH],
  [r(`(?<=^|${SP})--(?=$|${SP})`), EM_DASH],
  [/(?<!xn)--/gu, EN_DASH],
  [r(`(?<=^|${SP})-(?=$|${SP})`), EN_DASH],
]

/** An `&` that does not start an entity. */
const BARE_AMPERSAND = /&(?!#(?:\d+|x[a-f\d]+);|[a-z1-4]{1,8};)/giu
/** Tags and comments, split off the text between them (an unclosed one runs to the end). */
const HTML_PIECE = /(<!--[\s\S]*?(?:-->|$)|<[^>]*>?)/u
/** Elements whose content WordPress leaves as written. */
const VERBATIM = new Set(['pre', 'code', 'kbd', 'style', 'script', 'tt'])

/**
 * `wptexturize()`: the text between tags with curly quotes (`"a"` → `&#8220;a&#8221;`), apostrophes
 * (`it's` → `it&#8217;s`), primes, dashes (`--` → `&#8211;`, ` -- ` → ` &#8212; `), `...` → `&#8230;`, `2x4` →
 * `2&#215;4` and every bare `&` as `&#038;`; tags keep their text but a bare `&` in them becomes `&#038;` too;
 * nothing inside `pre`, `code`, `kbd`, `style`, `script` or `tt` changes. Entities already there are kept, so
 * texturized text comes back unchanged.
 */
export function texturize(text: string): string {
  if (text === '') return text
  const verbatim: string[] = []
  return text
    .split(HTML_PIECE)
    .map((piece) => {
      if (piece.startsWith('<')) {
        if (piece.startsWith('<!--')) return piece
        trackVerbatim(piece, verbatim)
        return piece.replace(BARE_AMPERSAND, '&#038;')
      }
      if (piece.trim() === '' || verbatim.length > 0) return piece
      return texturizeText(piece)
    })
    .join('')
}

/** Keeps the stack of open verbatim elements as tags open and close them. */
function trackVerbatim(tag: string, stack: string[]): void {
  const closing = tag[1] === '/'
  if (closing && stack.length === 0) return
  const name =
    tag
      .slice(closing ? 2 : 1)
      .split(' ')[0]
      ?.replace(/>$/u, '') ?? ''
  if (!VERBATIM.has(name)) return
  if (!closing) stack.push(name)
  else if (stack[stack.length - 1] === name) stack.pop()
}

function texturizeText(input: string): string {
  let text = input
  for (const [from, to] of STATIC) text = text.replaceAll(from, to)
  if (text.includes("'")) {
    for (const [pattern, to] of SINGLE_RULES) text = text.replace(pattern, to)
    text = primes(text, "'", PRIME, OPEN_SINGLE_FLAG, CLOSE_SINGLE)
    text = text.replaceAll(APOS_FLAG, APOS).replaceAll(OPEN_SINGLE_FLAG, OPEN_SINGLE)
  }
  if (text.includes('"')) {
    for (const [pattern, to] of DOUBLE_RULES) text = text.replace(pattern, to)
    text = primes(text, '"', DOUBLE_PRIME, OPEN_DOUBLE_FLAG, CLOSE_DOUBLE)
    text = text.replaceAll(OPEN_DOUBLE_FLAG, OPEN_DOUBLE)
  }
  if (text.includes('-')) for (const [pattern, to] of DASH_RULES) text = text.replace(pattern, to)
  if (/(?<=\d)x\d/u.test(text)) text = text.replace(/\b(0[\d.,]+|[1-9][\d.,]*)x(\d[\d.,]*)\b/gu, '$1&#215;$2')
  return text.replace(BARE_AMPERSAND, '&#038;')
}

/**
 * The quotes left after the rules above are closing quotes or primes (`5'`, `6"`), decided per stretch after each
 * opening quote: in a stretch with no closing quote yet, the last candidate closes it and those after a digit are
 * primes; elsewhere every one after a digit is a prime and the rest close.
 */
function primes(text: string, quote: string, prime: string, openFlag: string, close: string): string {
  const closer = new RegExp(`${quote}${CLOSER}`, 'gu')
  const afterDigit = new RegExp(`(?<=\\d)${quote}`, 'gu')
  return text
    .split(openFlag)
    .map((sentence, index) => {
      let out = sentence
      if (!out.includes(quote)) return out
      if (index !== 0 && !out.includes(close)) {
        const count = (out.match(closer) ?? []).length
        out = out.replace(closer, PRIME_FLAG)
        if (count > 1)
          out = closeCandidates(out, close)
            .replace(afterDigit, prime)
            .replace(/(?<=\d)<!--wp-prime-or-quote-->/gu, prime)
            .replaceAll(PRIME_FLAG, close)
        else if (count === 1) out = out.replaceAll(PRIME_FLAG, close).replace(afterDigit, prime)
        else out = out.replace(afterDigit, prime)
      } else out = out.replace(afterDigit, prime).replace(closer, close)
      if (quote === '"') out = out.replaceAll('"', close)
      return out
    })
    .join(openFlag)
}

/** Of several candidates, those not after a digit close; if all are after digits, the last (one before a `.` first) does. */
function closeCandidates(sentence: string, close: string): string {
  let replaced = 0
  const out = sentence.replace(/(?<!\d)<!--wp-prime-or-quote-->/gu, () => {
    replaced++
    return close
  })
  if (replaced > 0) return out
  const beforeDot = out.lastIndexOf(`${PRIME_FLAG}.`)
  const at = beforeDot >= 0 ? beforeDot : out.lastIndexOf(PRIME_FLAG)
  return out.slice(0, at) + close + out.slice(at + PRIME_FLAG.length)
}

/** `convert_chars()`: an `&` before anything but `#` or an entity name becomes `&#038;`. */
export function convertChars(text: string): string {
  return text.includes('&') ? text.replace(/&([^#])(?![a-z1-4]{1,8};)/giu, '&#038;$1') : text
}

/** `capital_P_dangit()`: WordPress spelled right, everywhere in a title, after a space, quote, `>` or `(` in content. */
export function capitalP(text: string, where: 'title' | 'content'): string {
  if (where === 'title') return text.replaceAll('Wordpress', 'WordPress')
  return text.replace(/( |&#8216;|&#8220;|>|\()Wordpress/gu, '$1WordPress')
}
