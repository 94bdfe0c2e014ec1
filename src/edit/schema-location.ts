import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/**
 * The JSON Schema shipped with calfile, `schema/calendar.schema.json` at the package's root: two folders up from
 * this module, in `src/edit/` (tsx) and `dist/edit/` alike.
 */
export const SHIPPED_SCHEMA = fileURLToPath(new URL('../../schema/calendar.schema.json', import.meta.url))

/**
 * The `"$schema"` value a new data file gets: the shipped schema's path relative to the data file's folder, with
 * `/` and a leading `./` or `../`, which VS Code reads relative to the file (a bare `schema.json` it would take
 * for a web address), so that editors find it offline, wherever the project is moved with its `node_modules`. A
 * schema on another drive (Windows) than the file gets a `file:` URL instead.
 *
 * @example
 * schemaReference('data/calendar.json') // '../schema/calendar.schema.json' in a clone of calfile
 * schemaReference('calendar.json') // './node_modules/calfile/schema/calendar.schema.json' in a project
 */
export function schemaReference(dataFile: string, schema = SHIPPED_SCHEMA): string {
  const path = relative(dirname(resolve(dataFile)), schema)
  if (isAbsolute(path)) return pathToFileURL(schema).href
  const posix = path.split(sep).join('/')
  return posix.startsWith('../') ? posix : `./${posix}`
}
