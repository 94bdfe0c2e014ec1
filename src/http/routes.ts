import type { H3Event, HTTPMethod } from 'h3'
import type { GenericSchema } from 'valibot'
import type { Calendar } from '../core/calendar.js'
import type { CollectionName, CollectionOf, Taxonomy } from '../core/model/kinds.js'
import { EVENT_ARGS, EventBodySchema } from '../core/resources/events/event-input.js'
import { eventQuerySchema } from '../core/resources/events/event-query.js'
import type { EventRef } from '../core/resources/events/events.js'
import { VENUE_ARGS } from '../core/resources/linked-posts/linked-input.js'
import { ORGANIZER_RULES, VENUE_RULES } from '../core/resources/linked-posts/linked-post-rules.js'
import { LinkedQuerySchema } from '../core/resources/linked-posts/linked-query.js'
import type { ListPageJson } from '../core/resources/lists.js'
import type { TecArg } from '../core/resources/tec-args.js'
import { termQuerySchema } from '../core/resources/terms/term-query.js'
import { type SingleTermResponse, TERM_ARGS, TermBodySchema } from '../core/resources/terms/terms.js'
import type { View } from '../core/resources/view.js'
import { httpWriteMode, type WriteMode } from '../core/resources/write-mode.js'
import { parseQuery } from './request/params.js'
import { bodyOf } from './request/request-body.js'
import { json, jsonBody } from './respond.js'

/**
 * One route of the interface: the single source from which the app, the root route and the OpenAPI document are
 * built (docs/http.md), so they cannot drift apart.
 */
export interface RouteSpec {
  method: HTTPMethod
  /** Path below the prefix, h3 style: `/events/:id`. */
  path: string
  /** The resource of the interface (docs/http.md#routes): the collection the route serves. */
  resource: CollectionName
  /** `list`, `create`, `read`, `update` or `delete`: what the route does to its resource. */
  action: 'list' | 'create' | 'read' | 'update' | 'delete'
  /** How a single route names its record: digits-only ID or any non-slash slug (docs/errors.md). */
  key?: 'id' | 'slug'
  /**
   * The query parameters; read on every use, as the event list's follow the revision in the calendar's settings
   * (docs/http.md#revisions), which a hand edit of the file switches while the app runs.
   */
  query?: GenericSchema
  body?: GenericSchema
  /** What TEC declares for some body fields (types, non-empty texts), checked before `body` as WordPress does. */
  args?: Readonly<Record<string, TecArg>>
  /** Status of a success. */
  status: 200 | 201
  handle: (event: H3Event, view: View) => Promise<Response> | Response
}

const UPDATE_METHODS = ['POST', 'PUT', 'PATCH'] as const

/** Every route, in the spec's order (docs/http.md#routes). */
export function routeTable(calendar: Calendar): RouteSpec[] {
  const eventQuery = () => eventQuerySchema(calendar.state.settings.api_revision)
  // Read on every write, as a hand edit of the file may switch `settings.tec_lossy_writes` while the app runs.
  const mode = () => httpWriteMode(calendar.state.settings)
  return [
    ...postRoutes('events', calendar.events, eventQuery, { body: EventBodySchema, args: EVENT_ARGS }, mode),
    ...postRoutes(
      'venues',
      calendar.venues,
      () => LinkedQuerySchema,
      { body: VENUE_RULES.schema, args: VENUE_ARGS },
      mode,
    ),
    ...postRoutes('organizers', calendar.organizers, () => LinkedQuerySchema, { body: ORGANIZER_RULES.schema }, mode),
    ...termRoutes('categories', calendar.categories, termQuerySchema('category'), mode),
    ...termRoutes('tags', calendar.tags, termQuerySchema('tag'), mode),
  ]
}

/** What the routes need of a post resource: the operations shared by events, venues and organizers. */
interface PostResource {
  listJson(query: Record<string, unknown>, view: View): ListPageJson
  getJson(ref: EventRef, view: View): Buffer
  create(body: unknown, view: View, mode: WriteMode): Promise<Record<string, unknown>>
  update(ref: EventRef, body: unknown, view: View, mode: WriteMode): Promise<Record<string, unknown>>
  delete(ref: EventRef, options: { force?: boolean }, view: View, mode: WriteMode): Promise<Record<string, unknown>>
}

/**
 * The routes of a post resource; `query` gives the list's parameters and `mode` how writes follow TEC, both as
 * they are at the time of asking.
 */
