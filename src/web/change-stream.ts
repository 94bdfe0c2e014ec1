import { EventStream, type H3Event, HTTPResponse } from 'h3'
import type { Calendar } from '../core/calendar.js'
import { seesAllStatuses } from '../core/resources/access.js'
import { viewOf } from '../http/app.js'
import { errorResponse } from '../http/respond.js'
import type { ChangeFeed, ChangeMessage } from './change-feed.js'

/** The change stream's path below the interface's prefix: `GET /calendar/events/v1/changes`. */
export const CHANGES_PATH = '/changes'

/** The longest the stream stays silent: a comment line keeps proxies and idle timeouts from closing it. */
const KEEP_ALIVE_MS = 25_000

/** How soon a client that lost the stream connects again (the SSE `retry` field, in ms). */
const RETRY_MS = 1000

/** The streams open now, so that a stopping server can end them (`AppExtension.close`). */
export class OpenStreams {
  readonly #streams = new Set<EventStream>()

  add(stream: EventStream): void {
    this.#streams.add(stream)
    stream.onClosed(() => this.#streams.delete(stream))
  }

  /** Ends every open stream; a client that follows them connects again after `retry`, to whatever serves then. */
  closeAll(): void {
    for (const stream of this.#streams) void stream.close()
  }
}

/**
 * `GET /calendar/events/v1/changes`: the calendar's changes as Server-Sent Events (h3's `EventStream`), each
 * message's `id` the state version and its data JSON (`ChangeMessage`). Who may see every record (docs/auth.md:
 * open mode, editors, administrators) is told which records changed and the file's problems; anyone else which
 * collections changed and that the file is invalid, no more, since drafts and the file's text are not theirs to
 * read. A wrong token is a 401, as on every route.
 */
export function changeStream(
  calendar: Calendar,
  feed: ChangeFeed,
  open: OpenStreams,
): (event: H3Event) => Response | EventStream {
  return (event) => {
    const view = viewOf(calendar, event)
    if (view.rejected) return errorResponse(view.rejected)
    const detailed = seesAllStatuses(view)
    const stream = new EventStream(event)
    open.add(stream)
    const send = (message: ChangeMessage, retry?: number) =>
      void stream.push({
        id: String(message.data.version),
        event: message.event,
        data: JSON.stringify(detailed ? message.data : withheld(message)),
        retry,
      })
    const [hello, ...rest] = feed.greeting()
    if (hello) send(hello, RETRY_MS)
    for (const message of rest) send(message)
    const unsubscribe = feed.subscribe((message) => send(message))
    const keepAlive = setInterval(() => void stream.pushComment('keep-alive'), KEEP_ALIVE_MS).unref()
    stream.onClosed(() => {
      unsubscribe()
      clearInterval(keepAlive)
    })
    return stream
  }
}

/** `HEAD …/changes`: the stream's status and headers, without opening it (docs/errors.md: every GET answers HEAD). */
export function changeStreamHead(calendar: Calendar): (event: H3Event) => Response | HTTPResponse {
  return (event) => {
    const view = viewOf(calendar, event)
    if (view.rejected) return errorResponse(view.rejected)
    return new HTTPResponse(null, { headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' } })
  }
}

/** A message for a viewer who does not see every record: no record IDs, no problems of the file. */
function withheld(message: ChangeMessage): object {
  if (message.event === 'change') {
    const { records: _records, ...rest } = message.data
    return rest
  }
  if (message.event === 'invalid') return { version: message.data.version }
  return message.data
}
