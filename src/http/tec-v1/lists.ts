import type { EventRecord, OrganizerRecord, Status, VenueRecord } from '../../core/model/records.js'
import type { CalendarState } from '../../core/model/state.js'
import { canRead, canWrite } from '../../core/resources/access.js'
import type { View } from '../../core/resources/view.js'
import { inLists } from '../../core/search/event-index.js'
import { eventTimes } from '../../core/search/record-facts.js'
import { phpBool } from '../php/type-juggling.js'
import { matchesSearch, ordered } from '../wordpress/post-query.js'

/** A tec/v1 list's arguments once read (`readArguments`): what each filter was sent as, or undefined. */
export type ListArguments = Readonly<Record<string, unknown>>

/** One page of a tec/v1 list: the records on it, how many match in all, and the page's place. */
export interface ListPage<Record> {
  records: Record[]
  total: number
  page: number
  perPage: number
}

/**
 * The post statuses a list shows (`Read_Archive_Response::build_query()`): `publish`, unless the viewer may edit
 * posts of the kind and asks for others (`status`, a list of statuses).
 */
function listedStatuses(view: View, asked: unknown): ReadonlySet<Status> {
  const statuses = Array.isArray(asked) ? (asked as Status[]) : typeof asked === 'string' ? [asked as Status] : []
  if (statuses.length === 0 || !canWrite(view)) return new Set(['publish'])
  return new Set(statuses)
}

/** The IDs of a list argument sent as an array, CSV or one number. */
function idsOf(value: unknown): number[] {
  if (value === undefined || value === null || value === '') return []
  const items = Array.isArray(value) ? value : String(value).split(',')
  return items.map(Number).filter((id) => Number.isInteger(id) && id > 0)
}

function paged<T>(records: T[], args: ListArguments, defaultPerPage: number): ListPage<T> {
  const page = Number(args.page ?? 1)
  const perPage = Number(args.per_page ?? defaultPerPage)
  return { records: records.slice((page - 1) * perPage, page * perPage), total: records.length, page, perPage }
}

/**
 * A page of events as tec/v1 lists them (`Events::read()` through TEC's event repository): no default date window,
 * so past events are listed; `start_date` selects events starting on or after it, `end_date` ending on or before
 * it, `starts_before`/`starts_after`/`ends_before`/`ends_after` compare strictly (TEC's `filter_by_*`, wall times
 * compared as the site reads the date sent); `search`, `venue`, `organizer`, `featured` (PHP's `(bool)` of the
 * text, `filter_by_featured( (bool) $featured )`: `featured=false` selects the featured events), `status` and
 * `post_parent` filter; `categories`, `tags` and `ticketed` are read but do not filter, as TEC 6.17.2's repository
 * knows no such filters. Ordered by `orderby` (`event_date` by default: the start's wall
 * time) and `order`. Dates are `YYYY-MM-DD HH:MM:SS` wall times.
 *
 * @example
 * eventList(state, { per_page: 10, page: 1 }, view, 10) // { records: [...], total: 12, page: 1, perPage: 10 }
 */
export function eventList(
  state: CalendarState,
  args: ListArguments,
  view: View,
  defaultPerPage: number,
): ListPage<EventRecord> {
  const statuses = listedStatuses(view, args.status)
  const venues = idsOf(args.venue)
  const organizers = idsOf(args.organizer)
  const wall = (key: string) => (typeof args[key] === 'string' ? (args[key] as string) : undefined)
  const startOnOrAfter = wall('start_date')
  const endOnOrBefore = wall('end_date')
  const startsBefore = wall('starts_before')
  const startsAfter = wall('starts_after')
  const endsBefore = wall('ends_before')
  const endsAfter = wall('ends_after')
  const selected = [...state.events.values()].filter((event) => {
    if (!statuses.has(event.status) || !inLists(event)) return false
    if (startOnOrAfter !== undefined && event.start_date < startOnOrAfter) return false
    if (endOnOrBefore !== undefined && event.end_date > endOnOrBefore) return false
    if (startsBefore !== undefined && !(event.start_date < startsBefore)) return false
    if (startsAfter !== undefined && !(event.start_date > startsAfter)) return false
    if (endsBefore !== undefined && !(event.end_date < endsBefore)) return false
    if (endsAfter !== undefined && !(event.end_date > endsAfter)) return false
    if (venues.length > 0 && (event.venue === null || !venues.includes(event.venue))) return false
    if (organizers.length > 0 && !event.organizer.some((id) => organizers.includes(id))) return false
    if (args.featured !== undefined && phpBool(args.featured) !== event.featured) return false
    if (args.post_parent !== undefined && Number(args.post_parent) !== event.post_parent) return false
    if (!matchesSearch(args.search, [event.title, event.excerpt, event.description])) return false
    return canRead(view, event)
  })
  const desc = String(args.order ?? 'ASC').toUpperCase() === 'DESC'
  const key = eventOrder(String(args.orderby ?? 'event_date'))
  return paged(ordered(selected, key, desc), args, defaultPerPage)
}

/** What an event list sorts by for each `orderby` TEC takes. */
function eventOrder(orderby: string): (event: EventRecord) => string | number {
  switch (orderby) {
    case 'title':
      return (event) => event.title
    case 'date':
      return (event) => event.date
    case 'modified':
      return (event) => event.modified
    case 'menu_order':
      return (event) => (event.sticky ? -1 : 0)
    default:
      return (event) => eventTimes(event).start
  }
}

/**
 * A page of venues or organizers as tec/v1 lists them (`Venues::read()`, `Organizers::read()`): newest first, as
 * `WP_Query` orders by default; `search` in the name and texts, `event` (the ones an event names), `has_events`
 * (those some event names), `status`; `only_with_upcoming` is read but does not filter, as on TEC 6.17.2.
 *
 * @example
 * linkedPostList(state, 'venue', { search: 'hall' }, view, 10)
 */
export function linkedPostList(
  state: CalendarState,
  kind: 'venue' | 'organizer',
  args: ListArguments,
  view: View,
  defaultPerPage: number,
): ListPage<VenueRecord | OrganizerRecord> {
  const statuses = listedStatuses(view, args.status)
  const posts: (VenueRecord | OrganizerRecord)[] =
    kind === 'venue' ? [...state.venues.values()] : [...state.organizers.values()]
  const namedBy = (event: EventRecord, id: number) =>
    kind === 'venue' ? event.venue === id : event.organizer.includes(id)
  const event = args.event === undefined ? undefined : state.events.get(Number(args.event))
  const selected = posts.filter((post) => {
    if (!statuses.has(post.status)) return false
    const name = kind === 'venue' ? (post as VenueRecord).venue : (post as OrganizerRecord).organizer
    if (!matchesSearch(args.search, [name, post.excerpt, post.description])) return false
    if (args.event !== undefined && !(event && namedBy(event, post.id))) return false
    if (args.has_events !== undefined && phpBool(args.has_events)) {
      if (![...state.events.values()].some((e) => e.status !== 'trash' && namedBy(e, post.id))) return false
    }
    return canRead(view, post)
  })
  return paged(
    ordered(selected, (post) => post.date, true),
    args,
    defaultPerPage,
  )
}
