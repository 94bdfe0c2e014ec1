import type { H3, H3Event } from 'h3'
import type { Calendar } from '../../../core/calendar.js'
import { CalendarError, noRoute } from '../../../core/errors.js'
import { refused } from '../../../core/resources/access.js'
import { tecRules, type WordPressRelease } from '../../../core/resources/tec-versions.js'
import type { View } from '../../../core/resources/view.js'
import { parseQuery } from '../../request/params.js'
import { errorResponse, json } from '../../respond.js'
import { type ArgumentSchema, checkArguments } from '../../wordpress/rest-server/argument-checks.js'
import { REST_ROOT, type ViewOf } from '../../wordpress/rest-server/rest-namespace.js'
import { viewerCan } from '../../wordpress/users/viewer-capabilities.js'
import { WP_V2 } from '../../wordpress/wp-v2.js'
import { CONTEXT_ARGUMENT } from '../posts/post-collection.js'
import { inRelease } from './object-labels.js'
import { listedStatuses, type PostStatus, postStatus, statusQueryable } from './post-statuses.js'
import { postTypeLabels } from './post-type-labels.js'
import { postTypeCapabilities, postTypeSupports } from './post-type-traits.js'
import { isHiddenPostType, type PostType, restPostTypes } from './post-types.js'
import { isHiddenTaxonomy, type RestTaxonomy, restTaxonomies, taxonomyLabels, taxonomyTypes } from './taxonomies.js'

/**
 * WordPress's read-only routes that describe a site's content model, as WordPress 7.0.4 with TEC 6.17.2 (and 6.7.1
 * with TEC 6.10.0 under `tec_version` `"6.10"`) answers them: `GET /wp-json/wp/v2/types` and `/types/<type>`
 * (`WP_REST_Post_Types_Controller`), `/taxonomies` and `/taxonomies/<taxonomy>` (`WP_REST_Taxonomies_Controller`,
 * `?type=` for a post type's), `/statuses` and `/statuses/<status>` (`WP_REST_Post_Statuses_Controller`), each in
 * the `context` asked. As WordPress's server does: refused credentials first
 * (401), then the arguments (400), then the route's permission (401 anonymous, 403 signed in); HEAD as GET; `Allow:
 * GET` where the viewer passes the permission step (`rest_send_allow_header()`), and no `Allow` where not.
 *
 * @example
 * mountWpV2Schema(app, calendar, viewOf)
 * await app.request('/wp-json/wp/v2/types/tribe_events?context=embed')
 */
export function mountWpV2Schema(app: H3, calendar: Calendar, viewOf: ViewOf): void {
  for (const route of SCHEMA_ROUTES) {
    const handle = (event: H3Event) => answer(calendar, viewOf, event, route)
    for (const method of ['GET', 'HEAD'] as const) app.on(method, `${REST_ROOT}/${WP_V2}/${route.path}`, handle)
  }
}

type Context = 'view' | 'embed' | 'edit'

/** What a route is asked: the query as sent, the name in its path, and the release the calendar answers as. */
interface Asked {
  readonly query: Readonly<Record<string, unknown>>
  readonly name: string
  readonly release: WordPressRelease
}

/** One route: its path under `wp/v2`, its arguments, its permission callback and its answer. */
interface SchemaRoute {
  readonly path: string
  readonly args: Readonly<Record<string, ArgumentSchema>>
  /** The route's refusal, or undefined where the viewer may ask; given the query as sent, unchecked. */
  refusal(view: View, asked: Asked): CalendarError | undefined
  answer(view: View, asked: Asked, args: Checked): unknown
}

/** The arguments as checked: `context` always, `type` where a taxonomies list is asked for a post type's. */
interface Checked {
  readonly context: Context
  readonly type?: string
}

