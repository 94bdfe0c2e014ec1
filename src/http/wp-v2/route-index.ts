import type { ServedPostKind, Taxonomy } from '../../core/model/kinds.js'
import { POST_TYPES } from '../../core/resources/posts/post-shape.js'
import { TERM_REST_BASES } from '../../core/resources/terms/term-links.js'
import { type ArgumentSchema, indexArgs } from '../wordpress/rest-server/argument-checks.js'
import { type IndexEndpoint, type IndexRoute, REST_ROOT } from '../wordpress/rest-server/rest-namespace.js'
import { COMMENT_ARGUMENTS, COMMENT_COLLECTION_ARGUMENTS } from './comment-routes.js'
import { CONTEXT_ARGUMENT, collectionArguments } from './posts/post-collection.js'
import { writeArguments } from './posts/post-writes.js'
import { REVISION_DELETE_ARGUMENTS, REVISION_COLLECTION_ARGUMENTS as REVISION_LIST } from './posts/revision-routes.js'
import { USER_DELETE_ARGUMENTS, USER_WRITE_ARGUMENTS } from './user-write-routes.js'

/**
 * The `wp/v2` routes of TEC's content as WordPress's index lists them (`WP_REST_Server::get_data_for_route()`),
 * for what calfile serves: TEC's three post types (venues, organizers, events, in the order TEC registers them) and
 * their revisions,
 * the types, statuses and taxonomies, the two taxonomies' terms, and a user. Each endpoint lists the methods calfile
 * serves and their arguments, from the schemas the routes check (`collectionArguments`, `writeArguments`), which
 * is what discovering clients (`wpapi`, …) read to build their calls; a collection route links itself under
 * `origin`.
 *
 * @example
 * Object.keys(wpV2ContentRoutes('http://127.0.0.1:3000')).slice(0, 2) // ['/wp/v2/tribe_venue', '/wp/v2/tribe_venue/(?P<id>[\\d]+)']
 */
export function wpV2ContentRoutes(origin: string): Record<string, IndexRoute> {
  const root = `${origin}${REST_ROOT}`
  const routes: Record<string, IndexRoute> = {}
  const add = (path: string, endpoints: IndexEndpoint[], linked: boolean) => {
    routes[path] = {
      namespace: 'wp/v2',
      methods: endpoints.flatMap((endpoint) => endpoint.methods),
      endpoints,
      ...(linked ? { _links: { self: [{ href: `${root}${path}` }] } } : {}),
    }
  }
  for (const kind of ['venue', 'organizer', 'event'] as const) {
    const base = `/wp/v2/${POST_TYPES[kind]}`
    add(base, [{ methods: ['GET'], args: indexArgs(postListArgs(kind)) }, writeEndpoint(['POST'], kind)], true)
    add(`${base}/${ID}`, postItemEndpoints(kind), false)
    const parent = { parent: REVISION_PARENT }
    add(`${base}/${PARENT}/revisions`, [{ methods: ['GET'], args: indexArgs({ ...parent, ...REVISION_LIST }) }], false)
    add(
      `${base}/${PARENT}/revisions/${ID}`,
      [
        { methods: ['GET'], args: indexArgs({ ...parent, id: REVISION_ID, ...CONTEXT_ARGUMENT }) },
        { methods: ['DELETE'], args: indexArgs({ ...parent, id: REVISION_ID, ...REVISION_DELETE_ARGUMENTS }) },
      ],
      false,
    )
  }
  for (const [path, name] of [
    ['types', 'type'],
    ['statuses', 'status'],
    ['taxonomies', 'taxonomy'],
  ] as const) {
    const list = path === 'taxonomies' ? { ...CONTEXT_ARGUMENT, type: TAXONOMY_TYPE } : CONTEXT_ARGUMENT
    add(`/wp/v2/${path}`, [{ methods: ['GET'], args: indexArgs(list) }], true)
    add(`/wp/v2/${path}/(?P<${name}>[\\w-]+)`, [{ methods: ['GET'], args: indexArgs(namedArgs(name)) }], false)
  }
  for (const taxonomy of ['tag', 'category'] as const satisfies readonly Taxonomy[]) {
    const base = `/wp/v2/${TERM_REST_BASES[taxonomy]}`
    add(base, [{ methods: ['GET'], args: indexArgs(termListArgs(taxonomy)) }, termWrite(['POST'], false)], true)
    add(`${base}/${ID}`, termItemEndpoints(), false)
  }
  add('/wp/v2/comments', [{ methods: ['GET'], args: indexArgs(COMMENT_COLLECTION_ARGUMENTS) }], true)
  add(`/wp/v2/comments/${ID}`, [{ methods: ['GET'], args: indexArgs({ id: COMMENT_ID, ...COMMENT_ARGUMENTS }) }], false)
  add(
    `/wp/v2/users/${ID}`,
    [
      { methods: ['GET'], args: indexArgs({ id: USER_ID, ...CONTEXT_ARGUMENT }) },
      { methods: ['POST', 'PUT', 'PATCH'], args: indexArgs({ id: USER_ID, ...USER_WRITE_ARGUMENTS }) },
      { methods: ['DELETE'], args: indexArgs({ id: USER_ID, ...USER_DELETE_ARGUMENTS }) },
    ],
    false,
  )
  return routes
}

