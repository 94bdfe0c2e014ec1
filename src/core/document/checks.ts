import { isWallTime, isZone } from '../dates/zoned.js'
import { COLLECTIONS, type CollectionName, RECORD_LISTS } from '../model/kinds.js'
import { illFormedReason, isWellFormed } from '../well-formed.js'
import type { JsonPath } from './locate.js'
import { schemaIssues } from './schema-issues.js'
import { unstorableDates } from './storable-dates.js'

/** A problem found across records, before it is located in the text. */
export interface CheckProblem {
  path: JsonPath
  message: string
}

/** The data file's lists of records with IDs: the collections the API serves, media and revisions. */
type Collections = CollectionName | 'media' | 'revisions'
type Row = Record<string, unknown>
type IsWall = (value: unknown) => boolean

/** Where the rules across records are checked, and what is known of the file's form. */
export interface CheckContext {
  /** The zone `date` and `modified` are read in; undefined when the file names one of the wrong form. */
  siteZone: string | undefined
  /**
   * Whether the schema accepted the whole file: then every value has its form and dates are not parsed twice
   * (a cold open of 10,000 events would pay for it).
   */
  wellFormed: boolean
}

/**
 * The rules of a data file beyond one field's form (docs/data-file.md): IDs unique in their space, every reference to
 * an existing record of the right kind, explicit slugs unique within a kind, no event ending before it starts,
 * no category that is its own ancestor, and every date one calfile can show (a file that loads can
 * always be served).
 *
 * `file` is the parsed JSON as it is, whether the schema accepted it or not, so that a file's problems are all
 * reported at once: every value is checked for its form before it is used (dates only when the file is
 * not `wellFormed`), and a value of the wrong form, which the schema reports, is left out of these checks rather
 * than reported twice, or crashing them.
 */
export function checkDocument(file: unknown, { siteZone, wellFormed }: CheckContext): CheckProblem[] {
  const problems: CheckProblem[] = objectsNotArrays(file)
  const isWall: IsWall = wellFormed ? (value) => typeof value === 'string' : (value) => isWallTime(value as string)
  storableDates(file, siteZone, wellFormed ? (row) => row : (row) => datesToJudge(row, isWall), problems)
  uniqueIds(file, ['events', 'venues', 'organizers', 'media', 'revisions'], problems)
  uniqueIds(file, ['categories', 'tags'], problems)
  uniqueUsers(file, problems)
  for (const key of COLLECTIONS) uniqueSlugs(file, key, problems)
  eventReferences(file, isWall, problems)
  categoryParents(file, problems)
  return problems
}

const NOT_ARRAY = 'Invalid type: Expected Object but received Array'

/**
 * Arrays where the file holds objects: the file itself, `settings`, each record and an event's `custom_fields`.
 * valibot's object and record schemas accept an array (it is an object to `typeof`), so they are refused here, as
 * JSON Schema's `"type": "object"` refuses them (test/schema/broken-variants.test.ts).
 */
function objectsNotArrays(file: unknown): CheckProblem[] {
  if (Array.isArray(file)) return [{ path: [], message: NOT_ARRAY }]
  if (!isRow(file)) return []
  const found: JsonPath[] = Array.isArray(file.settings) ? [['settings']] : []
  for (const key of RECORD_LISTS) {
    const list = file[key]
    if (!Array.isArray(list)) continue
    list.forEach((record, index) => {
      if (Array.isArray(record)) found.push([key, index])
      else if (key === 'events' && isRow(record) && Array.isArray(record.custom_fields))
        found.push([key, index, 'custom_fields'])
    })
  }
  return found.map((path) => ({ path, message: NOT_ARRAY }))
}

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isId(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1
}

/**
 * A collection's records by index; an entry that is not an object stands as `{}`, so that indexes stay right.
 * The list itself when every entry is an object (every check walks the events: no copy of 10,000 each time).
 */
function rows(file: unknown, key: Collections | 'users'): Row[] {
  const list = isRow(file) ? file[key] : undefined
  if (!Array.isArray(list)) return []
  return list.every(isRow) ? (list as Row[]) : list.map((row) => (isRow(row) ? row : {}))
}

/** `row[key]` when it is a positive integer ID. */
function idAt(row: Row, key = 'id'): number | undefined {
  const value = row[key]
  return isId(value) ? value : undefined
}

function uniqueIds(file: unknown, keys: Collections[], problems: CheckProblem[]): void {
  const seen = new Map<number, string>()
  for (const key of keys) {
    rows(file, key).forEach((row, index) => {
      const id = idAt(row)
      if (id === undefined) return
      const first = seen.get(id)
      if (first) problems.push({ path: [key, index, 'id'], message: `duplicate ID ${id} (also ${first})` })
      else seen.set(id, `${key}[${index}]`)
    })
  }
}

function uniqueUsers(file: unknown, problems: CheckProblem[]): void {
  const seen = new Set<number>()
  rows(file, 'users').forEach((user, index) => {
    const id = idAt(user)
    if (id === undefined) return
    if (seen.has(id)) problems.push({ path: ['users', index, 'id'], message: `duplicate user ID ${id}` })
    seen.add(id)
  })
}

