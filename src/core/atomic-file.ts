import { open, readFile, readdir, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { Adapter } from 'lowdb'

/** `"rename"`: atomic replace; `"fsync"`: also flush the file and its folder to the disk before answering. */
export type Durability = 'rename' | 'fsync'

/**
 * A lowdb adapter for a text file that is never seen half-written (CONTRACT §1): the text goes to a temporary
 * file in the same folder, which is then renamed over the file. A process killed at any moment leaves the old
 * file or the new one; a temporary file it leaves behind is removed by `removeStaleTemporaries`.
 *
 * @example
 * const db = new Low(new AtomicTextFile('data/calendar.json', 'fsync'), null)
 */
export class AtomicTextFile implements Adapter<string> {
  readonly #file: string
  readonly #durability: Durability

  constructor(file: string, durability: Durability = 'rename') {
    this.#file = file
    this.#durability = durability
  }

  /** The file's text, or null when it does not exist. */
  async read(): Promise<string | null> {
    try {
      return await readFile(this.#file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
  }

  async write(text: string): Promise<void> {
    const temporary = join(dirname(this.#file), `${temporaryPrefix(this.#file)}${process.pid}`)
    const handle = await open(temporary, 'w')
    try {
      await handle.writeFile(text, 'utf8')
      if (this.#durability === 'fsync') await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temporary, this.#file)
    if (this.#durability === 'fsync') await syncFolder(dirname(this.#file))
  }
}

function temporaryPrefix(file: string): string {
  return `.${basename(file)}.tmp-`
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Removes temporary files that a killed writer of `file` left behind. Call it while holding the file's lock. */
export async function removeStaleTemporaries(file: string): Promise<void> {
  const prefix = temporaryPrefix(file)
  const names = await readdir(dirname(file)).catch(() => [] as string[])
  await Promise.all(names.filter((name) => name.startsWith(prefix)).map((name) => rm(join(dirname(file), name), { force: true })))
}
