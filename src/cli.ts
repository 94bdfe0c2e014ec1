import { existsSync, readFileSync } from 'node:fs'
import { formatWithOptions, stripVTControlCharacters } from 'node:util'
import { type ArgsDef, type CommandDef, defineCommand, type ParsedArgs, renderUsage, runCommand } from 'citty'
import { type ConsolaReporter, createConsola, LogLevels } from 'consola'
import { openCalendar } from './core/calendar.js'
import { isZone } from './core/dates.js'
import { addToken, isOpenMode, revokeToken, usersWithTokens } from './core/users.js'
import { isLoopback } from './http/loopback.js'
import { serve } from './http/serve.js'
import { icalFeeds } from './ical/feed-routes.js'
import { webPage } from './web/web-page.js'

const DEFAULT_FILE = 'data/calendar.json'

// The TEC importer and the token commands' file editing are imported by the commands that use them, so that
// `calfile serve` does not load them before its first answer (issue 11, start-to-first-answer).
const importer = () => import('./import/init.js')
const usersFile = () => import('./core/file/users-file.js')
const validation = () => import('./edit/validate-file.js')

/** From src/ (tsx) and dist/ alike, package.json is one folder up. */
const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version

/** Colour only on a terminal, and never with `NO_COLOR` set (CONTRACT §8, https://no-color.org). */
function colourful(stream: NodeJS.WriteStream): boolean {
  return stream.isTTY === true && !process.env.NO_COLOR
}

/** Messages as plain lines, for pipes and files: `error: …`, `warning: …`, or the message alone. */
const PLAIN: ConsolaReporter = {
  log({ level, args }) {
    const prefix = level === LogLevels.error ? 'error: ' : level === LogLevels.warn ? 'warning: ' : ''
    process.stderr.write(`${prefix}${stripVTControlCharacters(formatWithOptions({ colors: false }, ...args))}\n`)
  },
}

/**
 * Every message goes to stderr, so that stdout carries only what a command outputs (a token, a list, a summary,
 * the request log): `TOKEN=$(calfile token add …)` captures the token alone (CONTRACT §8). The level is set
 * because consola goes quiet when NODE_ENV is test, and a command's output must not depend on the caller's
 * environment.
 */
const consola = createConsola({
  level: LogLevels.info,
  stdout: process.stderr,
  ...(colourful(process.stderr) ? { fancy: true } : { reporters: [PLAIN] }),
})

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

/** `--now <ISO instant>` → a frozen clock (CONTRACT §8). */
function clockOf(now: string | undefined): (() => number) | undefined {
  const instant = instantOf(now)
  return instant === undefined ? undefined : () => instant
}

function instantOf(now: string | undefined): number | undefined {
  if (now === undefined) return undefined
  const instant = Date.parse(now)
  if (Number.isNaN(instant)) throw new Error(`--now takes an ISO 8601 instant, got "${now}"`)
  return instant
}

/** `--test-admin`: the admin routes and the clock they move, frozen at `--now` or running (issue 12). */
async function testAdminOf(now: string | undefined) {
  const [{ TestClock }, { testAdmin }] = await Promise.all([
    import('./testing/clock.js'),
    import('./testing/test-admin.js'),
  ])
  const clock = new TestClock(instantOf(now))
  return { now: () => clock.now(), extension: testAdmin(clock) }
}

function checkZone(timezone: string | undefined): string | undefined {
  if (timezone !== undefined && !isZone(timezone))
    throw new Error(`--timezone takes an IANA time zone, got "${timezone}"`)
  return timezone
}

/** A path that a flag names must exist: one clear line rather than the file system's ENOENT. */
function mustExist(path: string, flag: string): string {
  if (!existsSync(path)) throw new Error(`${flag} ${path}: no such file or folder`)
  return path
}

const camelCase = (kebab: string) => kebab.replace(/-([a-z])/gu, (_, c: string) => c.toUpperCase())

/**
 * A bad flag is a one-line error (CONTRACT §8): citty accepts unknown flags, so check them here. Flags are named
 * in kebab-case; citty also takes their camelCase spelling, accepted silently for scripts written that way.
 */
