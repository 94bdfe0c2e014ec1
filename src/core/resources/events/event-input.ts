import * as v from 'valibot'
import { isZone, readDateInput } from '../../dates/zoned.js'
import { CalendarError } from '../../errors.js'
import type { LinkedPostKind, Taxonomy } from '../../model/kinds.js'
import type { EventRecord, Status } from '../../model/records.js'
import { boolField, dateField, listItems, textField, urlField, wellFormedValue } from '../fields.js'
import {
  findOrCreateLinked,
  ORGANIZER_RULES,
  resolveLinkedFields,
  VENUE_RULES,
} from '../linked-posts/linked-post-rules.js'
import type { NormalizeContext } from '../posts/post.js'
import { type PostBody, postBodyEntries, type ResolveContext, resolvePostFields } from '../posts/post-input.js'
import type { TecArg } from '../tec-args.js'
import { normalizeTerm } from '../terms/term-record.js'
import type { WriteMode } from '../write-mode.js'

const relation = (description: string, type: 'integer' | 'array' = 'array') =>
  v.pipe(
    v.unknown(),
    wellFormedValue(),
    v.description(description),
    v.metadata(type === 'array' ? { type, items: 'integer' } : { type }),
  )

/**
 * `title` may not be empty, on create or update (docs/writes.md): TEC's validator
 * (`Tribe__Validator__Base::is_string`) refuses `""`. It lets a title of spaces through, but WordPress trims a title
 * as it stores it (`title_save_pre`), so TEC would store it empty: calfile refuses that too, and stores other titles
 * as sent.
 */
const titleField = v.pipe(
  textField('Event title, not empty; required on create'),
  v.check((title) => title.trim() !== '', 'must not be empty'),
)

/** Writable fields of an event (docs/writes.md#events); unknown fields are ignored. */
export const EventBodySchema = v.looseObject({
  ...postBodyEntries,
  title: v.optional(titleField),
  start_date: v.optional(dateField('Start, in the event time zone unless it carries an offset; required on create')),
  end_date: v.optional(dateField('End, likewise; required on create')),
  timezone: v.optional(
    v.pipe(
      textField('IANA time zone, UTC, or UTC+H[:MM]'),
      v.check(isZone, 'must be an IANA time zone, UTC or UTC+H[:MM]'),
    ),
  ),
  all_day: v.optional(boolField('Whether the event lasts the whole day')),
  cost: v.optional(
    v.pipe(
      v.union(
        [v.string(), v.number(), v.array(v.union([v.string(), v.number()]))],
        'must be a string or a list of strings',
      ),
      v.transform((c) => (Array.isArray(c) ? c.map(String) : String(c))),
      wellFormedValue(),
      v.description('Cost, e.g. "$23" or ["0$","20$"]'),
    ),
  ),
  website: v.optional(urlField('Website URL (absolute http or https); empty shows none')),
  show_map: v.optional(boolField('Show a map')),
  show_map_link: v.optional(boolField('Show a map link')),
  hide_from_listings: v.optional(boolField('Hide from event lists')),
  sticky: v.optional(boolField('Sticky in the calendar view')),
  featured: v.optional(boolField('Featured')),
  ticketed: v.optional(boolField('Has tickets')),
  venue: v.optional(relation('Venue ID, {id}, or venue fields to create or reuse one; empty clears', 'integer')),
  organizer: v.optional(relation('Organizer IDs, CSV, organizer objects or a mix; [] clears')),
  categories: v.optional(relation('Category IDs, slugs or names (new names are created); [] clears')),
  tags: v.optional(relation('Tag IDs, slugs or names (new names are created); [] clears')),
})

export type EventBody = v.InferOutput<typeof EventBodySchema>

/** What TEC's event routes declare for the texts and flags (`Single_Event::CREATE_args()`). */
export const EVENT_ARGS: Record<string, TecArg> = {
  title: 'text',
  description: 'text',
  excerpt: 'text',
  slug: 'text',
  all_day: 'boolean',
  show_map: 'boolean',
  show_map_link: 'boolean',
  hide_from_listings: 'boolean',
  sticky: 'boolean',
  featured: 'boolean',
}

const FLAGS = ['all_day', 'show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured', 'ticketed'] as const

/** A relation to apply once every field is known to be valid: an existing ID or a record to find or create. */
type Pending = () => number

