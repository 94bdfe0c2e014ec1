/**
 * A push killed half-way (issue 15): `calfile push` is killed (SIGKILL) as soon as the site's request log shows its
 * first POST, and run again; the site then holds each new record once, and the data file knows each by the site's
 * ID. The site writes with `--fsync`, so that its answers come slowly enough for the kill to land mid-push.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { tempDir } from '../cli/cli-helpers.js'
import { makeSiteFile, type Site, siteJson, spawnSync, startSite, stopAll, sync } from './sync-helpers.js'

afterAll(stopAll)

type Named = { id: number; [key: string]: unknown }

/** New records written into the data file by hand: a category, a tag, two venues, an organizer, 30 events. */
async function addRecords(file: string): Promise<void> {
  const data = JSON.parse(await readFile(file, 'utf8')) as Record<string, Named[]>
  const posts = ['events', 'venues', 'organizers'].flatMap((key) => (data[key] ?? []).map((record) => record.id))
  const terms = ['categories', 'tags'].flatMap((key) => (data[key] ?? []).map((record) => record.id))
  const post = Math.max(...posts)
  const term = Math.max(...terms)
  data.categories?.push({ id: term + 1, name: 'Killed category' })
  data.tags?.push({ id: term + 2, name: 'Killed tag' })
  data.venues?.push({ id: post + 1, venue: 'Killed venue one' }, { id: post + 2, venue: 'Killed venue two' })
  data.organizers?.push({ id: post + 3, organizer: 'Killed organizer' })
  for (let i = 0; i < 30; i++)
    data.events?.push({
      id: post + 4 + i,
      title: `Killed event ${i}`,
      start_date: '2026-10-01 18:00:00',
      end_date: '2026-10-01 19:00:00',
      venue: post + 1 + (i % 2),
      organizer: [post + 3],
      categories: [term + 1],
      tags: [term + 2],
    })
  await writeFile(file, JSON.stringify(data, null, 2))
}

/** Resolves once the site's log shows a POST, polling its output. */
function firstPost(site: Site): Promise<void> {
  const seen = site.output().length
  return new Promise((resolve) => {
    const look = setInterval(() => {
      if (!/^POST /mu.test(site.output().slice(seen))) return
      clearInterval(look)
      resolve()
    }, 2)
  })
}

/** How many records of a list have `name` in `key`. */
async function count(site: Site, route: string, key: string, name: string): Promise<number> {
  const query =
    route === 'events'
      ? 'events?per_page=50&start_date=0001-01-01&end_date=9999-01-01&search=Killed'
      : `${route}?per_page=50&hide_empty=false`
  const list = (await siteJson(site, query))[route] as Named[]
  return list.filter((record) => record[key] === name).length
}

describe('a push killed half-way', () => {
  it('run again, leaves no duplicate on the site', { timeout: 60_000 }, async () => {
    const site = await startSite(await makeSiteFile(), ['--fsync'])
    const file = join(await tempDir(), 'calendar.json')
    expect((await sync(['pull', site.url, '--into', file, '--user', 'admin'], site)).code).toBe(0)
    await addRecords(file)

    const push = spawnSync(['push', site.url, '--from', file, '--user', 'admin'], site)
    const exited = new Promise((resolve) => push.once('exit', resolve))
    await firstPost(site)
    push.kill('SIGKILL')
    await exited
    expect(push.signalCode, 'the push was still running when killed').toBe('SIGKILL')
    const cut = JSON.parse(await readFile(file, 'utf8'))
    expect(cut.sync.push_started, 'the file says a push was cut off').toEqual(expect.any(String))

    const again = await sync(['push', site.url, '--from', file, '--user', 'admin'], site)
    expect(again.code, again.stdout + again.stderr).toBe(0)
    expect(await count(site, 'categories', 'name', 'Killed category')).toBe(1)
    expect(await count(site, 'tags', 'name', 'Killed tag')).toBe(1)
    expect(await count(site, 'venues', 'venue', 'Killed venue one')).toBe(1)
    expect(await count(site, 'venues', 'venue', 'Killed venue two')).toBe(1)
    expect(await count(site, 'organizers', 'organizer', 'Killed organizer')).toBe(1)
    for (let i = 0; i < 30; i++) expect(await count(site, 'events', 'title', `Killed event ${i}`)).toBe(1)

    const data = JSON.parse(await readFile(file, 'utf8'))
    expect(data.sync.push_started).toBeUndefined()
    const events = (data.events as Named[]).filter((event) => String(event.title).startsWith('Killed'))
    expect(events).toHaveLength(30)
    for (const event of events)
      expect(data.sync.records.events[event.id], `event ${event.id}`).toEqual(expect.any(String))
    const last = await sync(['push', site.url, '--from', file, '--user', 'admin'], site)
    expect(last.stdout.trim()).toBe('+0 ~0 -0, 0 conflicts, 0 skipped, 0 failed')
  })
})
