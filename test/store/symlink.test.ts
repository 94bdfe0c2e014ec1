/**
 * A data file reached through a symbolic link (issue finding 6): the lock, the watcher and the atomic write act on
 * the file the link points to, so `serve link.json` and `serve cal.json` are one writer, and a write through the
 * link lands in the target while the link stays a link.
 */
import { existsSync, lstatSync, readlinkSync } from 'node:fs'
import { mkdir, readFile, realpath, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { realDataPath } from '../../src/core/storage/real-path.js'
import {
  cleanFolders,
  dataFile,
  editByRename,
  editInPlace,
  eventIdsOnDisk,
  folder,
  freePort,
  getJson,
  killAll,
  newEvent,
  postJson,
  runCli,
  startServe,
  temporaries,
  waitFor,
  watcherArmed,
} from './store-helpers.js'

afterEach(killAll)
afterAll(cleanFolders)

/** A folder (its real path) with `cal.json` and `link.json -> cal.json` (a relative link). */
async function linkedFile(): Promise<{ dir: string; file: string; link: string }> {
  const dir = await realpath(await folder())
  const file = join(dir, 'cal.json')
  await writeFile(file, dataFile(3))
  const link = join(dir, 'link.json')
  await symlink('cal.json', link)
  return { dir, file, link }
}

async function expectRefused(file: string, lock: string): Promise<void> {
  const refused = await runCli(['serve', file, '--port', String(await freePort()), '--quiet'])
  expect(refused.code).toBe(1)
  const lines = (refused.stderr + refused.stdout).trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(/is in use by another calfile process/u)
  expect(lines[0]).toContain(lock)
}

describe('a data file behind a symbolic link (real processes)', () => {
  it('`serve link.json` is refused while `serve cal.json` runs, and the other way round: one lock, on the target', async () => {
    const { file, link } = await linkedFile()
    const byName = await startServe(file)
    await expectRefused(link, `${file}.lock`)
    expect(existsSync(`${link}.lock`)).toBe(false)
    await byName.stop('SIGTERM')

    const byLink = await startServe(link)
    expect(existsSync(`${file}.lock`)).toBe(true)
    expect(existsSync(`${link}.lock`)).toBe(false)
    await expectRefused(file, `${file}.lock`)
    await byLink.stop('SIGTERM')
  })

  it('a POST through a server started on the link lands in cal.json, and link.json stays a link', async () => {
    const { dir, file, link } = await linkedFile()
    const server = await startServe(link)
    const created = await postJson(`${server.base}/events`, newEvent('Through the link'))
    expect(created.status).toBe(201)
    expect((await eventIdsOnDisk(file)).has(created.body.id)).toBe(true)
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(readlinkSync(link)).toBe('cal.json')
    expect(await temporaries(file)).toEqual([])
    await server.stop('SIGTERM')
    // The temporary file was written beside the target, and nothing is left beside the link either.
    expect(await temporaries(join(dir, 'link.json'))).toEqual([])
  })

  it('after a write through the link, a hand edit of cal.json (in place or by rename) is seen by the server', async () => {
    const { file, link } = await linkedFile()
    const server = await startServe(link)
    expect((await postJson(`${server.base}/events`, newEvent('Through the link'))).status).toBe(201)
    await watcherArmed(server, file)
    await editInPlace(file, (document) => (document.events[0].title = 'Edited in place'))
    expect(
      await waitFor(async () => (await getJson(`${server.base}/events/1000`)).body.title === 'Edited in place'),
    ).toBe(true)
    await editByRename(file, (document) => (document.events[1].title = 'Edited by rename'))
    expect(
      await waitFor(async () => (await getJson(`${server.base}/events/1001`)).body.title === 'Edited by rename'),
    ).toBe(true)
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
  })

  it('a dangling link (through another link, into a missing folder) creates its target, and stays a link', async () => {
    const dir = await realpath(await folder())
    const target = join(dir, 'data', 'cal.json')
    const link = join(dir, 'link.json')
    await symlink('middle.json', link)
    await symlink('data/cal.json', join(dir, 'middle.json'))
    const server = await startServe(link)
    const { venue: _, ...event } = newEvent('Into the new file') // the new, empty store has no venue 11
    expect((await postJson(`${server.base}/events`, event)).status).toBe(201)
    expect(existsSync(`${target}.lock`)).toBe(true)
    await server.stop('SIGTERM')
    expect(JSON.parse(await readFile(target, 'utf8')).events.map((event: { title: string }) => event.title)).toEqual([
      'Into the new file',
    ])
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(lstatSync(join(dir, 'middle.json')).isSymbolicLink()).toBe(true)
  })
})

describe('realDataPath', () => {
  it('resolves an existing file, a link to it, and a link to a linked folder', async () => {
    const { dir, file, link } = await linkedFile()
    expect(await realDataPath(file)).toBe(file)
    expect(await realDataPath(link)).toBe(file)
    await symlink(dir, join(dir, 'again'))
    expect(await realDataPath(join(dir, 'again', 'link.json'))).toBe(file)
  })

  it('follows a dangling link relative to its real folder, not to the spelling of the path', async () => {
    const dir = await realpath(await folder())
    await mkdir(join(dir, 'a', 'b'), { recursive: true })
    await symlink(join(dir, 'a', 'b'), join(dir, 'short'))
    await symlink('../missing.json', join(dir, 'a', 'b', 'link.json'))
    // The system reads `short/../missing.json` as `a/missing.json`; a lexical join would say `missing.json`.
    expect(await realDataPath(join(dir, 'short', 'link.json'))).toBe(join(dir, 'a', 'missing.json'))
  })

  it('keeps the missing part of a path under its nearest existing folder', async () => {
    const dir = await realpath(await folder())
    await symlink(dir, join(dir, 'here'))
    expect(await realDataPath(join(dir, 'here', 'new', 'deeper', 'cal.json'))).toBe(
      join(dir, 'new', 'deeper', 'cal.json'),
    )
  })

  it('refuses a loop of links with ELOOP', async () => {
    const dir = await realpath(await folder())
    await symlink('b.json', join(dir, 'a.json'))
    await symlink('a.json', join(dir, 'b.json'))
    await expect(realDataPath(join(dir, 'a.json'))).rejects.toMatchObject({ code: 'ELOOP' })
  })
})
