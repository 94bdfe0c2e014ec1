/**
 * The one place that says what may differ between two installs and is not a difference of behaviour:
 *
 * - the origin (`http://127.0.0.1:8089` for the TEC site, calfile's own): both become `{origin}`; a host without
 *   its port (as in TEC's `global_id`) is not touched, so a port kept where TEC drops it still shows;
 * - IDs: WordPress numbers posts and terms from its own counters (a fresh site already has posts 1–3 and term 1),
 *   so each side's IDs become `P1, P2, …` (posts: events, venues, organizers) and `T1, T2, …` (terms) in the order
 *   the records first appear in the answers to writes (a post's latest revision by its `predecessor-version` link); in
 *   texts too (URLs, query strings, `global_id`, the `post-<id>` of a WordPress post's `class_list`, a revision's
 *   slug), and in tec/v1's term ID lists (`tags`, `tribe_events_cat`);
 * - creation and modification times within a day of now (REST v1's `date`, `date_utc`, `modified`,
 *   `modified_utc`; a WordPress post's `date`, `date_gmt`, `modified`, `modified_gmt`): `{now}`;
 * - argument defaults computed from the clock when asked (the event list's `end_date`, "+24 months" to the second,
 *   in `OPTIONS` answers): cut to the minute, as the two sides answer a moment apart;
 * - e-mail addresses, which WordPress's `antispambot()` encodes with random entities: decoded;
 * - headers that carry a moment or a nonce are not compared at all (see `COMPARED_HEADERS`).
 *
 * - the site's title (WordPress's `blogname`: the index's `name`, the settings' `title`), which each install names
 *   itself (the oracle "Real TEC oracle"; calfile has none and answers WordPress's "My Site"): `{site title}`.
 *
 * And one rule of scope: WordPress's index (`/wp-json/`) lists every namespace of the site, its plugins' and
 * WordPress's own; calfile lists those it serves, so only those are compared (`inScope`).
 */

import { decodeEntities } from '../../src/core/render/entities.js'

/** The headers clients read, compared value by value. */
export const COMPARED_HEADERS = [
  'content-type',
  'x-tec-total',
  'x-tec-totalpages',
  'x-wp-total',
  'x-wp-totalpages',
  'link',
  'allow',
  'location',
  'access-control-allow-headers',
  'access-control-expose-headers',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-credentials',
  'access-control-max-age',
  'vary',
  'cache-control',
] as const

export type Space = 'post' | 'term'

/** One side's IDs by creation order. */
export class IdLabels {
  readonly #labels = { post: new Map<number, string>(), term: new Map<number, string>() }

  /**
   * Learns the IDs of the records in the answer to a write, depth first in key order. `space`: what the answer is a
   * record of, for one that `_fields` trimmed of everything that would say (`{"id":12,"title":"Jazz"}`).
   */
  learn(value: unknown, trimmed?: Space): void {
    if (Array.isArray(value)) for (const item of value) this.learn(item)
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>
      const space = spaceOf(record) ?? trimmed
      if (space && typeof record.id === 'number') this.#label(space, record.id)
      for (const [key, item] of Object.entries(record)) {
        // A post's latest revision, a post of its own, is named by its link (`predecessor-version`: `{ id, href }`).
        if (key === 'predecessor-version' && Array.isArray(item))
          for (const link of item) if (typeof link?.id === 'number') this.#label('post', link.id)
        if (key !== 'json_ld') this.learn(item)
      }
    }
  }

  #label(space: Space, id: number): string {
    const labels = this.#labels[space]
    let label = labels.get(id)
    if (!label) {
      label = `${space === 'post' ? 'P' : 'T'}${labels.size + 1}`
      labels.set(id, label)
    }
    return label
  }

  /** The label of a known ID, or the ID itself. */
  of(space: Space, id: number | string): string | number {
    return this.#labels[space].get(Number(id)) ?? id
  }

  /** Every known ID in a text (URLs, `global_id`, query strings) replaced by its label. */
  text(value: string): string {
    return value
      .replace(
        /\/(events|venues|organizers|tribe_events|tribe_venue|tribe_organizer)\/(\d+)/gu,
        (_, kind, id) => `/${kind}/${this.of('post', id)}`,
      )
      .replace(/\/revisions\/(\d+)/gu, (_, id) => `/revisions/${this.of('post', id)}`)
      .replace(/^(\d+)-revision-v1$/u, (_, id) => `${this.of('post', id)}-revision-v1`)
      .replace(/(\/media\?parent=)(\d+)/gu, (_, key, id) => `${key}${this.of('post', id)}`)
      .replace(/\/(categories|tags|tribe_events_cat)\/(\d+)/gu, (_, kind, id) => `/${kind}/${this.of('term', id)}`)
      .replace(/([?&](?:id|p|post_parent)=)(\d+)/gu, (_, key, id) => `${key}${this.of('post', id)}`)
      .replace(
        /([?&](?:venue|organizer|event|post|include|exclude)(?:%5B\d*%5D|\[\d*\])?=)([\d,]+)/gu,
        (_, key, ids) => key + this.#list(ids, /include|exclude/u.test(key) ? undefined : 'post'),
      )
      .replace(
        /([?&](?:categories|tags|tribe_events_cat|parent)(?:%5B\d*%5D|\[\d*\])?=)([\d,]+)/gu,
        (_, key, ids) => key + this.#list(ids, 'term'),
      )
  }

  #list(ids: string, space: Space | undefined): string {
    return ids
      .split(',')
      .map((id) => (space ? this.of(space, id) : this.#either(id)))
      .join(',')
  }

  #either(id: string | number): string | number {
    const post = this.of('post', id)
    return post === id ? this.of('term', id) : post
  }
}

