import { readFileSync } from 'node:fs'

let version: string | undefined

/**
 * calfile's version, from its package.json (two folders above `src/core/` and `dist/core/` alike), read once.
 * Imports nothing but `node:fs`, so that `calfile --version` loads nothing else.
 *
 * @example
 * calfileVersion() // '0.1.0'
 */
export function calfileVersion(): string {
  version ??= (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version
  return version
}
