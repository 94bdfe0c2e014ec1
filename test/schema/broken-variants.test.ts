/**
 * ajv (with the JSON Schema editors use) and calfile judge the same broken files (issue 12): each row is a small
 * change to fixtures/small.json, with the verdict expected of each. `both`: the schema and calfile refuse it, at the
 * same place; `calfile only`: a rule JSON Schema cannot express (a day the month lacks, a zone Intl does not know,
 * the rules across records), which only calfile refuses; `neither`: keys calfile keeps, which the schema must not
 * refuse either. An editor must never mark a file calfile accepts, and no row may be `ajv only`.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ajvErrors, calfileProblems } from './schema-helpers.js'

const BASE = readFileSync(new URL('../../fixtures/small.json', import.meta.url), 'utf8')

type Verdict = 'both' | 'calfile only' | 'neither'

interface Variant {
  change: string
  /** Changes the document in place, or returns the document that replaces it. */
  mutate: (document: any) => unknown
  verdict: Verdict
  /** Where the problem is (`events[0].start_date`): calfile reports it there, and so does ajv. */
  at: string
}

const variant = (change: string, verdict: Verdict, at: string, mutate: (document: any) => unknown): Variant => ({
  change,
  verdict,
  at,
  mutate,
})

const VARIANTS: Variant[] = [
  variant('the document is a string', 'both', '', () => 'calendar'),
  variant('events is an object', 'both', 'events', (d) => {
    d.events = {}
  }),
  variant('an event without a title', 'both', 'events[0].title', (d) => {
    delete d.events[0].title
  }),
  variant('start_date "next tuesday"', 'both', 'events[0].start_date', (d) => {
    d.events[0].start_date = 'next tuesday'
  }),
  variant('start_date in ISO form, with a T', 'both', 'events[0].start_date', (d) => {
    d.events[0].start_date = '2026-07-04T20:00:00'
  }),
  variant('end_date at hour 24', 'both', 'events[0].end_date', (d) => {
    d.events[0].end_date = '2026-07-04 24:00:00'
  }),
  variant('an ID of 0', 'both', 'events[0].id', (d) => {
    d.events[0].id = 0
  }),
  variant('an ID as a string', 'both', 'events[0].id', (d) => {
    d.events[0].id = '10'
  }),
  variant('an ID of 1.5', 'both', 'venues[0].id', (d) => {
    d.venues[0].id = 1.5
  }),
  variant('status "published"', 'both', 'events[0].status', (d) => {
    d.events[0].status = 'published'
  }),
  variant('venue by name, not ID', 'both', 'events[0].venue', (d) => {
    d.events[0].venue = 'Blue Room'
  }),
  variant('organizer an ID, not an array', 'both', 'events[0].organizer', (d) => {
    d.events[0].organizer = 12
  }),
  variant('all_day "yes"', 'both', 'events[0].all_day', (d) => {
    d.events[0].all_day = 'yes'
  }),
  variant('permalink without its leading /', 'both', 'events[0].permalink', (d) => {
    d.events[0].permalink = 'event/jazz/'
  }),
  variant('time zone "New York"', 'both', 'events[0].timezone', (d) => {
    d.events[0].timezone = 'New York'
  }),
  variant('site time zone "+05:00"', 'both', 'settings.timezone', (d) => {
    d.settings.timezone = '+05:00'
  }),
  variant('per_page 0', 'both', 'settings.per_page', (d) => {
    d.settings.per_page = 0
  }),
  variant('api_revision "latest"', 'both', 'settings.api_revision', (d) => {
    d.settings.api_revision = 'latest'
  }),
  variant('a role WordPress lacks', 'both', 'users[0].role', (d) => {
    d.users[0].role = 'owner'
  }),
  variant('token_sha256 in upper case', 'both', 'users[0].token_sha256', (d) => {
    d.users[0].token_sha256 = 'AB'.repeat(32)
  }),
  variant('a category with an empty name', 'both', 'categories[0].name', (d) => {
    d.categories[0].name = ''
  }),
  variant('geo_lat as a string', 'both', 'venues[0].geo_lat', (d) => {
    d.venues[0].geo_lat = '42.36'
  }),
  variant('post_parent -1', 'both', 'events[0].post_parent', (d) => {
    d.events[0].post_parent = -1
  }),
  variant('a media entry without url', 'both', 'media[0].url', (d) => {
    d.media = [{ id: 20 }]
  }),
  variant('February 30th', 'calfile only', 'events[0].start_date', (d) => {
    d.events[0].start_date = '2026-02-30 20:00:00'
  }),
  variant('a zone Intl does not know', 'calfile only', 'events[0].timezone', (d) => {
    d.events[0].timezone = 'Mars/Olympus'
  }),
  variant('a fixed offset beyond UTC+14', 'calfile only', 'settings.timezone', (d) => {
    d.settings.timezone = 'UTC+15'
  }),
  variant('duplicate IDs: a venue with an event ID', 'calfile only', 'venues[0].id', (d) => {
    d.venues[0].id = 10
  }),
  variant('duplicate user IDs', 'calfile only', 'users[1].id', (d) => {
    d.users.push({ id: 1, name: 'again' })
  }),
  variant('duplicate category slugs', 'calfile only', 'categories[1].slug', (d) => {
    d.categories.push({ id: 4, name: 'Jazz', slug: 'music' })
  }),
  variant('a dangling venue', 'calfile only', 'events[0].venue', (d) => {
    d.events[0].venue = 99
  }),
  variant('a dangling category', 'calfile only', 'events[0].categories[0]', (d) => {
    d.events[0].categories = [42]
  }),
  variant('an end before the start', 'calfile only', 'events[0].end_date', (d) => {
    d.events[0].end_date = '2026-07-04 19:00:00'
  }),
  variant('a category its own parent', 'calfile only', 'categories[0].parent', (d) => {
    d.categories[0].parent = 3
  }),
  variant('a date of year 10000 in UTC', 'calfile only', 'events[0].end_date', (d) => {
    d.events[0].end_date = '9999-12-31 23:59:59'
  }),
  variant('the document is an array', 'both', '', (d) => [d]),
  variant('settings is an array', 'both', 'settings', (d) => {
    d.settings = []
  }),
  variant('custom_fields is an array', 'both', 'events[0].custom_fields', (d) => {
    d.events[0].custom_fields = []
  }),
  variant('"$schema" and keys calfile does not know', 'neither', '', (d) => {
    d.$schema = './schema/calendar.schema.json'
    d.events[0].x_ticket_url = 'https://tickets.example.org/1'
    d.settings.theme = 'dark'
  }),
]

