/**
 * `calfile pull` (issue 15) against a site: a `calfile serve` of the real TEC captures with a token, in a process of
 * its own. Offline: what is pulled serves from calfile as the site answered it, byte for byte but for the host in
 * links. Then a second pull takes only what changed on the site, and keeps what changed here.
 */
import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tecVersionOf } from '../../src/sync/pull/pull-fetch.js'
import { tempDir } from '../cli/cli-helpers.js'
import { differences, makeSiteFile, type Site, siteJson, startLocal, startSite, stopAll, sync } from './sync-helpers.js'

const SLOW = { timeout: 60_000 }
let site: Site

beforeAll(async () => {
  site = await startSite(await makeSiteFile())
}, 60_000)
afterAll(stopAll)

describe('calfile pull', SLOW, () => {
  const file = () => tempDir().then((folder) => join(folder, 'calendar.json'))

  it('mirrors every event, venue, organizer and term so that calfile serves them as the site does', async () => {
    const into = await file()
    const pulled = await sync(['pull', site.url, '--into', into, '--user', 'admin'], site)
    expect(pulled.code, pulled.stderr).toBe(0)
    const summary = pulled.stdout.trim()
    expect(summary).toMatch(/^\+\d+ ~0 =0 -0$/u)
    const local = await startLocal(into)
    const found = await differences({ base: site.url, headers: site.auth }, { base: local.url, headers: {} })
    expect(found.differ).toEqual([])
    expect(found.records).toBe(Number(summary.slice(1, summary.indexOf(' '))))
    await local.stop()

    const before = await stat(into)
    const again = await sync(['pull', site.url, '--into', into, '--user', 'admin'], site)
    expect(again.stdout.trim()).toBe(`+0 ~0 =${found.records} -0`)
    expect((await stat(into)).mtimeMs, 'a pull that changes nothing does not write the file').toBe(before.mtimeMs)
  })

  it('takes what changed on the site, removes what it deleted, and keeps what changed here', async () => {
    const into = await file()
    expect((await sync(['pull', site.url, '--into', into, '--user', 'admin'], site)).code).toBe(0)
    const { events } = await siteJson(site, 'events?per_page=4&start_date=0001-01-01&end_date=9999-01-01')
    const [changed, deleted, kept, editedHere] = events as Array<{ id: number; title: string }>
    await siteJson(site, `events/${changed?.id}`, { method: 'POST', body: JSON.stringify({ title: 'Changed there' }) })
    await siteJson(site, `events/${deleted?.id}?force=true`, { method: 'DELETE' })
    await siteJson(site, `events/${kept?.id}?force=true`, { method: 'DELETE' })
    await siteJson(site, `events/${editedHere?.id}`, { method: 'POST', body: JSON.stringify({ excerpt: 'There' }) })
    const added = await siteJson(site, 'events', {
      method: 'POST',
      body: JSON.stringify({ title: 'New there', start_date: '2026-08-01 10:00', end_date: '2026-08-01 11:00' }),
    })
    const data = JSON.parse(await readFile(into, 'utf8'))
    for (const event of data.events) if (event.id === kept?.id || event.id === editedHere?.id) event.excerpt = 'Here'
    await writeFile(into, JSON.stringify(data, null, 2))

    const second = await sync(['pull', site.url, '--into', into, '--user', 'admin'], site)
    expect(second.code, second.stderr).toBe(0)
    const lines = second.stdout.trim().split('\n')
    expect(lines.at(-1)).toMatch(/^\+1 ~1 =\d+ -1$/u)
    expect(lines.slice(0, -1).sort()).toEqual(
      [
        expect.stringMatching(new RegExp(`^conflict: event ${kept?.id} .*: changed here, deleted on the site$`, 'u')),
        expect.stringMatching(
          new RegExp(
            `^conflict: event ${editedHere?.id} .*changed here and on the site: excerpt \\(here "Here", site "There"\\)`,
            'u',
          ),
        ),
      ].sort(),
    )
    const after = JSON.parse(await readFile(into, 'utf8')) as {
      events: Array<{ id: number; title: string; excerpt: string }>
    }
    const byId = new Map(after.events.map((event) => [event.id, event]))
    expect(byId.get(changed?.id as number)?.title).toBe('Changed there')
    expect(byId.has(deleted?.id as number)).toBe(false)
    expect(byId.get(kept?.id as number)?.excerpt).toBe('Here')
    expect(byId.get(editedHere?.id as number)?.excerpt).toBe('Here')
    expect(byId.get(added.id)?.title).toBe('New there')
  })

  it('refuses a data file that mirrors no site but holds records, and plain http with credentials beyond loopback', async () => {
    const into = join(await tempDir(), 'calendar.json')
    await writeFile(
      into,
      JSON.stringify({
        events: [{ title: 'Mine', start_date: '2026-07-01 10:00:00', end_date: '2026-07-01 11:00:00' }],
      }),
    )
    const refused = await sync(['pull', site.url, '--into', into, '--user', 'admin'], site)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/holds records that were not pulled from/u)
    const http = await sync(['pull', 'http://events.example.org', '--into', into, '--user', 'admin'], site)
    expect(http.stderr).toMatch(/refusing to send credentials over plain http to events\.example\.org/u)
  })
})

describe("the TEC release a first pull takes from the site's REST index (tecVersionOf)", () => {
  it('tec/v1 among the namespaces is TEC 6.15 or later, answered as 6.17; tribe/events/v1 alone is 6.10', () => {
    expect(tecVersionOf(['oembed/1.0', 'tribe/events/v1', 'tec/v1', 'wp/v2'])).toBe('6.17')
    expect(tecVersionOf(['oembed/1.0', 'tribe/events/v1', 'wp/v2'])).toBe('6.10')
    expect(tecVersionOf(['wp/v2'])).toBeUndefined()
    expect(tecVersionOf(undefined)).toBeUndefined()
  })
})
