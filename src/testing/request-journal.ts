import type { RequestLine } from '../http/app.js'

/** One request in the journal of `GET /_calfile/requests`. */
export interface JournalEntry {
  /** When the answer went out, ISO 8601 UTC, by the server's real clock (not the test clock). */
  time: string
  method: string
  /** The path the client sent, query included. */
  path: string
  /** The status answered; 0 when an injected fault closed the connection with no answer. */
  status: number
  /** Bytes of the request body the server received. */
  body_size: number
  /** The id of the injected fault that answered it (an error, a wait, a closed connection), if one did. */
  fault?: string
}

/**
 * The last `capacity` requests, oldest first: what a test suite out of process asserts its client sent. A ring
 * buffer, so that a long run keeps a bounded journal.
 */
export class RequestJournal {
  readonly #capacity: number
  #entries: JournalEntry[] = []
  #next = 0

  constructor(capacity = 500) {
    this.#capacity = capacity
  }

  add(line: RequestLine): void {
    const entry: JournalEntry = {
      time: new Date().toISOString(),
      method: line.method,
      path: line.path,
      status: line.fault?.closed ? 0 : line.status,
      body_size: line.bytes,
      ...(line.fault && { fault: line.fault.id }),
    }
    if (this.#entries.length < this.#capacity) this.#entries.push(entry)
    else this.#entries[this.#next] = entry
    this.#next = (this.#next + 1) % this.#capacity
  }

  /** The entries, oldest first. */
  entries(): JournalEntry[] {
    if (this.#entries.length < this.#capacity) return [...this.#entries]
    return [...this.#entries.slice(this.#next), ...this.#entries.slice(0, this.#next)]
  }

  clear(): void {
    this.#entries = []
    this.#next = 0
  }
}
