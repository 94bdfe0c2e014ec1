/**
 * The JSON Schema of data files (issue 12): the shipped copy is what `calfile schema` prints, ajv compiles it, and
 * it accepts every data file calfile accepts: the fixtures, the `npm start` file, every zone Intl knows, every wall
 * time. Where they part is broken-variants.test.ts.
 */
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatWall } from '../../src/core/dates/wall.js'
import { isWallTime, isZone } from '../../src/core/dates/zoned.js'
import { dataFileJsonSchema, dataFileSchemaText } from '../../src/edit/data-file-schema.js'
import { SHIPPED_SCHEMA } from '../../src/edit/schema-location.js'
import { runCli, tempDir } from '../cli/cli-helpers.js'
import { ajvErrors, calfileProblems, fixtureDataFiles } from './schema-helpers.js'

const ROOT = new URL('../..', import.meta.url).pathname
const definitions = dataFileJsonSchema().$defs as Record<string, { pattern: string }>

describe('the shipped schema', () => {
  it('is schema/calendar.schema.json, and is exactly what `calfile schema` prints (run it again when this fails)', async () => {
    expect(SHIPPED_SCHEMA).toBe(join(ROOT, 'schema/calendar.schema.json'))
    const { code, stdout, stderr } = await runCli(['schema'])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout).toBe(dataFileSchemaText())
    expect(readFileSync(SHIPPED_SCHEMA, 'utf8'), 'calfile schema > schema/calendar.schema.json').toBe(stdout)
  })

  it('is draft-07, with the record kinds and the checked forms as definitions', () => {
    const schema = dataFileJsonSchema()
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#')
    expect(Object.keys(schema.$defs ?? {})).toEqual([
      'settings',
      'user',
      'event',
      'venue',
      'organizer',
      'term',
      'media',
      'wall_time',
      'time_zone',
    ])
    expect(Object.keys(schema.properties ?? {})[0]).toBe('$schema')
  })
})

describe('it accepts what calfile accepts', () => {
  it.each(fixtureDataFiles())('fixtures/$name', ({ text }) => {
    const document = JSON.parse(text)
    expect(calfileProblems(document)).toEqual([])
    expect(ajvErrors(document)).toEqual([])
  })

  it('the data file `npm start` makes (init --from fixtures/tec --shift-to today), whose $schema leads to the shipped schema', async () => {
    const file = join(await tempDir(), 'data/calendar.json')
    const { code, stderr } = await runCli(['init', file, '--from', 'fixtures/tec', '--shift-to', 'today'])
    expect(code, stderr).toBe(0)
    const document = JSON.parse(readFileSync(file, 'utf8'))
    expect(document.events.length).toBeGreaterThan(40)
    expect(ajvErrors(document)).toEqual([])
    expect(calfileProblems(document)).toEqual([])
    expect(document.$schema).toMatch(/^\.\.?\//u)
    expect(resolve(dirname(file), document.$schema)).toBe(SHIPPED_SCHEMA)
  })

  it('every zone Intl lists, any casing, and TEC fixed offsets match the zone pattern', () => {
    const pattern = new RegExp(definitions.time_zone!.pattern, 'u')
    const zones = [...Intl.supportedValuesOf('timeZone'), 'UTC', 'utc', 'US/Eastern', 'america/new_york', 'EST5EDT']
    const offsets = ['UTC+0', 'UTC-5', 'UTC+5:30', 'UTC+14', 'UTC-9:30']
    for (const zone of [...zones, ...offsets]) {
      expect(isZone(zone), zone).toBe(true)
      expect(pattern.test(zone), zone).toBe(true)
    }
  })

  it('every wall time of years 0000–9999 matches the wall time pattern', () => {
    const pattern = new RegExp(definitions.wall_time!.pattern, 'u')
    const first = Date.parse('0000-01-01T00:00:00Z')
    const last = Date.parse('9999-12-31T23:59:59Z')
    fc.assert(
      fc.property(fc.integer({ min: first, max: last }), (ms) => {
        const wall = formatWall(ms)
        return isWallTime(wall) && pattern.test(wall)
      }),
      { numRuns: 2000 },
    )
    for (const wall of ['0000-01-01 00:00:00', '9999-12-31 23:59:59', '2024-02-29 12:00:00'])
      expect(pattern.test(wall), wall).toBe(true)
  })
})
