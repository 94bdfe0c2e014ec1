import { firstSuffix, noteSuffix, type SuffixedCollection } from '../cache/slug-suffixes.js'
import type { Status } from '../records.js'
import { slugFromTitle, uniqueSlug } from '../slugs.js'
import type { CalendarState } from '../state.js'

/** Where a kind's slugs are looked up: its collection. */
export interface SlugIndex extends SuffixedCollection {
  bySlug(slug: string): { id: number } | undefined
  get(id: number): object | undefined
}

/** What filling in a record's defaults needs: the state it joins and "now" in the site time zone. */
export interface NormalizeContext {
  state: CalendarState
  /** `YYYY-MM-DD HH:MM:SS`, site time zone. */
  now: string
}

/** The stored keys every post kind shares (CONTRACT §1): `id` and the fields of `PostDefaults`, and `image`. */
export const POST_KEYS = [
  'id',
  'description',
  'excerpt',
  'slug',
  'status',
  'author',
  'date',
  'modified',
  'image',
] as const

/** The fields every post kind shares, defaults filled in, in the order the data file writes them. */
export interface PostDefaults {
  description: string
  excerpt: string
  slug: string
  status: Status
  author: number
  date: string
  modified: string
}

/**
 * Fills the shared post fields of a record read from the file or built by a create (CONTRACT §1, §2.1):
 * empty texts, a unique slug from `title`, `status` publish, `author` user 1, `date` now, `modified` = `date`.
 */
export function postDefaults(
  raw: Record<string, unknown>,
  id: number,
  title: string,
  collection: SlugIndex,
  ctx: NormalizeContext,
): PostDefaults {
  const date = (raw.date as string | undefined) ?? ctx.now
  return {
    description: (raw.description as string | undefined) ?? '',
    excerpt: (raw.excerpt as string | undefined) ?? '',
    slug: resolveSlug(raw.slug as string | undefined, title, id, collection),
    status: (raw.status as Status | undefined) ?? 'publish',
    author: (raw.author as number | undefined) ?? 1,
    date,
    modified: (raw.modified as string | undefined) ?? date,
  }
}

// A slug that is already in its final form: sanitizing it again would give it back (and costs ~30 µs).
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/u

/**
 * The slug a record keeps: its own when given and free in its kind, else one made from its title and made
 * unique with `-2`, `-3`, … (CONTRACT §3; `wp_unique_post_slug()`). A title with no usable characters (or only `0`)
 * falls back to the ID. `widen` gives the base to number instead when the base itself is taken (a category's
 * ancestors' slugs, `wp_unique_term_slug()`).
 */
export function resolveSlug(
  wanted: string | undefined,
  title: string,
  id: number,
  collection: SlugIndex,
  widen?: (base: string, taken: (slug: string) => boolean) => string,
): string {
  const taken = (slug: string) => {
    const holder = collection.bySlug(slug)
    return holder !== undefined && holder.id !== id
  }
  const asked = wanted !== undefined && SLUG.test(wanted) ? wanted : slugFromTitle(wanted ?? '')
  const first = usable(asked) || usable(slugFromTitle(title)) || String(id)
  const base = widen && taken(first) ? widen(first, taken) : first
  // A record that holds no slug yet may skip the suffixes known taken; one that does may keep its own.
  if (collection.get(id) !== undefined) return uniqueSlug(base, taken)
  const slug = uniqueSlug(base, taken, firstSuffix(collection, base))
  if (slug !== base) noteSuffix(collection, base, slug)
  return slug
}

/** `"0"` is no slug: PHP's `empty("0")` is true, and TEC drops `"0"` from venue and organizer answers (§2.2). */
function usable(slug: string): string {
  return slug === '0' ? '' : slug
}

/** Keys of `raw` that are not in `known`, in their order: kept as they are (CONTRACT §5). */
export function extraKeys(raw: Record<string, unknown>, known: ReadonlySet<string>): Record<string, unknown> {
  const extras: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(raw)) if (!known.has(key)) extras[key] = value
  return extras
}
