/**
 * The layout of `src/` explains itself as long as these hold:
 * - no `.ts` file is longer than `MAX_LINES` lines;
 * - no folder holds more than `MAX_LOOSE_FILES` loose `.ts` files (its subfolders' are theirs). Only `.ts` files
 *   count: `src/web/assets/` holds the page's plain `.js`, `.css` and `.html`, which are served to the browser as
 *   they are, not modules of calfile;
 * - no import cycle: the static imports (`import … from`, `import './x.js'`, `export … from`) form none, type-only
 *   ones included. A type-only import is erased from the JavaScript, but it ties two modules together all the
 *   same: neither can be read, moved or changed without the other. A dynamic `import()` is left out: it loads its
 *   module when the call runs, after both modules have been evaluated, so it cannot make a load-time cycle, and
 *   the CLI uses it on purpose to load only the command it runs;
 * - each part of `src/` imports only itself, the parts `MAY_IMPORT` lists for it, `node:` builtins and packages;
 *   here every import counts, dynamic and type-only ones too, since each is a dependency. `core` and `http` are
 *   also held by Biome's `noRestrictedImports` in `biome.json`, so that `npm run lint` and editors catch a break
 *   there at once. Its patterns name the folders they may not import, whatever the depth of the `../`; the last
 *   test keeps them in step with the table. This test resolves every path, and so also catches `../index.js`.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cycles, importsOf, lineCount, ROOT, sourceFiles } from './layout-scan.js'

/** The longest a source file may be. */
const MAX_LINES = 400

/** The most `.ts` files one folder may hold directly. */
const MAX_LOOSE_FILES = 12

/**
 * What each part of `src/` (a top-level folder, or the package entry `index.ts`) may import besides itself. Nothing
 * imports `cli` (the program), nor `index.ts` (the library's entry).
 */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  core: [],
  http: ['core'],
  edit: ['core'],
  tec: ['core', 'edit'],
  ical: ['core', 'http', 'tec'],
  sync: ['core', 'edit', 'http', 'tec'],
  web: ['core', 'http'],
  msw: ['core', 'http'],
  testing: ['core', 'http', 'tec'],
  cli: ['core', 'edit', 'http', 'ical', 'sync', 'tec', 'testing', 'web'],
  'index.ts': ['core', 'http', 'ical', 'sync', 'tec', 'web'],
}

const files = sourceFiles()
const imports = new Map(files.map((file) => [file, importsOf(file)]))

/** The part of `src/` a file belongs to: its top-level folder, or its name for a file at the top; null outside `src/`. */
function partOf(file: string): string | null {
  const [top, part] = file.split('/')
  return top === 'src' && part !== undefined ? part : null
}

describe('the layout of src/', () => {
  it(`has no file longer than ${MAX_LINES} lines`, () => {
    const long = files.map((file) => ({ file, lines: lineCount(file) })).filter(({ lines }) => lines > MAX_LINES)
    expect(long.map(({ file, lines }) => `${file}: ${lines} lines`)).toEqual([])
  })

  it(`has no folder with more than ${MAX_LOOSE_FILES} loose .ts files`, () => {
    const counts = new Map<string, number>()
    for (const file of files) {
      const folder = file.slice(0, file.lastIndexOf('/'))
      counts.set(folder, (counts.get(folder) ?? 0) + 1)
    }
    const crowded = [...counts].filter(([, count]) => count > MAX_LOOSE_FILES)
    expect(crowded.map(([folder, count]) => `${folder}/: ${count} files`)).toEqual([])
  })

  it('has no import cycle', () => {
    const graph = new Map(
      files.map((file) => [
        file,
        (imports.get(file) ?? [])
          .filter((used) => used.kind !== 'dynamic' && used.target !== null)
          .map((used) => used.target as string),
      ]),
    )
    expect(cycles(graph)).toEqual([])
  })

  it('has each part import only what MAY_IMPORT allows it', () => {
    const parts = new Set(files.map((file) => partOf(file) as string))
    expect(
      [...parts].filter((part) => !(part in MAY_IMPORT)),
      'parts missing from MAY_IMPORT',
    ).toEqual([])
    const breaks: string[] = []
    for (const file of files) {
      const part = partOf(file) as string
      for (const { specifier, target } of imports.get(file) ?? []) {
        if (target === null) continue
        const imported = partOf(target)
        if (imported !== part && !(imported !== null && MAY_IMPORT[part]?.includes(imported)))
          breaks.push(`${file} imports ${specifier} (${imported ?? target}), not allowed for ${part}`)
      }
    }
    expect(breaks).toEqual([])
  })

  it("agrees with biome.json's noRestrictedImports for core and http", () => {
    const biome = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8')) as BiomeConfig
    const folders = Object.keys(MAY_IMPORT).filter((part) => !part.endsWith('.ts'))
    for (const part of ['core', 'http']) {
      const override = biome.overrides?.find((candidate) => candidate.includes?.includes(`src/${part}/**`))
      const rule = override?.linter?.rules?.style?.noRestrictedImports
      const groups = rule?.options?.patterns?.flatMap((pattern) => pattern.group) ?? []
      const forbidden = folders.filter((other) => other !== part && !MAY_IMPORT[part]?.includes(other))
      expect(groups.sort(), `biome.json's patterns for src/${part}/**`).toEqual(
        forbidden.map((other) => `../**/${other}/**`).sort(),
      )
    }
  })
})

/** The part of `biome.json` the last test reads. */
interface BiomeConfig {
  overrides?: {
    includes?: string[]
    linter?: {
      rules?: { style?: { noRestrictedImports?: { options?: { patterns?: { group: string[] }[] } } } }
    }
  }[]
}
