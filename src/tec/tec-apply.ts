import { unstorableDates } from '../core/document/storable-dates.js'
import type { Collection } from '../core/model/collection.js'
import { COLLECTION_OF, type PostKind, type RecordKind, type Taxonomy } from '../core/model/kinds.js'
import type { EventRecord, TermRecord } from '../core/model/records.js'
import { moveRevisionOff } from '../core/model/renumber.js'
import { normalizeEvent } from '../core/resources/events/event-record.js'
import { normalizeOrganizer, normalizeVenue } from '../core/resources/linked-posts/venue-record.js'
import type { NormalizeContext } from '../core/resources/posts/post.js'
import { normalizeTerm } from '../core/resources/terms/term-record.js'
import { invalid, type Located } from './tec-capture.js'
import { eventFields, type FieldContext, mediaRecord, organizerFields, termFields, venueFields } from './tec-fields.js'
import { categoryParents, type Plan } from './tec-plan.js'
import type { EventCapture, OrganizerCapture, TermCapture, VenueCapture } from './tec-schema.js'

/** How many records of one kind an import added, changed, or found identical. */
export interface ImportCounts {
  added: number
  updated: number
  unchanged: number
}

/** What `importTec` did (its plan applied), per kind, and what it had to change in the data to store it. */
export interface ImportReport {
  events: ImportCounts
  venues: ImportCounts
  organizers: ImportCounts
  categories: ImportCounts
  tags: ImportCounts
  media: ImportCounts
  /** The site time zone the import wrote to `settings.timezone` (`adoptTimezone`), when it wrote one. */
  timezone?: string
  warnings: string[]
}

/** The kinds of record an import stores. */
export type ImportKind = PostKind | Taxonomy

/** One import under way: the state it writes, the records it leaves alone, and the report and warnings it fills. */
interface Run {
  ctx: NormalizeContext
  fields: FieldContext
  report: ImportReport
  keep: (kind: ImportKind, id: number) => boolean
}

/** Where the report counts each kind: under its collection's name. */
const COUNTS = COLLECTION_OF

const zero = (): ImportCounts => ({ added: 0, updated: 0, unchanged: 0 })

/** Puts a record unless an identical one is stored, so that a re-import changes nothing, not even `version`. */
function upsert<T extends { id: number }>(collection: Collection<T>, record: T, counts: ImportCounts): void {
  const old = collection.get(record.id)
  if (old === undefined) counts.added++
  else if (JSON.stringify(old) === JSON.stringify(record)) {
    counts.unchanged++
    return
  } else counts.updated++
  collection.put(record)
}

function noteSlug(
  kind: RecordKind,
  wanted: string | undefined,
  record: { id: number; slug: string },
  warnings: Set<string>,
) {
  if (wanted === undefined || wanted === record.slug) return
  warnings.add(`${kind} ${record.id}: slug "${wanted}" is taken by another ${kind}; stored as "${record.slug}"`)
}

/**
 * Builds and upserts each planned record of one kind; `build` gets the stored record it replaces, if any.
 * @throws CalendarError 400 `import-invalid-capture` for a date calfile could not show, by its path.
 */
function applyEach<C extends { id: number; slug?: string }, R extends { id: number; slug: string }>(
  run: Run,
  kind: RecordKind,
  items: Map<number, Located<C>>,
  collection: Collection<R>,
  build: (value: C, old: R | undefined) => R,
): void {
  for (const { value, path } of items.values()) {
    if (run.keep(kind, value.id)) continue
    const record = build(value, collection.get(value.id))
    for (const [field, problem] of Object.entries(unstorableDates(record, run.ctx.state.siteTimezone)))
      throw invalid([...path, field], problem)
    noteSlug(kind, value.slug, record, run.fields.warnings)
    upsert(collection, record, run.report[COUNTS[kind]])
  }
}

function applyTerms(
  run: Run,
  taxonomy: Taxonomy,
  items: Map<number, Located<TermCapture>>,
  parents: Map<number, number>,
): void {
  const { ctx } = run
  const build = (value: TermCapture, old: TermRecord | undefined) =>
    normalizeTerm({ ...old, ...termFields(value, parents.get(value.id) ?? 0) }, value.id, taxonomy, ctx)
  applyEach(run, taxonomy, items, ctx.state.terms(taxonomy), build)
}

function applyPosts(run: Run, plan: Plan): void {
  const { ctx, fields } = run
  const { state } = ctx
  applyEach(run, 'venue', plan.venues, state.venues, (value: VenueCapture, old) =>
    normalizeVenue({ ...old, ...venueFields(value, fields) }, value.id, ctx),
  )
  applyEach(run, 'organizer', plan.organizers, state.organizers, (value: OrganizerCapture, old) =>
    normalizeOrganizer({ ...old, ...organizerFields(value, fields) }, value.id, ctx),
  )
  applyEach(run, 'event', plan.events, state.events, (value: EventCapture, old) =>
    normalizeEvent({ ...costMetaGone(old, value), ...eventFields(value, fields) }, value.id, ctx),
  )
}

/**
 * The stored event without its currency meta when the capture shows `cost_details`: `eventFields` stores the meta
 * only where the cost text does not give it, so a capture whose cost now gives it (a site that cleared its cost on
 * update, as TEC does) must not keep the old meta.
 */
function costMetaGone(old: EventRecord | undefined, value: EventCapture): Partial<EventRecord> | undefined {
  if (old === undefined || value.cost_details === undefined) return old
  const { currency_symbol: _symbol, currency_position: _position, ...rest } = old
  return rest
}

/**
 * Stores a checked plan into `ctx.state`: its IDs noted first (so that new records get higher ones), then media,
 * categories, tags, venues, organizers and events (docs/data-file.md). The records `keep` names are left as stored
 * (or absent), and counted nowhere.
 *
 * @returns the counts per kind and, in order, what the data had to lose to be stored (statuses, parents, slugs, ...).
 */
export function applyPlan(
  plan: Plan,
  ctx: NormalizeContext,
  keep: (kind: ImportKind, id: number) => boolean = () => false,
): ImportReport {
  const { state } = ctx
  const warnings = new Set<string>()
  const report: ImportReport = {
    events: zero(),
    venues: zero(),
    organizers: zero(),
    categories: zero(),
    tags: zero(),
    media: zero(),
    warnings: [],
  }
  const run: Run = { ctx, fields: { siteTimezone: state.siteTimezone, warnings }, report, keep }
  for (const id of plan.postIds()) state.notePostId(id)
  for (const id of plan.postIds()) moveRevisionOff(state, id)
  for (const id of plan.termIds()) state.noteTermId(id)
  for (const { value } of plan.media.values()) {
    if (!keep('media', value.id)) upsert(state.media, mediaRecord(value, state.media.get(value.id)), report.media)
  }
  applyTerms(run, 'category', plan.categories, categoryParents(plan, warnings))
  applyTerms(run, 'tag', plan.tags, new Map())
  applyPosts(run, plan)
  report.warnings = [...warnings]
  return report
}
