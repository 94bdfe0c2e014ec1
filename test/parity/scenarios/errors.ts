import { del, get, post, type Scenario, type Step } from '../scenario.js'

const when = { start_date: '2026-12-10 19:00:00', end_date: '2026-12-10 22:00:00' }
/** A POST of JSON text as it is written, which no object gives (a lone surrogate, a syntax error). */
const json = (path: string, text: string): Step => ({ method: 'POST', path, body: text, type: 'application/json' })
/** A page on another origin, as a browser names it in `Origin`. */
const APP = 'https://app.example'

/** Routes, bodies and IDs that are wrong, and who may do what. */
export const ERROR_SCENARIOS: Scenario[] = [
  {
    name: 'errors: unknown IDs, slugs and routes',
    steps: [
      get('/events/999999'),
      get('/events/0'),
      get('/events/by-slug/missing'),
      get('/events/abc'),
      get('/nothing-here'),
      del('/events/999999'),
      post('/events/999999', { title: 'x', ...when }),
      post('/venues', { venue: 'A venue' }, 'venue'),
      get('/events/{venue}'),
      get('/organizers/{venue}'),
      post('/events', { title: 'Bad venue', ...when, venue: 999999 }),
      post('/events', { title: 'Bad organizer', ...when, organizer: [999999] }),
      post('/events', { title: 'Bad category', ...when, categories: [999999] }),
    ],
  },
  {
    name: 'errors: bad bodies',
    steps: [
      post('/events', {}),
      post('/events', { title: 'No dates' }),
      post('/events', { title: '', ...when }),
      post('/events', { title: 'Bad date', start_date: 'next tuesday', end_date: '2026-12-10 22:00:00' }),
      post('/events', {
        title: 'End before start',
        start_date: '2026-12-10 22:00:00',
        end_date: '2026-12-10 19:00:00',
      }),
      post('/events', { title: 'Bad zone', ...when, timezone: 'Mars/Olympus' }),
      post('/events', { title: 'Bad status', ...when, status: 'bogus' }),
      post('/events', { title: 'Bad website', ...when, website: 'not a url' }),
      post('/events', { title: 'Empty excerpt', ...when, excerpt: '' }),
      post('/events', { title: 'Bool as text', ...when, featured: 'yes', all_day: 'no' }),
      post(
        '/events',
        'title=Form+body&start_date=2026-12-10+19%3A00%3A00&end_date=2026-12-10+22%3A00%3A00&tags[]=a&tags[]=b',
      ),
      { method: 'POST', path: '/events', body: '{not json' },
    ],
  },
  {
    name: 'errors: JSON that is not well formed, and ill-formed text',
    steps: [
      json('/events', '{not json'),
      json('/events', '{"title": "Trailing comma",}'),
      json('/categories', '{"name":"\\ud800x"}'),
      json('/tags', '{"name":"ok\\udc00"}'),
      json('/events', `{"title":"\\ud83d\\ud83d","start_date":"${when.start_date}","end_date":"${when.end_date}"}`),
      json('/venues', '{"venue":"Hall","city":"\\ud800"}'),
      json('/organizers', '{"organizer":"Org","slug":"\\udfff-x"}'),
      json(
        '/events',
        `{"title":"Fine \\ud83d\\ude80","start_date":"${when.start_date}","end_date":"${when.end_date}"}`,
      ),
      json('/tags', '{"name":"NUL \\u0000 and \\uffff end"}'),
      get('/tags?hide_empty=false'),
    ],
  },
  {
    name: 'auth: anonymous and wrong passwords',
    steps: [
      post('/events', { title: 'Anon', ...when }, undefined, 'anonymous'),
      post('/events', { title: 'Wrong', ...when }, undefined, 'wrong-password'),
      get('/events', 'wrong-password'),
      post('/events', { title: 'Mine', ...when }, 'mine'),
      del('/events/{mine}', 'anonymous'),
      post('/venues', { venue: 'Anon venue' }, undefined, 'anonymous'),
      post('/categories', { name: 'Anon term' }, undefined, 'anonymous'),
      get('/events?status=draft', 'anonymous'),
      get('/venues', 'anonymous'),
    ],
  },
  {
    name: 'methods: OPTIONS, HEAD and the root',
    steps: [
      { method: 'OPTIONS', path: '/events' },
      { method: 'OPTIONS', path: '/venues' },
      { method: 'HEAD', path: '/events' },
      post('/events', { title: 'Headed', ...when }, 'headed'),
      { method: 'HEAD', path: '/events/{headed}' },
      { method: 'OPTIONS', path: '/events/{headed}' },
      { method: 'PUT', path: '/events' },
    ],
  },
  {
    name: 'cors: what a script on another origin is allowed and may read',
    steps: [
      { method: 'GET', path: '/events', origin: APP, as: 'anonymous' },
      { method: 'GET', path: '/events?per_page=1', origin: APP },
      { method: 'OPTIONS', path: '/events', origin: APP, as: 'anonymous' },
      { method: 'OPTIONS', path: '/nowhere', origin: APP, as: 'anonymous' },
      { method: 'OPTIONS', path: '/events/abc', origin: APP, as: 'anonymous' },
      { method: 'POST', path: '/events', body: { title: 'Cross', ...when }, origin: APP, save: { cross: 'id' } },
      { method: 'GET', path: '/events/{cross}', origin: APP },
      { method: 'GET', path: '/events/999999', origin: APP },
      { method: 'GET', path: '/nowhere', origin: APP },
      { method: 'GET', path: '/categories', origin: APP },
    ],
  },
]
