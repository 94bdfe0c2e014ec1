/**
 * Short sequences of writes, each followed by the reads whose answers it changes (the record itself, the lists
 * that find it, embedded venues and organizers, term counts): what a response cache must invalidate (issue 11).
 * IDs of created records are fixed: 1 + the largest in their ID space (docs/data-file.md).
 */
import { PREFIX, TEC_PREFIX } from '../../../src/http/prefixes.js'
import { gets, type Step, type Who, write } from './steps.js'

/** The event and venue that the first create makes (the event's venue is created first). */
const CREATED_VENUE = 11500
const CREATED = 11501

const admin = (paths: string[]) => gets(PREFIX, paths, 'admin')
const anonymous = (paths: string[]) => gets(PREFIX, paths)
const as = (who: Who) => (method: string, path: string, body?: unknown) => write(method, path, who, body)
const byAdmin = as('admin')

const CREATE = {
  title: 'Harbour Jazz Cruise',
  start_date: '2026-07-03 19:00:00',
  end_date: '2026-07-03 22:00:00',
  timezone: 'America/New_York',
  venue: { venue: 'Pier 4', city: 'Boston' },
  organizer: [6001],
  categories: ['jazz', 'Boat Trips'],
  tags: 'free,harbour',
  cost: '$25',
  featured: true,
  excerpt: 'On the water',
}

const MOVE = {
  title: 'Harbour Jazz Cruise, moved',
  start_date: '2026-07-10 19:00:00',
  end_date: '2026-07-10 22:00:00',
  categories: [4],
}

/** Writes to the generated calendar, as the administrator unless said otherwise. */
export const GENERATED_WRITES: Step[] = [
  byAdmin('POST', '/events', CREATE),
  ...anonymous([`/events/${CREATED}`, '/events?search=harbour', '/events', '/events?featured=true']),
  ...anonymous(['/categories?hide_empty=false&per_page=50', '/tags?hide_empty=false', '/venues?search=pier']),
  ...anonymous([`/venues/${CREATED_VENUE}`, '/organizers/6001', '/venues?has_events=true&per_page=50']),
  byAdmin('PUT', `/events/${CREATED}`, MOVE),
  ...anonymous([`/events/${CREATED}`, '/events?search=harbour', '/categories?hide_empty=false&per_page=50']),
  ...anonymous(['/events?start_date=2026-07-10&per_page=10', '/events?categories=4']),
  byAdmin('PATCH', '/events/10400', 'title=Sunday%20Caf%C3%A9%20Concert%20renamed&featured=1&organizer[]=6003'),
  ...anonymous(['/events/10400', '/events?featured=true', '/events?organizer=6003', '/events?search=renamed']),
  byAdmin('POST', '/venues/5006', { city: 'Somerville', geo_lat: 42.39, geo_lng: -71.1 }),
  ...anonymous(['/events/10018', '/events?venue=5006', '/venues/5006', '/events?geoloc=true&per_page=3']),
  byAdmin('POST', '/organizers/6003', { organizer: 'Friends of Renamed Things', email: '' }),
  ...anonymous(['/events/10400', '/organizers?search=renamed']),
  byAdmin('DELETE', `/events/${CREATED}`),
  ...anonymous(['/events?search=harbour', `/events/${CREATED}`, '/categories?hide_empty=false&per_page=50']),
  ...admin(['/events?status=trash&search=harbour', `/events/${CREATED}`]),
  byAdmin('DELETE', `/events/${CREATED}?force=true`),
  ...admin([`/events/${CREATED}`, '/events?status=trash&search=harbour', '/venues?event=10018']),
  byAdmin('POST', '/categories', { name: 'Boat Trips', parent: 1 }),
  byAdmin('POST', '/categories', { name: 'Jazz', parent: 1 }),
  ...anonymous(['/categories?parent=1&hide_empty=false']),
  byAdmin('POST', '/tags', { name: 'sunset', description: 'Evening events' }),
  ...anonymous(['/tags?hide_empty=false&search=sun']),
  byAdmin('DELETE', '/categories/4'),
  ...anonymous(['/categories?hide_empty=false&per_page=50', '/events/10015', '/events?categories=music']),
  byAdmin('DELETE', '/venues/5006'),
  ...anonymous(['/events/10018', '/venues?search=blue', '/events?venue=5006,5010']),
  byAdmin('POST', '/organizers', { organizer: 'New Org', email: 'new@example.org' }),
  ...anonymous(['/organizers']),
  write('POST', '/events', 'anonymous', { title: 'Nope', start_date: 'tomorrow', end_date: 'tomorrow' }),
  write('POST', '/events', 'contributor', {
    title: 'Contributor talk',
    start_date: 'tomorrow 18:00',
    end_date: 'tomorrow 19:00',
    status: 'publish',
  }),
  ...admin(['/events?status=pending']),
  byAdmin('POST', '/events', { title: 'Backwards', start_date: '2026-07-03 19:00', end_date: '2026-07-03 18:00' }),
  byAdmin('POST', '/events', { start_date: '2026-07-03 19:00', end_date: '2026-07-03 20:00' }),
  byAdmin('DELETE', '/events/10000'),
]

/** The event the open-mode create makes in the real calendar. */
const REAL_CREATED = 66358
const tec = (method: string, path: string, body?: unknown): Step => ({
  method,
  path: TEC_PREFIX + path,
  who: 'anonymous',
  body,
})

/** Writes to the real calendar in open mode, under TEC's prefix (docs/errors.md, docs/auth.md). */
export const REAL_WRITES: Step[] = [
  tec('POST', '/events', {
    title: 'Beltline Sunset Walk',
    start_date: 'tomorrow 18:00',
    end_date: 'tomorrow 19:30',
    venue: 43783,
    organizer: [43789],
    categories: ['fitness'],
  }),
  ...gets(TEC_PREFIX, [
    `/events/${REAL_CREATED}`,
    '/events?categories=fitness&per_page=50',
    `/venues?event=${REAL_CREATED}`,
  ]),
  ...gets(TEC_PREFIX, ['/categories?hide_empty=false&per_page=50', '/events']),
  tec('DELETE', `/events/${REAL_CREATED}?force=true`),
  ...gets(TEC_PREFIX, ['/events?categories=fitness&per_page=50', '/categories?hide_empty=false&per_page=50']),
]
