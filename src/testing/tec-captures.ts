import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { initDataFile } from '../tec/init.js'

/**
 * The data file text that `calfile init <file> --from <path>` makes of a saved TEC response or a folder of them. It is
 * made by `initDataFile` itself, in a temporary folder removed afterwards, so that a test fixture and the command
 * line never read a capture differently.
 *
 * @param now the clock, epoch ms: `date` of the records a capture gives none.
 * @param timezone the site time zone; default the one the first capture's dates show.
 */
export async function capturesText(from: string, now: number, timezone: string | undefined): Promise<string> {
  const scratch = await mkdtemp(join(tmpdir(), 'calfile-captures-'))
  try {
    const file = join(scratch, 'calendar.json')
    await initDataFile(file, { from, timezone, now: () => now })
    return await readFile(file, 'utf8')
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}
