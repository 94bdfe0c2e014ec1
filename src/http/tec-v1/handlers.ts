import type { Calendar } from '../../core/calendar.js'
import type { ServedPostKind } from '../../core/model/kinds.js'
import type { EventRecord, OrganizerRecord, VenueRecord } from '../../core/model/records.js'
import type { View } from '../../core/resources/view.js'
import { type AnyPost, anyPost, type Endpoint } from './endpoints.js'
import { HandlerError } from './handler-error.js'
import { eventList, type ListPage, linkedPostList } from './lists.js'
import { eventObject } from './objects/event-object.js'
import { organizerObject, venueObject } from './objects/linked-post-objects.js'
import { createPost, deletePost, updatePost } from './writes.js'

/**
 * tec/v1's handlers: what each endpoint does once its request has passed the arguments, the permission and the
 * gate (mount.ts). Loaded on the first such request, with the lists, the objects and the writes, which no part of
 * a server's start needs.
 */

/** What a handler answers: a body and status, and for lists the page's place for the headers. */
export interface Handled {
  body: unknown
  status: number
  page?: ListPage<unknown>
}

/**
 * Runs an endpoint's handler on its read arguments (`Read_Archive_Response`, `Read_Entity_Response`,
 * `Create_Entity_Response`, `Update_Entity_Response`, `Delete_Entity_Response`).
 *
 * @throws HandlerError for the handler's own `{"error"}` answers; CalendarError as the library throws it.
 */
export async function handle(
  calendar: Calendar,
  endpoint: Endpoint,
  args: Readonly<Record<string, unknown>>,
  id: number | undefined,
  view: View,
): Promise<Handled> {
  const { kind } = endpoint
  switch (endpoint.operation) {
    case 'list': {
      const state = calendar.state
      const perPage = state.settings.per_page
      const page =
        kind === 'event' ? eventList(state, args, view, perPage) : linkedPostList(state, kind, args, view, perPage)
      // TEC 6.17.2's shared archive answer names organizers whatever the kind (`Read_Archive_Response::read()`).
      if (page.records.length === 0 && page.page > 1)
        return {
          body: { code: 'tec_rest_organizers_page_not_found', message: 'The requested page was not found.' },
          status: 404,
        }
      const body = page.records.map((post) => objectOf(calendar, kind, post as AnyPost, view))
      return { body, status: 200, page }
    }
    case 'create': {
      const created = await createPost(calendar, kind, args, view)
      return { body: postObject(calendar, kind, created, view, 500, 'Failed to create entity.'), status: 201 }
    }
    case 'read':
      return { body: postObject(calendar, kind, id ?? 0, view, 404, 'The entity could not be read.'), status: 200 }
    case 'update':
      await updatePost(calendar, kind, id ?? 0, args, view)
      return { body: postObject(calendar, kind, id ?? 0, view, 500, 'Entity not found after update.'), status: 200 }
    case 'delete':
      await deletePost(calendar, kind, id ?? 0, args.force === true, view)
      return { body: [], status: 200 }
  }
}

/** A post of `kind` as tec/v1 shows it, or the handler's error when there is none. */
function postObject(
  calendar: Calendar,
  kind: ServedPostKind,
  id: number,
  view: View,
  status: number,
  message: string,
): Record<string, unknown> {
  const found = anyPost(calendar.state, id)
  // TEC's repository reads posts of `any` status, which leaves trashed ones out (`get_post_stati()`'s
  // `exclude_from_search`).
  if (!found || found.kind !== kind || found.post.status === 'trash') throw new HandlerError(status, message)
  return objectOf(calendar, kind, found.post, view)
}

function objectOf(calendar: Calendar, kind: ServedPostKind, post: AnyPost, view: View): Record<string, unknown> {
  const state = calendar.state
  if (kind === 'event') return eventObject(state, post as EventRecord, view, calendar.now())
  if (kind === 'venue') return venueObject(state, post as VenueRecord, view)
  return organizerObject(state, post as OrganizerRecord, view)
}
