import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import {
  cleanFolders,
  client,
  dataFile,
  folder,
  killAll,
  newEvent,
  startServe,
  temporaries,
  validate,
} from './store-helpers.js'

afterEach(killAll)
afterAll(cleanFolders)

const EVENTS = 2000
const CLIENTS = 20
const PER_CLIENT = 5

describe('graceful stop (real server)', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s while writes are pending: every answered POST is in the file, the lock is removed, exit 0',
    async (signal) => {
      const file = join(await folder(), 'calendar.json')
      await writeFile(file, dataFile(EVENTS))
      const server = await startServe(file)
      const answered: number[] = []
      const failed: string[] = []
      let signalled = false
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, c) => {
          const http = client()
          try {
            for (let i = 0; i < PER_CLIENT; i++) {
              const response = await http.request('POST', `${server.base}/events`, newEvent(`Client ${c} post ${i}`))
              if (response.status !== 201) throw new Error(`answered ${response.status}`)
              answered.push(response.body.id)
              // Stop as soon as the first write is answered: the other clients' writes are queued or being written.
              if (!signalled) {
                signalled = true
                server.child.kill(signal)
              }
            }
          } catch (error) {
            failed.push(String(error))
          } finally {
            http.close()
          }
        }),
      )
      const exit = await server.exited
      expect(exit).toEqual({ code: 0, signal: null })
      expect(existsSync(`${file}.lock`)).toBe(false)
      expect(await temporaries(file)).toEqual([])

      const state = validate(await readFile(file, 'utf8'))
      expect(
        answered.filter((id) => !state.events.get(id)),
        'answered POSTs missing from the file',
      ).toEqual([])
      const written = state.events.size - EVENTS
      expect(written).toBeGreaterThanOrEqual(answered.length)
      expect(answered.length).toBeGreaterThan(0)
      console.log(
        `${signal} with ${CLIENTS} clients writing: ${answered.length} POSTs answered 201, ${written} written to the file, ${failed.length} client(s) cut off (${[...new Set(failed.map((f) => f.replace(/^Error: /u, '')))].join('; ')})`,
      )
    },
  )
})
