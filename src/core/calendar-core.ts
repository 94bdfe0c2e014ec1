import type { ListPageCache } from './cache/list-pages.js'
import type { ShapedTextCache } from './cache/shaped-text.js'
import type { CalendarState } from './model/state.js'
import type { View } from './resources/view.js'

/**
 * What a resource needs of the calendar: the current state, the clock, a way to write, who is asking, and the
 * caches of what it answers. A calendar builds its own and hands it to its resources (a batch, one over the state
 * of its change); it is no part of the `Calendar` class, so that library users write through the resources only.
 * calfile's own code that changes the state directly (sync, TEC imports) reaches it through `calendarCore`.
 */
export interface CalendarCore {
  readonly state: CalendarState
  /** Epoch ms; frozen in tests and with `--now`. */
  now(): number
  /** Runs `change` on the state and resolves once the result is in the file (docs/data-file.md). */
  write<T>(change: (state: CalendarState) => T): Promise<T>
  /** The view of a library call that names none: open mode as user 1, URLs from the settings. */
  defaultView(): View
  /** Records as the API shows them, kept as JSON text, so that a read copies bytes instead of shaping them again. */
  readonly shapedText: ShapedTextCache
  /** Whole list pages, kept for repeated queries (a widget polling its list). */
  readonly listPages: ListPageCache
}
