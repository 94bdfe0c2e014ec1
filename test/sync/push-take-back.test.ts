/**
 * What a push stores of the site's answer to an event it sent (src/sync/push/push-run.ts `takeBack`): the event as
 * the site has it, and, of the terms it embeds, only the `term_taxonomy_id` WordPress gave them where it numbered
 * them apart from the term (terms of two taxonomies made at once, as a push makes them). TEC's own term answers do
 * not show it, so the push that made a term learns it here. A term unchanged since it was synced stays unchanged;
 * one changed here stays changed.
 */
import { expect, it } from 'vitest'
import { calendarCore } from '../../src/core/calendar.js'
import type { CalendarState } from '../../src/core/model/state.js'
import { kindInfo } from '../../src/sync/kinds.js'
import { takeBack } from '../../src/sync/push/push-run.js'
import { recordHash } from '../../src/sync/record-diff.js'
import type { SiteRecord } from '../../src/sync/site/site-records.js'
import { emptySection, entryOf, setEntry } from '../../src/sync/sync-section.js'
import { NOW, open } from '../helpers.js'

const DATA = {
  settings: { timezone: 'America/New_York' },
  events: [
    {
      id: 20,
      title: 'Set two',
      start_date: '2026-07-04 21:00:00',
      end_date: '2026-07-04 22:00:00',
      categories: [3, 4],
      tags: [5],
    },
  ],
  categories: [
    { id: 3, name: 'Music' },
    { id: 4, name: 'Jazz', parent: 3 },
  ],
  tags: [{ id: 5, name: 'Live' }],
}

/** Records each term as synced: its entry holds the hash of the term as stored now. */
function synced(state: CalendarState): void {
  state.extras.sync = emptySection('http://site.test')
  for (const [route, terms] of [
    ['categories', state.categories],
    ['tags', state.tags],
  ] as const)
    for (const term of terms.values())
      setEntry(state, route, term.id, { hash: recordHash(term), site_hash: recordHash({ site: term.id }) })
}

it("takes the term_taxonomy_id of the terms an event's answer embeds, and nothing else of them", async () => {
  const { calendar } = await open(DATA)
  const core = calendarCore(calendar)
  await core.write(synced)
  // Music changed here since it was synced, and not pushed yet.
  await calendar.categories.update(3, { description: 'Changed here' })
  const music = calendar.state.categories.get(3)
  const changedHash = entryOf(calendar.state, 'categories', 3)?.hash
  const site = calendar.events.get(20) as unknown as SiteRecord
  const numbered = (terms: unknown, ids: Record<number, number>) =>
    (terms as SiteRecord[]).map((term) => ({
      ...term,
      description: 'As the site has it',
      term_taxonomy_id: ids[term.id],
    }))
  site.categories = numbered(site.categories, { 3: 13, 4: 14 })
  site.tags = numbered(site.tags, { 5: 5 })
  await core.write((state) => takeBack(state, kindInfo('event'), site, NOW))

  const { state } = calendar
  expect(state.categories.get(4)).toMatchObject({ name: 'Jazz', description: '', term_taxonomy_id: 14 })
  expect(entryOf(state, 'categories', 4)?.hash, 'Jazz is still as synced').toBe(recordHash(state.categories.get(4)!))
  expect(state.categories.get(3)).toEqual({ ...music, term_taxonomy_id: 13 })
  expect(entryOf(state, 'categories', 3)?.hash, 'Music is still changed here').toBe(changedHash)
  expect(state.categories.get(3)?.description).toBe('Changed here')
  expect(state.tags.get(5), 'a term numbered as WordPress numbers most keeps none').not.toHaveProperty(
    'term_taxonomy_id',
  )
  expect(entryOf(state, 'events', 20)?.hash).toBe(recordHash(state.events.get(20)!))
})
