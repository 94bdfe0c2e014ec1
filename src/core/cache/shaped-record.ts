import type { CollectionName } from '../model/kinds.js'
import type { CalendarState } from '../model/state.js'
import type { View } from '../resources/view.js'
import type { ShapedTextCache } from './shaped-text.js'

/**
 * How a request shows records of a kind: as list items or `single` reads (which carry `json_ld`), and the group
 * their kept text belongs to: the kind, the form and the view's URLs (`base`, `siteUrl`: the only parts of a view a
 * shape reads). Made once per request, for every record it shows.
 */
export interface ShapeForm {
  single: boolean
  group: string
}

/** The form of the records a request shows (see `ShapeForm`). */
export function shapeForm(kind: CollectionName, single: boolean, view: View): ShapeForm {
  return { single, group: `${kind} ${single ? 'single' : 'item'} ${view.base} ${view.siteUrl}` }
}

/**
 * A record as the API shows it, as JSON in UTF-8: `JSON.stringify(shape())`, kept in `cache` under its form's
 * group and its ID while `inputs` (everything the shape reads besides the view, e.g. `eventShapeInputs`) stay the
 * same (issue 11).
 *
 * @example
 * const form = shapeForm('venues', false, view)
 * shapedJson(cache, state, form, venue.id, [venue], () => shapeVenue(state, venue, view, form))
 */
export function shapedJson(
  cache: ShapedTextCache,
  state: CalendarState,
  form: ShapeForm,
  id: number,
  inputs: readonly unknown[],
  shape: () => unknown,
): Buffer {
  return cache.json(state, form.group, id, inputs, () => JSON.stringify(shape()))
}
