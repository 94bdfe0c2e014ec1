import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { calendarCore } from '../../src/core/calendar.js'
import { importTec } from '../../src/tec/tec.js'
import { open } from '../helpers.js'

/**
 * Round trip on real data (issue: foundation, "Done when"): every event of every TEC capture, imported and read
 * back with GET /events/{id} through TEC's prefix on the capture's own origin, gives the captured value for every
 * key the contract defines. The differences that remain are listed below, each with its reason; the test fails
 * on any other difference, and on a listed one that no longer happens. Each capture goes into an empty store that,
 * like a new data file under `calfile import tec`, takes the site time zone the capture's dates show (issue 10).
 */

const FOLDER = new URL('../../fixtures/tec/', import.meta.url)
const KEYS = [
  'id',
  'global_id',
  'global_id_lineage',
  'author',
  'status',
  'date',
  'date_utc',
  'modified',
  'modified_utc',
  'url',
  'rest_url',
  'title',
  'description',
  'excerpt',
  'slug',
  'all_day',
  'start_date',
  'start_date_details',
  'end_date',
  'end_date_details',
  'utc_start_date',
  'utc_start_date_details',
  'utc_end_date',
  'utc_end_date_details',
  'timezone',
  'timezone_abbr',
  'cost',
  'cost_details',
  'website',
  'show_map',
  'show_map_link',
  'hide_from_listings',
  'sticky',
  'featured',
] as const
const LINKED_SKIP = new Set(['json_ld'])

/** `<capture>#<event id>.<key>` → why calfile differs from what that TEC site sent. */
const KNOWN: Record<string, string> = {
  // beltline stored no abbreviation for these events (TEC reads it from post meta written at save time, and this
  // site's importer left it empty); calfile derives it from the zone, as TEC does when the meta is there.
  ...Object.fromEntries(
    [
      64612, 66217, 65921, 66165, 65224, 66205, 66255, 66090, 65965, 66357, 65745, 66218, 65922, 66166, 66271, 66206,
      65649, 65650,
    ].map((id) => [
      `atl_beltline_events.json#${id}.timezone_abbr`,
      'TEC meta _EventTimezoneAbbr was empty on the site',
    ]),
  ),
  // TEC shows currency_code "" only from 4.x on; the older det and atlbyday captures have no such key, calfile
  // always sends it (docs/responses.md#event lists it).
  ...Object.fromEntries(
    [196, 250, 234, 237, 240, 204, 366, 353, 370, 358, 392, 213, 422, 211, 215, 217, 414, 416, 418, 420].map((id) => [
      `det_community_education_events.json#${id}.cost_details`,
      'older TEC has no currency_code key',
    ]),
  ),
  'atlbyday_event_6178.json#6178.cost_details':
    'the "$" is in the cost text, not in TEC currency meta; calfile parses it (CONTRACT §3), so currency_symbol is "$", and currency_code is present',
  'atlbyday_event_6178.json#6178.status': '"tribe-ignored" is not a calfile status; imported as draft',
  'atlbyday_event_6178.json#6178.url':
    "likewise: as a draft it has WordPress's plain link (get_post_permalink()), where the site showed its page",
  'det_community_education_events.json#392.cost_details':
    'the cost text "Free" is kept as written; TEC lower-cased the value',
  'hacc_single_event.json#2644.cost_details': 'older TEC has no currency_code key',
  'hacc_single_event.json#2644.venue.date':
    'the site stored a venue post_date equal to its post_date_gmt; calfile keeps the UTC instant and shows it in the site zone',
  'hacc_single_event.json#2644.venue.modified': 'likewise for modified',
  // The site's stored _EventEndDateUTC meta contradicts its own local end date (18:00 in Detroit is not 05:00 UTC
  // the same day); calfile derives UTC from the local date and the zone, as TEC does on every save.
  ...Object.fromEntries(
    [213, 215, 217, 416, 418, 420].flatMap((id) => [
      [`det_community_education_events.json#${id}.utc_end_date`, 'stale UTC meta on the site'],
      [`det_community_education_events.json#${id}.utc_end_date_details`, 'stale UTC meta on the site'],
    ]),
  ),
}

function captures(): Array<{ name: string; events: Array<Record<string, unknown>>; capture: unknown }> {
  return readdirSync(FOLDER)
    .filter((name) => name.endsWith('.json'))
    .map((name) => {
      const capture = JSON.parse(readFileSync(new URL(name, FOLDER), 'utf8')) as Record<string, unknown>
      const events = Array.isArray(capture.events) ? capture.events : 'start_date' in capture ? [capture] : []
      return { name, events: events as Array<Record<string, unknown>>, capture }
    })
    .filter((c) => c.events.length > 0)
}

function differences(name: string, captured: Record<string, unknown>, served: Record<string, unknown>): string[] {
  const out: string[] = []
  const at = (key: string) => `${name}#${captured.id}.${key}`
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
  for (const key of KEYS) if (!same(captured[key], served[key])) out.push(at(key))
  for (const key of ['categories', 'tags'] as const) {
    const pick = (terms: unknown) =>
      (terms as Array<{ name: string; slug: string }>).map((t) => ({ name: t.name, slug: t.slug }))
    if (!same(pick(captured[key]), pick(served[key]))) out.push(at(key))
  }
  const venue = captured.venue as Record<string, unknown>
  const servedVenue = served.venue as Record<string, unknown>
  if (Array.isArray(venue)) {
    if (!same(venue, servedVenue)) out.push(at('venue'))
  } else {
    for (const key of Object.keys(venue))
      if (!LINKED_SKIP.has(key) && !same(venue[key], servedVenue[key])) out.push(at(`venue.${key}`))
  }
  const organizers = captured.organizer as Array<Record<string, unknown>>
  const servedOrganizers = served.organizer as Array<Record<string, unknown>>
  if (organizers.length !== servedOrganizers.length) out.push(at('organizer'))
  organizers.forEach((organizer, i) => {
    for (const key of Object.keys(organizer)) {
      if (!LINKED_SKIP.has(key) && !same(organizer[key], servedOrganizers[i]?.[key]))
        out.push(at(`organizer[${i}].${key}`))
    }
  })
  return out
}

describe('TEC captures round trip', () => {
  const all = captures()

  it('finds the captures with events', () => {
    expect(all.map((c) => c.name)).toEqual([
      'atl_beltline_events.json',
      'atlbyday_event_6178.json',
      'det_community_education_events.json',
      'hacc_single_event.json',
    ])
  })

  for (const { name, events, capture } of all) {
    it(`${name}: every event reads back as captured, but for the listed differences`, async () => {
      const { calendar, app } = await open()
      await calendarCore(calendar).write((state) =>
        importTec(state, capture, { now: '2026-07-01 08:00:00', adoptTimezone: true }),
      )
      const found: string[] = []
      for (const captured of events) {
        const origin = new URL(String(captured.rest_url)).origin
        const response = await app.request(`${origin}/wp-json/tribe/events/v1/events/${captured.id}`)
        expect(response.status, `${name}#${captured.id}`).toBe(200)
        found.push(...differences(name, captured, (await response.json()) as Record<string, unknown>))
      }
      const expected = Object.keys(KNOWN).filter((key) => key.startsWith(`${name}#`))
      expect(found.sort()).toEqual(expected.sort())
    })
  }
})
