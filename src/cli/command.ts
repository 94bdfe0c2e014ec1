/**
 * What every command shares: the logger, the one-line failure rule, flag checks, and the flag readers more than one
 * command uses. A command's module holds its citty definition and loads what it runs only when it runs, so that
 * `calfile --help` (which reads every command's definition) and each command load no more than they need.
 */
import { existsSync } from 'node:fs'
import { formatWithOptions, stripVTControlCharacters } from 'node:util'
import { type ArgsDef, defineCommand, type ParsedArgs } from 'citty'
import type { ConsolaInstance } from 'consola'

/** The data file when none is named. */
export const DEFAULT_FILE = 'data/calendar.json'

/** Colour only on a terminal, and never with `NO_COLOR` set (docs/cli.md, https://no-color.org). */
export function colourful(stream: NodeJS.WriteStream): boolean {
  return stream.isTTY === true && !process.env.NO_COLOR
}

let consola: Promise<ConsolaInstance> | undefined

/**
 * The messages' logger, loaded on first use. Every message goes to stderr, so that stdout carries only what a
 * command outputs (a token, a list, a summary, the request log): `TOKEN=$(calfile token add …)` captures the token
 * alone (docs/cli.md). Off a terminal, messages are plain lines: `error: …`, `warning: …`, or the message alone.
 * The level is set because consola goes quiet when NODE_ENV is test, and a command's output must not depend on the
 * caller's environment.
 *
 * @example
 * ;(await logger()).info('calfile serving data/calendar.json')
 */
export function logger(): Promise<ConsolaInstance> {
  const fancy = colourful(process.stderr)
  // Off a terminal the reporter is ours, so consola's core will do: its reporters take most of its load time.
  consola ??= (fancy ? import('consola') : import('consola/core')).then(({ createConsola, LogLevels }) =>
    createConsola({
      level: LogLevels.info,
      stdout: process.stderr,
      ...(fancy
        ? { fancy: true }
        : {
            reporters: [
              {
                log({ level, args }) {
                  const prefix = level === LogLevels.error ? 'error: ' : level === LogLevels.warn ? 'warning: ' : ''
                  const text = stripVTControlCharacters(formatWithOptions({ colors: false }, ...args))
                  process.stderr.write(`${prefix}${text}\n`)
                },
              },
            ],
          }),
    }),
  )
  return consola
}

/** `--now <ISO instant>` → epoch ms, or undefined when not given. @throws Error when not an instant. */
export function instantOf(now: string | undefined): number | undefined {
  if (now === undefined) return undefined
  const instant = Date.parse(now)
  if (Number.isNaN(instant)) throw new Error(`--now takes an ISO 8601 instant, got "${now}"`)
  return instant
}

/** `--now <ISO instant>` → a frozen clock (docs/cli.md). */
export function clockOf(now: string | undefined): (() => number) | undefined {
  const instant = instantOf(now)
  return instant === undefined ? undefined : () => instant
}

/** `--timezone`, checked to be an IANA zone. @throws Error otherwise. */
export async function zoneOf(timezone: string | undefined): Promise<string | undefined> {
  if (timezone === undefined) return undefined
  const { isZone } = await import('../core/dates/zoned.js')
  if (!isZone(timezone)) throw new Error(`--timezone takes an IANA time zone, got "${timezone}"`)
  return timezone
}

/** A path that a flag names must exist: one clear line rather than the file system's ENOENT. */
export function mustExist(path: string, flag: string): string {
  if (!existsSync(path)) throw new Error(`${flag} ${path}: no such file or folder`)
  return path
}

/** The data file argument of most commands. */
export const fileArg = {
  type: 'positional',
  required: false,
  description: `Data file (default ${DEFAULT_FILE})`,
} as const

/** The data file a command was given, else `DEFAULT_FILE`. */
export const fileOf = (args: Record<string, unknown>): string => (args.file as string | undefined) ?? DEFAULT_FILE

const camelCase = (kebab: string) => kebab.replace(/-([a-z])/gu, (_, c: string) => c.toUpperCase())

/**
 * A bad flag is a one-line error (docs/cli.md): citty accepts unknown flags, so check them here. Flags are named
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

/**
 * A citty command whose body's failure is one line on stderr and exit status 1 (docs/cli.md).
 *
 * @example
 * export const schemaCommand = command({ name: 'schema', description: '…' }, {}, async () => { … })
 */
export function command<T extends ArgsDef>(
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
        ;(await logger()).error(error instanceof Error ? error.message : String(error))
        process.exit(1)
      }
    },
  })
}