/** What resolving a body needs beyond `ResolveContext`: how to fill defaults and who is writing. */
export interface EventResolveContext extends ResolveContext {
  normalize: NormalizeContext
  author: number
  /**
   * The status a venue or organizer created inline gets: contributors' are scaled like their events (docs/auth.md).
   */
  scale: (asked: Status | undefined) => Status | undefined
  /** TEC's reading of terms (`WriteMode`): unknown IDs left out, and in a lossy mode its tag-name quirk. */
  mode: WriteMode
}

/**
 * Checks an event body against the state (docs/writes.md): `fields` are the stored values it sets apart from
 * relations; `relations()` creates or reuses the venues, organizers and terms it names and returns their IDs —
 * call it only once no field is invalid, so that a refused request creates nothing. Field problems are collected
 * in `ctx.errors`; the caller throws when there are any.
 */
export function resolveEventBody(body: EventBody, existing: EventRecord | undefined, ctx: EventResolveContext) {
  const out: Record<string, unknown> = resolvePostFields(body as PostBody, ctx)
  if (body.title !== undefined) out.title = body.title
  for (const key of FLAGS) if (body[key] !== undefined) out[key] = body[key]
  // TEC derives the currency from each cost it is sent; a stored one belonged to the cost it replaces.
  if (body.cost !== undefined)
    Object.assign(out, { cost: body.cost, currency_symbol: undefined, currency_position: undefined })
  if (body.website !== undefined) out.website = body.website
  if (body.timezone !== undefined) out.timezone = body.timezone
  const zone = (out.timezone as string | undefined) ?? existing?.timezone ?? ctx.state.siteTimezone
  for (const key of ['start_date', 'end_date'] as const) {
    const input = body[key]
    if (input === undefined) continue
    const read = readDateInput(input, zone, ctx.now)
    if (read.problem !== undefined) ctx.errors[key] = read.problem
    else out[key] = read.wall
  }
  const pending = resolveRelations(body, ctx)
  const relations = (): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(pending).map(([key, refs]) => [
        key,
        key === 'venue' ? (refs[0]?.() ?? null) : [...new Set(refs.map((ref) => ref()))],
      ]),
    )
  return { fields: out, relations }
}

function resolveRelations(body: EventBody, ctx: EventResolveContext): Record<string, Pending[]> {
  const pending: Record<string, Pending[]> = {}
  if (body.venue !== undefined) pending.venue = resolveVenue(body.venue, ctx)
  if (body.organizer !== undefined) pending.organizer = resolveOrganizers(body.organizer, ctx)
  if (body.categories !== undefined) pending.categories = resolveTerms(body.categories, 'category', 'categories', ctx)
  if (body.tags !== undefined) pending.tags = resolveTerms(body.tags, 'tag', 'tags', ctx)
  return pending
}

const isEmpty = (value: unknown) =>
  value === '' || value === 0 || value === '0' || value === null || (Array.isArray(value) && value.length === 0)

function resolveVenue(value: unknown, ctx: EventResolveContext): Pending[] {
  if (isEmpty(value)) return []
  const ref = linkedRef(value, 'venue', ctx)
  return ref ? [ref] : []
}

function resolveOrganizers(value: unknown, ctx: EventResolveContext): Pending[] {
  if (isEmpty(value)) return []
  const lone = typeof value === 'object' && value !== null && !Array.isArray(value)
  const items = lone && 'organizer' in value ? [value] : listItems(value)
  const refs = items.flatMap((item) => {
    const ref = linkedRef(item, 'organizer', ctx)
    return ref ? [ref] : []
  })
  if (!ctx.mode.tec || Object.keys(ctx.errors).length > 0) return refs
  // Valid as TEC's argument check reads it; what its insert then makes of the value (`tecOrganizerInsert`).
  const inserted = tecOrganizerInsert(value, lone, ctx)
  return inserted === undefined ? refs : [inserted]
}

/**
 * TEC's insert of an event's organizers (`Tribe__Events__REST__V1__Endpoints__Single_Organizer::insert()`), where it
 * reads a value its argument check let through otherwise than that check did: it walks the value as PHP's `(array)`
 * casts it, so a lone organizer object is the list of its field values, and a CSV of IDs one text; an entry there
 * that is not an organizer's ID fails the whole write with 400 `could-not-create-organizer`, after the
 * venue was taken (TEC 6.10 and 6.17 alike, docs/writes.md#organizers-on-an-event). `lone`: the value is an object,
 * not a list. Undefined where the insert reads the value as the check did.
 */