function uniqueSlugs(file: unknown, key: Collections, problems: CheckProblem[]): void {
  const seen = new Map<string, number>()
  rows(file, key).forEach((row, index) => {
    const slug = row.slug
    if (typeof slug !== 'string' || slug === '') return
    const first = seen.get(slug)
    if (first !== undefined) {
      problems.push({ path: [key, index, 'slug'], message: `duplicate slug "${slug}" (also ${key}[${first}])` })
    } else seen.set(slug, index)
  })
}

function idSet(file: unknown, key: Collections): Set<number> {
  const ids = new Set<number>()
  for (const row of rows(file, key)) {
    const id = idAt(row)
    if (id !== undefined) ids.add(id)
  }
  return ids
}

/** The IDs of each kind an event can point at. */
interface KnownIds {
  venue: Set<number>
  organizer: Set<number>
  categories: Set<number>
  tags: Set<number>
  event: Set<number>
  media: Set<number>
}

function eventReferences(file: unknown, isWall: IsWall, problems: CheckProblem[]): void {
  const known: KnownIds = {
    venue: idSet(file, 'venues'),
    organizer: idSet(file, 'organizers'),
    categories: idSet(file, 'categories'),
    tags: idSet(file, 'tags'),
    event: idSet(file, 'events'),
    media: idSet(file, 'media'),
  }
  // One plain loop, no closures per event: a cold open runs it for every event before the JIT has warmed up.
  const events = rows(file, 'events')
  for (let index = 0; index < events.length; index++) {
    referenceProblems(events[index] as Row, index, known, problems)
    const { start_date: start, end_date: end } = events[index] as Row
    if (isWall(start) && isWall(end) && (end as string) < (start as string)) {
      problems.push({ path: ['events', index, 'end_date'], message: `end_date ${end} is before start_date ${start}` })
    }
  }
}

/** The references of the event at `index` to records that do not exist. */
function referenceProblems(event: Row, index: number, known: KnownIds, problems: CheckProblem[]): void {
  reference(event, index, 'venue', 'venue', known.venue, problems)
  reference(event, index, 'post_parent', 'event', known.event, problems)
  reference(event, index, 'image', 'media', known.media, problems)
  references(event, index, 'organizer', 'organizer', known.organizer, problems)
  references(event, index, 'categories', 'category', known.categories, problems)
  references(event, index, 'tags', 'tag', known.tags, problems)
}

/** `event[key]`, when it is an ID, must be one of `ids`; `what` names their kind in the message. */
function reference(event: Row, index: number, key: string, what: string, ids: Set<number>, out: CheckProblem[]): void {
  const id = idAt(event, key)
  if (id !== undefined && !ids.has(id))
    out.push({ path: ['events', index, key], message: `${what} ${id} does not exist` })
}

/** As `reference`, for each ID of a list; a list of another form is the schema's to report. */
function references(event: Row, index: number, key: string, what: string, ids: Set<number>, out: CheckProblem[]): void {
  const list = event[key]
  if (!Array.isArray(list)) return
  for (let i = 0; i < list.length; i++) {
    const id: unknown = list[i]
    if (isId(id) && !ids.has(id)) out.push({ path: ['events', index, key, i], message: `${what} ${id} does not exist` })
  }
}

function categoryParents(file: unknown, problems: CheckProblem[]): void {
  const categories = rows(file, 'categories')
  const parentOf = new Map(
    categories.flatMap((c) => {
      const id = idAt(c)
      return id === undefined ? [] : [[id, idAt(c, 'parent') ?? 0] as const]
    }),
  )
  categories.forEach((category, index) => {
    const parent = idAt(category, 'parent')
    if (parent === undefined) return
    if (!parentOf.has(parent)) {
      problems.push({ path: ['categories', index, 'parent'], message: `category ${parent} does not exist` })
      return
    }
    const seen = new Set<number>()
    for (let at = parent; at !== 0 && !seen.has(at); at = parentOf.get(at) ?? 0) seen.add(at)
    const id = idAt(category)
    if (id !== undefined && seen.has(id)) {
      problems.push({ path: ['categories', index, 'parent'], message: `category ${id} is its own ancestor` })
    }
  })
}

/** Every stored date one calfile can show (docs/data-file.md), among those `judgeable` leaves of a record. */
function storableDates(
  file: unknown,
  siteZone: string | undefined,
  judgeable: (row: Row) => Row,
  problems: CheckProblem[],
): void {
  // A site zone of the wrong form (the schema reports it) leaves no zone to judge dates in.
  if (siteZone === undefined) return
  for (const key of ['events', 'venues', 'organizers'] as const) {
    rows(file, key).forEach((row, index) => {
      for (const [field, message] of Object.entries(unstorableDates(judgeable(row), siteZone))) {
        problems.push({ path: [key, index, field], message })
      }
    })
  }
}

/**
 * The dates of a record that can be judged: wall times of the right form, and `start_date` and `end_date` only
 * when the record's own `timezone` and `all_day`, which they are read with, are of the right form (or absent).
 */
