/**
 * Reads a Server-Sent Events stream (the WHATWG HTML "event stream" format) from a fetch body, for the change
 * stream: EventSource cannot send the token a person pasted, fetch can.
 * @param {ReadableStream<Uint8Array>} body
 * @param {(message: { event: string, data: string, retry?: number }) => void} dispatch hears each message
 * @returns {Promise<void>} resolved when the stream ends
 */
export async function readEvents(body, dispatch) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return
    buffer += value.replace(/\r\n?/gu, '\n')
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const message = parseMessage(buffer.slice(0, end))
      buffer = buffer.slice(end + 2)
      if (message) dispatch(message)
    }
  }
}

/**
 * One message's fields; undefined for a block without data (a comment: the server's keep-alive).
 * @param {string} block
 */
function parseMessage(block) {
  /** @type {{ event: string, data: string, retry?: number }} */
  const message = { event: 'message', data: '' }
  const data = []
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /u, '')
    if (field === 'event') message.event = value
    else if (field === 'data') data.push(value)
    else if (field === 'retry' && /^\d+$/u.test(value)) message.retry = Number(value)
  }
  if (data.length === 0) return undefined
  message.data = data.join('\n')
  return message
}
