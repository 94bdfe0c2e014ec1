import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import {
  carefulEdit,
  cleanFolders,
  client,
  dataFile,
  eventIdsOnDisk,
  folder,
  getJson,
  killAll,
  newEvent,
  type Server,
  startServe,
  validate,
} from './store-helpers.js'

afterEach(killAll)
afterAll(cleanFolders)

const CLIENTS = 20
const PER_CLIENT = 10
const TOTAL = CLIENTS * PER_CLIENT
const ORIGINAL = 300

interface Run {
  ids: number[]
  statuses: number[]
  /** The hand-added IDs, with how many answers had come back when each was saved. */
  handIds: Array<{ id: number; after: number }>
}

/**
 * 20 clients each POST 10 events one after the other (200 in all, 20 in flight at any time); after the answers
 * listed in `editAfter`, a script adds an event with a fresh high ID to the JSON by hand (see `carefulEdit`:
 * the server is paused for the script's read-modify-save, so the script cannot drop server writes itself).
 */
async function postWhileEditing(
  server: Server,
  file: string,
  save: 'in place' | 'rename',
  editAfter: number[],
): Promise<Run> {
  const clients = Array.from({ length: CLIENTS }, () => client())
  const answers: Array<{ status: number; id: number }> = []
  const handIds: Run['handIds'] = []
  try {
    await Promise.all(
      clients.map(async (http, c) => {
        for (let i = 0; i < PER_CLIENT; i++) {
          const response = await http.request('POST', `${server.base}/events`, newEvent(`Client ${c} post ${i}`))
          answers.push({ status: response.status, id: response.body?.id })
          if (editAfter.includes(answers.length)) {
            const after = answers.length
            carefulEdit(
              file,
              (document) => {
                const id = Math.max(...document.events.map((e: { id: number }) => e.id)) + 100_000
                handIds.push({ id, after })
                document.events.push({
                  id,
                  title: `Added by hand after ${after}`,
                  start_date: '2026-07-30 18:00:00',
                  end_date: '2026-07-30 19:00:00',
                  venue: 11,
                })
              },
              save,
              server.child,
            )
          }
        }
      }),
    )
  } finally {
    for (const http of clients) http.close()
  }
  // A retried edit pushes a new ID each attempt: keep the last one per edit.
  const last = new Map(handIds.map((hand) => [hand.after, hand]))
  return { ids: answers.map((a) => a.id), statuses: answers.map((a) => a.status), handIds: [...last.values()] }
}

async function expectAllLanded(server: Server, file: string, run: Run): Promise<void> {
  expect(run.statuses.filter((s) => s !== 201)).toEqual([])
  expect(new Set(run.ids).size).toBe(TOTAL)
  const handIds = run.handIds.map((hand) => hand.id)

  // Every returned ID is readable over HTTP, and so is every hand-added event.
  const reads = await Promise.all(
    [...run.ids, ...handIds].map(async (id) => ({ id, ...(await getJson(`${server.base}/events/${id}`)) })),
  )
  expect(
    reads.filter((r) => r.status !== 200 && !handIds.includes(r.id)).map((r) => r.id),
    'POSTed IDs not readable',
  ).toEqual([])
  expect(
    reads.filter((r) => r.status !== 200 && handIds.includes(r.id)).map((r) => r.id),
    'hand-added IDs not readable',
  ).toEqual([])

  // The file is valid and holds all of them, the original events and the hand-added ones.
  const text = await readFile(file, 'utf8')
  expect(() => validate(text)).not.toThrow()
  const onDisk = await eventIdsOnDisk(file)
  expect(
    run.ids.filter((id) => !onDisk.has(id)),
    'POSTed IDs missing from the file',
  ).toEqual([])
  expect(
    handIds.filter((id) => !onDisk.has(id)),
    'hand-added IDs missing from the file',
  ).toEqual([])
  expect(onDisk.size).toBe(ORIGINAL + TOTAL + handIds.length)
  expect((await getJson(`${server.base}/events?per_page=1&start_date=2026-01-01`)).body.total).toBe(
    ORIGINAL + TOTAL + handIds.length,
  )
}

describe('200 concurrent POSTs from 20 clients while the file is edited by hand', () => {
  it.each(['in place', 'rename'] as const)(
    'all land, and the hand-added event stays (one edit in the middle, saved %s)',
    async (save) => {
      const file = join(await folder(), 'calendar.json')
      await writeFile(file, dataFile(ORIGINAL))
      const server = await startServe(file)
      const run = await postWhileEditing(server, file, save, [TOTAL / 2])
      expect(run.handIds).toHaveLength(1)
      const handId = (run.handIds[0] as { id: number }).id
      await expectAllLanded(server, file, run)
      // The edit happened mid-run: posts answered after the server re-read it got IDs above the hand-added one.
      expect(run.ids.some((id) => id < handId) && run.ids.some((id) => id > handId)).toBe(true)
      expect((await getJson(`${server.base}/events/${handId}`)).body.title).toBe(`Added by hand after ${TOTAL / 2}`)
    },
  )

  it.each(['in place', 'rename'] as const)(
    'all land, and every hand-added event stays (an edit every 20 answers, saved %s)',
    async (save) => {
      const file = join(await folder(), 'calendar.json')
      await writeFile(file, dataFile(ORIGINAL))
      const server = await startServe(file)
      const run = await postWhileEditing(server, file, save, [20, 40, 60, 80, 100, 120, 140, 160, 180])
      expect(run.handIds).toHaveLength(9)
      await expectAllLanded(server, file, run)
    },
  )
})
