/**
 * A JSON body is read as WordPress reads it (src/http/php/json-decode.ts, docs/errors.md#request-bodies): what PHP's
 * `json_decode( $body, true )` refuses is a 400 `rest_invalid_json` with PHP's `json_error_code` and
 * `json_error_message`, the first error in the text as PHP finds it. The codes below are PHP 8.2's, the PHP of the
 * real TEC 6.17.2 site the first of them were sent to over HTTP (each answered `400 rest_invalid_json` with these
 * data); the rest were asked of the same PHP's `json_decode()`, and 80,000 generated texts agreed with it.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CalendarError } from '../../src/core/errors.js'
import { holdsWellFormedText } from '../../src/core/well-formed.js'
import { jsonDecodeError, parseJsonBody } from '../../src/http/php/json-decode.js'

const MESSAGES: Record<number, string> = {
  1: 'Maximum stack depth exceeded',
  2: 'State mismatch (invalid or malformed JSON)',
  3: 'Control character error, possibly incorrectly encoded',
  4: 'Syntax error',
  5: 'Malformed UTF-8 characters, possibly incorrectly encoded',
  10: 'Single unpaired UTF-16 surrogate in unicode escape',
}

/** A body's octets from a Latin-1 text: `\xff` is the octet 0xFF. */
const octets = (text: string) => Buffer.from(text, 'latin1')

/** `{"x": [[…]]}`: `levels` containers nested, around `inner`. */
const nested = (levels: number, inner = '') => `{"x":${'['.repeat(levels - 1)}${inner}${']'.repeat(levels - 1)}}`

/** [body as Latin-1 text, PHP's json_last_error()]; 0 is a body PHP takes. */
const CASES: Array<[string, number]> = [
  // sent to the real TEC site
  ['{"name":"\\ud800x"}', 10],
  ['{"name":"\\udc00x"}', 10],
  ['{"name":"\\udc00\\ud800x"}', 10],
  ['{"name":', 4],
  ['{"name":"a",}', 4],
  ['[1', 4],
  ['{"name":"a\tb"}', 3],
  ['{"name":"\xffx"}', 5],
  ['{"name":"abc', 3],
  ['\xef\xbb\xbf{"name":"bom"}', 4],
  ['   ', 4],
  ['{"name":"x1"}\xff', 5],
  ['\xff{"name":"x1"}', 5],
  ['{"name":"a\x00b"}', 3],
  ['{"name":"ab"}\x00', 3],
  ['{"name":"a\\x"}', 4],
  ['{"name":"\\ud800x",', 10],
  ['{"name" "\\ud800x"}', 10],
  ['{"name":"\xff\\ud800x"}', 5],
  ['{"name":"\x01\xff"}', 3],
  ['{"name":"x1"} \xc3\xa9', 4],
  ['{"name":"\xc0\xafx"}', 5],
  ['{"name":"\xed\xa0\x80x"}', 5],
  ['{"name":"\xf8\x88\x80\x80\x80x"}', 5],
  ['{"name":"\xf4\x90\x80\x80x"}', 5],
  ['{"name":"x\xe2\x82"}', 5],
  [nested(511), 0],
  [nested(512), 1],
  ['{"name":"nul\\u0000x"}', 0],
  ['{"name":"nc\\ufffex"}', 0],
  ['{"name":"nc\xef\xb7\x90x"}', 0],
  ['{"name":"pair\\ud83d\\ude80x"}', 0],
  ['{"name":"del\x7fx"}', 0],
  ['{"name":"x","name":"y"}', 0],
  // asked of PHP 8.2's json_decode()
  ['[1}', 2],
  ['{"a":1]', 2],
  ['[}', 2],
  ['{]', 2],
  ['[1,}', 4],
  ['{"a":1,]', 4],
  ['{"a"]', 4],
  ['"\\ud800"', 10],
  ['"\\uD800\\uDC00"', 0],
  ['"\\uDC00\\uD800"', 10],
  ['"\\ud800\\u0041"', 10],
  ['"\\u12"', 4],
  ['01', 4],
  ['-', 4],
  ['1.', 4],
  ['[-01]', 4],
  ['-0', 0],
  ['1e5', 0],
  ['[1] x', 4],
  ['\x00', 3],
  ['[1]\x00', 3],
  ['{"\\u0000a":1}', 0],
  [nested(511, '1'), 0],
  [nested(512, '\xff'), 1],
  [nested(600, '"\\ud800"'), 1],
  [`${'['.repeat(511)}\xff`, 5],
  [`${'['.repeat(512)}\xff`, 1],
]