function rejectUnknownFlags(rawArgs: string[], args: ArgsDef): void {
  const known = new Set(['help', 'h'])
  for (const [name, def] of Object.entries(args)) {
    known.add(name).add(camelCase(name))
    if (def.type === 'boolean') known.add(`no-${name}`)
    for (const alias of [(def as { alias?: string | string[] }).alias].flat()) if (alias) known.add(alias)
  }
  for (const arg of rawArgs) {
    const flag = /^--?([^=]+)/u.exec(arg)?.[1]
    if (flag !== undefined && !known.has(flag)) throw new Error(`unknown flag ${arg.split('=')[0]}`)
  }
}

/** Runs a command body; any failure is one line on stderr and exit status 1 (CONTRACT §8). */
function command<T extends ArgsDef>(
  meta: { name: string; description: string },
  args: T,
  run: (a: ParsedArgs<T>) => Promise<void>,
) {
  return defineCommand({
    meta,
    args,
    async run({ args: parsed, rawArgs }) {
      try {
        rejectUnknownFlags(rawArgs, args)
        await run(parsed)
      } catch (error) {
        consola.error(error instanceof Error ? error.message : String(error))
        process.exit(1)
      }
    },
  })
}

const fileArg = { type: 'positional', required: false, description: `Data file (default ${DEFAULT_FILE})` } as const
const fileOf = (args: Record<string, unknown>): string => (args.file as string | undefined) ?? DEFAULT_FILE