/** TEC's post types, as a WordPress post object names its type. */
const POST_TYPES = new Set(['tribe_events', 'tribe_venue', 'tribe_organizer'])

/**
 * A term, or a post: REST v1's event, venue and organizer, or a WordPress post object (tec/v1's, with `guid`; in
 * the `embed` context, which has none, by its `type`).
 */
function spaceOf(record: Record<string, unknown>): Space | undefined {
  if ('taxonomy' in record) return 'term'
  if ('global_id' in record || 'venue' in record || 'organizer' in record || 'start_date' in record) return 'post'
  if ('guid' in record || POST_TYPES.has(record.type as string)) return 'post'
  return undefined
}

const TIME_KEYS = new Set(['date', 'date_utc', 'date_gmt', 'modified', 'modified_utc', 'modified_gmt'])
/** REST v1's `2026-12-10 19:00:00` and WordPress's `2026-12-10T19:00:00`, not TEC's `dates` (with microseconds). */
const CLOCK_TIME = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d$/u
const DATE_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/u
/** tec/v1's term ID lists of an event (`Event_Definition`: `tags`, `tribe_events_cat`). */
const TERM_ID_LISTS = new Set(['tags', 'tribe_events_cat'])
/** WordPress's `meta` of an event: TEC's linked post IDs (`_EventVenueID`, `_EventOrganizerID`). */
const POST_ID_LISTS = new Set(['_EventVenueID', '_EventOrganizerID'])
const DAY = 86_400_000

/**
 * What an answer trimmed by `_fields` is made of, by its path: terms or posts, whose `id` may then stand alone;
 * undefined for an answer not trimmed.
 *
 * @example
 * trimmedSpace('/wp-json/wp/v2/tags?_fields=id') // 'term'
 */
