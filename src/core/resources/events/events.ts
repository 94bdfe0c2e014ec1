import { safeParseOnce } from '../../cache/parsed-input.js'
import { type ShapeForm, shapedJson, shapeForm } from '../../cache/shaped-text.js'
import type { CalendarCore } from '../../calendar-core.js'
import { dayEnd, dayStart, instantToWall, wallToInstant } from '../../dates/zoned.js'
import { unstorableDates } from '../../document/storable-dates.js'
import { CalendarError, invalidParams, missingParams } from '../../errors.js'
import type { EventRecord, Status } from '../../model/records.js'
import type { CalendarState } from '../../model/state.js'
import { assertCanEdit, assertCanWrite, assertCredentials, assertReadable, writableStatus } from '../access.js'
import { firstIssuesByField } from '../fields.js'
import { type ListPage, type ListPageJson, paginateJson, parsedPage } from '../lists.js'
import { datesSent, findPost, findPostBySlug, postBySlug, savedPostDates } from '../posts/post.js'
import { forgetPost, trashed, untrashedFields } from '../posts/removal.js'
import { saveRevision } from '../posts/revisions.js'
import { assertTecArgs, invalidBody } from '../tec-args.js'
import { tecRules } from '../tec-versions.js'
import type { View } from '../view.js'
import { eventFieldsClearedByUpdate, keepDatesUnlessBothSent, LIBRARY_WRITES, type WriteMode } from '../write-mode.js'
import {
  EVENT_ARGS,
  type EventBody,
  EventBodySchema,
  type EventResolveContext,
  resolveEventBody,
} from './event-input.js'
import { eventQuerySchema, selectEvents } from './event-query.js'
import { normalizeEvent } from './event-record.js'
import { eventShapeInputs, eventUtcDates, shapeEvent } from './event-shape.js'

/** An event as the API shows it (docs/responses.md#event). */
export type EventResponse = ReturnType<typeof shapeEvent>

/** Which event a single route names: its ID or its slug (docs/errors.md). */
export type EventRef = number | { slug: string }

/**
 * Events: every operation of the event routes (docs/http.md#event-routes), the same for the library and HTTP.
 *
 * @example
 * const page = calendar.events.list({ start_date: '2026-07-01', per_page: 10 })
 * const created = await calendar.events.create({ title: 'Jazz', start_date: 'tomorrow 20:00', end_date: 'tomorrow 23:00' })
 */
export class Events {
  readonly #core: CalendarCore

  constructor(core: CalendarCore) {
    this.#core = core
  }

  /**
   * A page of events (docs/lists.md#event-list-dates, docs/lists.md#other-event-filters) in the revision of the
   * settings (docs/http.md); `query` as a query string carries it (strings, CSV or arrays). The objects are the
   * caller's own: `JSON.parse` of `listJson`.
   * @throws CalendarError 400 `rest_invalid_param`; 404 `event-archive-page-not-found` past the last page.
   */
  list(query: Record<string, unknown> = {}, view = this.#core.defaultView()): ListPage<'events', EventResponse> {
    return parsedPage(this.listJson(query, view))
  }

  /**
   * `list` as the JSON HTTP sends (UTF-8), assembled from each event's kept JSON, not shaped again.
   * @throws CalendarError as `list`.
   */
  listJson(query: Record<string, unknown> = {}, view = this.#core.defaultView()): ListPageJson {
    const state = this.#core.state
    const now = this.#core.now()
    return this.#core.listPages.page('events', query, view, state, now, () => this.#page(query, view, state, now))
  }

  #page(query: Record<string, unknown>, view: View, state: CalendarState, now: number): ListPageJson {
    const parsed = safeParseOnce(eventQuerySchema(state.settings.api_revision), query)
    if (!parsed.success) throw invalidParams(firstIssuesByField(parsed.issues))
    const { events, echo } = selectEvents(state, parsed.output, view, now)
    const request = {
      kind: 'events' as const,
      items: events,
      page: parsed.output.page,
      perPage: parsed.output.per_page,
      query: echo,
      notFoundCode: 'event-archive-page-not-found',
    }
    const form = shapeForm('events', false, view)
    return paginateJson(request, state.settings, view, (event) => this.#json(state, event, view, form))
  }

