import { existsSync } from 'node:fs'
import { defineCommand, runMain, type ArgsDef } from 'citty'
import { LogLevels, consola } from 'consola'
import { openCalendar } from './core/calendar.js'
import { isZone } from './core/dates.js'
import { DocumentError, formatProblem } from './core/document-error.js'
import { addToken, isOpenMode } from './core/users.js'
import { serve } from './http/serve.js'
import { importIntoFile, initDataFile } from './import/init.js'

const DEFAULT_FILE = 'data/calendar.json'

// consola goes quiet when NODE_ENV is test; a command's output must not depend on the caller's environment.
consola.level = LogLevels.info

/** `--now <ISO instant>` → a frozen clock (CONTRACT §8). */
function clockOf(now: string | undefined): (() => number) | undefined {
  if (now === undefined) return undefined
  const instant = Date.parse(now)
  if (Number.isNaN(instant)) throw new Error(`--now takes an ISO 8601 instant, got "${now}"`)
  return () => instant
}

function checkZone(timezone: string | undefined): string | undefined {
  if (timezone !== undefined && !isZone(timezone)) throw new Error(`--timezone takes an IANA time zone, got "${timezone}"`)
  return timezone
}

/** A bad flag is a one-line error (CONTRACT §8): citty accepts unknown flags, so check them here. */
function rejectUnknownFlags(rawArgs: string[], args: ArgsDef): void {
  const known = new Set(['help', 'h'])
  for (const [name, def] of Object.entries(args)) {
    known.add(name)
    known.add(name.replace(/[A-Z]/gu, (c) => `-${c.toLowerCase()}`))
    if (def.type === 'boolean') known.add(`no-${name}`)
    for (const alias of [(def as { alias?: string | string[] }).alias].flat()) if (alias) known.add(alias)
  }
  for (const arg of rawArgs) {
    const flag = /^--?([^=]+)/u.exec(arg)?.[1]
    if (flag !== undefined && !known.has(flag)) throw new Error(`unknown flag ${arg.split('=')[0]}`)
  }
}

/** Runs a command body; any failure is one line on stderr and exit status 1 (CONTRACT §8). */
function command<T extends ArgsDef>(meta: { name: string; description: string }, args: T, run: (a: Record<string, any>) => Promise<void>) {
  return defineCommand({
    meta,
    args,
    async run({ args: parsed, rawArgs }) {
      try {
        rejectUnknownFlags(rawArgs, args)
        await run(parsed)
      } catch (error) {
        consola.error(error instanceof DocumentError ? error.message : error instanceof Error ? error.message : String(error))
        process.exit(1)
      }
    },
  })
}

