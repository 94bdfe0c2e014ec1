import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The page's own browser files (HTML, JS modules, CSS): not TypeScript, so they stay in `src/web/assets/`, one
 * level above this module both in `src/web/` and in `dist/web/`.
 */
const OWN_ASSETS = fileURLToPath(new URL('../../src/web/assets/', import.meta.url))

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
}

/** A file as it is served: its bytes, type and entity tag. */
export interface StaticFile {
  body: Buffer
  type: string
  /** A strong `ETag` (RFC 9110 §8.8.3): a hash of the bytes, quoted. */
  etag: string
}

/**
 * The files the page and `/docs` load, by the name they ask for: the page's own, and FullCalendar's and
 * swagger-ui's from the installed packages (never a CDN: calfile works offline). Read once, when first asked for.
 */
export class StaticFiles {
  #paths: Map<string, string> | undefined
  readonly #loaded = new Map<string, StaticFile>()

  /** The file called `name`, or undefined when there is none (no path is ever built from `name`). */
  get(name: string): StaticFile | undefined {
    const loaded = this.#loaded.get(name)
    if (loaded) return loaded
    this.#paths ??= servedPaths()
    const path = this.#paths.get(name)
    if (path === undefined) return undefined
    const body = readFileSync(path)
    const file = {
      body,
      type: TYPES[extname(path)] ?? 'application/octet-stream',
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    }
    this.#loaded.set(name, file)
    return file
  }
}

/** Every served name and its file: the own assets folder's files, then the packages' files. */
function servedPaths(): Map<string, string> {
  const own = readdirSync(OWN_ASSETS).filter((name) => TYPES[extname(name)] !== undefined)
  return new Map([...own.map((name) => [name, join(OWN_ASSETS, name)] as const), ...Object.entries(packageFiles())])
}

/**
 * The packages' files: FullCalendar's standalone build (a global `FullCalendar` with every view, the one its
 * package names for `<script>` use: `unpkg`/`jsdelivr` in its package.json) and its classic theme, which
 * registers itself with that global; swagger-ui's bundle and styles.
 */
function packageFiles(): Record<string, string> {
  const require = createRequire(import.meta.url)
  const folder = (name: string) => dirname(require.resolve(`${name}/package.json`))
  const calendar = folder('fullcalendar')
  const swagger = folder('swagger-ui-dist')
  return {
    'fullcalendar.js': join(calendar, 'all/global.js'),
    'fullcalendar.css': join(calendar, 'skeleton.css'),
    'fullcalendar-classic.js': join(calendar, 'themes/classic/global.js'),
    'fullcalendar-classic.css': join(calendar, 'themes/classic/theme.css'),
    'fullcalendar-classic-palette.css': join(calendar, 'themes/classic/palette.css'),
    'swagger-ui-bundle.js': join(swagger, 'swagger-ui-bundle.js'),
    'swagger-ui.css': join(swagger, 'swagger-ui.css'),
  }
}
