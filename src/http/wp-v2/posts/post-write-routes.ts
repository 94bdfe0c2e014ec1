import type { H3Event } from 'h3'
import type { Calendar } from '../../../core/calendar.js'
import { CalendarError } from '../../../core/errors.js'
import { COLLECTION_OF, type ServedPostKind, type Taxonomy } from '../../../core/model/kinds.js'
import type { Status } from '../../../core/model/records.js'
import { canEdit, canWrite } from '../../../core/resources/access.js'
import { POST_TYPES } from '../../../core/resources/posts/post-shape.js'
import type { View } from '../../../core/resources/view.js'
import { restMetaWriteMode, type WriteMode } from '../../../core/resources/write-mode.js'
import { phpBool } from '../../php/type-juggling.js'
import { parseQuery } from '../../request/params.js'
import { bodyOf } from '../../request/request-body.js'
import { json } from '../../respond.js'
import { REST_ROOT } from '../../wordpress/rest-server/rest-namespace.js'
import { assertEventDates, type PostWrite, readPostWrite, refusedPost } from './post-writes.js'
import { type AnyPost, postById, postMethods, wpPost } from './wp-post.js'

/**
 * The writes of `wp/v2`'s post routes (`WP_REST_Posts_Controller::create_item()`, `update_item()`,
 * `delete_item()`) for TEC's three post types, through the same core calls as REST v1's writes
 * (`restMetaWriteMode`): only the fields sent change; a create is a draft unless sent a status; a write answers
 * the post in the `edit` context. As on a TEC site, meta values of the wrong type are a 400 after the post is
 * written with the others (under `settings.tec_lossy_writes`; with `false`, before anything is written), and an
 * event created here has no UTC dates and is in no list until a write of a date (docs/wordpress.md#wpv2-writes).
 */

/**
 * `POST /wp-json/wp/v2/<type>`: 201 with the new post and its `Location`.
 *
 * @example
 * await createAnswer(calendar, 'event', event, view) // 201 { id: 31, status: 'draft', … }
 * @throws CalendarError 400 (arguments, meta, an event's dates missing), 401/403 `rest_cannot_create`,
 *   `rest_cannot_publish`, `rest_cannot_assign_term`.
 */
export async function createAnswer(
  calendar: Calendar,
  kind: ServedPostKind,
  event: H3Event,
  view: View,
): Promise<Response> {
  const write = await readPostWrite(event, kind, true)
  if (!canWrite(view)) throw refusedPost(view, 'create')
  assertEventDates(kind, write.fields)
  checkWrite(calendar, write, view)
  const created = await records(calendar, kind).create(write.fields, view, restMetaWriteMode(calendar.state.settings))
  const post = postById(calendar, kind, String(created.id))
  const body = postAnswer(calendar, kind, post, view)
  if (write.metaError) throw write.metaError
  const location = `${view.origin}${REST_ROOT}/wp/v2/${POST_TYPES[kind]}/${post.id}`
  return json(body, 201, { Location: location })
}

/**
 * `POST`, `PUT` or `PATCH /wp-json/wp/v2/<type>/<id>`: the post as changed.
 *
 * @example
 * await updateAnswer(calendar, 'venue', event, view) // 200 { id: 4, title: { raw: 'Hall', … }, … }
 * @throws CalendarError 400, 404 `rest_post_invalid_id`, 401/403 `rest_cannot_edit`, `rest_cannot_publish`.
 */
export async function updateAnswer(
  calendar: Calendar,
  kind: ServedPostKind,
  event: H3Event,
  view: View,
): Promise<Response> {
  const write = await readPostWrite(event, kind, false)
  const found = postById(calendar, kind, event.context.params?.id)
  if (!canEdit(view, found)) throw refusedPost(view, 'edit')
  checkWrite(calendar, write, view)
  await records(calendar, kind).update(found.id, write.fields, view, restMetaWriteMode(calendar.state.settings))
  const body = postAnswer(calendar, kind, postById(calendar, kind, String(found.id)), view)
  if (write.metaError) throw write.metaError
  return json(body)
}

/**
 * `DELETE /wp-json/wp/v2/<type>/<id>`: to the trash, answering the trashed post, or with `force` for good,
 * answering `{ deleted: true, previous }` (the post as it was, without `_links`).
 *
 * @example
 * await deleteAnswer(calendar, 'event', event, view) // 200 { id: 6, status: 'trash', … }
 * @throws CalendarError 404 `rest_post_invalid_id`, 401/403 `rest_cannot_delete`, 410 `rest_already_trashed`.
 */
export async function deleteAnswer(
  calendar: Calendar,
  kind: ServedPostKind,
  event: H3Event,
  view: View,
): Promise<Response> {
  const found = postById(calendar, kind, event.context.params?.id)
  if (!canEdit(view, found)) throw refusedPost(view, 'delete')
  const body = (await bodyOf(event)) as Record<string, unknown> | undefined
  const force = phpBool(parseQuery(event.url).force ?? body?.force)
  const collection = records(calendar, kind)
  if (force) {
    const { _links, ...previous } = postAnswer(calendar, kind, found, view)
    await collection.delete(found.id, { force: true }, view)
    return json({ deleted: true, previous })
  }
  if (found.status === 'trash')
    throw new CalendarError('rest_already_trashed', 410, 'The post has already been deleted.')
  await collection.delete(found.id, {}, view)
  return json(postAnswer(calendar, kind, postById(calendar, kind, String(found.id)), view))
}

/** A written post as a write answers it: in the `edit` context, with the methods the viewer may use. */
function postAnswer(calendar: Calendar, kind: ServedPostKind, post: AnyPost, view: View): Record<string, unknown> {
  return wpPost(calendar.state, kind, post, view, postMethods(view, post), 'edit')
}

/** The statuses only those who may publish set (`handle_status_param()`). */
const PUBLISHED: ReadonlySet<Status> = new Set(['publish', 'future', 'private'])

/**
 * The posts controller's checks of what a write sets: a published status only for those who may publish (a
 * contributor may not: 403 `rest_cannot_publish`), terms only that exist (`check_assign_terms_permission()`: 403
 * `rest_cannot_assign_term`); with `settings.tec_lossy_writes` false, meta of the wrong type refused before anything
 * is written.
 */
function checkWrite(calendar: Calendar, write: PostWrite, view: View): void {
  const status = write.fields.status as Status | undefined
  if (status && PUBLISHED.has(status) && !view.openMode && view.user?.role === 'contributor')
    throw refusedPost(view, 'publish')
  for (const [field, taxonomy] of [
    ['tags', 'tag'],
    ['categories', 'category'],
  ] as const satisfies ReadonlyArray<readonly [string, Taxonomy]>) {
    const ids = (write.fields[field] as number[] | undefined) ?? []
    if (ids.some((id) => !calendar.state.terms(taxonomy).get(id)))
      throw new CalendarError(
        'rest_cannot_assign_term',
        403,
        'Sorry, you are not allowed to assign the provided terms.',
      )
  }
  if (write.metaError && !calendar.state.settings.tec_lossy_writes) throw write.metaError
}

/** The core collection of TEC's post type `kind`, as the writes here call it. */
interface PostRecords {
  create(body: unknown, view: View, mode: WriteMode): Promise<{ id: number }>
  update(id: number, body: unknown, view: View, mode: WriteMode): Promise<unknown>
  delete(id: number, options: { force?: boolean }, view: View): Promise<unknown>
}

function records(calendar: Calendar, kind: ServedPostKind): PostRecords {
  return calendar[COLLECTION_OF[kind]] as unknown as PostRecords
}
