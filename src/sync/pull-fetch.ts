import { isZone } from '../core/dates.js'
import { KINDS, type SyncRoute } from './kinds.js'
import type { SiteClient } from './site-client.js'
import type { SiteRecord } from './site-record.js'
import { walkList } from './site-walk.js'

/** Every record a pull read, by route, each once (the last copy read). */
export type PulledRecords = Record<SyncRoute, Map<number, SiteRecord>>

/** How far a pull's reading has come in one list: for a progress bar. */
export interface PullProgress {
  route: SyncRoute
  /** Pages read so far, and the site's `total_pages`. */
  page: number
  pages: number
  /** Records read so far, and the site's `total`. */
  records: number
  total: number
}

/** TEC's largest page (`tribe_rest_event_max_per_page` and its kin default to 50). */
const PER_PAGE = '50'

/** Every status a reader with credentials may be shown (CONTRACT §6); trashed records are not mirrored. */
const STATUSES = 'publish,future,draft,pending,private'

/**
 * The query that lists every record of `route`: events from 1970 on (TEC validates `start_date` with `strtotime`,
 * which every PHP build reads from 1970) to 9999-01-01 (its end of day stays in year 9999 in every zone, which
 * calfile requires); terms with `hide_empty=false`, since TEC hides the terms no published event carries.
 */
function listQuery(route: SyncRoute, authenticated: boolean): Record<string, string> {
  const status: Record<string, string> = authenticated ? { status: STATUSES } : {}
  if (route === 'events') return { per_page: PER_PAGE, start_date: '1970-01-01', end_date: '9999-01-01', ...status }
  if (route === 'categories' || route === 'tags') return { per_page: PER_PAGE, hide_empty: 'false' }
  return { per_page: PER_PAGE, ...status }
}

/**
 * Reads every event, venue, organizer, category and tag the site shows this client (all statuses but `trash` with
 * credentials, published ones without), the five lists at once, 50 records a page.
 * @throws SiteError / SyncError as `SiteClient.request`.
 */
export async function fetchSite(
  site: SiteClient,
  onProgress?: (progress: PullProgress) => void,
): Promise<PulledRecords> {
  const pulled = Object.fromEntries(KINDS.map(({ route }) => [route, new Map()])) as PulledRecords
  await Promise.all(
    KINDS.map(async ({ route }) => {
      const records = pulled[route]
      let read = 0
      await walkList(site, route, listQuery(route, site.authenticated), (page) => {
        for (const record of page.records) records.set(Number(record.id), record as SiteRecord)
        read += page.records.length
        onProgress?.({ route, page: page.page, pages: page.pages, records: read, total: page.total })
      })
    }),
  )
  return pulled
}

/**
 * The site time zone WordPress names in its REST index (`<home>/wp-json/`, `timezone_string`); undefined when the
 * site names none (an offset set by hand: TEC then writes zones such as `UTC+5`), or its index cannot be read
 * (not WordPress, or closed to this reader): the pull then takes the zone the events' dates show.
 */
export async function siteTimezone(site: SiteClient): Promise<string | undefined> {
  const answer = await site
    .request(`${site.site.home}/wp-json/`, { query: { _fields: 'timezone_string' }, accept: [400, 401, 403, 404] })
    .catch(() => undefined)
  const zone =
    answer?.status === 200 ? (answer.body as { timezone_string?: unknown } | null)?.timezone_string : undefined
  return typeof zone === 'string' && zone !== '' && isZone(zone) ? zone : undefined
}
