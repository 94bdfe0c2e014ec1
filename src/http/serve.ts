import { toNodeHandler } from 'h3/node'
import { type Listener, listen } from 'listhen'
import type { Calendar } from '../core/calendar.js'
import { type AppExtension, type AppOptions, createApp } from './app.js'

/** Options of `serve`. */
export interface ServeOptions extends AppOptions {
  /** TCP port; 0 picks a free one. A busy port is an error, never a silent move (docs/cli.md). */
  port: number
  /** Address to bind, e.g. `127.0.0.1`. */
  host: string
  /** HTTPS: `true` for a self-signed certificate (listhen makes one), or PEM files (docs/cli.md `--https`). */
  https?: boolean | { cert: string; key: string }
}

/**
 * Serves a calendar over HTTP (listhen around h3's node handler).
 *
 * @example
 * const listener = await serve(calendar, { port: 3000, host: '127.0.0.1' })
 * console.log(listener.url); await listener.close()
 * @throws Error naming the port when it is taken.
 */
export async function serve(calendar: Calendar, options: ServeOptions): Promise<Listener> {
  const app = createApp(calendar, options)
  const port =
    options.port === 0
      ? { port: 0, random: true }
      : { port: options.port, ports: [], portRange: [], alternativePortRange: [], random: false }
  try {
    const listener = await listen(toNodeHandler(app), {
      port: port as never,
      hostname: options.host,
      showURL: false,
      autoClose: false,
      isTest: false,
      public: options.host !== '127.0.0.1' && options.host !== 'localhost',
      https: options.https ?? false,
    })
    return closingExtensions(listener, options.extensions ?? [])
  } catch (error) {
    throw new Error(
      `port ${options.port} on ${options.host} is not available: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}

/** The listener, its `close` first closing what the extensions keep open (see `AppExtension.close`). */
function closingExtensions(listener: Listener, extensions: AppExtension[]): Listener {
  const close = listener.close.bind(listener)
  listener.close = () => {
    for (const extension of extensions) extension.close?.()
    return close()
  }
  return listener
}
