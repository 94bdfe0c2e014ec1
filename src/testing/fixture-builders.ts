import * as v from 'valibot'
import { addToWall, isWallTime } from '../core/dates/zoned.js'
import { formatPath } from '../core/document/locate.js'
import {
  DocumentFileSchema,
  EventFileSchema,
  OrganizerFileSchema,
  TermFileSchema,
  VenueFileSchema,
} from '../core/model/records.js'

/** An event as written in the data file (docs/data-file.md): wall times `YYYY-MM-DD HH:MM:SS` in its `timezone`. */
export type EventFile = v.InferOutput<typeof EventFileSchema>
/** A venue as written in the data file. */
export type VenueFile = v.InferOutput<typeof VenueFileSchema>
/** An organizer as written in the data file. */
export type OrganizerFile = v.InferOutput<typeof OrganizerFileSchema>
/** A category or tag as written in the data file. */
export type TermFile = v.InferOutput<typeof TermFileSchema>
/** A whole data file (docs/data-file.md), every key optional. */
export type DataFile = v.InferOutput<typeof DocumentFileSchema>

/** What `fixture.dataFile` takes: the data file's keys, with records that their builders complete. */
export interface DataFileParts {
  settings?: DataFile['settings']
  users?: DataFile['users']
  media?: DataFile['media']
  events?: Array<Partial<EventFile>>
  venues?: Array<Partial<VenueFile>>
  organizers?: Array<Partial<OrganizerFile>>
  categories?: Array<Partial<TermFile>>
  tags?: Array<Partial<TermFile>>
}

/** The default event's start, site wall time; it lasts an hour unless `end_date` says otherwise. */
const DEFAULT_START = '2026-07-01 10:00:00'
const VENUE = { venue: 'Test venue' }
const ORGANIZER = { organizer: 'Test organizer' }
const CATEGORY = { name: 'Test category' }
const TAG = { name: 'Test tag' }

/**
 * Records and data files for tests that need data without a file: each builder fills in what the data file
 * requires (a title, dates, a name), lets `fields` override or add any key, and checks the result with the data
 * file's own valibot schema. No ID is made up: the calendar gives records without one the next free ID when it
 * loads them, so give `id` to the records that others point at (`venue: 11`). A field of the wrong form throws a
 * valibot `ValiError` whose message names every such field: `fixture.event: start_date: expected "YYYY-MM-DD
 * HH:MM:SS", got "tomorrow"`.
 *
 * @example
 * const data = fixture.dataFile({
 *   settings: { timezone: 'America/New_York' },
 *   venues: [fixture.venue({ id: 11, venue: 'Blue Room' })],
 *   events: [{ title: 'Jazz night', start_date: '2026-07-04 20:00:00', venue: 11 }], // ends at 21:00
 * })
 * const { fetch } = await createTestCalendar(data, { now: '2026-07-01T12:00:00Z' })
 */
export const fixture = {
  /**
   * An event: `Test event` on 2026-07-01 from 10:00 to 11:00 by default; `end_date` defaults to an hour after
   * `start_date`.
   * @example fixture.event({ title: 'Jazz night', start_date: '2026-07-04 20:00:00', categories: [3] })
   */
  event: (fields: Partial<EventFile> = {}): EventFile => checked(EventFileSchema, eventDefaults(fields), 'event'),
  /**
   * A venue, named `Test venue` by default.
   * @example fixture.venue({ id: 11, venue: 'Blue Room', city: 'Boston' })
   */
  venue: (fields: Partial<VenueFile> = {}): VenueFile => checked(VenueFileSchema, { ...VENUE, ...fields }, 'venue'),
  /**
   * An organizer, named `Test organizer` by default.
   * @example fixture.organizer({ id: 12, organizer: 'Jazz Society', email: 'hi@example.org' })
   */
  organizer: (fields: Partial<OrganizerFile> = {}): OrganizerFile =>
    checked(OrganizerFileSchema, { ...ORGANIZER, ...fields }, 'organizer'),
  /**
   * An event category, named `Test category` by default.
   * @example fixture.category({ id: 3, name: 'Music' })
   */
  category: (fields: Partial<TermFile> = {}): TermFile =>
    checked(TermFileSchema, { ...CATEGORY, ...fields }, 'category'),
  /**
   * An event tag, named `Test tag` by default.
   * @example fixture.tag({ id: 7, name: 'Outdoor' })
   */
  tag: (fields: Partial<TermFile> = {}): TermFile => checked(TermFileSchema, { ...TAG, ...fields }, 'tag'),
  /**
   * A whole data file: each record given is completed as its builder would, and the file is checked as a whole
   * (an error names the record: `events[2].end_date`). Rules across records (unique IDs, references that point
   * somewhere) are checked when a calendar loads it.
   * @example fixture.dataFile({ settings: { timezone: 'Europe/Paris' }, events: [{}, { title: 'Second' }] })
   */
  dataFile: (parts: DataFileParts = {}): DataFile => checked(DocumentFileSchema, completed(parts), 'dataFile'),
}

function eventDefaults(fields: Partial<EventFile>): Partial<EventFile> {
  const start = fields.start_date ?? DEFAULT_START
  // A start of the wrong form is reported alone, rather than with an end made from it.
  const end = addToWall(isWallTime(start) ? start : DEFAULT_START, 1, 'hour')
  return { title: 'Test event', start_date: start, end_date: end, ...fields }
}

function completed(parts: DataFileParts): Record<string, unknown> {
  const { events, venues, organizers, categories, tags } = parts
  return {
    ...parts,
    ...(events && { events: events.map(eventDefaults) }),
    ...(venues && { venues: venues.map((fields) => ({ ...VENUE, ...fields })) }),
    ...(organizers && { organizers: organizers.map((fields) => ({ ...ORGANIZER, ...fields })) }),
    ...(categories && { categories: categories.map((fields) => ({ ...CATEGORY, ...fields })) }),
    ...(tags && { tags: tags.map((fields) => ({ ...TAG, ...fields })) }),
  }
}

/** `value` checked by `schema`, or a ValiError whose message names each wrong field and what it expects. */
function checked<Schema extends v.GenericSchema>(
  schema: Schema,
  value: unknown,
  builder: string,
): v.InferOutput<Schema> {
  const result = v.safeParse(schema, value, { abortEarly: false })
  if (result.success) return result.output
  const error = new v.ValiError(result.issues)
  error.message = `fixture.${builder}: ${result.issues.map(describeIssue).join('; ')}`
  throw error
}

function describeIssue(issue: v.BaseIssue<unknown>): string {
  const path = formatPath((issue.path ?? []).map((item) => item.key as string | number))
  return path ? `${path}: ${issue.message}` : issue.message
}
