import type { LoadOptions } from '../document/load.js'
import type { Durability, SaveSeam } from './atomic-file/atomic-text-file.js'
import type { FileBytes } from './atomic-file/file-bytes.js'

/** What a caller started before opening a store, for it to take over (`Store.open`). */
export interface OpenAhead {
  /** The key of the text a validation run beside found valid (`validateInWorker`), or undefined. */
  validation?: Promise<string | undefined>
  /** The file's bytes, read while the caller loaded what it needs (`readBytes`). */
  read?: Promise<FileBytes | undefined>
}

/** How a store reports what happens to its file: reloads, invalid files, a watch that stopped. */
export type StoreLog = (level: 'info' | 'warn' | 'error', message: string) => void

/** Options of a file-backed store beyond loading. */
export interface StoreOptions extends LoadOptions {
  /** `fsync` also flushes file and folder before a write is answered. Default `rename`. */
  durability?: Durability
  /** Serve reads only: no lock, every write is refused. */
  readOnly?: boolean
  /** Take the one-writer lock (default true for a file). */
  lock?: boolean
  /** Reload the file when someone else writes it, and let `freshen` check it (default false; `calfile serve` turns it on). */
  watch?: boolean
  log?: StoreLog
  /** The test seam of every save of the file (`SaveSeam`); unset in use. */
  saveSeam?: SaveSeam
}