function postRoutes(
  resource: CollectionName,
  posts: PostResource,
  query: () => GenericSchema,
  writes: Pick<RouteSpec, 'body' | 'args'>,
  mode: () => WriteMode,
): RouteSpec[] {
  const routes: RouteSpec[] = [
    {
      method: 'GET',
      path: `/${resource}`,
      resource,
      action: 'list',
      status: 200,
      handle: (e, view) => listed(posts.listJson(parseQuery(e.url), view)),
      // A getter, so that the app's parameter check and the descriptions see the revision in force
      // (docs/http.md#revisions).
      get query() {
        return query()
      },
    },
    {
      method: 'POST',
      path: `/${resource}`,
      resource,
      action: 'create',
      ...writes,
      status: 201,
      // TEC's post endpoints send no `Location`.
      handle: async (e, view) => json(await posts.create(await bodyOf(e), view, mode()), 201),
    },
  ]
  for (const [key, path, ref] of [
    ['id', `/${resource}/:id`, idRef],
    ['slug', `/${resource}/by-slug/:slug`, slugRef],
  ] as const) {
    // In TEC's order, which `Allow` and the route descriptions follow: read, delete, update.
    routes.push({
      method: 'GET',
      path,
      resource,
      action: 'read',
      key,
      status: 200,
      handle: (e, view) => jsonBody(posts.getJson(ref(e), view)),
    })
    routes.push({
      method: 'DELETE',
      path,
      resource,
      action: 'delete',
      key,
      status: 200,
      // TEC's DELETE trashes, `force=true` or not: its endpoints take no `force` (the library's `delete` does).
      handle: async (e, view) => json(await posts.delete(ref(e), {}, view, mode())),
    })
    for (const method of UPDATE_METHODS) {
      routes.push({
        method,
        path,
        resource,
        action: 'update',
        key,
        ...writes,
        status: 200,
        handle: async (e, view) => json(await posts.update(ref(e), await bodyOf(e), view, mode())),
      })
    }
  }
  return routes
}

/**
 * The routes of a taxonomy; `query` is its list's parameters (tags take no `parent`,
 * docs/lists.md#category-and-tag-lists).
 */
function termRoutes(
  resource: CollectionOf<Taxonomy>,
  terms: Calendar['categories'],
  query: GenericSchema,
  mode: () => WriteMode,
): RouteSpec[] {
  const id = (e: H3Event) => idRef(e) as number
  const path = `/${resource}/:id`
  return [
    {
      method: 'GET',
      path: `/${resource}`,
      resource,
      action: 'list',
      query,
      status: 200,
      handle: (e, view) => listed(terms.listJson(parseQuery(e.url), view)),
    },
    {
      method: 'POST',
      path: `/${resource}`,
      resource,
      action: 'create',
      body: TermBodySchema,
      args: TERM_ARGS,
      status: 201,
      handle: async (e, view) => created(await terms.create(await bodyOf(e), view, mode())),
    },
    {
      method: 'GET',
      path,
      resource,
      action: 'read',
      key: 'id',
      status: 200,
      handle: (e, view) => jsonBody(terms.getJson(id(e), view)),
    },
    ...UPDATE_METHODS.map(
      (method): RouteSpec => ({
        method,
        path,
        resource,
        action: 'update',
        key: 'id',
        body: TermBodySchema,
        args: TERM_ARGS,
        status: 200,
        handle: async (e, view) => json(await terms.update(id(e), await bodyOf(e), view, mode())),
      }),
    ),
    {
      method: 'DELETE',
      path,
      resource,
      action: 'delete',
      key: 'id',
      status: 200,
      handle: async (e, view) => json(await terms.delete(id(e), view)),
    },
  ]
}

/** The `{id}` of a single route; the app has already refused one that is not digits (docs/errors.md). */
function idRef(event: H3Event): EventRef {
  return Number(event.context.params?.id)
}

function slugRef(event: H3Event): EventRef {
  return { slug: decodeURIComponent(event.context.params?.slug ?? '') }
}

function listed(page: ListPageJson): Response {
  return jsonBody(page.json, 200, page.headers)
}

/**
 * 201 with a new term and the `Location` TEC's term endpoints send: the term under WordPress's own REST API, as
 * `WP_REST_Terms_Controller::create_item()` makes it (the term's `_links.self`).
 */
function created(record: SingleTermResponse): Response {
  return json(record, 201, { Location: record._links.self[0].href })
}
