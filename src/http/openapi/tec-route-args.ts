import { addToWall, instantToWall } from '../../core/dates/zoned.js'
import type { CollectionName } from '../../core/model/kinds.js'
import type { Settings } from '../../core/model/records.js'
import type { DescribedRoute } from './describe.js'
import type { ArgPlace } from './route-args-doc.js'

/**
 * The arguments of TEC's routes as TEC declares them (`READ_args()`, `CREATE_args()`, `EDIT_args()`,
 * `DELETE_args()` of `Tribe__Events__REST__V1__Endpoints__*`), in TEC's English and TEC's order (of the arguments,
 * and of the keys of each): what `OPTIONS` on a route and the namespace index list (`WP_REST_Server::
 * get_data_for_route()` lists the registered arguments only). TEC 6.10.0 and 6.17.2 declare the same. They are data
 * describing the interface; calfile's own wording of the same parameters, and the parameters only calfile takes
 * (a venue's `geo_lat`, the event list's `geoloc_radius`), are in its request schemas and its OpenAPI document
 * (`/doc`). Where a declaration is TEC's own slip (a venue list's `status` "The organizer post status"), it is kept:
 * clients read these texts as TEC sends them.
 */

/** What a default computed at the time of asking reads. */
export interface DefaultContext {
  settings: Settings
  /** The clock, epoch ms. */
  now: number
  /** The namespace the request came in under (`tribe/events/v1` or calfile's). */
  namespace: string
}

/** One argument as TEC declares it, its keys in TEC's order; a key left out is left out of the answer too. */
export interface TecArgDoc {
  description?: string
  type?: string
  format?: string
  items?: { type: 'integer' }
  /** A fixed default (`null` included: TEC declares `'default' => null` for many write fields). */
  default?: unknown
  /** A default computed when asked, from the settings and the clock; listed as `default`, where it stands. */
  defaultOf?: (context: DefaultContext) => unknown
  /**
   * Listed though calfile's schemas have no such argument: calfile takes it and ignores it, as TEC does for a post
   * without a password (an event's `password`; no calfile post has one).
   */
  ignored?: true
}

/** TEC's declarations of one post or term resource: its list, its writes, and its single routes' `READ_args()`. */
export interface TecResourceArgs {
  list: Readonly<Record<string, TecArgDoc>>
  /** The create and update fields; which are required comes from calfile's schemas, as they agree with TEC's. */
  write: Readonly<Record<string, TecArgDoc>>
  /** The arguments of a single route's read and delete, by the key of its path. */
  single: Readonly<{ id: Readonly<Record<string, TecArgDoc>>; slug?: Readonly<Record<string, TecArgDoc>> }>
}

const INTEGER_ITEMS = { items: { type: 'integer' } } as const
/** The `Single_*` endpoints declare the type first. */
const string = (description: string): TecArgDoc => ({ type: 'string', description })
const integer = (description: string): TecArgDoc => ({ type: 'integer', description })
const boolean = (description: string): TecArgDoc => ({ type: 'boolean', description })
/** A write field TEC declares with `'default' => null`. */
const nullString = (description: string): TecArgDoc => ({ type: 'string', default: null, description })
/** The `Archive_*` endpoints declare the description first. */
const listString = (description: string): TecArgDoc => ({ description, type: 'string' })
const listInteger = (description: string): TecArgDoc => ({ description, type: 'integer' })

/** `page` and `per_page` of every list: `per_page` defaults to WordPress's `posts_per_page` option, a text. */
function pageArgs(items: string): Record<string, TecArgDoc> {
  return {
    page: { default: 1, description: 'The archive page to return', type: 'integer' },
    per_page: {
      defaultOf: ({ settings }) => String(settings.per_page),
      description: `The number of ${items} to return on each page`,
      type: 'integer',
    },
  }
}

/**
 * `start_date`'s default: `Tribe__Timezones::localize_date()` of "yesterday 23:59" read in UTC (PHP's zone under
 * WordPress), shown in the site zone.
 */
function yesterdayEnd({ settings, now }: DefaultContext): string {
  const day = 86_400_000
  return instantToWall(Math.floor(now / day) * day - 60_000, settings.timezone)
}

/** `end_date`'s default: `date()` of "+24 months", in UTC. */
function twoYearsOn({ now }: DefaultContext): string {
  return addToWall(instantToWall(now, 'UTC'), 24, 'month')
}

/**
 * `Archive_Event::READ_args()`, `Single_Event::CREATE_args()` (`EDIT_args()` makes every field optional) and
 * `Single_Event::READ_args()`, whose `password` the update and delete routes declare too.
 */
