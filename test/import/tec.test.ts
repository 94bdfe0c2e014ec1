import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { serializeState } from '../../src/core/cache/record-text.js'
import { instantToWall, wallToInstant } from '../../src/core/dates/zoned.js'
import { loadDocument } from '../../src/core/document/load.js'
import { CalendarError } from '../../src/core/errors.js'
import type { CalendarState } from '../../src/core/model/state.js'
import { costDetails, formatCost } from '../../src/core/render/cost.js'
import { renderContent, renderEventWebsite, renderExcerpt, renderTitle } from '../../src/core/render/fields.js'
import { tecRules } from '../../src/core/resources/tec-versions.js'
import { captureTimezone, type ImportReport, importTec } from '../../src/tec/tec.js'

const NOW = '2026-11-22 10:00:00'
const DIR = new URL('../../fixtures/tec/', import.meta.url)
const FILES = readdirSync(DIR)
  .filter((name) => name.endsWith('.json'))
  .sort()

type Json = Record<string, any>

/** A fresh parse each time, so a test may change its copy. */
function capture(name: string): Json {
  return JSON.parse(readFileSync(new URL(name, DIR), 'utf8')) as Json
}

/** A state from a data file text, or an empty one in `timezone`. */
function load(text: string): CalendarState {
  return loadDocument(text, { file: 'mem', now: () => NOW })
}

function fresh(timezone?: string): CalendarState {
  return load(timezone ? JSON.stringify({ settings: { timezone } }) : '')
}

function run(state: CalendarState, data: unknown): ImportReport {
  return importTec(state, data, { now: NOW })
}

function eventsOf(data: Json): Json[] {
  if (Array.isArray(data.events)) return data.events as Json[]
  return 'start_date' in data ? [data] : []
}

/** What an import or a mistaken import must leave alone, in one comparable value. */
function snapshot(state: CalendarState): string {
  return serializeState(state)
}

function catchError(fn: () => unknown): CalendarError {
  try {
    fn()
  } catch (error) {
    if (error instanceof CalendarError) return error
    throw error
  }
  throw new Error('expected a CalendarError')
}

const KINDS = ['events', 'venues', 'organizers', 'categories', 'tags', 'media'] as const
const counts = (added: number, updated = 0, unchanged = 0) => ({ added, updated, unchanged })

/** hacc's venue 1007 has `date` = `date_utc`, which no zone that fits the rest of that capture gives back. */
const HACC_SLIPS = ['date', 'modified'].map(
  (field) =>
    `venue 1007 "Turlington West Community Room": ${field} 2017-05-16 20:40:52 is not ${field}_utc 2017-05-16 20:40:52 ` +
    `in the site time zone America/Chicago; stored from ${field}_utc`,
)

/** Expected counts per capture: [events, venues, organizers, categories, tags, media] added to an empty state. */
const EXPECTED: Record<string, { added: number[]; warnings: string[]; zone: string }> = {
  'atl_beltline_events.json': {
    added: [24, 14, 7, 9, 0, 0],
    warnings: [
      'category 1618 "ABI Board Meetings": parent 1658 is not in the capture or the data file; stored with parent 0',
    ],
    zone: 'America/New_York',
  },
  'atlbyday_event_6178.json': {
    added: [1, 1, 1, 1, 11, 0],
    warnings: [
      'event 6178 "Atlanta Braves vs. Miami Marlins": status "tribe-ignored" is not a calfile status; stored as draft',
    ],
    zone: 'UTC',
  },
  'atlbyday_organizer_6363.json': { added: [0, 0, 1, 0, 0, 0], warnings: [], zone: 'UTC' },
  'atlbyday_venue_6575.json': { added: [0, 1, 0, 0, 0, 0], warnings: [], zone: 'UTC' },
  'det_community_education_events.json': { added: [20, 10, 1, 4, 7, 0], warnings: [], zone: 'America/Detroit' },
  'hacc_single_event.json': { added: [1, 1, 1, 1, 0, 1], warnings: HACC_SLIPS, zone: 'America/Chicago' },
}

