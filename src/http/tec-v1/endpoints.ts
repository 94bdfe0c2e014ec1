import { COLLECTION_OF, type ServedPostKind } from '../../core/model/kinds.js'
import type { EventRecord, OrganizerRecord, VenueRecord } from '../../core/model/records.js'
import type { CalendarState } from '../../core/model/state.js'
import { canEdit, canRead, canWrite } from '../../core/resources/access.js'
import type { View } from '../../core/resources/view.js'
import type { Parameter } from './arguments/parameters.js'
import {
  DELETE_ARGUMENTS,
  EVENT_BODY,
  eventListArguments,
  ORGANIZER_BODY,
  organizerListArguments,
  type PostLookup,
  VENUE_BODY,
  venueListArguments,
} from './arguments/route-arguments.js'

/** TEC's versioned namespace (`Controller::get_versioned_namespace()`). */
export const TEC_V1_NAMESPACE = 'tec/v1'

/** The path of TEC's OpenAPI document below the namespace (`OpenApiDocs::get_base_path()`). */
export const DOCS_PATH = '/docs'

/** What a tec/v1 route does to its kind's posts (`Readable_Endpoint`, `Creatable_Endpoint`, …). */
export type Operation = 'list' | 'create' | 'read' | 'update' | 'delete'

/** One method of one tec/v1 route: the source of the app's handlers, the namespace index and `OPTIONS`. */
export interface Endpoint {
  /** WordPress's method list of the handler: `PUT, PATCH` share one (`Endpoint::EDITABLE`). */
  methods: readonly ('GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE')[]
  /** The path below `/wp-json/tec/v1`, h3 style: `/events/:id`. */
  path: string
  kind: ServedPostKind
  operation: Operation
  /** The arguments, as they are at the time of asking (the page size follows `settings.per_page`). */
  arguments(state: CalendarState): readonly Parameter[]
}

const LIST_ARGUMENTS: Record<ServedPostKind, (state: CalendarState) => readonly Parameter[]> = {
  event: (state) => eventListArguments(state.settings.per_page, lookup(state)),
  venue: (state) => venueListArguments(state.settings.per_page),
  organizer: (state) => organizerListArguments(state.settings.per_page),
}

/** What the event list's venue and organizer checks ask of the state. */
function lookup(state: CalendarState): PostLookup {
  return {
    isVenue: (id) => state.venues.get(id) !== undefined,
    isOrganizer: (id) => state.organizers.get(id) !== undefined,
  }
}

const BODIES: Record<ServedPostKind, readonly Parameter[]> = {
  event: EVENT_BODY,
  venue: VENUE_BODY,
  organizer: ORGANIZER_BODY,
}

/**
 * Every endpoint of tec/v1, in TEC 6.17.2's order (`Endpoints::get_endpoints()`): events, venues, organizers;
 * each collection's list and create, then its single post's read, update and delete.
 */
export const ENDPOINTS: readonly Endpoint[] = (['event', 'organizer', 'venue'] as const).flatMap((kind) => {
  const collection = `/${COLLECTION_OF[kind]}`
  const single = `${collection}/:id`
  return [
    { methods: ['GET'], path: collection, kind, operation: 'list', arguments: LIST_ARGUMENTS[kind] },
    { methods: ['POST'], path: collection, kind, operation: 'create', arguments: () => BODIES[kind] },
    { methods: ['GET'], path: single, kind, operation: 'read', arguments: () => [] },
    { methods: ['PUT', 'PATCH'], path: single, kind, operation: 'update', arguments: () => BODIES[kind] },
    { methods: ['DELETE'], path: single, kind, operation: 'delete', arguments: () => DELETE_ARGUMENTS },
  ] satisfies Endpoint[]
})

/**
 * The endpoint table by route path (h3 style, `/events/:id`), each path's endpoints in registration order, the
 * paths in TEC's order of registration (`Endpoints::get_endpoints()`).
 */
export function endpointsByPath(): Map<string, Endpoint[]> {
  const paths = new Map<string, Endpoint[]>()
  for (const endpoint of ENDPOINTS) paths.set(endpoint.path, [...(paths.get(endpoint.path) ?? []), endpoint])
  return paths
}

/** An event, venue or organizer as stored. */
export type AnyPost = EventRecord | VenueRecord | OrganizerRecord

/** Any event, venue or organizer calfile keeps under an ID, whatever its kind (WordPress's `get_post()`). */
export function anyPost(state: CalendarState, id: number): { kind: ServedPostKind; post: AnyPost } | undefined {
  const kind = state.postKind(id)
  if (kind === undefined || kind === 'media') return undefined
  const post = state[COLLECTION_OF[kind]].get(id)
  return post && { kind, post }
}

/**
 * Whether the viewer passes an endpoint's permission callback (`Post_Entity_Endpoint::can_read()`, `can_create()`,
 * `can_update()`, `can_delete()`): lists for everyone (`guest_can_read()` is true on all six endpoints); a post when
 * its ID names one of the endpoint's kind that the viewer may read (`check_read_permission()`); a create for those
 * who may write posts; an update or delete when the ID names a post, of any kind, the viewer may edit
 * (`edit_post`/`delete_post`: an unknown ID fails).
 */
export function permitted(state: CalendarState, endpoint: Endpoint, view: View, id: number | undefined): boolean {
  switch (endpoint.operation) {
    case 'list':
      return true
    case 'create':
      return canWrite(view)
    case 'read': {
      const found = id === undefined ? undefined : anyPost(state, id)
      return found?.kind === endpoint.kind && canRead(view, found.post)
    }
    default: {
      const found = id === undefined ? undefined : anyPost(state, id)
      return found !== undefined && canEdit(view, found.post)
    }
  }
}