const serveCommand = command(
  { name: 'serve', description: 'Serve a data file over the Calendar REST interface' },
  {
    file: { ...fileArg, description: `Data file (default ${DEFAULT_FILE}); created empty when missing` },
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
    if (args['test-admin'] && !isLoopback(host))
      throw new Error(`refusing --test-admin on ${host}: its routes take no token, so they are served on loopback only`)
    const admin = args['test-admin'] ? await testAdminOf(args.now) : undefined
    const calendar = await openCalendar(file, {
      timezone: checkZone(args.timezone),
      now: admin?.now ?? clockOf(args.now),
      watch: args.watch !== false,
      readOnly: Boolean(args['read-only']),
      durability: args.fsync ? 'fsync' : 'rename',
      log: (level, message) => consola[level](message),
      cacheBytes: cacheBytesOf(args['cache-mb']),
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

const initCommand = command(
  { name: 'init', description: 'Build a data file from TEC captures' },
  {
    file: { type: 'positional', required: true, description: 'Data file to create' },
    from: {
      type: 'string',
      required: true,
      valueHint: 'capture.json|folder',
      description: 'A TEC capture or a folder of them',
    },
    'shift-to': {
      type: 'string',
      valueHint: 'today|YYYY-MM-DD',
      description: 'Move events by whole weeks to start on or after this day',
    },
    timezone: {
      type: 'string',
      valueHint: 'IANA zone',
      description: 'Site time zone (default: the first event time zone)',
    },
    'if-missing': { type: 'boolean', description: 'Do nothing when the file exists' },
    now: { type: 'string', valueHint: 'ISO instant', description: 'Freeze the clock at this instant' },
    quiet: { type: 'boolean', description: 'One line for the whole file: no per-capture lines, no warnings' },
  },
  async (args) => {
    if (args['if-missing'] && existsSync(args.file)) return
    const shiftTo = args['shift-to'] as string | undefined
    const from = mustExist(args.from, '--from')
    const { initDataFile } = await importer()
    const result = await initDataFile(args.file, {
      from,
      shiftTo,
      timezone: checkZone(args.timezone),
      now: clockOf(args.now),
    })
    // `npm start` runs this on a fresh clone with --quiet: the warnings about our own fixtures are for someone
    // importing their captures by hand, not for a newcomer's first minute.
    if (args.quiet) {
      const added = (kind: 'events' | 'venues' | 'organizers') => result.reduce((n, r) => n + r.report[kind].added, 0)
      const moved = shiftTo ? `, moved to start on or after ${shiftTo}` : ''
      consola.success(
        `created ${args.file} from ${from}: ${added('events')} events, ${added('venues')} venues, ${added('organizers')} organizers${moved}`,
      )
      return
    }
    for (const { path, report, weeksShifted } of result) {
      const moved = shiftTo && report.events.added > 0 ? `, moved by ${weeksShifted} weeks` : ''
      consola.info(
        `${path}: ${report.events.added} events, ${report.venues.added} venues, ${report.organizers.added} organizers added${moved}`,
      )
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
        into: { type: 'string', valueHint: 'file', description: `Data file (default ${DEFAULT_FILE})` },
      },
      async (args) => {
        const into = (args.into as string | undefined) ?? DEFAULT_FILE
        const { importIntoFile } = await importer()
        for (const { path, report } of await importIntoFile(into, mustExist(String(args.capture), 'capture'))) {
          const e = report.events
          consola.info(`${path}: events +${e.added} ~${e.updated} =${e.unchanged}`)
          for (const warning of report.warnings) consola.warn(warning)
        }
      },
    ),
    ics: command(
      { name: 'ics', description: 'Import iCalendar files (.ics), recurring events as one event per instance' },
      {
        source: { type: 'positional', required: true, description: 'An iCalendar file (.ics) or a folder of them' },
        into: { type: 'string', valueHint: 'file', description: `Data file (default ${DEFAULT_FILE})` },
        until: {
          type: 'string',
          valueHint: 'YYYY-MM-DD',
          description: 'Last day of recurring instances, site time zone (default: a year from today)',
        },
      },
      async (args) => {
        const into = (args.into as string | undefined) ?? DEFAULT_FILE
        const source = mustExist(String(args.source), 'source')
        const { importICalendarFile } = await import('./ical/import.js')
        const report = await importICalendarFile(into, source, { until: args.until as string | undefined })
        const { added, updated, unchanged, skipped, until } = report
        consola.info(
          `${source}: ${added} added, ${updated} updated, ${unchanged} unchanged, ${skipped.length} skipped (instances until ${until})`,
        )
        for (const { path, line, uid, reason } of skipped)
          consola.warn(`${path}:${line}: ${uid ? `${uid}: ` : ''}${reason}`)
        for (const note of report.notes) consola.info(`${note.path}:${note.line}: ${note.message}`)
      },
    ),
  },
})

const userArg = { type: 'string', required: true, valueHint: 'id|name', description: 'User ID or name' } as const

/**
 * The token commands edit the file's `users` the way a careful hand edit does, without the one-writer lock: they
 * work while `calfile serve` runs on the file, whose watcher honours the change at once (CONTRACT §8).
 */
const tokenCommand = defineCommand({
  meta: { name: 'token', description: 'Manage API tokens (also while a server runs on the file)' },
  subCommands: {
    add: command(
      {
        name: 'add',
        description: 'Give a user (created if needed) a new token; prints only the token, stores its SHA-256',
      },
      {
        file: fileArg,
        user: userArg,
        role: {
          type: 'string',
          valueHint: 'role',
          description:
            'administrator, editor, author, contributor or subscriber; default editor for a new user, an existing user keeps its role',
        },
      },
      async (args) => {
        const { editUsers } = await usersFile()
        const { user, token } = await editUsers(fileOf(args), (state) => addToken(state, String(args.user), args.role))
        consola.success(`token for user ${user.id} "${user.name}" (${user.role}); it is shown only this once`)
        console.log(token)
      },
    ),
    list: command(
      { name: 'list', description: 'List the users that have a token: ID, name and role' },
      { file: fileArg },
      async (args) => {
        const { readDataFile } = await usersFile()
        const users = usersWithTokens(await readDataFile(fileOf(args)))
        if (users.length === 0) consola.info('no user has a token: the file is in open mode')
        for (const user of users) console.log(`${user.id}\t${user.name}\t${user.role}`)
      },
    ),
    revoke: command(
      { name: 'revoke', description: "Remove a user's token; a running server refuses it at once" },
      {
        file: fileArg,
        user: userArg,
        'allow-open-mode': {
          type: 'boolean',
          description: 'Revoke even the last token, which leaves the file in open mode',
        },
      },
      async (args) => {
        const allowOpenMode = Boolean(args['allow-open-mode'])
        const { editUsers } = await usersFile()
        const { user, revoked, openMode } = await editUsers(fileOf(args), (state) => ({
          ...revokeToken(state, String(args.user), allowOpenMode),
          openMode: isOpenMode(state),
        }))
        const who = `user ${user.id} "${user.name}"`
        if (!revoked) consola.info(`${who} has no token: nothing to revoke`)
        else consola.success(`revoked the token of ${who}`)
        if (revoked && openMode)
          consola.warn(
            'no user has a token any more: the file is in open mode, every request acts as the administrator',
          )
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

const validateCommand = command(
  { name: 'validate', description: 'Check a data file and list every problem' },
  {
    file: fileArg,
    watch: { type: 'boolean', description: 'Check again after every save, until Ctrl-C' },
  },
  async (args) => {
    const file = fileOf(args)
    if (args.watch) return watchValidate(file)
    const { validateDataFile, validationLines } = await validation()
    const result = await validateDataFile(file)
    for (const line of validationLines(file, result)) console.log(line)
    if (!result.ok) process.exit(1)
  },
)

/** `validate --watch`: a result at start and after every save, each under the time it came, until SIGINT/SIGTERM. */
async function watchValidate(file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`${file} does not exist`)
  const { validationLines } = await validation()
  const { watchValidation } = await import('./edit/watch-validation.js')
  const time = () => `[${new Date().toTimeString().slice(0, 8)}]`
  const stop = await watchValidation(
    file,
    (result) => console.log(validationLines(file, result, time()).join('\n')),
    (error) => consola.error(`watching ${file} stopped working: ${error.message}`),
  )
  consola.info(`watching ${file} for saves; Ctrl-C to stop`)
  const quit = () => void stop().then(() => process.exit(0))
  process.once('SIGINT', quit)
  process.once('SIGTERM', quit)
}

const fmtCommand = command(
  { name: 'fmt', description: "Rewrite a data file in calfile's layout (key order, 2-space indent), same meaning" },
  {
    file: fileArg,
    check: { type: 'boolean', description: "Write nothing; exit 1 when the file is not in calfile's layout" },
  },
  async (args) => {
    const file = fileOf(args)
    const check = Boolean(args.check)
    const { formatDataFile } = await import('./edit/format-file.js')
    const { canonical } = await formatDataFile(file, { check })
    if (check && !canonical) throw new Error(`${file} is not in calfile's layout; "calfile fmt ${file}" rewrites it`)
    if (canonical) consola.info(`${file} is in calfile's layout`)
    else consola.success(`formatted ${file}`)
  },
)

const schemaCommand = command(
  { name: 'schema', description: 'Print the JSON Schema of data files, for editors (schema/calendar.schema.json)' },
  {},
  async () => {
    const { dataFileSchemaText } = await import('./schema/data-file-schema.js')
    process.stdout.write(dataFileSchemaText())
  },
)

/** The sync commands' code, loaded by them only. */
const sync = () => import('./sync/index.js')

const siteArg = {
  type: 'positional',
  required: true,
  description: 'The TEC site (https://events.example.org)',
} as const
const syncArgs = {
  user: {
    type: 'string',
    valueHint: 'name',
    description: 'WordPress user of an application password (CALFILE_PASSWORD or a prompt)',
  },
  insecure: { type: 'boolean', description: 'Send credentials over plain http beyond loopback' },
} as const

/** A password typed on the terminal, masked as it is typed, the prompt on stderr; undefined when cancelled. */
async function askPassword(message: string): Promise<string | undefined> {
  const { password, isCancel } = await import('@clack/prompts')
  const typed = await password({ message, output: process.stderr })
  return isCancel(typed) ? undefined : typed
}

/**
 * How to reach the site: `--user` with its application password, from `CALFILE_PASSWORD` or else asked on a
 * terminal (never a flag, which would stay in the shell's history and show in `ps`); no `--user`, anonymous. Each
 * retry is told on stderr.
 */
async function siteOptions(args: { user?: string; insecure?: boolean }, site: string) {
  const onRetry = (n: { method: string; url: string; reason: string; delayMs: number }) =>
    consola.warn(`${n.method} ${n.url}: ${n.reason}; trying again in ${(n.delayMs / 1000).toFixed(1)} s`)
  const options = { insecure: Boolean(args.insecure), onRetry }
  const user = args.user
  if (user === undefined) return options
  let password = process.env.CALFILE_PASSWORD
  if (password === undefined && process.stdin.isTTY)
    password = await askPassword(`Application password of ${user} at ${site}`)
  if (!password) throw new Error(`--user ${user} needs a password: set CALFILE_PASSWORD, or run on a terminal`)
  return { ...options, user, password }
}

const pullCommand = command(
  { name: 'pull', description: 'Mirror a TEC site in a data file (again: only what changed)' },
  {
    site: siteArg,
    into: { type: 'string', valueHint: 'file', description: `Data file (default ${DEFAULT_FILE})` },
    ...syncArgs,
  },
  async (args) => {
    const { pull, pullSummary, progressBar, conflictLine } = await sync()
    const into = (args.into as string | undefined) ?? DEFAULT_FILE
    const options = await siteOptions(args, args.site)
    const bar = progressBar(process.stderr)
    const report = await pull(args.site, { into, ...options, onProgress: bar.onProgress }).finally(bar.stop)
    for (const warning of report.warnings) consola.warn(warning)
    for (const conflict of report.conflicts) console.log(conflictLine(conflict))
    console.log(pullSummary(report))
  },
)

const pushCommand = command(
  { name: 'push', description: 'Send what changed in a pulled data file to its TEC site' },
  {
    site: siteArg,
    from: { type: 'string', valueHint: 'file', description: `Data file (default ${DEFAULT_FILE})` },
    ...syncArgs,
    'dry-run': { type: 'boolean', description: 'Print what would be sent; send and write nothing' },
  },
  async (args) => {
    const { push, pushLines } = await sync()
    const from = (args.from as string | undefined) ?? DEFAULT_FILE
    const report = await push(args.site, {
      from,
      dryRun: Boolean(args['dry-run']),
      ...(await siteOptions(args, args.site)),
    })
    for (const line of pushLines(report)) console.log(line)
    const unsent = report.conflicts.length + report.failed.length
    if (unsent > 0) throw new Error(`${unsent} records not pushed: see the conflicts and failures above`)
  },
)

const main = defineCommand({
  meta: {
    name: 'calfile',
    version: VERSION,
    description: 'A calendar in one JSON file, served over the Calendar REST interface',
  },
  subCommands: {
    serve: serveCommand,
    init: initCommand,
    import: importCommand,
    validate: validateCommand,
    token: tokenCommand,
    fmt: fmtCommand,
    schema: schemaCommand,
    pull: pullCommand,
    push: pushCommand,
  },
})

/** The command that `rawArgs` names (`token add`…) and the words that name it, starting with `calfile`. */
function commandAt(rawArgs: string[]): { cmd: CommandDef; words: string[] } {
  let cmd: CommandDef = main
  const words = ['calfile']
  for (const arg of rawArgs.filter((a) => !a.startsWith('-'))) {
    const sub = (cmd.subCommands as Record<string, CommandDef> | undefined)?.[arg]
    if (!sub) break
    cmd = sub
    words.push(arg)
  }
  return { cmd, words }
}

/** The usage of the command that `rawArgs` names, without colour unless `stream` shows it. */
async function usage(rawArgs: string[], stream: NodeJS.WriteStream): Promise<string> {
  const { cmd, words } = commandAt(rawArgs)
  const parent = words.length > 1 ? { meta: { name: words.slice(0, -1).join(' '), version: VERSION } } : undefined
  // citty pads every column to the widest; the padding at the end of a line is noise in a pipe or a diff
  const text = (await renderUsage(cmd, parent)).replace(/[ \t]+$/gmu, '')
  return colourful(stream) ? text : stripVTControlCharacters(text)
}

/**
 * citty's runMain with calfile's output rules (CONTRACT §8): `--version` prints the version, `--help` the usage of
 * the command it follows, both on stdout; citty's own errors (an unknown command, a missing argument) are one
 * line on stderr and exit status 1, the usage first when no command was named; no colour off a terminal.
 */
async function run(rawArgs: string[]): Promise<void> {
  if (rawArgs.length === 1 && (rawArgs[0] === '--version' || rawArgs[0] === '-v')) return void console.log(VERSION)
  if (rawArgs.some((arg) => arg === '--help' || arg === '-h'))
    return void console.log(`${await usage(rawArgs, process.stdout)}\n`)
  try {
    await runCommand(main, { rawArgs })
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string }
    if (code === 'E_NO_COMMAND') process.stderr.write(`${await usage(rawArgs, process.stderr)}\n\n`)
    const help = `${commandAt(rawArgs).words.join(' ')} --help`
    consola.error(code === 'E_NO_COMMAND' ? String(message) : `${message ?? String(error)} (see ${help})`)
    process.exit(1)
  }
}

await run(process.argv.slice(2))