const DERIVED =
  /^(global_id|global_id_lineage|rest_url|url|date_utc|modified_utc|timezone_abbr|cost_details|json_ld)$|_details$|^utc_/

describe('importTec on each real capture', () => {
  it('has an expectation for every fixture', () => {
    expect(FILES).toEqual(Object.keys(EXPECTED).sort())
  })

  describe.each(FILES)('%s', (name) => {
    const expected = EXPECTED[name]!

    it('adds every record once, with the expected warnings', () => {
      const report = run(fresh(expected.zone), capture(name))
      for (const [i, kind] of KINDS.entries()) expect(report[kind], kind).toEqual(counts(expected.added[i]!))
      expect(report.warnings).toEqual(expected.warnings)
    })

    it('keeps IDs, slugs, statuses, authors, dates and relations of the events', () => {
      const state = fresh(expected.zone)
      run(state, capture(name))
      for (const raw of eventsOf(capture(name))) {
        const event = state.events.get(raw.id)!
        expect(event.slug).toBe(raw.slug)
        // Stored raw, as WordPress's database holds it; rendered on the way out to the captured text.
        expect(renderTitle(event.title)).toBe(raw.title)
        expect(event.author).toBe(Number(raw.author))
        expect(event.status).toBe(raw.status === 'tribe-ignored' ? 'draft' : raw.status)
        expect([event.start_date, event.end_date, event.timezone]).toEqual([raw.start_date, raw.end_date, raw.timezone])
        // With the site in the capture's own zone, the stored `date` is the capture's.
        expect([event.date, event.modified]).toEqual([raw.date, raw.modified])
        expect(event.venue).toBe(Array.isArray(raw.venue) ? null : raw.venue.id)
        expect(event.organizer).toEqual(raw.organizer.map((o: Json) => o.id))
        expect(event.categories).toEqual(raw.categories.map((t: Json) => t.id))
        expect(event.tags).toEqual(raw.tags.map((t: Json) => t.id))
        expect(renderContent(event.description, tecRules(state.settings).wordpress)).toBe(raw.description)
        expect(renderExcerpt(event.excerpt, tecRules(state.settings).wordpress)).toBe(raw.excerpt)
        for (const key of ['all_day', 'show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured']) {
          expect(event[key], key).toEqual(raw[key])
        }
        expect(event.website === null ? null : renderEventWebsite(event.website)).toEqual(raw.website)
      }
    })

    it('stores a cost that gives back the capture cost and cost_details values', () => {
      const state = fresh(expected.zone)
      run(state, capture(name))
      for (const raw of eventsOf(capture(name))) {
        const stored = state.events.get(raw.id)!.cost
        expect(formatCost(stored), `event ${raw.id}`).toBe(raw.cost)
        if (raw.cost_details.currency_symbol) {
          const details = costDetails(stored)
          expect(details.currency_symbol).toBe(raw.cost_details.currency_symbol)
          expect(details.currency_position).toBe(raw.cost_details.currency_position)
          expect(details.values).toEqual(raw.cost_details.values)
        }
      }
    })

    it('stores linked records with their IDs and slugs, and no derived response key', () => {
      const state = fresh(expected.zone)
      run(state, capture(name))
      const data = capture(name)
      const linked = [
        ...eventsOf(data).flatMap((e) => [
          ...(Array.isArray(e.venue) ? [] : [['venues', e.venue]]),
          ...e.organizer.map((o: Json) => ['organizers', o]),
        ]),
        ...('venue' in data && !('start_date' in data) ? [['venues', data]] : []),
        ...('organizer' in data && !('start_date' in data) ? [['organizers', data]] : []),
      ] as Array<['venues' | 'organizers', Json]>
      for (const [kind, raw] of linked) {
        const record = state[kind].get(raw.id)!
        expect(record.slug).toBe(raw.slug)
        expect(record.author).toBe(Number(raw.author))
        // Not raw.date: hacc's venue and organizer have date = date_utc, and the UTC value is the one kept.
        expect(record.date).toBe(instantToWall(wallToInstant(raw.date_utc, 'UTC'), expected.zone))
      }
      for (const kind of ['events', 'venues', 'organizers'] as const) {
        for (const record of state[kind].values())
          expect(Object.keys(record).filter((key) => DERIVED.test(key))).toEqual([])
      }
    })

    it('changes nothing when imported again, before and after a round trip through the data file', () => {
      const state = fresh(expected.zone)
      run(state, capture(name))
      const text = snapshot(state)
      const again = run(state, capture(name))
      for (const [i, kind] of KINDS.entries()) expect(again[kind], kind).toEqual(counts(0, 0, expected.added[i]!))
      expect(snapshot(state)).toBe(text)
      const reloaded = load(text)
      expect(snapshot(reloaded)).toBe(text)
      run(reloaded, capture(name))
      expect(snapshot(reloaded)).toBe(text)
    })

    it('does not bump collection versions on a re-import', () => {
      const state = fresh(expected.zone)
      run(state, capture(name))
      const versions = KINDS.map((kind) => state[kind].version)
      run(state, capture(name))
      expect(KINDS.map((kind) => state[kind].version)).toEqual(versions)
    })
  })
})

