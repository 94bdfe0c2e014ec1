/**
 * The generated calendar of the responses-unchanged test: 1,500 events every 17 hours from about 7 months before
 * NOW to about 2 years after it, so the default window (docs/lists.md#event-list-dates) holds most of them and cuts
 * through them at both ends. Every feature a response shows is in it somewhere, chosen by the event's index modulo
 * small primes so the data is the same on every run: all-day and multi-day events, every status, hidden, featured,
 * sticky and ticketed events, images by media ID and by URL, venues with and without coordinates (one trashed),
 * organizers (one trashed), eight time zones (fixed offsets included), a three-level category tree, tags, costs in
 * every form, custom fields, `post_parent`, an extra key, and titles with HTML entities and accents.
 */
import { createHash } from 'node:crypto'
import { instantToWall } from '../../../src/core/dates/zoned.js'
import { NOW } from '../../helpers.js'

/** Events, venues and organizers of the generated calendar. */
const EVENTS = 1_500
const VENUES = 60
const ORGANIZERS = 30
const HOUR = 3_600_000

/** ID of the first event, venue, organizer; event `i` is `FIRST_EVENT + i`. */
const FIRST_EVENT = 10_000
const FIRST_VENUE = 5_000
const FIRST_ORGANIZER = 6_000

/** The bearer tokens of the generated calendar's users (docs/auth.md). */
export const TOKENS = { admin: 'tok-admin', author: 'tok-author', contributor: 'tok-contributor' } as const

const SITE_ZONE = 'America/New_York'
const ZONES = [
  'America/New_York',
  'Europe/Paris',
  'Asia/Kolkata',
  'UTC+5:30',
  'America/Los_Angeles',
  'UTC',
  'Australia/Sydney',
  'UTC-5',
]
const ADJECTIVES = ['Late', 'Sunday', 'Open', 'Quiet', 'Big', 'Free', 'Morning']
const NOUNS = [
  'Jazz Night',
  'Yoga Class',
  'Book Club',
  'Bike Ride',
  'Jazz Quartet',
  'Workshop',
  'Lecture',
  'Market',
  'Run Club',
  'Film Screening',
  'Café Concert',
  'Rock &amp; Roll Show',
  'Choir Rehearsal',
]
const CITIES = ['Boston', 'Cambridge', 'Salem', 'Lowell', 'Worcester', 'Providence']
const COSTS: Array<string | string[] | undefined> = [undefined, '$10', '20$', ['0$', '20$', '30$'], '0', '€ 5', '']

/** Categories: a tree three levels deep (Music › Jazz › Bebop), and one no event carries. */
const CATEGORIES = [
  { id: 1, name: 'Music', parent: 0, description: 'Concerts and jam sessions' },
  { id: 2, name: 'Sports', parent: 0 },
  { id: 3, name: 'Learning', parent: 0 },
  { id: 4, name: 'Jazz', parent: 1 },
  { id: 5, name: 'Rock', parent: 1 },
  { id: 6, name: 'Classical', parent: 1 },
  { id: 7, name: 'Running', parent: 2 },
  { id: 8, name: 'Cycling', parent: 2 },
  { id: 9, name: 'Workshops', parent: 3 },
  { id: 10, name: 'Talks', parent: 3 },
  { id: 11, name: 'Bebop', parent: 4 },
  { id: 12, name: 'Swing', parent: 4, slug: 'swing-dance' },
  { id: 13, name: 'Unused', parent: 0, description: 'No event carries it' },
]
const TAGS = ['free', 'family', 'outdoor', 'online', 'accessible', 'weekly', 'staff pick', 'late-night', 'kids']
/** First tag ID; tags follow the categories in the term ID space. */
const FIRST_TAG = 20

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex')

function users() {
  return [
    { id: 1, name: 'admin', role: 'administrator', token_sha256: sha256(TOKENS.admin) },
    { id: 2, name: 'edna', role: 'editor' },
    { id: 3, name: 'ana', role: 'author', token_sha256: sha256(TOKENS.author) },
    { id: 5, name: 'cai', role: 'contributor', token_sha256: sha256(TOKENS.contributor) },
  ]
}

function venue(i: number) {
  const geo = i % 3 === 0 ? { geo_lat: 42.36 + (i % 7) * 0.04, geo_lng: -71.06 + (i % 5) * 0.3 } : {}
  return {
    id: FIRST_VENUE + i,
    venue: `${['Blue', 'Green', 'Red', 'Grand'][i % 4]} ${['Room', 'Hall', 'Park', 'Theatre'][i % 3]} ${i}`,
    address: `${i + 1} Main St`,
    city: CITIES[i % CITIES.length],
    ...(i % 2 === 0 ? { zip: `02${String(100 + i)}`, country: 'United States', province: 'MA' } : {}),
    ...(i % 5 === 0 ? { phone: `617-555-${String(1000 + i)}`, website: `https://venue${i}.example.org` } : {}),
    ...(i % 4 === 1 ? { description: `<p>A venue in ${CITIES[i % CITIES.length]}</p>` } : {}),
    ...(i % 9 === 0 ? { image: `https://img.example.org/venue-${i}.png` } : {}),
    ...(i % 11 === 0 ? { show_map: false } : {}),
    ...geo,
    status: i === 7 ? 'trash' : i === 8 ? 'draft' : 'publish',
    date: instantToWall(NOW - (VENUES - i) * 24 * HOUR, SITE_ZONE),
  }
}

