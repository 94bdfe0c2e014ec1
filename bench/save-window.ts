/**
 * The window a hand save can still fall into while calfile replaces the data file (docs/data-file.md#hand-edits):
 * on each of the two ways `AtomicTextFile.save` takes the name. By exchange (`renameExchange`): a save that lands
 * just before the exchange is swapped out with the file, looked at and put back, but calfile's text stands at the
 * name from the exchange to that look, and a second save made from it in that time leaves the first beside the
 * file (`<file>.kept-*`): timed from the exchange to the end of the look (a `stat` of each name). By a link aside
 * (no exchange): a save by rename that lands between the look at the file linked aside and the `rename` is
 * replaced: timed from that look to the end of the rename. The same system calls in the same order as the save,
 * on a file of the given size in a temporary folder, `runs` times; prints the median and p99 in µs. `npm run bench` prints it; `tsx bench/save-window.ts` alone.
 */
import { linkSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { renameExchange } from '../src/core/storage/atomic-file/rename-exchange.js'
import { median } from './median.js'

/** µs from the last look to the replace, each run. */
function windows(bytes: number, runs: number): { exchange: number[] | null; aside: number[] } {
  const folder = mkdtempSync(join(tmpdir(), 'calfile-window-'))
  const file = join(folder, 'calendar.json')
  const temporary = join(folder, '.calendar.json.tmp-1')
  const text = Buffer.alloc(bytes, 'x')
  writeFileSync(file, text)
  const exchange = renameExchange()
  const timed = { exchange: exchange ? ([] as number[]) : null, aside: [] as number[] }
  try {
    for (let run = 0; run < runs; run++) {
      writeFileSync(temporary, text)
      if (exchange && timed.exchange) {
        statSync(file, { bigint: true })
        const exchanged = process.hrtime.bigint()
        exchange(temporary, file)
        statSync(temporary, { bigint: true })
        statSync(file, { bigint: true })
        timed.exchange.push(Number(process.hrtime.bigint() - exchanged) / 1000)
        rmSync(temporary)
        writeFileSync(temporary, text)
      }
      linkSync(file, `${temporary}-replaced`)
      statSync(`${temporary}-replaced`, { bigint: true })
      const looked = process.hrtime.bigint()
      renameSync(temporary, file)
      timed.aside.push(Number(process.hrtime.bigint() - looked) / 1000)
      rmSync(`${temporary}-replaced`)
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
  return timed
}

function p99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] as number
}

/** Prints the window of each path for a data file of `bytes` (default 5 MB, about 10,000 events). */
export function printSaveWindows(bytes = 5_000_000, runs = 500): void {
  const { exchange, aside } = windows(bytes, runs)
  const figure = (values: number[]) => `median ${median(values).toFixed(1)} µs, p99 ${p99(values).toFixed(1)} µs`
  const size = `${(bytes / 1e6).toFixed(0)} MB`
  console.log(`\nThe window left to a hand save while calfile replaces a ${size} file (${runs} saves):`)
  console.log(
    `- by exchange of names, exchange → look at both names: ${exchange ? figure(exchange) : 'no exchange on this platform'}`,
  )
  console.log(`- by a link aside, look → rename: ${figure(aside)}`)
}

if (import.meta.url === `file://${process.argv[1]}`) printSaveWindows()
