import * as v from 'valibot'
import { invalidParam } from '../../errors.js'
import type { EventRecord } from '../../model/records.js'
import type { CalendarState } from '../../model/state.js'
import { searchWords } from '../../search/entry.js'
import { eventTimes, someLinkedEvent } from '../../search/record-facts.js'
import { canRead, listStatuses, statusEcho } from '../access.js'
import { boolField, positiveIntField, statusListField, textField } from '../fields.js'
import { pageEntries, type QueryEcho } from '../lists.js'
import type { View } from '../view.js'
import type { LinkedPostRecord, LinkedPostRules } from './linked-post-rules.js'

/**
 * Query parameters of `GET /venues` and `GET /organizers` (docs/http.md#venue-and-organizer-routes,
 * docs/lists.md#venue-and-organizer-lists).
 */
export const LinkedQuerySchema = v.looseObject({
  ...pageEntries,
  search: v.optional(textField('Every word appears in the name, description, excerpt or text fields')),
  event: v.optional(positiveIntField('Only those linked to this event')),
  has_events: v.optional(
    boolField('Linked to at least one event that is not a draft or pending (true), or to none (false)'),
  ),
  only_with_upcoming: v.optional(boolField('Linked to an event that has not ended'), false),
  status: v.optional(statusListField('Post statuses, CSV or array')),
})

/** A parsed venue or organizer list query. */
export type LinkedQuery = v.InferOutput<typeof LinkedQuerySchema>

/**
 * The venues or organizers a list query selects, newest `date` first, then by ID as TEC's database returns them
 * (docs/lists.md#venue-and-organizer-lists), and the
 * effective query to echo in the list's URLs.
 *
 * @throws CalendarError 400 `rest_invalid_param` for an `event` that is not an event or an unknown status.
 */
export function selectLinked(
  state: CalendarState,
  rules: LinkedPostRules,
  query: LinkedQuery,
  view: View,
  now: number,
) {
  const statuses = listStatuses(view, query.status)
  const tests: Array<(record: LinkedPostRecord) => boolean> = [(record) => statuses.has(record.status)]
  const linked = (record: LinkedPostRecord, test: (event: EventRecord) => boolean) =>
    someLinkedEvent(state, rules.kind, record.id, test)
  if (query.search !== undefined && query.search.trim() !== '') tests.push(searchTest(rules, query.search))
  if (query.event !== undefined) {
    const event = state.events.get(query.event)
    if (!event) throw invalidParam('event', `${query.event} is not an event`)
    tests.push((record) => (rules.kind === 'venue' ? event.venue === record.id : event.organizer.includes(record.id)))
  }
  if (query.has_events !== undefined) {
    const counts = (e: EventRecord) => e.status !== 'draft' && e.status !== 'pending'
    tests.push((record) => linked(record, counts) === query.has_events)
  }
  if (query.only_with_upcoming) {
    const upcoming = (e: EventRecord) => e.status !== 'trash' && eventTimes(e).end > now && canRead(view, e)
    tests.push((record) => linked(record, upcoming))
  }
  const records = [...rules.collection(state).values()].filter((record) => tests.every((test) => test(record)))
  // WordPress's `ORDER BY post_date DESC`. Posts of the same second come as MySQL returns them to TEC: for one
  // status it reads its (post_type, post_status, post_date, ID) index backwards, so by ID descending; for several
  // (an administrator's `any`) it sorts the rows it found in ID order, so by ID ascending.
  const tie = statuses.size === 1 ? -1 : 1
  records.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : tie * (a.id - b.id)))
  return { records, echo: echoQuery(query, view) }
}

function searchTest(rules: LinkedPostRules, search: string) {
  const words = searchWords(search)
  return (record: LinkedPostRecord) => {
    const row = record as unknown as Record<string, unknown>
    const text = rules.searchFields
      .map((key) => String(row[key] ?? ''))
      .join('\n')
      .toLowerCase()
    return words.every((word) => text.includes(word))
  }
}

/**
 * What TEC puts back in the list's URLs (Archive_Venue::get, Archive_Organizer::get): `event`, `has_events` and the
 * status; `search` and `only_with_upcoming` are taken out of its query arguments before it builds them.
 */
function echoQuery(query: LinkedQuery, view: View): QueryEcho {
  const pairs: Array<[string, string]> = []
  for (const key of ['event', 'has_events'] as const)
    if (query[key] !== undefined) pairs.push([key, String(query[key])])
  pairs.push(['status', statusEcho(view, query.status)])
  return { pairs, extra: [] }
}