/** The error `parseJsonBody` throws for `bytes`, or null when it reads them. */
function refusal(bytes: Uint8Array): CalendarError | null {
  try {
    parseJsonBody(bytes)
    return null
  } catch (error) {
    if (!(error instanceof CalendarError)) throw error
    return error
  }
}

describe('a JSON body is read as json_decode() reads it', () => {
  it.each(CASES)('%j: json_last_error() %i', (text, code) => {
    const error = refusal(octets(text))
    if (code === 0) {
      expect(error).toBeNull()
      expect(jsonDecodeError(octets(text))).toBeUndefined()
      return
    }
    expect(error?.toJSON()).toEqual({
      code: 'rest_invalid_json',
      message: 'Invalid JSON body passed.',
      data: { status: 400, json_error_code: code, json_error_message: MESSAGES[code] },
    })
    expect(jsonDecodeError(octets(text))).toEqual({ code, message: MESSAGES[code] })
  })

  it('a body PHP takes reads as JSON.parse reads it: the escape of a pair, a noncharacter, NUL and DEL', () => {
    expect(parseJsonBody(octets('{"a":"\\ud83d\\ude80\\ufffe\\u0000\x7f","b":[1,-0.5e2,null,true]}'))).toEqual({
      a: '🚀\ufffe\u0000\u007f',
      b: [1, -50, null, true],
    })
  })

  it('any JSON value: read as written, or refused with code 10 when a text or a key holds a lone surrogate (fast-check)', () => {
    // Texts of any UTF-16 code units, lone surrogates among them, which JSON.stringify writes as escapes.
    const unit = fc.oneof(
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
    )
    const text = fc.string({ unit, maxLength: 8 })
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(text, tie('node'), { maxKeys: 3 }),
      ),
    })).node
    fc.assert(
      fc.property(value, (input) => {
        const written = Buffer.from(JSON.stringify(input))
        if (holdsWellFormedText(input)) {
          expect(parseJsonBody(written)).toEqual(JSON.parse(written.toString()))
        } else {
          expect(refusal(written)?.data).toEqual({ json_error_code: 10, json_error_message: MESSAGES[10] })
        }
      }),
      { numRuns: 500 },
    )
  })

  it('any octets: read, or refused with one of json_decode()’s errors, never anything else (fast-check)', () => {
    const piece = fc.constantFrom('{', '}', '[', ']', ':', ',', '"', '\\', '\\u', 'd800', 'dc00', '1', '-', 'e', ' ')
    const raw = fc.oneof(
      fc.uint8Array({ maxLength: 24 }).map((bytes) => Buffer.from(bytes)),
      fc
        .array(fc.oneof(piece, fc.string({ maxLength: 2 })), { maxLength: 16 })
        .map((parts) => Buffer.from(parts.join(''))),
    )
    fc.assert(
      fc.property(raw, (bytes) => {
        const error = refusal(bytes)
        if (error === null) return
        expect(error.status).toBe(400)
        expect(MESSAGES[error.data.json_error_code as number]).toBe(error.data.json_error_message)
        expect(jsonDecodeError(bytes)?.code ?? 4).toBe(error.data.json_error_code)
      }),
      { numRuns: 2000 },
    )
  })
})
