/**
 * The commands that make, check and reshape a data file: `init` (from TEC captures), `import tec` and
 * `import ics`, `validate`, `fmt` and `schema`. What each runs is loaded when it runs.
 */
import { existsSync } from 'node:fs'
import { defineCommand } from 'citty'
import type { CollectionOf, ServedPostKind } from '../core/model/kinds.js'
import { asTecVersion, DEFAULT_TEC_VERSION, TEC_VERSIONS, type TecVersion } from '../core/resources/tec-versions.js'
import { clockOf, command, DEFAULT_FILE, fileArg, fileOf, logger, mustExist, zoneOf } from './command.js'

/** `--tec-version`, checked to be a release calfile answers as. @throws Error otherwise. */
function tecVersionOf(version: string | undefined): TecVersion | undefined {
  if (version === undefined) return undefined
  const known = asTecVersion(version)
  if (!known) throw new Error(`--tec-version takes ${TEC_VERSIONS.join(' or ')}, got "${version}"`)
  return known
}

/** `calfile init <file> --from <captures>`. */
export const initCommand = command(
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
    'tec-version': {
      type: 'string',
      valueHint: TEC_VERSIONS.join('|'),
      description: `The TEC release to answer as (default ${DEFAULT_TEC_VERSION})`,
    },
    'if-missing': { type: 'boolean', description: 'Do nothing when the file exists' },
    now: { type: 'string', valueHint: 'ISO instant', description: 'Freeze the clock at this instant' },
    quiet: { type: 'boolean', description: 'One line for the whole file: no per-capture lines, no warnings' },
  },
  async (args) => {
    if (args['if-missing'] && existsSync(args.file)) return
    const shiftTo = args['shift-to'] as string | undefined
    const from = mustExist(args.from, '--from')
    const [{ initDataFile }, consola] = await Promise.all([import('../tec/init.js'), logger()])
    const result = await initDataFile(args.file, {
      from,
      shiftTo,
      timezone: await zoneOf(args.timezone),
      tecVersion: tecVersionOf(args['tec-version'] as string | undefined),
      now: clockOf(args.now),
    })
    // `npm start` runs this on a fresh clone with --quiet: the warnings about our own fixtures are for someone
    // importing their captures by hand, not for a newcomer's first minute.
    if (args.quiet) {
      const added = (kind: CollectionOf<ServedPostKind>) => result.reduce((n, r) => n + r.report[kind].added, 0)
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

/** `calfile import tec|ics`. */
export const importCommand = defineCommand({
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
        const [{ importIntoFile }, consola] = await Promise.all([import('../tec/init.js'), logger()])
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
        const [{ importICalendarFile }, consola] = await Promise.all([import('../ical/import/import.js'), logger()])
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

/** `calfile validate [file] [--watch]`. */
export const validateCommand = command(
  { name: 'validate', description: 'Check a data file and list every problem' },
  {
    file: fileArg,
    watch: { type: 'boolean', description: 'Check again after every save, until Ctrl-C' },
  },
  async (args) => {
    const file = fileOf(args)
    if (args.watch) return watchValidate(file)
    const { validateDataFile, validationLines } = await import('../edit/validate-file.js')
    const result = await validateDataFile(file)
    for (const line of validationLines(file, result)) console.log(line)
    if (!result.ok) process.exit(1)
  },
)

/** `validate --watch`: a result at start and after every save, each under the time it came, until SIGINT/SIGTERM. */
async function watchValidate(file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`${file} does not exist`)
  const { validationLines } = await import('../edit/validate-file.js')
  const { watchValidation } = await import('../edit/watch-validation.js')
  const time = () => `[${new Date().toTimeString().slice(0, 8)}]`
  const stop = await watchValidation(
    file,
    (result) => console.log(validationLines(file, result, time()).join('\n')),
    (error) => void logger().then((consola) => consola.error(`watching ${file} stopped working: ${error.message}`)),
  )
  ;(await logger()).info(`watching ${file} for saves; Ctrl-C to stop`)
  const quit = () => void stop().then(() => process.exit(0))
  process.once('SIGINT', quit)
  process.once('SIGTERM', quit)
}

/** `calfile fmt [file] [--check]`. */
export const fmtCommand = command(
  { name: 'fmt', description: "Rewrite a data file in calfile's layout (key order, 2-space indent), same meaning" },
  {
    file: fileArg,
    check: { type: 'boolean', description: "Write nothing; exit 1 when the file is not in calfile's layout" },
  },
  async (args) => {
    const file = fileOf(args)
    const check = Boolean(args.check)
    const [{ formatDataFile }, consola] = await Promise.all([import('../edit/format-file.js'), logger()])
    const { canonical } = await formatDataFile(file, { check })
    if (check && !canonical) throw new Error(`${file} is not in calfile's layout; "calfile fmt ${file}" rewrites it`)
    if (canonical) consola.info(`${file} is in calfile's layout`)
    else consola.success(`formatted ${file}`)
  },
)

/** `calfile schema`. */
export const schemaCommand = command(
  { name: 'schema', description: 'Print the JSON Schema of data files, for editors (schema/calendar.schema.json)' },
  {},
  async () => {
    const { dataFileSchemaText } = await import('../edit/data-file-schema.js')
    process.stdout.write(dataFileSchemaText())
  },
)
