import type { H3Event } from 'h3'
import { TEC_NAMESPACE } from './openapi/describe.js'
import { REST_ROOT } from './wordpress/rest-server/rest-namespace.js'

/**
 * Where a request is served from: calfile's route prefix and TEC's, and how a request's path is mapped onto
 * calfile's before it is routed (docs/errors.md: repeated and trailing slashes, malformed escapes).
 */

/** calfile's own route prefix and TEC's, which it also serves (docs/errors.md). */
export const PREFIX = '/calendar/events/v1'
export const TEC_PREFIX = `${REST_ROOT}/${TEC_NAMESPACE}`

/**
 * Whether a path, mapped onto calfile's prefix, is one of the interface's: calfile's prefix, and everything under
 * WordPress's REST root (TEC's own prefix is mapped onto calfile's; tec/v1 and the WordPress routes stay there).
 *
 * @example
 * isInterface('/wp-json/tec/v1/events') // true
 * isInterface('/docs') // false: the page
 */
export function isInterface(path: string): boolean {
  return path === PREFIX || path.startsWith(`${PREFIX}/`) || path === REST_ROOT || path.startsWith(`${REST_ROOT}/`)
}

/**
 * Collapses repeated slashes, maps TEC's prefix onto calfile's and drops a trailing slash (docs/errors.md), in
 * `event.url`; `event.context.prefix` keeps the prefix the request came in on.
 *
 * @example
 * normalizePath(event) // `//wp-json/tribe/events/v1/events/` is routed as `/calendar/events/v1/events`
 */
export function normalizePath(event: H3Event): void {
  const sent = event.url.pathname
  // Most paths need nothing: calfile's prefix, single slashes, no trailing one.
  if (sent.startsWith(PREFIX) && !sent.endsWith('/') && !sent.includes('//')) {
    event.context.prefix = PREFIX
    return
  }
  let path = sent.replace(/\/{2,}/gu, '/')
  let prefix = PREFIX
  if (path === TEC_PREFIX || path.startsWith(`${TEC_PREFIX}/`)) {
    prefix = TEC_PREFIX
    path = PREFIX + path.slice(TEC_PREFIX.length)
  }
  if (path.length > 1) path = path.replace(/\/$/u, '')
  event.context.prefix = prefix
  if (path !== event.url.pathname) {
    const url = new URL(event.url.href)
    url.pathname = path
    event.url = url
  }
}

/**
 * Whether a path's percent escapes are well-formed UTF-8 (`%ZZ`, `%FF`, `%C0%AF`, `%ED%A0%80` are not).
 *
 * @example
 * decodes('/events/caf%C3%A9') // true
 */
export function decodes(path: string): boolean {
  if (!path.includes('%')) return true
  try {
    decodeURI(path)
    return true
  } catch {
    return false
  }
}

/**
 * `<protocol>//<host>` of a request URL, sliced from its `href`: reading `url.host` would make h3's lazy URL parse
 * the whole address on every request.
 *
 * @example
 * originOf(new URL('http://127.0.0.1:3000/wp-json/?x=1')) // 'http://127.0.0.1:3000'
 */
export function originOf(url: URL): string {
  const href = url.href
  const path = href.indexOf('/', href.indexOf('//') + 2)
  return path === -1 ? href : href.slice(0, path)
}
