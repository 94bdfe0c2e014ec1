/**
 * `calfile serve`: the data file over the Calendar REST interface, with the page, the iCalendar feeds and, for test
 * suites, the admin routes. What it runs is loaded when it runs, all at once.
 */
import { existsSync } from 'node:fs'
import { clockOf, command, DEFAULT_FILE, fileOf, instantOf, logger, zoneOf } from './command.js'

/** `--cache-mb` in bytes; undefined for the default (`DEFAULT_SHAPED_TEXT_BYTES`). @throws Error when not a size. */
function cacheBytesOf(value: unknown): number | undefined {
  if (value === undefined) return undefined
  const mib = Number(value)
  if (String(value).trim() === '' || !Number.isFinite(mib) || mib < 0)
    throw new Error(`--cache-mb takes a size in MiB (0 or more), got "${value}"`)
  return Math.round(mib * 1024 * 1024)
}

/** `--delay <ms>` or `--delay <min>-<max>` → the wait of each API answer, in ms (`AppOptions.delay`). */
function delayOf(value: unknown): { min: number; max: number } | undefined {
  if (value === undefined) return undefined
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:-\s*(\d+(?:\.\d+)?)\s*)?$/u.exec(String(value))
  const [min, max] = match ? [Number(match[1]), Number(match[2] ?? match[1])] : [Number.NaN, Number.NaN]
  if (!(min <= max)) throw new Error(`--delay takes milliseconds or a range of them ("300", "100-800"), got "${value}"`)
  return { min, max }
}

/** `--test-admin`: the admin routes and the clock they move, frozen at `--now` or running (docs/http.md). */
async function testAdminOf(now: string | undefined) {
  const [{ TestClock }, { testAdmin }] = await Promise.all([
    import('../testing/clock.js'),
    import('../testing/test-admin.js'),
  ])
  const clock = new TestClock(instantOf(now))
  return { now: () => clock.now(), extension: testAdmin(clock) }
}

/** `--https` alone: a self-signed certificate; `--cert` and `--key`: those files (docs/cli.md). */
function httpsOf(args: Record<string, unknown>): boolean | { cert: string; key: string } {
  if ((args.cert === undefined) !== (args.key === undefined)) throw new Error('--cert and --key go together')
  if (typeof args.cert === 'string' && typeof args.key === 'string') return { cert: args.cert, key: args.key }
  return Boolean(args.https)
}