  /**
   * One event with its `json_ld` (docs/responses.md#event, docs/errors.md); the object is the caller's own:
   * `JSON.parse` of `getJson`.
   * @throws CalendarError 404 unknown, 400 another kind's ID, 403 trashed or not readable.
   */
  get(ref: EventRef, view = this.#core.defaultView()): EventResponse {
    return JSON.parse(this.getJson(ref, view).toString())
  }

  /**
   * `get` as the JSON HTTP sends (UTF-8), kept between reads while the event and what it shows stay the same;
   * shared bytes: never write into them.
   * @throws CalendarError as `get`.
   */
  getJson(ref: EventRef, view = this.#core.defaultView()): Buffer {
    const state = this.#core.state
    assertCredentials(view)
    const event = this.#find(state, ref)
    if (event.status === 'trash' && tecRules(state.settings).trashedEventsGone)
      throw new CalendarError('event-no-longer-available', 403, 'This event is no longer available')
    assertReadable(view, 'event', event)
    return this.#json(state, event, view, shapeForm('events', true, view))
  }

  #json(state: CalendarState, event: EventRecord, view: View, form: ShapeForm): Buffer {
    return shapedJson(
      this.#core.shapedText,
      state,
      form,
      event.id,
      () => eventShapeInputs(state, event),
      () => shapeEvent(state, event, view, form),
    )
  }

  /**
   * Creates an event (docs/writes.md): `title`, `start_date` and `end_date` required; venues, organizers and terms
   * it names by object or new name are created or reused. Without `show_map`/`show_map_link` both are off, and
   * without a `website` (or with an empty one) it shows its own page, as TEC stores a new event.
   * `mode` is the library's unless the HTTP interface passes TEC's (`WriteMode`).
   * @throws CalendarError 400 `rest_missing_callback_param` / `rest_invalid_param`, 401/403 `rest_forbidden`.
   */
  async create(body: unknown, view = this.#core.defaultView(), mode = LIBRARY_WRITES): Promise<EventResponse> {
    const input = parseBody(body, mode)
    const missing = (['title', 'start_date', 'end_date'] as const).filter((key) => input[key] === undefined)
    if (missing.length > 0) throw missingParams(missing)
    return this.#core.write((state) =>
      shapeEvent(state, this.#save(state, input, undefined, view, mode), view, { single: false }),
    )
  }

  /**
   * Changes only the fields sent (docs/writes.md), or in a lossy `mode` clears the others as TEC's update does
   * (`eventFieldsClearedByUpdate`, the status `publish`); an update that sets a status other than `trash` restores
   * a trashed event.
   * @throws CalendarError as `create`, and 404/400 for the reference.
   */
  async update(
    ref: EventRef,
    body: unknown,
    view = this.#core.defaultView(),
    mode = LIBRARY_WRITES,
  ): Promise<EventResponse> {
    const input = parseBody(body, mode)
    return this.#core.write((state) =>
      shapeEvent(state, this.#save(state, input, ref, view, mode), view, { single: false }),
    )
  }

  /**
   * Moves an event to the trash, or with `force` removes it for good; answers with its data (docs/errors.md).
   * @throws CalendarError 410 `event-is-in-trash` when it is already trashed and `force` is not set.
   */
  async delete(
    ref: EventRef,
    options: { force?: boolean } = {},
    view = this.#core.defaultView(),
  ): Promise<EventResponse> {
    assertCredentials(view)
    return this.#core.write((state) => {
      const existing = this.#referenced(state, ref, view)
      if (options.force) {
        const shaped = shapeEvent(state, existing, view, { single: false })
        state.events.delete(existing.id)
        forgetPost(state, 'event', existing.id)
        return shaped
      }
      const record = trashed(existing, 'event', this.#nowWall(state), (slug) => state.events.bySlug(slug) !== undefined)
      state.events.put(record)
      saveRevision(state, 'event', record, view.user?.id ?? 1)
      return shapeEvent(state, record, view, { single: false })
    })
  }

  /**
   * The event an update or delete names, once the viewer may change it, checked in the order of the release
   * (`TecRules.eventIdCheck`): TEC 6.10 checks the reference with the request's parameters, before the permission;
   * TEC 6.17 asks the permission first (of the event, or to edit events at all when there is none,
   * `Single_Event::can_edit()`) and the reference in the handler.
   * @throws CalendarError 404/400 for the reference, 401/403 `rest_forbidden`.
   */
  #referenced(state: CalendarState, ref: EventRef, view: View): EventRecord {
    if (tecRules(state.settings).eventIdCheck === 'handler' && !this.#peek(state, ref)) assertCanWrite(view)
    const existing = this.#find(state, ref)
    assertCanEdit(view, existing)
    return existing
  }

  #find(state: CalendarState, ref: EventRef): EventRecord {
    return typeof ref === 'number' ? findPost(state, 'event', ref) : findPostBySlug(state, 'event', ref.slug)
  }

  /** The event a reference names, if any; `#find` throws the contract's errors instead. */
  #peek(state: CalendarState, ref: EventRef): EventRecord | undefined {
    return typeof ref === 'number' ? state.events.get(ref) : postBySlug(state, 'event', ref.slug)
  }

  #nowWall(state: CalendarState): string {
    return instantToWall(this.#core.now(), state.siteTimezone)
  }

  /**
   * Creates (`ref` undefined) or updates an event, all or nothing, in TEC's order: the body against the state
   * (400), then the reference and the permission (`#referenced`), and only then creates what the body names and
   * stores the event.
   */
  #save(state: CalendarState, input: EventBody, ref: EventRef | undefined, view: View, mode: WriteMode): EventRecord {
    const nowWall = this.#nowWall(state)
    const author = view.user?.id ?? 1
    const scale = (asked: Status | undefined) => writableStatus(view, asked, true)
    const ctx: EventResolveContext = {
      state,
      now: this.#core.now(),
      errors: {},
      normalize: { state, now: nowWall },
      author,
      scale,
      mode,
    }
    const found = ref === undefined ? undefined : this.#peek(state, ref)
    const cleared = found && mode.lossy ? eventFieldsClearedByUpdate(state.siteTimezone) : {}
    const { fields, relations } = resolveEventBody(input, mode.lossy ? undefined : found, ctx)
    if (ref !== undefined && mode.lossy) keepDatesUnlessBothSent(fields)
    const status = writableStatus(view, input.status, ref === undefined || mode.lossy)
    const raw: Record<string, unknown> = {
      author,
      ...(ref === undefined ? CREATE_DEFAULTS : {}),
      ...found,
      ...cleared,
      ...fields,
      ...(status ? { status } : {}),
      // A new post's `modified` is its `date` (`postDefaults`).
      ...(ref === undefined ? {} : { modified: nowWall }),
    }
    const sent = datesSent(input, fields)
    // TEC's update sends an empty `post_date` when it is sent no date, which `wp_insert_post()` reads as now: the
    // post is dated as if it were sent now.
    const redated = ref !== undefined && mode.lossy && !sent.date && !sent.date_utc
    if ((ref === undefined || redated) && fields.date === undefined) raw.date = nowWall
    Object.assign(
      raw,
      savedPostDates(found, raw.status as Status, redated ? { ...sent, date: true } : sent, nowWall, mode.lossy),
    )
    // TEC saves a new sticky event a second time (its `menu_order`, `Tribe__Events__API::saveEventMeta()`).
    if (ref === undefined && raw.sticky === true) Object.assign(raw, { modified: nowWall, modified_utc: undefined })
    // TEC keeps no empty website on a new event, which then shows its own page (`Post_Repository::get_event_data()`).
    if (ref === undefined && raw.website === '') raw.website = null
    Object.assign(raw, untrashedFields(found, raw))
    // UTC dates TEC kept belong to the dates and zone they were stored with.
    if (['start_date', 'end_date', 'timezone', 'all_day'].some((key) => fields[key] !== undefined))
      Object.assign(raw, { utc_start_date: undefined, utc_end_date: undefined })
    Object.assign(raw, keptUtcDates(found, fields, raw, mode))
    checkEventDates(raw, state.siteTimezone, ctx.errors, mode, mode.lossy)
    if (Object.keys(ctx.errors).length > 0) throw invalidBody(ctx.errors, mode)
    const existing = ref === undefined ? undefined : this.#referenced(state, ref, view)
    if (!existing) assertCanWrite(view)
    const record = normalizeEvent({ ...raw, ...relations() }, existing?.id ?? state.nextPostId(), ctx.normalize)
    state.events.put(record)
    if (existing) saveRevision(state, 'event', record, author)
    return record
  }
}

