import type { CalendarState } from '../state.js'
import type { View } from '../view.js'
import type { ShapedTextCache } from './shaped-text.js'

/** Which shaped record: its route name, ID and form (`single` reads carry `json_ld`), and what its shape reads. */
export interface ShapedRecord {
  kind: 'events' | 'venues' | 'organizers' | 'categories' | 'tags'
  id: number
  single: boolean
  /** Everything the shape reads besides the view's URLs (records, counts…), e.g. `eventShapeInputs`. */
  inputs: readonly unknown[]
}

/**
 * A record as the API shows it, as JSON text: `JSON.stringify(shape())`, kept in `cache` per record, form and view
 * URLs (`base`, `siteUrl`: the only parts of a view a shape reads) while its `inputs` stay the same (issue 11).
 *
 * @example
 * shapedText(cache, state, view, { kind: 'venues', id, single: false, inputs: [venue] }, () => shapeVenue(…))
 */
export function shapedText(
  cache: ShapedTextCache,
  state: CalendarState,
  view: View,
  record: ShapedRecord,
  shape: () => unknown,
): string {
  const key = `${record.kind} ${record.id} ${record.single ? 'single' : 'item'} ${view.base} ${view.siteUrl}`
  return cache.text(state, key, record.inputs, () => JSON.stringify(shape()))
}
