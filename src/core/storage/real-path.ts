import { readlink, realpath } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'

/** How many symbolic links one resolution follows by hand before giving up (Linux's MAXSYMLINKS). */
const MAX_LINKS = 40

/**
 * The absolute path, free of symbolic links, of the file that `file` designates, so that the lock, the watcher and
 * the atomic write all act on the target of a link rather than on the link (`serve link.json`
 * must meet the lock of `serve cal.json`, and a write through the link must not replace the link by a file).
 * - An existing file: `fs.realpath`.
 * - A dangling link (its target is missing): the link is followed by hand, relative to its folder, so that the
 *   target is what gets created.
 * - A missing file: the real path of its nearest existing folder, then the rest of the path as written (the store
 *   creates the missing folders).
 * The path is resolved once: a link pointed elsewhere later is not followed.
 *
 * @throws ELOOP beyond 40 links followed by hand (`fs.realpath` throws its own for a loop of existing links),
 * and the file system's errors other than ENOENT (EACCES, ENOTDIR…).
 * @example
 * // link.json -> data/cal.json
 * await realDataPath('link.json') // '/home/me/data/cal.json', whether cal.json exists yet or not
 */
export function realDataPath(file: string): Promise<string> {
  return resolveReal(resolve(file), 0)
}

async function resolveReal(path: string, links: number): Promise<string> {
  try {
    return await realpath(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const target = await linkTarget(path)
  if (target !== undefined) {
    if (links >= MAX_LINKS)
      throw Object.assign(new Error(`ELOOP: too many symbolic links from ${path}`), { code: 'ELOOP', path })
    // Relative to the link's real folder, as the system reads it (`..` after a linked folder is not lexical).
    return resolveReal(resolve(await realpath(dirname(path)), target), links + 1)
  }
  const folder = dirname(path)
  return folder === path ? path : join(await resolveReal(folder, links), basename(path))
}

/** What the link at `path` points to; undefined when `path` is missing or not a link. */
async function linkTarget(path: string): Promise<string | undefined> {
  try {
    return await readlink(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'EINVAL') return undefined
    throw error
  }
}