const serveCommand = command(
  { name: 'serve', description: 'Serve a data file over the Calendar REST interface' },
  {
    file: { type: 'positional', required: false, description: `Data file (default ${DEFAULT_FILE}); created empty when missing` },
    port: { type: 'string', description: 'Port (default 3000, env PORT)' },
    host: { type: 'string', description: 'Address to bind (default 127.0.0.1, env HOST)' },
    timezone: { type: 'string', description: 'Site time zone (IANA), overrides settings.timezone' },
    now: { type: 'string', description: 'Freeze the clock at this ISO 8601 instant' },
    quiet: { type: 'boolean', description: 'No request log' },
    watch: { type: 'boolean', default: true, description: 'Reload the file when it is edited (--no-watch: never)' },
    readOnly: { type: 'boolean', description: 'Serve reads only, without taking the file lock' },
    fsync: { type: 'boolean', description: 'Answer a write only once it is flushed to the disk' },
    corsOrigin: { type: 'string', description: 'Comma-separated origins allowed to read responses (default: any)' },
    allowOpenNetwork: { type: 'boolean', description: 'Listen beyond loopback even when no user has a token' },
    https: { type: 'boolean', description: 'Serve HTTPS with a self-signed certificate for localhost' },
    cert: { type: 'string', description: 'HTTPS certificate file (PEM), with --key' },
    key: { type: 'string', description: 'HTTPS private key file (PEM), with --cert' },
  },
  async (args) => {
    const file = (args.file as string | undefined) ?? DEFAULT_FILE
    const port = Number(args.port ?? process.env.PORT ?? 3000)
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port takes a port number, got "${args.port}"`)
    const host = (args.host as string | undefined) ?? process.env.HOST ?? '127.0.0.1'
    const calendar = await openCalendar(file, {
      timezone: checkZone(args.timezone),
      now: clockOf(args.now),
      watch: args.watch !== false,
      readOnly: Boolean(args.readOnly),
      durability: args.fsync ? 'fsync' : 'rename',
      log: (level, message) => consola[level](message),
    })
    const log = args.quiet ? undefined : (l: { method: string; path: string; status: number; ms: number }) =>
      consola.log(`${l.method} ${l.path} ${l.status} ${l.ms.toFixed(1)}ms`)
    if (isOpenMode(calendar.state) && !isLoopback(host) && !args.allowOpenNetwork) {
      await calendar.close()
      throw new Error(`refusing to listen on ${host} in open mode (no user has a token, so anyone could write as administrator): add one with "calfile token add --user admin", or pass --allow-open-network`)
    }
    const cors = args.corsOrigin ? { origins: String(args.corsOrigin).split(',').map((o) => o.trim()).filter(Boolean) } : {}
    const listener = await serve(calendar, { port, host, log, cors, https: httpsOf(args) })
    const state = calendar.state
    consola.info(`calfile serving ${file} (${state.events.size} events, ${state.venues.size} venues, ${state.organizers.size} organizers)`)
    consola.info(`${listener.url.replace(/\/$/u, '')}/calendar/events/v1/events`)
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

const initCommand = command(
  { name: 'init', description: 'Build a data file from TEC captures' },
  {
    file: { type: 'positional', required: true, description: 'Data file to create' },
    from: { type: 'string', required: true, description: 'A TEC capture (.json) or a folder of them' },
    shiftTo: { type: 'string', description: 'today or YYYY-MM-DD: move events by whole weeks to start on or after it' },
    timezone: { type: 'string', description: 'Site time zone (default: the first event time zone)' },
    ifMissing: { type: 'boolean', description: 'Do nothing when the file exists' },
    now: { type: 'string', description: 'Freeze the clock at this ISO 8601 instant' },
  },
  async (args) => {
    if (args.ifMissing && existsSync(args.file)) return
    const result = await initDataFile(args.file, { from: args.from, shiftTo: args.shiftTo, timezone: checkZone(args.timezone), now: clockOf(args.now) })
    for (const { path, report, weeksShifted } of result) {
      const moved = args.shiftTo && report.events.added > 0 ? `, moved by ${weeksShifted} weeks` : ''
      consola.info(`${path}: ${report.events.added} events, ${report.venues.added} venues, ${report.organizers.added} organizers added${moved}`)
      for (const warning of report.warnings) consola.warn(warning)
    }
    consola.success(`created ${args.file}`)
  },
)

const importCommand = defineCommand({
  meta: { name: 'import', description: 'Import data into a data file' },
  subCommands: {
    tec: command(
      { name: 'tec', description: 'Import a saved TEC REST response (list or single event)' },
      {
        capture: { type: 'positional', required: true, description: 'A TEC capture (.json) or a folder of them' },
        into: { type: 'string', description: `Data file (default ${DEFAULT_FILE})` },
      },
      async (args) => {
        const into = (args.into as string | undefined) ?? DEFAULT_FILE
        for (const { path, report } of await importIntoFile(into, args.capture)) {
          const e = report.events
          consola.info(`${path}: events +${e.added} ~${e.updated} =${e.unchanged}`)
          for (const warning of report.warnings) consola.warn(warning)
        }
      },
    ),
  },
})

const tokenCommand = defineCommand({
  meta: { name: 'token', description: 'Manage API tokens' },
  subCommands: {
    add: command(
      { name: 'add', description: 'Give a user (created if needed) a new token; prints it once, stores its SHA-256' },
      {
        file: { type: 'positional', required: false, description: `Data file (default ${DEFAULT_FILE})` },
        user: { type: 'string', required: true, description: 'User ID or name' },
        role: { type: 'string', description: 'Role: administrator, editor, author, contributor or subscriber' },
      },
      async (args) => {
        const calendar = await openCalendar((args.file as string | undefined) ?? DEFAULT_FILE)
        try {
          const { user, token } = await calendar.write((state) => addToken(state, String(args.user), args.role))
          consola.success(`token for user ${user.id} "${user.name}" (${user.role}); it is shown only this once:`)
          console.log(token)
        } finally {
          await calendar.close()
        }
      },
    ),
  },
})

/** `--https` alone: a self-signed certificate; `--cert` and `--key`: those files (CONTRACT §8). */
function httpsOf(args: Record<string, unknown>): boolean | { cert: string; key: string } {
  if ((args.cert === undefined) !== (args.key === undefined)) throw new Error('--cert and --key go together')
  if (typeof args.cert === 'string' && typeof args.key === 'string') return { cert: args.cert, key: args.key }
  return Boolean(args.https)
}

/** 127.0.0.0/8, ::1 and localhost: addresses only this machine reaches. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/u.test(host)
}

const validateCommand = command(
  { name: 'validate', description: 'Check a data file and list every problem' },
  { file: { type: 'positional', required: false, description: `Data file (default ${DEFAULT_FILE})` } },
  async (args) => {
    const file = (args.file as string | undefined) ?? DEFAULT_FILE
    if (!existsSync(file)) throw new Error(`${file} does not exist`)
    try {
      const calendar = await openCalendar(file, { now: () => 0, readOnly: true })
      const s = calendar.state
      consola.log(`ok: ${s.events.size} events, ${s.venues.size} venues, ${s.organizers.size} organizers, ${s.categories.size} categories, ${s.tags.size} tags`)
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error
      for (const problem of error.problems) console.log(formatProblem(problem))
      process.exit(1)
    }
  },
)

await runMain(
  defineCommand({
    meta: { name: 'calfile', description: 'A calendar in one JSON file, served over the Calendar REST interface' },
    subCommands: { serve: serveCommand, init: initCommand, import: importCommand, validate: validateCommand, token: tokenCommand },
  }),
)
