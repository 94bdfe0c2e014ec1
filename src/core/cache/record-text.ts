import { setImmediate as nextTurn } from 'node:timers/promises'
import { Collection } from '../model/collection.js'
import type { CalendarState } from '../model/state.js'

/**
 * Each record's text as it stands in the data file, in UTF-8: `JSON.stringify(record, null, 2)` indented for its
 * place in its array (depth 2). Keyed by the record object, which is never mutated once in a collection
 * (collection.ts), so a write re-serialises and re-encodes only the records it replaced; the
 * texts go with their records.
 */
const texts = new WeakMap<object, Buffer>()

/** Indentation of an array's items inside a top-level key of the document. */
const ITEM_INDENT = '\n    '
/** Indentation of a top-level key's value. */
const VALUE_INDENT = '\n  '
const FIRST_ITEM = Buffer.from(`[${ITEM_INDENT}`)
const NEXT_ITEM = Buffer.from(`,${ITEM_INDENT}`)
const ARRAY_END = Buffer.from(`${VALUE_INDENT}]`)
const EMPTY_ARRAY = Buffer.from('[]')

/**
 * The document as a list of parts in file order: literal text, or the records of one collection, whose text is
 * looked up (or made) later. Taken at once, so that later changes to the state do not reach a write under way.
 */
type Part = Buffer | RecordsPart

/** One collection's records at the moment of a write, and the collection, whose blocks' bytes are kept. */
interface RecordsPart {
  collection: object
  records: readonly object[]
}

/**
 * Records per block: a block's bytes (its records' texts with the separators before them) are kept while the block
 * holds the same record objects, so a write hands the kernel a few hundred buffers, and walks an array of record
 * objects comparing them, where the texts of 10,000 records were looked up and copied one by one (a fifth of the
 * thread's time under a stream of writes). Appending touches the last block only.
 */
const BLOCK = 64

/** A block's records and their bytes (`[`/`,` and the indentation before each record, then its text). */
interface Block {
  records: readonly object[]
  bytes: Buffer
}

/** The blocks last written of each collection, by position: block `i` holds records `i*BLOCK` to `(i+1)*BLOCK`. */
const blocks = new WeakMap<object, Block[]>()

/**
 * The data file text of a state, exactly what `JSON.stringify({ $schema (only when there is one), settings, users,
 * events, venues, organizers, categories, tags, media and revisions (only when there are any), ...extras }, null, 2) + '\n'`
 * gives (docs/data-file.md: 2-space indent, keys in a stable order, a final newline), made from the records' cached
 * texts.
 */
export function serializeState(state: CalendarState): string {
  return Buffer.concat(
    documentParts(state).flatMap((part) => (Buffer.isBuffer(part) ? [part] : itemPieces(part, part.records.length))),
  ).toString()
}

/**
 * The same text as `serializeState`, as UTF-8 pieces to be written in order (never joined or encoded as a whole:
 * that would block the event loop for tens of ms at 10,000 events). Records without a cached text are
 * serialised in slices of at most about `sliceMs` milliseconds, with a turn of the event loop between slices, so
 * that a write after a reload never stalls reads for long (no write may block reads for more than 10 ms).
 */
export async function statePieces(state: CalendarState, sliceMs = 2): Promise<Buffer[]> {
  const pieces: Buffer[] = []
  for (const part of documentParts(state)) {
    if (Buffer.isBuffer(part)) pieces.push(part)
    else await pushRecords(pieces, part, sliceMs)
  }
  return pieces
}

/** Pushes the pieces of one collection's array, a slice of about `sliceMs` per turn of the event loop. */
async function pushRecords(pieces: Buffer[], part: RecordsPart, sliceMs: number): Promise<void> {
  let done = pushSlice(pieces, part, 0, sliceMs)
  while (done < part.records.length) {
    await nextTurn()
    done = pushSlice(pieces, part, done, sliceMs)
  }
}

/**
 * Pushes the pieces of the records from `from` on until about `sliceMs` have passed (at least one block, so an
 * empty array gets its `[]`); returns where it stopped. The clock is read once a block: a kept block costs next
 * to nothing, only making one takes time.
 */
function pushSlice(pieces: Buffer[], part: RecordsPart, from: number, sliceMs: number): number {
  const start = performance.now()
  const { records } = part
  let at = from
  do {
    const end = Math.min(records.length, at + BLOCK)
    pieces.push(...itemPieces(part, end, at))
    at = end
  } while (at < records.length && performance.now() - start <= sliceMs)
  return at
}

