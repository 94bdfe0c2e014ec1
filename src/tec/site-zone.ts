import { wallInZone } from '../core/dates/zoned.js'
import type { Collection } from '../core/model/collection.js'
import type { CalendarState } from '../core/model/state.js'
import type { Capture } from './tec-capture.js'
import { misses, type ShownZone, shownZone, type ZoneSample, zoneSamples } from './tec-zone.js'

/** What an import did about the site time zone: the zone it set, if any, and the dates that will not read back. */
export interface ZoneOutcome {
  /** The zone the import wrote to `settings.timezone`, when it wrote one. */
  timezone?: string
  warnings: string[]
}

type Dated = { id: number; slug?: string; date: string; modified: string }

/**
 * How to store the posts of `collection` with `date` and `modified` moved from zone `from` to zone `to`, built
 * before anything is stored; null when one of them cannot be shown in `to` (years 0000–9999: docs/data-file.md).
 */
function rezone<T extends Dated>(collection: Collection<T>, from: string, to: string): (() => void) | null {
  const posts: T[] = []
  for (const post of collection.values()) {
    const date = wallInZone(post.date, from, to)
    const modified = wallInZone(post.modified, from, to)
    if (date === null || modified === null) return null
    posts.push({ ...post, date, modified })
  }
  return () => {
    for (const post of posts) collection.put(post)
  }
}

/**
 * Makes `zone` the site time zone (`settings.timezone`), undoably (the journal), keeping the instant of every
 * stored post's `date` and `modified`: those are wall times in the site zone (docs/data-file.md), so a file that
 * named none had them in UTC.
 *
 * @returns false, changing nothing, when a stored date cannot be shown in `zone`.
 */
export function setSiteZone(state: CalendarState, zone: string): boolean {
  const from = state.siteTimezone
  // A `--timezone` override stays the zone in force: the stored walls are in it before and after.
  const to = state.timezoneOverride ?? zone
  const moves =
    from === to
      ? []
      : [rezone(state.events, from, to), rezone(state.venues, from, to), rezone(state.organizers, from, to)]
  if (moves.includes(null)) return false
  const { settings } = state
  const old = settings.timezone
  settings.timezone = zone
  state.journal.record(() => {
    settings.timezone = old
  })
  for (const move of moves) move?.()
  return true
}

/** What the stored dates lose in the site zone `zone`: one line when the capture shows another, else one per slip. */
function zoneWarnings(zone: string, shown: ShownZone, samples: readonly ZoneSample[]): string[] {
  const missed = misses(zone, samples)
  if (missed.length > shown.misses.length) {
    return [
      `the capture's dates show the site time zone ${shown.zone}; the data file's ${zone} is kept, so ` +
        `${missed.length} of its ${samples.length} date and modified values read back as other wall times`,
    ]
  }
  return missed.map(
    ({ who, field, local, utc }) =>
      `${who}: ${field} ${local} is not ${field}_utc ${utc} in the site time zone ${zone}; stored from ${field}_utc`,
  )
}

/**
 * Settles the site time zone for importing `capture`: the zone its dates show (`tec-zone.ts`) becomes
 * `settings.timezone` when `adopt` says the data file names none, so that `date` and `modified` read back as the
 * site showed them; a zone the file names is kept, and the warnings say which dates then show differently.
 */
export function settleSiteZone(state: CalendarState, capture: Capture, adopt: boolean): ZoneOutcome {
  const samples = zoneSamples(capture)
  const shown = shownZone(capture, samples)
  if (shown === undefined) return { warnings: [] }
  const outcome: ZoneOutcome = { warnings: [] }
  if (adopt) {
    if (setSiteZone(state, shown.zone)) outcome.timezone = shown.zone
    else
      outcome.warnings.push(
        `settings.timezone stays ${state.settings.timezone}: a stored date cannot be shown in ${shown.zone}`,
      )
  }
  outcome.warnings.push(...zoneWarnings(state.siteTimezone, shown, samples))
  return outcome
}