function organizer(i: number) {
  return {
    id: FIRST_ORGANIZER + i,
    organizer: `${['Friends of', 'Society for', 'Club'][i % 3]} ${NOUNS[i % NOUNS.length]} ${i}`,
    email: `org${i}@example.org`,
    ...(i % 2 === 0 ? { phone: `+1 617 555 ${String(2000 + i)}` } : {}),
    ...(i % 3 === 0 ? { website: `https://org${i}.example.org/` } : {}),
    ...(i % 4 === 0 ? { excerpt: 'Volunteers since 1990' } : {}),
    status: i === 4 ? 'trash' : 'publish',
    date: instantToWall(NOW - (ORGANIZERS - i) * 36 * HOUR, SITE_ZONE),
  }
}

function statusOf(i: number): string {
  if (i % 37 === 0) return 'trash'
  if (i % 41 === 1) return 'draft'
  if (i % 43 === 2) return 'private'
  if (i % 47 === 3) return 'pending'
  if (i % 53 === 4) return 'future'
  return 'publish'
}

/** Start and end as wall times in `zone`: all-day every 13th (three days every 26th), multi-day every 11th. */
function datesOf(i: number, zone: string) {
  const start = NOW + (i - 300) * 17 * HOUR
  if (i % 13 === 0) {
    const day = instantToWall(start, zone).slice(0, 10)
    const last = instantToWall(start + (i % 26 === 0 ? 48 : 0) * HOUR, zone).slice(0, 10)
    return { all_day: true, start_date: `${day} 00:00:00`, end_date: `${last} 23:59:59` }
  }
  const hours = i % 11 === 0 ? 74 : 1 + (i % 4)
  return { start_date: instantToWall(start, zone), end_date: instantToWall(start + hours * HOUR, zone) }
}

function termsOf(i: number) {
  const categories = i % 6 === 5 ? [] : [1 + (i % 12), ...(i % 4 === 0 ? [1 + ((i + 5) % 12)] : [])]
  const tags = i % 3 === 0 ? [] : [...new Set([FIRST_TAG + (i % 9), FIRST_TAG + ((i * 4) % 9)])]
  return { categories: [...new Set(categories)], tags }
}

function relationsOf(i: number) {
  const first = FIRST_ORGANIZER + ((i * 7) % ORGANIZERS)
  const second = FIRST_ORGANIZER + ((i * 11 + 3) % ORGANIZERS)
  const organizers = [[], [first], [first, second].filter((id, k, all) => all.indexOf(id) === k)][i % 3]
  return { venue: i % 10 === 9 ? null : FIRST_VENUE + ((i * 7) % VENUES), organizer: organizers }
}

function extrasOf(i: number) {
  return {
    ...(i % 4 === 2 ? { excerpt: `<p>Short: ${ADJECTIVES[i % 7]} fun</p>` } : {}),
    ...(COSTS[i % COSTS.length] === undefined ? {} : { cost: COSTS[i % COSTS.length] }),
    ...(i % 8 === 0 ? { website: `https://example.org/e/${i}` } : {}),
    ...(i % 10 === 3 ? { image: 9001 } : i % 10 === 6 ? { image: `https://img.example.org/e-${i}.jpg` } : {}),
    ...(i % 50 === 25 ? { post_parent: FIRST_EVENT + 6 } : {}),
    ...(i % 19 === 0 ? { custom_fields: { _ecp_custom_2: { label: 'Level', value: 'Beginner' } } } : {}),
    ...(i % 23 === 0 ? { show_map: false, show_map_link: false } : {}),
    ...(i % 27 === 0 ? { is_virtual: true } : {}),
    ...(i === 42 ? { slug: 'jazz-in-the-park' } : {}),
  }
}

function event(i: number) {
  const zone = ZONES[i % ZONES.length]!
  return {
    id: FIRST_EVENT + i,
    title: `${ADJECTIVES[i % 7]} ${NOUNS[i % NOUNS.length]} ${i}`,
    description: `<p>${NOUNS[(i + 3) % NOUNS.length]} with friends, number ${i}.</p>`,
    ...datesOf(i, zone),
    timezone: zone,
    status: statusOf(i),
    author: i % 5 === 0 ? 3 : i % 17 === 0 ? 5 : 1,
    hide_from_listings: i % 29 === 5,
    featured: i % 9 === 0,
    sticky: i % 31 === 6,
    ticketed: i % 5 === 1,
    ...relationsOf(i),
    ...termsOf(i),
    ...extrasOf(i),
    date: instantToWall(NOW - (EVENTS - i) * 5 * HOUR, SITE_ZONE),
  }
}

/**
 * The data file text (docs/data-file.md) of the generated calendar; `settings` are merged over its own (site time
 * zone America/New_York, TEC's page sizes).
 */
export function generatedCalendar(settings: Record<string, unknown> = {}): string {
  return JSON.stringify({
    settings: { timezone: SITE_ZONE, ...settings },
    users: users(),
    media: [
      { id: 9001, url: 'https://img.example.org/poster.jpg', extension: 'jpg', width: 1200, height: 800 },
      { id: 9002, url: 'https://img.example.org/flyer.png' },
    ],
    events: Array.from({ length: EVENTS }, (_, i) => event(i)),
    venues: Array.from({ length: VENUES }, (_, i) => venue(i)),
    organizers: Array.from({ length: ORGANIZERS }, (_, i) => organizer(i)),
    categories: CATEGORIES,
    tags: TAGS.map((name, k) => ({ id: FIRST_TAG + k, name })),
  })
}
