import { wallToInstant } from './dates.js'
import { derivedIndex } from './derived.js'
import type { EventRecord } from './records.js'
import type { CalendarState } from './state.js'

/** An event's start and end as instants (epoch ms), and its publication date in the site zone. */
export interface EventTimes {
  start: number
  end: number
}

const timesCache = new WeakMap<EventRecord, EventTimes>()

/** The UTC instants of an event's stored wall times (CONTRACT §1), computed once per record object. */
export function eventTimes(event: EventRecord): EventTimes {
  let times = timesCache.get(event)
  if (!times) {
    times = {
      start: wallToInstant(event.start_date, event.timezone),
      end: wallToInstant(event.end_date, event.timezone),
    }
    timesCache.set(event, times)
  }
  return times
}

interface Timeline {
  byStart: EventRecord[]
  /** UTC start and end of `byStart[i]`, epoch ms: the date window scans these instead of the records. */
  starts: Float64Array
  ends: Float64Array
  /** Events by the venue and by each organizer they link to (trashed links included). */
  byVenue: Map<number, EventRecord[]>
  byOrganizer: Map<number, EventRecord[]>
}

const timeline = derivedIndex(
  (state) => state.events.version,
  (state): Timeline => {
    const byStart = sortByStart(state)
    const starts = Float64Array.from(byStart, (event) => eventTimes(event).start)
    const ends = Float64Array.from(byStart, (event) => eventTimes(event).end)
    return { byStart, starts, ends, ...linkIndexes(byStart) }
  },
)

/** The list-order index with the UTC start and end (epoch ms) of each event at the same position. */
export function eventTimeline(state: CalendarState): {
  events: readonly EventRecord[]
  starts: Float64Array
  ends: Float64Array
} {
  const { byStart, starts, ends } = timeline(state)
  return { events: byStart, starts, ends }
}

/** Number of `publish` events carrying a term (CONTRACT §2.4 `count`). */
export function termCount(state: CalendarState, termId: number): number {
  return state.termCounts.get(termId)
}

/** Index of the first value ≥ `instant` in ascending `values` (binary search); `values.length` when none. */
export function lowerBound(values: Float64Array, instant: number): number {
  let low = 0
  let high = values.length
  while (low < high) {
    const mid = (low + high) >> 1
    if ((values[mid] as number) < instant) low = mid + 1
    else high = mid
  }
  return low
}

function sortByStart(state: CalendarState): EventRecord[] {
  return [...state.events.values()].sort(
    (a, b) => eventTimes(a).start - eventTimes(b).start || compareText(a.date, b.date) || a.id - b.id,
  )
}

/** The events that link to a venue or an organizer, in list order (CONTRACT §4.3 `has_events`, `event`). */
export function eventsLinkedTo(state: CalendarState, kind: 'venue' | 'organizer', id: number): readonly EventRecord[] {
  const index = kind === 'venue' ? timeline(state).byVenue : timeline(state).byOrganizer
  return index.get(id) ?? []
}

function linkIndexes(byStart: readonly EventRecord[]) {
  const byVenue = new Map<number, EventRecord[]>()
  const byOrganizer = new Map<number, EventRecord[]>()
  const add = (index: Map<number, EventRecord[]>, id: number, event: EventRecord) => {
    const list = index.get(id)
    if (list) list.push(event)
    else index.set(id, [event])
  }
  for (const event of byStart) {
    if (event.venue !== null) add(byVenue, event.venue, event)
    for (const id of event.organizer) add(byOrganizer, id, event)
  }
  return { byVenue, byOrganizer }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
