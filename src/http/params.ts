import type { H3Event } from 'h3'
import qs from 'qs'
import { CalendarError } from '../core/errors.js'

/** Largest body accepted (CONTRACT §5): 1 MiB. */
export const BODY_LIMIT = 1024 * 1024

const QS_OPTIONS = { depth: 5, arrayLimit: 1000, parameterLimit: 2000 } as const

/** A query string with PHP brackets (`venue[]=1&venue[]=2`, `venue[venue]=Blue`) as an object (CONTRACT §4). */
export function parseQuery(url: URL): Record<string, unknown> {
  return qs.parse(url.search.slice(1), QS_OPTIONS)
}

/**
 * The body of a write: JSON, or `application/x-www-form-urlencoded` with PHP brackets (CONTRACT §3); an empty
 * body is `{}`.
 *
 * @throws CalendarError 413 `rest_payload_too_large` over 1 MiB, 400 `rest_invalid_json` for malformed JSON.
 */
export async function readBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > BODY_LIMIT) throw tooLarge()
  const text = await request.text()
  if (Buffer.byteLength(text) > BODY_LIMIT) throw tooLarge()
  if (text.trim() === '') return {}
  const type = request.headers.get('content-type') ?? ''
  if (type.includes('application/x-www-form-urlencoded')) return qs.parse(text, QS_OPTIONS)
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new CalendarError('rest_invalid_json', 400, 'Invalid JSON body passed.', {
      json_error_message: error instanceof Error ? error.message : String(error),
    })
  }
}

function tooLarge(): CalendarError {
  return new CalendarError('rest_payload_too_large', 413, `The request body is larger than ${BODY_LIMIT} bytes.`)
}

const BODY = Symbol('calfile.body')

/** The request body, read once per request (the parameter check and the handler both need it). */
export function bodyOf(event: H3Event): Promise<unknown> {
  const context = event.context as { [BODY]?: Promise<unknown> }
  context[BODY] ??= readBody(event.req)
  return context[BODY]
}
