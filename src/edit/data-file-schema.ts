import { type JsonSchema, type OverrideActionContext, toJsonSchema } from '@valibot/to-json-schema'
import { isWallTime, isZone } from '../core/dates/zoned.js'
import {
  DocumentFileSchema,
  EventFileSchema,
  MediaFileSchema,
  OrganizerFileSchema,
  SettingsFileSchema,
  TermFileSchema,
  UserFileSchema,
  VenueFileSchema,
} from '../core/model/records.js'

/**
 * The form of a wall time `YYYY-MM-DD HH:MM:SS`, month 01–12, day 01–31, hour 00–23: what a pattern can say of
 * `isWallTime`. Which days a month has (no Feb 30) only calfile checks. `[0-9]`, not `\d`: the same in every
 * editor's regex dialect.
 */
const WALL_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01]) ([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$'

/**
 * A superset of what `isZone` accepts: it starts with a letter (calfile refuses `+05:30`), then the characters of
 * IANA names and TEC's `UTC+5:30`. Whether Intl knows the name only calfile checks; the pattern must never refuse a
 * zone calfile accepts (a test runs every zone Intl lists through it).
 */
const ZONE_PATTERN = '^[A-Za-z][A-Za-z0-9_/+:-]*$'

/**
 * The forms of the `v.check` rules of records.ts, which JSON Schema cannot run, as definitions; a check is
 * converted to a reference to its form, found by the check's function.
 */
const CHECKED_FORMS = {
  wall_time: {
    requirement: isWallTime,
    schema: {
      description: 'A wall time, "YYYY-MM-DD HH:MM:SS", hours 00–23 (calfile also checks that the day exists).',
      type: 'string',
      pattern: WALL_PATTERN,
      examples: ['2026-07-04 20:00:00'],
    },
  },
  time_zone: {
    requirement: isZone,
    schema: {
      description: 'A time zone: an IANA name, UTC, or a fixed offset UTC±H[:MM] as TEC writes it.',
      type: 'string',
      pattern: ZONE_PATTERN,
      examples: ['America/New_York', 'Europe/Berlin', 'UTC', 'UTC+5:30'],
    },
  },
} satisfies Record<string, { requirement: (value: string) => boolean; schema: JsonSchema }>

/** The record kinds as named definitions (`#/$defs/event`…), so that the schema reads as the file does. */
const DEFINITIONS = {
  settings: SettingsFileSchema,
  user: UserFileSchema,
  event: EventFileSchema,
  venue: VenueFileSchema,
  organizer: OrganizerFileSchema,
  term: TermFileSchema,
  media: MediaFileSchema,
}

/** Hover texts of the top-level keys, shown by editors; the forms themselves come from records.ts. */
const TOP_LEVEL: Record<string, string> = {
  $schema: 'The JSON Schema editors check this file against; calfile keeps it as it is.',
  users: 'Users and the SHA-256 of their tokens; none: every request acts as user 1, an administrator.',
  events: 'Events: title, start_date and end_date are required; venue, organizer, categories, tags are IDs.',
  venues: 'Venues; they share the ID space of events, organizers and media.',
  organizers: 'Organizers; they share the ID space of events, venues and media.',
  categories: 'Event categories; `parent` is another category ID, or 0.',
  tags: 'Tags; they share the ID space of categories.',
  media: 'Images that events point at by ID.',
}

/** Hover texts of the record kinds' definitions. */
const KIND_TEXT: Record<keyof typeof DEFINITIONS, string> = {
  settings: 'Site settings, every key optional: time zone, page sizes, site and API addresses, API revision.',
  user: 'A user: an ID, a name, a WordPress role and the hex SHA-256 of a bearer token.',
  event: 'An event. Dates are wall times in `timezone` (default: the site time zone).',
  venue: 'A venue.',
  organizer: 'An organizer.',
  term: 'A category or tag.',
  media: 'An image.',
}

/**
 * The JSON Schema (draft-07) of a data file, converted from the valibot schemas that `calfile validate` runs
 * (records.ts), for editors to check and complete hand edits: `calfile schema` prints it, and
 * `schema/calendar.schema.json` is a copy. Draft-07 because VS Code's JSON language service supports it in full,
 * and warns "Draft 2020-12 schemas are not yet fully supported" on a 2020-12 schema; the keywords used here mean
 * the same in both drafts.
 *
 * It accepts every file calfile accepts, but one with an array where an object belongs (the document, `settings`,
 * `custom_fields`), which valibot's object and record schemas let through. It refuses what calfile refuses, but
 * not what JSON Schema cannot say: a day a month lacks, a zone Intl does not know, and the rules across records
 * (unique IDs and slugs, references to existing records, an end after the start, no category its own ancestor,
 * dates within years 0000–9999 in UTC).
 *
 * @throws Error when records.ts has a rule the converter cannot express and `CHECKED_FORMS` does not cover.
 * @example
 * JSON.stringify(dataFileJsonSchema(), null, 2) // what `calfile schema` prints
 */
export function dataFileJsonSchema(): JsonSchema {
  const { $schema, $defs, properties, ...root } = toJsonSchema(DocumentFileSchema, {
    target: 'draft-07',
    definitions: DEFINITIONS,
    overrideAction: replaceCheck,
  })
  return {
    $schema,
    title: 'calfile data file',
    description: 'A calendar served by calfile over The Events Calendar REST API v1.',
    ...root,
    properties: described({ $schema: { type: 'string' }, ...properties }, TOP_LEVEL),
    $defs: { ...described($defs ?? {}, KIND_TEXT), ...checkedForms() },
  }
}

/**
 * The text `calfile schema` prints and `schema/calendar.schema.json` holds: the schema, 2-space indented, with a
 * final newline.
 *
 * @example
 * writeFileSync('calendar.schema.json', dataFileSchemaText())
 */
export function dataFileSchemaText(): string {
  return `${JSON.stringify(dataFileJsonSchema(), null, 2)}\n`
}

/** The definitions of `CHECKED_FORMS`. */
function checkedForms(): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(CHECKED_FORMS).map(([name, { schema }]) => [name, schema]))
}

/** A `v.check` of records.ts as a reference to its form, in place of the error the converter would raise. */
function replaceCheck({ valibotAction }: OverrideActionContext): JsonSchema | undefined {
  if (valibotAction.type !== 'check') return undefined
  const requirement = (valibotAction as { requirement?: unknown }).requirement
  const name = Object.entries(CHECKED_FORMS).find(([, form]) => form.requirement === requirement)?.[0]
  return name === undefined ? undefined : { $ref: `#/$defs/${name}` }
}

/** `schemas` with a description added to each that `texts` names. */
function described(schemas: Record<string, JsonSchema | boolean>, texts: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(schemas).map(([key, schema]) => [
      key,
      typeof schema === 'object' && texts[key] ? { description: texts[key], ...schema } : schema,
    ]),
  )
}