/**
 * The pieces of records `[from, to)` (`from` at a block's start) inside their array, with the array's brackets at
 * its two ends: one kept buffer a block.
 */
function itemPieces(part: RecordsPart, to: number, from = 0): Buffer[] {
  const { collection, records } = part
  if (records.length === 0) return [EMPTY_ARRAY]
  const kept = blocks.get(collection) ?? []
  blocks.set(collection, kept)
  const pieces: Buffer[] = []
  for (let at = from; at < to; at += BLOCK) pieces.push(blockBytes(kept, records, at, Math.min(to, at + BLOCK)))
  if (to === records.length) {
    kept.length = Math.ceil(records.length / BLOCK)
    pieces.push(ARRAY_END)
  }
  return pieces
}

/** The bytes of the block of records `[from, to)`: kept ones while it holds the same record objects, else made. */
function blockBytes(kept: Block[], records: readonly object[], from: number, to: number): Buffer {
  const index = from / BLOCK
  const block = kept[index]
  if (block !== undefined && sameRecords(block.records, records, from, to)) return block.bytes
  const mine = records.slice(from, to)
  const bytes = Buffer.concat(
    mine.flatMap((record, i) => [from + i === 0 ? FIRST_ITEM : NEXT_ITEM, recordText(record)]),
  )
  kept[index] = { records: mine, bytes }
  return bytes
}

function sameRecords(block: readonly object[], records: readonly object[], from: number, to: number): boolean {
  if (block.length !== to - from) return false
  for (let i = 0; i < block.length; i++) if (block[i] !== records[from + i]) return false
  return true
}

/**
 * A record's text at depth 2, from the cache or made and kept. JSON.stringify indents it in place, inside two
 * arrays, and the text is cut out of that: the cut is one flat string, where re-indenting with `replaceAll` would
 * keep a chain of thousands of small strings that every write walks again (5 times slower to write out).
 */
function recordText(record: object): Buffer {
  let text = texts.get(record)
  if (text === undefined) {
    text = Buffer.from(JSON.stringify([[record]], null, 2).slice(NESTED_OPEN.length, -NESTED_CLOSE.length))
    texts.set(record, text)
  }
  return text
}

/** What JSON.stringify puts around a value at depth 2 in `[[value]]`, indented by 2. */
const NESTED_OPEN = `[${VALUE_INDENT}[${ITEM_INDENT}`
const NESTED_CLOSE = `${VALUE_INDENT}]\n]`

/**
 * The document's parts. The top-level keys come in the order of the object spread that the document has
 * always used, `"$schema"` first when there is one (an integer-like extra key goes first, as JSON.stringify would
 * put it); a collection that an extra key of the same name replaces is written as that value. Settings and
 * extras are small and may be mutated (the site zone is set in place), so they are serialised now rather than
 * cached.
 */
function documentParts(state: CalendarState): Part[] {
  const top: Record<string, unknown> = {
    // `"$schema"` leads, where `calfile init` and editors put it; the spread of the extras below keeps its place.
    ...('$schema' in state.extras ? { $schema: state.extras.$schema } : {}),
    settings: state.settings,
    users: state.users,
    events: state.events,
    venues: state.venues,
    organizers: state.organizers,
    categories: state.categories,
    tags: state.tags,
    ...(state.media.size > 0 ? { media: state.media } : {}),
    ...(state.revisions.size > 0 ? { revisions: state.revisions } : {}),
    ...state.extras,
  }
  const parts: Part[] = []
  for (const [key, value] of Object.entries(top)) {
    const text = value instanceof Collection ? value : valueText(value)
    if (text === undefined) continue
    parts.push(Buffer.from(`${parts.length === 0 ? '{' : ','}${VALUE_INDENT}${JSON.stringify(key)}: `))
    parts.push(typeof text === 'string' ? Buffer.from(text) : { collection: text, records: [...text.values()] })
  }
  parts.push(Buffer.from(parts.length === 0 ? '{}\n' : '\n}\n'))
  return parts
}

/** A top-level value's text at depth 1; undefined for what JSON.stringify leaves out (undefined, functions). */
function valueText(value: unknown): string | undefined {
  return JSON.stringify(value, null, 2)?.replaceAll('\n', VALUE_INDENT)
}
