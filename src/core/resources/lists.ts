import * as v from 'valibot'
import { CalendarError } from '../errors.js'
import type { CollectionName } from '../model/kinds.js'
import type { Settings } from '../model/records.js'
import type { ListSlice } from '../search/merged-slice.js'
import { positiveIntField } from './fields.js'
import type { View } from './view.js'

/** `page` and `per_page` of every list route (docs/lists.md). */
export const pageEntries = {
  page: v.optional(positiveIntField('Page of the list, from 1'), 1),
  per_page: v.optional(positiveIntField('Items per page; default settings.per_page, at most settings.max_per_page')),
}

/** A list envelope (docs/lists.md): keys in order, the items under the kind's name. */
export interface ListPage<K extends string, T> {
  body: { [key in K]: T[] } & {
    rest_url: string
    next_rest_url?: string
    previous_rest_url?: string
    total: number
    total_pages: number
  }
  /** `X-TEC-Total` and `X-TEC-TotalPages`; TEC links the pages in the body only. */
  headers: Record<string, string>
}

/**
 * A post list's query as TEC writes it in the list's URLs (Archive_Base::get_current_rest_url): `pairs`, the query
 * variables it supports in their order, `status` among them, an empty value written as a bare key (WordPress's
 * build_query); then `extra`, which it adds with add_query_arg, re-encoding what is already there. An extra value
 * `false` is not written (add_query_arg drops it) but still leaves the rest encoded.
 */
export interface QueryEcho {
  pairs: Array<[string, string]>
  extra: Array<[string, string | false]>
}

/** No query to echo: term lists, whose URLs TEC leaves bare. */
export const NO_ECHO: QueryEcho = { pairs: [], extra: [] }

/** What a list needs to page: the kind, the sorted matches, and the query to echo in its URLs. */
export interface PageRequest<T> {
  kind: CollectionName
  items: ListSlice<T>
  /**
   * The `total` to report when it is not the number of items: a category list that hides empty categories shows
   * those with used descendants, which WordPress does not count (see `selectTerms`).
   */
  total?: number
  page: number
  perPage: number | undefined
  /** The effective query beyond page/per_page: echoed in `rest_url` and the next/previous links. */
  query: QueryEcho
  /** The 404 code for a page past the end; term lists answer an empty 200 instead. */
  notFoundCode?: string
}

/** The effective page size: `per_page` or the site default, clamped to `max_per_page` (docs/lists.md). */
export function pageSize(settings: Settings, perPage: number | undefined): number {
  return Math.min(perPage ?? settings.per_page, settings.max_per_page)
}

/** A list page as JSON in UTF-8 (what HTTP sends) and its headers. */
export interface ListPageJson {
  json: Buffer
  headers: Record<string, string>
}

/**
 * The objects of a page made by `paginateJson`, the caller's own: what a library `list` call returns, the same as
 * HTTP sends.
 */
export function parsedPage<K extends string, T>(page: ListPageJson): ListPage<K, T> {
  return { body: JSON.parse(page.json.toString()), headers: page.headers }
}

const COMMA = Buffer.from(',')

/**
 * One page of a list with its envelope and headers (docs/lists.md), as JSON in UTF-8 assembled from each item's
 * JSON (`itemJson`) by copying bytes, without stringifying or encoding the page.
 *
 * @throws CalendarError 404 `<kind>-archive-page-not-found` past the end of an event, venue or organizer list.
 */
export function paginateJson<T>(
  request: PageRequest<T>,
  settings: Settings,
  view: View,
  itemJson: (item: T) => Buffer,
): ListPageJson {
  const perPage = pageSize(settings, request.perPage)
  const total = request.total ?? request.items.length
  const totalPages = Math.ceil(total / perPage)
  const from = (request.page - 1) * perPage
  const slice = request.items.slice(from, from + perPage)
  if (slice.length === 0 && request.page > 1 && request.notFoundCode) {
    // TEC's words, and no more data than the status (`Tribe__Events__REST__V1__Endpoints__Archive_Event`).
    const kind = request.notFoundCode.replace(/-archive-page-not-found$/u, '')
    throw new CalendarError(request.notFoundCode, 404, `The requested ${kind} archive page does not exist`)
  }
  const urls = pageUrls(view, request, perPage)
  // The envelope's keys after the items, in order.
  const envelope: Record<string, unknown> = { rest_url: urls.self }
  if (from + perPage < total) envelope.next_rest_url = urls.at(request.page + 1)
  if (request.page > 1) envelope.previous_rest_url = urls.at(request.page - 1)
  envelope.total = total
  envelope.total_pages = totalPages
  const headers: Record<string, string> = { 'X-TEC-Total': String(total), 'X-TEC-TotalPages': String(totalPages) }
  const parts: Buffer[] = [Buffer.from(`{"${request.kind}":[`)]
  slice.forEach((item, i) => {
    if (i > 0) parts.push(COMMA)
    parts.push(itemJson(item))
  })
  parts.push(Buffer.from(`],${JSON.stringify(envelope).slice(1)}`))
  return { json: Buffer.concat(parts), headers }
}

/**
 * A list's own URL and those of its other pages, as TEC writes them. Term lists (`Archive_Category`, `Archive_Tag`)
 * are bare: `<base>/categories/`, other pages `?page=N` (page 1 bare). Post lists (`Archive_Event`, `Archive_Venue`,
 * `Archive_Organizer`) write `page`, `per_page` and the query (`QueryEcho`): as they are, unless extra arguments
 * follow, which leave the rest encoded; the other pages are encoded, with `page` last and left out for page 1
 * (add_query_arg, remove_query_arg).
 */
function pageUrls<T>(view: View, request: PageRequest<T>, perPage: number) {
  const collection = `${view.base}/${request.kind}/`
  if (request.kind === 'categories' || request.kind === 'tags')
    return { self: collection, at: (page: number) => (page === 1 ? collection : `${collection}?page=${page}`) }
  const { pairs } = request.query
  const extra = request.query.extra.filter((pair): pair is [string, string] => pair[1] !== false)
  const query: Array<[string, string]> = [['per_page', String(perPage)], ...pairs]
  const first: Array<[string, string]> = [['page', String(request.page)], ...query]
  const self =
    request.query.extra.length === 0
      ? `${collection}?${asWritten(first)}`
      : [`${collection}?${new URLSearchParams(first).toString()}`, asWritten(extra)].filter(Boolean).join('&')
  const at = (page: number) =>
    `${collection}?${new URLSearchParams(page === 1 ? [...query, ...extra] : [...query, ...extra, ['page', String(page)]]).toString()}`
  return { self, at }
}

/** Pairs as WordPress's build_query writes them unencoded: `key=value`, a bare `key` for an empty value. */
function asWritten(pairs: Array<[string, string]>): string {
  return pairs.map(([key, value]) => (value === '' ? key : `${key}=${value}`)).join('&')
}
