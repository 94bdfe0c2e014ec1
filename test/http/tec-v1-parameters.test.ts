/**
 * tec/v1's arguments (src/http/tec-v1/arguments/): read, refused, cleaned and described as
 * TEC 6.17.2 does. The error bodies quoted as text were answered by a live TEC 6.17.2 over HTTP, or, for the types
 * no tec/v1 route uses (number, integer, uuid, hex colour, ip, date, a text with a pattern, an entity), by TEC's own
 * `Parameter_Types` registered on a WordPress 7.0.4 route and run through `rest_do_request()`. The index and `/docs`
 * of the live site are in fixtures/tec-6.17.2/ (its index with `context=help`, whose `args` are the plain index's, and its `/docs`).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CalendarError } from '../../src/core/errors.js'
import { parseForm } from '../../src/http/request/params.js'
import { indexArgs, openApiParameters } from '../../src/http/tec-v1/arguments/parameter-schemas.js'
import { type Parameter, readArguments } from '../../src/http/tec-v1/arguments/parameters.js'
import {
  DELETE_ARGUMENTS,
  EVENT_BODY,
  EVENT_ID,
  eventListArguments,
  ORGANIZER_BODY,
  ORGANIZER_ID,
  organizerListArguments,
  requestBody,
  requestBodySchemas,
  VENUE_BODY,
  VENUE_ID,
  venueListArguments,
} from '../../src/http/tec-v1/arguments/route-arguments.js'

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8'))
const INDEX = fixture('tec-6.17.2/index-help.json')
const DOCS = fixture('tec-6.17.2/docs.json')

/** Venue 8 and organizer 7, as on the live site the answers were taken from. */
const lookup = { isVenue: (id: number) => id === 8, isOrganizer: (id: number) => id === 7 }
const EVENTS = eventListArguments(10, lookup)
const VENUES = venueListArguments(10)

/** The body `readArguments` refuses `sent` with, as the text sent on the wire. */
function refusal(parameters: readonly Parameter[], sent: Record<string, unknown>): string {
  try {
    readArguments(parameters, sent)
  } catch (error) {
    if (error instanceof CalendarError) return JSON.stringify(error.toJSON())
    throw error
  }
  throw new Error('not refused')
}

const query = (text: string) => parseForm(text)

