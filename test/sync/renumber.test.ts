/**
 * `renumber` (core, for sync's creates, issue 15): a record takes another ID and every link to it follows, in one
 * journaled change; an ID already taken in its space, or a record that is not there, changes nothing.
 */
import { describe, expect, it } from 'vitest'
import { calendarCore } from '../../src/core/calendar.js'
import { renumber } from '../../src/core/model/renumber.js'
import { open } from '../helpers.js'

const DATA = {
  settings: { timezone: 'America/New_York' },
  events: [
    { id: 10, title: 'Jazz', start_date: '2026-07-04 20:00:00', end_date: '2026-07-04 23:00:00', venue: 11 },
    {
      id: 20,
      title: 'Set two',
      start_date: '2026-07-04 21:00:00',
      end_date: '2026-07-04 22:00:00',
      venue: 11,
      organizer: [12, 13],
      categories: [3, 4],
      tags: [5],
      post_parent: 10,
    },
  ],
  venues: [{ id: 11, venue: 'Blue Room' }],
  organizers: [
    { id: 12, organizer: 'Jazz Society' },
    { id: 13, organizer: 'Friends' },
  ],
  categories: [
    { id: 3, name: 'Music' },
    { id: 4, name: 'Jazz', parent: 3 },
  ],
  tags: [{ id: 5, name: 'Live' }],
}

describe('renumber', () => {
  it('moves a record to another ID and every link to it, and keeps its slug', async () => {
    const { calendar } = await open(DATA)
    await calendarCore(calendar).write((state) => {
      renumber(state, 'venue', 11, 111)
      renumber(state, 'organizer', 13, 113)
      renumber(state, 'category', 3, 33)
      renumber(state, 'tag', 5, 55)
      renumber(state, 'event', 10, 110)
    })
    const { state } = calendar
    expect(state.venues.get(11)).toBeUndefined()
    expect(state.venues.get(111)?.slug).toBe('blue-room')
    expect(state.events.get(110)?.venue).toBe(111)
    expect(state.events.get(20)).toMatchObject({
      venue: 111,
      organizer: [12, 113],
      categories: [33, 4],
      tags: [55],
      post_parent: 110,
    })
    expect(state.categories.get(4)?.parent).toBe(33)
    expect(state.nextPostId(), 'new IDs come after the ones taken').toBe(114)
  })

  it('refuses an ID its space holds, or a record that is not there, changing nothing', async () => {
    const { calendar } = await open(DATA)
    await expect(calendarCore(calendar).write((state) => renumber(state, 'venue', 11, 12))).rejects.toMatchObject({
      code: 'id-taken',
    })
    await expect(calendarCore(calendar).write((state) => renumber(state, 'tag', 5, 3))).rejects.toMatchObject({
      code: 'id-taken',
    })
    await expect(calendarCore(calendar).write((state) => renumber(state, 'venue', 99, 100))).rejects.toMatchObject({
      code: 'record-not-found',
    })
    expect(calendar.state.venues.get(11)).toBeDefined()
    // A term ID is free for a post, and the other way round (two ID spaces, docs/data-file.md).
    await calendarCore(calendar).write((state) => renumber(state, 'venue', 11, 3))
    expect(calendar.state.events.get(10)?.venue).toBe(3)
  })

  it("takes a revision's ID from it, and takes the revisions along with the post they are of", async () => {
    const revisions = [
      { id: 30, parent: 11, date: '2026-07-01 10:00:00', title: 'Blue' },
      { id: 31, parent: 10, date: '2026-07-01 10:00:00', title: 'Jaz' },
    ]
    const { calendar } = await open({ ...DATA, revisions })
    await calendarCore(calendar).write((state) => {
      renumber(state, 'event', 10, 30)
      renumber(state, 'venue', 11, 40)
    })
    const { state } = calendar
    expect(state.events.get(30)?.title).toBe('Jazz')
    expect(state.revisionsOf(30).map((revision) => revision.title)).toEqual(['Jaz'])
    expect(state.revisionsOf(40).map((revision) => [revision.id, revision.title])).toEqual([[32, 'Blue']])
    expect(state.revisions.size).toBe(2)
  })
})
