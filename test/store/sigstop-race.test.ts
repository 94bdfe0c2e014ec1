/**
 * Hand saves and a server under a stream of writes, at random moments (docs/data-file.md#saves-that-land-during-a-write): a real
 * `calfile serve`, four clients creating events one after another, and a person's editor saving the file every few
 * milliseconds, by rename and in place in turn, some of the time while the server is stopped (SIGSTOP) anywhere in
 * its write, then let go on (SIGCONT). At the end every hand save is in the file, and every write that was
 * answered, unless a hand save made from a file without it was saved after the write was sent (a person may delete
 * records by hand; the server may not). Bounded in time, not in cycles.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, expect, it } from 'vitest'
import { renameExchange } from '../../src/core/storage/atomic-file/rename-exchange.js'
import {
  cleanFolders,
  client,
  dataFile,
  folder,
  killAll,
  newEvent,
  type Server,
  sleep,
  startServe,
  stopProcess,
  waitFor,
} from './store-helpers.js'

afterEach(killAll)
afterAll(cleanFolders)

/** How long the editor saves; then the writers stop and the file is read. */
const DURATION_MS = 8000
/**
 * The longest pause between two hand saves (8 ms on average). A write that finds the file saved meanwhile starts
 * again from the hand save, so saves much closer than one write's round trip refuse most writes (503): that is
 * safe, and leaves little to check.
 */
const GAP_MS = 16
/** Far above the hand IDs, so that the server's next IDs never meet them. */
const HIGH = 9_000_000

interface HandSave {
  id: number
  /** The titles in the file the editor read. */
  read: Set<string>
  /** When the save was complete (`performance.now()`). */
  savedAt: number
  /** Whether the server was stopped from before the read until after the save. */
  stopped: boolean
}

/** Whether the platform has the exchange of names: the fallback's window is measured in docs/, not asserted. */
const exchange = process.platform === 'linux' && renameExchange() !== null

it.runIf(exchange)('keeps every hand save and every answered write, the server stopped at random moments', async () => {
  const file = join(await folder(), 'calendar.json')
  writeFileSync(
    file,
    dataFile(50, [{ id: HIGH, title: 'High', start_date: '2026-07-30 18:00:00', end_date: '2026-07-30 19:00:00' }]),
  )
  const server = await startServe(file)
  /** Each answered write's title (unique: the server may give a removed record's ID again), and when it was sent. */
  const answered = new Map<string, number>()
  const statuses: Record<number, number> = {}
  let writing = true
  const writers = Array.from({ length: 4 }, (_, writer) => write(server, writer))

  async function write(on: Server, writer: number): Promise<void> {
    const http = client()
    for (let n = 0; writing; n++) {
      const sentAt = performance.now()
      const title = `Writer ${writer} #${n}`
      const { status } = await http.request('POST', `${on.base}/events`, newEvent(title))
      statuses[status] = (statuses[status] ?? 0) + 1
      if (status === 201) answered.set(title, sentAt)
    }
    http.close()
  }

  let seed = 1
  /** The same moments every run (a linear congruential generator), so a failure can be run again. */
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
    return seed / 2 ** 32
  }
  const saves: HandSave[] = []
  const end = performance.now() + DURATION_MS
  for (let n = 0; performance.now() < end; n++) {
    await sleep(random() * GAP_MS)
    const stopped = random() < 0.5
    if (stopped) stopProcess(server.child)
    const document = JSON.parse(readFileSync(file, 'utf8'))
    const id = 100_000 + n
    document.events.push({ id, title: `Hand ${n}`, start_date: '2026-07-30 18:00:00', end_date: '2026-07-30 19:00:00' })
    const text = `${JSON.stringify(document, null, 2)}\n`
    if (n % 2 === 0) {
      writeFileSync(`${file}.editor-save`, text)
      renameSync(`${file}.editor-save`, file)
    } else writeFileSync(file, text)
    saves.push({
      id,
      read: titlesIn(document),
      savedAt: performance.now(),
      stopped,
    })
    if (stopped) server.child.kill('SIGCONT')
  }
  writing = false
  await Promise.all(writers)
  // The last hand save is taken in by the watcher (it may be newer than the last write).
  const last = saves.at(-1) as HandSave
  expect(await waitFor(() => idsIn(file).has(last.id), 5000)).toBe(true)
  await server.stop()

  const ids = idsIn(file)
  const titles = titlesIn(JSON.parse(readFileSync(file, 'utf8')))
  const lostHand = saves.filter((save) => !ids.has(save.id))
  const lostAnswered = [...answered].filter(([title]) => !titles.has(title))
  // Removed by a hand save made from a file without it, saved after it was sent: a person's deletion.
  const removedByHand = lostAnswered.filter(([title, sentAt]) =>
    saves.some((save) => !save.stopped && save.savedAt > sentAt && !save.read.has(title)),
  )
  const figures = {
    handSaves: saves.length,
    whileStopped: saves.filter((save) => save.stopped).length,
    statuses,
    answered: answered.size,
    removedByHand: removedByHand.length,
  }
  console.log(`hand saves under a stream of writes: ${JSON.stringify(figures)}`)
  expect(lostHand.map((save) => save.id)).toEqual([])
  expect(lostAnswered.length - removedByHand.length).toBe(0)
  expect(answered.size).toBeGreaterThan(10)
  expect(saves.length).toBeGreaterThan(100)
})

function titlesIn(document: { events: Array<{ title: string }> }): Set<string> {
  return new Set(document.events.map((event) => event.title))
}

function idsIn(file: string): Set<number> {
  return new Set(JSON.parse(readFileSync(file, 'utf8')).events.map((event: { id: number }) => event.id))
}