describe('refusals, byte for byte as TEC 6.17.2 answers them', () => {
  it('a positive integer (GET /events?per_page=abc)', () => {
    expect(refusal(EVENTS, query('per_page=abc'))).toBe(
      '{"code":"rest_invalid_param","message":"Invalid parameter(s): per_page","data":{"status":400,"params":{"per_page":"Argument `{per_page}` must be a positive integer."},"details":{"per_page":{"code":"tec_rest_invalid_positive_integer_argument","message":"Argument `{per_page}` must be a positive integer.","data":{"status":400,"argument":"per_page","details":"The argument `{per_page}` is not a positive integer."}}}}}',
    )
    for (const bad of ['0', '-1', '1.5'])
      expect(refusal(EVENTS, query(`per_page=${bad}`))).toContain('positive integer')
  })

  it('names every refused argument in the route’s order, whatever the query’s', () => {
    expect(refusal(EVENTS, query('per_page=abc&page=x&orderby=z&order=up'))).toBe(
      '{"code":"rest_invalid_param","message":"Invalid parameter(s): page, per_page, orderby, order","data":{"status":400,"params":{"page":"Argument `{page}` must be a positive integer.","per_page":"Argument `{per_page}` must be a positive integer.","orderby":"Invalid parameter.","order":"Invalid parameter."},"details":{"page":{"code":"tec_rest_invalid_positive_integer_argument","message":"Argument `{page}` must be a positive integer.","data":{"status":400,"argument":"page","details":"The argument `{page}` is not a positive integer."}},"per_page":{"code":"tec_rest_invalid_positive_integer_argument","message":"Argument `{per_page}` must be a positive integer.","data":{"status":400,"argument":"per_page","details":"The argument `{per_page}` is not a positive integer."}}}}}',
    )
    expect(refusal(VENUES, query('event=abc&status=x&per_page=0&search=b:1;'))).toBe(
      '{"code":"rest_invalid_param","message":"Invalid parameter(s): per_page, search, event, status","data":{"status":400,"params":{"per_page":"Argument `{per_page}` must be a positive integer.","search":"Invalid parameter.","event":"Argument `{event}` must be a positive integer.","status":"Invalid parameter."},"details":{"per_page":{"code":"tec_rest_invalid_positive_integer_argument","message":"Argument `{per_page}` must be a positive integer.","data":{"status":400,"argument":"per_page","details":"The argument `{per_page}` is not a positive integer."}},"event":{"code":"tec_rest_invalid_positive_integer_argument","message":"Argument `{event}` must be a positive integer.","data":{"status":400,"argument":"event","details":"The argument `{event}` is not a positive integer."}}}}}',
    )
  })

  it('a date-time of a list, and one of a body with its pattern', () => {
    expect(refusal(EVENTS, query('start_date=bad'))).toBe(
      '{"code":"rest_invalid_param","message":"Invalid parameter(s): start_date","data":{"status":400,"params":{"start_date":"Argument `{start_date}` must be a date-time."},"details":{"start_date":{"code":"tec_rest_invalid_date_time_argument","message":"Argument `{start_date}` must be a date-time.","data":{"status":400,"argument":"start_date","details":"We cannot parse the argument `{start_date}` as a date-time."}}}}}',
    )
    expect(refusal(EVENT_BODY, { start_date: 'bad' })).toBe(
      '{"code":"rest_invalid_param","message":"Invalid parameter(s): start_date","data":{"status":400,"params":{"start_date":"Argument `{start_date}` must match the pattern."},"details":{"start_date":{"code":"tec_rest_invalid_date_time_argument","message":"Argument `{start_date}` must match the pattern.","data":{"status":400,"argument":"start_date","details":"The argument `{start_date}` does not match the pattern `^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$`."}}}}}',
    )
    expect(refusal(EVENT_BODY, { date: '2025-13-45T99:00:00' })).toBe(
      '{"code":"rest_invalid_param","message":"Invalid parameter(s): date","data":{"status":400,"params":{"date":"Argument `{date}` must be a date-time."},"details":{"date":{"code":"tec_rest_invalid_date_time_argument","message":"Argument `{date}` must be a date-time.","data":{"status":400,"argument":"date","details":"We cannot parse the argument `{date}` as a date-time."}}}}}',
    )
    // What strtotime() takes passes: a number, a day past the month's end; the epoch itself does not (it is 0).
    for (const date of ['12345', '2025-02-30', 'tomorrow', '2025-01-01T10:00:00Z'])
      expect(readArguments(EVENTS, { start_date: date }).start_date).toBe(date)
    expect(refusal(EVENTS, { start_date: '1970-01-01 00:00:00' })).toContain('must be a date-time')
    expect(refusal(EVENTS, { start_date: '2025-13-01' })).toContain('must be a date-time')
  })

  it('a body of many refusals: plain ones with "Invalid parameter." and no details, an array item named `example`', () => {
    const body = {
      date: 'bad',
      title: 5,
      status: 'nope',
      author: -1,
      tags: 'x',
      duration: 'abc',
      all_day: 'maybe',
      comment_status: 'x',
      sticky: 'no',
      venues: [99999],
      organizers: '1',
      tribe_events_cat: [0],
    }
    expect(refusal(EVENT_BODY, body)).toBe(
      '{"code":"rest_invalid_param","message":"Invalid parameter(s): date, status, title, author, comment_status, tags, tribe_events_cat, duration, organizers","data":{"status":400,"params":{"date":"Argument `{date}` must match the pattern.","status":"Invalid parameter.","title":"Invalid parameter.","author":"Argument `{author}` must be a positive integer.","comment_status":"Invalid parameter.","tags":"Invalid parameter.","tribe_events_cat":"Argument `{example}` must be a positive integer.","duration":"Argument `{duration}` must be a positive integer.","organizers":"Invalid parameter."},"details":{"date":{"code":"tec_rest_invalid_date_time_argument","message":"Argument `{date}` must match the pattern.","data":{"status":400,"argument":"date","details":"The argument `{date}` does not match the pattern `^\\\\d{4}-\\\\d{2}-\\\\d{2}[Tt ]\\\\d{2}:\\\\d{2}:\\\\d{2}(?:\\\\.\\\\d+)?(?:Z|[+-]\\\\d{2}(?::\\\\d{2})?)?$`."}},"author":{"code":"tec_rest_invalid_positive_integer_argument","message":"Argument `{author}` must be a positive integer.","data":{"status":400,"argument":"author","details":"The argument `{author}` is not a positive integer."}},"tribe_events_cat":{"code":"tec_rest_invalid_positive_integer_argument","message":"Argument `{example}` must be a positive integer.","data":{"status":400,"argument":"example","details":"The argument `{example}` is not a positive integer."}},"duration":{"code":"tec_rest_invalid_positive_integer_argument","message":"Argument `{duration}` must be a positive integer.","data":{"status":400,"argument":"duration","details":"The argument `{duration}` is not a positive integer."}}}}}',
    )
  })

  it('texts: a serialized one, an array, a number; `details` is `[]` when no check said more', () => {
    const plain = (name: string) =>
      `{"code":"rest_invalid_param","message":"Invalid parameter(s): ${name}","data":{"status":400,"params":{"${name}":"Invalid parameter."},"details":[]}}`
    expect(refusal(EVENT_BODY, { title: 'a:1:{s:1:"a";i:1;}' })).toBe(plain('title'))
    expect(refusal(EVENT_BODY, { title: 'b:0;' })).toBe(plain('title'))
    expect(refusal(EVENT_BODY, { title: ['x'] })).toBe(plain('title'))
    expect(refusal(EVENTS, query('search[]=x'))).toBe(plain('search'))
    expect(refusal(VENUES, query('search=a:1:{}'))).toBe(plain('search'))
    expect(refusal(VENUE_BODY, { title: 'V', website: 'ftp:/x', zip: 5 })).toBe(
      '{"code":"rest_invalid_param","message":"Invalid parameter(s): zip, website","data":{"status":400,"params":{"zip":"Invalid parameter.","website":"Argument `{website}` must be a valid URL."},"details":{"website":{"code":"tec_rest_invalid_uri_argument","message":"Argument `{website}` must be a valid URL.","data":{"status":400,"argument":"website","details":"The argument `{website}` is not a valid URL."}}}}}',
    )
  })

  it('an email and a URL', () => {
    expect(refusal(ORGANIZER_BODY, { title: 'O', email: 'nope', website: 'notaurl', phone: '<b>1</b>' })).toBe(
      '{"code":"rest_invalid_param","message":"Invalid parameter(s): website, email","data":{"status":400,"params":{"website":"Argument `{website}` must be a valid URL.","email":"Argument `{email}` must be a valid email address."},"details":{"website":{"code":"tec_rest_invalid_uri_argument","message":"Argument `{website}` must be a valid URL.","data":{"status":400,"argument":"website","details":"The argument `{website}` is not a valid URL."}},"email":{"code":"tec_rest_invalid_email_argument","message":"Argument `{email}` must be a valid email address.","data":{"status":400,"argument":"email","details":"The argument `{email}` is not a valid email address."}}}}}',
    )
  })

  it('lists of IDs and statuses: a category needs an array or a comma, a venue must exist, a status be allowed', () => {
    const plain = (name: string) =>
      `{"code":"rest_invalid_param","message":"Invalid parameter(s): ${name}","data":{"status":400,"params":{"${name}":"Invalid parameter."},"details":[]}}`
    expect(refusal(EVENTS, query('categories=5'))).toBe(plain('categories'))
    expect(refusal(EVENTS, query('categories=a,b'))).toBe(
      '{"code":"rest_invalid_param","message":"Invalid parameter(s): categories","data":{"status":400,"params":{"categories":"Argument `{example}` must be a positive integer."},"details":{"categories":{"code":"tec_rest_invalid_positive_integer_argument","message":"Argument `{example}` must be a positive integer.","data":{"status":400,"argument":"example","details":"The argument `{example}` is not a positive integer."}}}}}',
    )
    expect(refusal(EVENTS, query('tags=0,1'))).toContain('"argument":"example"')
    for (const q of ['venue=99999', 'venue=abc', 'venue=', 'organizer=8', 'status=foo', 'status=draft,foo', 'status='])
      expect(refusal(EVENTS, query(q))).toBe(plain(q.split('=')[0]!))
    expect(readArguments(EVENTS, query('venue=8&organizer[]=7&status[]=draft'))).toMatchObject({
      venue: [8],
      organizer: [7],
      status: ['draft'],
    })
  })

  it('the types no route uses, as TEC’s Parameter_Types answer through WordPress', () => {
    const types: Parameter[] = [
      { name: 'int', type: 'integer' },
      { name: 'num', type: 'number' },
      { name: 'txt_pat', type: 'text', pattern: '^[A-Z]{3}$' },
      { name: 'd', type: 'date' },
      { name: 'uuid', type: 'uuid' },
      { name: 'hex', type: 'hex-color' },
      { name: 'ip', type: 'ip' },
    ]
    const sent = {
      num: '2',
      int: '1.5',
      uuid: '123E4567-E89B-12D3-A456-426614174000',
      hex: 'red',
      ip: '01.2.3.4',
      d: 'bad',
      txt_pat: 'abc',
    }
    expect(refusal(types, sent)).toBe(
      '{"code":"rest_invalid_param","message":"Invalid parameter(s): int, num, txt_pat, d, uuid, hex, ip","data":{"status":400,"params":{"int":"Argument `{int}` must be an integer.","num":"Argument `{num}` must be a number.","txt_pat":"Argument `{txt_pat}` must match the pattern.","d":"Argument `{d}` must be a date-time.","uuid":"Argument `{uuid}` must be a valid UUID.","hex":"Argument `{hex}` must be a valid hex color.","ip":"Argument `{ip}` must be a valid IP address."},"details":{"int":{"code":"tec_rest_invalid_integer_argument","message":"Argument `{int}` must be an integer.","data":{"status":400,"argument":"int","details":"The argument `{int}` is not an integer."}},"num":{"code":"tec_rest_invalid_number_argument","message":"Argument `{num}` must be a number.","data":{"status":400,"argument":"num","details":"The argument `{num}` is not a number."}},"txt_pat":{"code":"tec_rest_invalid_string_argument","message":"Argument `{txt_pat}` must match the pattern.","data":{"status":400,"argument":"txt_pat","details":"The argument `{txt_pat}` does not match the pattern `^[A-Z]{3}$`."}},"d":{"code":"tec_rest_invalid_date_argument","message":"Argument `{d}` must be a date-time.","data":{"status":400,"argument":"d","details":"We cannot parse the argument `{d}` as a date."}},"uuid":{"code":"tec_rest_invalid_uuid_argument","message":"Argument `{uuid}` must be a valid UUID.","data":{"status":400,"argument":"uuid","details":"The argument `{uuid}` is not a valid UUID. It should be a string like `123e4567-e89b-12d3-a456-426614174000`."}},"hex":{"code":"tec_rest_invalid_hex_color_argument","message":"Argument `{hex}` must be a valid hex color.","data":{"status":400,"argument":"hex","details":"The argument `{hex}` is not a valid hex color. It should be a string like `#000000` or `#000`."}},"ip":{"code":"tec_rest_invalid_ip_argument","message":"Argument `{ip}` must be a valid IP address.","data":{"status":400,"argument":"ip","details":"The argument `{ip}` is not a valid IP address."}}}}}',
    )
    expect(refusal(types, { hex: 5, txt_pat: 5 })).toBe(
      '{"code":"rest_invalid_param","message":"Invalid parameter(s): txt_pat, hex","data":{"status":400,"params":{"txt_pat":"Argument `{txt_pat}` must be a string.","hex":"Argument `{hex}` must be a string."},"details":{"txt_pat":{"code":"tec_rest_invalid_string_argument","message":"Argument `{txt_pat}` must be a string.","data":{"status":400,"argument":"txt_pat","details":"The argument `{txt_pat}` is not a string."}},"hex":{"code":"tec_rest_invalid_hex_color_argument","message":"Argument `{hex}` must be a string.","data":{"status":400,"argument":"hex","details":"The argument `{hex}` is not a string."}}}}}',
    )
  })

  it('an entity: a required property, an invalid one, and a property’s own refusal under its own name', () => {
    const entity: Parameter[] = [
      {
        name: 'ent',
        type: 'entity',
        properties: [
          { name: 'id', type: 'positive-integer', required: true },
          { name: 'name', type: 'text' },
        ],
      },
    ]
    expect(refusal(entity, { ent: { name: 'x' } })).toBe(
      '{"code":"rest_invalid_param","message":"Invalid parameter(s): ent","data":{"status":400,"params":{"ent":"Property ent.id is required"},"details":{"ent":{"code":"tec_rest_required_property_missing","message":"Property ent.id is required","data":{"status":400,"argument":"ent.id","details":"The property is required but missing."}}}}}',
    )
    expect(refusal(entity, { ent: { id: 3, name: 5 } })).toBe(
      '{"code":"rest_invalid_param","message":"Invalid parameter(s): ent","data":{"status":400,"params":{"ent":"Property ent.name is invalid"},"details":{"ent":{"code":"tec_rest_invalid_property","message":"Property ent.name is invalid","data":{"status":400,"argument":"ent.name","details":"The property is invalid."}}}}}',
    )
    expect(refusal(entity, { ent: { id: 'abc' } })).toBe(
      '{"code":"rest_invalid_param","message":"Invalid parameter(s): ent","data":{"status":400,"params":{"ent":"Argument `{id}` must be a positive integer."},"details":{"ent":{"code":"tec_rest_invalid_positive_integer_argument","message":"Argument `{id}` must be a positive integer.","data":{"status":400,"argument":"id","details":"The argument `{id}` is not a positive integer."}}}}}',
    )
    expect(readArguments(entity, { ent: { id: '3', name: '<b>N</b>\n x' } })).toEqual({ ent: { id: 3, name: 'N x' } })
  })

  it('a required argument missing: WordPress’s rest_missing_callback_param before any check', () => {
    const args: Parameter[] = [
      { name: 'a', type: 'text', required: true },
      { name: 'b', type: 'positive-integer', required: true },
      { name: 'c', type: 'positive-integer' },
    ]
    expect(refusal(args, { c: 'x' })).toBe(
      '{"code":"rest_missing_callback_param","message":"Missing parameter(s): a, b","data":{"status":400,"params":["a","b"]}}',
    )
  })
})

