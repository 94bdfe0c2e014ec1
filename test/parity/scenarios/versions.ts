import { del, get, post, type Scenario, type Step } from '../scenario.js'

const when = { start_date: '2026-12-10 19:00:00', end_date: '2026-12-10 22:00:00' }
/** A request of any method, with an optional body and sender. */
const send = (method: NonNullable<Step['method']>, path: string, body?: unknown, as?: Step['as']): Step => ({
  method,
  path,
  ...(body === undefined ? {} : { body }),
  ...(as ? { as } : {}),
})
/** U+2011 NON-BREAKING HYPHEN, which WordPress 7.0's `sanitize_title_with_dashes()` turns into `-`. */
const NB = '\u2011'
/** An event whose description is `description`. */
const described = (title: string, description: string): Step => post('/events', { title, ...when, description })

/**
 * Where TEC 6.17.2 on WordPress 7.0.4 answers otherwise than TEC 6.10.0 on WordPress 6.7.1, with the same request on
 * the other kinds and methods beside each: every scenario runs against both releases (docs/tec-parity.md#versions,
 * src/core/resources/tec-versions.ts).
 */
export const VERSION_SCENARIOS: Scenario[] = [
  {
    // 6.17: Single_Event::validate_event_exists() answers in the handler (404 rest-event-not-found) where 6.10's
    // `id` argument check answered 400 rest_invalid_param; an anonymous write now reaches the permission check.
    name: 'versions: an event ID that names nothing, on every method',
    steps: [
      get('/events/999999'),
      get('/events/999999', 'anonymous'),
      send('HEAD', '/events/999999'),
      send('OPTIONS', '/events/999999'),
      send('POST', '/events/999999', { title: 'Nothing' }),
      send('PUT', '/events/999999', { title: 'Nothing' }),
      send('PATCH', '/events/999999', {}),
      del('/events/999999'),
      del('/events/999999', 'anonymous'),
      send('POST', '/events/999999', { title: 'Nothing' }, 'anonymous'),
      send('PUT', '/events/999999', { title: 'Nothing' }, 'wrong-password'),
      get('/events/0'),
      del('/events/0'),
      send('POST', '/events/999999', { title: 'Bad venue', venue: 999999, organizer: [999999] }),
      send('POST', '/events/999999', { title: 'Bad date', start_date: 'not a date' }),
      get('/events/by-slug/nothing-here'),
    ],
  },
  {
    // 6.17: Single_Event::validate_event_exists() — a post that is not an event is 400 rest-invalid-event-id.
    name: 'versions: an event route given a venue or organizer ID',
    steps: [
      post('/venues', { venue: 'Not an event hall' }, 'venue'),
      post('/organizers', { organizer: 'Not an event crew' }, 'crew'),
      get('/events/{venue}'),
      get('/events/{venue}', 'anonymous'),
      send('HEAD', '/events/{crew}'),
      send('OPTIONS', '/events/{venue}'),
      send('POST', '/events/{venue}', { title: 'Into a venue' }),
      send('PATCH', '/events/{crew}', { title: 'Into a crew' }),
      del('/events/{crew}'),
      del('/events/{venue}', 'anonymous'),
      send('POST', '/events/{crew}', { title: 'Anonymous' }, 'anonymous'),
      get('/venues/{crew}'),
      get('/organizers/{venue}'),
      del('/organizers/{venue}'),
      get('/venues/{venue}'),
      del('/venues/{venue}'),
      get('/events/{venue}'),
      del('/events/{venue}'),
    ],
  },
  {
    // 6.17: Single_Venue / Single_Organizer::can_edit() and can_delete() ask `edit_post` / `delete_post` of the ID,
    // which WordPress's map_meta_cap() refuses for a post that does not exist, so rest_send_allow_header() lists
    // only GET; 6.10 asked the type's `edit_posts` / `delete_posts`.
    name: 'versions: the Allow header of venue and organizer IDs that name nothing',
    steps: [
      get('/venues/999999'),
      send('HEAD', '/venues/999999'),
      send('OPTIONS', '/venues/999999'),
      send('POST', '/venues/999999', { venue: 'Nothing' }),
      send('PUT', '/venues/999999', { venue: 'Nothing' }),
      del('/venues/999999'),
      get('/venues/999999', 'anonymous'),
      get('/venues/0'),
      get('/organizers/999999'),
      send('OPTIONS', '/organizers/999999'),
      send('PATCH', '/organizers/999999', { organizer: 'Nothing' }),
      del('/organizers/999999'),
      del('/organizers/999999', 'anonymous'),
      get('/organizers/0'),
      get('/categories/999999'),
      del('/tags/999999'),
    ],
  },
  {
    // 6.17: Single_Event::validate_event_accessible() refuses a trashed event to every reader (403
    // event-no-longer-available); trashed venues and organizers still read as before.
    name: 'versions: trashed events, venues and organizers',
    steps: [
      post('/venues', { venue: 'Binned hall' }, 'venue'),
      post('/organizers', { organizer: 'Binned crew' }, 'crew'),
      post('/events', { title: 'Binned', ...when, venue: '{venue}', organizer: ['{crew}'] }, 'binned'),
      post('/events', { title: 'Kept', ...when, venue: '{venue}' }, 'kept'),
      del('/events/{binned}'),
      get('/events/{binned}'),
      get('/events/{binned}', 'anonymous'),
      send('HEAD', '/events/{binned}'),
      send('OPTIONS', '/events/{binned}'),
      send('POST', '/events/{binned}', { title: 'Binned, renamed' }),
      get('/events/{binned}'),
      del('/events/{binned}'),
      del('/events/{binned}', 'anonymous'),
      get('/events?status=trash'),
      send('POST', '/events/{binned}', { status: 'publish' }),
      get('/events/{binned}'),
      get('/events/{binned}', 'anonymous'),
      del('/venues/{venue}'),
      get('/venues/{venue}'),
      get('/venues/{venue}', 'anonymous'),
      del('/venues/{venue}'),
      del('/organizers/{crew}'),
      get('/organizers/{crew}'),
      get('/organizers/{crew}', 'anonymous'),
      get('/events/{kept}'),
    ],
  },
  {
    // WordPress 7.0's sanitize_title_with_dashes() turns U+2011 (`%e2%80%91`, `&#8209;`) into a hyphen, as it did
    // `&nbsp;`, en and em dashes; 6.7 kept it percent-encoded in the slug.
    name: 'versions: non-breaking hyphens in slugs',
    steps: [
      post('/events', { title: `Non${NB}breaking${NB}night`, ...when }, 'night'),
      post('/events', { title: 'Non-breaking night', ...when }),
      post('/events', { title: 'Given a slug', ...when, slug: `given${NB}slug` }),
      post('/events', { title: 'Entity &#8209; hyphen', ...when }),
      get('/events/by-slug/non-breaking-night'),
      get(`/events/by-slug/non${encodeURIComponent(NB)}breaking${encodeURIComponent(NB)}night`),
      send('POST', '/events/{night}', { slug: `re${NB}slugged` }),
      post('/venues', { venue: `Hall${NB}One` }, 'hall'),
      get('/venues/by-slug/hall-one'),
      post('/organizers', { organizer: `Crew${NB}One` }),
      post('/categories', { name: `Jazz${NB}Funk` }),
      post('/categories', { name: 'Jazz-Funk' }),
      post('/categories', { name: 'Given', slug: `a${NB}b` }),
      post('/tags', { name: `Loud${NB}Quiet` }),
      post('/tags', { name: 'Loud-Quiet' }),
      post('/events', { title: 'Tagged', ...when, tags: [`New${NB}Tag`], categories: [`New${NB}Cat`] }),
      get('/categories?hide_empty=false'),
      get('/tags?hide_empty=false'),
    ],
  },
  {
    // WordPress 7.0: convert_smilies() splits on `<[^>]*>`, so a `<` whose tag runs over a line break still hides
    // the smiley (6.7's `<.*>` stopped at the line's end); core/paragraph blocks gain the class
    // `wp-block-paragraph` (block_core_paragraph_add_class(), @since 7.0.0).
    name: 'versions: smilies inside an unclosed tag, and paragraph blocks',
    steps: [
      described('Smiles', 'a <b\n:) c> d :) e'),
      post('/events', { title: 'Short smiles', ...when, excerpt: 'x <i\n:-) y> ;-)' }),
      described('Smiles on one line', 'a <b :) c> d :) e'),
      post('/venues', { venue: 'Smiling hall', description: ':) <b\n:) x>' }),
      post('/organizers', { organizer: 'Smiling crew', description: 'x <span\n8-) y>' }),
      described('Paragraph block', '<!-- wp:paragraph -->\n<p>Block para</p>\n<!-- /wp:paragraph -->'),
      described(
        'Paragraph with a class',
        '<!-- wp:paragraph {"className":"lead"} -->\n<p class="lead">Lead</p>\n<!-- /wp:paragraph -->',
      ),
      described('Two paragraphs in a block', '<!-- wp:paragraph --><p>One</p><p>Two</p><!-- /wp:paragraph -->'),
      described('Paragraph block without p', '<!-- wp:paragraph -->Bare<!-- /wp:paragraph -->'),
      described('Heading block', '<!-- wp:heading -->\n<h2 class="wp-block-heading">Head</h2>\n<!-- /wp:heading -->'),
      described('Upper-case paragraph', '<!-- wp:paragraph --><P>Upper</P><!-- /wp:paragraph -->'),
      described(
        'Paragraph that has the class',
        '<!-- wp:paragraph --><p class="wp-block-paragraph">Already</p><!-- /wp:paragraph -->',
      ),
      described('Paragraph inside a div', '<!-- wp:paragraph --><div><p>Nested</p></div><!-- /wp:paragraph -->'),
      described('Unclosed tag to the end', 'x <a\n:) b'),
      post('/organizers', {
        organizer: 'Block crew',
        description: '<!-- wp:paragraph --><p>Crew para</p><!-- /wp:paragraph -->',
      }),
    ],
  },
]
