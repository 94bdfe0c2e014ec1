/**
 * The 19 operations an assistant makes through TEC's MCP server (its three tools, src/tools/): create, read, update,
 * list and delete events, venues and organizers, an event naming the venue and organizer created before it, a
 * search. Each asserts what comes back (IDs round-trip, titles, dates, addresses, the record gone after a delete),
 * the same whichever site answers; the test also compares each one's calls with the real TEC's (trace.ts).
 * Run in order on a fresh site: later operations name the records earlier ones created.
 */
import { expect } from 'vitest'
import type { Answer, Driver, Kind } from './driver.js'
import { TOOLS } from './tec-mcp-server.js'

export interface Operation {
  name: string
  run(driver: Driver): Promise<void>
}

const VENUE = { title: 'Harbor Hall', address: '1 Harbor Way', city: 'Boston', zip: '02110', country: 'United States' }
const ORGANIZER = { title: 'Harbor Arts', email: 'arts@example.com', phone: '555-0100' }
/** The site's zone is America/New_York: 19:00 there on 1 May 2031 (EDT) is 23:00 UTC. */
const EVENT = {
  title: 'Harbor Jazz Night',
  content: 'Live jazz by the water.',
  start_date: '2031-05-01 19:00:00',
  end_date: '2031-05-01 22:00:00',
}
const EVENT_UPDATE = { title: 'Harbor Blues Night', start_date: '2031-05-02 19:30:00', end_date: '2031-05-02 22:30:00' }

/** The tool succeeded, its summary is `summary`, and the record it returns has the ID the summary names. */
function succeeded(answer: Answer, summary: RegExp): number {
  expect(answer.isError, answer.texts.join('\n')).toBe(false)
  const id = Number(summary.exec(answer.summary)?.[1])
  expect(answer.summary).toMatch(summary)
  expect(answer.json?.id).toBe(id)
  return id
}

/** The IDs of a list the read tool returned, after its summary `Found <n> <kind>s`. */
function listed(answer: Answer, summary: string): number[] {
  expect(answer.isError, answer.texts.join('\n')).toBe(false)
  expect(answer.summary).toBe(summary)
  expect(Array.isArray(answer.json)).toBe(true)
  return (answer.json as { id: number }[]).map((record) => record.id)
}

function create(kind: Kind, data: (driver: Driver) => Record<string, unknown>, check: (record: any) => void) {
  return async (driver: Driver) => {
    const answer = await driver.call(TOOLS.write, { postType: kind, data: data(driver) })
    driver.ids[kind] = succeeded(answer, new RegExp(`^Successfully created ${kind} with ID: (\\d+)$`, 'u'))
    expect(answer.json.status).toBe('publish')
    check(answer.json)
  }
}

function read(kind: Kind, check: (record: any, driver: Driver) => void) {
  return async (driver: Driver) => {
    const id = driver.id(kind)
    const answer = await driver.call(TOOLS.read, { postType: kind, id })
    expect(succeeded(answer, new RegExp(`^Retrieved ${kind} with ID (\\d+)$`, 'u'))).toBe(id)
    check(answer.json, driver)
  }
}

function update(kind: Kind, data: Record<string, unknown>, check: (record: any, driver: Driver) => void) {
  return async (driver: Driver) => {
    const id = driver.id(kind)
    const answer = await driver.call(TOOLS.write, { postType: kind, id, data })
    expect(succeeded(answer, new RegExp(`^Successfully updated ${kind} with ID: (\\d+)$`, 'u'))).toBe(id)
    check(answer.json, driver)
  }
}

/**
 * Deletes the record (to the trash, or for good), then reads it back: the read must fail. Both sites answer the
 * delete with `[]`; the read of a trashed record is TEC's 404 `{"error": …}`, which the MCP server reports as
 * `Error 404: ` (it looks for WordPress's `message`), that of a deleted one WordPress's 403 `rest_forbidden`.
 */
function remove(kind: Kind, force: boolean) {
  return async (driver: Driver) => {
    const id = driver.id(kind)
    const answer = await driver.call(TOOLS.delete, { postType: kind, id, force })
    expect(answer.isError, answer.texts.join('\n')).toBe(false)
    expect(answer.summary).toBe(
      `Successfully ${force ? 'permanently deleted' : 'moved to trash'} ${kind} with ID: ${id}`,
    )
    expect(answer.json).toEqual([])
    const after = await driver.call(TOOLS.read, { postType: kind, id })
    expect(after.isError, `${kind} ${id} still reads after the delete: ${after.texts.join('\n')}`).toBe(true)
    expect(after.summary).toMatch(/^Error 40[34]: /u)
  }
}

const ids = (records: { id: number }[]) => records.map((record) => record.id)