describe('importTec details', () => {
  it('rebuilds TEC "Free" with symbol $ and values ["0"] as "$0"', () => {
    const state = fresh()
    run(state, capture('atl_beltline_events.json'))
    expect(state.events.get(64612)!.cost).toBe('$0')
    expect(state.events.get(61638)!.cost).toBe('')
  })

  it("keeps a term's term_taxonomy_id where WordPress numbered it apart from the term, and nowhere else", () => {
    const data = capture('hacc_single_event.json')
    const [category] = data.categories as Json[]
    category!.term_taxonomy_id = (category!.id as number) + 1
    const state = fresh()
    run(state, data)
    expect(state.categories.get(category!.id as number)?.term_taxonomy_id).toBe((category!.id as number) + 1)
    const plain = fresh()
    run(plain, capture('hacc_single_event.json'))
    expect(plain.categories.get(category!.id as number)).not.toHaveProperty('term_taxonomy_id')
  })

  it('keeps a cost whose details have no symbol as its text', () => {
    const state = fresh()
    run(state, capture('atlbyday_event_6178.json'))
    run(state, capture('det_community_education_events.json'))
    expect(state.events.get(6178)!.cost).toBe('$6.00')
    expect(state.events.get(392)!.cost).toBe('Free')
  })

  it('stores several values as an array, postfix symbol on the right', () => {
    const data = capture('hacc_single_event.json')
    data.cost = '10€ – 20€'
    data.cost_details = { currency_symbol: '€', currency_position: 'postfix', values: ['10', '20'] }
    const state = fresh()
    run(state, data)
    expect(state.events.get(2644)!.cost).toEqual(['10€', '20€'])
    expect(formatCost(state.events.get(2644)!.cost)).toBe('10€ – 20€')
  })

  it('maps tribe-ignored to draft and keeps the UTC+0 zone and the 2067 end', () => {
    const state = fresh('America/New_York')
    const report = run(state, capture('atlbyday_event_6178.json'))
    const event = state.events.get(6178)!
    expect(event.status).toBe('draft')
    expect(report.warnings).toEqual([
      "the capture's dates show the site time zone UTC+0; the data file's America/New_York is kept, so 6 of its 6 date and modified values read back as other wall times",
      expect.stringContaining('event 6178'),
    ])
    expect(report.warnings[1]).toContain('tribe-ignored')
    expect(event.timezone).toBe('UTC+0')
    expect(event.end_date).toBe('2067-02-26 00:00:00')
    expect(event.tags).toHaveLength(11)
  })

  it('keeps UTC+0 on the three beltline events that have it', () => {
    const state = fresh()
    run(state, capture('atl_beltline_events.json'))
    const zones = [...state.events.values()].filter((e) => e.timezone === 'UTC+0').map((e) => e.id)
    expect(zones.sort()).toEqual([65536, 65649, 65650])
  })

  it('stores date and modified from the *_utc values in the site time zone', () => {
    const state = fresh('Asia/Kolkata')
    run(state, capture('atl_beltline_events.json'))
    // 61638: date_utc 2021-12-08 15:48:33 → 21:18:33 IST
    expect(state.events.get(61638)!.date).toBe('2021-12-08 21:18:33')
    expect(state.organizers.get(43790)!.modified).toBe(
      instantToWall(wallToInstant('2019-10-02 01:03:12', 'UTC'), 'Asia/Kolkata'),
    )
  })

  it('turns the image object into a media entry the event points at', () => {
    const state = fresh()
    const report = run(state, capture('hacc_single_event.json'))
    const raw = capture('hacc_single_event.json').image
    expect(report.media).toEqual(counts(1))
    expect(state.events.get(2644)!.image).toBe(2642)
    expect(state.media.get(2642)).toEqual({
      id: 2642,
      url: raw.url,
      extension: 'jpg',
      width: 1275,
      height: 1650,
      sizes: raw.sizes,
    })
    expect(state.postKind(2642)).toBe('media')
  })

  it('stores image false as null and an image without an ID as its URL', () => {
    const state = fresh()
    run(state, capture('atl_beltline_events.json'))
    expect(state.events.get(61638)!.image).toBeNull()
    const data = capture('hacc_single_event.json')
    data.image = { url: 'https://example.org/a.png', id: 0, extension: 'png' }
    run(state, data)
    expect(state.events.get(2644)!.image).toBe('https://example.org/a.png')
    expect(state.media.size).toBe(0)
  })

  it('keeps the extra event keys as they are', () => {
    const state = fresh()
    run(state, capture('atl_beltline_events.json'))
    const event = state.events.get(61638)!
    expect(event.is_virtual).toBe(false)
    expect(event.virtual_url).toBeNull()
    expect(event.virtual_video_source).toBe('')
    expect(Object.keys(event).slice(-3)).toEqual(['is_virtual', 'virtual_url', 'virtual_video_source'])
  })

  it('keeps custom_fields objects and drops the [] TEC writes for none', () => {
    const data = capture('hacc_single_event.json')
    data.custom_fields = { room: { label: 'Room', value: '12' } }
    const state = fresh()
    run(state, data)
    expect(state.events.get(2644)!.custom_fields).toEqual({ room: { label: 'Room', value: '12' } })
    const none = capture('hacc_single_event.json')
    none.id = 2700
    none.slug = 'other'
    none.custom_fields = []
    run(state, none)
    expect(state.events.get(2700)!.custom_fields).toBeUndefined()
  })

  it('fills the venue fields TEC left out as empty, and keeps every contract field', () => {
    const state = fresh()
    run(state, capture('atl_beltline_events.json'))
    const sparse = state.venues.get(53321)!
    expect(sparse.venue).toBe('')
    expect([sparse.address, sparse.zip, sparse.phone, sparse.description]).toEqual(['', '', '', ''])
    expect([sparse.geo_lat, sparse.geo_lng]).toEqual([33.7489954, -84.3879824])
    run(state, capture('atlbyday_venue_6575.json'))
    expect(state.venues.get(6575)).toMatchObject({
      venue: 'TWO Urban Licks',
      slug: 'two-urban-licks',
      address: '820 Ralph McGill Blvd NE',
      city: 'Atlanta',
      country: 'United States',
      province: '',
      state: 'GA',
      zip: '30306',
      phone: '(404) 522-4622',
      website: 'http://www.twourbanlicks.com',
      stateprovince: 'GA',
      geo_lat: 33.7688621,
      geo_lng: -84.3616272,
      show_map: true,
      show_map_link: true,
      author: 3,
      status: 'publish',
      image: null,
    })
    expect(state.venues.get(6575)!.json_ld).toBeUndefined()
  })

  it('stores a single organizer with its contract fields', () => {
    const state = fresh('UTC')
    run(state, capture('atlbyday_organizer_6363.json'))
    expect(state.organizers.get(6363)).toEqual({
      id: 6363,
      organizer: 'Burke Connolly',
      description: '',
      excerpt: '',
      slug: 'burke-connolly',
      status: 'publish',
      author: 3,
      date: '2018-08-02 18:13:50',
      modified: '2018-08-02 18:13:50',
      image: null,
      phone: '7705000301',
      website: 'http://www.burkeconnolly.com/',
      email: 'info@burkeconnolly.com',
    })
  })

  it('reads venue [] as no venue', () => {
    const state = fresh()
    run(state, capture('det_community_education_events.json'))
    expect(state.events.get(366)!.venue).toBeNull()
    expect(state.events.get(353)!.organizer).toEqual([329])
  })

  it('keeps category parents found in the capture, and one already in the data file', () => {
    const state = load(
      JSON.stringify({
        settings: { timezone: 'America/New_York' },
        categories: [{ id: 1658, name: 'Meetings', slug: 'meetings' }],
      }),
    )
    const report = run(state, capture('atl_beltline_events.json'))
    expect(report.warnings).toEqual([])
    expect(state.categories.get(1618)!.parent).toBe(1658)
    expect(state.categories.get(1609)!.parent).toBe(1606)
    expect(state.categories.get(1638)!.parent).toBe(1622)
  })

  it('counts a changed record as updated and leaves the rest unchanged', () => {
    const state = fresh()
    run(state, capture('atl_beltline_events.json'))
    const data = capture('atl_beltline_events.json')
    data.events[0].title = 'Renamed'
    data.events[0].venue.city = 'Decatur'
    const report = run(state, data)
    expect(report.events).toEqual(counts(0, 1, 23))
    expect(report.venues).toEqual(counts(0, 1, 13))
    expect(state.events.get(61638)!.title).toBe('Renamed')
    expect(state.venues.get(54315)!.city).toBe('Decatur')
  })

  it('makes a taken slug unique and says so', () => {
    const state = load(JSON.stringify({ venues: [{ id: 5, venue: 'Online', slug: 'virtual' }] }))
    const report = run(state, capture('atl_beltline_events.json'))
    expect(state.venues.get(54315)!.slug).toBe('virtual-2')
    expect(report.warnings).toContain('venue 54315: slug "virtual" is taken by another venue; stored as "virtual-2"')
  })

  it('sets a parent that would close a cycle with the data file to 0, with a warning', () => {
    const state = load(
      JSON.stringify({
        settings: { timezone: 'America/Chicago' },
        categories: [
          { id: 100, name: 'A' },
          { id: 101, name: 'B', parent: 100 },
        ],
      }),
    )
    const data = capture('hacc_single_event.json')
    data.categories = [{ ...data.categories[0], id: 100, name: 'A', slug: 'a', parent: 101 }]
    const report = run(state, data)
    expect(state.categories.get(100)!.parent).toBe(0)
    expect(report.warnings).toEqual([
      ...HACC_SLIPS,
      'category 100 "A": parent 101 would make it its own ancestor; stored with parent 0',
    ])
    expect(() => load(snapshot(state))).not.toThrow()
  })

  it('stores an end before the start as the start, and author "0" as unset, with warnings', () => {
    const data = capture('hacc_single_event.json')
    data.end_date = '2018-05-11 09:00:00'
    data.author = '0'
    const state = fresh('America/Chicago')
    const report = run(state, data)
    expect(state.events.get(2644)).toMatchObject({ end_date: '2018-05-11 10:00:00', author: 1 })
    expect(report.warnings).toEqual([
      ...HACC_SLIPS,
      expect.stringContaining('author "0"'),
      expect.stringContaining('end_date 2018-05-11 09:00:00'),
    ])
    expect(() => load(snapshot(state))).not.toThrow()
  })

  it('reads venue and organizer list envelopes', () => {
    const state = fresh('UTC')
    const report = run(state, { venues: [capture('atlbyday_venue_6575.json')], rest_url: 'x', total: 1 })
    expect(report.venues).toEqual(counts(1))
    run(state, { organizers: [capture('atlbyday_organizer_6363.json')] })
    expect(state.organizers.get(6363)!.organizer).toBe('Burke Connolly')
  })

  it('keeps what the data file has for a field the capture leaves out', () => {
    const state = fresh()
    run(state, capture('hacc_single_event.json'))
    const data = capture('hacc_single_event.json')
    delete data.date
    delete data.date_utc
    delete data.author
    delete data.image
    const report = run(state, data)
    expect(report.events).toEqual(counts(0, 0, 1))
  })

  it('notes the imported IDs so that new records get higher ones', () => {
    const state = fresh()
    run(state, capture('atlbyday_event_6178.json'))
    expect(state.nextPostId()).toBe(6179)
    expect(state.nextTermId()).toBe(609539104)
  })

  it('imports all six captures into one state with no ID collision', () => {
    const state = fresh('America/New_York')
    const reports = FILES.map((name) => run(state, capture(name)))
    const total = (kind: (typeof KINDS)[number]) => reports.reduce((sum, r) => sum + r[kind].added, 0)
    expect(KINDS.map(total)).toEqual([46, 27, 11, 15, 18, 1])
    expect(KINDS.map((kind) => state[kind].size)).toEqual([46, 27, 11, 15, 18, 1])
    const text = snapshot(state)
    expect(snapshot(load(text))).toBe(text)
    for (const name of FILES) run(state, capture(name))
    expect(snapshot(state)).toBe(text)
  })
})

