import { isZone } from '../../core/dates/zoned.js'
import { KINDS, type SyncRoute } from '../kinds.js'
import type { SiteClient } from '../site/site-client.js'
import { type SiteRecord, walkList } from '../site/site-records.js'

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
 * The query that lists every record of `route`: events from year 1 (TEC validates `start_date` with `strtotime`
 * and refuses what it reads as 0, so `1970-01-01` itself is refused) to 9999-01-01 (its end of day stays in year
 * 9999 in every zone, which calfile requires); terms with `hide_empty=false`, since TEC hides the terms no
 * published event carries.
 */
function listQuery(route: SyncRoute, authenticated: boolean): Record<string, string> {
  const status: Record<string, string> = authenticated ? { status: STATUSES } : {}
  if (route === 'events') return { per_page: PER_PAGE, start_date: '0001-01-01', end_date: '9999-01-01', ...status }
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

/** What a first pull takes from the site into `settings` (CONTRACT §1), beside its records. */
export interface SiteSettings {
  /** The zone WordPress names (`timezone_string` in its REST index); undefined when it names none. */
  timezone?: string
  /** The page size of the site's lists (WordPress's `posts_per_page`); undefined when no list said it. */
  per_page?: number
  /** The site's address (`site_url`), which the `url` of every record starts with. */
  site_url: string
}

/**
 * The settings a mirror of `site` takes: its time zone, from WordPress's REST index (`<home>/wp-json/`,
 * `timezone_string`, empty when an offset was set by hand: TEC then writes zones such as `UTC+5`; a pull then takes
 * the zone the events' dates show), its page size, which TEC echoes as `per_page` in the `rest_url` of a list asked
 * without one, and its address. What cannot be read (not WordPress, or closed to this reader) is left undefined.
 */
export async function siteSettings(site: SiteClient): Promise<SiteSettings> {
  const quiet = { accept: [400, 401, 403, 404] }
  const [index, list] = await Promise.all([
    site
      .request(`${site.site.home}/wp-json/`, { query: { _fields: 'timezone_string' }, ...quiet })
      .catch(() => undefined),
    site.request('venues', { query: { page: '1' }, ...quiet }).catch(() => undefined),
  ])
  const zone = index?.status === 200 ? (index.body as { timezone_string?: unknown } | null)?.timezone_string : undefined
  const restUrl = list?.status === 200 ? (list.body as { rest_url?: unknown } | null)?.rest_url : undefined
  const perPage = typeof restUrl === 'string' ? Number(new URL(restUrl).searchParams.get('per_page')) : Number.NaN
  return {
    ...(typeof zone === 'string' && zone !== '' && isZone(zone) ? { timezone: zone } : {}),
    ...(Number.isInteger(perPage) && perPage > 0 ? { per_page: perPage } : {}),
    site_url: site.site.home,
  }
}
