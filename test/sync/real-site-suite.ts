/**
 * `calfile pull` and `calfile push` against a real TEC site (`../shared/realtec`) of one release, step by step
 * as a person moving between the file and the site would: pull a seeded site (published, future, drafts, pending,
 * trashed, a child category, markup in a title), change the file through the library and by hand, push, push
 * again, make a conflict, pull again, and cut a push off half-way. After each pull and push every record the site
 * shows is compared field by field with what calfile serves from the file.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openCalendar } from '../../src/core/calendar.js'
import type { TecVersion } from '../../src/core/resources/tec-versions.js'
import { pull, push, pushLines } from '../../src/sync/index.js'
import { runCli, tempDir } from '../cli/cli-helpers.js'
import { type Realtec, resetOracle } from '../realtec/oracle.js'
import { compareWithSite, type Seeded, seedSite, siteCall } from './real-site.js'
import { spawnCli, stopAll } from './sync-helpers.js'

const STEP = { timeout: 120_000 }

type Json = Record<string, any>

/** The sync tests against the sync oracle of `version` (TEC 6.17.2 or 6.10.0); each release's test file calls it. */
export function realSiteSuite(version: TecVersion): void {
  const realtec = inject('realtecSync')?.[version]
  describe.skipIf(!realtec)(`sync with a real TEC ${version} site`, () => {
    syncSteps(realtec as NonNullable<typeof realtec>)
  })
}

