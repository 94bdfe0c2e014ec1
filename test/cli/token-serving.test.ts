/**
 * docs/cli.md: `calfile token add|list|revoke` work while `calfile serve` runs on the file (the token commands do
 * not take its one-writer lock), and the running server honours the change at once — a new token is accepted, a
 * revoked one refused, within a short wait for its watcher. The server's own writes meanwhile are not lost.
 * Real processes on real files; requests go to 127.0.0.1.
 *
 * fixtures/auth-open.json: users 1 admin (administrator) and 2 edna (editor), no tokens; event 10 publish,
 * 14 draft, 15 pending, 16 trash.
 */
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { fixture } from '../helpers.js'
import {
  cleanFolders,
  folder,
  killAll,
  newEvent,
  runCli,
  type Server,
  sleep,
  startServe,
  waitFor,
  watcherArmed,
} from '../store/store-helpers.js'

/** Each CLI run is a new Node process (a second or more on a busy machine); a test runs several. */
const SLOW = { timeout: 60_000 }

afterEach(killAll)
afterAll(cleanFolders)

/** A server on a copy of auth-open.json (open mode), its watcher following edits. */
async function serving(): Promise<{ file: string; server: Server }> {
  const file = join(await folder(), 'calendar.json')
  await writeFile(file, fixture('auth-open.json'))
  const server = await startServe(file)
  await watcherArmed(server, file)
  return { file, server }
}

async function addToken(file: string, user: string): Promise<string> {
  const result = await runCli(['token', 'add', file, '--user', user])
  expect(result.code, result.stderr).toBe(0)
  return result.stdout.trim()
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const basic = (user: string, token: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${token}`).toString('base64')}`,
})

async function status(url: string, headers: Record<string, string> = {}): Promise<number> {
  return (await fetch(url, { headers })).status
}

/** Polls for up to 2 s until `url` answers `expected` with `headers`. */
function answers(url: string, expected: number, headers: Record<string, string> = {}): Promise<boolean> {
  return waitFor(async () => (await status(url, headers)) === expected, 2000, 20)
}

/**
 * Polls for up to 2 s until the server has left open mode: an anonymous request for a draft is refused. Until
 * then any token "works" (open mode ignores credentials), so a token is only tried after this.
 */
function tokenMode(server: Server): Promise<boolean> {
  return answers(`${server.base}/events/14`, 403)
}

describe('calfile token while calfile serve runs on the file', SLOW, () => {
  it('add: the server accepts the new token at once, by Bearer and by Basic, and leaves open mode', async () => {
    const { file, server } = await serving()
    const token = await addToken(file, 'admin')
    const draft = `${server.base}/events/14`
    expect(await tokenMode(server), 'the server did not take the new token within 2 s').toBe(true)
    expect(await status(draft, bearer(token))).toBe(200)
    expect(await status(draft, basic('admin', token))).toBe(200)
    expect(await status(draft, basic('1', token))).toBe(200)
    expect(await status(draft, basic('admin', 'wrong'))).toBe(401)
    expect(await status(draft, bearer(`${token}x`))).toBe(401)
    const created = await fetch(`${server.base}/events`, {
      method: 'POST',
      headers: { ...basic('admin', token), 'content-type': 'application/json' },
      body: JSON.stringify(newEvent('With an application password')),
    })
    expect(created.status).toBe(201)
    expect((await created.json()).author).toBe('1')
  })

  it('list shows the user while the server runs', async () => {
    const { file } = await serving()
    await addToken(file, 'edna')
    const result = await runCli(['token', 'list', file])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe('2\tedna\teditor\n')
  })

  it("revoke: the server refuses the token at once; the other user's still works", async () => {
    const { file, server } = await serving()
    const admin = await addToken(file, 'admin')
    const edna = await addToken(file, 'edna')
    const draft = `${server.base}/events/14`
    expect(await tokenMode(server)).toBe(true)
    expect(await answers(draft, 200, bearer(edna))).toBe(true)
    const revoked = await runCli(['token', 'revoke', file, '--user', 'edna'])
    expect(revoked.code, revoked.stderr).toBe(0)
    expect(await answers(draft, 401, bearer(edna)), 'the revoked token was still accepted after 2 s').toBe(true)
    expect(await status(draft, basic('edna', edna))).toBe(401)
    expect(await status(draft, bearer(admin))).toBe(200)
  })

  it('server writes and token edits interleave without losing either', async () => {
    const { file, server } = await serving()
    const admin = await addToken(file, 'admin')
    expect(await tokenMode(server)).toBe(true)
    const post = async (i: number) => {
      const response = await fetch(`${server.base}/events`, {
        method: 'POST',
        headers: { ...bearer(admin), 'content-type': 'application/json' },
        body: JSON.stringify(newEvent(`Concurrent ${i}`)),
      })
      expect(response.status).toBe(201)
      return (await response.json()).id as number
    }
    let editing = true
    const tokens = Promise.all(['carol', 'dave', 'erin'].map((user) => addToken(file, user))).finally(
      () => (editing = false),
    )
    // The server writes two events at a time, twenty times a second, for as long as the token commands run. (A
    // server that writes without a pause can starve an edit from outside: it starts again for 10 s, then gives up.)
    const ids: number[] = []
    for (let i = 0; editing; i += 2) {
      ids.push(...(await Promise.all([post(i), post(i + 1)])))
      await sleep(50)
    }
    const added = await tokens
    const document = JSON.parse(await readFile(file, 'utf8'))
    const onDisk = new Set(document.events.map((e: { id: number }) => e.id))
    expect(ids.filter((id) => !onDisk.has(id))).toEqual([])
    // the three token commands ran at once: each started again from the others' file, none lost
    expect(document.users.map((u: { name: string }) => u.name).sort()).toEqual([
      'admin',
      'carol',
      'dave',
      'edna',
      'erin',
    ])
    expect(ids.length).toBeGreaterThan(4)
    for (const token of added) expect(await answers(`${server.base}/events/14`, 200, bearer(token))).toBe(true)
  })
})

const curl = await promisify(execFile)('curl', ['--version']).then(
  () => true,
  () => false,
)

describe.skipIf(!curl)('the first hour, with curl', SLOW, () => {
  it('TOKEN=$(calfile token add …) then curl -u admin:$TOKEN writes; a wrong password is a 401 on a read', async () => {
    const { file, server } = await serving()
    const token = await addToken(file, 'admin')
    expect(await tokenMode(server)).toBe(true)
    const run = async (...args: string[]) =>
      (await promisify(execFile)('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code}', ...args])).stdout
    expect(await run('-u', `admin:${token}`, '-X', 'DELETE', `${server.base}/events/15`)).toBe('200')
    expect(await run('-u', 'admin:wrong', `${server.base}/events`)).toBe('401')
  })
})
