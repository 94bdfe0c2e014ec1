/**
 * fast-check arbitraries for the hostile-input properties (issue 9): date inputs of every form of docs/writes.md at
 * and past the edges of what calfile can store, time zones, texts with what is not plain text in them (lone
 * surrogates, noncharacters, control characters), request bodies of each resource, and query strings of the list
 * routes (octets that are not UTF-8 among them). Each body field is mostly valid and sometimes hostile, so that both
 * accepted and refused writes are common.
 */
import fc from 'fast-check'
import { isWellFormed } from '../../src/core/well-formed.js'

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** Mostly `valid`, one time in `odds` `hostile`. */
function mostly<T>(valid: fc.Arbitrary<T>, hostile: fc.Arbitrary<unknown>, odds = 8): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: valid, weight: odds - 1 }, { arbitrary: hostile, weight: 1 })
}

/** Years where the range checks bite, and ordinary ones. */
const year = fc.oneof(
  fc.integer({ min: 0, max: 2 }),
  fc.integer({ min: 9997, max: 9999 }),
  fc.integer({ min: 0, max: 9999 }),
  fc.integer({ min: 2020, max: 2030 }),
)

const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, mi, s]) => `${pad(h)}:${pad(mi)}:${pad(s)}`)

/** `YYYY-MM-DD HH:MM:SS` of a real calendar day: often on the first or last day calfile can store, else any. */
export const wall = fc.oneof(
  {
    arbitrary: fc.tuple(fc.constantFrom('0000-01-01', '9999-12-31'), time).map(([day, t]) => `${day} ${t}`),
    weight: 1,
  },
  {
    arbitrary: fc
      .tuple(year, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), time)
      .map(([y, mo, d, t]) => `${pad(y, 4)}-${pad(mo)}-${pad(d)} ${t}`),
    weight: 2,
  },
)

/** Walls that are no date: day 0 or 32, hour 24, month 13. */
const badWall = fc
  .tuple(
    year,
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
    fc.integer({ min: 0, max: 24 }),
    fc.integer({ min: 0, max: 60 }),
  )
  .map(([y, mo, d, h, mi]) => `${pad(y, 4)}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:00`)

const offset = fc.oneof(
  fc.constant('Z'),
  fc
    .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 59 }))
    .map(([sign, h, m]) => `${sign}${pad(h)}:${pad(m)}`),
)

/** A date input of any accepted form (docs/writes.md), at the edges of the range, or not a date at all. */
export const dateInput: fc.Arbitrary<string | number> = fc.oneof(
  wall,
  badWall,
  wall.map((w) => w.slice(0, 10)),
  wall.map((w) => w.slice(0, 16)),
  fc.tuple(wall, offset).map(([w, o]) => `${w.replace(' ', 'T')}${o}`),
  fc.integer({ min: -62_200_000_000, max: 253_500_000_000 }).map(String),
  fc.integer({ min: -62_200_000_000, max: 253_500_000_000 }),
  fc.double(),
  fc.constantFrom(
    'now',
    'today',
    'tomorrow 9am',
    'yesterday 14:30',
    'today at 12pm',
    '+1 day',
    '-3 weeks',
    '+8000 years',
    '-3000 years +2 hours',
    'next tuesday',
    '',
  ),
  fc
    .tuple(
      fc.constantFrom('+', '-'),
      fc.nat({ max: 20_000 }),
      fc.constantFrom('minute', 'hours', 'day', 'week', 'months', 'year'),
    )
    .map(([s, n, u]) => `${s}${n} ${u}`),
  fc.string(),
)

/** Zones calfile takes, with big and odd offsets. */
export const zone = fc.constantFrom(
  'UTC',
  'America/New_York',
  'Asia/Kolkata',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Australia/Lord_Howe',
  'America/St_Johns',
  'Asia/Manila',
  'Europe/London',
  'UTC+14',
  'UTC-12',
  'UTC+5:30',
  'UTC+0',
  'UTC-0:30',
)

/** Zones, and sometimes strings that are none. */
export const anyZone = mostly(
  zone,
  fc.oneof(fc.constantFrom('UTC+15', '+05:30', 'Mars/Olympus', ''), fc.string({ maxLength: 20 })),
) as fc.Arbitrary<string>

/** An event's start and end: mostly in order within a few days, in ordinary years or at the edges. */
const span = fc.tuple(wall, fc.integer({ min: -60, max: 10_000 })).map(([start, minutes]) => {
  const [y, mo, d, h, mi, s] = start.split(/[- :]/u).map(Number) as [number, number, number, number, number, number]
  const end = new Date(Date.UTC(y + 400, mo - 1, d, h, mi + minutes, s))
  const endYear = end.getUTCFullYear() - 400
  const endWall = `${pad(endYear, 4)}-${pad(end.getUTCMonth() + 1)}-${pad(end.getUTCDate())} ${pad(end.getUTCHours())}:${pad(end.getUTCMinutes())}:${pad(end.getUTCSeconds())}`
  return { start_date: start, end_date: endWall }
})

