/**
 * docs/errors.md for events: routes (digits-only IDs, TEC prefix, repeated and trailing slashes, by-slug routes),
 * unknown parameters, the error body, the error table, trash / force / restore, create's Location header.
 */
import { createHash } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { expectError } from '../expect.js'
import { fixture, open, P } from '../helpers.js'

type Json = Record<string, any>
type Opened = Awaited<ReturnType<typeof open>>

let app: Opened['app']
let calendar: Opened['calendar']
let request: Opened['request']

beforeEach(async () => {
  ;({ app, calendar, request } = await open(fixture('events-rich.json')))
})

/** events-rich.json answered as TEC `version` (docs/tec-parity.md#versions), for the rules the releases differ in. */
async function openAs(version: '6.10' | '6.17', edit: (data: Json) => void = () => {}) {
  const data = JSON.parse(fixture('events-rich.json'))
  data.settings.tec_version = version
  edit(data)
  return open(data)
}

/** The event `id` as the trash list shows it: a read that answers alike under both releases. */
async function inTrash(id: number): Promise<Json | undefined> {
  return (await request('GET', `/events?status=trash&include=${id}`)).body.events[0]
}

/** A raw request through the app, for paths the helper would rewrite (`//wp-json/...`). */
async function raw(method: string, url: string, body?: string, headers: Record<string, string> = {}) {
  const response = await app.request(url, { method, headers, ...(body === undefined ? {} : { body }) })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers }
}

describe('routes (CONTRACT §5)', () => {
  it.each(['abc', '12abc', '-5', '1.5', '1e3', '%31%30x'])(
    '/events/%s matches no route: 404 rest_no_route',
    async (id) => {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        expectError(
          await request(method, `/events/${id}`, method === 'GET' || method === 'DELETE' ? undefined : { title: 'x' }),
          404,
          'rest_no_route',
        )
      }
    },
  )

  it('the route is checked before the parameters', async () => {
    expectError(await request('GET', '/events/abc?page=0'), 404, 'rest_no_route')
    expectError(await request('POST', '/events/abc', { featured: 'maybe' }), 404, 'rest_no_route')
  })

  it('no route for the method: PUT/PATCH/DELETE on the collection', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) expectError(await request(method, '/events'), 404, 'rest_no_route')
  })

  it('no route for the path', async () => {
    expectError(await request('GET', '/eventz'), 404, 'rest_no_route')
    expectError(await request('GET', '/events/10/extra'), 404, 'rest_no_route')
    expectError(await request('GET', '/events/by-slug/a/b'), 404, 'rest_no_route')
  })

  it('TEC prefix: single, list and create are served under /wp-json/tribe/events/v1', async () => {
    const single = await request('GET', '/wp-json/tribe/events/v1/events/10')
    expect(single.status).toBe(200)
    expect(single.body.id).toBe(10)
    expect(single.body.rest_url).toBe('http://localhost/wp-json/tribe/events/v1/events/10')
    const list = await request('GET', '/wp-json/tribe/events/v1/events?include=10')
    expect(list.body.events.map((e: Json) => e.id)).toEqual([10])
    const created = await request('POST', '/wp-json/tribe/events/v1/events', {
      title: 'Via TEC',
      start_date: '2026-08-01',
      end_date: '2026-08-02',
    })
    expect(created.status).toBe(201)
    // TEC sends no Location for a new event
    expect(created.headers.get('location')).toBeNull()
    const bySlug = await request('GET', '/wp-json/tribe/events/v1/events/by-slug/jazz-night')
    expect(bySlug.body.id).toBe(10)
  })

  it('TEC prefix: errors are the same', async () => {
    expectError(await request('GET', '/wp-json/tribe/events/v1/events/9999'), 404, 'rest-event-not-found')
    expectError(await request('GET', '/wp-json/tribe/events/v1/events/abc'), 404, 'rest_no_route')
  })

  it('repeated slashes reach the same route', async () => {
    const tec = await raw('GET', 'http://localhost//wp-json/tribe/events/v1/events/10')
    expect(tec.status).toBe(200)
    expect(tec.body.id).toBe(10)
    const own = await raw('GET', `http://localhost${P}//events//10`)
    expect(own.status).toBe(200)
    expect(own.body.id).toBe(10)
    const list = await raw('GET', `http://localhost/${P}/events?include=10`)
    expect(list.status).toBe(200)
    expect(list.body.events.map((e: Json) => e.id)).toEqual([10])
  })

  it('a trailing slash reaches the same route', async () => {
    const list = await request('GET', '/events/?include=10')
    expect(list.status).toBe(200)
    expect(list.body.events.map((e: Json) => e.id)).toEqual([10])
    const single = await request('GET', '/events/10/')
    expect(single.status).toBe(200)
    expect(single.body.id).toBe(10)
    const created = await request('POST', '/events/', {
      title: 'Slash',
      start_date: '2026-08-01',
      end_date: '2026-08-02',
    })
    expect(created.status).toBe(201)
  })

  it('unknown query parameters are ignored on single routes', async () => {
    const response = await request('GET', '/events/10?context=edit&_embed=1&foo=bar')
    expect(response.status).toBe(200)
    expect(response.body.id).toBe(10)
  })

  it('unknown body fields are ignored on update', async () => {
    const response = await request('PATCH', '/events/10', {
      content: 'x',
      start_time: '10:00',
      category: '',
      title: 'Renamed',
    })
    expect(response.status).toBe(200)
    expect(response.body.title).toBe('Renamed')
    expect(response.body).not.toHaveProperty('content')
  })
})