const EVENTS: TecResourceArgs = {
  list: {
    ...pageArgs('events'),
    start_date: { defaultOf: yesterdayEnd, description: 'Events that start on the specified date' },
    end_date: { defaultOf: twoYearsOn, description: 'Events that end on the specified date' },
    starts_before: { description: 'Events that start before the specified date' },
    starts_after: { description: 'Events that start after the specified date' },
    ends_before: { description: 'Events that end before the specified date' },
    ends_after: { description: 'Events that end after the specified date' },
    strict_dates: {
      default: 'false',
      description:
        'Dates set using the start_date/end_date, starts_*/ends_* are set to start at the specified times. The default behavior is to include the entire days.',
    },
    search: listString('Events should contain the specified string in the title or description'),
    categories: {
      description: 'Events should be assigned one of the specified categories slugs or IDs',
      ...INTEGER_ITEMS,
    },
    tags: { description: 'Events should be assigned one of the specified tags slugs or IDs', ...INTEGER_ITEMS },
    venue: { description: 'Events should be assigned one of the specified venue IDs', ...INTEGER_ITEMS },
    organizer: { description: 'Events should be assigned one of the specified organizer IDs', ...INTEGER_ITEMS },
    featured: boolean('Events should be filtered by their featured status'),
    status: { format: 'string', description: 'The event post status' },
    geoloc: boolean(
      'Requires Events Calendar Pro. Events should be filtered by whether their venue has geolocation data',
    ),
    geoloc_lat: {
      format: 'double',
      description:
        'Requires Events Calendar Pro. Events should be filtered by their venue latitude location, must also provide geoloc_lng',
    },
    geoloc_lng: {
      format: 'double',
      description:
        'Requires Events Calendar Pro. Events should be filtered by their venue longitude location, must also provide geoloc_lat',
    },
    include: {
      description:
        'Include events with one of the post IDs specified in the array of CSV list, date filters will be ignored.',
      ...INTEGER_ITEMS,
    },
    post_parent: integer('Events should be filtered by their post_parent being the specified one.'),
    ticketed: boolean('Filter events with or without tickets.'),
  },
  write: {
    author: integer('The event author ID'),
    date: string('The event publication date'),
    date_utc: string('The event publication date (UTC time zone)'),
    title: string('The event title'),
    description: string('The event description'),
    slug: string('The event slug'),
    excerpt: string('The event excerpt'),
    status: string('The event post status'),
    timezone: string('The event time zone'),
    all_day: { default: false, type: 'boolean', description: 'Whether the event lasts the whole day or not' },
    start_date: string('The event start date and time'),
    end_date: string('The event end date and time'),
    image: string('The event featured image ID or URL'),
    cost: { description: 'The event cost' },
    website: { default: null, description: 'The event website URL' },
    show_map: boolean('Whether the event should show a map or not'),
    show_map_link: boolean('Whether the event should show a map link or not'),
    hide_from_listings: boolean('Whether events should be hidden in the calendar view or not'),
    sticky: boolean('Whether the event should be sticky in the calendar view or not'),
    featured: boolean('Whether the event should be featured on the site or not'),
    categories: { default: null, ...INTEGER_ITEMS, description: 'The event category ID or name' },
    tags: { default: null, ...INTEGER_ITEMS, description: 'The event tag ID or name' },
    venue: { default: null, ...INTEGER_ITEMS, description: 'The event venue IDs or data' },
    organizer: { default: null, ...INTEGER_ITEMS, description: 'The event organizer IDs or data' },
  },
  single: {
    id: { id: integer('the event post ID'), password: { ...string('The event password'), ignored: true } },
    slug: { slug: string('the event post name') },
  },
}

/** `Archive_Venue::READ_args()` and `Archive_Organizer::READ_args()`: the same texts, each with its kind. */
function linkedList(items: 'Venues' | 'Organizers'): Record<string, TecArgDoc> {
  return {
    ...pageArgs(items.toLowerCase()),
    search: listString(`${items} should contain the specified string in the title, description or custom fields`),
    event: listInteger(`${items} should be related to this event`),
    has_events: { description: `${items} should have events associated to them` },
    only_with_upcoming: { description: `${items} should have upcoming events associated to them`, default: false },
    // Both of TEC's linked-post lists say "organizer" here.
    status: { format: 'string', description: 'The organizer post status' },
  }
}

