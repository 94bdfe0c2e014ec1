import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { initDataFile } from '../import/init.js'

/**
 * The data file text that `calfile init <file> --from <folder>` makes of a folder of saved TEC responses. It is
 * made by `initDataFile` itself, in a temporary folder removed afterwards, so that a test fixture and the command
 * line never read a capture differently.
 *
 * @param now the clock, epoch ms: `date` of the records a capture gives none.
 * @param timezone the site time zone; default the one the first capture's dates show.
 */
export async function capturesText(folder: string, now: number, timezone: string | undefined): Promise<string> {
  const scratch = await mkdtemp(join(tmpdir(), 'calfile-captures-'))
  try {
    const file = join(scratch, 'calendar.json')
    await initDataFile(file, { from: folder, timezone, now: () => now })
    return await readFile(file, 'utf8')
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}
