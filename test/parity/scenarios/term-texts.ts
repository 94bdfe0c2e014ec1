import { get, post, type Scenario } from '../scenario.js'

const when = { start_date: '2026-12-12 18:00:00', end_date: '2026-12-12 21:00:00' }

/**
 * What WordPress stores for a term's texts: descriptions through `wp_filter_kses` (entities, elements and attributes
 * not allowed, protocols, comments, stray `<` and `>`), read alone, in lists and embedded in an event, then updated
 * with their own answer and with new text; names through `pre_term_name` and the slugs made from them.
 */
export const TERM_TEXT_SCENARIOS: Scenario[] = [
  {
    name: 'term texts: descriptions through kses, read, listed, embedded and updated',
    steps: [
      post('/categories', { name: 'Kids', description: 'Kids & parents' }, 'kids'),
      post(
        '/categories',
        {
          name: 'Mixed',
          description:
            'Kids & parents <p>para</p> <b>bold</b> <script>x</script> "q" < 3 > 2 &amp; &copy; &foo; https://a.b/?x=1&y=2',
        },
        'mixed',
      ),
      post(
        '/tags',
        {
          name: 'Links',
          description:
            'A <a href="javascript:alert(1)" onclick="x" title="t">l</a> <a href="https://x.y/?a=1&b=2" target=_blank>m</a> <b class=c>B</b> <br> <img src=x> x<y 1 < 2 <B>up</B> </b> <em>e</em',
        },
        'links',
      ),
      post(
        '/tags',
        {
          name: 'Entities',
          description: '&#39; &#x41; &#X41; &#0; &#99999999; &#xD800; &nbsp; &apos; &Copy; AT&T &amp;#65;',
        },
        'entities',
      ),
      post('/tags', {
        name: 'Comments',
        description: '<!-- c --> <!----> <!-- a -- b ---> <!-- <b>x</b> --> <!DOCTYPE html> </3> <!x> a < "q" & \'r\'',
      }),
      post('/tags', {
        name: 'Attributes',
        description:
          '<a href=https://x.y/p title=t>1</a> <a title="t" title="u">2</a> <a href title>3</a> <a title="a>b">4</a> <a href=x/>5</a> <q cite="feed:javascript:x">6</q> <a href="java&#115;cript:y">7</a>',
      }),
      post('/tags', { name: 'Spaces', description: '  line1\r\nline2\n\nline3\tTab\u0001 \\0 back\\slash  ' }),
      get('/categories/{kids}'),
      get('/categories/{mixed}'),
      get('/tags/{links}'),
      get('/categories?hide_empty=false'),
      get('/tags?hide_empty=false'),
      post(
        '/events',
        { title: 'Embedded', ...when, categories: ['{kids}', '{mixed}'], tags: ['{links}', '{entities}'] },
        'event',
      ),
      get('/events/{event}'),
      post('/categories/{kids}', { description: 'Kids &amp; parents' }),
      post('/tags/{links}', { description: '<a href=A\\>x</a> <!-->y<b>z</b>--> <em>plain</em>' }),
      get('/tags/{links}'),
      get('/events/{event}'),
    ],
  },
  {
    name: 'term texts: names through pre_term_name and the slugs made from them',
    steps: [
      post('/tags', { name: '&foo; bar' }),
      post('/tags', { name: 'a < b > c' }),
      post('/tags', { name: '1 < "2" \'3\'' }),
      post('/tags', { name: '%41bc %zz' }),
      post('/tags', { name: 'q &apos; r' }),
      post('/tags', { name: '<a title="x>y">z</a> w' }),
      post('/categories', { name: '<<b>> z &#39; &#x41;' }),
      post('/categories', { name: 'x <\tb> y <!-- c -->' }),
      get('/tags?hide_empty=false'),
      get('/categories?hide_empty=false'),
    ],
  },
]
