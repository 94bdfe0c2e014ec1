/**
 * The `baseUrl` of `calendarHandlers`, checked and reduced to the site origin (`<scheme>://<host>[:<port>]`) that
 * the mocked routes live under and that the links in bodies are built on.
 *
 * - It must be an absolute `http:` or `https:` URL; anything else is an `Error` naming the value.
 * - Trailing slashes are dropped (`https://events.example.org/` is `https://events.example.org`); the host is
 *   lower-cased and a default port dropped, as `URL#origin` does.
 * - Any other path (`https://example.org/blog`), a query, a fragment or credentials is an `Error`: calfile serves
 *   its interface at the root of an origin (`<origin>/calendar/events/v1`, `<origin>/wp-json/tribe/events/v1`),
 *   and its links could not carry the path, so it is refused rather than silently dropped.
 *
 * @example
 * siteOrigin('https://Events.Example.org:443/') // 'https://events.example.org'
 * siteOrigin('events.example.org')              // throws: not an absolute http(s) URL
 */
export function siteOrigin(baseUrl: string): string {
  const problem = (why: string) =>
    new Error(
      `calfile/msw: baseUrl must be a site origin such as https://events.example.org (${why}), got ${JSON.stringify(baseUrl)}`,
    )
  if (typeof baseUrl !== 'string') throw problem('not a string')
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw problem('not an absolute URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw problem(`scheme ${url.protocol} is not http: or https:`)
  if (url.username !== '' || url.password !== '') throw problem('credentials are not allowed')
  if (url.search !== '' || url.hash !== '' || /[?#]/u.test(baseUrl)) throw problem('a query or fragment is not allowed')
  if (!/^\/*$/u.test(url.pathname)) {
    throw problem(
      `a path is not supported: the interface lives at the origin's root, under /calendar/events/v1 and /wp-json/tribe/events/v1`,
    )
  }
  return url.origin
}