/**
 * Code units that are not plain text: lone UTF-16 surrogates, high and low (two in a row may pair up, or come
 * reversed), noncharacters, NUL and the other control characters, the line and paragraph separators, a byte order
 * mark, U+FFFD; and any code point.
 */
const oddUnit = fc.oneof(
  fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
  fc.constantFrom(
    '\ud800',
    '\udbff',
    '\udc00',
    '\udfff',
    '\udc00\ud800',
    '\ud800\ud800',
    '\ufffe',
    '\uffff',
    '\ufdd0',
    '\ufdef',
    '\u{1fffe}',
    '\u{10ffff}',
    '\u0000',
    '\u0001',
    '\u001f',
    '\u007f',
    '\u0085',
    '\u009f',
    '\t',
    '\n',
    '\r',
    '\u2028',
    '\u2029',
    '\ufeff',
    '\ufffd',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
)

/** A text of ASCII and odd code units (`oddUnit`), often both: what a text field of a hostile body holds. */
export const oddText = fc.string({
  unit: fc.oneof(
    { arbitrary: fc.string({ minLength: 1, maxLength: 1 }), weight: 2 },
    { arbitrary: oddUnit, weight: 1 },
  ),
  minLength: 1,
  maxLength: 16,
})

const junk = fc.oneof(
  fc.string({ maxLength: 30 }),
  oddText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 }),
  fc.object({ maxDepth: 1, maxKeys: 2 }),
)

/** A record with some of `fields` (each key there one time in three, `required` always), the others left out. */
function some<T extends Record<string, fc.Arbitrary<unknown>>>(fields: T, required: Array<keyof T> = []) {
  const sometimes = (arbitrary: fc.Arbitrary<unknown>) =>
    fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary, weight: 1 })
  const entries = Object.entries(fields).map(
    ([key, arbitrary]) => [key, required.includes(key) ? arbitrary : sometimes(arbitrary)] as const,
  )
  return fc
    .record(Object.fromEntries(entries))
    .map((record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)))
}

/** The IDs a body may name: the state's venues, organizers and terms. */
export interface KnownIds {
  venues: number[]
  organizers: number[]
  terms: number[]
}

/**
 * Request bodies of every resource (docs/writes.md) in which each field is hostile one time in `odds`: a plausible
 * client (high odds, most bodies accepted) or a fuzzer (low odds, most refused).
 */
function bodies(odds: number) {
  const maybe = <T>(valid: fc.Arbitrary<T>, hostile: fc.Arbitrary<unknown>) => mostly(valid, hostile, odds)
  const bool = maybe(
    fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', '1', '0', 'yes', 'no', 'on', 'off')),
    fc.oneof(fc.constantFrom('maybe', 2, ''), junk),
  )
  const status = maybe(
    fc.constantFrom('publish', 'publish', 'future', 'draft', 'pending', 'private', 'trash'),
    fc.oneof(fc.string({ maxLength: 10 }), junk),
  )
  const name = maybe(
    fc.oneof(
      fc.string({ minLength: 1, maxLength: 30 }).filter((n) => n.trim() !== ''),
      fc.constantFrom('Jazz night', 'Café Ünïcödé', 'a/b?c#d', '<b>bold</b>', 'İstanbul', 'Blue Room'),
    ),
    fc.oneof(fc.constantFrom('', '  '), oddText, junk),
  )
  const text = (max: number) => maybe(fc.string({ maxLength: max }), fc.oneof(oddText, junk))
  const url = maybe(
    fc.constantFrom('https://x.example.org/page', 'http://localhost:3000/', ''),
    fc.oneof(
      fc.string({ maxLength: 20 }),
      oddText.map((text) => `https://x.example.org/${text}`),
      junk,
    ),
  )
  const date = maybe(wall, dateInput)
  const postFields = {
    date,
    date_utc: date,
    status,
    slug: maybe(
      fc.constantFrom('jazz-night', 'blue-room', 'music', 'new-slug'),
      fc.oneof(fc.string({ maxLength: 20 }), oddText),
    ),
    description: text(60),
    excerpt: text(30),
    author: maybe(fc.constant(1), fc.oneof(fc.constantFrom(2, 999, 0, -1), junk)),
    image: maybe(
      fc.constantFrom('https://img.example.org/a.png', ''),
      fc.oneof(fc.constantFrom(0, 5, 'ftp://x'), junk),
    ),
  }
  const venue = some(
    {
      ...postFields,
      venue: name,
      address: text(20),
      city: text(20),
      zip: text(8),
      website: url,
      geo_lat: maybe(fc.double({ min: -90, max: 90, noNaN: true }), fc.oneof(fc.string({ maxLength: 8 }), junk)),
      geo_lng: maybe(fc.double({ min: -180, max: 180, noNaN: true }), fc.oneof(fc.string({ maxLength: 8 }), junk)),
      show_map: bool,
    },
    ['venue'],
  )
  const organizer = some({ ...postFields, organizer: name, email: text(20), phone: text(12), website: url }, [
    'organizer',
  ])
  const relation = (ids: number[]) => {
    const known = ids.length > 0 ? fc.constantFrom(...ids) : fc.integer({ min: 1, max: 500 })
    return maybe(
      fc.oneof(
        known,
        fc.array(known, { maxLength: 3 }),
        fc.array(known, { maxLength: 3 }).map((list) => list.join(',')),
      ),
      fc.oneof(fc.integer({ min: -5, max: 100_000 }), junk),
    )
  }
  const terms = (ids: number[]) =>
    fc.oneof(relation(ids), fc.array(fc.oneof(fc.string({ minLength: 1, maxLength: 10 }), oddText), { maxLength: 2 }))
  /** Start and end: mostly in order, minutes to days apart, in any year or at the edges; sometimes any date input. */
  const when = fc.oneof(
    { arbitrary: span, weight: Math.max(1, Math.round(odds / 2)) },
    { arbitrary: fc.record({ start_date: dateInput, end_date: dateInput }), weight: 1 },
  )
  const event = (ids: KnownIds) =>
    fc
      .tuple(
        some(
          {
            ...postFields,
            title: name,
            timezone: maybe(zone, fc.oneof(fc.constantFrom('UTC+15', '+05:30', 'Mars/Olympus', ''), junk)),
            all_day: bool,
            cost: maybe(
              fc.oneof(
                fc.constantFrom('$10', '20$', 'Free', ''),
                fc.array(fc.constantFrom('0$', '20$', '30'), { maxLength: 3 }),
              ),
              junk,
            ),
            website: url,
            hide_from_listings: bool,
            featured: bool,
            sticky: bool,
            venue: fc.oneof(relation(ids.venues), venue),
            organizer: fc.oneof(relation(ids.organizers), fc.array(organizer, { maxLength: 2 })),
            categories: terms(ids.terms),
            tags: terms(ids.terms),
          },
          ['title'],
        ),
        when,
      )
      .map(([body, dates]) => ({ ...body, ...dates }))
  const term = some(
    {
      name,
      slug: maybe(fc.string({ maxLength: 12 }), fc.oneof(oddText, junk)),
      description: text(20),
      parent: maybe(fc.integer({ min: 0, max: 40 }), junk),
    },
    ['name'],
  )
  return { event, venue, organizer, term }
}