/** `events[0].start_date` → `/events/0/start_date`, as ajv names places (ajvErrors). */
function pointer(path: string): string {
  return path === ''
    ? ''
    : `/${path
        .replace(/\[(\d+)\]/gu, '.$1')
        .split('.')
        .join('/')}`
}

describe('ajv and calfile on broken files', () => {
  it.each(VARIANTS)('$change: $verdict', ({ mutate, verdict, at }) => {
    const original = JSON.parse(BASE)
    const document = mutate(original) ?? original
    const ajv = ajvErrors(document)
    const calfile = calfileProblems(document)
    expect(ajv.length > 0, `ajv: ${ajv.join('; ')}`).toBe(verdict === 'both')
    expect(calfile.length > 0, `calfile: ${calfile.join('; ')}`).toBe(verdict === 'both' || verdict === 'calfile only')
    if (verdict === 'both' || verdict === 'calfile only') expect(calfile.map(pathOf)).toContain(at)
    if (verdict === 'both') expect(ajv.map(pathOf)).toContain(pointer(at))
  })

  it('has at least 15 rows refused by both, and the rules across records among those calfile alone refuses', () => {
    const count = (verdict: Verdict) => VARIANTS.filter((v) => v.verdict === verdict).length
    expect(count('both')).toBeGreaterThanOrEqual(15)
    expect(count('calfile only')).toBeGreaterThanOrEqual(8)
  })
})

/** The place a problem names: what comes before `: `. */
function pathOf(problem: string): string {
  return problem.slice(0, problem.indexOf(': '))
}
