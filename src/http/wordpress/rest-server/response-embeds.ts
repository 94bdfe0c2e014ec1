import { REST_ROOT } from './rest-namespace.js'

/**
 * `_embed`: the linked resources of an answer embedded in it, as WordPress's REST server embeds them
 * (`WP_REST_Server::embed_links()`, `rest_parse_embed_param()`): for each relation of an item's `_links` asked for
 * (every one with `_embed`, `_embed=1` or `_embed=true`; else those the list names, `_embed=author,wp:term`), each
 * link marked `embeddable` is fetched as the same viewer in the `embed` context (with the route's largest
 * `per_page` on a collection) and its answer, an error included, put in `_embedded` under the relation, in the order
 * of the links; a link not embeddable, or not of this site, holds its place as `[]`. A relation all of whose embeds
 * are empty is left out, and `_embedded` too when nothing is left. A collection's items are each embedded; an
 * `href` fetched once per request.
 */

/** What `_embed` asks for: every embeddable relation (`true`), or those named. */
export type EmbedRequest = true | ReadonlySet<string>

/**
 * `_embed`'s value read as `rest_parse_embed_param()` reads it: empty, `0` (falsy in PHP), `1` or `true` for every
 * relation, else the list of relations.
 *
 * @example
 * embedRequest('author, wp:term') // Set { 'author', 'wp:term' }
 * embedRequest('') // true
 */
export function embedRequest(value: unknown): EmbedRequest {
  const text = Array.isArray(value) ? value.join(',') : String(value ?? '')
  if (['', '0', '1', 'true'].includes(text)) return true
  return new Set(text.split(/[\s,]+/u).filter((rel) => rel !== ''))
}

/** Fetches a link's answer as the viewer, in the `embed` context; undefined for a link outside the site's REST API. */
export type EmbedFetch = (href: string) => Promise<unknown>

/**
 * The data with `_embedded` added to it, or to each of its items when it is a list.
 *
 * @example
 * await embedLinks({ id: 5, _links: { author: [{ embeddable: true, href: '…/wp/v2/users/1' }] } }, true, fetchEmbed)
 * // { id: 5, _links: {…}, _embedded: { author: [{ id: 1, name: 'admin', … }] } }
 */
export async function embedLinks(data: unknown, asked: EmbedRequest, fetchEmbed: EmbedFetch): Promise<unknown> {
  const cache = new Map<string, Promise<unknown>>()
  const fetchOnce = (href: string) => {
    let answer = cache.get(href)
    if (!answer) {
      answer = fetchEmbed(href)
      cache.set(href, answer)
    }
    return answer
  }
  if (Array.isArray(data)) return Promise.all(data.map((item) => embedded(item, asked, fetchOnce)))
  return embedded(data, asked, fetchOnce)
}

async function embedded(item: unknown, asked: EmbedRequest, fetchEmbed: EmbedFetch): Promise<unknown> {
  if (typeof item !== 'object' || item === null) return item
  const links = (item as { _links?: unknown })._links
  if (typeof links !== 'object' || links === null) return item
  const embeds: Record<string, unknown[]> = {}
  for (const [rel, list] of Object.entries(links as Record<string, unknown>)) {
    if ((asked !== true && !asked.has(rel)) || !Array.isArray(list)) continue
    const answers = await Promise.all(
      list.map(async (link: { embeddable?: unknown; href?: unknown }) =>
        link.embeddable && typeof link.href === 'string' ? ((await fetchEmbed(link.href)) ?? []) : [],
      ),
    )
    // PHP's `array_filter()`: an empty array (no terms, no link) is no embed.
    if (answers.some((answer) => !(Array.isArray(answer) && answer.length === 0))) embeds[rel] = answers
  }
  return Object.keys(embeds).length === 0 ? item : { ...(item as object), _embedded: embeds }
}

/**
 * The path and query of a link's sub-request (`WP_REST_Request::from_url()`): the link's under calfile's `/wp-json`,
 * `context=embed` unless it names one, and on a collection route (no ID at its end) `per_page=100`, the largest
 * WordPress's collections take; undefined for a link that is not under `root` (the site's `…/wp-json`).
 *
 * @example
 * embedPath('http://127.0.0.1:3000/wp-json/wp/v2/tags?post=5', 'http://127.0.0.1:3000/wp-json')
 * // '/wp-json/wp/v2/tags?post=5&context=embed&per_page=100'
 */
export function embedPath(href: string, root: string): string | undefined {
  if (!href.startsWith(`${root}/`)) return undefined
  const url = new URL(`${REST_ROOT}${href.slice(root.length)}`, 'http://embed.invalid')
  if (!url.searchParams.has('context')) url.searchParams.set('context', 'embed')
  if (!/\/\d+$/u.test(url.pathname) && !url.searchParams.has('per_page')) url.searchParams.set('per_page', '100')
  return `${url.pathname}${url.search}`
}
