import type { CalendarState } from '../model/state.js'
import type { ListPageJson } from '../resources/lists.js'
import type { View } from '../resources/view.js'
import { isSettled } from './parsed-input.js'

/** Bytes of whole pages kept, all of them together, at most: a few hundred pages of 6 events. */
const PAGE_BYTES = 8 * 1024 * 1024

/** What a page was made from: the state and every version a list may read, and the second of the clock. */
type Stamp = readonly unknown[]

interface KeptPage {
  generation: number
  stamp: Stamp
  page: ListPageJson
}

/**
 * Whole list pages as sent, kept for the queries clients repeat (a widget polling its list). A page is
 * kept for one settled query (HTTP's parsed query, see `markSettled`), resource and view, and is served again only
 * while nothing it may show has changed: the same state, settings and site zone, the same version of every
 * collection (records, term counts and the time index all follow from them), and the same second of the clock, since
 * the default window starts at "now" and wall times hold whole seconds. A library caller's query is never kept: it
 * may change the object. The pages share a byte budget; when it is spent they are all dropped at once.
 *
 * @example
 * return core.listPages.page('events', query, view, state, now, () => paginateJson(...))
 */
export class ListPageCache {
  readonly #pages = new WeakMap<object, Map<string, KeptPage>>()
  readonly #budget: number
  #generation = 0
  #bytes = 0

  /** `cacheBytes`: the calendar's budget for kept JSON (`openCalendar`); pages take at most 8 MiB of it, 0 keeps none. */
  constructor(cacheBytes: number) {
    this.#budget = Math.min(PAGE_BYTES, cacheBytes)
  }

  /** The page kept for these inputs, else `make()`'s, kept when the query is settled. Errors are not kept. */
  page(kind: string, query: object, view: View, state: CalendarState, now: number, make: () => ListPageJson) {
    if (this.#budget === 0 || !isSettled(query) || view.rejected !== undefined) return make()
    const key = `${kind}\n${view.base}\n${view.siteUrl}\n${view.user?.id ?? 0}\n${view.openMode}`
    const stamp = stampOf(state, now)
    const byView = this.#pages.get(query) ?? new Map<string, KeptPage>()
    const kept = byView.get(key)
    if (kept !== undefined && kept.generation === this.#generation && sameStamp(kept.stamp, stamp)) return kept.page
    const page = make()
    if (page.json.length > this.#budget) return page
    if (this.#bytes + page.json.length > this.#budget) {
      this.#generation++
      this.#bytes = 0
    }
    this.#bytes += page.json.length
    byView.set(key, { generation: this.#generation, stamp, page })
    this.#pages.set(query, byView)
    return page
  }
}

function stampOf(state: CalendarState, now: number): Stamp {
  return [
    state,
    state.settings,
    state.siteTimezone,
    state.events.version,
    state.venues.version,
    state.organizers.version,
    state.categories.version,
    state.tags.version,
    state.media.version,
    state.users.version,
    Math.floor(now / 1000),
  ]
}

function sameStamp(a: Stamp, b: Stamp): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i])
}
