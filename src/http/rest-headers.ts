import { canManageTerms, canWrite } from '../core/resources/access.js'
import type { View } from '../core/resources/view.js'
import { REST_ALLOW_HEADERS, REST_EXPOSE_HEADERS } from './cors.js'
import type { DescribedRoute } from './openapi/describe.js'

/**
 * The headers WordPress's REST server puts on the answers of its routes, whatever the route and status
 * (`WP_REST_Server::serve_request()`, `rest_send_allow_header()`, `wp_get_nocache_headers()`): clients written for
 * a TEC site find the API root by the `Link` header and read the methods they may use from `Allow`.
 */

/** `Cache-Control` and `Expires` of `wp_get_nocache_headers()`, sent when the request is signed in. */
const NO_CACHE = {
  'cache-control': 'no-cache, must-revalidate, max-age=0, no-store, private',
  expires: 'Wed, 11 Jan 1984 05:00:00 GMT',
} as const

/** What the headers of one answer depend on. */
export interface RestAnswer {
  /** The site the request came in on, without a trailing slash (`http://127.0.0.1:3000`). */
  site: string
  /** `Allow`: the methods the requester may use on the matched route (`allowHeader`); undefined when none. */
  allow?: string
  /** True when the request carries credentials that were accepted (or the calendar is in open mode). */
  signedIn: boolean
  /** True for a `GET` without an `Origin` header. */
  plainGet: boolean
}

/**
 * The headers of the few sites and routes a server answers for, made once: every answer carries them. Kept by site,
 * then by `Allow`, then in four slots for `signedIn` and `plainGet`, so that finding them builds no key: the site
 * and `Allow` strings of one route come back as the same strings request after request (`viewUrls`,
 * `allowHeader`), whose hashes V8 keeps. At most `SITES` sites, all dropped at once when full, as `RecentResults`
 * drops its results.
 */
const made = new Map<string, Map<string | undefined, Array<Readonly<Record<string, string>>>>>()
const SITES = 64

/**
 * WordPress's REST headers of an answer, lower-cased: `Link` to the API root (`<site>/wp-json/>`, rel
 * `https://api.w.org/`), the CORS header lists WordPress always sends, `Allow` when a route matched and the
 * credentials were not refused, the no-cache headers when signed in, and `Vary: Origin` on a plain `GET` of a
 * reader not signed in, which a cache may keep for every origin (`rest_send_cors_headers()`; `withCors` adds it
 * when there is an `Origin`). The record is shared: copy it, never write into it.
 *
 * @example
 * restHeaders({ site: 'http://127.0.0.1:3000', allow: 'GET', signedIn: false, plainGet: true })
 * // { link: '<http://127.0.0.1:3000/wp-json/>; rel="https://api.w.org/"', 'access-control-expose-headers': …,
 * //   'access-control-allow-headers': …, allow: 'GET', vary: 'Origin' }
 */
export function restHeaders(answer: RestAnswer): Readonly<Record<string, string>> {
  const { site, allow, signedIn, plainGet } = answer
  let bySite = made.get(site)
  if (!bySite) {
    if (made.size >= SITES) made.clear()
    bySite = new Map()
    made.set(site, bySite)
  }
  // No `Allow` (no route, refused credentials) and an empty one are different answers.
  let slots = bySite.get(allow)
  if (!slots) {
    slots = []
    bySite.set(allow, slots)
  }
  const slot = (signedIn ? 2 : 0) + (plainGet ? 1 : 0)
  let headers = slots[slot]
  if (headers === undefined) {
    headers = headersOf(answer)
    slots[slot] = headers
  }
  return headers
}

function headersOf({ site, allow, signedIn, plainGet }: RestAnswer): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {
    link: `<${site}/wp-json/>; rel="https://api.w.org/"`,
    'access-control-expose-headers': REST_EXPOSE_HEADERS,
    'access-control-allow-headers': REST_ALLOW_HEADERS,
  }
  if (allow !== undefined) headers.allow = allow
  if (signedIn) Object.assign(headers, NO_CACHE)
  else if (plainGet) headers.vary = 'Origin'
  return Object.freeze(headers)
}

/** A route's handlers, all at one path, in table order. */
type RoutesAtPath = readonly Pick<DescribedRoute, 'method' | 'action' | 'resource'>[]

/**
 * `allowHeader`'s answers per path and per what the viewer may do, which is all they depend on: four slots, for
 * whether the viewer writes posts and whether they manage terms.
 */
const allowed = new WeakMap<RoutesAtPath, string[]>()

/**
 * `Allow` for a path: the methods of its handlers (`routes`) that the viewer passes the permission step of, as
 * `rest_send_allow_header()` lists them: reads for everyone, writes for those who may write posts (or manage
 * terms, on the term routes). Refused credentials allow nothing (undefined): WordPress stops before it matches a
 * route. `writable` false (`linkedPostWritable`) leaves every write out.
 *
 * @example
 * const routes = [
 *   { method: 'GET', action: 'read', resource: 'events' },
 *   { method: 'POST', action: 'update', resource: 'events' },
 * ]
 * allowHeader(routes, anonymousView) // 'GET'
 */
export function allowHeader(routes: RoutesAtPath, view: View, writable = true): string | undefined {
  if (view.rejected) return undefined
  const writes = writable && canWrite(view)
  const manages = writable && canManageTerms(view)
  let answers = allowed.get(routes)
  if (!answers) {
    answers = []
    allowed.set(routes, answers)
  }
  const slot = (writes ? 2 : 0) + (manages ? 1 : 0)
  let answer = answers[slot]
  if (answer === undefined) {
    answer = routes
      .filter((route) => permits(route, writes, manages))
      .map((route) => route.method)
      .join(', ')
    answers[slot] = answer
  }
  return answer
}

function permits(route: Pick<DescribedRoute, 'action' | 'resource'>, writes: boolean, manages: boolean): boolean {
  if (route.action !== 'create' && route.action !== 'update' && route.action !== 'delete') return true
  return route.resource === 'categories' || route.resource === 'tags' ? manages : writes
}

/**
 * The headers a site's HTML pages carry for clients that discover its APIs from them: WordPress's `Link` to the REST
 * root (`rest_output_link_header()`) and TEC's REST v1 headers (`Tribe__REST__Headers__Supported::send_header()`):
 * its version, its root (with a trailing slash) and the site's origin. `site` has no trailing slash.
 *
 * @example
 * discoveryHeaders('http://127.0.0.1:3000')
 * // { link: '<http://127.0.0.1:3000/wp-json/>; rel="https://api.w.org/"', 'x-tec-api-version': 'v1',
 * //   'x-tec-api-root': 'http://127.0.0.1:3000/wp-json/tribe/events/v1/', 'x-tec-api-origin': 'http://127.0.0.1:3000' }
 */
export function discoveryHeaders(site: string): Record<string, string> {
  return {
    link: `<${site}/wp-json/>; rel="https://api.w.org/"`,
    'x-tec-api-version': 'v1',
    'x-tec-api-root': `${site}/wp-json/tribe/events/v1/`,
    'x-tec-api-origin': site,
  }
}
