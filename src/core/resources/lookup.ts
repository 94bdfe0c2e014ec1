import { CalendarError } from '../errors.js'
import { COLLECTION_OF, type ServedPostKind } from '../model/kinds.js'
import type { CalendarState, RecordOf } from '../model/state.js'

/**
 * The post with this ID (CONTRACT §5).
 *
 * @throws CalendarError 404 `rest-<kind>-not-found` for an unknown ID; 400 `rest-invalid-<kind>-id` for the ID of
 * another kind.
 */
export function findPost<K extends ServedPostKind>(state: CalendarState, kind: K, id: number): RecordOf<K> {
  const record = state[COLLECTION_OF[kind]].get(id) as RecordOf<K> | undefined
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
export function findPostBySlug<K extends ServedPostKind>(state: CalendarState, kind: K, slug: string): RecordOf<K> {
  const record = state[COLLECTION_OF[kind]].bySlug(slug) as RecordOf<K> | undefined
  if (record) return record
  throw new CalendarError(`rest-${kind}-not-found`, 404, `No ${kind} has the slug "${slug}".`, { slug })
}
