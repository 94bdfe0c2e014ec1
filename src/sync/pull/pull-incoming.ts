import pLimit from 'p-limit'
import { KINDS, type SyncKind } from '../kinds.js'
import type { SiteClient } from '../site/site-client.js'
import { readRecord, type SiteRecord } from '../site/site-records.js'
import type { SyncSection } from '../sync-section.js'
import type { PulledRecords } from './pull-fetch.js'

/**
 * Every record the pull read, by kind: the lists' records, and the venues, organizers and terms the events embed
 * (a venue a reader may not list can still show in an event), the lists' copies first.
 */
export function incomingOf(pulled: PulledRecords): Map<SyncKind, Map<number, SiteRecord>> {
  const incoming = new Map(KINDS.map((info) => [info.kind, new Map(pulled[info.route])]))
  const add = (kind: SyncKind, record: unknown) => {
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
 * (CONTRACT §4.1), and a record can move from one page to another while the pages are read.
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
