import { dayEnd, dayStart } from '../../dates/zoned.js'
import type { EventRecord } from '../../model/records.js'
import { extraKeys, type NormalizeContext, POST_KEYS, postDefaults } from '../post.js'

/** The stored keys of an event; any other key is an extra kept as it is and shown last (docs/errors.md). */
export const EVENT_KEYS: ReadonlySet<string> = new Set([
  ...POST_KEYS,
  'title',
  'permalink',
  'start_date',
  'end_date',
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
 * The `permalink` an event keeps (docs/responses.md#event `url`), as an entry to spread: none where the path is
 * calfile's own `/event/<slug>/`. When a change gives the event a new slug, a path that ends in the old slug follows
 * it, as WordPress rebuilds such a permalink from the slug (`/events-calendar/old/` → `/events-calendar/new/`); any
 * other path is the site's own and stays (Events Calendar Pro's `/event/<series>/<date>/`, a URL a plugin set).
 */
function permalinkEntry(
  path: string | undefined,
  slug: string,
  previous: EventRecord | undefined,
): { permalink?: string } {
  const old = previous?.slug
  const follows = path !== undefined && old !== undefined && old !== slug && path.endsWith(`/${old}/`)
  const kept = follows ? `${path.slice(0, -old.length - 1)}${slug}/` : path
  return kept === undefined || kept === `/event/${slug}/` ? {} : { permalink: kept }
}

/**
 * A stored event with every default of docs/writes.md filled in, keys in the data file's order, extra keys after.
 * `raw` is an event as validated from the file, or as built by a create or update. The all-day rule moves the
 * start to 00:00:00 and the end to 23:59:59 of their days. `permalink` is kept only where it differs from
 * `/event/<slug>/`, and follows a new slug as `permalinkEntry` says, against the stored event this one replaces.
 */
export function normalizeEvent(raw: Record<string, unknown>, id: number, ctx: NormalizeContext): EventRecord {
  const title = raw.title as string
  const allDay = (raw.all_day as boolean | undefined) ?? false
  const start = raw.start_date as string
  const end = raw.end_date as string
  const post = postDefaults(raw, id, title, ctx.state.events, ctx, true)
  const record: EventRecord = {
    id,
    title,
    ...post,
    ...permalinkEntry(raw.permalink as string | undefined, post.slug, ctx.state.events.get(id)),
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
  for (const key of ['currency_symbol', 'currency_position'] as const)
    if (raw[key] !== undefined) Object.assign(record, { [key]: raw[key] })
  if (raw.custom_fields !== undefined) record.custom_fields = raw.custom_fields
  return Object.assign(record, extraKeys(raw, EVENT_KEYS))
}
