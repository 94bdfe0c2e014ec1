import pLimit from 'p-limit'
import { isZone } from '../../core/dates/zoned.js'
import type { CollectionName, RecordKind } from '../../core/model/kinds.js'
import type { TecVersion } from '../../core/resources/tec-versions.js'
import { KINDS, type KindInfo } from '../kinds.js'
import type { SiteClient } from '../site/site-client.js'
import { readRecord, type SiteRecord, walkList } from '../site/site-records.js'
import type { SyncSection } from '../sync-section.js'

/**
 * What a pull reads of the site, before the data file is touched: every list, the records the lists left out, and
 * the settings a first pull takes.
 */

/** Every record a pull read, by route, each once (the last copy read). */
export type PulledRecords = Record<CollectionName, Map<number, SiteRecord>>

/** How far a pull's reading has come in one list: for a progress bar. */
export interface PullProgress {
  route: CollectionName
  /** Pages read so far, and the site's `total_pages`. */
  page: number
  pages: number
  /** Records read so far, and the site's `total`. */
  records: number
  total: number
}

/** TEC's largest page (`tribe_rest_event_max_per_page` and its kin default to 50). */
const PER_PAGE = '50'

/** Every status a reader with credentials may be shown (docs/auth.md); trashed records are not mirrored. */
const STATUSES = 'publish,future,draft,pending,private'

/**
 * The query that lists every record of `route`: events from year 1 (TEC validates `start_date` with `strtotime`
 * and refuses what it reads as 0, so `1970-01-01` itself is refused) to 9999-01-01 (its end of day stays in year
 * 9999 in every zone, which calfile requires); terms with `hide_empty=false`, since TEC hides the terms no
 * published event carries.
 */
function listQuery({ route, isTerm }: KindInfo, authenticated: boolean): Record<string, string> {
  const status: Record<string, string> = authenticated ? { status: STATUSES } : {}
  if (route === 'events') return { per_page: PER_PAGE, start_date: '0001-01-01', end_date: '9999-01-01', ...status }
  if (isTerm) return { per_page: PER_PAGE, hide_empty: 'false' }
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
    KINDS.map(async (info) => {
      const { route } = info
      const records = pulled[route]
      let read = 0
      await walkList(site, route, listQuery(info, site.authenticated), (page) => {
        for (const record of page.records) records.set(Number(record.id), record as SiteRecord)
        read += page.records.length
        onProgress?.({ route, page: page.page, pages: page.pages, records: read, total: page.total })
      })
    }),
  )
  return pulled
}

/**
 * Every record the pull read, by kind: the lists' records, and the venues, organizers and terms the events embed
 * (a venue a reader may not list can still show in an event), the lists' copies first.
 */
export function incomingOf(pulled: PulledRecords): Map<RecordKind, Map<number, SiteRecord>> {
  const incoming = new Map(KINDS.map((info) => [info.kind, new Map(pulled[info.route])]))
  const add = (kind: RecordKind, record: unknown) => {
    const id = (record as { id?: unknown } | null)?.id
    const records = incoming.get(kind) as Map<number, SiteRecord>
    if (typeof id === 'number' && !records.has(id)) records.set(id, record as SiteRecord)
  }
  for (const event of pulled.events.values()) {
    if (event.venue && !Array.isArray(event.venue)) add('venue', event.venue)
    for (const organizer of (event.organizer as unknown[] | undefined) ?? []) add('organizer', organizer)
    for (const term of (event.categories as unknown[] | undefined) ?? []) add('category', term)
    for (const term of (event.tags as unknown[] | undefined) ?? []) add('tag', term)
  }
  return incoming
}

/**
 * Reads one by one the records `section` knows that the lists did not show, and adds to `pulled` those the site
 * still has: a pull removes only what the site says is gone. The lists leave out events hidden from listings
 * (docs/lists.md#event-list-dates), and a record can move from one page to another while the pages are read.
 * @throws SiteError / SyncError as `readRecord`.
 */
export async function addUnlisted(site: SiteClient, section: SyncSection, pulled: PulledRecords): Promise<void> {
  const incoming = incomingOf(pulled)
  const unlisted = KINDS.flatMap((info) =>
    Object.keys(section.records[info.route])
      .map(Number)
      .filter((id) => !incoming.get(info.kind)?.has(id))
      .map((id) => ({ info, id })),
  )
  // Eight reads at once; every read ends before the first failure is thrown, so that none goes on after the pull.
  const failures: unknown[] = []
  await pLimit(8).map(unlisted, ({ info, id }) =>
    readRecord(site, info.route, id).then(
      (record) => {
        if (record !== undefined) pulled[info.route].set(id, record)
      },
      (error: unknown) => void failures.push(error),
    ),
  )
  if (failures.length > 0) throw failures[0]
}

/** What a first pull takes from the site into `settings` (docs/data-file.md), beside its records. */
export interface SiteSettings {
  /** The zone WordPress names (`timezone_string` in its REST index); undefined when it names none. */
  timezone?: string
  /** The page size of the site's lists (WordPress's `posts_per_page`); undefined when no list said it. */
  per_page?: number
  /** The site's address (`site_url`), which the `url` of every record starts with. */
  site_url: string
  /** The TEC release the site answers as (`tecVersionOf`); undefined when it cannot tell. */
  tec_version?: TecVersion
}

/**
 * The TEC release a site's REST index shows (`namespaces` of `<home>/wp-json/`): `"6.17"` when it serves TEC's
 * newer `tec/v1` API (TEC 6.15 and later), `"6.10"` when it serves only `tribe/events/v1`; undefined otherwise.
 */
export function tecVersionOf(namespaces: unknown): TecVersion | undefined {
  if (!Array.isArray(namespaces)) return undefined
  if (namespaces.includes('tec/v1')) return '6.17'
  return namespaces.includes('tribe/events/v1') ? '6.10' : undefined
}

/**
 * The settings a mirror of `site` takes: its time zone, from WordPress's REST index (`<home>/wp-json/`,
 * `timezone_string`, empty when an offset was set by hand: TEC then writes zones such as `UTC+5`; a pull then takes
 * the zone the events' dates show), its page size, which TEC echoes as `per_page` in the `rest_url` of a list asked
 * without one, its address, and the TEC release it runs (`tecVersionOf`). What cannot be read (not WordPress, or closed to this reader) is left undefined.
 */
export async function siteSettings(site: SiteClient): Promise<SiteSettings> {
  const quiet = { accept: [400, 401, 403, 404] }
  const [index, list] = await Promise.all([
    site
      .request(`${site.site.home}/wp-json/`, { query: { _fields: 'timezone_string,namespaces' }, ...quiet })
      .catch(() => undefined),
    site.request('venues', { query: { page: '1' }, ...quiet }).catch(() => undefined),
  ])
  const read = index?.status === 200 ? (index.body as { timezone_string?: unknown; namespaces?: unknown } | null) : null
  const zone = read?.timezone_string
  const version = tecVersionOf(read?.namespaces)
  const restUrl = list?.status === 200 ? (list.body as { rest_url?: unknown } | null)?.rest_url : undefined
  const perPage = typeof restUrl === 'string' ? Number(new URL(restUrl).searchParams.get('per_page')) : Number.NaN
  return {
    ...(typeof zone === 'string' && zone !== '' && isZone(zone) ? { timezone: zone } : {}),
    ...(Number.isInteger(perPage) && perPage > 0 ? { per_page: perPage } : {}),
    site_url: site.site.home,
    ...(version ? { tec_version: version } : {}),
  }
}
