/**
 * docs/cli.md `calfile token add|list|revoke` on a file no server runs on (token-serving.test.ts has the running
 * server): `add` prints only the token on stdout, `list` the users with a token (never a hash), `revoke` takes a
 * token away but refuses the last one without --allow-open-mode (open mode would accept any token, the revoked
 * one included: docs/auth.md). The commands edit the file as a careful hand edit would: only `users` changes,
 * an invalid file is refused and left alone, a symbolic link is followed.
 *
 * fixtures/auth-open.json: users 1 admin (administrator) and 2 edna (editor), no tokens.
 */
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { lstat, readFile, realpath, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { addToken } from '../../src/core/model/users.js'
import { editUsers } from '../../src/core/storage/users-file.js'
import { fixture } from '../helpers.js'
import { runCli, tempDir } from './cli-helpers.js'

/** Each CLI run is a new Node process (a second or more on a busy machine); a test runs several. */
const SLOW = { timeout: 60_000 }

type Json = Record<string, any>

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

async function dataFile(text = fixture('auth-open.json')): Promise<string> {
  const file = join(await tempDir(), 'calendar.json')
  await writeFile(file, text)
  return file
}

async function usersOf(file: string): Promise<Json[]> {
  return JSON.parse(await readFile(file, 'utf8')).users
}

/** `token add`, expecting success: the token, which must be all of stdout. */
async function addTokenCli(file: string, user: string, ...more: string[]): Promise<string> {
  const result = await runCli(['token', 'add', file, '--user', user, ...more])
  expect(result.code, result.stderr).toBe(0)
  expect(result.stdout).toMatch(/^[A-Za-z0-9_-]{32}\n$/u)
  return result.stdout.trim()
}

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '')