export function trimmedSpace(path: string): Space | undefined {
  if (!/[?&]_fields(?:=|%5B|\[)/u.test(path)) return undefined
  return /\/(?:categories|tags|tribe_events_cat)(?:[/?]|$)/u.test(path) ? 'term' : 'post'
}

/**
 * A response body with one side's install-specific values replaced (see the module comment). `trimmed`: the body was
 * cut down by `_fields` (`trimmedSpace`), so that an `id` may stand alone; it is then read as a known post's or
 * term's, of the space the path names.
 */
export function normaliseBody(
  body: unknown,
  labels: IdLabels,
  origin: string,
  trimmed?: Space,
  now = Date.now(),
): unknown {
  // `_embedded` holds other routes' answers (a post's author is a user), which `_fields` did not trim.
  const walk = (
    value: unknown,
    key: string | undefined,
    parent: Record<string, unknown> | undefined,
    embedded = false,
  ): unknown => {
    if (typeof value === 'string') {
      if (key && TIME_KEYS.has(key) && CLOCK_TIME.test(value) && isNear(value, now)) return '{now}'
      if (key === 'default' && DATE_TIME.test(value)) return value.slice(0, 16)
      // WordPress's get_post_class() names the post by ID.
      if (key === 'class_list' && /^post-\d+$/u.test(value)) return `post-${labels.of('post', value.slice(5))}`
      const text = labels.text(value.split(origin).join('{origin}'))
      return key === 'email' ? decodeEntities(text) : text
    }
    if (typeof value === 'number' && parent) {
      const space = key === 'id' ? spaceOf(parent) : undefined
      if (space) return labels.of(space, value)
      // A link to a revision (`predecessor-version`: `{ id, href }`).
      if (key === 'id' && typeof parent.href === 'string' && parent.href.includes('/revisions/'))
        return labels.of('post', value)
      if (key === 'id' && trimmed && !embedded) return labels.of(trimmed, value)
      if (key && TERM_ID_LISTS.has(key) && Array.isArray(parent[key])) return labels.of('term', value)
      if (key && POST_ID_LISTS.has(key) && Array.isArray(parent[key])) return labels.of('post', value)
      if (key === 'term_taxonomy_id' || key === 'term_id' || (key === 'parent' && 'taxonomy' in parent))
        return labels.of('term', value)
      // WordPress's `term_exists` error repeats the existing term's ID in `additional_data`.
      if (key === 'additional_data' && parent.code === 'term_exists') return labels.of('term', value)
      if (key === 'post_parent') return labels.of('post', value)
      // A revision (`WP_REST_Revisions_Controller`, its slug `<parent>-revision-v1`) and its parent post.
      if ((key === 'parent' || key === 'id') && typeof parent.slug === 'string' && parent.slug.endsWith('-revision-v1'))
        return labels.of('post', value)
      return value
    }
    if (Array.isArray(value)) return value.map((item) => walk(item, key, parent, embedded))
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>
      return Object.fromEntries(
        Object.entries(record).map(([k, v]) => [k, walk(v, k, record, embedded || k === '_embedded')]),
      )
    }
    return value
  }
  return walk(body, undefined, undefined)
}

/** The namespaces of WordPress's index calfile serves: TEC's two APIs and WordPress's own `wp/v2`. */
const SERVED_NAMESPACES = ['tribe/events/v1', 'tec/v1', 'wp/v2']
/** The routes of the index calfile serves: the index itself, TEC's two APIs, what TEC's MCP server asks of `wp/v2`. */
const SERVED_ROUTES = /^\/(?:|tribe\/events\/v1(?:\/.*)?|tec\/v1(?:\/.*)?|wp\/v2\/users\/me|wp\/v2\/settings)$/u

/**
 * The body as far as it is compared (see the module comment): WordPress's index (`GET /wp-json/`) keeps the
 * namespaces and routes calfile serves (issue 34: "serve it, for the namespaces calfile has"), and the index and
 * the settings (`/wp-json/wp/v2/settings`) show the site's title as `{site title}`; every other body is whole.
 */
export function inScope(path: string, body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body
  const record = body as Record<string, unknown>
  // A route asked for by `?rest_route=` is compared as its path under `/wp-json`.
  const asked = new URLSearchParams(path.split('?')[1] ?? '').get('rest_route')
  const route = asked ? `/wp-json${asked === '/' ? '/' : asked}` : path.split('?')[0]
  if (route === '/wp-json/wp/v2/settings' && typeof record.title === 'string')
    return { ...record, title: '{site title}' }
  if (route !== '/wp-json/') return body
  const scoped = { ...record }
  if (typeof record.name === 'string') scoped.name = '{site title}'
  if (Array.isArray(record.namespaces))
    scoped.namespaces = record.namespaces.filter((namespace) => SERVED_NAMESPACES.includes(namespace as string))
  if (record.routes && typeof record.routes === 'object')
    scoped.routes = Object.fromEntries(Object.entries(record.routes).filter(([key]) => SERVED_ROUTES.test(key)))
  return scoped
}

/** A header value with the origin and IDs replaced. */
export function normaliseHeader(value: string, labels: IdLabels, origin: string): string {
  return labels.text(value.split(origin).join('{origin}'))
}

function isNear(value: string, now: number): boolean {
  const time = Date.parse(`${value.replace(' ', 'T')}Z`)
  return Number.isFinite(time) && Math.abs(time - now) < DAY
}
