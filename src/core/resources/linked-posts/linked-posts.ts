import { safeParseOnce } from '../../cache/parsed-input.js'
import { type ShapeForm, shapedJson, shapeForm } from '../../cache/shaped-text.js'
import type { CalendarCore } from '../../calendar-core.js'
import { instantToWall } from '../../dates/zoned.js'
import { invalidParams, missingParams } from '../../errors.js'
import type { CollectionOf, LinkedPostKind } from '../../model/kinds.js'
import type { Status } from '../../model/records.js'
import type { CalendarState } from '../../model/state.js'
import { assertCanEdit, assertCanWrite, assertCredentials, assertReadable, writableStatus } from '../access.js'
import type { EventRef } from '../events/events.js'
import { firstIssuesByField } from '../fields.js'
import { type ListPage, type ListPageJson, paginateJson, parsedPage } from '../lists.js'
import { datesSent, datesUpdatedApart, findPost, findPostBySlug, savedPostDates } from '../posts/post.js'
import type { ResolveContext } from '../posts/post-input.js'
import { forgetPost, trashed, untrashedFields } from '../posts/removal.js'
import { saveRevision } from '../posts/revisions.js'
import { assertTecArgs, invalidBody } from '../tec-args.js'
import type { View } from '../view.js'
import { LIBRARY_WRITES, VENUE_FIELDS_CLEARED_BY_UPDATE, type WriteMode } from '../write-mode.js'
import { VENUE_ARGS } from './linked-input.js'
import {
  findOrCreateLinked,
  type LinkedPostRecord,
  type LinkedPostRules,
  resolveLinkedFields,
} from './linked-post-rules.js'
import { LinkedQuerySchema, selectLinked } from './linked-query.js'

/** A venue or organizer as the API shows it (docs/responses.md#venue, docs/responses.md#organizer). */
export type LinkedResponse = Record<string, unknown>

/**
 * Venues or organizers: every operation of their routes (docs/http.md#venue-and-organizer-routes), the same for the
 * library and HTTP. One class for both; what differs lives in their `LinkedPostRules`.
 *
 * @example
 * await calendar.venues.create({ venue: 'Blue Room', city: 'Boston' })
 * calendar.venues.list({ search: 'boston', has_events: true })
 */
export class LinkedPosts {
  readonly #core: CalendarCore
  readonly #rules: LinkedPostRules

  constructor(core: CalendarCore, rules: LinkedPostRules) {
    this.#core = core
    this.#rules = rules
  }

  /**
   * A page of records (docs/lists.md#venue-and-organizer-lists); the objects are the caller's own: `JSON.parse` of
   * `listJson`.
   * @throws CalendarError 400 `rest_invalid_param`; 404 `<kind>-archive-page-not-found` past the last page.
   */
  list(
    query: Record<string, unknown> = {},
    view = this.#core.defaultView(),
  ): ListPage<CollectionOf<LinkedPostKind>, LinkedResponse> {
    return parsedPage(this.listJson(query, view))
  }

  /**
   * `list` as the JSON HTTP sends (UTF-8), assembled from each record's kept JSON, not shaped again.
   * @throws CalendarError as `list`.
   */
  listJson(query: Record<string, unknown> = {}, view = this.#core.defaultView()): ListPageJson {
    const state = this.#core.state
    const now = this.#core.now()
    const page = () => this.#page(query, view, state, now)
    return this.#core.listPages.page(this.#rules.route, query, view, state, now, page)
  }

