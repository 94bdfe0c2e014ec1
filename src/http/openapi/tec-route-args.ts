import { addToWall, instantToWall } from '../../core/dates/zoned.js'
import type { CollectionName } from '../../core/model/kinds.js'
import type { Settings } from '../../core/model/records.js'

/**
 * The arguments of TEC's routes as TEC declares them (`READ_args()`, `CREATE_args()`, `EDIT_args()`,
 * `DELETE_args()` of `Tribe__Events__REST__V1__Endpoints__*`), in TEC's English: what `OPTIONS` on a route and
 * the namespace index show for each argument calfile shares with TEC (`WP_REST_Server::get_data_for_route()`).
 * They are data describing the interface, one table per route; calfile's own wording of the same parameters, and
 * the parameters only calfile takes, are in its request schemas and its OpenAPI document (`/doc`). Where a
 * declaration is TEC's own slip (a venue list's `status` "The organizer post status"), it is kept: clients read
 * these texts as TEC sends them.
 */

/** What a default computed at the time of asking reads. */
export interface DefaultContext {
  settings: Settings
  /** The clock, epoch ms. */
  now: number
  /** The namespace the request came in under (`tribe/events/v1` or calfile's). */
  namespace: string
}

/** One argument as TEC declares it; a key left out is left out of the answer too. */
export interface TecArgDoc {
  description?: string
  type?: string
  format?: string
  items?: { type: 'integer' }
  /** A fixed default (`null` included: TEC declares `'default' => null` for many write fields). */
  default?: unknown
  /** A default computed when asked, from the settings and the clock. */
  defaultOf?: (context: DefaultContext) => unknown
}

/** TEC's declarations of one post or term resource: its list, its writes, and the key of its single routes. */
export interface TecResourceArgs {
  list: Readonly<Record<string, TecArgDoc>>
  /** The create and update fields; which are required comes from calfile's schemas, as they agree with TEC's. */
  write: Readonly<Record<string, TecArgDoc>>
  key: Readonly<{ id: TecArgDoc; slug?: TecArgDoc }>
}

const INTEGER_ITEMS = { items: { type: 'integer' } } as const
const string = (description: string): TecArgDoc => ({ description, type: 'string' })
const integer = (description: string): TecArgDoc => ({ description, type: 'integer' })
const boolean = (description: string): TecArgDoc => ({ description, type: 'boolean' })
/** A write field TEC declares with `'default' => null`. */
const nullString = (description: string): TecArgDoc => ({ description, type: 'string', default: null })

