import * as v from 'valibot'
import { CalendarError } from './errors.js'
import { positiveIntField } from './fields.js'
import type { ListSlice } from './index/list-slice.js'
import type { Settings } from './records.js'
import type { View } from './view.js'

/** `page` and `per_page` of every list route (CONTRACT §4). */
export const pageEntries = {
  page: v.optional(positiveIntField('Page of the list, from 1'), 1),
  per_page: v.optional(positiveIntField('Items per page; default settings.per_page, at most settings.max_per_page')),
}

/** A list envelope (CONTRACT §4): keys in order, the items under the kind's name. */
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

/** What a list needs to page: the kind, the sorted matches, and the query to echo in its URLs. */
export interface PageRequest<T> {
  kind: 'events' | 'venues' | 'organizers' | 'categories' | 'tags'
  items: ListSlice<T>
  page: number
  perPage: number | undefined
  /** The effective query beyond page/per_page, in order: echoed in `rest_url` and the next/previous links. */
  query: Array<[string, string]>
  /** The 404 code for a page past the end; term lists answer an empty 200 instead. */
  notFoundCode?: string
}

/** The effective page size: `per_page` or the site default, clamped to `max_per_page` (CONTRACT §4). */
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
 * One page of a list with its envelope and headers (CONTRACT §4), as JSON in UTF-8 assembled from each item's
 * JSON (`itemJson`) by copying bytes, without stringifying or encoding the page (issue 11).
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
  const total = request.items.length
  const totalPages = Math.ceil(total / perPage)
  const from = (request.page - 1) * perPage
  const slice = request.items.slice(from, from + perPage)
  if (slice.length === 0 && request.page > 1 && request.notFoundCode) {
    throw new CalendarError(request.notFoundCode, 404, `Page ${request.page} is past the end of the list.`, {
      page: request.page,
      total_pages: totalPages,
    })
  }
  const url = (page: number | undefined) => listUrl(view, request.kind, page, perPage, request.query)
  // The envelope's keys after the items, in order.
  const envelope: Record<string, unknown> = { rest_url: url(request.page) }
  if (from + perPage < total) envelope.next_rest_url = url(request.page + 1)
  if (request.page > 1) envelope.previous_rest_url = url(request.page === 2 ? undefined : request.page - 1)
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

function listUrl(view: View, kind: string, page: number | undefined, perPage: number, query: Array<[string, string]>) {
  const params = new URLSearchParams()
  if (page !== undefined) params.set('page', String(page))
  params.set('per_page', String(perPage))
  for (const [key, value] of query) params.append(key, value)
  return `${view.base}/${kind}/?${params.toString()}`
}
