import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { calfileVersion } from '../version.js'

/**
 * The folder of calfile's cache: `CALFILE_CACHE_DIR`, else `$XDG_CACHE_HOME/calfile`, else `~/.cache/calfile`.
 * Everything in it can be deleted at any time; calfile then validates its files again and writes it anew.
 *
 * @example
 * cacheFolder() // '/home/ada/.cache/calfile'
 */
export function cacheFolder(): string {
  const env = process.env
  if (env.CALFILE_CACHE_DIR) return env.CALFILE_CACHE_DIR
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'calfile')
}

/** The hash of the sources `scripts/bundle-cli.mjs` bundled, in the CLI's bundle (`dist/bin/`); elsewhere none. */
declare const CALFILE_RULES_STAMP: string | undefined

/** What a key is salted with beyond the text: calfile's version and when its validation rules were built. */
function codeStamp(): string {
  const stamp = [calfileVersion()]
  if (typeof CALFILE_RULES_STAMP === 'string') return [...stamp, CALFILE_RULES_STAMP].join('\n')
  // The modules that hold the data file's rules: a rule changed without a new version (a developer's build, a
  // patched install) changes their files' times, and so every key.
  for (const module of ['../model/records', '../document/checks'])
    for (const ext of ['.js', '.ts']) {
      try {
        const { mtimeMs, size } = statSync(new URL(module + ext, import.meta.url))
        stamp.push(`${module}${ext}:${mtimeMs}:${size}`)
      } catch {
        // the other extension: dist/ has .js, src/ under tsx has .ts
      }
    }
  return stamp.join('\n')
}

let stamp: string | undefined

/**
 * The texts of one data file known to be valid: one entry in the cache folder (`cacheFolder()`), named after the
 * file's absolute path, holding the key of the last text that validated. A key is the SHA-256 of the text with
 * calfile's version, its rules' build (`codeStamp`) and the zone the text was read in (`--timezone`), so a changed
 * byte, another version or another zone never matches. A damaged, foreign or unreadable entry is no entry; writing
 * one is best effort and never fails a load.
 *
 * @example
 * const texts = new ValidatedTexts('data/calendar.json', undefined)
 * const key = texts.keyOf(text)
 * if (!texts.has(key)) { validate(text); texts.add(key) }
 */
export class ValidatedTexts {
  /** This file's entry in the cache folder: `<folder>/validated/<32 hex digits>.json`. */
  readonly entry: string
  readonly #salt: string
  /** The salt's own hash, written beside a key: tells an entry of this build and zone from another's. */
  readonly #build: string
  readonly #vouched = new Set<string>()

  /**
   * @param file the data file (any spelling: the entry is named after its absolute path)
   * @param zone the zone that overrides the file's (`--timezone`), which the checks read dates in
   */
  constructor(file: string, zone: string | undefined, folder = cacheFolder()) {
    const name = createHash('sha256').update(resolve(file)).digest('hex').slice(0, 32)
    this.entry = join(folder, 'validated', `${name}.json`)
    stamp ??= codeStamp()
    this.#salt = `${stamp}\n${zone ?? ''}\n`
    this.#build = createHash('sha256').update(this.#salt).digest('hex').slice(0, 16)
  }

  /** The key of `text`, given as text or as its UTF-8 bytes (the same key): 64 hex digits. */
  keyOf(text: string | Uint8Array): string {
    return createHash('sha256').update(this.#salt).update(text).digest('hex')
  }

  /** Whether the text of `key` validated before, here (`vouch`) or in an earlier start. */
  has(key: string): boolean {
    if (this.#vouched.has(key)) return true
    return this.#fields()?.key === key
  }

  /**
   * Whether the entry was written by this build of calfile, for this zone, at `since` (ms since the epoch, a file's
   * `mtimeMs`) or later: then it likely holds the key of the file saved at `since`, which a load tells for sure at
   * the cost of a hash. An entry another build wrote (an upgrade) never matches a key of this one.
   */
  writtenSince(since: number): boolean {
    if (this.#fields()?.build !== this.#build) return false
    try {
      return statSync(this.entry).mtimeMs >= since
    } catch {
      return false
    }
  }

  /** The entry's fields (`{ key, build }`); undefined when it is missing or not JSON (null when it holds `null`). */
  #fields(): { key?: unknown; build?: unknown } | null | undefined {
    try {
      return JSON.parse(readFileSync(this.entry, 'utf8'))
    } catch {
      return undefined
    }
  }

  /** Takes `key` as valid in this process: a validation run elsewhere (a worker) found its text valid. */
  vouch(key: string): void {
    this.#vouched.add(key)
  }

  /** Records that the text of `key` is valid, replacing the file's previous entry (written aside, then renamed). */
  add(key: string): void {
    try {
      mkdirSync(join(this.entry, '..'), { recursive: true })
      const aside = `${this.entry}.${process.pid}.tmp`
      writeFileSync(aside, `${JSON.stringify({ key, build: this.#build })}\n`)
      renameSync(aside, this.entry)
    } catch {
      // A cache that cannot be written is a cache that misses next time.
    }
  }
}
