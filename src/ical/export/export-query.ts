/**
 * The event list query of a feed. A feed holds every event its query selects, not one page (TEC's own export stops
 * at 30), so `page` and `per_page` are dropped and the pages are walked; every other parameter means what it means
 * to `GET /events` (CONTRACT §4.1, §4.2), and is checked by the same list call.
 */

/** The parameters that set a list's date window (CONTRACT §4.1); `include` drops the window altogether. */
const WINDOW_KEYS = ['start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after', 'include']

/**
 * A feed's list query: `status` defaults to `publish` (a feed is what the site publishes, whoever asks; an editor
 * may ask for more, as on the list), and without any date parameter the window is the events that have not ended
 * (`ends_after=now`, exact), as TEC's list view and its export show upcoming events: no end, unlike the list's
 * default of 24 months. The earlier revision of the interface has no `ends_after` (spec §9): there the list's
 * default window applies.
 */
export function feedQuery(query: Record<string, unknown>): Record<string, unknown> {
  const { page: _page, per_page: _perPage, ...filters } = query
  const windowed = WINDOW_KEYS.some((key) => filters[key] !== undefined)
  return { status: 'publish', ...(windowed ? {} : { ends_after: 'now', strict_dates: 'true' }), ...filters }
}
