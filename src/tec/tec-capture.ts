import * as v from 'valibot'
import { formatPath, type JsonPath } from '../core/document/locate.js'
import { CalendarError } from '../core/errors.js'
import { got } from '../core/messages.js'
import {
  type EventCapture,
  EventSchema,
  ListSchemas,
  type OrganizerCapture,
  OrganizerSchema,
  type TermCapture,
  type VenueCapture,
  VenueSchema,
} from './tec-schema.js'

/** A value of the capture and where it sits in it, for error messages. */
export interface Located<T> {
  value: T
  path: JsonPath
}

/** The top-level records of a capture; at most one list is non-empty. */
export interface Capture {
  events: Array<Located<EventCapture>>
  venues: Array<Located<VenueCapture>>
  organizers: Array<Located<OrganizerCapture>>
  categories: Array<Located<TermCapture>>
  tags: Array<Located<TermCapture>>
}

/** A value other than an array or null that `typeof` calls an object: what a JSON object parses to. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** `value` as it sits at `keys` below `parent`: an embedded record keeps the path of the one it is in. */
export function below<T>(parent: Located<unknown>, value: T, ...keys: JsonPath): Located<T> {
  return { value, path: [...parent.path, ...keys] }
}

/** 400 `import-invalid-capture` naming the capture's JSON path (`events[2].start_date: …`). */
export function invalid(path: JsonPath, message: string): CalendarError {
  const where = formatPath(path) || '(capture)'
  return new CalendarError('import-invalid-capture', 400, `${where}: ${message}`, { path: where })
}

function parseWith<T extends v.GenericSchema>(schema: T, capture: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, capture)
  if (result.success) return result.output
  const issue = result.issues[0]
  const path = (issue.path ?? []).map((item) => item.key as string | number)
  // Optional keys accept undefined, so an issue about undefined is always a required key that is missing.
  throw invalid(path, issue.input === undefined ? 'missing' : issue.message)
}

function listed<T>(key: string, items: T[]): Array<Located<T>> {
  return items.map((value, index) => ({ value, path: [key, index] }))
}

function single<T extends v.GenericSchema>(schema: T, capture: unknown): Array<Located<v.InferOutput<T>>> {
  return [{ value: parseWith(schema, capture), path: [] }]
}

/**
 * Whether parsed JSON is a saved TEC REST v1 response rather than a data file: a list envelope carries `rest_url`
 * and `total`, a single record its numeric `id` at the top with its `start_date`, `venue` or `organizer`. A data
 * file has none of these at the top (docs/data-file.md).
 */
export function isCapture(value: unknown): boolean {
  if (!isObject(value)) return false
  if ('rest_url' in value && 'total' in value) return true
  return typeof value.id === 'number' && ['start_date', 'venue', 'organizer'].some((key) => key in value)
}

/**
 * Which TEC response `capture` is, told by the keys TEC always writes, read into its typed records: a list
 * envelope (`events`, `venues`, `organizers`, `categories` or `tags` key), a single event (`start_date`), venue or
 * organizer (its name).
 *
 * @throws CalendarError 400 `import-invalid-capture` at the first value that does not fit, by JSON path
 *   (`events[2].start_date: expected "YYYY-MM-DD HH:MM:SS", got 12`; `(capture)` for the whole).
 */
export function readCapture(capture: unknown): Capture {
  const read: Capture = { events: [], venues: [], organizers: [], categories: [], tags: [] }
  if (!isObject(capture)) {
    throw invalid([], `expected a TEC event list, event, venue or organizer object, got ${got(capture)}`)
  }
  if ('events' in capture) read.events = listed('events', parseWith(ListSchemas.events, capture).events)
  else if ('venues' in capture) read.venues = listed('venues', parseWith(ListSchemas.venues, capture).venues)
  else if ('organizers' in capture)
    read.organizers = listed('organizers', parseWith(ListSchemas.organizers, capture).organizers)
  else if ('start_date' in capture) read.events = single(EventSchema, capture)
  // After the single event, which carries its own `categories` and `tags`.
  else if ('categories' in capture)
    read.categories = listed('categories', parseWith(ListSchemas.categories, capture).categories)
  else if ('tags' in capture) read.tags = listed('tags', parseWith(ListSchemas.tags, capture).tags)
  // A single venue or organizer is told apart by its name, as TEC writes it for every named one.
  else if (typeof capture.venue === 'string') read.venues = single(VenueSchema, capture)
  else if (typeof capture.organizer === 'string') read.organizers = single(OrganizerSchema, capture)
  else throw invalid([], 'not a TEC response: no "events", "start_date", "venue" or "organizer" key')
  return read
}