describe('importTec errors', () => {
  it('refuses an ID that the data file uses for another kind, naming the path and both kinds', () => {
    const state = load(
      JSON.stringify({
        events: [{ id: 54315, title: 'Mine', start_date: '2026-01-01 10:00:00', end_date: '2026-01-01 11:00:00' }],
      }),
    )
    const before = snapshot(state)
    const error = catchError(() => run(state, capture('atl_beltline_events.json')))
    expect([error.code, error.status]).toEqual(['import-id-conflict', 409])
    expect(error.message).toBe('events[0].venue.id: ID 54315 is a venue in the capture but an event in the data file')
    expect(snapshot(state)).toBe(before)
  })

  it('refuses an ID used by two kinds inside the capture', () => {
    const data = capture('atl_beltline_events.json')
    data.events[1].organizer[0].id = 61638
    const state = fresh()
    const error = catchError(() => run(state, data))
    expect(error.code).toBe('import-id-conflict')
    expect(error.message).toBe(
      'events[1].organizer[0].id: ID 61638 is an organizer in the capture but an event at events[0].id',
    )
    expect(state.events.size).toBe(0)
  })

  it('refuses a category ID that is a tag in the data file', () => {
    const state = load(JSON.stringify({ tags: [{ id: 1606, name: 'fitness' }] }))
    const before = snapshot(state)
    const error = catchError(() => run(state, capture('atl_beltline_events.json')))
    expect(error.message).toBe(
      'events[2].categories[1].id: ID 1606 is a category in the capture but a tag in the data file',
    )
    expect(snapshot(state)).toBe(before)
  })

  it('refuses a media ID that is an event in the data file', () => {
    const state = load(
      JSON.stringify({
        events: [{ id: 2642, title: 'X', start_date: '2026-01-01 10:00:00', end_date: '2026-01-01 11:00:00' }],
      }),
    )
    const error = catchError(() => run(state, capture('hacc_single_event.json')))
    expect(error.message).toBe('image.id: ID 2642 is a media entry in the capture but an event in the data file')
  })

  it.each([
    [5, '(capture): expected a TEC event list, event, venue or organizer object, got 5'],
    [[], '(capture): expected a TEC event list, event, venue or organizer object, got []'],
    [{ rest_url: 'x' }, '(capture): not a TEC response: no "events", "start_date", "venue" or "organizer" key'],
    [{ events: {} }, 'events: expected an array, got {}'],
  ])('refuses %j', (data, message) => {
    const error = catchError(() => run(fresh(), data))
    expect([error.code, error.status, error.message]).toEqual(['import-invalid-capture', 400, message])
  })

  it.each([
    [
      'events[2].start_date',
      (d: Json) => {
        d.events[2].start_date = 12
      },
      'expected "YYYY-MM-DD HH:MM:SS", got 12',
    ],
    [
      'events[0].title',
      (d: Json) => {
        delete d.events[0].title
      },
      'missing',
    ],
    [
      'events[4].id',
      (d: Json) => {
        delete d.events[4].id
      },
      'missing',
    ],
    [
      'events[1].id',
      (d: Json) => {
        d.events[1].id = '64612'
      },
      'expected a positive integer ID, got "64612"',
    ],
    [
      'events[3].timezone',
      (d: Json) => {
        d.events[3].timezone = 'Mars/Base'
      },
      'expected an IANA time zone, UTC or UTC+H[:MM], got "Mars/Base"',
    ],
    [
      'events[0].venue.id',
      (d: Json) => {
        d.events[0].venue.id = null
      },
      'expected a positive integer ID, got null',
    ],
    [
      'events[0].organizer',
      (d: Json) => {
        d.events[0].organizer = 'x'
      },
      'expected an array of organizers, got "x"',
    ],
    [
      'events[2].categories[0].name',
      (d: Json) => {
        d.events[2].categories[0].name = ''
      },
      'expected a non-empty name, got ""',
    ],
    [
      'events[5].all_day',
      (d: Json) => {
        d.events[5].all_day = 'no'
      },
      'expected true or false, got "no"',
    ],
    [
      'events[7].author',
      (d: Json) => {
        d.events[7].author = 'admin'
      },
      'expected an ID (digits), got "admin"',
    ],
  ])('refuses a bad %s, naming it, and leaves the state untouched', (path, spoil, message) => {
    const state = fresh()
    run(state, capture('det_community_education_events.json'))
    const before = snapshot(state)
    const data = capture('atl_beltline_events.json')
    spoil(data)
    const error = catchError(() => run(state, data))
    expect([error.code, error.status, error.message]).toEqual(['import-invalid-capture', 400, `${path}: ${message}`])
    expect(error.data.path).toBe(path)
    expect(snapshot(state)).toBe(before)
  })

  it('names the path of a single event capture without a prefix', () => {
    const data = capture('hacc_single_event.json')
    data.end_date = '2018-05-11'
    expect(catchError(() => run(fresh(), data)).message).toBe(
      'end_date: expected "YYYY-MM-DD HH:MM:SS", got "2018-05-11"',
    )
  })
})

describe('captureTimezone', () => {
  it.each([
    ['atl_beltline_events.json', 'America/New_York'],
    ['det_community_education_events.json', 'America/Detroit'],
    // Despite venue 1007, whose date is its date_utc (see HACC_SLIPS).
    ['hacc_single_event.json', 'America/Chicago'],
    // The site's own fixed offset, which its event carries.
    ['atlbyday_event_6178.json', 'UTC+0'],
    // No event to name a zone: UTC is tried before the IANA zones.
    ['atlbyday_venue_6575.json', 'UTC'],
    ['atlbyday_organizer_6363.json', 'UTC'],
  ])('%s → %s', (name, zone) => {
    expect(captureTimezone(capture(name))).toBe(zone)
  })

  it('is undefined for a capture without dates', () => {
    expect(captureTimezone({ events: [] })).toBeUndefined()
    expect(captureTimezone({ venue: 'Blue Room', id: 5 })).toBeUndefined()
  })

  it('refuses what importTec refuses', () => {
    for (const data of [null, 5, 'x', { events: [{ timezone: 'Nowhere/Land' }] }, { events: 3 }]) {
      expect(catchError(() => captureTimezone(data)).code).toBe('import-invalid-capture')
    }
  })
})
