import { dayEnd, dayStart } from '../../dates/zoned.js'
import type { EventRecord } from '../../model/records.js'
import { extraKeys, type NormalizeContext, POST_KEYS, type PostDefaults, postDefaults } from '../posts/post.js'

/** The stored keys of an event; any other key is an extra kept as it is and shown last (docs/errors.md). */
export const EVENT_KEYS: ReadonlySet<string> = new Set([
  ...POST_KEYS,
  'title',
  'permalink',
  'start_date',
  'end_date',
  'utc_start_date',
  'utc_end_date',
  'timezone',
  'all_day',
  'cost',
  'currency_symbol',
  'currency_position',
  'website',
  'show_map',
  'show_map_link',
  'hide_from_listings',
  'sticky',
  'featured',
  'ticketed',
  'venue',
  'organizer',
  'categories',
  'tags',
  'post_parent',
  'custom_fields',
])

/**
 * The `permalink` an event keeps (docs/responses.md#event `url`), or undefined where the path is calfile's own
 * `/event/<slug>/`. When a change gives the event a new slug, a path that ends in the old slug follows it, as
 * WordPress rebuilds such a permalink from the slug (`/events-calendar/old/` → `/events-calendar/new/`); any other
 * path is the site's own and stays (Events Calendar Pro's `/event/<series>/<date>/`, a URL a plugin set).
 */
function keptPermalink(path: string | undefined, slug: string, previous: EventRecord | undefined): string | undefined {
  const old = previous?.slug
  const follows = path !== undefined && old !== undefined && old !== slug && path.endsWith(`/${old}/`)
  const kept = follows ? `${path.slice(0, -old.length - 1)}${slug}/` : path
  return kept === `/event/${slug}/` ? undefined : kept
}

/**
 * A stored event with every default of docs/writes.md filled in, keys in the data file's order, extra keys after.
 * `raw` is an event as validated from the file, or as built by a create or update. The all-day rule moves the
 * start to 00:00:00 and the end to 23:59:59 of their days. `permalink` is kept only where it differs from
 * `/event/<slug>/`, and follows a new slug as `keptPermalink` says, against the stored event this one replaces.
 */
export function normalizeEvent(raw: Record<string, unknown>, id: number, ctx: NormalizeContext): EventRecord {
  const title = raw.title as string
  const allDay = (raw.all_day as boolean | undefined) ?? false
  const start = raw.start_date as string
  const end = raw.end_date as string
  const post = postDefaults(raw, id, title, ctx.state.events, ctx, true)
  // One object literal with the keys every event has: each event gets the same hidden class, and V8 can allocate
  // them straight in the old generation, where a state's records live (a load builds thousands of them at once).
  const record: EventRecord = {
    id,
    title,
    description: post.description,
    excerpt: post.excerpt,
    slug: post.slug,
    status: post.status,
    author: post.author,
    date: post.date,
    modified: post.modified,
    start_date: allDay ? dayStart(start) : start,
    end_date: allDay ? dayEnd(end) : end,
    timezone: (raw.timezone as string | undefined) ?? ctx.state.siteTimezone,
    all_day: allDay,
    image: (raw.image as number | string | null | undefined) ?? null,
    cost: (raw.cost as string | string[] | undefined) ?? '',
    website: (raw.website as string | null | undefined) ?? null,
    show_map: (raw.show_map as boolean | undefined) ?? true,
    show_map_link: (raw.show_map_link as boolean | undefined) ?? true,
    hide_from_listings: (raw.hide_from_listings as boolean | undefined) ?? false,
    sticky: (raw.sticky as boolean | undefined) ?? false,
    featured: (raw.featured as boolean | undefined) ?? false,
    ticketed: (raw.ticketed as boolean | undefined) ?? false,
    venue: (raw.venue as number | null | undefined) ?? null,
    organizer: (raw.organizer as number[] | undefined) ?? [],
    categories: (raw.categories as number[] | undefined) ?? [],
    tags: (raw.tags as number[] | undefined) ?? [],
    post_parent: (raw.post_parent as number | undefined) ?? 0,
  }
  const permalink = keptPermalink(raw.permalink as string | undefined, post.slug, ctx.state.events.get(id))
  const placed = withDatesAndPermalink(record, post, permalink)
  for (const key of LAST_KEYS) if (raw[key] !== undefined) Object.assign(placed, { [key]: raw[key] })
  return Object.assign(placed, extraKeys(raw, EVENT_KEYS))
}

/** The keys only some events store, after the ones every event has and before extra keys, in this order. */
const LAST_KEYS = ['utc_start_date', 'utc_end_date', 'currency_symbol', 'currency_position', 'custom_fields'] as const

/**
 * `record` with the keys only some events store in their places: `date_utc` after `date`, `modified_utc` and
 * `permalink` after `modified` (`PostDefaults`' order). `record` itself when there are none, as for most events.
 */
function withDatesAndPermalink(record: EventRecord, post: PostDefaults, permalink: string | undefined): EventRecord {
  if (post.date_utc === undefined && post.modified_utc === undefined && permalink === undefined) return record
  const placed: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(record)) {
    placed[key] = value
    if (key === 'date' && post.date_utc !== undefined) placed.date_utc = post.date_utc
    if (key !== 'modified') continue
    if (post.modified_utc !== undefined) placed.modified_utc = post.modified_utc
    if (permalink !== undefined) placed.permalink = permalink
  }
  return placed as unknown as EventRecord
}
