import { instantToWall } from '../../core/dates/zoned.js'
import type { CollectionName } from '../../core/model/kinds.js'
import type { Settings } from '../../core/model/records.js'
import { CalendarState } from '../../core/model/state.js'
import { importTec } from '../../tec/tec.js'
import { SiteError, SyncError } from '../errors.js'
import type { KindInfo, StoredRecord } from '../kinds.js'
import { recordHash } from '../record-diff.js'
import type { SyncEntry } from '../sync-section.js'
import type { SiteClient } from './site-client.js'

/**
 * The site's records: reading one by ID and every page of a list, and reading them as a data file stores them, to
 * tell what changed on either side.
 */

/** A record as the site's API shows it (docs/responses.md): an event, venue, organizer, category or tag. */
export type SiteRecord = Record<string, unknown> & { id: number }

/**
 * `recordHash` of a term as the site shows it, over what a data file stores of it
 * (docs/responses.md#categories-and-tags: `id`, `name`, `slug`, `description`, `parent`): terms have no `modified`,
 * so this is what tells a change on the site.
 */
export function siteTermHash(term: SiteRecord): string {
  return recordHash(termFields(term))
}

/** A term as a data file stores it (docs/data-file.md: tags keep `parent` 0). */
function termFields(term: SiteRecord): StoredRecord {
  const { id, name, slug, description, parent } = term
  return { id, name, slug: slug as string | undefined, description: description ?? '', parent: parent ?? 0 }
}

/** What tells the next change of `record` on the site: its `modified_utc`, or for a term its `siteTermHash`. */
export function siteVersion(info: KindInfo, record: SiteRecord): Omit<SyncEntry, 'hash'> {
  return info.isTerm ? { site_hash: siteTermHash(record) } : { modified_utc: String(record.modified_utc) }
}

/** Whether the site's `record` is still the one `entry` saw. */
export function sameOnSite(info: KindInfo, entry: SyncEntry, record: SiteRecord): boolean {
  return info.isTerm ? entry.site_hash === siteTermHash(record) : entry.modified_utc === record.modified_utc
}

/**
 * The site's `record` as a data file in site time zone `settings.timezone` would store it, to compare field by
 * field with a stored record (a push sends only the fields that differ): for a post, the TEC importer's own reading
 * in a state of its own, its warnings dropped since the records compared went through the same reading; a term's
 * fields as they are, where the importer would drop a parent it does not hold.
 *
 * @throws CalendarError 400 `import-invalid-capture` when the site's answer is not a TEC record.
 */
export function storedForm(info: KindInfo, record: SiteRecord, settings: Settings, now: number): StoredRecord {
  if (info.isTerm) return termFields(record)
  const scratch = new CalendarState(structuredClone(settings))
  importTec(scratch, { [info.route]: [record] }, { now: instantToWall(now, scratch.siteTimezone) })
  return info.collection(scratch).get(record.id) as StoredRecord
}

/**
 * The site's record `id` of `route` (`events/12`), or undefined when the site says it is gone: a record in its
 * trash (TEC 6.10 shows it with `status: "trash"` to those who may read it; TEC 6.17 answers a trashed event with 403
 * `event-no-longer-available`), an ID it does not know (TEC's 400 `rest_invalid_param` for the `id`; an event's 404
 * `rest-event-not-found` on TEC 6.17; 404 or 410 elsewhere).
 * @throws SiteError for another refusal (403 `…-not-accessible`: these credentials may not read it; another 400),
 *   and as `SiteClient.request`.
 */
export async function readRecord(site: SiteClient, route: CollectionName, id: number): Promise<SiteRecord | undefined> {
  const { status, body, url } = await site.request(`${route}/${id}`, { accept: [400, 403, 404, 410] })
  if (status === 200) return (body as SiteRecord).status === 'trash' ? undefined : (body as SiteRecord)
  const code = (body as { code?: unknown } | null)?.code
  if (gone(status, code)) return undefined
  throw new SiteError(status, url, `${url}: ${status} ${String(code)}`, typeof code === 'string' ? code : undefined)
}

function gone(status: number, code: unknown): boolean {
  if (status === 400) return code === 'rest_invalid_param'
  if (status === 403) return typeof code === 'string' && code.endsWith('no-longer-available')
  return true
}

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
