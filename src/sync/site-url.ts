import { SyncError } from './errors.js'

/** Where a TEC site lives, as pull and push use it. */
export interface SiteAddress {
  /** The site's home URL without a trailing slash (`https://events.example.org`, `https://example.org/blog`). */
  home: string
  /** The base of TEC's REST API v1 on it: `<home>/wp-json/tribe/events/v1`. */
  api: string
}

/** TEC's REST namespace under WordPress's REST root (CONTRACT: TEC's own prefix). */
const TEC_API_PATH = '/wp-json/tribe/events/v1'

/**
 * Hosts only this machine reaches: `localhost`, 127.0.0.0/8 and `::1` (a URL spells it `[::1]`). Plain http to them
 * never crosses a network.
 */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/u, '$1')
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/u.test(host)
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
  if (url.protocol === 'http:' && options.credentials && !options.insecure && !isLoopbackHost(url.hostname))
    throw new SyncError(
      'site-url',
      `refusing to send credentials over plain http to ${url.host}: use https, or --insecure if the network is trusted`,
    )
  const path = url.pathname.replace(/\/+$/u, '')
  const at = path.indexOf(TEC_API_PATH)
  const home = `${url.origin}${at === -1 ? path : path.slice(0, at)}`
  return { home, api: `${home}${TEC_API_PATH}` }
}
