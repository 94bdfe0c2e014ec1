/**
 * The `Link` header of a tec/v1 list page (`Read_Archive_Response::read()`): the request's URL on the site's REST
 * root with `page` set to the next page (`rel="next"`, unless this is the last) and the previous one (`rel="prev"`,
 * unless this is the first), as `add_query_arg()` sets it: in place when the query has it, else last. Undefined when
 * neither applies.
 *
 * @example
 * linkHeader(new URL('http://127.0.0.1:3000/wp-json/tec/v1/events?per_page=2&page=2'), 'http://127.0.0.1:3000', 2, 3)
 * // '<http://127.0.0.1:3000/wp-json/tec/v1/events?per_page=2&page=3>; rel="next", <…&page=1>; rel="prev"'
 */
export function linkHeader(url: URL, origin: string, page: number, pages: number): string | undefined {
  const links: string[] = []
  if (page < pages) links.push(`<${withPage(url, origin, page + 1)}>; rel="next"`)
  if (page > 1) links.push(`<${withPage(url, origin, page - 1)}>; rel="prev"`)
  return links.length > 0 ? links.join(', ') : undefined
}

function withPage(url: URL, origin: string, page: number): string {
  const query = new URLSearchParams(url.search)
  query.set('page', String(page))
  return `${origin}${url.pathname}?${query.toString()}`
}
