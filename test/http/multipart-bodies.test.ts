/**
 * Issue 10 §3, docs/writes.md and docs/errors.md: `multipart/form-data` bodies (RFC 7578) are read as WordPress reads
 * them: the text fields with PHP bracket names (`organizer[]=12`, `venue[venue]=Blue Room`) give the same object as
 * the same fields urlencoded or as JSON; file parts are ignored but count against the 1 MiB limit; a malformed body
 * is a 400 `rest_invalid_body` that changes nothing.
 *
 * fixtures/auth-open.json (open mode): event 10 "Jazz night" (venue 11 "Green Room", organizer 12, category 1),
 * organizers 12 "Jazz Society" and 13 "Blues Club", categories 1 Music and 2 Jazz (child of 1).
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { readBody } from '../../src/http/request/request-body.js'
import { fixture, open, P } from '../helpers.js'

type Json = Record<string, any>
type Opened = Awaited<ReturnType<typeof open>>

let opened: Opened

beforeEach(async () => {
  opened = await open(fixture('auth-open.json'))
})

const MiB = 1024 * 1024

/** A FormData from name/value pairs, in order (names may repeat, as PHP brackets do). */
function formData(pairs: Array<[string, string | Blob]>): FormData {
  const form = new FormData()
  for (const [name, value] of pairs) form.append(name, value)
  return form
}

/** Sends a body through the checked app; the platform sets `multipart/form-data; boundary=…` for a FormData. */
async function send(method: string, path: string, body: FormData | string, headers: Record<string, string> = {}) {
  const response = await opened.app.request(P + path, { method, body, headers })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as Json) : undefined }
}

function expectCode(response: { status: number; body?: Json }, status: number, code: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status)
  expect(response.body?.code).toBe(code)
  expect(response.body?.data.status).toBe(status)
}

const EVENT: Array<[string, string]> = [
  ['title', 'Multipart night'],
  ['start_date', '2026-07-20 20:00:00'],
  ['end_date', '2026-07-20 23:00:00'],
  ['organizer[]', '13'],
  ['organizer[]', '12'],
  ['venue[venue]', 'Blue Room'],
  ['venue[city]', 'Boston'],
  ['categories[]', '2'],
  ['featured', 'true'],
  ['description', 'Café ☕ & <b>more</b> = 100%'],
]

describe('the three body kinds read alike (CONTRACT §3)', () => {
  it('multipart, urlencoded and JSON give the same object', async () => {
    const request = (body: BodyInit, type?: string) =>
      new Request('http://localhost/', { method: 'POST', body, headers: type ? { 'content-type': type } : {} })
    const fromMultipart = await readBody(request(formData(EVENT)))
    const fromForm = await readBody(request(new URLSearchParams(EVENT).toString(), 'application/x-www-form-urlencoded'))
    const expected = {
      title: 'Multipart night',
      start_date: '2026-07-20 20:00:00',
      end_date: '2026-07-20 23:00:00',
      organizer: ['13', '12'],
      venue: { venue: 'Blue Room', city: 'Boston' },
      categories: ['2'],
      featured: 'true',
      description: 'Café ☕ & <b>more</b> = 100%',
    }
    expect(fromMultipart).toEqual(expected)
    expect(fromForm).toEqual(expected)
    expect(await readBody(request(JSON.stringify(expected), 'application/json'))).toEqual(fromMultipart)
  })

  it('a repeated name without brackets keeps the last value, as in urlencoded bodies', async () => {
    const body = await readBody(
      new Request('http://localhost/', {
        method: 'POST',
        body: formData([
          ['title', 'A'],
          ['title', 'B'],
          ['tags[]', 'x'],
          ['tags[]', 'y'],
        ]),
      }),
    )
    expect(body).toEqual({ title: 'B', tags: ['x', 'y'] })
  })
})