describe('errors (CONTRACT §5)', () => {
  it('unknown event ID: 404 rest-event-not-found on every method (6.17, the default)', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { title: 'x' }
      const response = await request(method, '/events/9999', body)
      expectError(response, 404, 'rest-event-not-found')
      expect(response.body).toEqual({
        code: 'rest-event-not-found',
        message: 'Event with ID 9999 does not exist.',
        data: { status: 404 },
      })
    }
  })

  it('unknown event ID under 6.10: 400 rest_invalid_param on every method, as TEC checks the ID with the parameters', async () => {
    const { request: old } = await openAs('6.10')
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { title: 'x' }
      const response = await old(method, '/events/9999', body)
      expectError(response, 400, 'rest_invalid_param')
      expect(response.body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): id',
        data: { status: 400, params: { id: 'Invalid parameter.' }, details: [] },
      })
    }
  })

  it('unknown slug: 400 rest_invalid_param naming slug on every method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { title: 'x' }
      const response = await request(method, '/events/by-slug/no-such-event', body)
      expectError(response, 400, 'rest_invalid_param')
      expect(response.body.data.params).toEqual({ slug: 'Invalid parameter.' })
    }
  })

  it('a venue slug is not an event slug', async () => {
    expectError(await request('GET', '/events/by-slug/blue-room'), 400, 'rest_invalid_param')
  })

  it('an event route given a venue ID or an organizer ID: 400 rest-invalid-event-id (6.17), rest_invalid_param as an unknown ID (6.10)', async () => {
    const { request: old } = await openAs('6.10')
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { title: 'x' }
      for (const id of [11, 12]) {
        const response = await request(method, `/events/${id}`, body)
        expect(response.body).toEqual({
          code: 'rest-invalid-event-id',
          message: 'The specified ID is not a valid event.',
          data: { status: 400 },
        })
        expectError(await old(method, `/events/${id}`, body), 400, 'rest_invalid_param')
      }
    }
  })

  it('rest_invalid_param carries data.params as {name: reason}', async () => {
    const response = await request('GET', '/events?page=0&per_page=x')
    expectError(response, 400, 'rest_invalid_param')
    const params = response.body.data.params
    expect(Array.isArray(params)).toBe(false)
    expect(Object.keys(params).sort()).toEqual(['page', 'per_page'])
    for (const reason of Object.values(params)) expect(typeof reason).toBe('string')
  })

  it('rest_missing_callback_param carries data.params as a list of names', async () => {
    const response = await request('POST', '/events', { title: 'Only a title' })
    expectError(response, 400, 'rest_missing_callback_param')
    expect([...response.body.data.params].sort()).toEqual(['end_date', 'start_date'])
  })

  it('malformed JSON: 400 rest_invalid_json on create and update', async () => {
    expectError(
      await request('POST', '/events', '{not json', { 'content-type': 'application/json' }),
      400,
      'rest_invalid_json',
    )
    expectError(
      await request('PATCH', '/events/10', '{"title":', { 'content-type': 'application/json' }),
      400,
      'rest_invalid_json',
    )
    expect((await request('GET', '/events/10')).body.title).toBe('Jazz night')
  })

  it('a body over 1 MiB: 413 rest_payload_too_large', async () => {
    const response = await request('POST', '/events', {
      title: 'Big',
      start_date: '2026-08-01',
      end_date: '2026-08-02',
      description: 'x'.repeat(1024 * 1024 + 10),
    })
    expectError(response, 413, 'rest_payload_too_large')
  })

  it('parameters are checked before the handler looks the event up', async () => {
    expectError(await request('PATCH', '/events/9999', { featured: 'maybe' }), 400, 'rest_invalid_param')
  })

  it('a bad field on an existing event: 400 rest_invalid_param naming it', async () => {
    const response = await request('PUT', '/events/10', { website: 'nope', end_date: 'garbage' })
    expectError(response, 400, 'rest_invalid_param')
    expect(Object.keys(response.body.data.params)).toEqual(expect.arrayContaining(['website', 'end_date']))
  })

  it('the permission before the ID (6.17): an anonymous DELETE of an unknown event is a 401, as of a known one', async () => {
    const { request: locked } = await openAs('6.17', (data) => {
      data.users[0].token_sha256 = createHash('sha256').update('admin-secret').digest('hex')
    })
    expectError(await locked('DELETE', '/events/9999'), 401, 'rest_forbidden')
    expectError(await locked('DELETE', '/events/10'), 401, 'rest_forbidden')
    expectError(
      await locked('DELETE', '/events/9999', undefined, { authorization: 'Bearer admin-secret' }),
      404,
      'rest-event-not-found',
    )
  })

  it('the ID before permission (6.10): an anonymous DELETE of an unknown event is a 400, of a known one a 401', async () => {
    const { request: locked } = await openAs('6.10', (data) => {
      data.users[0].token_sha256 = createHash('sha256').update('admin-secret').digest('hex')
    })
    expectError(await locked('DELETE', '/events/9999'), 400, 'rest_invalid_param')
    expectError(await locked('DELETE', '/events/10'), 401, 'rest_forbidden')
    expectError(
      await locked('DELETE', '/events/9999', undefined, { authorization: 'Bearer admin-secret' }),
      400,
      'rest_invalid_param',
    )
  })

  it('parameters before permission: an anonymous write with a bad or missing field is a 400, a valid one a 401', async () => {
    const data = JSON.parse(fixture('events-rich.json'))
    data.users[0].token_sha256 = createHash('sha256').update('admin-secret').digest('hex')
    const { request: locked } = await open(data)
    expectError(await locked('PATCH', '/events/10', { featured: 'maybe' }), 400, 'rest_invalid_param')
    expectError(await locked('POST', '/events', {}), 400, 'rest_missing_callback_param')
    expectError(
      await locked('POST', '/events', { title: 'x', start_date: '2026-08-01', end_date: '2026-08-02' }),
      401,
      'rest_forbidden',
    )
    expectError(await locked('GET', '/events?page=0'), 400, 'rest_invalid_param')
  })

  it('GET of a non-publish event the requester may not read: 403 event-not-accessible', async () => {
    const data = JSON.parse(fixture('events-rich.json'))
    data.users[0].token_sha256 = createHash('sha256').update('admin-secret').digest('hex')
    const { request: locked } = await open(data)
    expectError(await locked('GET', '/events/26'), 403, 'event-not-accessible')
    expect((await locked('GET', '/events/26', undefined, { authorization: 'Bearer admin-secret' })).status).toBe(200)
    expect((await locked('GET', '/events/10')).status).toBe(200)
  })
})

