import { TEC_PREFIX } from '../../http/app.js'
import { isLoopback } from '../../http/loopback.js'
import { SyncError } from '../errors.js'

/** Where a TEC site lives, as pull and push use it. */
export interface SiteAddress {
  /** The site's home URL without a trailing slash (`https://events.example.org`, `https://example.org/blog`). */
  home: string
  /** The base of TEC's REST API v1 on it: `<home>/wp-json/tribe/events/v1`. */
  api: string
}

/**
 * The site at `siteUrl`: its home URL (a URL that already names TEC's API, `…/wp-json/tribe/events/v1`, is taken
 * back to the site it is on) and its API base. Credentials go as HTTP Basic, which anyone on the path reads over
 * plain http: with `credentials`, plain http is refused unless the host is loopback or `insecure` says so.
 *
 * @throws SyncError `site-url` for an address that is not absolute http(s), or plain http that is refused.
 */
export function siteAddress(siteUrl: string, options: { credentials: boolean; insecure?: boolean }): SiteAddress {
  let url: URL
  try {
    url = new URL(siteUrl)
  } catch {
    throw new SyncError('site-url', `${siteUrl} is not a site address: expected https://… or http://…`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new SyncError('site-url', `${siteUrl} is not a site address: expected https://… or http://…`)
  if (url.protocol === 'http:' && options.credentials && !options.insecure && !isLoopback(url.hostname))
    throw new SyncError(
      'site-url',
      `refusing to send credentials over plain http to ${url.host}: use https, or --insecure if the network is trusted`,
    )
  const path = url.pathname.replace(/\/+$/u, '')
  const at = path.indexOf(TEC_PREFIX)
  const home = `${url.origin}${at === -1 ? path : path.slice(0, at)}`
  return { home, api: `${home}${TEC_PREFIX}` }
}
