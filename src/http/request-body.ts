import type { H3Event } from 'h3'
import qs from 'qs'
import { CalendarError } from '../core/errors.js'
import { QS_OPTIONS } from './params.js'

/** Largest body accepted (CONTRACT §5): 1 MiB. */
export const BODY_LIMIT = 1024 * 1024

/**
 * How much of a body nobody read (over the limit, or sent to a route that answered before reading it) is read
 * and thrown away before the answer goes out, and for how long. A client that sends its whole body before it
 * reads (Python's urllib, with `Connection: close`) gets a reset instead of the answer if the server closes while
 * it is still sending (issue 9 §4). Past these bounds the answer goes out with `Connection: close`.
 */
export const DRAIN_LIMIT = 16 * 1024 * 1024
const DRAIN_MS = 5_000

/**
 * The body of a write, read whole: JSON, or `application/x-www-form-urlencoded` with PHP brackets (CONTRACT §3);
 * an empty body is `{}`. A write is carried out only once its request arrived whole (issue 9 §2: a request that
 * Node's HTTP parser refuses half-way, such as `Transfer-Encoding: gzip`, ends its body with an error).
 *
 * @throws CalendarError 413 `rest_payload_too_large` over 1 MiB, 400 `rest_invalid_json` for malformed JSON,
 * 400 `rest_incomplete_body` when the body did not arrive whole.
 */
export async function readBody(request: Request): Promise<unknown> {
  if (Number(request.headers.get('content-length') ?? '0') > BODY_LIMIT) throw tooLarge()
  const text = new TextDecoder().decode(await readLimited(request.body, BODY_LIMIT))
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

/** The bytes of `body` up to `limit`; the reader is released, so what is left can be drained. */
async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  if (body === null) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = body.getReader()
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength
      if (size > limit) throw tooLarge()
      chunks.push(read.value)
    }
  } catch (error) {
    if (error instanceof CalendarError) throw error
    throw new CalendarError('rest_incomplete_body', 400, 'The request body did not arrive whole; nothing was done.')
  } finally {
    reader.releaseLock()
  }
  return Buffer.concat(chunks)
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

/**
 * Reads and throws away what is left of the request body before `response` goes out (see `DRAIN_LIMIT`); when
 * that is more than the bounds allow, or the request errs, the response closes the connection instead.
 */
export async function drainRest(request: Request, response: Response): Promise<void> {
  const body = request.body
  if (body === null || body.locked) return
  if (Number(request.headers.get('content-length') ?? '0') > DRAIN_LIMIT) return closeAfter(response)
  const reader = body.getReader()
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), DRAIN_MS)))
  let size = 0
  try {
    for (;;) {
      const read = await Promise.race([reader.read(), timeout])
      if (read === 'timeout') return closeAfter(response)
      if (read.done) return
      size += read.value.byteLength
      if (size > DRAIN_LIMIT) return closeAfter(response)
    }
  } catch {
    closeAfter(response)
  } finally {
    clearTimeout(timer)
    // A read still pending (a stalled client) is rejected here; the response then closes the connection.
    reader.releaseLock()
  }
}

function closeAfter(response: Response): void {
  response.headers.set('connection', 'close')
}