/** `Single_Venue::CREATE_args()`. */
const VENUES: TecResourceArgs = {
  list: linkedList('Venues'),
  write: {
    author: integer('The venue author ID'),
    date: string('The venue publication date'),
    date_utc: string('The venue publication date (UTC time zone)'),
    venue: string('The venue name'),
    description: nullString('The venue description'),
    status: string('The venue post status'),
    show_map: nullString('Whether events linked to the venue should show a map or not'),
    show_map_link: nullString('Whether events linked to the venue should show a map link or not'),
    address: nullString('The venue address'),
    city: nullString('The venue city'),
    country: nullString('The venue country'),
    province: nullString('The venue province'),
    state: nullString('The venue state'),
    zip: nullString('The venue ZIP code'),
    phone: nullString('The venue phone number'),
    stateprovince: nullString('The venue state and province'),
    website: nullString('The venue website URL'),
    image: nullString('The organizer featured image ID or URL'),
  },
  single: { id: { id: integer('the venue post ID') }, slug: { slug: string('the venue post name') } },
}

/** `Single_Organizer::CREATE_args()`: every field declares `'default' => null`. */
const ORGANIZERS: TecResourceArgs = {
  list: linkedList('Organizers'),
  write: {
    author: { type: 'integer', default: null, description: 'The organizer author ID' },
    date: nullString('The organizer publication date'),
    date_utc: nullString('The organizer publication date (UTC time zone)'),
    organizer: nullString('The organizer name'),
    description: nullString('The organizer description'),
    status: nullString('The organizer post status'),
    phone: nullString('The organizer phone number'),
    website: nullString('The organizer website'),
    email: nullString('The organizer e-mail address'),
    image: nullString('The organizer featured image ID or URL'),
  },
  single: { id: { id: integer('the organizer post ID') }, slug: { slug: string('the organizer post name') } },
}

/** `Term_Archive_Base::READ_args()` and `Term_Single_Base::CREATE_args()`, for `event category` or `event tag`. */
function terms(term: 'event category' | 'event tag', items: string): TecResourceArgs {
  const hierarchical = term === 'event category'
  return {
    list: {
      ...pageArgs(items),
      search: listString('Limit results to those matching a string'),
      exclude: { description: 'Ensure result set exclude specific IDs', ...INTEGER_ITEMS },
      include: { description: 'Limit result set to specific IDs', ...INTEGER_ITEMS },
      order: listString('Order sort attribute ascending or descending'),
      orderby: listString('Sort collection by term attribute'),
      hide_empty: { description: 'Whether to hide terms not assigned to any posts', type: 'boolean', default: '1' },
      ...(hierarchical ? { parent: listInteger('Limit result set to terms assigned to a specific parent') } : {}),
      post: listInteger('Limit result set to terms assigned to a specific post'),
      event: listInteger('Limit result set to terms assigned to a specific event (an alias of the "post" parameter)'),
      slug: listString('Limit result set to terms with a specific slug'),
    },
    write: {
      name: string(`The ${term} name`),
      description: string(`The ${term} description`),
      slug: string(`The ${term} slug`),
      // TEC describes a category's parent as its slug.
      ...(hierarchical ? { parent: integer(`The ${term} slug`) } : {}),
    },
    single: { id: { id: integer(`the ${term} term ID`) } },
  }
}

/** TEC's declarations of each resource's routes. */
export const TEC_ROUTE_ARGS: Readonly<Record<CollectionName, TecResourceArgs>> = {
  events: EVENTS,
  venues: VENUES,
  organizers: ORGANIZERS,
  categories: terms('event category', 'event categories'),
  tags: terms('event tag', 'event tags'),
}

/** The namespace index's own route, as WordPress registers it (`WP_REST_Server::register_route()` for a namespace). */
export const TEC_INDEX_ARGS: Readonly<Record<string, TecArgDoc>> = {
  namespace: { defaultOf: ({ namespace }) => namespace },
  context: { default: 'view' },
}

/** One argument TEC declares for a route, and where calfile's schemas take it. */
export interface TecRouteArg {
  doc: TecArgDoc
  in: ArgPlace
}

/**
 * The arguments TEC registers for a route, in its order: a list's and a create's own; a single route's
 * `READ_args()` for its read and delete; for its update, `EDIT_args()`'s `array_merge()` of those and the write
 * fields, where a write field of the key's name (an event's `slug`) replaces the key's declaration in its place.
 */
export function tecRouteArgs(route: DescribedRoute): Map<string, TecRouteArg> {
  const args = new Map<string, TecRouteArg>()
  const add = (docs: Readonly<Record<string, TecArgDoc>>, place: ArgPlace) => {
    for (const [name, doc] of Object.entries(docs)) args.set(name, { doc, in: place })
  }
  if (route.action === 'index') add(TEC_INDEX_ARGS, 'query')
  const tec = route.resource ? TEC_ROUTE_ARGS[route.resource] : undefined
  if (!tec) return args
  if (route.action === 'list') add(tec.list, 'query')
  if (route.key) add(tec.single[route.key] ?? {}, 'path')
  if (route.action === 'create' || route.action === 'update') add(tec.write, 'body')
  return args
}