/**
 * The UTC dates TEC keeps through a write that does not work them out (docs/writes.md#lossy-writes-over-http): none
 * on a create through REST meta (`WriteMode.restMeta`); on an update sent no date, through REST meta or TEC's lossy
 * update (which resets the zone to the site's unless sent one), those the event showed before, where they are not
 * the wall times in the zone it now has. `{}` where the UTC dates are the wall times in the zone, as for most writes.
 */
function keptUtcDates(
  found: EventRecord | undefined,
  fields: Record<string, unknown>,
  raw: Record<string, unknown>,
  mode: WriteMode,
): Pick<EventRecord, 'utc_start_date' | 'utc_end_date'> {
  if (!found) return mode.restMeta ? { utc_start_date: null, utc_end_date: null } : {}
  if (!(mode.restMeta || mode.lossy) || fields.start_date !== undefined || fields.end_date !== undefined) return {}
  if (mode.lossy && fields.timezone !== undefined) return {}
  const before = eventUtcDates(found)
  const zone = raw.timezone as string
  const utcOf = (wall: unknown) => (typeof wall === 'string' ? instantToWall(wallToInstant(wall, zone), 'UTC') : null)
  return {
    utc_start_date: before.start === utcOf(raw.start_date) ? undefined : before.start,
    utc_end_date: before.end === utcOf(raw.end_date) ? undefined : before.end,
  }
}

