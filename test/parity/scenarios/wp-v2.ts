import { get, post, type Scenario } from '../scenario.js'

const V2 = '/wp-json/wp/v2'
/** A publication date in January 2026: `wp/v2` lists go by it, and posts written in the same second would tie. */
const published = (day: number) => `2026-01-${String(day).padStart(2, '0')} 10:00:00`
/** An event of `title` on the day `day` of December 2026 (a day of 2027 past 31), 19:00 to 22:00. */
const event = (title: string, day: number, more: Record<string, unknown> = {}) => {
  const date = new Date(Date.UTC(2026, 11, day)).toISOString().slice(0, 10)
  return { title, start_date: `${date} 19:00:00`, end_date: `${date} 22:00:00`, ...more }
}

/** The content every read below sees: a venue, an organizer, two categories, a tag and five events. */
const SEED = [
  post('/venues', { venue: 'Hall', city: 'Boston', address: '1 Main St', zip: '02110' }, 'hall'),
  post('/organizers', { organizer: 'Ann', email: 'ann@example.test', phone: '555-0100' }, 'ann'),
  post('/categories', { name: 'Music' }, 'music'),
  post('/categories', { name: 'Talks' }, 'talks'),
  post('/tags', { name: 'late' }, 'late'),
  post(
    '/events',
    event('Jazz', 10, {
      description: '<p>Live <b>jazz</b></p>',
      venue: '{hall}',
      organizer: ['{ann}'],
      categories: ['{music}'],
      tags: ['{late}'],
      cost: '5',
      date: published(3),
    }),
    'jazz',
  ),
  post('/events', event('Blues', 12, { categories: ['{music}'], date: published(4) }), 'blues'),
  post('/events', event('A talk', 40, { categories: ['{talks}'], excerpt: 'Short', date: published(5) }), 'talk'),
  post('/events', event('Gone', -20, { date: published(6) }), 'gone'),
  post('/events', event('Draft', 15, { status: 'draft', date: published(7) }), 'draft'),
]

/**
 * WordPress's own REST API over TEC's posts (`WP_REST_Posts_Controller` for `tribe_events`, `tribe_venue`,
 * `tribe_organizer`), read after the content is made through REST v1: the post object with TEC's meta, the
 * collection's arguments and headers, the errors and who may read what.
 */
