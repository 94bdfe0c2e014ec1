/**
 * Issue 10: the watcher follows every way of saving the file, 50 saves of each in a row on one real `calfile serve`,
 * mixed with the server's own writes and with broken saves: every valid save shows up over HTTP within 2 s, the
 * server's writes keep every hand edit, and the fix after a broken save is picked up. One server for all: a
 * watcher that one kind of save breaks fails every kind after it.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deleteCreate, doubleSave, inPlace, jetBrains, renameOver, type Save, vim } from './editor-saves.js'
import {
  cleanFolders,
  client,
  dataFile,
  eventIdsOnDisk,
  folder,
  killAll,
  newEvent,
  percentile,
  type Server,
  startServe,
  waitFor,
} from './store-helpers.js'

const SAVES = 50
const BOUND_MS = 2000

/** A broken version of a data file text: a JSON syntax error or, every other time, a date of the wrong form. */
function broken(text: string, i: number): string {
  return i % 2 === 0
    ? text.replace('"settings": {', '"settings": {,')
    : text.replace('"start_date": "2026-07-10 19:00:00"', '"start_date": "next tuesday"')
}

interface Kind {
  name: string
  /** The save of the `i`th edit, whose text is `text`. */
  save: (i: number, text: string) => Save
  /** Whether a broken save (and a refused write) comes before some of the edits; `doubleSave` has its own. */
  breaks: boolean
}

const KINDS: Kind[] = [
  { name: 'in place', save: () => inPlace, breaks: true },
  { name: 'rename over', save: () => renameOver, breaks: true },
  { name: 'delete + create', save: () => deleteCreate, breaks: true },
  { name: 'vim (swap file, 4913, backup file~)', save: () => vim, breaks: true },
  { name: 'JetBrains (___jb_tmp___, ___jb_old___)', save: () => jetBrains, breaks: true },
  {
    // The first save (broken every other time) is still being waited on when the second replaces the file.
    name: 'a second save while the first is debounced',
    save: (i, text) =>
      doubleSave(
        i % 2 === 0 ? broken(text, i / 2) : text.replace(/"title": "([^"]*)"/u, '"title": "$1 draft"'),
        (i % 4) * 7,
      ),
    breaks: false,
  },
]

describe(`${SAVES} saves of each kind in a row, with server writes and broken saves (real server)`, () => {
  let file: string
  let server: Server
  const http = client()
  const latencies = new Map<string, number[]>()
  const handIds = new Set<number>()
  const postedIds = new Set<number>()
  let brokenSaves = 0

  beforeAll(async () => {
    file = join(await folder(), 'calendar.json')
    await writeFile(file, dataFile(20))
    server = await startServe(file)
  })
  afterAll(async () => {
    http.close()
    await killAll()
    await cleanFolders()
  })

  /** The `i`th hand edit of `kind`, made from the file as it is now: a new title for event 1000 and a new event. */
  async function handEdit(kind: Kind, i: number): Promise<{ title: string; text: string; id: number }> {
    const document = JSON.parse(await readFile(file, 'utf8'))
    // A new ID the way calfile picks one, so that the server's next one does not collide with it.
    const id =
      1 +
      Math.max(
        ...['events', 'venues', 'organizers'].flatMap((key) => document[key].map((row: { id: number }) => row.id)),
      )
    const title = `${kind.name} ${i}`
    document.events[0].title = title
    document.events.push({
      id,
      title: `Hand ${id}`,
      start_date: '2026-07-30 18:00:00',
      end_date: '2026-07-30 19:00:00',
    })
    return { title, text: `${JSON.stringify(document, null, 2)}\n`, id }
  }

  /** Saves a broken file the way `kind` saves, and checks that a write is refused and leaves it as it is. */
  async function brokenSave(save: Save, text: string, i: number): Promise<void> {
    const bad = broken(text, i)
    await save(file, bad)
    brokenSaves++
    const refused = await http.request('POST', `${server.base}/events`, newEvent('Refused'))
    expect([refused.status, refused.body.code]).toEqual([503, 'store-file-invalid'])
    expect(await readFile(file, 'utf8')).toBe(bad)
  }

  /** A server write: it must land in the file with every hand edit so far. */
  async function serverWrite(kind: Kind, i: number): Promise<void> {
    const created = await http.request('POST', `${server.base}/events`, newEvent(`Posted ${kind.name} ${i}`))
    expect(created.status).toBe(201)
    postedIds.add(created.body.id)
    const onDisk = await eventIdsOnDisk(file)
    expect(
      [...handIds, ...postedIds].filter((id) => !onDisk.has(id)),
      'events missing from the file',
    ).toEqual([])
  }

  it.each(KINDS)('$name', async (kind) => {
    const measured: number[] = []
    latencies.set(kind.name, measured)
    for (let i = 0; i < SAVES; i++) {
      const { title, text, id } = await handEdit(kind, i)
      const save = kind.save(i, text)
      if (kind.breaks && i % 10 === 4) await brokenSave(save, text, i)
      await save(file, text)
      handIds.add(id)
      const started = performance.now()
      const seen = await waitFor(
        async () => (await http.request('GET', `${server.base}/events/1000`)).body.title === title,
        BOUND_MS,
        2,
      )
      const ms = performance.now() - started
      expect(seen, `save ${i} (${kind.name}) not visible after ${ms.toFixed(0)} ms\n${server.output()}`).toBe(true)
      measured.push(ms)
      if (i % 3 === 1) await serverWrite(kind, i)
    }
    const onDisk = JSON.parse(await readFile(file, 'utf8'))
    expect(onDisk.events[0].title).toBe(`${kind.name} ${SAVES - 1}`)
  })

  it('took every fix after a broken save in as "valid again", and reports the latencies', () => {
    expect(server.output().match(/calendar\.json is valid again: reloaded \(/gu)?.length ?? 0).toBeGreaterThanOrEqual(
      brokenSaves,
    )
    const f = (n: number) => n.toFixed(1)
    const summary = (list: number[]) => {
      const sorted = [...list].sort((a, b) => a - b)
      return `median ${f(percentile(sorted, 50))} ms, p95 ${f(percentile(sorted, 95))} ms, max ${f(sorted[sorted.length - 1] as number)} ms`
    }
    console.log(`hand save → visible over HTTP, ${SAVES} saves per kind, ${brokenSaves} broken saves fixed:`)
    for (const [name, list] of latencies) console.log(`  ${name}: ${summary(list)}`)
    console.log(`  all: ${summary([...latencies.values()].flat())}`)
    expect([...latencies.values()].flat()).toHaveLength(SAVES * KINDS.length)
  })
})