describe('trash, force and restore (CONTRACT §5)', () => {
  it('GET of a trashed event (6.17): 403 event-no-longer-available, its administrator too (by ID and by slug)', async () => {
    for (const path of ['/events/28', '/events/by-slug/old-show']) {
      expect((await request('GET', path)).body).toEqual({
        code: 'event-no-longer-available',
        message: 'This event is no longer available',
        data: { status: 403 },
      })
    }
  })

  it('GET of a trashed event (6.10): 200 with status trash for its administrator (by ID and by slug), as TEC', async () => {
    const { request: old } = await openAs('6.10')
    expect((await old('GET', '/events/28')).body.status).toBe('trash')
    expect((await old('GET', '/events/by-slug/old-show')).body.status).toBe('trash')
  })

  it('DELETE moves to trash and answers 200 with the record as trashed', async () => {
    const response = await request('DELETE', '/events/21')
    expect(response.status).toBe(200)
    expect(response.body.id).toBe(21)
    expect(response.body.title).toBe('Bare')
    expect(response.body.status).toBe('trash')
    // the slug takes WordPress's __trashed suffix, so that a new event may take the plain one
    expect(response.body.slug).toBe('bare__trashed')
    expect((await inTrash(21))?.status).toBe('trash')
    const listed = (await request('GET', '/events?per_page=50')).body.events.map((e: Json) => e.id)
    expect(listed).not.toContain(21)
    const trash = (await request('GET', '/events?status=trash&per_page=50')).body.events.map((e: Json) => e.id)
    expect(trash).toContain(21)
  })

  it('the DELETE answer is the record without json_ld (only single GETs carry it)', async () => {
    const response = await request('DELETE', '/events/21')
    expect(response.status).toBe(200)
    expect(response.body.status).toBe('trash')
    expect(response.body).not.toHaveProperty('json_ld')
  })

  it('DELETE of a trashed event: 410 event-is-in-trash', async () => {
    expectError(await request('DELETE', '/events/28'), 410, 'event-is-in-trash')
    await request('DELETE', '/events/21')
    expectError(await request('DELETE', '/events/21'), 410, 'event-is-in-trash')
  })

  it('DELETE with force=true trashes too, as TEC (its endpoint takes no force)', async () => {
    const response = await request('DELETE', '/events/21?force=true')
    expect(response.status).toBe(200)
    expect(response.body.id).toBe(21)
    expect(response.body.status).toBe('trash')
    expectError(await request('DELETE', '/events/21?force=true'), 410, 'event-is-in-trash')
    const trash = (await request('GET', '/events?status=trash&per_page=50')).body.events.map((e: Json) => e.id)
    expect(trash).toContain(21)
  })

  it('force=true on an event already in the trash: 410, the event stays', async () => {
    const response = await request('DELETE', '/events/28?force=true')
    expectError(response, 410, 'event-is-in-trash')
    expect(response.body).toEqual({
      code: 'event-is-in-trash',
      message: 'The event is already trashed',
      data: { status: 410 },
    })
    expect((await inTrash(28))?.status).toBe('trash')
  })

  it('the library still removes for good with force', async () => {
    await calendar.events.delete(21, { force: true })
    expectError(await request('GET', '/events/21'), 404, 'rest-event-not-found')
    expect(await inTrash(21)).toBeUndefined()
  })

  it('an update that sets another status restores a trashed event', async () => {
    const response = await request('POST', '/events/28', { status: 'publish' })
    expect(response.status).toBe(200)
    expect(response.body.status).toBe('publish')
    const read = await request('GET', '/events/28')
    expect(read.status).toBe(200)
    expect(read.body.status).toBe('publish')
    expect((await request('GET', '/events?per_page=50')).body.events.map((e: Json) => e.id)).toContain(28)
  })

  it('restoring to draft by PATCH', async () => {
    await request('DELETE', '/events/21')
    const response = await request('PATCH', '/events/21', { status: 'draft' })
    expect(response.status).toBe(200)
    expect(response.body.status).toBe('draft')
    expect((await request('GET', '/events/21')).status).toBe(200)
  })
})