export const WP_V2_SCENARIOS: Scenario[] = [
  {
    name: 'wp/v2: TEC posts read',
    section: 'wp-v2',
    steps: [
      ...SEED,
      get(`${V2}/tribe_events`),
      get(`${V2}/tribe_events`, 'anonymous'),
      get(`${V2}/tribe_events/{jazz}`),
      get(`${V2}/tribe_events/{jazz}`, 'anonymous'),
      get(`${V2}/tribe_events/{gone}`),
      get(`${V2}/tribe_venue`),
      get(`${V2}/tribe_venue/{hall}`),
      get(`${V2}/tribe_organizer`),
      get(`${V2}/tribe_organizer/{ann}`, 'anonymous'),
    ],
  },
  {
    name: 'wp/v2: collection arguments',
    section: 'wp-v2',
    steps: [
      ...SEED,
      get(`${V2}/tribe_events?per_page=1&_fields=id,title`),
      get(`${V2}/tribe_events?per_page=1&page=2&_fields=id`),
      get(`${V2}/tribe_events?per_page=2&page=2&_fields=id`),
      get(`${V2}/tribe_events?offset=1&per_page=1&_fields=id`),
      get(`${V2}/tribe_events?include={blues},{jazz}&_fields=id`),
      get(`${V2}/tribe_events?include={blues},{jazz}&orderby=include&_fields=id`),
      get(`${V2}/tribe_events?exclude={jazz}&_fields=id`),
      get(`${V2}/tribe_events?slug=jazz&_fields=id,slug`),
      get(`${V2}/tribe_events?search=jaz&_fields=id`),
      get(`${V2}/tribe_events?orderby=title&order=asc&_fields=id,title`),
      get(`${V2}/tribe_events?orderby=id&order=asc&_fields=id`),
      get(`${V2}/tribe_events?tribe_events_cat={music}&_fields=id`),
      get(`${V2}/tribe_events?tribe_events_cat={talks}&_fields=id`),
      get(`${V2}/tribe_events?tags={late}&_fields=id`),
      get(`${V2}/tribe_events?status=draft&_fields=id,status`),
      get(`${V2}/tribe_events?_envelope&per_page=2&_fields=id`),
      get(`${V2}/tribe_venue?search=hall&_fields=id`),
      get(`${V2}/tribe_organizer?orderby=title&_fields=id,title`),
    ],
  },
  {
    name: 'wp/v2: errors and permissions',
    section: 'wp-v2',
    steps: [
      ...SEED,
      get(`${V2}/tribe_events?per_page=0`),
      get(`${V2}/tribe_events?per_page=101`),
      get(`${V2}/tribe_events?page=9`),
      get(`${V2}/tribe_events?page=0`),
      get(`${V2}/tribe_events?order=up`),
      get(`${V2}/tribe_events?orderby=nothing`),
      get(`${V2}/tribe_events?include=abc`),
      get(`${V2}/tribe_events?per_page=0&order=up`),
      get(`${V2}/tribe_events?status=nothing`),
      get(`${V2}/tribe_events?status=draft`, 'anonymous'),
      get(`${V2}/tribe_events?context=edit`, 'anonymous'),
      get(`${V2}/tribe_events?context=nothing`),
      get(`${V2}/tribe_events/999999`),
      get(`${V2}/tribe_events/{hall}`),
      get(`${V2}/tribe_events/{draft}`, 'anonymous'),
      get(`${V2}/tribe_events/{jazz}?context=edit`, 'anonymous'),
      get(`${V2}/tribe_events`, 'wrong-password'),
      get(`${V2}/tribe_venue/{jazz}`),
    ],
  },
  {
    name: 'wp/v2: terms read and written',
    section: 'wp-v2',
    steps: [
      ...SEED,
      get(`${V2}/tribe_events_cat`),
      get(`${V2}/tribe_events_cat`, 'anonymous'),
      get(`${V2}/tribe_events_cat?hide_empty=true&_fields=id,name,count`),
      get(`${V2}/tribe_events_cat?post={jazz}&_fields=id,name`),
      get(`${V2}/tags?post={jazz}`),
      get(`${V2}/tags`),
      get(`${V2}/tribe_events_cat/{music}`),
      get(`${V2}/tags/{late}`, 'anonymous'),
      get(`${V2}/tribe_events_cat/999999`),
      get(`${V2}/tribe_events_cat/{late}`),
      get(`${V2}/tribe_events_cat?per_page=1&page=2&_fields=id`),
      get(`${V2}/tribe_events_cat?search=tal&_fields=id`),
      post(`${V2}/tribe_events_cat`, { name: 'Folk', description: 'Songs' }, 'folk'),
      post(`${V2}/tribe_events_cat`, { name: 'Folk' }),
      post(`${V2}/tribe_events_cat`, { name: 'Nope' }, undefined, 'anonymous'),
      post(`${V2}/tribe_events_cat`, {}),
      post(`${V2}/tags`, { name: 'early', slug: 'early-bird' }, 'early'),
      post(`${V2}/tribe_events_cat/{folk}`, { name: 'Folk music', parent: '{music}' }),
      { method: 'PATCH', path: `${V2}/tags/{early}`, body: { description: 'Before noon' } },
      get('/categories/{folk}'),
      get('/tags/{early}'),
      { method: 'DELETE', path: `${V2}/tags/{early}` },
      { method: 'DELETE', path: `${V2}/tags/{early}?force=true` },
      get(`${V2}/tags/{early}`),
      { method: 'DELETE', path: `${V2}/tribe_events_cat/{folk}`, body: { force: true } },
      get('/categories/{folk}'),
    ],
  },
]