function tecOrganizerInsert(value: unknown, lone: boolean, ctx: EventResolveContext): Pending | undefined {
  const entries = lone
    ? Object.values(value as object)
    : typeof value === 'string' && value.includes(',')
      ? [value]
      : undefined
  if (entries === undefined) return undefined
  const organizer = (entry: unknown) => {
    const id = idOf(entry)
    return id !== undefined && ctx.state.postKind(id) === 'organizer'
  }
  if (entries.every((entry) => isEmpty(entry) || organizer(entry))) return undefined
  return () => {
    throw new CalendarError(
      'could-not-create-organizer',
      400,
      'The organizer could not be created from the provided data',
    )
  }
}

/** One venue or organizer reference: an ID, `{id}`, or the fields of one to find or create. */
function linkedRef(value: unknown, kind: LinkedPostKind, ctx: EventResolveContext): Pending | undefined {
  const id = idOf(value)
  if (id !== undefined) {
    const found = ctx.state.postKind(id)
    if (found === kind) return () => id
    ctx.errors[kind] = found ? `${id} is a ${found}, not a ${kind}` : `${kind} ${id} does not exist`
    return undefined
  }
  if (typeof value !== 'object' || value === null || typeof (value as Record<string, unknown>)[kind] !== 'string') {
    ctx.errors[kind] = `must be a ${kind} ID or an object with a "${kind}" name`
    return undefined
  }
  const rules = kind === 'venue' ? VENUE_RULES : ORGANIZER_RULES
  const parsed = v.safeParse(rules.schema, value)
  if (!parsed.success) {
    ctx.errors[kind] = parsed.issues.map((issue) => `${issue.path?.[0]?.key ?? kind}: ${issue.message}`).join('; ')
    return undefined
  }
  // The nested record's problems are the relation's: the body's own `date` is not the venue's.
  const nested = { ...ctx, errors: {} as Record<string, string> }
  const fields = resolveLinkedFields(rules, parsed.output, nested)
  if (Object.keys(nested.errors).length > 0) {
    ctx.errors[kind] = Object.entries(nested.errors)
      .map(([key, message]) => `${key}: ${message}`)
      .join('; ')
    return undefined
  }
  const status = ctx.scale(fields.status as Status | undefined)
  return () => findOrCreateLinked(rules, { ...fields, ...(status ? { status } : {}) }, ctx, ctx.mode)
}

function idOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value
  if (typeof value === 'string' && /^\d+$/u.test(value.trim())) return Number(value)
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const record = value as Record<string, unknown>
    if (record.id !== undefined && Object.keys(record).length === 1) return idOf(record.id)
  }
  return undefined
}

/**
 * Category or tag references: IDs (must exist; TEC leaves unknown ones out), slugs or names (a new name creates
 * the term). In a lossy mode an existing tag named by slug or name becomes the tag named after its ID, as on TEC
 * (`Tribe__Terms::translate_terms_to_ids()` hands the ID to `post_tag`, which reads it as a name).
 */
function resolveTerms(value: unknown, taxonomy: Taxonomy, field: string, ctx: EventResolveContext): Pending[] {
  if (isEmpty(value)) return []
  const terms = ctx.state.terms(taxonomy)
  return listItems(value).flatMap((item): Pending[] => {
    const id = idOf(item)
    if (id !== undefined) {
      if (terms.get(id)) return [() => id]
      if (!ctx.mode.tec) ctx.errors[field] = `${taxonomy} ${id} does not exist`
      return []
    }
    if (typeof item !== 'string' || item.trim() === '') {
      ctx.errors[field] = 'must be IDs, slugs or names'
      return []
    }
    const name = item.trim()
    return [
      () => {
        const found = findTerm(name, taxonomy, ctx)
        if (found === undefined) return createTerm(name, taxonomy, ctx)
        if (taxonomy !== 'tag' || !ctx.mode.lossy) return found
        return findTerm(String(found), taxonomy, ctx) ?? createTerm(String(found), taxonomy, ctx)
      },
    ]
  })
}

/** The term whose slug is `name`, or else whose name is `name` in any case. */
function findTerm(name: string, taxonomy: Taxonomy, ctx: EventResolveContext): number | undefined {
  const terms = ctx.state.terms(taxonomy)
  const bySlug = terms.bySlug(name)
  if (bySlug) return bySlug.id
  const lower = name.toLowerCase()
  for (const term of terms.values()) if (term.name.toLowerCase() === lower) return term.id
  return undefined
}

function createTerm(name: string, taxonomy: Taxonomy, ctx: EventResolveContext): number {
  const id = ctx.state.nextTermId()
  ctx.state.terms(taxonomy).put(normalizeTerm({ name }, id, taxonomy, ctx.normalize))
  return id
}