/** A route's ID in WordPress's pattern, and a revision's parent. */
const ID = '(?P<id>[\\d]+)'
const PARENT = '(?P<parent>[\\d]+)'
const REVISION_PARENT: ArgumentSchema = { description: 'The ID for the parent of the revision.', type: 'integer' }
const REVISION_ID: ArgumentSchema = { description: 'Unique identifier for the revision.', type: 'integer' }

const POST_ID: ArgumentSchema = { description: 'Unique identifier for the post.', type: 'integer' }
const TERM_ID: ArgumentSchema = { description: 'Unique identifier for the term.', type: 'integer' }
const USER_ID: ArgumentSchema = { description: 'Unique identifier for the user.', type: 'integer' }
const COMMENT_ID: ArgumentSchema = { description: 'Unique identifier for the comment.', type: 'integer' }
const IDS: ArgumentSchema = { type: 'array', items: { type: 'integer' }, default: [] }
const TAXONOMY_TYPE: ArgumentSchema = {
  description: 'Limit results to taxonomies associated with a specific post type.',
  type: 'string',
}

/** A post collection's arguments, an event's terms among them as WordPress lists them. */
function postListArgs(kind: ServedPostKind): Record<string, ArgumentSchema> {
  const args = collectionArguments(kind)
  if (kind !== 'event') return args
  for (const [base, taxonomy] of [
    ['tags', 'tags'],
    ['tribe_events_cat', 'tribe_events_cat'],
  ] as const) {
    const terms = `specific terms assigned in the ${taxonomy} taxonomy.`
    args[base] = { ...IDS, description: `Limit result set to items with ${terms}` }
    args[`${base}_exclude`] = { ...IDS, description: `Limit result set to items except those with ${terms}` }
  }
  return args
}

/**
 * A post write's endpoint: its checked arguments, and the texts and meta it takes as objects, in
 * `get_item_schema()`'s order; an update's with the ID first.
 */
function writeEndpoint(methods: string[], kind: ServedPostKind, id = false): IndexEndpoint {
  const write = writeArguments(kind)
  const listed = (...names: string[]) =>
    indexArgs(Object.fromEntries(names.flatMap((name) => (write[name] ? [[name, write[name]]] : [])))) as object
  const object = (description: string) => ({ description, type: 'object', required: false })
  return {
    methods,
    args: {
      ...(id ? (indexArgs({ id: POST_ID }) as object) : {}),
      ...listed('date', 'date_gmt', 'slug', 'status', 'password'),
      title: object('The title for the post.'),
      content: object('The content for the post.'),
      ...listed('author'),
      excerpt: object('The excerpt for the post.'),
      ...listed('featured_media'),
      meta: object('Meta fields.'),
      ...listed('template', 'tags', 'tribe_events_cat'),
    },
  }
}

