import type { H3Event } from 'h3'
import { type CalendarError, missingParams } from '../../../core/errors.js'
import { type ServedPostKind, TITLE_KEY_OF } from '../../../core/model/kinds.js'
import { refused } from '../../../core/resources/access.js'
import type { View } from '../../../core/resources/view.js'
import { parseQuery } from '../../request/params.js'
import { bodyOf } from '../../request/request-body.js'
import { type ArgumentSchema, checkArguments } from '../../wordpress/rest-server/argument-checks.js'
import { TEC_STATUSES } from './post-collection.js'
import { checkMeta, metaFields } from './post-meta.js'

/**
 * A `wp/v2` post write's parameters read as WordPress's posts controller reads them
 * (`WP_REST_Posts_Controller::prepare_item_for_database()`), turned into the fields of the record REST v1 writes:
 * `title` (a text or `{ raw }`) is an event's `title`, a venue's `venue`, an organizer's `organizer`; `content` its
 * `description`; `excerpt`, `slug`, `status`, `date`, `date_gmt` (as `date_utc`), `author`, `featured_media` (as
 * `image`), an event's `tags` and `tribe_events_cat` (as `categories`); and `meta` as TEC registers it
 * (`metaFields`). The parameters are the query's, then the body's over them (`WP_REST_Request::get_params()`).
 */

/**
 * The statuses a post write may set (`get_item_schema()`'s `status`: those `get_post_stati()` does not mark
 * internal), TEC's own among them.
 */
const WRITE_STATUSES = ['publish', 'future', 'draft', 'pending', 'private', ...TEC_STATUSES] as const

const IDS: ArgumentSchema = { type: 'array', items: { type: 'integer' } }

/** The arguments of a post write WordPress checks by their schema, in `get_item_schema()`'s order. */
export function writeArguments(kind: ServedPostKind): Record<string, ArgumentSchema> {
  return {
    date: { description: "The date the post was published, in the site's timezone.", type: 'string' },
    date_gmt: { description: 'The date the post was published, as GMT.', type: 'string' },
    slug: { description: 'An alphanumeric identifier for the post unique to its type.', type: 'string' },
    status: { description: 'A named status for the post.', type: 'string', enum: WRITE_STATUSES },
    password: { description: 'A password to protect access to the content and excerpt.', type: 'string' },
    author: { description: 'The ID for the author of the post.', type: 'integer' },
    featured_media: { description: 'The ID of the featured media for the post.', type: 'integer' },
    template: { description: 'The theme file to use to display the post.', type: 'string' },
    ...(kind === 'event'
      ? {
          tags: { ...IDS, description: 'The terms assigned to the post in the post_tag taxonomy.' },
          tribe_events_cat: { ...IDS, description: 'The terms assigned to the post in the tribe_events_cat taxonomy.' },
        }
      : {}),
  }
}

/** What a write was sent: the record's fields, and the failure of its meta, answered once the post is written. */
export interface PostWrite {
  fields: Record<string, unknown>
  /** 400 `rest_invalid_type` for meta values of the wrong type (`checkMeta`); the others are written all the same. */
  metaError?: CalendarError
}

/**
 * The record fields a `wp/v2` create or update sends, read from the request.
 *
 * @example
 * await readPostWrite(event, 'event', true)
 * // { fields: { title: 'Jazz', status: 'draft', start_date: '2027-01-10 10:00:00', … } }
 * @throws CalendarError 400 `rest_invalid_param` (an argument of the wrong type).
 */
export async function readPostWrite(event: H3Event, kind: ServedPostKind, creating: boolean): Promise<PostWrite> {
  const body = await bodyOf(event)
  const params: Record<string, unknown> = {
    ...parseQuery(event.url),
    ...(typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {}),
  }
  const args = checkArguments(params, writeArguments(kind))
  const fields: Record<string, unknown> = {}
  const title = rawText(params.title)
  if (title !== undefined) fields[TITLE_KEY_OF[kind]] = title
  else if (creating) fields[TITLE_KEY_OF[kind]] = ''
  const content = rawText(params.content)
  if (content !== undefined) fields.description = content
  const excerpt = rawText(params.excerpt)
  if (excerpt !== undefined) fields.excerpt = excerpt
  for (const [from, to] of [
    ['slug', 'slug'],
    ['date', 'date'],
    ['date_gmt', 'date_utc'],
    ['author', 'author'],
    ['featured_media', 'image'],
    ['tags', 'tags'],
    ['tribe_events_cat', 'categories'],
  ] as const)
    if (args[from] !== undefined) fields[to] = args[from]
  // A new post is a draft unless it is sent a status (`get_item_schema()`'s default).
  fields.status = args.status ?? (creating ? 'draft' : undefined)
  if (fields.status === undefined) delete fields.status
  if (fields.image === 0) fields.image = null
  const meta = checkMeta(params.meta)
  Object.assign(fields, metaFields(kind, meta.values))
  // A venue made here has its map flags off (no meta yet), where REST v1's create turns them on.
  if (kind === 'venue' && creating) fields.show_map = (fields.show_map ?? false) as boolean
  if (kind === 'venue' && creating) fields.show_map_link = (fields.show_map_link ?? false) as boolean
  return meta.error ? { fields, metaError: meta.error } : { fields }
}

/**
 * Refuses an event create without both its dates, which calfile cannot keep (a TEC site keeps an event with none,
 * which REST v1 then shows with `start_date` null; docs/wordpress.md#wpv2-writes).
 *
 * @example
 * assertEventDates('event', { title: 'U' }) // throws 400 rest_missing_callback_param meta._EventStartDate, meta._EventEndDate
 * @throws CalendarError 400 `rest_missing_callback_param`.
 */
export function assertEventDates(kind: ServedPostKind, fields: Readonly<Record<string, unknown>>): void {
  if (kind !== 'event') return
  const missing = (['start_date', 'end_date'] as const).filter((key) => fields[key] === undefined)
  if (missing.length > 0) throw missingParams(missing.map((key) => `meta.${DATE_KEYS[key]}`))
}

/** The meta keys of an event's dates. */
const DATE_KEYS = { start_date: '_EventStartDate', end_date: '_EventEndDate' } as const

/** A text field as WordPress reads it: a text, or an object's `raw` text (`prepare_item_for_database()`). */
function rawText(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'object' && value !== null && typeof (value as { raw?: unknown }).raw === 'string')
    return (value as { raw: string }).raw
  return undefined
}

/** The refusals of the posts controller's permission checks (`create_item_permissions_check()`, …), by action. */
export const POST_REFUSALS = {
  create: ['rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.'],
  edit: ['rest_cannot_edit', 'Sorry, you are not allowed to edit this post.'],
  delete: ['rest_cannot_delete', 'Sorry, you are not allowed to delete this post.'],
  publish: ['rest_cannot_publish', 'Sorry, you are not allowed to publish posts in this post type.'],
} as const

/**
 * A refused permission in the posts controller's words for `action`: 401 to nobody, 403 to a user who may not
 * (`rest_authorization_required_code()`).
 *
 * @example
 * throw refusedPost(view, 'create') // 401 rest_cannot_create "Sorry, you are not allowed to create posts as this user."
 */
export function refusedPost(view: View, action: keyof typeof POST_REFUSALS): CalendarError {
  const [code, message] = POST_REFUSALS[action]
  return refused(view, code, message)
}
