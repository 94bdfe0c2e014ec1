import { CalendarError } from '../../core/errors.js'
import { isWellFormed } from '../../core/well-formed.js'

/**
 * A JSON body read as WordPress reads it: `WP_REST_Request::parse_json_params()` calls PHP's
 * `json_decode( $body, true )`, and answers what it refuses with 400 `rest_invalid_json` and PHP's
 * `json_last_error()` and `json_last_error_msg()` in `data.json_error_code` and `data.json_error_message`
 * (docs/errors.md#request-bodies). `JSON.parse` reads the body; what it takes but PHP refuses (a lone UTF-16
 * surrogate escape, containers nested 512 deep) and what it refuses are then judged by `jsonDecodeError`, PHP's
 * scanner and parser (`ext/json/json_scanner.re`, `json_parser.y`) read again, which gives the first error in the
 * text as PHP finds it.
 *
 * @example
 * parseJsonBody(Buffer.from('{"name":"\\ud800x"}')) // throws: json_error_code 10
 * @throws CalendarError 400 `rest_invalid_json`.
 */
export function parseJsonBody(bytes: Uint8Array): unknown {
  const text = utf8(bytes)
  const value = text === undefined ? UNREAD : parsed(text)
  if (value !== UNREAD && !(mayBeRefused(text ?? '') && refusedByPhp(value, 1))) return value
  throw refused(jsonDecodeError(bytes) ?? SYNTAX)
}

/** What `parsed` gives for a text `JSON.parse` refuses. */
const UNREAD = Symbol('unread')

function parsed(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return UNREAD
  }
}

/** PHP's `json_last_error()` and `json_last_error_msg()` for a text `json_decode()` refuses. */
export interface JsonDecodeError {
  code: number
  message: string
}

const DEPTH: JsonDecodeError = { code: 1, message: 'Maximum stack depth exceeded' }
const STATE_MISMATCH: JsonDecodeError = { code: 2, message: 'State mismatch (invalid or malformed JSON)' }
const CONTROL_CHARACTER: JsonDecodeError = { code: 3, message: 'Control character error, possibly incorrectly encoded' }
const SYNTAX: JsonDecodeError = { code: 4, message: 'Syntax error' }
const UTF8: JsonDecodeError = { code: 5, message: 'Malformed UTF-8 characters, possibly incorrectly encoded' }
const UTF16: JsonDecodeError = { code: 10, message: 'Single unpaired UTF-16 surrogate in unicode escape' }

/** `json_decode()`'s default `$depth`, which WordPress keeps: the 512th container nested in another is refused. */
const MAX_DEPTH = 512

function refused(error: JsonDecodeError): CalendarError {
  return new CalendarError('rest_invalid_json', 400, 'Invalid JSON body passed.', {
    json_error_code: error.code,
    json_error_message: error.message,
  })
}

/** The body as text when it is UTF-8, else undefined; a byte order mark is kept, as PHP keeps it (and refuses it). */
const DECODER = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
function utf8(bytes: Uint8Array): string | undefined {
  try {
    return DECODER.decode(bytes)
  } catch {
    return undefined
  }
}

/**
 * Whether a text `JSON.parse` took may still be one PHP refuses: only one with a `\u` escape can hold a lone
 * surrogate, and only one of 1,024 characters or more can nest 512 containers.
 */
function mayBeRefused(text: string): boolean {
  return text.length >= 2 * MAX_DEPTH || text.includes('\\u')
}

/** Whether `value`, at nesting `level` (1 for the body itself), holds a lone surrogate or nests too deep for PHP. */
function refusedByPhp(value: unknown, level: number): boolean {
  if (typeof value === 'string') return !isWellFormed(value)
  if (typeof value !== 'object' || value === null) return false
  if (level >= MAX_DEPTH) return true
  if (Array.isArray(value)) return value.some((item) => refusedByPhp(item, level + 1))
  for (const [key, item] of Object.entries(value)) if (!isWellFormed(key) || refusedByPhp(item, level + 1)) return true
  return false
}

/** A token of PHP's scanner: a character of JSON's grammar, a value, the end, or the scanner's error. */
type Token = '{' | '}' | '[' | ']' | ':' | ',' | 'string' | 'value' | 'end' | JsonDecodeError

/**
 * The error `json_decode( $bytes, true )` gives, or undefined when it takes them: PHP's scanner and parser read
 * again, token by token, so that the first error in the text is the one reported (a token the scanner refuses is
 * its error, else a token out of place a syntax error, or a state mismatch for `]` closing an object or `}` an
 * array; the 512th nested container a depth error).
 *
 * @example
 * jsonDecodeError(Buffer.from('[1}')) // { code: 2, message: 'State mismatch (invalid or malformed JSON)' }
 */
