/**
 * `calfile pull` and `calfile push`: sync with a live TEC site (`src/sync/`), loaded when they run.
 */
import { command, DEFAULT_FILE, logger } from './command.js'

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
  const consola = await logger()
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

/** `calfile pull <site> [--into file]`. */
export const pullCommand = command(
  { name: 'pull', description: 'Mirror a TEC site in a data file (again: only what changed)' },
  {
    site: siteArg,
    into: { type: 'string', valueHint: 'file', description: `Data file (default ${DEFAULT_FILE})` },
    ...syncArgs,
  },
  async (args) => {
    const [{ pull, pullSummary, progressBar, conflictLine }, consola] = await Promise.all([
      import('../sync/index.js'),
      logger(),
    ])
    const into = (args.into as string | undefined) ?? DEFAULT_FILE
    const options = await siteOptions(args, args.site)
    const bar = progressBar(process.stderr)
    const report = await pull(args.site, { into, ...options, onProgress: bar.onProgress }).finally(bar.stop)
    for (const warning of report.warnings) consola.warn(warning)
    for (const conflict of report.conflicts) console.log(conflictLine(conflict))
    console.log(pullSummary(report))
  },
)

/** `calfile push <site> [--from file]`. */
export const pushCommand = command(
  { name: 'push', description: 'Send what changed in a pulled data file to its TEC site' },
  {
    site: siteArg,
    from: { type: 'string', valueHint: 'file', description: `Data file (default ${DEFAULT_FILE})` },
    ...syncArgs,
    'dry-run': { type: 'boolean', description: 'Print what would be sent; send and write nothing' },
  },
  async (args) => {
    const { push, pushLines } = await import('../sync/index.js')
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
