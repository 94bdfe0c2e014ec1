import { CalendarError } from '../errors.js'
import type { EventRecord, OrganizerRecord, VenueRecord } from '../model/records.js'
import type { CalendarState } from '../model/state.js'

type LinkedKinds = { event: EventRecord; venue: VenueRecord; organizer: OrganizerRecord }

const COLLECTION = { event: 'events', venue: 'venues', organizer: 'organizers' } as const

/**
 * The post with this ID (CONTRACT §5).
 *
 * @throws CalendarError 404 `rest-<kind>-not-found` for an unknown ID; 400 `rest-invalid-<kind>-id` for the ID of
 * another kind.
 */
export function findPost<K extends keyof LinkedKinds>(state: CalendarState, kind: K, id: number): LinkedKinds[K] {
  const record = state[COLLECTION[kind]].get(id) as LinkedKinds[K] | undefined
  if (record) return record
  const other = state.postKind(id)
  if (other)
    throw new CalendarError(`rest-invalid-${kind}-id`, 400, `${id} is the ID of a ${other}, not of a ${kind}.`, { id })
  throw new CalendarError(`rest-${kind}-not-found`, 404, `No ${kind} has the ID ${id}.`, { id })
}

/**
 * The post with this slug (CONTRACT §5), from the slug index.
 *
 * @throws CalendarError 404 `rest-<kind>-not-found`.
 */
export function findPostBySlug<K extends keyof LinkedKinds>(
  state: CalendarState,
  kind: K,
  slug: string,
): LinkedKinds[K] {
  const record = state[COLLECTION[kind]].bySlug(slug) as LinkedKinds[K] | undefined
  if (record) return record
  throw new CalendarError(`rest-${kind}-not-found`, 404, `No ${kind} has the slug "${slug}".`, { slug })
}
