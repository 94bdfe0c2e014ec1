/**
 * An invalid data file reports every problem at once (issue 10, README "Editing the data file by hand"): a JSON
 * syntax error alone, else the fields of the wrong form and the rules broken across records together, in the
 * order of the text, through `loadDocument` and `calfile validate` alike. The checks across records look at
 * records the schema refused too, and must never crash on them.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { DocumentError, formatProblem, type Problem } from '../../src/core/document/error.js'
import { cleanFolders, dataFile, folder, positionOf, runCli, validate } from './store-helpers.js'

afterAll(cleanFolders)

/** The problems `loadDocument` throws for `text` (none when it loads). */
function problemsOf(text: string): Problem[] {
  try {
    validate(text)
    return []
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error
    return error.problems
  }
}

function edited(edit: (document: any) => void): string {
  const document = JSON.parse(dataFile(3))
  edit(document)
  return `${JSON.stringify(document, null, 2)}\n`
}

/** README's example: a bad date, a duplicate ID and a dangling venue, in three different events. */
const threeProblems = edited((d) => {
  d.events[0].venue = 999
  d.events[1].start_date = 'next tuesday'
  d.events[2].id = 1000
})

const threeExpected: Problem[] = [
  { path: 'events[0].venue', message: 'venue 999 does not exist', ...positionOf(threeProblems, '"venue": 999', 0, 9) },
  {
    path: 'events[1].start_date',
    message: 'expected "YYYY-MM-DD HH:MM:SS", got "next tuesday"',
    ...positionOf(threeProblems, '"next tuesday"'),
  },
  {
    path: 'events[2].id',
    message: 'duplicate ID 1000 (also events[0])',
    ...positionOf(threeProblems, '"id": 1000', 1, 6),
  },
]

