import { isUtf8 } from 'node:buffer'
import type { IncomingMessage } from 'node:http'
import type { H3Event } from 'h3'
import { markSettled } from '../../core/cache/parsed-input.js'
import { CalendarError } from '../../core/errors.js'
import { parseJsonBody } from '../php/json-decode.js'
import { parseForm } from './params.js'

/** Largest body accepted (docs/errors.md): 1 MiB. */
const BODY_LIMIT = 1024 * 1024

/**
 * How much of a body nobody read (over the limit, or sent to a route that answered before reading it) is read
 * and thrown away before the answer goes out, and for how long. A client that sends its whole body before it
 * reads (Python's urllib, with `Connection: close`) gets a reset instead of the answer if the server closes while
 * it is still sending (docs/errors.md). Past these bounds the answer goes out with `Connection: close`.
 */
const DRAIN_LIMIT = 16 * 1024 * 1024
const DRAIN_MS = 5_000

/**
 * The body of a write, read whole: JSON, `application/x-www-form-urlencoded` or `multipart/form-data`, the two
 * form kinds with PHP brackets and read alike (docs/writes.md, docs/errors.md); an empty body is `{}`. The 1 MiB
 * limit is checked on the raw bytes while they arrive, before anything is parsed. A write is carried out only once
 * its request arrived whole (a request that Node's HTTP parser refuses half-way, such as `Transfer-Encoding: gzip`,
 * ends its body with an error). A JSON body is read as WordPress reads it (`parseJsonBody`); a form field whose
 * octets are not UTF-8 reads as U+FFFD and is named by `garbledFields`.
 *
 * @throws CalendarError 413 `rest_payload_too_large` over 1 MiB, 400 `rest_invalid_json` for JSON that PHP's
 * `json_decode()` refuses, 400 `rest_invalid_body` for a malformed multipart body, 400 `rest_incomplete_body` when
 * the body did not arrive whole.
 */
export async function readBody(request: Request): Promise<unknown> {
  if (Number(request.headers.get('content-length') ?? '0') > BODY_LIMIT) throw tooLarge()
  const node = nodeRequestOf(request)
  // A body of a stated length within the limit, not yet touched, is read straight from Node's stream.
  const bytes =
    node && request.headers.has('content-length') && !node.readableDidRead
      ? await readNodeBody(node, request)
      : await readLimited(request, BODY_LIMIT)
  if (bytes.length === 0) return {}
  const type = request.headers.get('content-type') ?? ''
  const kind = mediaType(type)
  if (kind !== 'application/x-www-form-urlencoded' && kind !== 'multipart/form-data') return parseJsonBody(bytes)
  // A blank form is no body; a blank JSON body is json_decode()'s syntax error, as on a site.
  if (bytes.every((octet) => octet === 0x20 || (octet >= 0x09 && octet <= 0x0d))) return {}
  return formBody(kind === 'multipart/form-data' ? await multipartFields(bytes, type) : formText(bytes))
}

/** The fields of form bodies whose octets are not UTF-8, by body. */
const garbled = new WeakMap<object, readonly string[]>()

/**
 * The names of a form body's fields (before any bracket: `venue` for `venue[city]`) whose value has octets that
 * are not UTF-8, which read as U+FFFD; none for any other body. The route refuses those it reads
 * (docs/errors.md#request-bodies).
 */
export function garbledFields(body: unknown): readonly string[] {
  return (typeof body === 'object' && body !== null && garbled.get(body)) || []
}

function formBody(text: string): Record<string, unknown> {
  const names = new Set<string>()
  const body = parseForm(text, names)
  if (names.size > 0) garbled.set(body, [...names])
  return body
}

/**
 * An urlencoded body as text: its octets, which PHP reads as they come, escaped where they are not ASCII in a body
 * that is not UTF-8, so that `parseForm` reads them as it reads `%XX`.
 */
function formText(bytes: Uint8Array<ArrayBuffer>): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (isUtf8(buffer)) return buffer.toString('utf8')
  return buffer.toString('latin1').replace(/[\x80-\xff]/gu, (octet) => `%${octet.charCodeAt(0).toString(16)}`)
}

/** The media type of a `Content-Type` value, lower case, without its parameters (RFC 9110 §8.3.1). */
function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase()
}

/**
 * The text fields of a `multipart/form-data` body (RFC 7578), in order, as an urlencoded text, so that PHP bracket
 * names (`organizer[]`, `venue[venue]`) read as in an urlencoded body. File parts are left out: WordPress puts them
 * in `$_FILES`, which these routes never read. The platform's parser (undici's `Response.formData()`) reads it, and
 * reads octets that are not UTF-8 as U+FFFD: in a body that is not UTF-8, a U+FFFD of a text field is taken for
 * such octets and written as `%FF`, which `parseForm` reads as them (a U+FFFD sent as UTF-8 beside octets that
 * are not, in a file part, is taken for them too).
 *
 * @throws CalendarError 400 `rest_invalid_body` when the body is not multipart (no boundary, a part cut short).
 */
