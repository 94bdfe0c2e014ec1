import { setTimeout as sleep } from 'node:timers/promises'
import type { H3Event } from 'h3'
import type { AppExtension, RequestLine } from '../http/app.js'
import { json } from '../http/respond.js'
import { type Fault, FaultRules } from './faults.js'

/** The code of an error answer a fault injected, in the contract's error body. */
export const INJECTED_FAULT_CODE = 'calfile_injected_fault'

/**
 * The faults of `FaultRules` applied to the interface's requests (both prefixes, never the test admin routes),
 * before their handlers run: an error answer in the contract's shape (`{code, message, data: {status}}`, with
 * `Retry-After` when the fault has one), a wait before the request is served, or a connection closed with no
 * answer. Over a real port the socket is destroyed, so a client's `fetch` fails with a network error; in-process
 * (`app.request`) there is no socket, so the request is marked and `closedWithoutAnswer` tells the caller to fail
 * as `fetch` would.
 *
 * @example
 * const faults = new FaultInjection()
 * const app = createApp(calendar, { extensions: [faults] })
 * faults.rules.add({ method: 'POST', path: '/events', status: 503, retry_after: 2, times: 1 })
 */
export class FaultInjection implements AppExtension {
  readonly rules: FaultRules
  readonly #closed = new WeakSet<Request>()

  constructor(rules: FaultRules = new FaultRules()) {
    this.rules = rules
  }

  /** Adds no routes: `testAdmin` serves the fault routes, `calfile/testing` the calls. */
  mount(): void {}

  async intercept(event: H3Event): Promise<Response | undefined> {
    const fault = this.rules.decide(event.req.method, event.url.pathname)
    if (!fault) return undefined
    const closed = 'close' in fault
    event.context.fault = { id: fault.id, closed } satisfies RequestLine['fault']
    if ('delay' in fault) {
      await sleep(fault.delay)
      return undefined
    }
    if (closed) return this.#close(event, fault)
    return json(
      {
        code: INJECTED_FAULT_CODE,
        message: `Fault ${fault.id}, injected for a test, answered this request.`,
        data: { status: fault.status },
      },
      fault.status,
      fault.retry_after === undefined ? {} : { 'Retry-After': String(fault.retry_after) },
    )
  }

  /** Whether a request sent in-process was answered by closing its connection. */
  closedWithoutAnswer(request: Request): boolean {
    return this.#closed.has(request)
  }

  /** Ends the connection with no answer; the answer returned is never written, but the request log sees it. */
  #close(event: H3Event, fault: Fault): Response {
    const socket = event.req.runtime?.node?.req.socket
    if (socket) socket.destroy()
    else this.#closed.add(event.req)
    return json({ code: INJECTED_FAULT_CODE, message: `Fault ${fault.id} closed the connection.` }, 500)
  }
}