const plausible = bodies(40)
const fuzzing = bodies(3)

/** An event body naming the state's records by `ids`, with inline venues and organizers. */
export const eventBody = (ids: KnownIds) => fc.oneof(plausible.event(ids), fuzzing.event(ids))
export const venueBody = fc.oneof(plausible.venue, fuzzing.venue)
export const organizerBody = fc.oneof(plausible.organizer, fuzzing.organizer)
export const termBody = fc.oneof(plausible.term, fuzzing.term)

const LIST_KEYS = [
  'page',
  'per_page',
  'start_date',
  'end_date',
  'starts_before',
  'starts_after',
  'ends_before',
  'ends_after',
  'strict_dates',
  'search',
  'categories',
  'tags',
  'venue',
  'organizer',
  'featured',
  'status',
  'include',
  'exclude',
  'geoloc',
  'geoloc_lat',
  'geoloc_lng',
  'geoloc_radius',
  'post_parent',
  'ticketed',
  'event',
  'has_events',
  'only_with_upcoming',
  'hide_empty',
  'order',
  'orderby',
  'parent',
  'post',
  'slug',
  'force',
]

/**
 * Raw escapes of octets that are not UTF-8 (a lone byte, an encoded surrogate, an overlong form, a sequence cut
 * short), and escapes PHP leaves as they are.
 */
const rawEscapes = fc.constantFrom(
  '%FF',
  '%ED%A0%80',
  '%ED%BF%BF',
  '%C0%AF',
  '%E2%82',
  '%F4%90%80%80',
  '%00',
  '%',
  '%ZZ',
  '+',
)

/** A value of a query string, encoded: text (odd code units too) or raw escapes around it. */
const queryValue = fc.oneof(
  fc
    .oneof(
      dateInput.map(String),
      fc.integer({ min: -2, max: 100_000 }).map(String),
      fc.constantFrom('true', 'false', 'publish,draft', 'asc', 'desc', 'count', 'jazz', '1,2,3', '%', ''),
      fc.string({ maxLength: 12 }),
      oddText.filter(isWellFormed),
    )
    .map(encodeURIComponent),
  fc.tuple(fc.string({ maxLength: 4 }), rawEscapes).map(([text, raw]) => `${encodeURIComponent(text)}${raw}`),
)

/** A query string for a list route: known keys with dates, numbers, junk and octets that are not UTF-8, PHP brackets, repeats. */
export const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(...LIST_KEYS),
        fc.constantFrom(...LIST_KEYS).map((key) => `${key}[]`),
        fc.string({ maxLength: 6 }),
      ),
      queryValue,
    ),
    { maxLength: 6 },
  )
  .map((pairs) =>
    pairs.map(([key, value]) => `${encodeURIComponent(key).replace(/%5B%5D$/u, '[]')}=${value}`).join('&'),
  )
