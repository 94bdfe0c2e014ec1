/**
 * Texts that are not plain text in every text field of every resource (docs/errors.md#request-bodies,
 * docs/writes.md#bodies), answered as a real TEC 6.17.2 site answered the same requests, where it answered below
 * 500:
 * - a JSON body with the escape of a lone UTF-16 surrogate (high, low, or a pair reversed) is a 400
 *   `rest_invalid_json` with PHP's `json_error_code` 10, on every route (the site: the same answer);
 * - a form or multipart field whose octets are not UTF-8 (`%FF`, `%ED%A0%80`, Latin-1 `%E9`) is a 400
 *   `rest_invalid_param` naming it (the site: 500 for a title, a name or a description, 400 for a website or a
 *   time zone, the field emptied or a slug read as Latin-1 elsewhere); a field the route does not read is ignored;
 *   a query's reads as U+FFFD and finds nothing (the site: 200, nothing found);
 * - noncharacters, NUL and other control characters are stored and shown as sent (the site: the same);
 * - a library call with a lone surrogate in any text is a 400 naming the field; nothing changes, and the file
 *   loads again;
 * - a slug is made from any string.
 *
 * fixtures/resources-linked.json: events 301…, venues 101…, organizers 201…; a category and a tag made here.
 */
import fc from 'fast-check'
import { beforeEach, describe, expect, it } from 'vitest'
import { serializeState } from '../../src/core/cache/record-text.js'
import { CalendarError } from '../../src/core/errors.js'
import type { CollectionName } from '../../src/core/model/kinds.js'
import { slugFromTitle } from '../../src/core/resources/slugs.js'
import { expectValidFile } from '../expect.js'
import { fixture, open, P } from '../helpers.js'

type Opened = Awaited<ReturnType<typeof open>>
let opened: Opened
let ids: Record<CollectionName, number>

beforeEach(async () => {
  opened = await open(fixture('resources-linked.json'))
  const category = await opened.calendar.categories.create({ name: 'Music' })
  const tag = await opened.calendar.tags.create({ name: 'Live' })
  ids = { events: 301, venues: 101, organizers: 201, categories: category.id, tags: tag.id }
})

/** Every text field each resource takes, and a body that creates one of its kind around it. */
const FIELDS: Record<CollectionName, { texts: string[]; base: () => Record<string, string> }> = {
  events: {
    texts: ['title', 'description', 'excerpt', 'slug', 'cost', 'website', 'timezone'],
    base: () => ({ title: 'Odd night', start_date: '2026-08-01 10:00:00', end_date: '2026-08-01 11:00:00' }),
  },
  venues: {
    texts: [
      'venue',
      'description',
      'excerpt',
      'slug',
      'address',
      'city',
      'country',
      'province',
      'state',
      'stateprovince',
      'zip',
      'phone',
      'website',
    ],
    base: () => ({ venue: 'Odd Room' }),
  },
  organizers: {
    texts: ['organizer', 'description', 'excerpt', 'slug', 'phone', 'website', 'email'],
    base: () => ({ organizer: 'Odd Society' }),
  },
  categories: { texts: ['name', 'description', 'slug'], base: () => ({ name: 'Odd' }) },
  tags: { texts: ['name', 'description', 'slug'], base: () => ({ name: 'Odd' }) },
}

const KINDS = Object.keys(FIELDS) as CollectionName[]

/** Each text field of each resource, with the create and update routes that take it. */
const WRITES = KINDS.flatMap((kind) =>
  FIELDS[kind].texts.flatMap((field) => [
    { kind, field, method: 'POST', path: () => `/${kind}` },
    { kind, field, method: 'PATCH', path: () => `/${kind}/${ids[kind]}` },
  ]),
)

/** A request through the checked app; `body` as it goes on the wire. */
async function send(method: string, path: string, body?: string | Uint8Array<ArrayBuffer>, type?: string) {
  const init: RequestInit = { method, ...(body === undefined ? {} : { body, headers: { 'content-type': type ?? '' } }) }
  const response = await opened.app.request(P + path, init)
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : undefined }
}

