/**
 * docs/auth.md and docs/cli.md on the command line: `calfile token add [file] --user <id|name> [--role <role>]`
 * creates the user if needed, prints a new random token once and stores only its SHA-256; the token then
 * authenticates against `calfile serve`. In open mode (no user has a token) `serve` refuses a non-loopback `--host`
 * unless given `--allow-open-network`. Servers bind 0.0.0.0 at most; all traffic goes to 127.0.0.1.
 *
 * fixtures/auth-open.json: users 1 admin (administrator) and 2 edna (editor), no tokens; event 10 publish,
 * 14 draft, 15 pending, 16 trash.
 */
import type { ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { fixture, open } from '../helpers.js'
import { freePort, runCli, startServer, tempDir } from './cli-helpers.js'

type Json = Record<string, any>

const children: ChildProcess[] = []
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))])
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
})

async function serve(args: string[]) {
  const server = await startServer(args)
  children.push(server.child)
  return server
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

async function dataFile(text = fixture('auth-open.json')): Promise<string> {
  const file = join(await tempDir(), 'calendar.json')
  await writeFile(file, text)
  return file
}

/** The token `token add` printed: the one output line that is nothing but a token. */
function printedToken(output: string): string {
  const candidates = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^[A-Za-z0-9_\-.~+/=]{20,}$/u.test(line))
  expect(candidates, output).toHaveLength(1)
  return candidates[0] as string
}

async function usersOf(file: string): Promise<Json[]> {
  return JSON.parse(await readFile(file, 'utf8')).users
}

