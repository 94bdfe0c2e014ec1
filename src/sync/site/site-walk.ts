import { SyncError } from '../errors.js'
import type { SiteClient } from './site-client.js'

/** One page of a list walk: which list, how far, and its records. */
export interface WalkedPage {
  /** The list's route and key: `events`, `venues`, … */
  route: string
  /** 1 for the first page. */
  page: number
  /** The site's `total_pages` (`X-TEC-TotalPages`), as the last page said it. */
  pages: number
  /** The site's `total` (`X-TEC-Total`). */
  total: number
  records: Array<Record<string, unknown>>
}

/**
 * Reads every page of the list `route` (`events`, `venues`, `organizers`, `categories`, `tags`) with `query`,
 * following each answer's `next_rest_url` until there is none, and hands each page to `onPage` as it comes. TEC
 * builds a term list's `next_rest_url` from the bare route (its `Term_Archive_Base` keeps only `page`), so the
 * walk's own parameters are put back on every next URL that lacks them. An empty list is an empty page, also
 * from older TEC, which answers it with 404 `…-archive-page-not-found`.
 *
 * @throws SiteError / SyncError as `SiteClient.request`, and a SiteError for an answer that is not a list of
 *   `route`.
 */
export async function walkList(
  site: SiteClient,
  route: string,
  query: Record<string, string>,
  onPage: (page: WalkedPage) => void,
): Promise<void> {
  let next: string | undefined = route
  let nextQuery = query
  for (let page = 1; next !== undefined; page++) {
    const { status, body, url } = await site.request(next, { query: nextQuery, accept: page === 1 ? [404] : [] })
    const envelope = status === 404 ? emptyList(route, body, url) : (body as Record<string, unknown>)
    const records = envelope?.[route]
    if (!Array.isArray(records)) throw new SyncError('site-answer', `${url}: the answer has no "${route}" list`)
    onPage({
      route,
      page,
      pages: Number(envelope.total_pages ?? page),
      total: Number(envelope.total ?? records.length),
      records: records as Array<Record<string, unknown>>,
    })
    next = typeof envelope.next_rest_url === 'string' ? envelope.next_rest_url : undefined
    nextQuery = next === undefined ? {} : missingFrom(next, query)
  }
}

/** A first page's 404: an empty list when the site says so, else the error it is. */
function emptyList(route: string, body: unknown, url: string): Record<string, unknown> {
  const code = (body as { code?: unknown } | undefined)?.code
  if (typeof code === 'string' && code.endsWith('archive-page-not-found')) return { [route]: [], total: 0 }
  throw new SyncError('site-answer', `${url}: 404 ${typeof code === 'string' ? code : 'not found'}`)
}

/** The entries of `query` that `url` does not carry. */
function missingFrom(url: string, query: Record<string, string>): Record<string, string> {
  const has = new URL(url).searchParams
  return Object.fromEntries(Object.entries(query).filter(([key]) => !has.has(key)))
}