/** `page` and `per_page` of every list: `per_page` defaults to WordPress's `posts_per_page` option, a text. */
function pageArgs(items: string): Record<string, TecArgDoc> {
  return {
    page: { description: 'The archive page to return', type: 'integer', default: 1 },
    per_page: {
      description: `The number of ${items} to return on each page`,
      type: 'integer',
      defaultOf: ({ settings }) => String(settings.per_page),
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

/** `Archive_Event::READ_args()` and `Single_Event::CREATE_args()` (`EDIT_args()` makes every field optional). */
const EVENTS: TecResourceArgs = {
  list: {
    ...pageArgs('events'),
    start_date: { description: 'Events that start on the specified date', defaultOf: yesterdayEnd },
    end_date: { description: 'Events that end on the specified date', defaultOf: twoYearsOn },
    starts_before: { description: 'Events that start before the specified date' },
    starts_after: { description: 'Events that start after the specified date' },
    ends_before: { description: 'Events that end before the specified date' },
    ends_after: { description: 'Events that end after the specified date' },
    strict_dates: {
      description:
        'Dates set using the start_date/end_date, starts_*/ends_* are set to start at the specified times. The default behavior is to include the entire days.',
      default: 'false',
    },
    search: string('Events should contain the specified string in the title or description'),
    categories: {
      description: 'Events should be assigned one of the specified categories slugs or IDs',
      ...INTEGER_ITEMS,
    },
    tags: { description: 'Events should be assigned one of the specified tags slugs or IDs', ...INTEGER_ITEMS },
    venue: { description: 'Events should be assigned one of the specified venue IDs', ...INTEGER_ITEMS },
    organizer: { description: 'Events should be assigned one of the specified organizer IDs', ...INTEGER_ITEMS },
    featured: boolean('Events should be filtered by their featured status'),
    status: { description: 'The event post status', format: 'string' },
    geoloc: boolean(
      'Requires Events Calendar Pro. Events should be filtered by whether their venue has geolocation data',
    ),
    geoloc_lat: {
      description:
        'Requires Events Calendar Pro. Events should be filtered by their venue latitude location, must also provide geoloc_lng',
      format: 'double',
    },
    geoloc_lng: {
      description:
        'Requires Events Calendar Pro. Events should be filtered by their venue longitude location, must also provide geoloc_lat',
      format: 'double',
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
    all_day: { description: 'Whether the event lasts the whole day or not', type: 'boolean', default: false },
    start_date: string('The event start date and time'),
    end_date: string('The event end date and time'),
    image: string('The event featured image ID or URL'),
    cost: { description: 'The event cost' },
    website: { description: 'The event website URL', default: null },
    show_map: boolean('Whether the event should show a map or not'),
    show_map_link: boolean('Whether the event should show a map link or not'),
    hide_from_listings: boolean('Whether events should be hidden in the calendar view or not'),
    sticky: boolean('Whether the event should be sticky in the calendar view or not'),
    featured: boolean('Whether the event should be featured on the site or not'),
    categories: { description: 'The event category ID or name', default: null, ...INTEGER_ITEMS },
    tags: { description: 'The event tag ID or name', default: null, ...INTEGER_ITEMS },
    venue: { description: 'The event venue IDs or data', default: null, ...INTEGER_ITEMS },
    organizer: { description: 'The event organizer IDs or data', default: null, ...INTEGER_ITEMS },
  },
  key: { id: integer('the event post ID'), slug: string('the event post name') },
}

/** `Archive_Venue::READ_args()` and `Archive_Organizer::READ_args()`: the same texts, each with its kind. */
function linkedList(items: 'Venues' | 'Organizers'): Record<string, TecArgDoc> {
  return {
    ...pageArgs(items.toLowerCase()),
    search: string(`${items} should contain the specified string in the title, description or custom fields`),
    event: integer(`${items} should be related to this event`),
    has_events: { description: `${items} should have events associated to them` },
    only_with_upcoming: { description: `${items} should have upcoming events associated to them`, default: false },
    // Both of TEC's linked-post lists say "organizer" here.
    status: { description: 'The organizer post status', format: 'string' },
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
  key: { id: integer('the venue post ID'), slug: string('the venue post name') },
}

/** `Single_Organizer::CREATE_args()`: every field declares `'default' => null`. */
const ORGANIZERS: TecResourceArgs = {
  list: linkedList('Organizers'),
  write: {
    author: { ...integer('The organizer author ID'), default: null },
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
  key: { id: integer('the organizer post ID'), slug: string('the organizer post name') },
}

/** `Term_Archive_Base::READ_args()` and `Term_Single_Base::CREATE_args()`, for `event category` or `event tag`. */
function terms(term: 'event category' | 'event tag', items: string): TecResourceArgs {
  const hierarchical = term === 'event category'
  return {
    list: {
      ...pageArgs(items),
      search: string('Limit results to those matching a string'),
      exclude: { description: 'Ensure result set exclude specific IDs', ...INTEGER_ITEMS },
      include: { description: 'Limit result set to specific IDs', ...INTEGER_ITEMS },
      order: string('Order sort attribute ascending or descending'),
      orderby: string('Sort collection by term attribute'),
      hide_empty: { description: 'Whether to hide terms not assigned to any posts', type: 'boolean', default: '1' },
      ...(hierarchical ? { parent: integer('Limit result set to terms assigned to a specific parent') } : {}),
      post: integer('Limit result set to terms assigned to a specific post'),
      event: integer('Limit result set to terms assigned to a specific event (an alias of the "post" parameter)'),
      slug: string('Limit result set to terms with a specific slug'),
    },
    write: {
      name: string(`The ${term} name`),
      description: string(`The ${term} description`),
      slug: string(`The ${term} slug`),
      // TEC describes a category's parent as its slug.
      ...(hierarchical ? { parent: integer(`The ${term} slug`) } : {}),
    },
    key: { id: integer(`the ${term} term ID`) },
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