describe('calfile token add', SLOW, () => {
  it('prints only the token on stdout, every message on stderr (TOKEN=$(calfile token add …))', async () => {
    const file = await dataFile()
    const result = await runCli(['token', 'add', file, '--user', 'admin'])
    expect(result.code).toBe(0)
    expect(lines(result.stdout)).toHaveLength(1)
    const token = result.stdout.trim()
    expect(result.stdout).toBe(`${token}\n`)
    expect(result.stderr).toMatch(/token for user 1 "admin" \(administrator\)/u)
    expect(result.stderr).not.toContain(token)
    expect((await usersOf(file))[0]?.token_sha256).toBe(sha256(token))
  })

  it('--help says the default role', async () => {
    const help = await runCli(['token', 'add', '--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/--role=<role>.*default editor for a new user/u)
    expect(help.stdout).toMatch(/--user=<id\|name>/u)
  })

  it('changes only `users`: the rest of a hand-formatted file keeps every byte', async () => {
    const head = '{\n  "settings": { "timezone": "UTC" },\n'
    const tail =
      '  "events": [ { "id": 7, "title": "Kept as written", "start_date": "2026-07-04 20:00:00", "end_date": "2026-07-04 23:00:00" } ],\n  "x-notes": "mine"\n}\n'
    const file = await dataFile(`${head}  "users": [ { "id": 1, "name": "admin", "role": "administrator" } ],\n${tail}`)
    const token = await addTokenCli(file, 'admin')
    const text = await readFile(file, 'utf8')
    expect(text.startsWith(head), text).toBe(true)
    expect(text.endsWith(tail), text).toBe(true)
    expect(JSON.parse(text).users).toEqual([
      { id: 1, name: 'admin', role: 'administrator', token_sha256: sha256(token) },
    ])
  })

  it('a file without users keeps user 1 as administrator once another user has a token', async () => {
    const file = await dataFile('{\n  "settings": { "timezone": "UTC" }\n}\n')
    await addTokenCli(file, 'alice', '--role', 'author')
    expect((await usersOf(file)).map((u) => [u.id, u.name, u.role])).toEqual([
      [1, 'admin', 'administrator'],
      [2, 'alice', 'author'],
    ])
  })

  it('refuses an invalid file with its problems, exit status 1, and leaves it as it was', async () => {
    const broken =
      '{\n  "users": [ { "id": 1, "name": "admin" } ],\n  "events": [ { "title": "x", "start_date": "next tuesday", "end_date": "2026-01-01 10:00:00" } ]\n}\n'
    const file = await dataFile(broken)
    const result = await runCli(['token', 'add', file, '--user', 'admin'])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain('events[0].start_date: expected "YYYY-MM-DD HH:MM:SS", got "next tuesday" (line 3')
    expect(await readFile(file, 'utf8')).toBe(broken)
  })

  it('follows a symbolic link: the target gets the token, the link stays a link', async () => {
    const file = await dataFile()
    const link = join(await realpath(join(file, '..')), 'link.json')
    await symlink('calendar.json', link)
    const token = await addTokenCli(link, 'edna')
    expect((await lstat(link)).isSymbolicLink()).toBe(true)
    expect((await usersOf(file))[1]?.token_sha256).toBe(sha256(token))
  })

  it('a missing --user is one line on stderr and exit status 1', async () => {
    const result = await runCli(['token', 'add', await dataFile()])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(lines(result.stderr)).toHaveLength(1)
    expect(result.stderr).toContain('--user')
  })
})

describe('calfile token list', SLOW, () => {
  it('lists ID, name and role of each user with a token, never a hash', async () => {
    const file = await dataFile()
    const token = await addTokenCli(file, 'edna')
    await addTokenCli(file, 'carol', '--role', 'author')
    const result = await runCli(['token', 'list', file])
    expect(result.code, result.stderr).toBe(0)
    expect(lines(result.stdout)).toEqual(['2\tedna\teditor', '3\tcarol\tauthor'])
    expect(result.stdout + result.stderr).not.toContain(sha256(token))
    expect(result.stdout + result.stderr).not.toContain(token)
  })

  it('says on stderr that no user has a token, with nothing on stdout', async () => {
    const result = await runCli(['token', 'list', await dataFile()])
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/no user has a token/u)
  })

  it('a missing file is an error, and is not created', async () => {
    const file = join(await tempDir(), 'missing.json')
    const result = await runCli(['token', 'list', file])
    expect(result.code).toBe(1)
    expect(lines(result.stderr)).toEqual([expect.stringContaining('does not exist')])
    await expect(readFile(file)).rejects.toThrow(/ENOENT/u)
  })
})

describe('calfile token revoke', SLOW, () => {
  it('removes the token and keeps the user', async () => {
    const file = await dataFile()
    await addTokenCli(file, 'admin')
    await addTokenCli(file, 'edna')
    const result = await runCli(['token', 'revoke', file, '--user', 'edna'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe('')
    const users = await usersOf(file)
    expect(users[1]).toEqual({ id: 2, name: 'edna', role: 'editor' })
    expect(users[0]?.token_sha256).toMatch(/^[0-9a-f]{64}$/u)
    expect(lines((await runCli(['token', 'list', file])).stdout)).toEqual(['1\tadmin\tadministrator'])
  })

  it('takes the user by ID as well', async () => {
    const file = await dataFile()
    await addTokenCli(file, 'admin')
    await addTokenCli(file, 'edna')
    expect((await runCli(['token', 'revoke', file, '--user', '1'])).code).toBe(0)
    expect((await usersOf(file))[0]).toEqual({ id: 1, name: 'admin', role: 'administrator' })
  })

  it('refuses the last token (open mode would accept any token), unless --allow-open-mode', async () => {
    const file = await dataFile()
    await addTokenCli(file, 'admin')
    const before = await readFile(file, 'utf8')
    const refused = await runCli(['token', 'revoke', file, '--user', 'admin'])
    expect(refused.code).toBe(1)
    expect(lines(refused.stderr)).toHaveLength(1)
    expect(refused.stderr).toMatch(/last token.*open mode.*--allow-open-mode/u)
    expect(await readFile(file, 'utf8')).toBe(before)

    const allowed = await runCli(['token', 'revoke', file, '--user', 'admin', '--allow-open-mode'])
    expect(allowed.code, allowed.stderr).toBe(0)
    expect(allowed.stderr).toMatch(/open mode/u)
    expect((await usersOf(file)).some((u) => u.token_sha256)).toBe(false)
  })

  it('an unknown user is an error; a user without a token is nothing to do', async () => {
    const file = await dataFile()
    await addTokenCli(file, 'admin')
    const before = await readFile(file, 'utf8')
    const unknown = await runCli(['token', 'revoke', file, '--user', 'mallory'])
    expect(unknown.code).toBe(1)
    expect(lines(unknown.stderr)).toEqual([expect.stringContaining('mallory')])
    const without = await runCli(['token', 'revoke', file, '--user', 'edna'])
    expect(without.code).toBe(0)
    expect(without.stderr).toMatch(/has no token/u)
    expect(await readFile(file, 'utf8')).toBe(before)
  })
})

describe('editUsers (the careful hand edit behind the token commands)', SLOW, () => {
  it('starts again from the new file when the file changes between its read and its rename', async () => {
    const file = await dataFile()
    let attempts = 0
    const { token } = await editUsers(file, (state) => {
      attempts++
      // Another writer saves the file while this edit is under way, on the first attempt only.
      if (attempts === 1) {
        const document = JSON.parse(fixture('auth-open.json'))
        document.events[0].title = 'Saved meanwhile'
        writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`)
      }
      return addToken(state, 'admin')
    })
    expect(attempts).toBe(2)
    const document = JSON.parse(await readFile(file, 'utf8'))
    expect(document.events[0].title).toBe('Saved meanwhile')
    expect(document.users[0].token_sha256).toBe(sha256(token))
  })

  it('starts again when a write already under way lands over it just after its rename', async () => {
    const file = await dataFile()
    const original = await readFile(file, 'utf8')
    let attempts = 0
    const { token } = await editUsers(file, (state) => {
      attempts++
      // A server that checked the file before this edit's rename saves its own version (without the token) just
      // after it, well within the moment the edit waits before looking again.
      if (attempts === 1) setTimeout(() => writeFileSync(file, original), 40)
      return addToken(state, 'admin')
    })
    expect(attempts).toBe(2)
    expect((await usersOf(file))[0]?.token_sha256).toBe(sha256(token))
  })

  it('starts again when the user it created is replaced by another created under the same ID', async () => {
    const file = await dataFile()
    const document = JSON.parse(fixture('auth-open.json'))
    let attempts = 0
    let id = 0
    await editUsers(file, (state) => {
      attempts++
      const added = addToken(state, 'dave')
      // A server that checked the file before this edit's rename saves its own version just after it, and
      // another `token add`, which started from the server's file, gives its new user the ID dave had.
      if (attempts === 1) {
        id = added.user.id
        const carol = { id, name: 'carol', role: 'editor', token_sha256: sha256('carol') }
        setTimeout(
          () => writeFileSync(file, `${JSON.stringify({ ...document, users: [...document.users, carol] }, null, 2)}\n`),
          40,
        )
      }
      return added
    })
    expect(attempts).toBe(2)
    const users = await usersOf(file)
    expect(users.find((user) => user.id === id)?.name).toBe('carol')
    expect(users.find((user) => user.name === 'dave')?.id).toBe(id + 1)
  })

  it('a later token for the same user is not taken for its change undone', async () => {
    const file = await dataFile()
    const document = JSON.parse(fixture('auth-open.json'))
    document.users[0].token_sha256 = sha256('a later token')
    let attempts = 0
    await editUsers(file, (state) => {
      attempts++
      // Another `token add` for the same user saves its file just after this edit's rename.
      if (attempts === 1) setTimeout(() => writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`), 40)
      return addToken(state, 'admin')
    })
    expect(attempts).toBe(1)
    expect((await usersOf(file))[0]?.token_sha256).toBe(sha256('a later token'))
  })
})