describe('every problem of an invalid file at once', () => {
  it('a bad date, a duplicate ID and a dangling venue: all three, in the order of the text', () => {
    expect(problemsOf(threeProblems)).toEqual(threeExpected)
  })

  it('a JSON syntax error stops there: it alone is reported, with its line:column', () => {
    const text = threeProblems.replace('"title": "Event 1",', '"title": "Event 1"')
    expect(problemsOf(text)).toEqual([
      {
        path: '',
        message: 'JSON syntax error: comma expected',
        ...positionOf(text, '"description": "<p>Description of event 1'),
      },
    ])
  })

  it('field problems and every kind of rule across records together, on the same records too (`status` and `date` come last in their event)', () => {
    const text = edited((d) => {
      d.settings.timezone = 'America/New_York'
      d.events[0].status = 'published'
      d.events[0].end_date = '2026-07-10 18:00:00'
      d.events[1].date = '9999-12-31 23:59:59'
      d.events[1].organizer = [12, 77]
      d.events[2].all_day = 'yes'
      d.categories.push({ id: 4, name: 'Jazz', parent: 5 }, { id: 5, name: 'Bebop', parent: 4 })
    })
    expect(
      problemsOf(text)
        .map(formatProblem)
        .map((line) => line.replace(/ \(line.*$/u, '')),
    ).toEqual([
      'events[0].end_date: end_date 2026-07-10 18:00:00 is before start_date 2026-07-10 19:00:00',
      'events[0].status: expected one of publish, future, draft, pending, private, trash, got "published"',
      'events[1].organizer[1]: organizer 77 does not exist',
      'events[1].date: 9999-12-31 23:59:59 in America/New_York is outside years 0000–9999 in UTC, which calfile cannot store',
      'events[2].all_day: expected true or false, got "yes"',
      'categories[1].parent: category 4 is its own ancestor',
      'categories[2].parent: category 5 is its own ancestor',
    ])
  })

  it('records the schema refused are left out of the checks across records instead of crashing them', () => {
    const text = `${JSON.stringify(
      {
        settings: { timezone: 'Nowhere/Zone' },
        users: [1, { id: 'x' }, { id: 2 }, { id: 2 }],
        events: [
          5,
          null,
          {
            id: '10',
            title: 'String ID',
            start_date: '2026-07-10 19:00:00',
            end_date: '2026-07-10 18:00:00',
            venue: 11,
          },
          {
            id: 20,
            title: 'Bad zone',
            start_date: '9999-12-31 23:00:00',
            end_date: '9999-12-31 23:30:00',
            timezone: 'Mars/Olympus',
          },
          {
            id: 21,
            title: 'Bad all_day',
            start_date: '0000-01-01 00:00:00',
            end_date: 'soon',
            all_day: 'yes',
            organizer: 12,
            categories: ['music', 3],
            tags: [null],
          },
          {
            id: 22,
            title: 'Dangling',
            start_date: '2026-07-10 19:00:00',
            end_date: '2026-07-10 20:00:00',
            venue: { venue: 'Inline' },
            image: 1.5,
            post_parent: 99,
          },
        ],
        venues: [{ id: 11, venue: 'V', date: '9999-12-31 23:59:59' }],
        organizers: 'none',
        categories: [
          { id: 3, name: 'A', parent: 'x' },
          { id: 'y', name: 'B', parent: 3 },
        ],
      },
      null,
      2,
    )}\n`
    expect(problemsOf(text).map((problem) => problem.path)).toEqual([
      'settings.timezone',
      'users[0]',
      'users[1].id',
      'users[3].id',
      'events[0]',
      'events[1]',
      'events[2].id',
      'events[2].end_date',
      'events[3].timezone',
      'events[4].end_date',
      'events[4].all_day',
      'events[4].organizer',
      'events[4].categories[0]',
      'events[4].tags[0]',
      'events[5].venue',
      'events[5].image',
      'events[5].post_parent',
      'organizers',
      'categories[0].parent',
      'categories[1].id',
    ])
  })

  it('a file changed anywhere into any JSON value is loaded or refused with its problems, never anything else (fast-check)', () => {
    const base = JSON.parse(
      dataFile(2, [
        {
          id: 13,
          title: 'Child',
          start_date: '9999-12-30 10:00:00',
          end_date: '9999-12-30 12:00:00',
          post_parent: 1000,
          image: 20,
          tags: [5],
        },
      ]),
    )
    base.categories.push({ id: 4, name: 'Jazz', parent: 3 })
    base.tags.push({ id: 5, name: 'Live', slug: 'live' })
    base.media = [{ id: 20, url: 'https://example.org/image.png' }]
    const paths = leafPaths(base)
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constantFrom(
        '9999-12-31 23:59:59',
        '0000-01-01 00:00:00',
        'a\ud800',
        '\udfff',
        '\udc00\ud800',
        '\ud83d\ude80',
        'nul\u0000 \ufffe\uffff\ufdd0',
        'Mars/Olympus',
        'UTC+5:30',
        3,
        11,
        12,
        1000,
        0,
        -1,
        1.5,
        'yes',
        null,
        [],
        {},
      ),
    )
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...paths), value), { minLength: 1, maxLength: 3 }), (changes) => {
        const document = structuredClone(base)
        // A copy of each value: the constants `[]` and `{}` are shared by every run, and a later change may write into one.
        for (const [path, to] of changes) setAt(document, path, structuredClone(to))
        for (const problem of problemsOf(JSON.stringify(document, null, 2))) {
          expect(typeof problem.message).toBe('string')
          expect(problem.line).toBeGreaterThan(0)
        }
      }),
      { numRuns: 400 },
    )
  })

  it('a text with a lone surrogate is a problem at its line and column, wherever it is: a title without a slug, a key, an extra key, a user', () => {
    const text = edited((d) => {
      delete d.events[0].slug
      d.events[0].title = 'Jazz \ud800 night'
      d.events[1].custom_fields = { '\udc00note': ['fine', 'reversed \udc00\ud800'] }
      d.venues[0].city = '\udbff'
      d.users = [{ id: 1, name: 'adm\udfffin', role: 'administrator' }]
      d.color = '\ud83d\ude80 is a pair and fine'
    })
    // JSON.stringify writes each lone surrogate as its escape, as a person would type it.
    expect(text).toContain('"title": "Jazz \\ud800 night"')
    const reason = (unit: string) => `holds a lone UTF-16 surrogate (\\${unit}), which is no character`
    expect(problemsOf(text)).toEqual([
      { path: 'users[0].name', message: reason('udfff'), ...positionOf(text, '"adm\\udfffin"') },
      { path: 'events[0].title', message: reason('ud800'), ...positionOf(text, '"Jazz \\ud800 night"') },
      {
        path: 'events[1].custom_fields.\\udc00note',
        message: `key "\\udc00note" ${reason('udc00')}`,
        ...positionOf(text, '[', text.slice(0, text.indexOf('"\\udc00note"')).split('[').length - 1),
      },
      {
        path: 'events[1].custom_fields.\\udc00note[1]',
        message: reason('udc00'),
        ...positionOf(text, '"reversed \\udc00\\ud800"'),
      },
      { path: 'venues[0].city', message: reason('udbff'), ...positionOf(text, '"\\udbff"') },
    ])
  })

  it('`calfile validate` prints the same problems, one a line, and exits 1', async () => {
    const file = join(await folder(), 'calendar.json')
    await writeFile(file, threeProblems)
    const result = await runCli(['validate', file])
    expect(result.code).toBe(1)
    expect(result.stdout.trim().split('\n')).toEqual(threeExpected.map(formatProblem))
  })
})

type Path = Array<string | number>

/** Every path in a JSON value: each container and each leaf, the root excepted. */
function leafPaths(value: unknown, at: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, child]) => {
    const path = [...at, Array.isArray(value) ? Number(key) : key]
    return [path, ...leafPaths(child, path)]
  })
}

/** Sets the value at `path`, when its parent still exists after earlier changes. */
function setAt(document: any, path: Path, to: unknown): void {
  const parent = path
    .slice(0, -1)
    .reduce((node, key) => (typeof node === 'object' && node !== null ? node[key] : undefined), document)
  if (typeof parent === 'object' && parent !== null) parent[path[path.length - 1] as string | number] = to
}