export const OPERATIONS: Operation[] = [
  {
    name: 'create a venue',
    run: create(
      'venue',
      () => VENUE,
      (venue) => {
        expect(venue.type).toBe('tribe_venue')
        expect(venue.title.rendered).toBe(VENUE.title)
        expect([venue.address, venue.city, venue.zip, venue.country]).toEqual([
          VENUE.address,
          VENUE.city,
          VENUE.zip,
          VENUE.country,
        ])
      },
    ),
  },
  {
    name: 'create an organizer',
    run: create(
      'organizer',
      () => ORGANIZER,
      (organizer) => {
        expect(organizer.type).toBe('tribe_organizer')
        expect(organizer.title.rendered).toBe(ORGANIZER.title)
        expect([organizer.email, organizer.phone]).toEqual([ORGANIZER.email, ORGANIZER.phone])
      },
    ),
  },
  {
    name: 'create an event naming that venue and organizer',
    run: create(
      'event',
      (driver) => ({ ...EVENT, venues: [driver.id('venue')], organizers: [driver.id('organizer')] }),
      (event) => {
        expect(event.type).toBe('tribe_events')
        expect(event.title.rendered).toBe(EVENT.title)
        expect(event.content.rendered).toContain(EVENT.content)
        expect([event.start_date, event.end_date]).toEqual([EVENT.start_date, EVENT.end_date])
        expect([event.start_date_utc, event.end_date_utc]).toEqual(['2031-05-01 23:00:00', '2031-05-02 02:00:00'])
        expect([event.timezone, event.all_day]).toEqual(['America/New_York', false])
      },
    ),
  },
  {
    name: 'get the event',
    run: read('event', (event, driver) => {
      expect(event.title.rendered).toBe(EVENT.title)
      expect([event.start_date, event.end_date]).toEqual([EVENT.start_date, EVENT.end_date])
      expect(ids(event.venues)).toEqual([driver.id('venue')])
      expect(event.venues[0].title.rendered).toBe(VENUE.title)
      expect(ids(event.organizers)).toEqual([driver.id('organizer')])
      expect(event.organizers[0].title.rendered).toBe(ORGANIZER.title)
    }),
  },
  {
    name: 'get the venue',
    run: read('venue', (venue) => {
      expect(venue.title.rendered).toBe(VENUE.title)
      expect([venue.address, venue.city]).toEqual([VENUE.address, VENUE.city])
    }),
  },
  {
    name: 'get the organizer',
    run: read('organizer', (organizer) => {
      expect(organizer.title.rendered).toBe(ORGANIZER.title)
      expect(organizer.email).toBe(ORGANIZER.email)
    }),
  },
  {
    // The MCP server's own rule, before any request: its event schema wants both dates on every write
    // (src/types/schemas/event.ts, EventRequestSchema), so an assistant renaming an event sends them again.
    name: 'update the event (title and dates)',
    run: async (driver) => {
      const refused = await driver.call(TOOLS.write, {
        postType: 'event',
        id: driver.id('event'),
        data: { title: EVENT_UPDATE.title },
      })
      expect(refused.isError).toBe(true)
      expect(refused.summary).toMatch(/"start_date"[\s\S]*"end_date"/u)
      expect(driver.calls.at(-1)?.http).toEqual([])
      await update('event', EVENT_UPDATE, (event, d) => {
        expect(event.title.rendered).toBe(EVENT_UPDATE.title)
        expect([event.start_date, event.end_date]).toEqual([EVENT_UPDATE.start_date, EVENT_UPDATE.end_date])
        expect(event.start_date_utc).toBe('2031-05-02 23:30:00')
        expect(ids(event.venues)).toEqual([d.id('venue')])
        expect(ids(event.organizers)).toEqual([d.id('organizer')])
      })(driver)
    },
  },
  {
    name: 'update the venue',
    run: update('venue', { title: 'Harbor Hall East', city: 'Salem' }, (venue) => {
      expect([venue.title.rendered, venue.city, venue.address]).toEqual(['Harbor Hall East', 'Salem', VENUE.address])
    }),
  },
  {
    name: 'update the organizer',
    run: update('organizer', { title: 'Harbor Arts Society', phone: '555-0199' }, (organizer) => {
      expect([organizer.title.rendered, organizer.phone, organizer.email]).toEqual([
        'Harbor Arts Society',
        '555-0199',
        ORGANIZER.email,
      ])
    }),
  },
  {
    name: 'list events',
    run: async (driver) => {
      const answer = await driver.call(TOOLS.read, { postType: 'event' })
      expect(listed(answer, 'Found 1 event')).toEqual([driver.id('event')])
      expect(answer.json[0].title.rendered).toBe(EVENT_UPDATE.title)
      expect(answer.json[0].start_date).toBe(EVENT_UPDATE.start_date)
    },
  },
  {
    name: 'search events',
    run: async (driver) => {
      const answer = await driver.call(TOOLS.read, { postType: 'event', query: 'blues' })
      expect(listed(answer, 'Found 1 event matching "blues"')).toEqual([driver.id('event')])
    },
  },
  {
    name: 'list venues',
    run: async (driver) => {
      const answer = await driver.call(TOOLS.read, { postType: 'venue' })
      expect(listed(answer, 'Found 1 venue')).toEqual([driver.id('venue')])
      expect(answer.json[0].title.rendered).toBe('Harbor Hall East')
    },
  },
  {
    name: 'list organizers',
    run: async (driver) => {
      const answer = await driver.call(TOOLS.read, { postType: 'organizer' })
      expect(listed(answer, 'Found 1 organizer')).toEqual([driver.id('organizer')])
      expect(answer.json[0].title.rendered).toBe('Harbor Arts Society')
    },
  },
  { name: 'trash the event', run: remove('event', false) },
  { name: 'delete the event for good', run: remove('event', true) },
  { name: 'trash the venue', run: remove('venue', false) },
  { name: 'delete the venue for good', run: remove('venue', true) },
  { name: 'trash the organizer', run: remove('organizer', false) },
  { name: 'delete the organizer for good', run: remove('organizer', true) },
]