function answer(calendar: Calendar, viewOf: ViewOf, event: H3Event, route: SchemaRoute): Response {
  const view = viewOf(calendar, event)
  if (view.rejected) return errorResponse(view.rejected)
  try {
    const name = event.context.params?.name ?? ''
    // `(?P<type>[\w-]+)`: any other name matches no route.
    if (event.context.params?.name !== undefined && !/^[\w-]+$/u.test(name)) throw noRoute()
    const asked: Asked = { query: parseQuery(event.url), name, release: tecRules(calendar.state.settings).wordpress }
    // WordPress asks the permission callback for `Allow` whatever the arguments, and refuses after checking them.
    const refusal = route.refusal(view, asked)
    if (!refusal) event.context.allow = 'GET'
    const { context, type } = checkArguments(asked.query, route.args)
    if (refusal) throw refusal
    return json(route.answer(view, asked, { context: context as Context, type: type as string | undefined }))
  } catch (error) {
    if (!(error instanceof CalendarError)) throw error
    return errorResponse(error)
  }
}

const SCHEMA_ROUTES: readonly SchemaRoute[] = [
  {
    path: 'types',
    args: CONTEXT_ARGUMENT,
    // `get_items_permissions_check()`: the edit context for those who may edit posts of some type.
    refusal: (view, { query, release }) =>
      query.context === 'edit' && !editsSomeType(view, release)
        ? refused(view, 'rest_cannot_view', 'Sorry, you are not allowed to edit posts in this post type.')
        : undefined,
    // `get_items()`: in the edit context, the types the viewer may edit posts of.
    answer: (view, { release }, { context }) =>
      Object.fromEntries(
        restPostTypes(release)
          .filter((type) => context !== 'edit' || editsPostsOf(view, type))
          .map((type) => [type.slug, typeObject(type, context, view, release)]),
      ),
  },
  {
    path: 'types/:name',
    args: CONTEXT_ARGUMENT,
    // `__return_true`: the handler refuses.
    refusal: () => undefined,
    // `get_item()`: an unknown type, one kept out of the REST API, then the edit context.
    answer: (view, { name, release }, { context }) => {
      const type = restPostTypes(release).find((candidate) => candidate.slug === name)
      if (!type && isHiddenPostType(name)) throw refused(view, 'rest_cannot_read_type', 'Cannot view post type.')
      if (!type) throw new CalendarError('rest_type_invalid', 404, 'Invalid post type.')
      if (context === 'edit' && !editsPostsOf(view, type))
        throw refused(view, 'rest_forbidden_context', 'Sorry, you are not allowed to edit posts in this post type.')
      return typeObject(type, context, view, release)
    },
  },
  {
    path: 'taxonomies',
    args: { ...CONTEXT_ARGUMENT, type: { type: 'string' } },
    // `get_items_permissions_check()`: the edit context for those who may assign terms of some taxonomy asked.
    refusal: (view, { query, release }) =>
      query.context === 'edit' && !taxonomiesAsked(query.type, release).some((taxonomy) => assigns(view, taxonomy))
        ? refused(view, 'rest_cannot_view', 'Sorry, you are not allowed to manage terms in this taxonomy.')
        : undefined,
    answer: (view, { release }, { context, type }) =>
      Object.fromEntries(
        taxonomiesAsked(type, release)
          .filter((taxonomy) => context !== 'edit' || assigns(view, taxonomy))
          .map((taxonomy) => [taxonomy.slug, taxonomyObject(taxonomy, context, view, release)]),
      ),
  },
  {
    path: 'taxonomies/:name',
    args: CONTEXT_ARGUMENT,
    // `get_item_permissions_check()`: a taxonomy kept out of the REST API is refused as the server refuses (`false`).
    refusal: (view, { query, name }) => {
      if (isHiddenTaxonomy(name)) return refused(view, 'rest_forbidden', 'Sorry, you are not allowed to do that.')
      const taxonomy = restTaxonomies().find((candidate) => candidate.slug === name)
      if (taxonomy && query.context === 'edit' && !assigns(view, taxonomy))
        return refused(view, 'rest_forbidden_context', 'Sorry, you are not allowed to manage terms in this taxonomy.')
      return undefined
    },
    answer: (view, { name, release }, { context }) => {
      const taxonomy = restTaxonomies().find((candidate) => candidate.slug === name)
      if (!taxonomy) throw new CalendarError('rest_taxonomy_invalid', 404, 'Invalid taxonomy.')
      return taxonomyObject(taxonomy, context, view, release)
    },
  },
  {
    path: 'statuses',
    args: CONTEXT_ARGUMENT,
    refusal: (view, { query, release }) =>
      query.context === 'edit' && !editsSomeType(view, release)
        ? refused(view, 'rest_cannot_view', 'Sorry, you are not allowed to manage post statuses.')
        : undefined,
    // `get_items()`: the statuses the viewer may read.
    answer: (view, { release }, { context }) =>
      Object.fromEntries(
        listedStatuses()
          .filter((status) => readsStatus(view, status, release))
          .map((status) => [status.slug, statusObject(status, context, view, release)]),
      ),
  },
  {
    path: 'statuses/:name',
    args: CONTEXT_ARGUMENT,
    refusal: (view, { name, release }) => {
      const status = postStatus(name)
      if (!status) return new CalendarError('rest_status_invalid', 404, 'Invalid status.')
      return readsStatus(view, status, release)
        ? undefined
        : refused(view, 'rest_cannot_read_status', 'Cannot view status.')
    },
    answer: (view, { name, release }, { context }) =>
      statusObject(postStatus(name) as PostStatus, context, view, release),
  },
]