function postItemEndpoints(kind: ServedPostKind): IndexEndpoint[] {
  return [
    {
      methods: ['GET'],
      args: indexArgs({
        id: POST_ID,
        ...CONTEXT_ARGUMENT,
        password: { description: 'The password for the post if it is password protected.', type: 'string' },
      }),
    },
    writeEndpoint(['POST', 'PUT', 'PATCH'], kind, true),
    {
      methods: ['DELETE'],
      args: indexArgs({
        id: POST_ID,
        force: { type: 'boolean', default: false, description: 'Whether to bypass Trash and force deletion.' },
      }),
    },
  ]
}

function namedArgs(name: string): Record<string, ArgumentSchema> {
  const described = {
    type: 'An alphanumeric identifier for the post type.',
    status: 'An alphanumeric identifier for the status.',
    taxonomy: 'An alphanumeric identifier for the taxonomy.',
  }
  return { [name]: { description: described[name as keyof typeof described], type: 'string' }, ...CONTEXT_ARGUMENT }
}

/** A term collection's arguments (`WP_REST_Terms_Controller::get_collection_params()`). */
function termListArgs(taxonomy: Taxonomy): Record<string, ArgumentSchema> {
  const page = collectionArguments('venue')
  return {
    ...CONTEXT_ARGUMENT,
    page: page.page as ArgumentSchema,
    per_page: page.per_page as ArgumentSchema,
    search: page.search as ArgumentSchema,
    exclude: page.exclude as ArgumentSchema,
    include: page.include as ArgumentSchema,
    ...(taxonomy === 'tag' ? { offset: page.offset as ArgumentSchema } : {}),
    order: {
      description: 'Order sort attribute ascending or descending.',
      type: 'string',
      enum: ['asc', 'desc'],
      default: 'asc',
    },
    orderby: {
      description: 'Sort collection by term attribute.',
      type: 'string',
      enum: ['id', 'include', 'name', 'slug', 'include_slugs', 'term_group', 'description', 'count'],
      default: 'name',
    },
    hide_empty: { description: 'Whether to hide terms not assigned to any posts.', type: 'boolean', default: false },
    ...(taxonomy === 'category'
      ? { parent: { description: 'Limit result set to terms assigned to a specific parent.', type: 'integer' } }
      : {}),
    post: { description: 'Limit result set to terms assigned to a specific post.', type: 'integer', default: null },
    slug: {
      description: 'Limit result set to terms with one or more specific slugs.',
      type: 'array',
      items: { type: 'string' },
    },
  }
}

/** A term write's endpoint (`get_item_schema()`'s writable fields). */
function termWrite(methods: string[], id: boolean): IndexEndpoint {
  return {
    methods,
    args: {
      ...(indexArgs({
        ...(id ? { id: TERM_ID } : {}),
        description: { description: 'HTML description of the term.', type: 'string' },
        name: { description: 'HTML title for the term.', type: 'string' },
        slug: { description: 'An alphanumeric identifier for the term unique to its type.', type: 'string' },
      }) as object),
      meta: { description: 'Meta fields.', type: 'object', required: false },
    },
  }
}

function termItemEndpoints(): IndexEndpoint[] {
  return [
    { methods: ['GET'], args: indexArgs({ id: TERM_ID, ...CONTEXT_ARGUMENT }) },
    termWrite(['POST', 'PUT', 'PATCH'], true),
    {
      methods: ['DELETE'],
      args: indexArgs({
        id: TERM_ID,
        force: {
          type: 'boolean',
          default: false,
          description: 'Required to be true, as terms do not support trashing.',
        },
      }),
    },
  ]
}
