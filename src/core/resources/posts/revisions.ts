import { type ServedPostKind, TITLE_KEY_OF } from '../../model/kinds.js'
import type { PostRecord, RevisionRecord, Settings } from '../../model/records.js'
import type { CalendarState } from '../../model/state.js'

/**
 * Revisions of events, venues and organizers (docs/data-file.md#revisions): what WordPress keeps of a post each time
 * an update changes its title, content or excerpt (`wp_save_post_revision()`, on `wp_after_insert_post`), for the
 * three post types TEC registers with `revisions` support. They are posts of their own on a WordPress site, so each
 * takes an ID of the post space; a write through any of the three APIs, or the library, saves one the same way.
 */

/**
 * A revision of the data file with its defaults: the author is user 1 where the file names none, the texts empty.
 *
 * @example
 * normalizeRevision({ id: 12, parent: 7, date: '2026-12-01 10:00:00', title: 'Jazz' })
 * // { id: 12, parent: 7, author: 1, date: '2026-12-01 10:00:00', title: 'Jazz', description: '', excerpt: '' }
 */
export function normalizeRevision(raw: {
  id: number
  parent: number
  author?: number
  date: string
  title?: string
  description?: string
  excerpt?: string
}): RevisionRecord {
  // The file's key order (docs/data-file.md#layout), whatever order the file had, and any other keys after:
  // a reload then a write keeps the text a hand editor wrote.
  const { id, parent, author = 1, date, title = '', description = '', excerpt = '', ...extra } = raw
  return { id, parent, author, date, title, description, excerpt, ...extra }
}

/**
 * How many revisions to keep of a post (`wp_revisions_to_keep()`): -1 for all, 0 for none.
 *
 * @example
 * revisionsToKeep({ post_revisions: true }) // -1
 */
export function revisionsToKeep(settings: Pick<Settings, 'post_revisions'>): number {
  const asked = settings.post_revisions
  if (asked === true) return -1
  if (asked === false) return 0
  return asked
}

/**
 * Saves a revision of `post` after an update stored it (or trashed it: `wp_trash_post()` updates the post), as
 * `wp_save_post_revision()` does: always when the post has none yet, else only when its title, content or excerpt
 * differs from the latest revision's, whitespace normalised (`normalize_whitespace()`); none at all under
 * `post_revisions: false`, and the oldest beyond `post_revisions` removed. `author`: the user who saved it. The
 * revision is dated at the post's `modified` (`_wp_post_revision_data()`).
 *
 * @example
 * saveRevision(state, 'event', updated, 1) // state.revisionsOf(updated.id)[0].title === updated.title
 */
export function saveRevision(state: CalendarState, kind: ServedPostKind, post: PostRecord, author: number): void {
  const keep = revisionsToKeep(state.settings)
  if (keep === 0) return
  const texts = revisionTexts(kind, post)
  const [latest] = state.revisionsOf(post.id)
  if (latest && unchanged(latest, texts)) return
  state.revisions.put({ id: state.nextPostId(), parent: post.id, author, date: post.modified, ...texts })
  if (keep > 0) for (const old of state.revisionsOf(post.id).slice(keep)) state.revisions.delete(old.id)
}

/** Removes the revisions of a post deleted for good, as `wp_delete_post()` deletes its children of type `revision`. */
export function forgetRevisions(state: CalendarState, parent: number): void {
  for (const revision of state.revisionsOf(parent)) state.revisions.delete(revision.id)
}

/** The fields of a post a revision keeps (`_wp_post_revision_fields()`: title, content, excerpt). */
function revisionTexts(
  kind: ServedPostKind,
  post: PostRecord,
): Pick<RevisionRecord, 'title' | 'description' | 'excerpt'> {
  return { title: String(post[TITLE_KEY_OF[kind]] ?? ''), description: post.description, excerpt: post.excerpt }
}

function unchanged(latest: RevisionRecord, texts: Pick<RevisionRecord, 'title' | 'description' | 'excerpt'>) {
  return (['title', 'description', 'excerpt'] as const).every(
    (key) => normalizeWhitespace(latest[key]) === normalizeWhitespace(texts[key]),
  )
}

/** `normalize_whitespace()`: trimmed, carriage returns as new lines, runs of new lines and of blanks as one. */
function normalizeWhitespace(text: string): string {
  return text
    .trim()
    .replaceAll('\r', '\n')
    .replace(/\n+/gu, '\n')
    .replace(/[ \t]+/gu, ' ')
}
