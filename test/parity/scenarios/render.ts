import { get, post, type Scenario } from '../scenario.js'

const when = { start_date: '2026-12-12 18:00:00', end_date: '2026-12-12 21:00:00' }

/**
 * What WordPress and TEC do to fields on the way out: titles and texts through WordPress's filters, slugs from odd
 * titles and their `-2` suffixes, term names and nested category URLs, costs in more forms, JSON-LD of an event
 * with everything set.
 */
export const RENDER_SCENARIOS: Scenario[] = [
  {
    name: 'render: odd titles, their slugs and suffixes',
    steps: [
      post('/events', { title: 'Tom\'s & Jerry\'s 50% "Sale" (today) – final', ...when }),
      post('/events', { title: 'Straße Øre Łódź — 2x4 at 5\'6" ... (tm)', ...when }),
      post('/events', { title: 'Москва / Kyiv', ...when }),
      post('/events', { title: 'Repeat', ...when }),
      post('/events', { title: 'Repeat', ...when }),
      post('/events', { title: 'Wordpress --- meetup', ...when }),
      post('/events', {
        title: 'Paragraphs',
        description: '<div>Block</div>\nafter\n\n<ul><li>one</li></ul>\n<pre>keep\n\n  this</pre>',
        excerpt: 'Line one\nLine two',
        ...when,
      }),
      get('/events?per_page=20'),
    ],
  },
  {
    name: 'render: term names, slugs and nested category URLs',
    steps: [
      post('/categories', { name: 'Arts & Crafts' }, 'arts'),
      post('/categories', { name: 'Paint <b>bold</b>', parent: '{arts}' }, 'paint'),
      post('/categories', { name: 'Oil "fine"', parent: '{paint}' }, 'oil'),
      post('/tags', { name: 'Rock & Roll' }),
      post('/tags', { name: 'Rock Roll' }),
      post('/categories', { name: 'Oil' }),
      post('/categories', { name: 'Oil', parent: '{paint}' }),
      post('/categories', { name: 'Oil', parent: '{arts}' }),
      get('/categories/{oil}'),
      get('/categories?per_page=20'),
      get('/tags?per_page=20'),
      post('/events', { title: 'Painted', ...when, categories: ['{oil}'], tags: ['Rock & Roll'] }),
    ],
  },
  {
    name: 'render: more costs',
    steps: [
      post('/events', { title: 'Dollar', ...when, cost: '$10' }),
      post('/events', { title: 'Code after', ...when, cost: '10 USD' }),
      post('/events', { title: 'Comma list', ...when, cost: '10, 20, 30' }),
      post('/events', { title: 'Thousands', ...when, cost: '1,250' }),
      post('/events', { title: 'Zero range', ...when, cost: '0-20' }),
      post('/events', { title: 'List', ...when, cost: ['100$', '5$', '20$'] }),
      post('/events', { title: 'Words', ...when, cost: 'Pay what you want: 5' }),
      post('/events', { title: 'Ampersand', ...when, cost: 'Tea & cake' }),
    ],
  },
  {
    name: 'render: JSON-LD of an event with everything set',
    steps: [
      post(
        '/venues',
        { venue: 'Hall & Bar', description: 'Big\n\nroom', city: 'Boston', website: 'https://h.example/?a=1&b=2' },
        'hall',
      ),
      post('/organizers', { organizer: 'First & Co', description: 'It\'s "us"', email: 'a@example.org' }, 'first'),
      post('/organizers', { organizer: 'Second', website: 'https://s.example/?x=1&y=2' }, 'second'),
      post(
        '/events',
        {
          title: 'Everything "set"',
          description: 'Long text & more\n\nSecond paragraph',
          ...when,
          cost: '15',
          venue: '{hall}',
          organizer: ['{first}', '{second}'],
        },
        'all',
      ),
      get('/events/{all}'),
      get('/venues/{hall}'),
      get('/organizers/{second}'),
    ],
  },
]