/** Output lines that carry text. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

describe('calfile token add', () => {
  it('creates the user with the role, prints the token once and stores only its SHA-256', async () => {
    const file = await dataFile()
    const result = await runCli(['token', 'add', file, '--user', 'alice', '--role', 'author'])
    expect(result.code, result.stderr).toBe(0)
    const output = result.stdout + result.stderr
    const token = printedToken(output)
    expect(token.length).toBeGreaterThanOrEqual(20)
    expect(output.split(token)).toHaveLength(2) // printed exactly once
    const text = await readFile(file, 'utf8')
    expect(text).not.toContain(token)
    const users = await usersOf(file)
    expect(users.map((u) => [u.id, u.name, u.role])).toEqual([
      [1, 'admin', 'administrator'],
      [2, 'edna', 'editor'],
      [3, 'alice', 'author'],
    ])
    expect(users[2]).toEqual({ id: 3, name: 'alice', role: 'author', token_sha256: sha256(token) })
    expect(users[0]?.token_sha256).toBeUndefined()
    // the data file stays pretty-printed with 2 spaces (docs/data-file.md)
    expect(text).toMatch(/^\{\n {2}"/u)
  })

  it('gives an existing user, named or by ID, a token and keeps its role', async () => {
    const file = await dataFile()
    const byName = await runCli(['token', 'add', file, '--user', 'admin'])
    expect(byName.code, byName.stderr).toBe(0)
    const byId = await runCli(['token', 'add', file, '--user', '2'])
    expect(byId.code, byId.stderr).toBe(0)
    const users = await usersOf(file)
    expect(users).toHaveLength(2)
    expect(users[0]).toMatchObject({
      id: 1,
      name: 'admin',
      role: 'administrator',
      token_sha256: sha256(printedToken(byName.stdout + byName.stderr)),
    })
    expect(users[1]).toMatchObject({
      id: 2,
      name: 'edna',
      role: 'editor',
      token_sha256: sha256(printedToken(byId.stdout + byId.stderr)),
    })
  })

  it('a new token each time: the latest replaces the previous one, which stops working', async () => {
    const file = await dataFile()
    const first = printedToken((await runCli(['token', 'add', file, '--user', 'edna'])).stdout)
    const second = printedToken((await runCli(['token', 'add', file, '--user', 'edna'])).stdout)
    expect(second).not.toBe(first)
    const users = await usersOf(file)
    expect(users[1]?.token_sha256).toBe(sha256(second))
    const { request } = await open(await readFile(file, 'utf8'))
    expect(
      (await request('GET', '/events?status=draft', undefined, { authorization: `Bearer ${second}` })).status,
    ).toBe(200)
    expect((await request('GET', '/events', undefined, { authorization: `Bearer ${first}` })).status).toBe(401)
  })

  it('creates a missing data file holding the user and the hash only', async () => {
    const file = join(await tempDir(), 'new.json')
    const result = await runCli(['token', 'add', file, '--user', 'carol', '--role', 'editor'])
    expect(result.code, result.stderr).toBe(0)
    const token = printedToken(result.stdout + result.stderr)
    expect(await readFile(file, 'utf8')).not.toContain(token)
    const carol = (await usersOf(file)).find((u) => u.name === 'carol')
    expect(carol).toMatchObject({ role: 'editor', token_sha256: sha256(token) })
  })

  it('an unknown role is a one-line error, exit status 1, and the file is left as it was', async () => {
    const file = await dataFile()
    const before = await readFile(file, 'utf8')
    const result = await runCli(['token', 'add', file, '--user', 'mallory', '--role', 'overlord'])
    expect(result.code).toBe(1)
    const output = lines(result.stdout + result.stderr)
    expect(output, result.stdout + result.stderr).toHaveLength(1)
    expect(output[0]).toMatch(/role/u)
    expect(output[0]).toContain('overlord')
    expect(await readFile(file, 'utf8')).toBe(before)
  })

  it('the token authenticates against a running server; without it the server is anonymous-only', async () => {
    const file = await dataFile()
    const result = await runCli(['token', 'add', file, '--user', 'alice', '--role', 'editor'])
    expect(result.code, result.stderr).toBe(0)
    const token = printedToken(result.stdout + result.stderr)
    const port = await freePort()
    await serve([file, '--port', String(port), '--quiet', '--now', '2026-07-01T12:00:00Z'])
    const base = `http://127.0.0.1:${port}/calendar/events/v1`
    const auth = { authorization: `Bearer ${token}` }

    const drafts = await fetch(`${base}/events?status=draft,pending`, { headers: auth })
    expect(drafts.status).toBe(200)
    expect((await drafts.json()).events.map((e: Json) => e.id)).toEqual([14, 15])
    const everything = await fetch(`${base}/events`, { headers: auth })
    expect((await everything.json()).events.map((e: Json) => e.id)).toEqual([10, 14, 15])

    const created = await fetch(`${base}/events`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'With a token',
        start_date: '2026-07-20 10:00:00',
        end_date: '2026-07-20 11:00:00',
      }),
    })
    expect(created.status).toBe(201)
    const createdBody = await created.json()
    expect(createdBody.author).toBe('3')

    // the file now has a token: no more open mode
    const anonymousList = await fetch(`${base}/events`)
    expect((await anonymousList.json()).events.map((e: Json) => e.id)).toEqual([10, createdBody.id])
    const anonymousDraft = await fetch(`${base}/events/14`)
    expect(anonymousDraft.status).toBe(403)
    expect((await anonymousDraft.json()).code).toBe('event-not-accessible')
    const anonymousWrite = await fetch(`${base}/events/10`, { method: 'DELETE' })
    expect(anonymousWrite.status).toBe(401)
    const wrong = await fetch(`${base}/events`, { headers: { authorization: `Bearer ${token}x` } })
    expect(wrong.status).toBe(401)
    expect((await wrong.json()).code).toBe('rest_forbidden')
  })
})

/** True when something accepts TCP connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

describe('calfile serve beyond loopback (CONTRACT §6 open mode)', () => {
  it('refuses --host 0.0.0.0 in open mode with a one-line message and exit status 1', async () => {
    const file = await dataFile()
    const port = await freePort()
    const result = await runCli(['serve', file, '--host', '0.0.0.0', '--port', String(port)])
    expect(result.code).toBe(1)
    const output = lines(result.stdout + result.stderr)
    expect(output, result.stdout + result.stderr).toHaveLength(1)
    expect(output[0]).toContain('0.0.0.0')
    expect(output[0]).toMatch(/open mode/u)
    expect(output[0]).toContain('--allow-open-network')
    expect(output[0]).toMatch(/token add/u)
    expect(await listening(port)).toBe(false)
  })

  it('refuses the IPv6 any-address and a LAN address the same way', async () => {
    const file = await dataFile()
    for (const host of ['::', '192.168.1.10']) {
      const result = await runCli(['serve', file, '--host', host, '--port', String(await freePort())])
      expect(result.code, host).toBe(1)
      expect(result.stdout + result.stderr).toMatch(/open mode/u)
    }
  })

  it('starts on 0.0.0.0 with --allow-open-network (open mode: writes need no token)', async () => {
    const file = await dataFile()
    const port = await freePort()
    await serve([
      file,
      '--host',
      '0.0.0.0',
      '--port',
      String(port),
      '--allow-open-network',
      '--quiet',
      '--now',
      '2026-07-01T12:00:00Z',
    ])
    const list = await fetch(`http://127.0.0.1:${port}/calendar/events/v1/events`)
    expect(list.status).toBe(200)
    expect((await list.json()).events.map((e: Json) => e.id)).toEqual([10])
  })

  it('starts on 0.0.0.0 without the flag once a user has a token', async () => {
    const file = await dataFile()
    const token = printedToken((await runCli(['token', 'add', file, '--user', 'admin'])).stdout)
    const port = await freePort()
    await serve([file, '--host', '0.0.0.0', '--port', String(port), '--quiet'])
    const base = `http://127.0.0.1:${port}/calendar/events/v1`
    expect((await fetch(`${base}/events/14`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
    expect((await fetch(`${base}/events/14`)).status).toBe(403)
  })
})