/** One field of a controller's schema: its name, the contexts that show it, and how to get its value. */
type Field = readonly [name: string, contexts: readonly Context[], value: () => unknown]

const EVERY_CONTEXT: readonly Context[] = ['view', 'edit', 'embed']
const VIEW_EDIT: readonly Context[] = ['view', 'edit']
const EDIT: readonly Context[] = ['edit']

/** The fields `context` shows, in the controller's order (`filter_response_by_context()`). */
function shown(fields: readonly Field[], context: Context): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const [name, contexts, value] of fields) if (contexts.includes(context)) body[name] = value()
  return body
}

/** A post type as the types route shows it (`WP_REST_Post_Types_Controller::prepare_item_for_response()`). */
function typeObject(type: PostType, context: Context, view: View, release: WordPressRelease): object {
  const labels = postTypeLabels(type.slug, type.hierarchical ?? false, release)
  const restBase = type.restBase ?? type.slug
  const body = shown(
    [
      ['capabilities', EDIT, () => postTypeCapabilities(type)],
      ['description', VIEW_EDIT, () => type.description ?? ''],
      ['hierarchical', VIEW_EDIT, () => type.hierarchical ?? false],
      ['has_archive', VIEW_EDIT, () => type.hasArchive ?? false],
      ['visibility', EDIT, () => ({ show_in_nav_menus: type.showInNavMenus, show_ui: type.showUi })],
      ['viewable', EDIT, () => type.viewable],
      ['labels', EDIT, () => labels],
      ['name', EVERY_CONTEXT, () => labels.name],
      ['slug', EVERY_CONTEXT, () => type.slug],
      ['icon', EVERY_CONTEXT, () => (type.icon === undefined ? null : inRelease(type.icon, release))],
      ['supports', EDIT, () => postTypeSupports(type, release)],
      ['taxonomies', VIEW_EDIT, () => type.taxonomies ?? []],
      ['rest_base', EVERY_CONTEXT, () => restBase],
      ['rest_namespace', EVERY_CONTEXT, () => WP_V2],
      ['template', EVERY_CONTEXT, () => type.template ?? []],
      ['template_lock', EVERY_CONTEXT, () => false],
    ],
    context,
  )
  return { ...body, _links: describedLinks(view, 'types', restBase) }
}