async function multipartFields(bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<string> {
  let form: FormData
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData()
  } catch (error) {
    throw new CalendarError('rest_invalid_body', 400, 'Invalid multipart/form-data body passed.', {
      body_error_message: error instanceof Error ? error.message : String(error),
    })
  }
  const fields = new URLSearchParams()
  for (const [name, value] of form) if (typeof value === 'string') fields.append(name, value)
  const text = fields.toString()
  return isUtf8(bytes) ? text : text.replaceAll('%EF%BF%BD', '%FF')
}

/** Body bytes received per request, read or drained: the request log's `bytes`. */
const received = new WeakMap<Request, number>()

/** How many bytes of `request`'s body the server received (read for the route, or drained before the answer). */
export function receivedBytes(request: Request): number {
  return received.get(request) ?? 0
}

function count(request: Request, bytes: number): void {
  received.set(request, receivedBytes(request) + bytes)
}

/** The bytes of a request's body up to `limit`; the reader is released on failure, so what is left can be drained. */
async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const body = request.body
  if (body === null) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = body.getReader()
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength
      count(request, read.value.byteLength)
      if (size > limit) throw tooLarge()
      chunks.push(read.value)
    }
  } catch (error) {
    // Only here: a lock released after the last read still makes (and, under source maps, decodes) a stack trace.
    reader.releaseLock()
    if (error instanceof CalendarError) throw error
    throw incomplete()
  }
  return Buffer.concat(chunks)
}

/** The Node request under a request h3 serves through Node (srvx's `runtime.node`); undefined in-process. */
function nodeRequestOf(request: Request): IncomingMessage | undefined {
  return (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req
}

/** Requests whose body `readNodeBody` read: there is nothing left of it to drain. */
const readFromNode = new WeakSet<Request>()

/**
 * The whole body of a Node request, read from its stream: through srvx's web stream (`Readable.toWeb`), as
 * `readLimited` reads, it costs about 70 µs more for a small body, which every write pays. For a body of a stated
 * length only, which Node's HTTP parser never lets run past it (the caller checked it against the limit).
 * @throws CalendarError 400 `rest_incomplete_body` when the body did not arrive whole.
 */
function readNodeBody(req: IncomingMessage, request: Request): Promise<Uint8Array<ArrayBuffer>> {
  readFromNode.add(request)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const onData = (chunk: Buffer) => {
      count(request, chunk.length)
      chunks.push(chunk)
    }
    const settle = () => {
      req.off('data', onData).off('end', settle).off('error', settle).off('close', settle)
      if (req.complete) resolve(Buffer.concat(chunks))
      else reject(incomplete())
    }
    req.on('data', onData).on('end', settle).on('error', settle).on('close', settle)
  })
}

function incomplete(): CalendarError {
  return new CalendarError('rest_incomplete_body', 400, 'The request body did not arrive whole; nothing was done.')
}

function tooLarge(): CalendarError {
  return new CalendarError('rest_payload_too_large', 413, `The request body is larger than ${BODY_LIMIT} bytes.`)
}

const BODY = Symbol('calfile.body')

/** The request body, read once per request (the parameter check and the handler both need it). */
export function bodyOf(event: H3Event): Promise<unknown> {
  const context = event.context as { [BODY]?: Promise<unknown> }
  context[BODY] ??= readBody(event.req).then((body) => {
    markSettled(body)
    return body
  })
  return context[BODY]
}

/**
 * Reads and throws away what is left of the request body before `response` goes out (see `DRAIN_LIMIT`); when
 * that is more than the bounds allow, or the request errs, the response closes the connection instead. Undefined
 * when there is nothing to read (most requests): nothing to wait for.
 */
export function drainRest(request: Request, response: Response): Promise<void> | undefined {
  if (readFromNode.has(request)) return undefined
  const body = request.body
  if (body === null || body.locked) return undefined
  if (Number(request.headers.get('content-length') ?? '0') > DRAIN_LIMIT) {
    closeAfter(response)
    return undefined
  }
  return drain(request, body, response)
}

/** `drainRest`'s reading: the body up to `DRAIN_LIMIT`, within `DRAIN_MS`. */
async function drain(request: Request, body: ReadableStream<Uint8Array>, response: Response): Promise<void> {
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
      count(request, read.value.byteLength)
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