/** What a new event stores for the fields it is not sent, where that differs from a stored event's defaults. */
const CREATE_DEFAULTS = { show_map: false, show_map_link: false }

/**
 * docs/writes.md: an end before the start is refused, after the all-day rule, or read as TEC does (`mode.tec`): the
 * event then ends at its start (`Tribe__Events__API::saveEventMeta()`); and both must be dates calfile can store.
 * `tecUtcEnd` (a write under `settings.tec_lossy_writes`): TEC's UTC end, worked out from the end as sent, is kept
 * in `utc_end_date` (TEC 6.10 and 6.17 alike, on create and update; docs/writes.md#lossy-writes-over-http).
 */
function checkEventDates(
  raw: Record<string, unknown>,
  siteZone: string,
  errors: Record<string, string>,
  mode: WriteMode,
  tecUtcEnd: boolean,
) {
  const start = raw.start_date
  const end = raw.end_date
  // No dates yet: an update of an unknown event, answered 404 after the permission check.
  if (errors.start_date || errors.end_date || typeof start !== 'string' || typeof end !== 'string') return
  const allDay = raw.all_day === true
  const backwards = (allDay ? dayEnd(end) : end) < (allDay ? dayStart(start) : start)
  if (backwards && mode.tec) {
    raw.end_date = start
    if (tecUtcEnd) {
      const zone = (raw.timezone as string | undefined) ?? siteZone
      raw.utc_end_date = instantToWall(wallToInstant(allDay ? dayEnd(end) : end, zone), 'UTC')
    }
  }
  // The end as it will be stored is what must fit: moved to an all-day start, it is that day's 23:59:59.
  Object.assign(errors, unstorableDates(raw, siteZone))
  if (backwards && !mode.tec && errors.end_date === undefined) errors.end_date = `${end} is before start_date ${start}`
}

function parseBody(body: unknown, mode: WriteMode): EventBody {
  if (mode.tec) assertTecArgs(body, EVENT_ARGS)
  const parsed = safeParseOnce(EventBodySchema, body ?? {})
  if (!parsed.success) throw invalidBody(firstIssuesByField(parsed.issues), mode)
  return parsed.output
}
