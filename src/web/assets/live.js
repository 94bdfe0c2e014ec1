import { ApiError, apiUrl, authHeaders } from './api.js'
import { readEvents } from './sse.js'

/**
 * Follows the change stream (`GET calendar/events/v1/changes`) and hands each message's data to the handler
 * named by its event (`hello`, `change`, `invalid`, `valid`); `status` hears how the connection stands. A stream
 * that ends or fails is opened again after the server's `retry` delay; `restart` opens it again at once, with
 * the token now in use.
 * @param {Record<string, (data: any) => void> & { status: (text: string) => void }} handlers
 */
export function followChanges(handlers) {
  let retry = 1000
  /** @type {AbortController} */
  let controller
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer
  const connect = async () => {
    controller = new AbortController()
    const { signal } = controller
    try {
      const response = await fetch(apiUrl('changes'), {
        headers: { Accept: 'text/event-stream', ...authHeaders() },
        cache: 'no-store',
        signal,
      })
      if (!response.ok || !response.body)
        throw new ApiError(response.status, await response.json().catch(() => undefined))
      handlers.status('live')
      await readEvents(response.body, (message) => {
        retry = message.retry ?? retry
        handlers[message.event]?.(JSON.parse(message.data))
      })
      handlers.status('reconnecting…')
    } catch (error) {
      if (signal.aborted) return
      handlers.status(`reconnecting… (${error instanceof Error ? error.message : String(error)})`)
    }
    timer = setTimeout(connect, retry)
  }
  connect()
  return {
    restart() {
      clearTimeout(timer)
      controller.abort()
      connect()
    },
  }
}