function datesToJudge(row: Row, isWall: IsWall): Row {
  const wall = (key: string) => (isWall(row[key]) ? { [key]: row[key] } : {})
  const { timezone, all_day: allDay } = row
  const zoneKnown = timezone === undefined || (typeof timezone === 'string' && isZone(timezone))
  const allDayKnown = allDay === undefined || typeof allDay === 'boolean'
  const eventDates =
    zoneKnown && allDayKnown ? { ...wall('start_date'), ...wall('end_date'), timezone, all_day: allDay } : {}
  return { ...wall('date'), ...wall('modified'), ...eventDates }
}

/** The site time zone of a file whose settings name none (docs/writes.md `timezone`). */
export const DEFAULT_TIMEZONE = 'UTC'

/**
 * Every problem of a parsed data file (docs/data-file.md): each field of the wrong form (the schema's issues), then
 * every rule broken across records (`checkDocument`), then every text that is not well-formed (`illFormedTexts`).
 * `text` is the file's text, `file` its parsed JSON; `timezone` is the zone that overrides the file's
 * (`--timezone`). Empty for a valid file, whose parsed JSON is then what the schema gives (it transforms nothing).
 *
 * @example
 * documentProblems({ events: [{ title: 'Jazz' }] }, '…', undefined) // [{ path: ['events', 0, 'start_date'], … }]
 */
export function documentProblems(file: unknown, text: string, timezone: string | undefined): CheckProblem[] {
  const { issues, success } = schemaIssues(file)
  const rules = checkDocument(file, { siteZone: siteZoneOf(file, timezone), wellFormed: success })
  return [...issues, ...rules, ...illFormedTexts(file, text)]
}

/**
 * Every text of the file, keys and extra keys included, that holds a lone UTF-16 surrogate (src/core/well-formed.ts):
 * it could be neither served nor written as UTF-8, nor sent to a site. Only the parse of a text that writes one can
 * hold one: an escape of a lone surrogate, or a lone surrogate in the text itself (a text given in memory); any
 * other file is not walked, which a cold open of 10,000 events would pay for.
 */
function illFormedTexts(file: unknown, text: string): CheckProblem[] {
  if (isWellFormed(text) && !hasLoneSurrogateEscape(text)) return []
  const problems: CheckProblem[] = []
  // A stack rather than recursion: `custom_fields` and extra keys may nest as deep as JSON.parse reads.
  const stack: Array<{ value: unknown; path: JsonPath }> = [{ value: file, path: [] }]
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value, path } = next
    if (typeof value === 'string') {
      const reason = illFormedReason(value)
      if (reason !== undefined) problems.push({ path, message: reason })
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        stack.push({ value: item, path: [...path, index] })
      })
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        const reason = illFormedReason(key)
        if (reason !== undefined)
          problems.push({ path: [...path, key], message: `key ${JSON.stringify(key)} ${reason}` })
        stack.push({ value: item, path: [...path, key] })
      }
    }
  }
  return problems
}

/**
 * Whether `text` may write a lone surrogate: an escape of one (`\ud800`, `\udc00`) that is not half of a pair
 * (`\ud83d\ude80`, as a writer that escapes what is not ASCII writes 🚀). A `\\u…` that merely looks like one
 * counts too: the walk then finds nothing.
 */
function hasLoneSurrogateEscape(text: string): boolean {
  for (let at = text.indexOf('\\u'); at !== -1; at = text.indexOf('\\u', at + 2)) {
    const half = surrogateEscape(text, at)
    if (half === 'low') return true
    if (half === 'high') {
      if (surrogateEscape(text, at + 6) !== 'low') return true
      at += 6
    }
  }
  return false
}

/** Which half of a pair the `\u` escape at `at` writes, if it writes a surrogate. */
function surrogateEscape(text: string, at: number): 'high' | 'low' | undefined {
  const start = text.slice(at, at + 4).toLowerCase()
  if (/^\\ud[89ab]$/u.test(start)) return 'high'
  if (/^\\ud[c-f]$/u.test(start)) return 'low'
  return undefined
}

/**
 * Whether `text` is a valid data file, as `loadDocument` would find it, without building a state or placing
 * problems in the text: for a validation run beside the load (`validateInWorker`), which the load then trusts.
 *
 * @example
 * isValidDocument('{"events": []}', { timezone: undefined }) // true
 */
export function isValidDocument(text: string, options: { timezone?: string }): boolean {
  let file: unknown
  try {
    file = text.trim() === '' ? {} : JSON.parse(text)
  } catch {
    return false
  }
  return documentProblems(file, text, options.timezone).length === 0
}

/**
 * The zone `date` and `modified` are read in: `timezone` (the `--timezone` flag), else the file's, else UTC;
 * undefined when the file names one of the wrong form (the schema reports it). `file` is the JSON as parsed.
 */
export function siteZoneOf(file: unknown, timezone: string | undefined): string | undefined {
  if (timezone !== undefined) return timezone
  const zone = (file as { settings?: { timezone?: unknown } } | null)?.settings?.timezone
  if (zone === undefined) return DEFAULT_TIMEZONE
  return typeof zone === 'string' && isZone(zone) ? zone : undefined
}