describe('what the handler receives', () => {
  it('a list: the defaults, unknown arguments dropped, integers read', () => {
    expect(readArguments(EVENTS, query('per_page=5&foo=x&page=2.0'))).toEqual({
      page: 2,
      per_page: 5,
      status: ['publish'],
      orderby: 'event_date',
      order: 'ASC',
    })
    expect(readArguments(eventListArguments(25, lookup), {}).per_page).toBe(25)
    // TEC checks no maximum: 500 passes.
    expect(readArguments(VENUES, query('per_page=500')).per_page).toBe(500)
  })

  it('arrays from CSV texts and from `a[]=`, each item cleaned', () => {
    expect(readArguments(EVENTS, query('categories=5,6&tags[]=7&tags[]=8&status=draft,publish'))).toMatchObject({
      categories: [5, 6],
      tags: [7, 8],
      status: ['draft', 'publish'],
    })
    expect(readArguments(EVENT_BODY, { tags: '3,4', venues: [8], organizers: ['7'] })).toMatchObject({
      tags: [3, 4],
      venues: [8],
      organizers: [7],
    })
  })

  it('texts through sanitize_text_field(), booleans as PHP casts them (`"false"` is true)', () => {
    const read = readArguments(EVENT_BODY, {
      title: '<b>Hi</b>\nthere %41 x',
      content: '<p>Para</p>\n\nTwo',
      cost: '<i>$5</i>',
      featured: 'false',
      sticky: '0',
      all_day: 'maybe',
      status: 'draft',
      foo: 'bar',
    })
    // Seen live: the event was stored with the title "Hi there x", the content "Para Two", the cost "$5", featured.
    expect(read).toMatchObject({
      title: 'Hi there x',
      content: 'Para Two',
      cost: '$5',
      featured: true,
      sticky: false,
      all_day: true,
      status: 'draft',
    })
    expect(read).not.toHaveProperty('foo')
    expect(readArguments(ORGANIZER_BODY, { phone: '<b>1</b>\n2', email: 'A@B.co' })).toMatchObject({
      phone: '1 2',
      email: 'A@B.co',
    })
    expect(readArguments([{ name: 'hex', type: 'hex-color' }], { hex: '#ABC' })).toEqual({ hex: '#abc' })
    expect(readArguments(EVENTS, query('featured[]=x&ticketed=0')).featured).toBe(true)
    expect(readArguments(DELETE_ARGUMENTS, query('force=abc'))).toEqual({ force: true })
    expect(readArguments(DELETE_ARGUMENTS, {})).toEqual({ force: false })
  })

  it('a body: the post’s defaults filled in (an update without status publishes: seen live), a JSON null as empty', () => {
    expect(readArguments([EVENT_ID, ...EVENT_BODY], { id: '4', title: 'New' })).toEqual({
      id: 4,
      status: 'publish',
      title: 'New',
      comment_status: 'open',
      ping_status: 'open',
      format: 'standard',
      sticky: false,
    })
    // Seen live: PATCH {"title": null} left the event's title empty.
    expect(readArguments(VENUE_BODY, { title: null, status: null, author: null })).toMatchObject({
      title: '',
      status: 'publish',
      author: 0,
    })
  })
})