export function jsonDecodeError(bytes: Uint8Array): JsonDecodeError | undefined {
  let at = 0
  const fail = (token: Token): JsonDecodeError => (typeof token === 'object' ? token : SYNTAX)

  /** The next token (`<JS>` state of the scanner). */
  function next(): Token {
    while (at < bytes.length && (bytes[at] === 0x20 || bytes[at] === 0x09 || bytes[at] === 0x0a || bytes[at] === 0x0d))
      at++
    if (at === bytes.length) return 'end'
    const byte = bytes[at] as number
    const char = String.fromCharCode(byte)
    if ('{}[]:,'.includes(char)) {
      at++
      return char as Token
    }
    if (byte === 0x22) return string()
    for (const word of ['null', 'true', 'false']) {
      if (startsWith(word)) {
        at += word.length
        return 'value'
      }
    }
    const number = numberLength()
    if (number > 0) {
      at += number
      return 'value'
    }
    // A control character (NUL included) is that error; any other character, or whole UTF-8 sequence, is out of
    // place; a byte that starts none is not UTF-8.
    if (byte < 0x20) return CONTROL_CHARACTER
    return byte < 0x80 || sequenceLength(at) > 0 ? SYNTAX : UTF8
  }

  /** A string from its opening quote (`<STR_P1>` state). */
  function string(): Token {
    at++
    for (;;) {
      if (at === bytes.length) return CONTROL_CHARACTER // PHP reads the NUL after the body
      const byte = bytes[at] as number
      if (byte < 0x20) return CONTROL_CHARACTER
      if (byte === 0x22) {
        at++
        return 'string'
      }
      if (byte === 0x5c) {
        const length = escapeLength()
        if (typeof length === 'object') return length
        at += length
      } else if (byte < 0x80) at++
      else {
        const length = sequenceLength(at)
        if (length === 0) return UTF8
        at += length
      }
    }
  }

  /** The length of the escape at `at`: `\n`, `\u00e9`, a pair `\ud83d\ude80`; a lone surrogate or a bad escape is an error. */
  function escapeLength(): number | JsonDecodeError {
    const symbol = String.fromCharCode(bytes[at + 1] ?? 0)
    if ('"\\/bfnrt'.includes(symbol)) return 2
    const unit = symbol === 'u' ? hexUnit(at + 2) : undefined
    if (unit === undefined) return SYNTAX
    if (unit < 0xd800 || unit > 0xdfff) return 6
    const low = unit <= 0xdbff && bytes[at + 6] === 0x5c && bytes[at + 7] === 0x75 ? hexUnit(at + 8) : undefined
    return low !== undefined && low >= 0xdc00 && low <= 0xdfff ? 12 : UTF16
  }

  /** How many bytes the number at `at` takes (the scanner's `INT`, `FLOAT` and `EXP`), 0 when none starts there. */
  function numberLength(): number {
    const digits = (from: number) => {
      let end = from
      while (end < bytes.length && (bytes[end] as number) >= 0x30 && (bytes[end] as number) <= 0x39) end++
      return end
    }
    let end = bytes[at] === 0x2d ? at + 1 : at
    if (bytes[end] === 0x30) end++
    else if ((bytes[end] ?? 0) >= 0x31 && (bytes[end] ?? 0) <= 0x39) end = digits(end)
    else return 0
    if (bytes[end] === 0x2e && digits(end + 1) > end + 1) end = digits(end + 1)
    if (bytes[end] === 0x65 || bytes[end] === 0x45) {
      const sign = bytes[end + 1] === 0x2b || bytes[end + 1] === 0x2d ? 1 : 0
      const exponent = digits(end + 1 + sign)
      if (exponent > end + 1 + sign) end = exponent
    }
    return end - at
  }

  /** The four hex digits at `from` as a code unit. */
  function hexUnit(from: number): number | undefined {
    const digits = ascii(from, 4)
    return /^[\da-f]{4}$/iu.test(digits) ? Number.parseInt(digits, 16) : undefined
  }

  /** How many bytes the UTF-8 sequence at `from` takes, 0 when it is none (the scanner's `UTF8_2` … `UTF8_4`). */
  function sequenceLength(from: number): number {
    const lead = bytes[from] as number
    const [length, low, high] =
      lead >= 0xc2 && lead <= 0xdf
        ? [2, 0x80, 0xbf]
        : lead === 0xe0
          ? [3, 0xa0, 0xbf]
          : lead === 0xed
            ? [3, 0x80, 0x9f]
            : lead >= 0xe1 && lead <= 0xef
              ? [3, 0x80, 0xbf]
              : lead === 0xf0
                ? [4, 0x90, 0xbf]
                : lead >= 0xf1 && lead <= 0xf3
                  ? [4, 0x80, 0xbf]
                  : lead === 0xf4
                    ? [4, 0x80, 0x8f]
                    : [0, 0, 0]
    if (length === 0) return 0
    const second = bytes[from + 1] ?? 0
    if (second < low || second > high) return 0
    for (let i = 2; i < length; i++) {
      const byte = bytes[from + i] ?? 0
      if (byte < 0x80 || byte > 0xbf) return 0
    }
    return length
  }

  function startsWith(word: string): boolean {
    return ascii(at, word.length) === word
  }

  function ascii(from: number, length: number): string {
    return String.fromCharCode(...bytes.subarray(from, Math.min(bytes.length, from + length)))
  }

  /** A value whose first token is `token`, nested at `level` (PHP's parser starts at 1). */
  function value(token: Token, level: number): JsonDecodeError | undefined {
    if (token === '{' || token === '[') {
      if (level >= MAX_DEPTH) return DEPTH
      return token === '{' ? object(level + 1) : array(level + 1)
    }
    return token === 'string' || token === 'value' ? undefined : fail(token)
  }

  function object(level: number): JsonDecodeError | undefined {
    let token = next()
    if (token === '}') return undefined
    if (token === ']') return STATE_MISMATCH
    for (;;) {
      if (token !== 'string') return fail(token)
      token = next()
      if (token !== ':') return fail(token)
      const error = value(next(), level)
      if (error) return error
      token = next()
      if (token === '}') return undefined
      if (token !== ',') return token === ']' ? STATE_MISMATCH : fail(token)
      token = next()
    }
  }

  function array(level: number): JsonDecodeError | undefined {
    let token = next()
    if (token === ']') return undefined
    if (token === '}') return STATE_MISMATCH
    for (;;) {
      const error = value(token, level)
      if (error) return error
      token = next()
      if (token === ']') return undefined
      if (token !== ',') return token === '}' ? STATE_MISMATCH : fail(token)
      token = next()
    }
  }

  const error = value(next(), 1)
  if (error) return error
  const last = next()
  return last === 'end' ? undefined : fail(last)
}
