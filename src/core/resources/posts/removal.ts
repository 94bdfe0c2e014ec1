import { CalendarError } from '../../errors.js'
import type { ServedPostKind, Taxonomy } from '../../model/kinds.js'
import type { EventRecord, Status } from '../../model/records.js'
import type { CalendarState } from '../../model/state.js'
import { uniqueSlug } from '../slugs.js'
import { savedPostDates } from './post.js'
import { forgetRevisions } from './revisions.js'

/** What WordPress appends to the slug of a trashed post, so that a new post may take the plain slug. */
const TRASHED_SUFFIX = '__trashed'

/**
 * Moves a post to the trash (docs/errors.md): a new record with status `trash`, `modified` now and the slug
 * `<slug>__trashed` (`wp_add_trashed_suffix_to_post_name_for_post()`), made unique in its kind where `taken` says
 * so (`__trashed-2` for a second draft without a slug, as `wp_unique_post_slug()` does); links to it are kept, only
 * hidden. A draft not dated yet is dated now, as the update that trashes it dates it (`savedPostDates`).
 *
 * @throws CalendarError 410 `<kind>-is-in-trash` "The <kind> is already trashed" when it is already there.
 */
export function trashed<
  T extends {
    id: number
    status: Status
    date: string
    modified: string
    slug?: string
    date_utc?: string
    modified_utc?: string
  },
>(record: T, kind: string, now: string, taken: (slug: string) => boolean): T {
  if (record.status === 'trash') throw new CalendarError(`${kind}-is-in-trash`, 410, `The ${kind} is already trashed`)
  const slug =
    record.slug === undefined || record.slug.endsWith(TRASHED_SUFFIX)
      ? {}
      : { slug: uniqueSlug(record.slug + TRASHED_SUFFIX, taken) }
  // Trash is no floating status: the record keeps no `NO_GMT_DATE`, only a GMT date of its own.
  const { date, date_utc } = savedPostDates(record, 'trash', NOTHING_SENT, now, false)
  const next = { ...record, status: 'trash', modified: now, ...slug, ...(date ? { date } : {}) }
  if (date_utc === undefined) delete next.date_utc
  else next.date_utc = date_utc
  delete next.modified_utc
  return next
}

const NOTHING_SENT = { date: false, date_utc: false }

/**
 * The fields of a post an update takes out of the trash (`from` its stored record, `to` what it becomes): the
 * slug without `__trashed`, as `wp_untrash_post()` gives it back; the caller makes it unique. Nothing otherwise.
 */
export function untrashedFields(from: { status: Status; slug?: string } | undefined, to: Record<string, unknown>) {
  if (from?.status !== 'trash' || to.status === 'trash' || !from.slug?.endsWith(TRASHED_SUFFIX)) return {}
  if (to.slug !== from.slug) return {}
  return { slug: from.slug.slice(0, -TRASHED_SUFFIX.length) }
}

/**
 * Removes every reference to a post that is deleted for good, so the data file keeps no dangling reference
 * (docs/data-file.md): events lose the venue or organizer, children of an event lose their parent, and the post's
 * revisions go with it.
 */
export function forgetPost(state: CalendarState, kind: ServedPostKind, id: number): void {
  forgetRevisions(state, id)
  rewriteEvents(state, (event) => {
    if (kind === 'venue' && event.venue === id) return { ...event, venue: null }
    if (kind === 'organizer' && event.organizer.includes(id))
      return { ...event, organizer: event.organizer.filter((o) => o !== id) }
    if (kind === 'event' && event.post_parent === id) return { ...event, post_parent: 0 }
    return event
  })
}

/**
 * Removes a deleted term from every event and gives its children its parent (docs/errors.md).
 */
export function forgetTerm(state: CalendarState, taxonomy: Taxonomy, id: number, parent: number): void {
  const key = taxonomy === 'category' ? 'categories' : 'tags'
  rewriteEvents(state, (event) =>
    event[key].includes(id) ? { ...event, [key]: event[key].filter((t) => t !== id) } : event,
  )
  if (taxonomy !== 'category') return
  for (const child of [...state.categories.values()])
    if (child.parent === id) state.categories.put({ ...child, parent })
}

function rewriteEvents(state: CalendarState, rewrite: (event: EventRecord) => EventRecord): void {
  for (const event of [...state.events.values()]) {
    const next = rewrite(event)
    if (next !== event) state.events.put(next)
  }
}