describe('the descriptions', () => {
  const endpoint = (route: string, method: string) =>
    INDEX.routes[route].endpoints.find((each: { methods: string[] }) => each.methods.includes(method)).args
  const kinds = [
    ['events', EVENTS, EVENT_BODY, EVENT_ID, 'event'],
    ['venues', VENUES, VENUE_BODY, VENUE_ID, 'venue'],
    ['organizers', organizerListArguments(10), ORGANIZER_BODY, ORGANIZER_ID, 'organizer'],
  ] as const

  it.each(kinds)('%s: the index’s args of each route, as the live index lists them', (kind, list, body, id) => {
    const single = `/tec/v1/${kind}/(?P<id>\\d+)`
    expect(JSON.stringify(indexArgs(list))).toBe(JSON.stringify(endpoint(`/tec/v1/${kind}`, 'GET')))
    expect(JSON.stringify(indexArgs(body))).toBe(JSON.stringify(endpoint(`/tec/v1/${kind}`, 'POST')))
    expect(JSON.stringify(indexArgs([id]))).toBe(JSON.stringify(endpoint(single, 'GET')))
    expect(JSON.stringify(indexArgs([id, ...body]))).toBe(JSON.stringify(endpoint(single, 'PATCH')))
    expect(JSON.stringify(indexArgs([id, ...DELETE_ARGUMENTS]))).toBe(JSON.stringify(endpoint(single, 'DELETE')))
  })

  it.each(kinds)(
    '%s: /docs’ parameters and request bodies, as the live /docs shows them',
    (kind, list, _b, id, one) => {
      const paths = DOCS.paths
      const same = (ours: unknown, theirs: unknown) => expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs))
      same(openApiParameters(list), paths[`/${kind}`].get.parameters)
      same(openApiParameters([]), paths[`/${kind}`].post.parameters)
      same(openApiParameters([id]), paths[`/${kind}/{id}`].get.parameters)
      same(openApiParameters([id]), paths[`/${kind}/{id}`].put.parameters)
      same(openApiParameters([id, ...DELETE_ARGUMENTS]), paths[`/${kind}/{id}`].delete.parameters)
      same(requestBody(one, 'create'), paths[`/${kind}`].post.requestBody)
      same(requestBody(one, 'update'), paths[`/${kind}/{id}`].put.requestBody)
    },
  )

  it('the request body schemas of /docs’ components', () => {
    for (const [name, schema] of Object.entries(requestBodySchemas()))
      expect(JSON.stringify(schema)).toBe(JSON.stringify(DOCS.components.schemas[name]))
  })
})