/** `calfile serve [file]`. */
export const serveCommand = command(
  { name: 'serve', description: 'Serve a data file over the Calendar REST interface' },
  {
    file: {
      type: 'positional',
      required: false,
      description: `Data file (default ${DEFAULT_FILE}); created empty when missing`,
    },
    port: { type: 'string', valueHint: 'port', description: 'Port (default 3000, env PORT)' },
    host: { type: 'string', valueHint: 'address', description: 'Address to bind (default 127.0.0.1, env HOST)' },
    timezone: { type: 'string', valueHint: 'IANA zone', description: 'Site time zone, overrides settings.timezone' },
    now: { type: 'string', valueHint: 'ISO instant', description: 'Freeze the clock at this instant' },
    quiet: { type: 'boolean', description: 'No request log' },
    delay: {
      type: 'string',
      valueHint: 'ms|min-max',
      description: 'Make every API answer wait this long, or a random time in the range (the page does not wait)',
    },
    watch: {
      type: 'boolean',
      default: true,
      description: 'Reload the file when it is edited',
      negativeDescription: 'Never reload the file',
    },
    'read-only': { type: 'boolean', description: 'Serve reads only, without taking the file lock' },
    fsync: { type: 'boolean', description: 'Answer a write only once it is flushed to the disk' },
    'cache-mb': {
      type: 'string',
      valueHint: 'MiB',
      description: 'Shaped records kept as JSON between requests (default 64; 0 keeps none)',
    },
    'cors-origin': {
      type: 'string',
      valueHint: 'origins',
      description: 'Comma-separated origins allowed to read responses (default: any)',
    },
    'allow-open-network': { type: 'boolean', description: 'Listen beyond loopback even when no user has a token' },
    ui: {
      type: 'boolean',
      default: true,
      description: 'Serve the calendar page at / and the API reference at /docs',
      negativeDescription: 'Serve the interface only, without the page and /docs',
    },
    'test-admin': {
      type: 'boolean',
      description: 'Serve /_calfile/reset, /_calfile/clock and /_calfile/requests for test suites (loopback only)',
    },
    https: { type: 'boolean', description: 'Serve HTTPS with a self-signed certificate for localhost' },
    cert: { type: 'string', valueHint: 'file', description: 'HTTPS certificate file (PEM), with --key' },
    key: { type: 'string', valueHint: 'file', description: 'HTTPS private key file (PEM), with --cert' },
  },
  async (args) => {
    const file = fileOf(args)
    const delay = delayOf(args.delay)
    const port = Number(args.port ?? process.env.PORT ?? 3000)
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new Error(`--port takes a port number, got "${args.port}"`)
    const host = (args.host as string | undefined) ?? process.env.HOST ?? '127.0.0.1'
    // The disk reads the file while this thread loads the server; a file seen for the first time is validated in a
    // worker meanwhile, where there are cores to spare.
    const [{ coresToSpare, validateInWorker }, { readBytes }] = await Promise.all([
      import('../core/storage/validate-in-worker.js'),
      import('../core/storage/atomic-file/file-bytes.js'),
    ])
    const exists = existsSync(file)
    const validation =
      exists && coresToSpare() ? validateInWorker(file, args.timezone as string | undefined) : undefined
    const readAhead = exists ? readBytes(file).catch(() => undefined) : undefined
    const [{ openCalendar }, { isOpenMode }, { isLoopback }, { serve }, { icalFeeds }, { webPage }, consola] =
      await Promise.all([
        import('../core/calendar.js'),
        import('../core/model/users.js'),
        import('../http/loopback.js'),
        import('../http/serve.js'),
        import('../ical/feeds/feed-routes.js'),
        import('../web/web-page.js'),
        logger(),
      ])
    if (args['test-admin'] && !isLoopback(host))
      throw new Error(`refusing --test-admin on ${host}: its routes take no token, so they are served on loopback only`)
    const admin = args['test-admin'] ? await testAdminOf(args.now) : undefined
    const calendar = await openCalendar(file, {
      timezone: await zoneOf(args.timezone),
      now: admin?.now ?? clockOf(args.now),
      watch: args.watch !== false,
      readOnly: Boolean(args['read-only']),
      durability: args.fsync ? 'fsync' : 'rename',
      log: (level, message) => consola[level](message),
      cacheBytes: cacheBytesOf(args['cache-mb']),
      validation,
      readAhead,
    })
    const log = args.quiet
      ? undefined
      : (l: { method: string; path: string; status: number; ms: number }) =>
          console.log(`${l.method} ${l.path} ${l.status} ${l.ms.toFixed(1)}ms`)
    if (isOpenMode(calendar.state) && !isLoopback(host) && !args['allow-open-network']) {
      await calendar.close()
      throw new Error(
        `refusing to listen on ${host} in open mode (no user has a token, so anyone could write as administrator): add one with "calfile token add --user admin", or pass --allow-open-network`,
      )
    }
    const origins = args['cors-origin'] as string | undefined
    const cors = origins
      ? {
          origins: origins
            .split(',')
            .map((o) => o.trim())
            .filter(Boolean),
        }
      : {}
    const extensions = [icalFeeds(), ...(args.ui === false ? [] : [webPage()]), ...(admin ? [admin.extension] : [])]
    const listener = await serve(calendar, { port, host, log, cors, https: httpsOf(args), extensions, delay })
    const state = calendar.state
    consola.info(
      `calfile serving ${file} (${state.events.size} events, ${state.venues.size} venues, ${state.organizers.size} organizers)`,
    )
    const root = listener.url.replace(/\/$/u, '')
    consola.info(`${root}/calendar/events/v1/events`)
    if (args.ui !== false) consola.info(`${root}/ (the calendar), ${root}/docs (the API reference)`)
    // Graceful stop: pending writes land and the lock is released; idle keep-alive connections do not hold it up.
    const stop = async () => {
      listener.server.closeIdleConnections()
      await Promise.race([listener.close(), new Promise((resolve) => setTimeout(resolve, 1000))])
      await calendar.close()
      process.exit(0)
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  },
)
