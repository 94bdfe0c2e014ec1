import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Swaps two names in one step: `a` then names what `b` named, and `b` what `a` named (Linux `renameat2(2)` with
 * `RENAME_EXCHANGE`, macOS `renamex_np(3)` with `RENAME_SWAP`), so that a save can put its file in place and still
 * hold whatever it replaced. Both names must exist, on one file system.
 *
 * @example
 * const swap = renameExchange()
 * if (swap) swap('.calendar.json.tmp-1', 'calendar.json') // the old calendar.json is now .calendar.json.tmp-1
 * @throws Error whose `code` is the errno's name: `EINVAL`, `ENOSYS` or `ENOTSUP` where the file system or the
 * kernel has no such step (`exchangeUnsupported`), `ENOENT` when a name is missing.
 */
export type Exchange = (a: string, b: string) => void

/** The addon's file, built by `npm run build` (`scripts/build-native.mjs`, from `native/rename-exchange.c`). */
const ADDON = join('native', 'build', 'Release', 'rename_exchange.node')

let loaded: Exchange | null | undefined

/**
 * calfile's own addon for `Exchange`, loaded on first use; null where it is not built (no compiler at install, a
 * platform without a build, Windows) or does not load (built for another platform): saves then detect a hand save
 * after their rename instead (docs/data-file.md#saves-that-land-during-a-write). `CALFILE_NO_EXCHANGE=1` takes that path
 * on purpose (the tests of both paths).
 *
 * @example
 * const swap = renameExchange() // a function, or null
 */
export function renameExchange(): Exchange | null {
  if (process.env.CALFILE_NO_EXCHANGE === '1') return null
  if (loaded === undefined) loaded = load()
  return loaded
}

function load(): Exchange | null {
  const addon = process.platform === 'win32' ? undefined : findAddon()
  if (addon === undefined) return null
  try {
    return (createRequire(import.meta.url)(addon) as { exchange: Exchange }).exchange
  } catch {
    // Built for another platform or Node-API version: the fallback is the same save, detected afterwards.
    return null
  }
}

/** Whether `error` says the file system or platform has no exchange of names (rather than a failed one). */
export function exchangeUnsupported(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'EINVAL' || code === 'ENOSYS' || code === 'ENOTSUP' || code === 'EXDEV'
}

/**
 * The addon's path in calfile's package: the package's root is the first folder above this module (in `src/`,
 * `dist/` or the bundle in `dist/bin/`) that holds a `package.json`.
 */
function findAddon(): string | undefined {
  let folder = dirname(fileURLToPath(import.meta.url))
  for (let depth = 0; depth < 6; depth++) {
    if (existsSync(join(folder, 'package.json'))) {
      const addon = join(folder, ADDON)
      return existsSync(addon) ? addon : undefined
    }
    const parent = dirname(folder)
    if (parent === folder) return undefined
    folder = parent
  }
  return undefined
}