/** The answer of `send`, with the state checked unchanged by it. */
async function refused(...args: Parameters<typeof send>) {
  const before = serializeState(opened.calendar.state)
  const answer = await send(...args)
  expect(serializeState(opened.calendar.state)).toBe(before)
  return answer
}

/** A form text (already escaped) from a body's plain fields and one escaped field. */
function form(fields: Record<string, string>, field: string, escaped: string): string {
  const plain = Object.entries(fields).filter(([key]) => key !== field)
  return [...plain.map(([key, value]) => `${key}=${encodeURIComponent(value)}`), `${field}=${escaped}`].join('&')
}

/** Octets to send, from pieces. */
const octets = (...pieces: Uint8Array[]) => new Uint8Array(Buffer.concat(pieces))

/** A multipart body of plain fields and one field of raw octets. */
function multipart(fields: Record<string, string>, field: string, value: Uint8Array): Uint8Array<ArrayBuffer> {
  const part = (name: string, text: Uint8Array) =>
    octets(
      Buffer.from(`--b0undary\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      text,
      Buffer.from('\r\n'),
    )
  const plain = Object.entries(fields).filter(([key]) => key !== field)
  return octets(
    ...plain.map(([key, text]) => part(key, Buffer.from(text))),
    part(field, value),
    Buffer.from('--b0undary--\r\n'),
  )
}

const INVALID_JSON = {
  code: 'rest_invalid_json',
  message: 'Invalid JSON body passed.',
  data: { status: 400, json_error_code: 10, json_error_message: 'Single unpaired UTF-16 surrogate in unicode escape' },
}

describe('a JSON body with a lone surrogate escape (as TEC answers it)', () => {
  it.each(WRITES)('$method $kind: $field', async ({ kind, field, method, path }) => {
    for (const lone of ['\\ud800', '\\udfff', '\\udc00\\ud800']) {
      const json = JSON.stringify({ ...FIELDS[kind].base(), [field]: 'x' }).replace('"x"', `"a${lone}b"`)
      const answer = await refused(method, path(), json, 'application/json')
      expect(answer.body).toEqual(INVALID_JSON)
    }
  })

  it('anywhere in the body: a field the route does not read, a key, a list of terms, an inline venue, a delete', async () => {
    for (const json of [
      '{"title":"Fine","start_date":"2026-08-01 10:00:00","end_date":"2026-08-01 11:00:00","color":"\\ud800"}',
      '{"\\udc00":1}',
      '{"categories":["\\ud800"]}',
      '{"venue":{"venue":"Room \\udbff"}}',
    ]) {
      expect((await refused('POST', '/events', json, 'application/json')).body).toEqual(INVALID_JSON)
      expect((await refused('PATCH', '/events/301', json, 'application/json')).body).toEqual(INVALID_JSON)
    }
    expect((await refused('DELETE', '/events/301', '{"force":"\\ud800"}', 'application/json')).body).toEqual(
      INVALID_JSON,
    )
  })

  it('a pair written as two escapes is one character, as on a site', async () => {
    const json = '{"name":"Rocket \\ud83d\\ude80"}'
    const answer = await send('POST', '/categories', json, 'application/json')
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ name: 'Rocket 🚀', slug: 'rocket-%f0%9f%9a%80' })
  })
})

describe('a form or multipart field whose octets are not UTF-8', () => {
  const invalidParam = (field: string) => ({
    code: 'rest_invalid_param',
    message: `Invalid parameter(s): ${field}`,
    data: { status: 400, params: { [field]: 'Invalid parameter.' }, details: [] },
  })

  it.each(WRITES)('$method $kind: $field is a 400 naming it', async ({ kind, field, method, path }) => {
    const fields = FIELDS[kind].base()
    for (const escaped of ['a%FFb', 'a%ED%A0%80b', 'caf%E9', 'x%E2%82', '%C0%AF']) {
      const urlencoded = await refused(
        method,
        path(),
        form(fields, field, escaped),
        'application/x-www-form-urlencoded',
      )
      expect(urlencoded.body).toEqual(invalidParam(field))
    }
    const type = 'multipart/form-data; boundary=b0undary'
    const latin1 = multipart(fields, field, Buffer.from([0x61, 0xff, 0x62]))
    expect((await refused(method, path(), latin1, type)).body).toEqual(invalidParam(field))
    // Raw octets in an urlencoded body, unescaped, read as their escapes do.
    const raw = octets(Buffer.from(form(fields, field, 'caf')), Buffer.from([0xe9]))
    expect((await refused(method, path(), raw, 'application/x-www-form-urlencoded')).body).toEqual(invalidParam(field))
  })

  it('names the field of an inline venue or a list by its name before the brackets', async () => {
    const event = 'title=Odd&start_date=2026-08-01+10:00:00&end_date=2026-08-01+11:00:00'
    const type = 'application/x-www-form-urlencoded'
    expect((await refused('POST', '/events', `${event}&venue[city]=%FF`, type)).body).toEqual(invalidParam('venue'))
    expect((await refused('POST', '/events', `${event}&organizer[]=201&organizer[]=%FF`, type)).body).toEqual(
      invalidParam('organizer'),
    )
  })

  it('a field the route does not read is ignored, and a name given twice keeps its last value', async () => {
    const event = 'start_date=2026-08-01+10:00:00&end_date=2026-08-01+11:00:00'
    const type = 'application/x-www-form-urlencoded'
    const ignored = await send('POST', '/events', `title=Fine&${event}&color=%FF&%FF=1`, type)
    expect(ignored.status).toBe(201)
    const last = await send('POST', '/events', `title=%FF&title=Last+one&${event}`, type)
    expect(last.status).toBe(201)
    expect(last.body.title).toBe('Last one')
    const garbledLast = await refused('POST', '/events', `title=Fine&title=%FF&${event}`, type)
    expect(garbledLast.body).toEqual(invalidParam('title'))
  })

  it('escapes PHP leaves as they are stay in the text: `100%`, `%ZZ`', async () => {
    const answer = await send(
      'POST',
      '/categories',
      'name=100%25+sure+100%&description=%ZZ',
      'application/x-www-form-urlencoded',
    )
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ name: '100% sure 100%', description: '%ZZ' })
  })
})

describe('a query string with octets that are not UTF-8 (as TEC answers it)', () => {
  it.each([
    '/events?search=%FF',
    '/events?search=a%ED%A0%80',
    '/venues?search=%FF',
    '/organizers?search=%C0%AF',
    '/categories?search=%FF',
    '/tags?slug=%FF',
  ])('%s finds nothing', async (path) => {
    const answer = await send('GET', `${path}&status=publish`.replace('?&', '?'))
    expect(answer.status).toBe(200)
    expect(answer.body.total).toBe(0)
  })

  it.each([
    ['/events?start_date=%FF', 'start_date'],
    ['/events?status=%FF', 'status'],
    ['/events?venue=%FF', 'venue'],
  ])('%s is a 400 naming the parameter', async (path, name) => {
    const answer = await send('GET', path)
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.data.params)).toEqual([name])
  })
})

describe('noncharacters, NUL and control characters are stored and shown as sent (as TEC shows them)', () => {
  it.each(['\u0000', '\u0001', '\u001f', '\u007f', '\u0085', '\u009f', '\ufffe', '\uffff', '\ufdd0', '\u2028'])(
    '%j in the texts of an event, a venue and an organizer',
    async (char) => {
      const text = `a${char}b`
      const json = (body: object) => JSON.stringify(body)
      const event = await send(
        'POST',
        '/events',
        json({ ...FIELDS.events.base(), title: text, description: text, excerpt: text }),
        'application/json',
      )
      expect(event.status).toBe(201)
      expect(event.body.title).toBe(text)
      const venueFields = Object.fromEntries(
        ['address', 'city', 'country', 'state', 'zip', 'phone'].map((key) => [key, text]),
      )
      const venue = await send('POST', '/venues', json({ venue: text, ...venueFields }), 'application/json')
      expect(venue.status).toBe(201)
      expect(venue.body).toMatchObject({ venue: text, ...venueFields })
      const organizer = await send(
        'POST',
        '/organizers',
        json({ organizer: text, email: text, phone: text }),
        'application/json',
      )
      expect(organizer.status).toBe(201)
      expect(organizer.body).toMatchObject({ organizer: text, email: text, phone: text })
      expectValidFile(opened.calendar)
    },
  )

  it('a slug keeps a noncharacter as its octets and drops NUL, as sanitize_title() does', async () => {
    const slugs: Array<[string, string]> = [
      ['a\ufffeb', 'a%ef%bf%beb'],
      ['a\u0085b', 'a%c2%85b'],
      ['a\u0000c', 'ac'],
    ]
    for (const [slug, made] of slugs) {
      const answer = await send(
        'POST',
        '/events',
        JSON.stringify({ ...FIELDS.events.base(), slug }),
        'application/json',
      )
      expect(answer.body.slug).toBe(made)
    }
  })
})

describe('a library call with a lone surrogate in a text', () => {
  /** The error a library call throws, with the state checked unchanged by it. */
  async function libraryRefusal(call: () => Promise<unknown>): Promise<CalendarError> {
    const before = serializeState(opened.calendar.state)
    const error = await call().then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(serializeState(opened.calendar.state)).toBe(before)
    if (!(error instanceof CalendarError)) throw new Error(`not refused: ${String(error)}`)
    return error
  }

  type Writes = { create(body: unknown): Promise<unknown>; update(id: number, body: unknown): Promise<unknown> }

  it.each(WRITES.filter(({ method }) => method === 'POST'))(
    '$kind: $field is a 400 naming it',
    async ({ kind, field }) => {
      const resource = opened.calendar[kind] as unknown as Writes
      for (const text of ['a\ud800b', '\udfff', '\udc00\ud800']) {
        for (const call of [
          () => resource.create({ ...FIELDS[kind].base(), [field]: text }),
          () => resource.update(ids[kind], { [field]: text }),
        ]) {
          const error = await libraryRefusal(call)
          expect(error.code).toBe('rest_invalid_param')
          expect(error.data.params).toEqual({ [field]: expect.stringMatching(/^holds a lone UTF-16 surrogate/u) })
        }
      }
    },
  )

  it('in an event’s cost list, image, terms by name, inline venue and organizer', async () => {
    const base = FIELDS.events.base()
    for (const [field, value] of [
      ['cost', ['$10', '\ud800']],
      ['image', 'https://img.example.org/\udc00.png'],
      ['categories', ['Jazz \ud800']],
      ['tags', 'New \udfff'],
      ['venue', { venue: 'Room \ud800' }],
      ['organizer', [{ organizer: 'Club', email: '\udbff' }]],
    ] as const) {
      const error = await libraryRefusal(() => opened.calendar.events.create({ ...base, [field]: value }))
      expect(Object.keys(error.data.params as object)).toEqual([field])
    }
  })

  it('in a list’s search', async () => {
    for (const kind of KINDS) {
      const resource = opened.calendar[kind] as unknown as { list(query: object): unknown }
      expect(() => resource.list({ search: 'x\ud800' })).toThrow(CalendarError)
    }
  })

  it('a noncharacter or NUL is taken, and the file loads again', async () => {
    const created = await opened.calendar.venues.create({ venue: 'Room \ufffe\u0000', city: '\uffff' })
    expect(created.venue).toBe('Room \ufffe\u0000')
    expectValidFile(opened.calendar)
  })
})

describe('a slug is made from any string', () => {
  it('a lone surrogate is dropped, as wp_check_invalid_utf8() drops what is not UTF-8 when it strips', () => {
    expect(slugFromTitle('\ud800x', '7.0.4')).toBe('x')
    expect(slugFromTitle('Rocket \udc00\ud800 🚀 \ud83d', '7.0.4')).toBe('rocket-%f0%9f%9a%80')
  })

  it('any UTF-16 code units give a slug of lower-case letters, digits, escaped octets and dashes (fast-check)', () => {
    const unit = fc.oneof(
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
    )
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (title) => {
        expect(slugFromTitle(title, '7.0.4')).toMatch(/^(?:[a-z\d_]|%[a-f\d]{2}|-(?!-))*$/u)
      }),
      { numRuns: 2000 },
    )
  })
})