describe('multipart/form-data writes (CONTRACT §3, §5)', () => {
  it('creates an event with bracket arrays and an inline venue', async () => {
    const response = await send('POST', '/events', formData(EVENT))
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    expect(response.body).toMatchObject({
      title: 'Multipart night',
      start_date: '2026-07-20 20:00:00',
      featured: true,
      // Through the_content, as TEC shows it: the text arrived whole, `&` and all.
      description: '<p>Café ☕ &#038; <b>more</b> = 100%</p>',
    })
    expect(response.body?.organizer.map((o: Json) => o.id)).toEqual([13, 12])
    expect(response.body?.categories.map((c: Json) => c.id)).toEqual([2])
    expect(response.body?.venue).toMatchObject({ venue: 'Blue Room', city: 'Boston' })
  })

  it('a body written by hand as curl -F and PHP send it: CRLF, a quoted boundary, a part with its own type', async () => {
    const body = [
      '--x-boundary',
      'Content-Disposition: form-data; name="title"',
      '',
      'Hand written',
      '--x-boundary',
      'Content-Disposition: form-data; name="start_date"',
      'Content-Type: text/plain; charset=UTF-8',
      '',
      '2026-07-21',
      '--x-boundary',
      'Content-Disposition: form-data; name="end_date"',
      '',
      '2026-07-21',
      '--x-boundary',
      'Content-Disposition: form-data; name="organizer[0][organizer]"',
      '',
      'Form Society',
      '--x-boundary--',
      '',
    ].join('\r\n')
    const response = await send('POST', '/events', body, {
      'content-type': 'multipart/form-data; boundary="x-boundary"',
    })
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    expect(response.body).toMatchObject({ title: 'Hand written', start_date: '2026-07-21 00:00:00' })
    expect(response.body?.organizer.map((o: Json) => o.organizer)).toEqual(['Form Society'])
  })

  it('an update changes only the fields sent', async () => {
    const response = await send(
      'PATCH',
      '/events/10',
      formData([
        ['featured', '1'],
        ['organizer[]', '13'],
      ]),
    )
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    expect(response.body).toMatchObject({ title: 'Jazz night', featured: true })
    expect(response.body?.organizer.map((o: Json) => o.id)).toEqual([13])
    expect(response.body?.venue.id).toBe(11)
  })

  it('venues, organizers and terms take multipart bodies too', async () => {
    const venue = await send(
      'POST',
      '/venues',
      formData([
        ['venue', 'Form Hall'],
        ['city', 'Boston'],
        ['show_map', 'false'],
      ]),
    )
    expect(venue.status, JSON.stringify(venue.body)).toBe(201)
    expect(venue.body).toMatchObject({ venue: 'Form Hall', city: 'Boston', show_map: false })
    const organizer = await send(
      'POST',
      '/organizers',
      formData([
        ['organizer', 'Form Org'],
        ['phone', '555-0100'],
      ]),
    )
    expect(organizer.status).toBe(201)
    const category = await send(
      'POST',
      '/categories',
      formData([
        ['name', 'Blues'],
        ['parent', '1'],
      ]),
    )
    expect(category.status).toBe(201)
    expect(category.body).toMatchObject({ name: 'Blues', parent: 1 })
  })

  it('a bad field is a 400 rest_invalid_param naming it, as for the other kinds', async () => {
    const response = await send(
      'POST',
      '/events',
      formData([
        ['title', 'Bad'],
        ['start_date', 'whenever'],
        ['end_date', '2026-07-20'],
      ]),
    )
    expectCode(response, 400, 'rest_invalid_param')
    expect(response.body?.data.params).toHaveProperty('start_date')
  })
})

describe('file parts (CONTRACT §3: ignored, as WordPress leaves them to $_FILES)', () => {
  it('are ignored, a file named like a field included', async () => {
    const image = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00])], 'flyer.png', { type: 'image/png' })
    const response = await send('POST', '/events', formData([...EVENT, ['image', image], ['flyer', image]]))
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    expect(response.body?.image).toBe(false)
    const onlyFile = await send(
      'POST',
      '/events',
      formData([
        ['title', new File(['Not a title'], 'title.txt')],
        ['start_date', '2026-07-20'],
        ['end_date', '2026-07-20'],
      ]),
    )
    expectCode(onlyFile, 400, 'rest_missing_callback_param')
    expect(onlyFile.body?.data.params).toEqual(['title'])
  })

  it('count against the 1 MiB limit: 413 rest_payload_too_large, nothing stored', async () => {
    const big = new File([new Uint8Array(MiB)], 'big.bin')
    expectCode(await send('POST', '/events', formData([...EVENT, ['attachment', big]])), 413, 'rest_payload_too_large')
    expectCode(
      await send(
        'PATCH',
        '/events/10',
        formData([
          ['title', 'Changed'],
          ['attachment', big],
        ]),
      ),
      413,
      'rest_payload_too_large',
    )
    expect(opened.calendar.events.get(10).title).toBe('Jazz night')
    expect(opened.calendar.events.list({ search: 'Multipart' }).body.total).toBe(0)
  })
})

describe('malformed multipart bodies (CONTRACT §5)', () => {
  const TYPE = { 'content-type': 'multipart/form-data; boundary=xyz' }
  const part = '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nChanged\r\n'

  it('are a 400 rest_invalid_body: no boundary, no closing delimiter, not multipart, another boundary, a part without a name', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      [`${part}--xyz--\r\n`, { 'content-type': 'multipart/form-data' }],
      [part, TYPE],
      ['title=Changed', TYPE],
      [`${part}--xyz--\r\n`, { 'content-type': 'multipart/form-data; boundary=other' }],
      ['--xyz\r\nContent-Disposition: form-data\r\n\r\nChanged\r\n--xyz--\r\n', TYPE],
    ]
    for (const [body, headers] of cases) {
      const response = await send('PATCH', '/events/10', body, headers)
      expectCode(response, 400, 'rest_invalid_body')
      expect(typeof response.body?.data.body_error_message).toBe('string')
    }
    expect(opened.calendar.events.get(10).title).toBe('Jazz night')
  })

  it('are refused before the permission check, as malformed JSON is', async () => {
    const withTokens = await open(fixture('auth-roles.json'))
    const response = await withTokens.app.request(`${P}/events`, { method: 'POST', body: part, headers: TYPE })
    expect(response.status).toBe(400)
    expect(((await response.json()) as Json).code).toBe('rest_invalid_body')
  })

  it('an empty body is no body, as for the other kinds', async () => {
    const response = await send('PATCH', '/events/10', '', TYPE)
    expect(response.status).toBe(200)
    expect(response.body?.title).toBe('Jazz night')
  })
})