/** A taxonomy as the taxonomies route shows it (`WP_REST_Taxonomies_Controller::prepare_item_for_response()`). */
function taxonomyObject(taxonomy: RestTaxonomy, context: Context, view: View, release: WordPressRelease): object {
  const labels = taxonomyLabels(taxonomy, release)
  const restBase = taxonomy.restBase ?? taxonomy.slug
  const [manage, edit, remove, assign] = taxonomy.capabilities
  const body = shown(
    [
      ['name', EVERY_CONTEXT, () => labels.name],
      ['slug', EVERY_CONTEXT, () => taxonomy.slug],
      [
        'capabilities',
        EDIT,
        () => ({ manage_terms: manage, edit_terms: edit, delete_terms: remove, assign_terms: assign }),
      ],
      ['description', VIEW_EDIT, () => ''],
      ['labels', EDIT, () => labels],
      ['types', VIEW_EDIT, () => taxonomyTypes(taxonomy, release)],
      ['show_cloud', EDIT, () => taxonomy.showCloud],
      ['hierarchical', VIEW_EDIT, () => taxonomy.hierarchical],
      ['rest_base', EVERY_CONTEXT, () => restBase],
      ['rest_namespace', EVERY_CONTEXT, () => WP_V2],
      ['visibility', EDIT, () => taxonomy.visibility],
    ],
    context,
  )
  return { ...body, _links: describedLinks(view, 'taxonomies', restBase) }
}

/** A status as the statuses route shows it (`WP_REST_Post_Statuses_Controller::prepare_item_for_response()`). */
function statusObject(status: PostStatus, context: Context, view: View, release: WordPressRelease): object {
  const body = shown(
    [
      ['name', EVERY_CONTEXT, () => status.label],
      ['private', EDIT, () => status.private ?? false],
      ['protected', EDIT, () => status.protected ?? false],
      ['public', VIEW_EDIT, () => status.public ?? false],
      ['queryable', VIEW_EDIT, () => statusQueryable(status, release)],
      ['show_in_list', EDIT, () => status.showInList ?? false],
      ['slug', EVERY_CONTEXT, () => status.slug],
      ['date_floating', VIEW_EDIT, () => status.dateFloating ?? false],
    ],
    context,
  )
  // The posts of the status, at the posts route, whatever the type.
  const posts = `${view.origin}${REST_ROOT}/${WP_V2}/posts`
  return {
    ...body,
    _links: { archives: [{ href: status.slug === 'publish' ? posts : `${posts}?status=${status.slug}` }] },
  }
}

/** `_links` of a post type or taxonomy: the route that lists them, and where its items are served. */
function describedLinks(view: View, collection: string, restBase: string): object {
  const root = `${view.origin}${REST_ROOT}/${WP_V2}`
  return {
    collection: [{ href: `${root}/${collection}` }],
    'wp:items': [{ href: `${root}/${restBase}` }],
    curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
  }
}

/** The taxonomies a list asks for: a post type's where `type` names one (`get_object_taxonomies()`), else all. */
function taxonomiesAsked(type: unknown, release: WordPressRelease): readonly RestTaxonomy[] {
  // PHP's `empty()`: no type, `""` and `"0"` ask for every taxonomy.
  if (type === undefined || type === '' || type === '0') return restTaxonomies()
  return restTaxonomies().filter((taxonomy) => taxonomyTypes(taxonomy, release).includes(String(type)))
}

/** `current_user_can( $type->cap->edit_posts )`. */
function editsPostsOf(view: View, type: PostType): boolean {
  return viewerCan(view, postTypeCapabilities(type).edit_posts as string)
}

/** Whether the viewer may edit posts of any type shown in the REST API. */
function editsSomeType(view: View, release: WordPressRelease): boolean {
  return restPostTypes(release).some((type) => editsPostsOf(view, type))
}

/** `current_user_can( $taxonomy->cap->assign_terms )`. */
function assigns(view: View, taxonomy: RestTaxonomy): boolean {
  return viewerCan(view, taxonomy.capabilities[3])
}

/**
 * `check_read_permission()`: a public status is for everyone; one not internal, and `trash`, for those who may
 * edit posts of some type; the other internal ones for nobody.
 */
function readsStatus(view: View, status: PostStatus, release: WordPressRelease): boolean {
  if (status.public) return true
  return (!status.internal || status.slug === 'trash') && editsSomeType(view, release)
}
