/**
 * `calfile` (bin/calfile.js): `--version` answers from package.json alone, before anything else is loaded; every
 * other use loads the program (`program.ts`), which loads only the command it runs.
 *
 * @example
 * // bin/calfile.js
 * import '../dist/bin/main.js'
 */
import { calfileVersion } from '../core/version.js'

const VERSION = calfileVersion()

const rawArgs = process.argv.slice(2)
if (rawArgs.length === 1 && (rawArgs[0] === '--version' || rawArgs[0] === '-v')) console.log(VERSION)
else await (await import('./program.js')).runProgram(rawArgs, VERSION)
