/**
 * The `"$schema"` key of a data file (issue 12): `calfile init` names the shipped schema in a new file, calfile
 * loads the key without a word about it and keeps it through its writes, and files that exist are left alone.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type Calendar, openCalendar } from '../../src/core/calendar.js'
import { SHIPPED_SCHEMA, schemaReference } from '../../src/edit/schema-location.js'
import { importIntoFile, initDataFile } from '../../src/tec/init.js'
import { runCli, tempDir } from '../cli/cli-helpers.js'
import { fixture, NOW } from '../helpers.js'
import { calfileProblems } from './schema-helpers.js'

const CAPTURE = new URL('../../fixtures/tec/hacc_single_event.json', import.meta.url).pathname
const REFERENCE = '../schema/calendar.schema.json'

const opened: Calendar[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((calendar) => calendar.close()))
})

/** A data file in a new temporary folder: small.json with `"$schema"` first. */
async function withSchemaKey(): Promise<string> {
  const file = join(await tempDir(), 'calendar.json')
  writeFileSync(file, fixture('small.json').replace('{', `{\n  "$schema": "${REFERENCE}",`))
  return file
}

describe('"$schema" in a data file', () => {
  it('loads with no problem, and `calfile validate` says ok', async () => {
    const file = await withSchemaKey()
    expect(calfileProblems(JSON.parse(readFileSync(file, 'utf8')))).toEqual([])
    expect(await runCli(['validate', file])).toMatchObject({
      code: 0,
      stderr: '',
      stdout: expect.stringMatching(/^ok: /u),
    })
  })

  it('is kept, with its value, through a write', async () => {
    const file = await withSchemaKey()
    const calendar = await openCalendar(file, { now: () => NOW })
    opened.push(calendar)
    await calendar.venues.create({ venue: 'Green Room', city: 'Salem' })
    const document = JSON.parse(readFileSync(file, 'utf8'))
    expect(document.venues).toHaveLength(2)
    expect(document.$schema).toBe(REFERENCE)
    expect(Object.keys(document)[0]).toBe('$schema')
  })
})

describe('calfile init', () => {
  it('names the shipped schema relative to the new file, with ./ or ../ for VS Code', async () => {
    const folder = await tempDir()
    const file = join(folder, 'calendar.json')
    await initDataFile(file, { from: CAPTURE, now: () => NOW })
    const document = JSON.parse(readFileSync(file, 'utf8'))
    expect(Object.keys(document)[0]).toBe('$schema')
    const reference = document.$schema
    expect(reference).toBe(schemaReference(file))
    expect(reference).toMatch(/^\.\.?\/.*schema\/calendar\.schema\.json$/u)
    expect(resolve(folder, reference)).toBe(SHIPPED_SCHEMA)
  })

  it('leaves files that exist alone: --if-missing, and import tec', async () => {
    const file = join(await tempDir(), 'calendar.json')
    writeFileSync(file, fixture('small.json'))
    const skipped = await runCli(['init', file, '--from', CAPTURE, '--if-missing'])
    expect(skipped.code).toBe(0)
    expect(readFileSync(file, 'utf8')).toBe(fixture('small.json'))
    await importIntoFile(file, CAPTURE, () => NOW)
    expect(JSON.parse(readFileSync(file, 'utf8'))).not.toHaveProperty('$schema')
  })
})

describe('schemaReference', () => {
  it.each([
    ['/p/data/calendar.json', '/p/schema/calendar.schema.json', '../schema/calendar.schema.json'],
    [
      '/p/calendar.json',
      '/p/node_modules/calfile/schema/calendar.schema.json',
      './node_modules/calfile/schema/calendar.schema.json',
    ],
    [
      '/p/a/b/calendar.json',
      '/p/node_modules/calfile/schema/calendar.schema.json',
      '../../node_modules/calfile/schema/calendar.schema.json',
    ],
  ])('%s → %s: %s', (file, schema, reference) => {
    expect(schemaReference(file, schema)).toBe(reference)
  })
})
