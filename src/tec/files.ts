import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { CalendarError } from '../core/errors.js'

/** A capture read from disk: where it came from and its parsed JSON. */
export interface CaptureFile {
  path: string
  capture: unknown
}

/**
 * The files an import reads from `from`: the file itself, or every file of the folder whose name ends with
 * `extension` (`.json`, `.ics`), in name order; subfolders are not looked into.
 */
export async function sourcePaths(from: string, extension: string): Promise<string[]> {
  if (!(await stat(from)).isDirectory()) return [from]
  return (await readdir(from))
    .filter((name) => name.endsWith(extension))
    .sort()
    .map((name) => join(from, name))
}

/**
 * The TEC captures at `from`: the file itself, or every `.json` file of the folder in name order.
 * @throws CalendarError 400 `import-invalid-capture` for a file that is not JSON, naming the file.
 */
export async function readCaptures(from: string): Promise<CaptureFile[]> {
  const paths = await sourcePaths(from, '.json')
  return Promise.all(paths.map(async (path) => ({ path, capture: parseCapture(path, await readFile(path, 'utf8')) })))
}

function parseCapture(path: string, text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new CalendarError(
      'import-invalid-capture',
      400,
      `${path}: not JSON (${error instanceof Error ? error.message : String(error)})`,
    )
  }
}