function syncSteps(site: Realtec): void {
  const login = { user: site.user, password: site.password }
  let seeded: Seeded
  let file: string
  const readData = async (): Promise<Json> => JSON.parse(await readFile(file, 'utf8'))
  const event = (i: number) => seeded.events[i] as number

  beforeAll(async () => {
    await resetOracle(site)
    seeded = await seedSite(site)
    file = join(await tempDir(), 'calendar.json')
  }, 180_000)
  afterAll(stopAll)

  it('a pull cut off half-way writes no file', STEP, async () => {
    const cut = join(await tempDir(), 'calendar.json')
    const stop = new Error('cut off')
    const failing = pull(site.base, {
      into: cut,
      ...login,
      onProgress: () => {
        throw stop
      },
    })
    await expect(failing).rejects.toBe(stop)
    await expect(readFile(cut, 'utf8')).rejects.toThrow(/ENOENT/u)
  })

  it('pull mirrors every record as the site shows it, with its settings', STEP, async () => {
    const report = await pull(site.base, { into: file, ...login })
    // 38 events (2 trashed), 8 venues, 5 organizers, 6 categories, 6 tags.
    expect(report).toMatchObject({ added: 63, changed: 0, removed: 0, conflicts: [], warnings: [], written: true })
    expect(await compareWithSite(site, file)).toEqual([])
    const data = await readData()
    expect(data.settings).toMatchObject({
      timezone: 'America/New_York',
      per_page: 10,
      site_url: site.base,
      tec_version: site.version,
    })
    const stored = (i: number) => data.events.find((record: Json) => record.id === event(i))
    expect(stored(10)).toMatchObject({ status: 'draft', slug: '', date_utc: '0000-00-00 00:00:00' })
    expect(stored(11)).toMatchObject({ status: 'pending', slug: '' })
    expect(stored(13)).toMatchObject({ status: 'future', slug: 'event-13', date: '2027-04-01 10:00:00' })
    expect(stored(20)).toBeUndefined()
    expect(stored(5).title).toBe('Rock & Roll “Night” <b>37</b>')
    expect(stored(0).website, "the site's own page is no website").toBeNull()
    const jazz = data.categories.find((term: Json) => term.name === 'Jazz')
    expect(jazz.parent).toBe(seeded.categories[0])
  })

  it('pull again changes nothing', STEP, async () => {
    const before = await readFile(file, 'utf8')
    const report = await pull(site.base, { into: file, ...login })
    expect(report).toMatchObject({ added: 0, changed: 0, removed: 0, written: false })
    expect(await readFile(file, 'utf8')).toBe(before)
  })

  it(
    'push sends the changes made through the library and by hand; the site then holds every field as the file does',
    STEP,
    async () => {
      const calendar = await openCalendar(file)
      await calendar.events.update(event(0), { title: 'Event 0 renamed' })
      await calendar.events.update(event(1), { venue: seeded.venues[5] })
      await calendar.events.update(event(12), { title: 'Draft renamed' })
      await calendar.venues.update(seeded.venues[2] as number, { city: 'Capital City', show_map: true })
      const category = await calendar.categories.create({ name: 'Made offline' })
      const child = await calendar.categories.create({ name: 'Offline child', parent: seeded.categories[2] })
      const tag = await calendar.tags.create({ name: 'offline' })
      const venue = await calendar.venues.create({ venue: 'New Hall', city: 'Shelbyville', show_map: true })
      const organizer = await calendar.organizers.create({ organizer: 'New Org', email: 'new@example.org' })
      await calendar.events.create({
        title: 'Made offline',
        start_date: '2027-02-02 10:00:00',
        end_date: '2027-02-02 12:00:00',
        excerpt: '',
        cost: '€5',
        venue: venue.id,
        organizer: [organizer.id],
        categories: [category.id, child.id],
        tags: [tag.id],
      })
      await calendar.events.delete(event(9))
      await calendar.close()
      const data = await readData()
      const byHand = data.events.find((record: Json) => record.id === event(2))
      byHand.description = 'Edited by hand'
      byHand.featured = true
      await writeFile(file, JSON.stringify(data, null, 2))

      const report = await push(site.base, { from: file, ...login })
      expect(report.failed, pushLines(report).join('\n')).toEqual([])
      expect(report.skipped).toEqual([])
      expect(report.created.map((made) => made.kind).sort()).toEqual([
        'category',
        'category',
        'event',
        'organizer',
        'tag',
        'venue',
      ])
      expect(report.updated.map((updated) => updated.id).sort()).toEqual(
        [event(0), event(1), event(2), event(12), seeded.venues[2]].sort(),
      )
      expect(report.deleted.map((deleted) => deleted.id)).toEqual([event(9)])
      expect(await compareWithSite(site, file)).toEqual([])

      // What TEC's update would have cleared had it not been sent, and a draft that stays one.
      const renamed = await siteCall(site, 'GET', `events/${event(0)}`)
      expect(renamed).toMatchObject({ title: 'Event 0 renamed', cost: 'Free', featured: true, show_map: true })
      expect(renamed.organizer.map((linked: Json) => linked.id)).toEqual([seeded.organizers[0]])
      const moved = await siteCall(site, 'GET', `events/${event(1)}`)
      expect(moved).toMatchObject({ cost: '$10', website: 'https://ev1.example', show_map_link: false })
      expect(moved.organizer).toHaveLength(2)
      expect(await siteCall(site, 'GET', `events/${event(12)}`)).toMatchObject({ status: 'draft', slug: '' })
    },
  )

  it('a second push sends nothing', STEP, async () => {
    const before = await readFile(file, 'utf8')
    const report = await push(site.base, { from: file, ...login })
    expect(pushLines(report)).toEqual(['+0 ~0 -0, 0 conflicts, 0 skipped, 0 failed'])
    expect(await readFile(file, 'utf8')).toBe(before)
  })

  it(
    'a record changed on both sides is a conflict, left as the site has it, naming only the fields changed',
    STEP,
    async () => {
      const id = event(3)
      const onSite = await siteCall(site, 'GET', `events/${id}`)
      await siteCall(site, 'POST', `events/${id}`, {
        title: 'Changed on the site',
        start_date: onSite.start_date,
        end_date: onSite.end_date,
        date: onSite.date,
        all_day: onSite.all_day,
        cost: onSite.cost,
        show_map: onSite.show_map,
        show_map_link: onSite.show_map_link,
        featured: onSite.featured,
        venue: onSite.venue.id,
        organizer: onSite.organizer.map((linked: Json) => linked.id),
        categories: onSite.categories.map((term: Json) => term.id),
        tags: onSite.tags.map((term: Json) => term.id),
      })
      const calendar = await openCalendar(file)
      await calendar.events.update(id, { title: 'Changed here' })
      await calendar.close()

      const report = await push(site.base, { from: file, ...login })
      expect(report.conflicts).toHaveLength(1)
      expect(report.conflicts[0]).toMatchObject({ kind: 'event', id, reason: 'changed-both' })
      expect(report.conflicts[0]?.differences.map((difference) => difference.field)).toEqual(['title'])
      expect((await siteCall(site, 'GET', `events/${id}`)).title).toBe('Changed on the site')
    },
  )

  it('pull again takes what changed on the site and keeps what changed here and was not pushed', STEP, async () => {
    await siteCall(site, 'DELETE', `events/${event(4)}`)
    const report = await pull(site.base, { into: file, ...login })
    expect(report.conflicts.map((conflict) => conflict.id)).toEqual([event(3)])
    const data = await readData()
    expect(data.events.find((record: Json) => record.id === event(3)).title).toBe('Changed here')
    expect(data.events.find((record: Json) => record.id === event(4))).toBeUndefined()
    // The conflicted event stays as it is here, whole: its title, and the website the site's update emptied (and
    // its modified time, when the two edits fell in different seconds).
    const kept = await compareWithSite(site, file)
    expect(kept.filter((difference) => !/ modified(_utc)?: /u.test(difference))).toEqual([
      `events/${event(3)} title: site "Changed on the site" here "Changed here"`,
      `events/${event(3)} website: site "" here "http://HOST/event/event-3/"`,
    ])
  })

  it('a push killed half-way and run again makes each record once', STEP, async () => {
    // The conflict resolved here by taking the site's title, then 12 events and their venue made offline.
    const calendar = await openCalendar(file)
    await calendar.events.update(event(3), { title: 'Changed on the site' })
    const venue = await calendar.venues.create({ venue: 'Killed venue' })
    for (let i = 0; i < 12; i++)
      await calendar.events.create({
        title: `Killed event ${i}`,
        start_date: '2027-03-01 18:00:00',
        end_date: '2027-03-01 19:00:00',
        venue: venue.id,
        categories: [seeded.categories[1]],
      })
    await calendar.close()

    const args = ['push', site.base, '--from', file, '--user', site.user]
    const child = spawnCli(args, site.password)
    const exited = new Promise((resolve) => child.once('exit', resolve))
    await madeOnSite('Killed venue')
    child.kill('SIGKILL')
    await exited
    expect(child.signalCode, 'the push was still running when killed').toBe('SIGKILL')
    expect((await readData()).sync.push_started, 'the file says a push was cut off').toEqual(expect.any(String))

    const again = await runCli(args, undefined, { ...process.env, NO_COLOR: '1', CALFILE_PASSWORD: site.password })
    expect(again.code, again.stdout + again.stderr).toBe(0)
    expect(await compareWithSite(site, file), again.stdout).toEqual([])
    const { events } = await siteCall(
      site,
      'GET',
      'events?per_page=50&start_date=2027-03-01&end_date=2027-03-02&search=Killed',
    )
    expect(events.map((made: Json) => made.title).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `Killed event ${i}`).sort(),
    )
    expect((await readData()).sync.push_started).toBeUndefined()
  })

  it("a change TEC's API cannot take is not sent, and stays here", STEP, async () => {
    const calendar = await openCalendar(file)
    await calendar.events.update(event(6), { description: '' })
    await calendar.close()
    const report = await push(site.base, { from: file, ...login })
    expect(report.skipped).toEqual([
      expect.objectContaining({ id: event(6), reason: expect.stringMatching(/cannot empty or unset description/u) }),
    ])
    expect((await siteCall(site, 'GET', `events/${event(6)}`)).description).toBe('<p>About event 6</p>')
    expect((await readData()).events.find((record: Json) => record.id === event(6)).description).toBe('')
  })

  /** Resolves once the site holds a venue named `name`. */
  async function madeOnSite(name: string): Promise<void> {
    for (;;) {
      const { venues } = await siteCall(
        site,
        'GET',
        `venues?per_page=50&search=${encodeURIComponent(name)}`,
        undefined,
        [404],
      )
      if ((venues ?? []).some((made: Json) => made.venue === name)) return
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
}
