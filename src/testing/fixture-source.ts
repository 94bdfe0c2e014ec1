import { readFile, stat } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { TecVersion } from '../core/resources/tec-versions.js'
import { isCapture, isObject } from '../tec/tec-capture.js'
import type { DataFile } from './fixture-builders.js'
import { capturesText } from './tec-captures.js'

/**
 * What a test calendar starts from: a path (a string, relative to the working folder, or a `file:` URL) to a data
 * file, to one saved TEC REST v1 response or to a folder of them (read as `calfile init --from <path>` reads them),
 * a data file object (`fixture.dataFile` builds one), or a data file's JSON text.
 */
export type TestFixture = string | URL | DataFile

/** A fixture's data file text, and how to name the fixture in an error message. */
export interface FixtureText {
  text: string
  name: string
}

/**
 * What reading a fixture needs: the clock (epoch ms) for captured records without `date`, the site zone, and the
 * TEC release to answer as over the fixture's `settings.tec_version`.
 */
export interface FixtureContext {
  now: number
  timezone?: string
  tecVersion?: TecVersion
}

/**
 * The data file text of a fixture, its `settings.tec_version` set to `context.tecVersion` when given. A string is
 * JSON text when it starts with `{` (no path does), else a path.
 * @throws Error naming a path where there is nothing, or a value that is no fixture at all.
 */
export async function fixtureText(fixture: TestFixture, context: FixtureContext): Promise<FixtureText> {
  const source = await readFixture(fixture, context)
  const data = context.tecVersion === undefined ? undefined : parsed(source.text)
  if (!isObject(data)) return source
  const settings = isObject(data.settings) ? data.settings : {}
  return { ...source, text: JSON.stringify({ ...data, settings: { ...settings, tec_version: context.tecVersion } }) }
}

async function readFixture(fixture: TestFixture, context: FixtureContext): Promise<FixtureText> {
  if (fixture instanceof URL) return pathText(fileURLToPath(fixture), context)
  if (typeof fixture === 'string') {
    return fixture.trimStart().startsWith('{')
      ? { text: fixture, name: 'the fixture text' }
      : pathText(fixture, context)
  }
  if (typeof fixture !== 'object' || fixture === null || Array.isArray(fixture)) {
    throw new Error(`a fixture is a path, a data file object or its JSON text; got ${JSON.stringify(fixture)}`)
  }
  return { text: JSON.stringify(fixture), name: 'the fixture object' }
}

async function pathText(path: string, context: FixtureContext): Promise<FixtureText> {
  const found = await stat(path).catch(() => undefined)
  if (!found) {
    throw new Error(
      `no fixture at "${path}": give a data file (.json), a saved TEC response or a folder of them, a data file object or its JSON text`,
    )
  }
  if (found.isDirectory()) return { text: await capturesText(path, context.now, context.timezone), name: path }
  const text = await readFile(path, 'utf8')
  return { text: isCapture(parsed(text)) ? await capturesText(path, context.now, context.timezone) : text, name: path }
}

/** The file's JSON, or undefined when it is none (opening it as a data file then says what is wrong, and where). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