  #page(query: Record<string, unknown>, view: View, state: CalendarState, now: number): ListPageJson {
    const parsed = safeParseOnce(LinkedQuerySchema, query)
    if (!parsed.success) throw invalidParams(firstIssuesByField(parsed.issues))
    const { records, echo } = selectLinked(state, this.#rules, parsed.output, view, now)
    const request = {
      kind: this.#rules.route,
      items: records,
      page: parsed.output.page,
      perPage: parsed.output.per_page,
      query: echo,
      notFoundCode: `${this.#rules.kind}-archive-page-not-found`,
    }
    const form = shapeForm(this.#rules.route, false, view)
    return paginateJson(request, state.settings, view, (record) => this.#json(state, record, view, form))
  }

  /**
   * One record with its `json_ld` (docs/responses.md#venue, docs/responses.md#organizer, docs/errors.md); the object
   * is the caller's own.
   * @throws CalendarError 404 unknown, 400 another kind's ID, 403 trashed or not readable.
   */
  get(ref: EventRef, view = this.#core.defaultView()): LinkedResponse {
    return JSON.parse(this.getJson(ref, view).toString())
  }

  /**
   * `get` as the JSON HTTP sends (UTF-8), kept between reads while the record stays the same; shared bytes.
   * @throws CalendarError as `get`.
   */
  getJson(ref: EventRef, view = this.#core.defaultView()): Buffer {
    const state = this.#core.state
    assertCredentials(view)
    const record = this.#find(state, ref)
    assertReadable(view, this.#rules.kind, record)
    return this.#json(state, record, view, shapeForm(this.#rules.route, true, view))
  }

  /** A record's shape reads the record, the site zone (in the settings) and the media (its image). */
  #json(state: CalendarState, record: LinkedPostRecord, view: View, form: ShapeForm): Buffer {
    const inputs = () => [record, state.settings, state.siteTimezone, state.media.version]
    return shapedJson(this.#core.shapedText, state, form, record.id, inputs, () =>
      this.#rules.shape(state, record, view, form),
    )
  }

  /**
   * Creates a record, or answers with the one it duplicates (`findOrCreateLinked`: in a lossy `mode`, as TEC does,
   * the record of the same name, overwritten with the fields given; otherwise one whose given fields all match,
   * left as it is; docs/writes.md#duplicates). TEC answers 201 either way. `mode` is the library's unless the HTTP
   * interface passes its own.
   * @throws CalendarError 400 `rest_missing_callback_param` without a name, `rest_invalid_param`, 401/403.
   */
  async create(body: unknown, view = this.#core.defaultView(), mode = LIBRARY_WRITES): Promise<LinkedResponse> {
    const input = this.#parse(body, mode)
    if (input[this.#rules.nameKey] === undefined) throw missingParams([this.#rules.nameKey])
    return this.#core.write((state) => {
      const ctx = this.#context(state)
      const fields = resolveLinkedFields(this.#rules, input, ctx)
      const status = writableStatus(view, input.status as Status | undefined, true)
      if (Object.keys(ctx.errors).length > 0) throw invalidBody(ctx.errors, mode)
      assertCanWrite(view)
      const author = view.user?.id ?? 1
      const now = this.#nowWall(state)
      const dates = savedPostDates(undefined, status ?? 'publish', datesSent(input, fields), now, mode.lossy)
      const id = findOrCreateLinked(
        this.#rules,
        { ...fields, status, ...dates },
        { ...ctx, normalize: { state, now }, author },
        mode,
      )
      return this.#rules.shape(state, this.#rules.collection(state).get(id) as LinkedPostRecord, view, {
        single: false,
      })
    })
  }

  /**
   * Changes only the fields sent (docs/writes.md), or in a lossy `mode` as TEC's update: the status `publish` when
   * not sent, and a venue's `VENUE_FIELDS_CLEARED_BY_UPDATE`. Setting a status other than `trash` restores a trashed
   * record.
   * @throws CalendarError 400, 401/403, 404 for the reference.
   */
  async update(
    ref: EventRef,
    body: unknown,
    view = this.#core.defaultView(),
    mode = LIBRARY_WRITES,
  ): Promise<LinkedResponse> {
    const input = this.#parse(body, mode)
    return this.#core.write((state) => {
      // TEC's order: the body against the state and the reference (the request's parameters), then permission.
      const ctx = this.#context(state)
      const fields = resolveLinkedFields(this.#rules, input, ctx)
      if (Object.keys(ctx.errors).length > 0) throw invalidBody(ctx.errors, mode)
      const existing = this.#find(state, ref)
      assertCanEdit(view, existing)
      const status = writableStatus(view, input.status as Status | undefined, mode.lossy)
      const now = this.#nowWall(state)
      const cleared = mode.lossy && this.#rules.kind === 'venue' ? VENUE_FIELDS_CLEARED_BY_UPDATE : {}
      if (mode.lossy)
        Object.assign(fields, datesUpdatedApart(existing, fields, datesSent(input, {}), state.siteTimezone))
      const raw: Record<string, unknown> = {
        ...existing,
        ...cleared,
        ...fields,
        ...(status ? { status } : {}),
        modified: now,
      }
      Object.assign(raw, savedPostDates(existing, raw.status as Status, datesSent(input, fields), now, mode.lossy))
      Object.assign(raw, untrashedFields(existing, raw))
      const record = this.#rules.normalize(raw, existing.id, { state, now })
      this.#rules.collection(state).put(record)
      saveRevision(state, this.#rules.kind, record, view.user?.id ?? 1)
      return this.#rules.shape(state, record, view, { single: false })
    })
  }

  /**
   * Moves a record to the trash (events keep the link, hidden), or with `force` removes it for good and unlinks
   * it from events (docs/errors.md). In a lossy `mode` trashing an organizer empties the organizer list of every
   * event that has it, as on TEC, where the others are gone too once it is restored.
   * @throws CalendarError 410 `<kind>-is-in-trash` when already trashed without `force`.
   */
  async delete(
    ref: EventRef,
    options: { force?: boolean } = {},
    view = this.#core.defaultView(),
    mode = LIBRARY_WRITES,
  ): Promise<LinkedResponse> {
    assertCredentials(view)
    return this.#core.write((state) => {
      // The reference is one of the request's parameters, checked before the permission, as TEC does.
      const existing = this.#find(state, ref)
      assertCanEdit(view, existing)
      const collection = this.#rules.collection(state)
      if (options.force) {
        const shaped = this.#rules.shape(state, existing, view, { single: false })
        collection.delete(existing.id)
        forgetPost(state, this.#rules.kind, existing.id)
        return shaped
      }
      const record = trashed(
        existing,
        this.#rules.kind,
        this.#nowWall(state),
        (slug) => collection.bySlug(slug) !== undefined,
      )
      collection.put(record)
      saveRevision(state, this.#rules.kind, record, view.user?.id ?? 1)
      if (mode.lossy && this.#rules.kind === 'organizer') dropOrganizerLists(state, record.id)
      return this.#rules.shape(state, record, view, { single: false })
    })
  }

  #parse(body: unknown, mode: WriteMode): Record<string, unknown> {
    if (mode.tec && this.#rules.kind === 'venue') assertTecArgs(body, VENUE_ARGS)
    const parsed = safeParseOnce(this.#rules.schema, body ?? {})
    if (!parsed.success) throw invalidBody(firstIssuesByField(parsed.issues), mode)
    return parsed.output
  }

  #find(state: CalendarState, ref: EventRef): LinkedPostRecord {
    const kind = this.#rules.kind
    return typeof ref === 'number' ? findPost(state, kind, ref) : findPostBySlug(state, kind, ref.slug)
  }

  #context(state: CalendarState): ResolveContext {
    return { state, now: this.#core.now(), errors: {} }
  }

  #nowWall(state: CalendarState): string {
    return instantToWall(this.#core.now(), state.siteTimezone)
  }
}

/** Empties the organizer list of every event that lists `organizer` (TEC's trash of an organizer). */
function dropOrganizerLists(state: CalendarState, organizer: number): void {
  for (const event of [...state.events.values()]) {
    if (event.organizer.includes(organizer)) state.events.put({ ...event, organizer: [] })
  }
}
