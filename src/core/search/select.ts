import { COLLECTIONS } from '../model/kinds.js'
import type { EventRecord } from '../model/records.js'
import { endInside, startInside, startRange, type WindowBounds } from './bounds.js'
import { allowedKinds, comparePosts, type IndexEntry, type KindFilter, lowerText } from './entry.js'
import type { EventIndex, Relation } from './event-index.js'
import { type EntryRange, type ListSlice, mergedSlice } from './merged-slice.js'

/** The relations a list can filter on, each matched when the event links to one of the IDs. */
const RELATIONS = COLLECTIONS.filter((collection): collection is Relation => collection !== 'events')

/**
 * A list query as the indexes read it (docs/lists.md#event-list-dates, docs/lists.md#other-event-filters), after its
 * parameters are checked and resolved: the window in wall-time ms, the kinds shown, the IDs of each relation filter
 * (categories with their descendants), the search words in lower case, and the filters without an index, tested one
 * by one.
 */
export interface IndexQuery extends KindFilter {
  bounds: WindowBounds
  relations: Partial<Record<Relation, ReadonlySet<number>>>
  /** Every word must be in the title, excerpt or description (lower case, no whitespace, none empty). */
  words: readonly string[]
  test?: ((event: EventRecord) => boolean) | undefined
}

/**
 * The events of a list in list order (docs/lists.md#event-list-dates), never hidden from listings, in O(log n + page)
 * when only the window, statuses and flags filter: the timeline counts its blocks. With a relation or a search, the
 * events of its smallest candidate set (the relation IDs' or the search word's, inside the window) are tested; their
 * number, not the window's, bounds the cost.
 */
export function selectIndexed(index: EventIndex, query: IndexQuery): ListSlice<EventRecord> {
  const candidates = smallestCandidates(index, query)
  if (candidates) return mergedSlice(candidates.ranges, matcher(query, candidates))
  const kinds = allowedKinds(query)
  const test = query.test === undefined ? undefined : (entry: IndexEntry) => (query.test as Test)(entry.event)
  return index.timeline.select({ bounds: query.bounds, kinds, test })
}

/**
 * The events of `include` that pass the query's other filters, the window among them (TEC drops the dates given and
 * its default window comes back), by publication date then ID, the order TEC's `include` asks WordPress for.
 */
export function selectIncluded(index: EventIndex, ids: readonly number[], query: IndexQuery): EventRecord[] {
  const entries = [...new Set(ids)].flatMap((id) => index.entry(id) ?? [])
  entries.sort(comparePosts)
  const matches = matcher(query)
  return entries
    .filter((entry) => startInside(entry.start, query.bounds.start) && matches(entry))
    .map((entry) => entry.event)
}

type Test = (event: EventRecord) => boolean

/**
 * Every filter of the query on one entry but the start bounds, which the candidates come from, and the relation or
 * search word the candidates are known to pass.
 */
function matcher(query: IndexQuery, known: Omit<Candidates, 'ranges'> = {}): (entry: IndexEntry) => boolean {
  const kinds = allowedKinds(query).table
  const relations = RELATIONS.flatMap((relation) => {
    const ids = query.relations[relation]
    return ids && relation !== known.relation ? [linksTo(relation, ids)] : []
  })
  const words = query.words.filter((word) => word !== known.word)
  return (entry) =>
    kinds[entry.kind] === 1 &&
    endInside(entry.end, query.bounds.end) &&
    relations.every((links) => links(entry.event)) &&
    words.every((word) => lowerText(entry).includes(word)) &&
    (query.test === undefined || query.test(entry.event))
}

function linksTo(relation: Relation, ids: ReadonlySet<number>): Test {
  if (relation === 'venues') return (event) => event.venue !== null && ids.has(event.venue)
  const linked = relation === 'organizers' ? 'organizer' : relation
  return (event) => event[linked].some((id) => ids.has(id))
}

/** Candidates: sorted ranges of entries, and the relation or search word they come from (they all pass it). */
interface Candidates {
  ranges: EntryRange[]
  relation?: Relation
  word?: string
}

/**
 * The smallest candidate set of the query's relations and search words, as ranges inside the window; undefined
 * when the query has neither.
 */
function smallestCandidates(index: EventIndex, query: IndexQuery): Candidates | undefined {
  const sets: Candidates[] = []
  for (const relation of RELATIONS) {
    const ids = query.relations[relation]
    if (!ids) continue
    const postings = index.relation(relation)
    const ranges = [...ids].flatMap((id) => {
      const list = postings.get(id)
      const [from, to] = startRange(list, query.bounds.start)
      return from < to ? [{ list, from, to }] : []
    })
    sets.push({ ranges, relation })
  }
  for (const word of query.words) sets.push({ ranges: index.search.holding(word, query.bounds.start), word })
  let best: Candidates | undefined
  let bestSize = Infinity
  for (const set of sets) {
    const size = set.ranges.reduce((sum, range) => sum + range.to - range.from, 0)
    if (size < bestSize) {
      best = set
      bestSize = size
    }
  }
  return best
}
