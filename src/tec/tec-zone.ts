import { wallInZone } from '../core/dates/zoned.js'
import { NO_GMT_DATE } from '../core/model/records.js'
import type { Capture } from './tec-capture.js'
import { label } from './tec-fields.js'
import type { PostCapture } from './tec-schema.js'

/**
 * The site time zone a TEC capture shows. TEC sends each post's `date` and `modified` twice, as WordPress stores
 * them: a wall time in the site's zone (`post_date`) and the same instant in UTC (`post_date_gmt`, TEC's
 * `date_utc`). Each pair is the site's offset at that instant, and calfile stores `date`/`modified` in the site
 * zone (docs/data-file.md), so only a zone with those offsets gives them back as the site showed them.
 */

/** One instant a capture shows both ways: a post's `date` (or `modified`) and its UTC twin. */
export interface ZoneSample {
  /** How warnings name the post: `venue 1007 "Turlington West"`. */
  who: string
  field: 'date' | 'modified'
  /** `YYYY-MM-DD HH:MM:SS` in the site's zone. */
  local: string
  /** The same instant, `YYYY-MM-DD HH:MM:SS` in UTC. */
  utc: string
}

/** The zone a capture's dates show, and the samples even that zone does not give back (the site's own slips). */
export interface ShownZone {
  zone: string
  misses: ZoneSample[]
}

function postSamples(kind: string, post: PostCapture, name: string | undefined): ZoneSample[] {
  const who = label(kind, post.id, name)
  const pairs = [
    ['date', post.date, post.date_utc],
    ['modified', post.modified, post.modified_utc],
  ] as const
  return pairs.flatMap(([field, local, utc]) =>
    // A draft's `NO_GMT_DATE` is no instant: it tells nothing of the zone.
    local === undefined || utc === undefined || utc === NO_GMT_DATE ? [] : [{ who, field, local, utc }],
  )
}

/**
 * Every `date`/`modified` pair of the capture's events, venues and organizers (embedded ones included), each post
 * once: TEC embeds the same venue in every event that uses it, and the import keeps the first copy.
 */
export function zoneSamples(capture: Capture): ZoneSample[] {
  const posts = new Map<string, ZoneSample[]>()
  const add = (kind: string, post: PostCapture, name: string | undefined) => {
    if (!posts.has(`${kind} ${post.id}`)) posts.set(`${kind} ${post.id}`, postSamples(kind, post, name))
  }
  for (const { value } of capture.events) {
    add('event', value, value.title)
    if (value.venue) add('venue', value.venue, value.venue.venue)
    for (const organizer of value.organizer ?? []) add('organizer', organizer, organizer.organizer)
  }
  for (const { value } of capture.venues) add('venue', value, value.venue)
  for (const { value } of capture.organizers) add('organizer', value, value.organizer)
  return [...posts.values()].flat()
}

/** The samples that `zone` does not give back: their UTC instant is another wall time there (or none it can show). */
export function misses(zone: string, samples: readonly ZoneSample[]): ZoneSample[] {
  return samples.filter((sample) => wallInZone(sample.utc, 'UTC', zone) !== sample.local)
}

/**
 * The zones to try, most likely first: the events' own `timezone` values in capture order (TEC gives a new event
 * the site's zone, fixed offsets such as `UTC+0` included), then UTC, then every IANA zone Intl knows.
 */
function* candidates(capture: Capture): Generator<string> {
  yield* new Set(capture.events.flatMap(({ value }) => value.timezone ?? []))
  yield 'UTC'
  yield* Intl.supportedValuesOf('timeZone')
}

/**
 * The site time zone the capture's dates show: the first candidate whose offset matches at every sampled instant;
 * when none does (a site that stored a wrong `post_date_gmt`), the one that misses the fewest, earlier candidates
 * first. Among zones that agree at every sample (New York and Detroit since 1975) the earlier candidate wins.
 * Undefined when the capture has no `date`/`date_utc` pair. Never throws.
 */
export function shownZone(
  capture: Capture,
  samples: readonly ZoneSample[] = zoneSamples(capture),
): ShownZone | undefined {
  if (samples.length === 0) return undefined
  let best: ShownZone | undefined
  for (const zone of candidates(capture)) {
    const missed = misses(zone, samples)
    if (missed.length === 0) return { zone, misses: [] }
    if (best === undefined || missed.length < best.misses.length) best = { zone, misses: missed }
  }
  return best
}
