import type { EventRecord } from '../model/records.js'
import { endInside, endsVerdict, startRange, type WindowBounds } from './bounds.js'
import { compareEntries, type IndexEntry } from './entry.js'
import type { ListSlice } from './merged-slice.js'
import { firstAfter } from './sorted-entries.js'
import { TimelineBlock } from './timeline-block.js'

/** A block splits past this many entries: inserts and removes move at most this many references. */
const MAX_BLOCK = 1024

/** What a list asks of the timeline: its window, the kinds it shows, and the filters tested one by one. */
export interface TimelineQuery {
  bounds: WindowBounds
  /** `allowedKinds(...)`. */
  kinds: { table: Uint8Array; list: number[] }
  test?: ((entry: IndexEntry) => boolean) | undefined
}

/** The part `[from, to)` of a block inside a list's window, and how many of those entries the list shows. */
interface Segment {
  block: TimelineBlock
  from: number
  to: number
  count: number
}

/**
 * Every event in list order (docs/lists.md#event-list-dates), in blocks that count their kinds, kept sorted as events
 * change (for speed): a list's total adds the counts of the blocks inside its window and tests only the events of
 * the blocks at its edges, and a page tests only the events of the blocks it falls in.
 */
export class Timeline {
  readonly #blocks: TimelineBlock[] = []

  /** From entries already in list order. */
  constructor(sorted: readonly IndexEntry[]) {
    for (let at = 0; at < sorted.length; at += MAX_BLOCK / 2) {
      this.#blocks.push(new TimelineBlock(sorted.slice(at, at + MAX_BLOCK / 2)))
    }
  }

  insert(entry: IndexEntry): void {
    const at = this.#blockOf(entry)
    const block = this.#blocks[at]
    if (!block) {
      this.#blocks.push(new TimelineBlock([entry]))
      return
    }
    block.insert(entry)
    if (block.entries.length > MAX_BLOCK) this.#blocks.splice(at + 1, 0, block.split())
  }

  remove(entry: IndexEntry): void {
    const at = this.#blockOf(entry)
    const block = this.#blocks[at]
    if (block?.remove(entry) && block.entries.length === 0) this.#blocks.splice(at, 1)
  }

  /** Every entry in list order: O(n), for what has to read them all. */
  entries(): IndexEntry[] {
    return this.#blocks.flatMap((block) => block.entries)
  }

  /** The events a list shows, in list order: the total at once, a page's events when asked. */
  select(query: TimelineQuery): ListSlice<EventRecord> {
    const segments: Segment[] = []
    let length = 0
    for (let at = this.#firstBlock(query.bounds.start); at < this.#blocks.length; at++) {
      const block = this.#blocks[at] as TimelineBlock
      const [from, to] = startRange(block.entries, query.bounds.start)
      if (from === to) {
        if (to === 0) break
        continue
      }
      const count = countIn(block, from, to, query)
      segments.push({ block, from, to, count })
      length += count
    }
    return { length, slice: (start, end) => sliceOf(segments, start, end, query) }
  }

  /** The first block whose last entry is at or after `entry`'s place; the last block when none is. */
  #blockOf(entry: IndexEntry): number {
    const blocks = this.#blocks
    return Math.max(
      firstAfter(blocks.length - 1, (at) => compareEntries((blocks[at] as TimelineBlock).last, entry) < 0),
      0,
    )
  }

  /** The first block that may hold a start the window's lower bounds allow. */
  #firstBlock(start: WindowBounds['start']): number {
    const blocks = this.#blocks
    return firstAfter(blocks.length, (at) => {
      const last = (blocks[at] as TimelineBlock).last.start
      return (start.min !== undefined && last < start.min) || (start.after !== undefined && last <= start.after)
    })
  }
}

function shows(entry: IndexEntry, query: TimelineQuery): boolean {
  return (
    query.kinds.table[entry.kind] === 1 &&
    endInside(entry.end, query.bounds.end) &&
    (query.test === undefined || query.test(entry))
  )
}

/** How many entries of `block` from `from` to `to` the list shows: by the block's counts when it can. */
function countIn(block: TimelineBlock, from: number, to: number, query: TimelineQuery): number {
  const verdict = endsVerdict(block.minEnd, block.maxEnd, query.bounds.end)
  if (verdict === 'none') return 0
  if (verdict === 'all' && query.test === undefined && from === 0 && to === block.entries.length) {
    let count = 0
    for (const kind of query.kinds.list) count += block.counts[kind] as number
    return count
  }
  let count = 0
  for (let at = from; at < to; at++) if (shows(block.entries[at] as IndexEntry, query)) count++
  return count
}

function sliceOf(segments: readonly Segment[], start: number, end: number, query: TimelineQuery): EventRecord[] {
  const out: EventRecord[] = []
  let position = 0
  for (const { block, from, to, count } of segments) {
    if (position >= end) break
    if (position + count <= start) {
      position += count
      continue
    }
    for (let at = from; at < to && position < end; at++) {
      const entry = block.entries[at] as IndexEntry
      if (!shows(entry, query)) continue
      if (position >= start) out.push(entry.event)
      position++
    }
  }
  return out
}
