/**
 * `calfile push` (issue 15) to a site, a `calfile serve` of the real TEC captures with a token in a process of its
 * own, from a data file pulled from it and then changed: through a local `calfile serve` (a new event with a new
 * venue and a new category, another event's title and time, a third deleted) and by hand (a fourth's
 * description). After the push the site answers as the local copy does, the new records carry the site's IDs, and
 * a second push sends nothing. A record changed on the site since the pull is a conflict, left as the site has it.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../cli/cli-helpers.js'
import { differences, makeSiteFile, type Site, siteJson, startLocal, startSite, stopAll, sync } from './sync-helpers.js'

const SLOW = { timeout: 60_000 }
let source: { file: string; token: string }

beforeAll(async () => {
  source = await makeSiteFile()
}, 60_000)
afterEach(stopAll)

type Event = { id: number; title: string; venue: number | null; categories: number[]; description: string }

/** A site and a data file pulled from it. */
async function pulled(): Promise<{ site: Site; file: string }> {
  const site = await startSite(source)
  const file = join(await tempDir(), 'calendar.json')
  const pull = await sync(['pull', site.url, '--into', file, '--user', 'admin'], site)
  expect(pull.code, pull.stderr).toBe(0)
  return { site, file }
}

/** The first `count` events of the site by start, any status. */
async function firstEvents(site: Site, count: number): Promise<Event[]> {
  return (await siteJson(site, `events?per_page=${count}&start_date=0001-01-01&end_date=9999-01-01`)).events
}

/** Changes the data file by hand, as an editor would: `edit` gets the parsed file. */
async function handEdit(file: string, edit: (data: { events: Event[] }) => void): Promise<void> {
  const data = JSON.parse(await readFile(file, 'utf8'))
  edit(data)
  await writeFile(file, JSON.stringify(data, null, 2))
}

const post = (body: object) => ({ method: 'POST', body: JSON.stringify(body) })
const sent = (site: Site) => site.output().match(/^(POST|DELETE) .*$/gmu) ?? []

describe('calfile push', SLOW, () => {
  it('sends what changed here; the site then answers as the local copy, with its IDs; a second push sends nothing', async () => {
    const { site, file } = await pulled()
    // The site's next IDs run ahead of the copy's, so that the new records' IDs change: made and deleted there.
    const gone = await siteJson(site, 'organizers', post({ organizer: 'Gone' }))
    await siteJson(site, `organizers/${gone.id}?force=true`, { method: 'DELETE' })
    const goneTerm = await siteJson(site, 'categories', post({ name: 'Gone' }))
    await siteJson(site, `categories/${goneTerm.id}`, { method: 'DELETE' })
    const [retimed, deleted, edited] = await firstEvents(site, 3)

    const local = await startLocal(file)
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${local.url}/calendar/events/v1/${path}`, { ...init, headers: { 'content-type': 'application/json' } })
    const made = (await (
      await call(
        'events',
        post({
          title: 'Sync jazz night',
          start_date: '2026-09-04 20:00:00',
          end_date: '2026-09-04 23:00:00',
          venue: { venue: 'Sync Blue Room', city: 'Boston' },
          categories: ['Sync music'],
        }),
      )
    ).json()) as { id: number; venue: { id: number }; categories: Array<{ id: number }> }
    const update = { title: 'Retimed', start_date: '2019-02-01 18:00:00', end_date: '2019-02-01 20:00:00' }
    expect((await call(`events/${retimed?.id}`, post(update))).status).toBe(200)
    expect((await call(`events/${deleted?.id}`, { method: 'DELETE' })).status).toBe(200)
    await local.stop()
    await handEdit(file, (data) => {
      const event = data.events.find((e) => e.id === edited?.id) as Event
      event.description = '<p>Edited by hand</p>'
    })

    const dry = await sync(['push', site.url, '--from', file, '--user', 'admin', '--dry-run'], site)
    expect(dry.code, dry.stderr).toBe(0)
    // The local update was TEC's, which dates the event now (docs/writes.md#lossy-writes-over-http).
    expect(dry.stdout).toContain(`would update event ${retimed?.id} "Retimed": date, title, start_date, end_date`)
    expect(dry.stdout).toContain(`would update event ${edited?.id} "${edited?.title}": description`)
    expect(dry.stdout).toContain(`would delete event ${deleted?.id}`)
    expect(dry.stdout.trim().split('\n').at(-1)).toBe('dry run: +3 ~2 -1, 0 conflicts, 0 skipped, 0 failed')
    expect(sent(site).length, 'a dry run sends nothing').toBe(4)

    const pushed = await sync(['push', site.url, '--from', file, '--user', 'admin'], site)
    expect(pushed.code, pushed.stderr).toBe(0)
    expect(pushed.stdout.trim().split('\n').at(-1)).toBe('+3 ~2 -1, 0 conflicts, 0 skipped, 0 failed')

    const data = JSON.parse(await readFile(file, 'utf8')) as {
      events: Event[]
      venues: Array<{ id: number; venue: string }>
    }
    const event = data.events.find((e) => e.title === 'Sync jazz night') as Event
    const onSite = await siteJson(site, `events/${event.id}`)
    expect(onSite.title).toBe('Sync jazz night')
    expect(event.id, 'the new event has the ID the site gave it').not.toBe(made.id)
    expect(event.venue).toBe(onSite.venue.id)
    expect(event.venue).not.toBe(made.venue.id)
    expect(event.categories).toEqual(onSite.categories.map((term: { id: number }) => term.id))
    expect(event.categories).not.toEqual(made.categories.map((term) => term.id))
    expect(data.venues.find((venue) => venue.venue === 'Sync Blue Room')?.id).toBe(onSite.venue.id)

    const copy = await startLocal(file)
    const found = await differences({ base: site.url, headers: site.auth }, { base: copy.url, headers: {} })
    expect(found.differ).toEqual([])
    expect(found.records).toBeGreaterThan(100)
    await copy.stop()

    const before = sent(site).length
    const again = await sync(['push', site.url, '--from', file, '--user', 'admin'], site)
    expect(again.stdout.trim()).toBe('+0 ~0 -0, 0 conflicts, 0 skipped, 0 failed')
    expect(sent(site).length, 'a second push sends nothing').toBe(before)
  })

  it('reports a record changed on the site since the pull as a conflict, and leaves the site version as it is', async () => {
    const { site, file } = await pulled()
    const [contested, other] = await firstEvents(site, 2)
    await siteJson(site, `events/${contested?.id}`, post({ title: 'Changed on the site' }))
    await handEdit(file, (data) => {
      for (const event of data.events) {
        if (event.id === contested?.id) event.description = '<p>Changed here</p>'
        if (event.id === other?.id) event.description = '<p>Also changed here</p>'
      }
    })
    const pushed = await sync(['push', site.url, '--from', file, '--user', 'admin'], site)
    expect(pushed.code).toBe(1)
    expect(pushed.stderr).toMatch(/1 records not pushed/u)
    const lines = pushed.stdout.trim().split('\n')
    expect(lines).toContain(`updated event ${other?.id} "${other?.title}": description`)
    const conflict = lines.find((line) => line.startsWith(`conflict: event ${contested?.id} `))
    expect(conflict).toContain('changed here and on the site')
    expect(conflict).toMatch(/title \(here ".*", site "Changed on the site"\)/u)
    expect(conflict).toMatch(/description \(here "<p>Changed here<\/p>", site .*\)/u)
    const onSite = await siteJson(site, `events/${contested?.id}`)
    expect(onSite.title).toBe('Changed on the site')
    expect(onSite.description).toBe(contested?.description)
  })
})
