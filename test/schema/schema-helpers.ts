/**
 * Helpers of the JSON Schema tests: the schema as ajv compiles it, calfile's own verdict on a document, and the
 * data files of fixtures/.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv, type ErrorObject } from 'ajv'
import { DocumentError } from '../../src/core/document/error.js'
import { loadDocument } from '../../src/core/document/load.js'
import { dataFileJsonSchema } from '../../src/edit/data-file-schema.js'

const ROOT = new URL('../..', import.meta.url).pathname

/** ajv's draft-07 validator of the schema, strict: a keyword it does not know is an error, not ignored. */
const validate = new Ajv({ allErrors: true, strict: true }).compile(dataFileJsonSchema())

/**
 * ajv's errors for a document, as `/json/pointer: message`; empty when the schema accepts it. A missing key is
 * named at the key, as calfile names it, where ajv names the object that lacks it.
 */
export function ajvErrors(document: unknown): string[] {
  if (validate(document)) return []
  return (validate.errors ?? []).map((e: ErrorObject) => {
    const at = e.keyword === 'required' ? `${e.instancePath}/${e.params.missingProperty}` : e.instancePath
    return `${at}: ${e.message}`
  })
}

/** calfile's problems for a document, as `calfile validate` prints them; empty when it loads. */
export function calfileProblems(document: unknown): string[] {
  try {
    loadDocument(JSON.stringify(document, null, 2), { file: 'test.json', now: () => '2026-07-01 12:00:00' })
    return []
  } catch (error) {
    if (error instanceof DocumentError) return error.problems.map((p) => `${p.path}: ${p.message}`)
    throw error
  }
}

/** The data files of fixtures/: every `.json` at its top (fixtures/tec/ holds TEC captures, not data files). */
export function fixtureDataFiles(): Array<{ name: string; text: string }> {
  const folder = join(ROOT, 'fixtures')
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(folder, name), 'utf8') }))
}