describe('by-slug routes (CONTRACT §5)', () => {
  it('GET by slug is the event with json_ld', async () => {
    const response = await request('GET', '/events/by-slug/jazz-night')
    expect(response.status).toBe(200)
    expect(response.body.id).toBe(10)
    expect(response.body.json_ld['@type']).toBe('Event')
  })

  it.each(['POST', 'PUT', 'PATCH'])(
    '%s by slug updates as by ID: the title kept, flags not sent cleared as on TEC',
    async (method) => {
      const response = await request(method, '/events/by-slug/jazz-night', { excerpt: `via ${method}` })
      expect(response.status).toBe(200)
      expect(response.body.id).toBe(10)
      expect(response.body.excerpt).toBe(`<p>via ${method}</p>`)
      expect(response.body.title).toBe('Jazz night')
      expect(response.body.featured).toBe(false)
      expect((await request('GET', '/events/10')).body.excerpt).toBe(`<p>via ${method}</p>`)
    },
  )

  it('an update by slug may change the slug; the old slug is then unknown', async () => {
    const response = await request('PATCH', '/events/by-slug/jazz-night', { slug: 'jazz-evening' })
    expect(response.status).toBe(200)
    expect(response.body.slug).toBe('jazz-evening')
    expect((await request('GET', '/events/by-slug/jazz-evening')).body.id).toBe(10)
    expectError(await request('GET', '/events/by-slug/jazz-night'), 400, 'rest_invalid_param')
  })

  it('DELETE by slug trashes; the slug is then <slug>__trashed; again is a 410', async () => {
    const trashed = await request('DELETE', '/events/by-slug/bare')
    expect(trashed.status).toBe(200)
    expect(trashed.body.id).toBe(21)
    expect(trashed.body.status).toBe('trash')
    expectError(await request('GET', '/events/by-slug/bare'), 400, 'rest_invalid_param')
    expect((await inTrash(21))?.slug).toBe('bare__trashed')
    expectError(await request('DELETE', '/events/by-slug/bare__trashed'), 410, 'event-is-in-trash')
    // restored, it takes its slug back
    const restored = await request('PATCH', '/events/21', { status: 'publish' })
    expect(restored.body.slug).toBe('bare')
  })

  it('a slug is any non-slash string: percent-encoded characters are decoded', async () => {
    const created = await request('POST', '/events', {
      title: 'Encoded',
      slug: 'encoded-slug',
      start_date: '2026-08-01',
      end_date: '2026-08-02',
    })
    expect(created.status).toBe(201)
    expect((await request('GET', '/events/by-slug/encoded%2Dslug')).body.id).toBe(created.body.id)
    expectError(await request('GET', '/events/by-slug/no%20such%20slug'), 400, 'rest_invalid_param')
  })

  it('a trashed event restored by slug', async () => {
    const response = await request('PUT', '/events/by-slug/old-show', { status: 'publish' })
    expect(response.status).toBe(200)
    expect(response.body.status).toBe('publish')
    expect((await request('GET', '/events/by-slug/old-show')).status).toBe(200)
  })
})

describe('form bodies on update (CONTRACT §3, §5)', () => {
  it('organizer[]=12&venue[venue]=Blue%20Room', async () => {
    const response = await request(
      'PATCH',
      '/events/21',
      'organizer[]=12&organizer[]=18&venue[venue]=Blue%20Room&title=Form%20update',
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    )
    expect(response.status).toBe(200)
    expect(response.body.title).toBe('Form update')
    expect(response.body.organizer.map((o: Json) => o.id)).toEqual([12, 18])
    expect(response.body.venue.id).toBe(11)
  })

  it('a form body creating a venue with several fields', async () => {
    const response = await request(
      'POST',
      '/events',
      'title=New%20hall%20event&start_date=2026-08-01&end_date=2026-08-02&venue[venue]=Form%20Hall&venue[city]=Lowell',
      {
        'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
      },
    )
    expect(response.status).toBe(201)
    expect(response.body.venue).toMatchObject({ venue: 'Form Hall', city: 'Lowell' })
  })
})
