import type { CalendarCore } from './calendar-core.js'
import { invalidParam } from './errors.js'
import type { EventRecord } from './model/records.js'
import type { CalendarState } from './model/state.js'
import { EVENT_KEYS } from './resources/events/event-record.js'
import { Events } from './resources/events/events.js'
import { ORGANIZER_RULES, VENUE_RULES } from './resources/linked-posts/linked-post-rules.js'
import { LinkedPosts } from './resources/linked-posts/linked-posts.js'
import { findPost } from './resources/posts/post.js'
import { Terms } from './resources/terms/terms.js'

/**
 * What `CalendarBatch.setEventFields` writes on a stored event: what the API cannot write (docs/errors.md).
 * - `post_parent`: another event's ID, or 0 for none (what the list filter `post_parent` reads,
 *   docs/lists.md#other-event-filters).
 * - any key beyond the contract's: stored as given (JSON values) and shown after the contract's keys.
 */
export interface StoredEventFields {
  post_parent?: number
  [extra: string]: unknown
}

/**
 * The library calls of one change (`Calendar.batch`): the usual resources, whose writes all land in one file
 * write or none, and what an importer needs beyond them: the stored events with their extra keys, and a way to
 * write `post_parent` and extra keys.
 */
export interface CalendarBatch {
  readonly events: Events
  readonly venues: LinkedPosts
  readonly organizers: LinkedPosts
  readonly categories: Terms
  readonly tags: Terms
  /** The site time zone in force (`settings.timezone`, or `openCalendar`'s `timezone`; docs/data-file.md). */
  readonly siteTimezone: string
  /** The stored events, as in the data file with defaults filled in, extra keys included; not to be changed. */
  storedEvents(): IterableIterator<Readonly<EventRecord>>
  /**
   * Sets `fields` on the event `id`, leaving its other fields and `modified` as they are; nothing when they are
   * already so.
   * @throws CalendarError 404/400 for `id` as `events.get`; 400 `rest_invalid_param` for a contract key other than
   *   `post_parent`, or a `post_parent` that is not another event's ID or 0.
   */
  setEventFields(id: number, fields: StoredEventFields): void
}

/**
 * The batch of one change on `state`: resources over `core`'s clock, view and caches whose writes change `state`
 * at once, each undone alone when it throws (its promise rejects), and all of them with the change when the change
 * fails.
 */
export function calendarBatch(core: CalendarCore, state: CalendarState): CalendarBatch {
  const bound: CalendarCore = {
    state,
    now: () => core.now(),
    defaultView: () => core.defaultView(),
    shapedText: core.shapedText,
    listPages: core.listPages,
    write: (change) => new Promise((resolve) => resolve(state.journal.attempt(() => change(state)))),
  }
  return {
    events: new Events(bound),
    venues: new LinkedPosts(bound, VENUE_RULES),
    organizers: new LinkedPosts(bound, ORGANIZER_RULES),
    categories: new Terms(bound, 'category'),
    tags: new Terms(bound, 'tag'),
    siteTimezone: state.siteTimezone,
    storedEvents: () => state.events.values(),
    setEventFields: (id, fields) => setEventFields(state, id, fields),
  }
}

function setEventFields(state: CalendarState, id: number, fields: StoredEventFields): void {
  const event = findPost(state, 'event', id)
  const { post_parent: parent, ...extras } = fields
  for (const key of Object.keys(extras))
    if (EVENT_KEYS.has(key)) throw invalidParam(key, 'is written by events.create and events.update')
  if (parent !== undefined && parent !== 0 && (parent === id || state.postKind(parent) !== 'event'))
    throw invalidParam('post_parent', `${parent} is not the ID of another event`)
  const record: EventRecord = { ...event, ...(parent === undefined ? {} : { post_parent: parent }), ...extras }
  if (JSON.stringify(record) !== JSON.stringify(event)) state.events.put(record)
}
