import * as v from 'valibot'
import { readDateInput, wallInZone } from '../../dates/zoned.js'
import { STATUSES, type Status } from '../../model/records.js'
import type { CalendarState } from '../../model/state.js'
import { illFormedReason } from '../../well-formed.js'
import { dateField, isHttpUrl, positiveIntField, textField } from '../fields.js'

/** Body fields every post kind accepts (docs/writes.md). */
export const postBodyEntries = {
  author: v.optional(positiveIntField('Author ID: an existing user; default the requesting user')),
  date: v.optional(dateField('Publication date, site time zone unless it carries an offset')),
  date_utc: v.optional(dateField('Publication date in UTC')),
  description: v.optional(textField('Description (HTML)')),
  excerpt: v.optional(textField('Excerpt')),
  slug: v.optional(textField('Slug; default from the title, made unique')),
  status: v.optional(v.pipe(textField('Post status'), v.picklist(STATUSES, `must be one of ${STATUSES.join(', ')}`))),
  image: v.optional(
    v.pipe(
      v.union([v.string(), v.number()], 'must be an image URL or media ID'),
      v.description('Featured image: an http(s) URL or a media ID'),
    ),
  ),
}

/** The parsed shared fields, before they are checked against the state. */
export type PostBody = Partial<{
  author: number
  date: string | number
  date_utc: string | number
  description: string
  excerpt: string
  slug: string
  status: Status
  image: string | number
}>

/** What resolving needs: the state, the clock (epoch ms), and a place to collect field errors. */
export interface ResolveContext {
  state: CalendarState
  now: number
  errors: Record<string, string>
}

/**
 * Checks the shared post fields against the state and turns them into stored values (docs/writes.md): `author` an
 * existing user, `date`/`date_utc` into the site zone's wall time, `image` a URL or an existing media ID.
 * Problems go into `ctx.errors` by field name.
 */
export function resolvePostFields(body: PostBody, ctx: ResolveContext): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of ['description', 'excerpt', 'slug', 'status'] as const)
    if (body[key] !== undefined) out[key] = body[key]
  if (body.author !== undefined) {
    if (ctx.state.users.get(body.author)) out.author = body.author
    else ctx.errors.author = `user ${body.author} does not exist`
  }
  Object.assign(out, resolvePublicationDate(body, ctx))
  if (body.image !== undefined) {
    const image = resolveImage(body.image, ctx)
    if (image !== undefined) out.image = image
  }
  return out
}

/**
 * `date` (site zone) and, when it is sent too, `date_utc` (UTC) as stored: WordPress keeps a `post_date_gmt` sent
 * with a `post_date` as it is sent (`wp_insert_post()`); one sent alone gives `date` in the site zone.
 */
function resolvePublicationDate(body: PostBody, ctx: ResolveContext): { date?: string; date_utc?: string } {
  const zone = ctx.state.siteTimezone
  const gmt = body.date_utc === undefined ? undefined : readDateInput(body.date_utc, 'UTC', ctx.now)
  if (body.date !== undefined) {
    const read = readDateInput(body.date, zone, ctx.now)
    if (read.problem !== undefined) ctx.errors.date = read.problem
    if (gmt?.problem !== undefined) ctx.errors.date_utc = gmt.problem
    return {
      ...(read.wall === undefined ? {} : { date: read.wall }),
      ...(gmt?.wall === undefined ? {} : { date_utc: gmt.wall }),
    }
  }
  if (gmt === undefined) return {}
  const wall = gmt.wall === undefined ? null : wallInZone(gmt.wall, 'UTC', zone)
  if (wall === null)
    ctx.errors.date_utc =
      gmt.problem ?? `${gmt.wall} UTC is outside years 0000–9999 in ${zone}, which calfile cannot store`
  return wall === null ? {} : { date: wall }
}

function resolveImage(image: string | number, ctx: ResolveContext): string | number | null | undefined {
  if (image === '' || image === 0 || image === '0') return null
  const illFormed = typeof image === 'string' ? illFormedReason(image) : undefined
  if (illFormed !== undefined) {
    ctx.errors.image = illFormed
    return undefined
  }
  if (typeof image === 'string' && isHttpUrl(image)) return image
  const id = Number(image)
  if (Number.isInteger(id) && ctx.state.media.get(id)) return id
  ctx.errors.image = `must be an http(s) URL or the ID of a media entry, got ${JSON.stringify(image)}`
  return undefined
}
