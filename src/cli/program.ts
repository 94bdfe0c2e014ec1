/**
 * The `calfile` program: its commands, each loaded from its own module when named, and citty's run with calfile's
 * output rules (docs/cli.md).
 */
import { stripVTControlCharacters } from 'node:util'
import { type CommandDef, defineCommand, renderUsage, runCommand, type SubCommandsDef } from 'citty'
import { colourful, logger } from './command.js'

/** The commands, by the words that name them; each module is loaded when its command runs or its usage is shown. */
const COMMANDS: SubCommandsDef = {
  serve: () => import('./serve.js').then((m) => m.serveCommand),
  init: () => import('./data-file.js').then((m) => m.initCommand),
  import: () => import('./data-file.js').then((m) => m.importCommand),
  validate: () => import('./data-file.js').then((m) => m.validateCommand),
  token: () => import('./token.js').then((m) => m.tokenCommand),
  fmt: () => import('./data-file.js').then((m) => m.fmtCommand),
  schema: () => import('./data-file.js').then((m) => m.schemaCommand),
  pull: () => import('./sync.js').then((m) => m.pullCommand),
  push: () => import('./sync.js').then((m) => m.pushCommand),
}

function program(version: string): CommandDef {
  return defineCommand({
    meta: {
      name: 'calfile',
      version,
      description: 'A calendar in one JSON file, served over the Calendar REST interface',
    },
    subCommands: COMMANDS,
  })
}

/** The command that `rawArgs` names (`token add`…) and the words that name it, starting with `calfile`. */
async function commandAt(main: CommandDef, rawArgs: string[]): Promise<{ cmd: CommandDef; words: string[] }> {
  let cmd = main
  const words = ['calfile']
  for (const arg of rawArgs.filter((a) => !a.startsWith('-'))) {
    const subs = (cmd === main ? COMMANDS : cmd.subCommands) as SubCommandsDef | undefined
    const sub = subs?.[arg]
    if (!sub) break
    cmd = await (typeof sub === 'function' ? sub() : sub)
    words.push(arg)
  }
  return { cmd, words }
}

/** The usage of the command that `rawArgs` names, without colour unless `stream` shows it. */
async function usage(main: CommandDef, rawArgs: string[], stream: NodeJS.WriteStream, version: string) {
  const { cmd, words } = await commandAt(main, rawArgs)
  const parent = words.length > 1 ? { meta: { name: words.slice(0, -1).join(' '), version } } : undefined
  // citty pads every column to the widest; the padding at the end of a line is noise in a pipe or a diff
  const text = (await renderUsage(cmd, parent)).replace(/[ \t]+$/gmu, '')
  return colourful(stream) ? text : stripVTControlCharacters(text)
}

/**
 * citty's runMain with calfile's output rules (docs/cli.md): `--help` prints the usage of the command it follows
 * on stdout; citty's own errors (an unknown command, a missing argument) are one line on stderr and exit status 1,
 * the usage first when no command was named; no colour off a terminal. (`--version` is answered by `main.ts`.)
 *
 * @example
 * await runProgram(process.argv.slice(2), '0.1.0')
 */
export async function runProgram(rawArgs: string[], version: string): Promise<void> {
  const main = program(version)
  if (rawArgs.some((arg) => arg === '--help' || arg === '-h'))
    return void console.log(`${await usage(main, rawArgs, process.stdout, version)}\n`)
  try {
    await runCommand(main, { rawArgs })
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string }
    if (code === 'E_NO_COMMAND') process.stderr.write(`${await usage(main, rawArgs, process.stderr, version)}\n\n`)
    const help = `${(await commandAt(main, rawArgs)).words.join(' ')} --help`
    ;(await logger()).error(code === 'E_NO_COMMAND' ? String(message) : `${message ?? String(error)} (see ${help})`)
    process.exit(1)
  }
}
