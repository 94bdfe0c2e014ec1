import { RECORD_LISTS } from '../model/kinds.js'
import type { CalendarState } from '../model/state.js'

/**
 * What a group of writes left in the file it wrote, for when someone saved over that file before the writers were
 * answered (`Store`): each record the writes changed, as JSON (undefined: deleted), and the settings and other
 * top-level keys as JSON; `records` null when the writes swapped the whole state (a `reset`), which only doing them
 * again can tell.
 */
export interface Overwritten<T> {
  outcomes: T
  records: Array<{ collection: (typeof RECORD_LISTS)[number]; id: number; json: string | undefined }> | null
  settings: string
  extras: string
}

/**
 * What the writes since `mark` of `before`'s journal left in `state`, the state written (`Overwritten`).
 *
 * @example
 * const written = writtenRecords(store.state, before, mark) // { records: [{ collection: 'events', id: 42, json }], … }
 */
export function writtenRecords(
  state: CalendarState,
  before: CalendarState,
  mark: number,
): Omit<Overwritten<never>, 'outcomes'> {
  const settings = JSON.stringify(state.settings)
  const extras = JSON.stringify(state.extras)
  if (state !== before) return { records: null, settings, extras }
  const records = before.journal.recordsSince(mark).flatMap(({ collection, id }) => {
    const name = RECORD_LISTS.find((candidate) => state[candidate] === collection)
    if (name === undefined) return []
    const record = state[name].get(id)
    return [{ collection: name, id, json: record === undefined ? undefined : JSON.stringify(record) }]
  })
  return { records, settings, extras }
}

/**
 * Whether `state`, loaded from a save that landed over a group of writes' file before they were answered, holds
 * what they wrote: every record they changed as they left it, and the same settings and top-level keys. A save made
 * from the file they wrote does (with its own edits elsewhere), and they are answered; one made from the file before
 * does not, and they are applied again on top of it, as writes that follow a hand edit are (docs/data-file.md).
 *
 * @example
 * if (overwrittenBy(reloaded, written)) answer(written.outcomes)
 */
export function overwrittenBy(state: CalendarState, written: Omit<Overwritten<unknown>, 'outcomes'>): boolean {
  if (written.records === null) return false
  if (JSON.stringify(state.settings) !== written.settings || JSON.stringify(state.extras) !== written.extras)
    return false
  return written.records.every(({ collection, id, json }) => {
    const record = state[collection].get(id)
    return (record === undefined ? undefined : JSON.stringify(record)) === json
  })
}
