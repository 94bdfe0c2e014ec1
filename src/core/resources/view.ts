import { RecentResults } from '../cache/recent-results.js'
import type { Settings } from '../model/records.js'
import type { UserRecord } from '../model/user-record.js'

/**
 * Who is asking and where from: what every response shape needs to build URLs (docs/responses.md#urls) and what every
 * permission check needs (docs/auth.md). The library builds one from the settings; `http/` from the request.
 *
 * @example
 * { origin: 'http://127.0.0.1:3000', base: 'http://127.0.0.1:3000/calendar/events/v1', siteUrl: 'http://127.0.0.1:3000',
 *   user: admin, openMode: false }
 */
export interface View {
  /** `<origin>`, no trailing slash: where the API is served, before the route prefix; WordPress's REST root is below it. */
  origin: string
  /** `<origin><prefix>`, no trailing slash: the base of `rest_url` values. */
  base: string
  /** `<site_url>`, no trailing slash: the base of `url` values. */
  siteUrl: string
  /** The authenticated user; null for an anonymous request. */
  user: UserRecord | null
  /** True when no user has a token: everyone acts as user 1 (docs/auth.md). */
  openMode: boolean
  /**
   * Credentials that were refused (a wrong token): the permission step throws it, after the parameter checks
   * (docs/errors.md order: route, parameters, permission, handler).
   */
  rejected?: Error
}

/** Hosts of the few site URLs a calendar is seen under: every shaped record asks, and `new URL` parses a whole URL. */
const hosts = new RecentResults<string, string>(64)

/**
 * `http://127.0.0.1:3000` → `127.0.0.1`, `https://example.com/blog` → `example.com/blog`: the origin part of
 * `global_id`, the site's host without its port and with its path, as `Tribe__Utils__Global_ID::origin()` makes it.
 */
export function siteHost(siteUrl: string): string {
  return hosts.get(siteUrl, () => parseHost(siteUrl))
}

function parseHost(siteUrl: string): string {
  try {
    const url = new URL(siteUrl)
    return url.hostname + url.pathname.replace(/\/$/u, '')
  } catch {
    return siteUrl.replace(/^[a-z]+:\/\//iu, '').replace(/:\d+/u, '')
  }
}

/**
 * `origin`, `base` and `siteUrl` of a view (docs/responses.md#urls): the origin is `settings.base_url` when set, else
 * the request's own (`origin`); the site URL is `settings.site_url` when set, else that origin. `prefix` is the route
 * prefix the request came in on. No trailing slashes.
 */
export function viewUrls(settings: Settings, origin: string, prefix: string): ViewUrls {
  const { base_url, site_url } = settings
  const kept = lastUrls
  if (kept.origin === origin && kept.prefix === prefix && kept.baseUrl === base_url && kept.siteUrl === site_url)
    return kept.urls
  const own = withoutTrailingSlashes(base_url ?? origin)
  const urls = { origin: own, base: own + prefix, siteUrl: withoutTrailingSlashes(site_url ?? own) }
  lastUrls = { origin, prefix, baseUrl: base_url, siteUrl: site_url, urls }
  return urls
}

/** What `viewUrls` answers: the URL fields of a `View`. Shared between calls: read it, never write into it. */
export type ViewUrls = Readonly<Pick<View, 'origin' | 'base' | 'siteUrl'>>

/**
 * `viewUrls`' last inputs and answer. A server is asked under one origin and prefix, request after request: the same
 * strings come back, with no concatenation, and a header cache keyed by the origin (`restHeaders`) finds them by
 * identity, their hash already computed.
 */
let lastUrls: {
  origin: string
  prefix: string
  baseUrl: Settings['base_url'] | undefined
  siteUrl: Settings['site_url'] | undefined
  urls: ViewUrls
} = { origin: '', prefix: '', baseUrl: undefined, siteUrl: undefined, urls: { origin: '', base: '', siteUrl: '' } }

/** A URL without its trailing slashes; most have none, and are returned as they are (this runs on every request). */
function withoutTrailingSlashes(url: string): string {
  return url.endsWith('/') ? url.replace(/\/+$/u, '') : url
}
