/**
 * Reads a Server-Sent Events response message by message (the WHATWG HTML event stream format, as h3's
 * EventStream writes it), for the change stream's tests.
 */

/** One message: its fields, with `data` parsed as JSON. */
export interface StreamMessage {
  id?: string
  event: string
  data: any
  retry?: number
}

/** `next()` resolves with the next message (comments skipped); `close()` cancels the stream, as a client leaving. */
export function readStream(response: Response): { next: () => Promise<StreamMessage>; close: () => Promise<void> } {
  if (!response.body) throw new Error(`no body (status ${response.status})`)
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  const next = async (): Promise<StreamMessage> => {
    for (;;) {
      const end = buffer.indexOf('\n\n')
      if (end !== -1) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const message = parse(block)
        if (message) return message
        continue
      }
      const { value, done } = await reader.read()
      if (done) throw new Error('the stream ended')
      buffer += value
    }
  }
  return { next, close: () => reader.cancel() }
}

function parse(block: string): StreamMessage | undefined {
  const fields = new Map<string, string>()
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue
    const colon = line.indexOf(':')
    fields.set(line.slice(0, colon), line.slice(colon + 2))
  }
  if (!fields.has('data')) return undefined
  const retry = fields.get('retry')
  return {
    id: fields.get('id'),
    event: fields.get('event') ?? 'message',
    data: JSON.parse(fields.get('data') as string),
    ...(retry === undefined ? {} : { retry: Number(retry) }),
  }
}
